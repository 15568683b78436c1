// What goes into the page script: the core every page runs, the modules of behaviours only some pages
// have (client/features/), and nothing that only the server uses. The bench prints the sizes
// (npm run bench); this checks what each part is made of and keeps the core within what a page
// loaded before the split (5.1 KB gzipped), so that a growing core shows here, not in a bench nobody ran.
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {build} from 'esbuild'
import {describe, expect, it} from 'vitest'
import {FEATURES, type FeatureName} from '../../client/features/markers'
import {BASE_URL_BANNER_SCRIPT, PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT} from '../../components/inline-scripts'
import {SPECULATION_RULES} from '../../components/speculation-rules'
import {esbuildCommon, featureModule, publicDefines} from '../client-bundle'

const webDir = path.resolve(import.meta.dirname, '../../..')
const outdir = path.join(webDir, '.site-build/client-bundle-test')

interface Part {
  file: string
  code: string
  gzip: number
  modules: string[]
}

/** The page script split as the export bundles it (client-bundle.ts): every output file, by its path. */
const bundled = build({
  ...esbuildCommon(webDir),
  minify: true,
  write: false,
  metafile: true,
  splitting: true,
  chunkNames: 'page-[hash]',
  outdir,
  entryPoints: [path.join(webDir, 'src/client/main.ts')],
  external: ['/_site/*'],
  define: {
    ...publicDefines({NODE_ENV: 'production'}),
    __SEARCH_ISLAND_JS__: JSON.stringify('/_site/search-island.js'),
    __SEARCH_ISLAND_CSS__: JSON.stringify('/_site/search-island.css'),
    __SEARCH_ISLAND_CHUNKS__: JSON.stringify(['/_site/search-island.js']),
    __SEARCH_STEMMER_CHUNKS__: JSON.stringify({fr: '/_site/fr.js'}),
    __SEARCH_TYPESENSE__: 'false',
  },
}).then((result) => {
  const parts = new Map<string, Part>()
  for (const output of result.outputFiles) {
    const file = path.relative(webDir, output.path)
    const inputs = result.metafile.outputs[file]?.inputs ?? {}
    parts.set(file, {
      file,
      code: output.text,
      gzip: gzipSync(output.contents, {level: 6}).length,
      modules: Object.keys(inputs).map((input) => path.relative(webDir, path.resolve(webDir, input))),
    })
  }
  return {parts, metafile: result.metafile}
})

/** An output file and the files it imports statically, transitively: what the browser runs with it. */
async function withStaticImports(file: string): Promise<Part[]> {
  const {parts, metafile} = await bundled
  const seen: string[] = []
  const visit = (current: string) => {
    if (seen.includes(current)) return
    seen.push(current)
    for (const imported of metafile.outputs[current]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(file)
  return seen.map((name) => parts.get(name)).filter((part): part is Part => part !== undefined)
}

async function entryFile(module: string): Promise<string> {
  const {metafile} = await bundled
  const file = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint && path.resolve(webDir, output.entryPoint) === module)?.[0]
  if (!file) throw new Error(`no output for ${module}`)
  return file
}

const core = async () => withStaticImports(await entryFile(path.join(webDir, 'src/client/main.ts')))
const modulesOf = (parts: readonly Part[]) => parts.flatMap((part) => part.modules)
const gzipOf = (parts: readonly Part[]) => parts.reduce((sum, part) => sum + part.gzip, 0)

describe('the page script', () => {
  it('runs the behaviours of every page in its core, the speculation rules it adds among them', async () => {
    const parts = await core()
    for (const module of ['src/components/behaviours.ts', 'src/components/color-mode.ts', 'src/client/search-trigger.ts'])
      expect(modulesOf(parts)).toContain(module)
    expect(parts.map((part) => part.code).join('\n')).toContain(SPECULATION_RULES)
  }, 60_000)

  it('keeps the behaviours only some pages have, search and the crash page out of its core, each in a module of its own', async () => {
    const modules = modulesOf(await core())
    for (const module of [
      'src/components/tab-groups.ts',
      'src/components/copy-buttons.ts',
      'src/components/lazy-embeds.ts',
      'src/components/toc-highlight.ts',
      'src/components/mobile-menu.ts',
      'src/client/search-entry.ts',
      'src/components/crash-fallback.ts',
    ])
      expect(modules).not.toContain(module)
    const features: Array<[FeatureName, string]> = [
      ['tabs', 'src/components/tab-groups.ts'],
      ['copy', 'src/components/copy-buttons.ts'],
      ['embeds', 'src/components/lazy-embeds.ts'],
      ['toc', 'src/components/toc-highlight.ts'],
      ['menu', 'src/components/mobile-menu.ts'],
      ['search', 'src/client/search-entry.ts'],
    ]
    expect(features.map(([name]) => name).sort()).toEqual(
      Object.keys(FEATURES)
        .filter((name) => name !== 'searchPage')
        .sort(),
    )
    for (const [name, module] of features) expect(modulesOf(await withStaticImports(await entryFile(featureModule(webDir, name))))).toContain(module)
  }, 60_000)

  it('loads at most 5.1 KB gzipped before a page is usable (the core, with the TOC module on a docs page); a demo with its embeds module at most 5.8 KB', async () => {
    const withFeature = async (name: FeatureName) => {
      const parts = new Map((await core()).map((part) => [part.file, part]))
      for (const part of await withStaticImports(await entryFile(featureModule(webDir, name)))) parts.set(part.file, part)
      return gzipOf([...parts.values()])
    }
    expect(gzipOf(await core())).toBeLessThanOrEqual(4.6 * 1024)
    expect(await withFeature('toc')).toBeLessThanOrEqual(5.1 * 1024)
    // The embeds share the loading states with search: a demo page loads them too (5.6 KB when measured).
    expect(await withFeature('embeds')).toBeLessThanOrEqual(5.8 * 1024)
  }, 60_000)

  it('carries no schema definitions and none of the inline scripts the server writes, in any of its files', async () => {
    const {parts} = await bundled
    const modules = modulesOf([...parts.values()])
    // The search records it shares with the build reach the schemas package; its Sanity types must stay out.
    expect(modules.filter((module) => /schemas\/src\/(objects\/portable-text|validation|documents|singletons)\b/.test(module))).toEqual([])
    expect(modules.some((module) => module.includes('node_modules/@sanity/'))).toBe(false)
    const code = [...parts.values()].map((part) => part.code).join('\n')
    for (const script of [PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT, BASE_URL_BANNER_SCRIPT]) expect(code).not.toContain(script)
  }, 60_000)
})
