// The site touches Next and React only through their public modules: no file imports a module of theirs
// that their package.json does not publish (Next's `dist/` folder above all), and nothing replaces Node's
// module loader to reach into them. The adapter (web/src/build/next-adapter.ts) is the one point of contact.
import {readdirSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import path from 'node:path'
import {describe, expect, it} from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const SOURCE = /\.(?:[cm]?[jt]sx?)$/
const SKIPPED = new Set(['node_modules', 'dist', 'out', 'test-results', 'playwright-report'])
const FRAMEWORK = ['next', 'react', 'react-dom'] as const

/** Every source file of the repository's workspaces, tools and root, outside installed and built folders. */
function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) sourceFiles(file, found)
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(file)
  }
  return found
}

/**
 * A package's public subpaths ('' for the package itself): the keys of its `exports`, or, for a package
 * without them (Next), its top-level modules and folders as its `files` list them, but `dist`.
 */
function publicSubpaths(name: string): string[] {
  const manifest = JSON.parse(readFileSync(createRequire(path.join(ROOT, 'web/package.json')).resolve(`${name}/package.json`), 'utf8')) as {
    exports?: Record<string, unknown> | string
    files?: string[]
  }
  if (manifest.exports && typeof manifest.exports === 'object') return Object.keys(manifest.exports).map((key) => key.replace(/^\.\/?/, ''))
  const tops = (manifest.files ?? []).map((file) => file.split('/')[0]?.replace(/(\.d\.ts|\.js)$/, '') ?? '').filter((top) => top !== 'dist')
  return ['', ...new Set(tops)]
}

const PUBLIC = Object.fromEntries(FRAMEWORK.map((name) => [name, publicSubpaths(name)])) as Record<(typeof FRAMEWORK)[number], string[]>

function isPublic(name: (typeof FRAMEWORK)[number], subpath: string): boolean {
  return PUBLIC[name].some((entry) => {
    if (entry.includes('*'))
      return new RegExp(
        `^${entry
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
      ).test(subpath)
    // Without an exports map (Next) a public top-level module or folder covers what is below it (next/font/google).
    return entry === subpath || (name === 'next' && entry !== '' && subpath.startsWith(`${entry}/`))
  })
}

// A module named in an import, an export … from, a dynamic import, or any call with a string (require,
// createRequire's require, require.resolve): 'next', 'react' or 'react-dom', and its subpath.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\(\s*)(['"`])((?:next|react|react-dom)(?:\/[^'"`\s]*)?)\1/g
// Next's private folder spelled in parts (path.join('next', 'dist', …)).
const PARTS = /(['"`])next\1\s*,\s*(['"`])dist\2/
// Replacing Node's module loader (Module._load, _resolveFilename, _compile, Module.prototype.require).
const LOADER = /\._load\b|\._resolveFilename\s*=|\._compile\s*=|prototype\.require\s*=/

/** What a source text does that the boundary forbids, one line each. */
export function boundaryProblems(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2] ?? ''
    const [scope = ''] = specifier.split('/')
    const name = (specifier.startsWith('react-dom') ? 'react-dom' : scope) as (typeof FRAMEWORK)[number]
    const subpath = specifier.slice(name.length).replace(/^\//, '')
    if (!isPublic(name, subpath)) problems.push(`imports ${specifier}, which ${name}'s package.json does not publish`)
  }
  if (PARTS.test(text)) problems.push("names Next's dist folder in parts")
  if (LOADER.test(text)) problems.push("replaces Node's module loader")
  return problems
}

describe('the boundary with Next and React', () => {
  it('tells public modules from private ones, and a loader replacement', () => {
    expect(boundaryProblems(`import {notFound} from 'next/navigation'\nimport type {Metadata} from 'next'`)).toEqual([])
    expect(boundaryProblems(`const {renderToString} = require('react-dom/server')\nimport {jsx} from "react/jsx-runtime"`)).toEqual([])
    expect(boundaryProblems(`import {PHASE_PRODUCTION_BUILD} from 'next/constants'\nimport {Inter} from 'next/font/google'`)).toEqual([])
    expect(boundaryProblems(`const worker = requireFromWeb('next/dist/build/worker.js')`)).toEqual([
      "imports next/dist/build/worker.js, which next's package.json does not publish",
    ])
    expect(boundaryProblems(`export {x} from 'react-dom/cjs/react-dom-server.node.production.js'`)).toEqual([
      "imports react-dom/cjs/react-dom-server.node.production.js, which react-dom's package.json does not publish",
    ])
    expect(boundaryProblems(`await import('next/dist/export/worker')`)).toHaveLength(1)
    expect(boundaryProblems(`const file = path.join('next', 'dist', 'build', 'worker.js')`)).toEqual(["names Next's dist folder in parts"])
    expect(boundaryProblems(`const load = Module._load.bind(Module)`)).toEqual(["replaces Node's module loader"])
    // Other packages whose names start alike are not Next's or React's.
    expect(boundaryProblems(`import {defineConfig} from 'next-sanity/dist/x'\nimport x from 'react-instantsearch-core'`)).toEqual([])
  })

  it('holds in every source file of the repository', () => {
    const files = sourceFiles(ROOT).filter((file) => file !== import.meta.filename)
    expect(files.length).toBeGreaterThan(100)
    const problems = files.flatMap((file) => boundaryProblems(readFileSync(file, 'utf8')).map((problem) => `${path.relative(ROOT, file)} ${problem}`))
    expect(problems).toEqual([])
  })
})
