/**
 * What a reader's browser downloads to show one page of the export: its HTML, and the scripts,
 * module preloads and stylesheets it references, gzipped, split into the framework's runtime and the
 * site's own code. The page script's modules that a page fetches only when idle or at the reader's
 * first use of them (code copy, the mobile menu, search...) are not part of it: they are listed
 * apart (onDemand), from the esbuild metafile's dynamic imports.
 * A chunk is the site's own when it is the site's page script (out/_site/, bundled by esbuild) or
 * when the modules it holds (from the esbuild metafile) include one of the site's (outside
 * node_modules); every other first-load chunk is Next/React runtime.
 */
import {readFile} from 'node:fs/promises'
import {join, relative, resolve, sep} from 'node:path'
import {gzipSync} from 'node:zlib'

export interface ChunkFigures {
  file: string
  gzip: number
  owner: 'framework' | 'site'
  /** Libraries that must stay out of the first load and were found in this chunk. */
  forbidden: string[]
}

export interface FirstLoadFigures {
  page: string
  htmlRaw: number
  htmlGzip: number
  /** The RSC payload inlined in the HTML (self.__next_f scripts), raw bytes. */
  inlinedPayloadRaw: number
  js: {framework: number; site: number}
  css: {framework: number; site: number}
  /** Scripts only legacy browsers load (nomodule polyfills): not counted above. */
  legacyOnly: number
  chunks: ChunkFigures[]
  /** The page script's modules this page does not load up front (fetched when idle or on first use), gzipped: not counted above. */
  onDemand: {js: number; chunks: ChunkFigures[]}
}

/**
 * What the issue keeps out of every first load, by module path. The search entry points
 * (web/src/client/search-entry, web/src/search/shortcuts) belong in it: they load the search UI on demand.
 */
export const FORBIDDEN_IN_FIRST_LOAD: ReadonlyArray<{name: string; pathPart: string}> = [
  {name: 'search UI', pathPart: 'web/src/search/search-modal'},
  {name: 'search UI', pathPart: 'web/src/search/search-page-ui'},
  {name: 'search UI', pathPart: 'web/src/search/search-results'},
  {name: 'search index client', pathPart: 'web/src/search/local-client'},
  {name: 'MiniSearch', pathPart: 'node_modules/minisearch'},
  {name: 'InstantSearch', pathPart: 'node_modules/react-instantsearch'},
  {name: 'Typesense', pathPart: 'node_modules/typesense'},
  {name: 'shiki highlighter', pathPart: 'node_modules/shiki'},
  {name: 'shiki highlighter', pathPart: 'node_modules/@shikijs'},
  {name: 'Portable Text renderer', pathPart: 'node_modules/@portabletext'},
  {name: 'Portable Text renderer', pathPart: 'web/src/portable-text/render'},
]

/**
 * Maps each file of the site's own bundle (out/_site/) to the modules in it, repository-relative,
 * from the esbuild metafile the web build leaves in web/.site-build/client-bundle.meta.json.
 */
export function clientBundleModules(metaText: string, root: string): Map<string, Set<string>> {
  const meta = JSON.parse(metaText) as {workingDir: string; outDir: string; outputs: Record<string, {inputs: Record<string, unknown>}>}
  const byChunk = new Map<string, Set<string>>()
  for (const [file, output] of Object.entries(meta.outputs)) {
    const chunk = relative(meta.outDir, resolve(meta.workingDir, file)).split(sep).join('/')
    byChunk.set(chunk, new Set(Object.keys(output.inputs).map((input) => relative(root, resolve(meta.workingDir, input)).split(sep).join('/'))))
  }
  return byChunk
}

/** The imports of each file of the site's own bundle, as files of the export (static ones and dynamic import() ones). */
export function clientBundleImports(metaText: string): Map<string, {static: string[]; dynamic: string[]}> {
  const meta = JSON.parse(metaText) as {
    workingDir: string
    outDir: string
    outputs: Record<string, {imports?: Array<{path: string; kind: string; external?: boolean}>}>
  }
  const chunk = (file: string) => relative(meta.outDir, resolve(meta.workingDir, file)).split(sep).join('/')
  const byChunk = new Map<string, {static: string[]; dynamic: string[]}>()
  for (const [file, output] of Object.entries(meta.outputs)) {
    const imports = (output.imports ?? []).filter((entry) => !entry.external)
    byChunk.set(chunk(file), {
      static: imports.filter((entry) => entry.kind === 'import-statement').map((entry) => chunk(entry.path)),
      dynamic: imports.filter((entry) => entry.kind === 'dynamic-import').map((entry) => chunk(entry.path)),
    })
  }
  return byChunk
}

