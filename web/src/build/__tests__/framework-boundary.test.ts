// The site touches Next and React only through their public modules: no file imports a module of theirs
// that their package.json does not publish (Next's `dist/` folder above all), nothing replaces Node's
// module loader to reach into them, and nothing names a file inside Next's build folder (web/.next, whose
// layout is Next's own: the folder itself, as a whole, may be named). The adapter
// (web/src/build/next-adapter.ts) is the one point of contact.
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

// A path into Next's build folder (.next/…, not another folder whose name starts so, such as .next-preview;
// a tool's glob of the whole folder, .next/**, is the folder), or the folder joined with a name
// (path.join('.next', …), path.join(…, NEXT_BUILD_DIR, …)).
const INTO_BUILD_FOLDER = /(?<![\w-])\.next\/(?!\*\*)|(['"`])\.next\1\s*,|\bjoin\([^)]*\bNEXT_BUILD_DIR\s*,/
// The files Next writes into its build folder, by name.
const BUILD_FOLDER_FILE =
  /(?:prerender-manifest|routes-manifest|build-manifest|app-paths-manifest|app-path-routes-manifest|client-reference-manifest|server-reference-manifest|middleware-manifest|images-manifest|required-server-files|export-marker|fetch-cache)\b/

/**
 * What still names a file of Next's build folder, and why, until it can go: the generate step of a static
 * export `require`s the prerender manifest an earlier process left (the compile step's, or an earlier
 * publish's) before it writes its own, and its export then copies the pages that stale copy lists; Next
 * offers no option for it (next-adapter.ts removes that one file). Each entry must still be needed.
 */
const KNOWN: Record<string, string> = {
  'web/src/build/next-adapter.ts': "names a file inside Next's build folder",
  'web/src/build/__tests__/next-adapter.test.ts': "names a file inside Next's build folder",
}

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
  if (INTO_BUILD_FOLDER.test(text) || BUILD_FOLDER_FILE.test(text)) problems.push("names a file inside Next's build folder")
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

  it("tells Next's build folder as a whole from a file inside it", () => {
    const inside = ["names a file inside Next's build folder"]
    expect(
      boundaryProblems(`rmSync(path.join(webDir, '.next'), {recursive: true})\nconst NEXT_BUILD_DIR = '.next'\nexistsSync(path.join(dir, NEXT_BUILD_DIR))`),
    ).toEqual([])
    expect(boundaryProblems(`const preview = {distDir: '.next-preview'}\nignores: ['web/.next/**']`)).toEqual([])
    expect(boundaryProblems(`import {markCompiledApp, NEXT_BUILD_DIR, renderRoutes} from './next-adapter'`)).toEqual([])
    expect(boundaryProblems(`rm(path.join(webDir, '.next', 'cache'))`)).toEqual(inside)
    expect(boundaryProblems(`readFile(path.join(webDir, NEXT_BUILD_DIR, 'BUILD_ID'))`)).toEqual(inside)
    expect(boundaryProblems(`const meta = 'web/.next/client-bundle.meta.json'`)).toEqual(inside)
    expect(boundaryProblems(`const manifest = path.join(buildDir, 'prerender-manifest.json')`)).toEqual(inside)
    expect(boundaryProblems(`join(nextDir, 'server/app', route, 'page_client-reference-manifest.js')`)).toEqual(inside)
  })

  it('holds in every source file of the repository', () => {
    const files = sourceFiles(ROOT).filter((file) => file !== import.meta.filename)
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) => boundaryProblems(readFileSync(file, 'utf8')).map((problem) => ({file: path.relative(ROOT, file), problem})))
    expect(found.filter(({file, problem}) => KNOWN[file] !== problem).map(({file, problem}) => `${file} ${problem}`)).toEqual([])
    // A known exception that no longer holds is removed from KNOWN.
    expect(Object.keys(KNOWN).filter((file) => !found.some((entry) => entry.file === file))).toEqual([])
  })
})