export function isSiteModule(modulePath: string): boolean {
  return !modulePath.includes('node_modules/') && /\b(web\/src|web\/app)\//.test(modulePath)
}

/** Script, module preload and stylesheet references of a page: [src, legacy-only]. */
export function pageAssets(html: string): {scripts: Array<{src: string; legacy: boolean}>; styles: string[]} {
  const scripts = [
    ...[...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)>/g)].map((match) => ({
      src: match[2] ?? '',
      legacy: /\bnomodule\b/i.test(`${match[1]} ${match[3]}`),
    })),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => ({src: match[1] ?? '', legacy: false})),
  ]
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1] ?? '')
  return {scripts, styles}
}

export function inlinedPayloadBytes(html: string): number {
  return [...html.matchAll(/<script>self\.__next_f\.push[\s\S]*?<\/script>/g)].reduce((sum, match) => sum + Buffer.byteLength(match[0]), 0)
}

export async function measureFirstLoad(
  outDir: string,
  page: string,
  modulesByChunk: ReadonlyMap<string, ReadonlySet<string>>,
  importsByChunk: ReadonlyMap<string, {static: readonly string[]; dynamic: readonly string[]}> = new Map(),
): Promise<FirstLoadFigures> {
  // Pages are folders with an index.html (trailingSlash export), whatever the URL's own slash.
  const html = await readFile(join(outDir, page, 'index.html'), 'utf8')
  const {scripts, styles} = pageAssets(html)
  const figures: FirstLoadFigures = {
    page,
    htmlRaw: Buffer.byteLength(html),
    htmlGzip: gzipSync(html, {level: 6}).length,
    inlinedPayloadRaw: inlinedPayloadBytes(html),
    js: {framework: 0, site: 0},
    css: {framework: 0, site: 0},
    legacyOnly: 0,
    chunks: [],
    onDemand: {js: 0, chunks: []},
  }
  const seen = new Set<string>()
  const add = async (src: string, kind: 'js' | 'css', legacy: boolean) => {
    if (!src.startsWith('/') || seen.has(src)) return
    seen.add(src)
    const file = src.replace(/^\//, '').replace(/\?.*$/, '')
    const bytes = await readFile(join(outDir, file))
    const gzip = gzipSync(bytes, {level: 6}).length
    if (legacy) {
      figures.legacyOnly += gzip
      return
    }
    const modules = [...(modulesByChunk.get(file) ?? [])]
    // The stylesheet is the site's own; a script is when the manifest places site modules in it.
    const owner = kind === 'css' || file.startsWith('_site/') || modules.some(isSiteModule) ? 'site' : 'framework'
    const forbidden = [...new Set(FORBIDDEN_IN_FIRST_LOAD.filter((entry) => modules.some((path) => path.includes(entry.pathPart))).map((entry) => entry.name))]
    figures[kind][owner] += gzip
    figures.chunks.push({file, gzip, owner, forbidden})
  }
  for (const script of scripts) await add(script.src, 'js', script.legacy)
  for (const style of styles) await add(style, 'css', false)
  // What the page script imports later: its dynamic imports and what they import, less what the page already loaded.
  const upFront = new Set(figures.chunks.map((chunk) => chunk.file))
  const later = new Set<string>()
  const visit = (file: string) => {
    if (upFront.has(file) || later.has(file)) return
    later.add(file)
    for (const next of importsByChunk.get(file)?.static ?? []) visit(next)
    for (const next of importsByChunk.get(file)?.dynamic ?? []) visit(next)
  }
  for (const file of upFront) for (const next of importsByChunk.get(file)?.dynamic ?? []) visit(next)
  for (const file of later) {
    const gzip = gzipSync(await readFile(join(outDir, file)), {level: 6}).length
    const modules = [...(modulesByChunk.get(file) ?? [])]
    const forbidden = [...new Set(FORBIDDEN_IN_FIRST_LOAD.filter((entry) => modules.some((path) => path.includes(entry.pathPart))).map((entry) => entry.name))]
    figures.onDemand.js += gzip
    figures.onDemand.chunks.push({file, gzip, owner: 'site', forbidden})
  }
  return figures
}
