/**
 * The page script in development (next dev): the same entry as the export's (src/client/main.ts)
 * and the search island, bundled by esbuild in memory and served by the development-only routes
 * under /_site/dev/ (web/app/%5Fsite/dev/). The export never contains these routes or files: its
 * page script is bundled by client-bundle.ts and put into the pages by static-pages.ts.
 */
import path from 'node:path'
import {context, type BuildContext} from 'esbuild'
import type {Locale} from '@site/schemas/model'
import {encodeSearchIndex, searchManifestUrl, searchShardUrl} from '../search/index-format'
import {loadRoutingTable} from '../site/routing-table-loader'
import {esbuildCommon, publicDefines} from './client-bundle'
import {DEV_SCRIPT_DIR, type DevFile} from '../components/dev-script-files'
import {localeSearchRecords} from './search-index'

interface DevBundles {
  main: BuildContext
  island: BuildContext
}

// Under next dev the module is bundled and has no import.meta.dirname; next dev runs in web/.
const webDir = import.meta.dirname ? path.resolve(import.meta.dirname, '../..') : process.cwd()

function createBundles(env: NodeJS.ProcessEnv): Promise<DevBundles> {
  // The page script loads the island by its URL at run time.
  const common = {
    ...esbuildCommon(webDir),
    write: false as const,
    sourcemap: 'inline' as const,
    outdir: path.join(webDir, '.site-build/dev-site'),
    external: [`${DEV_SCRIPT_DIR}/*`],
  }
  return Promise.all([
    context({
      ...common,
      // Runs main.ts once React has hydrated the page next dev serves (see dev-main.ts).
      entryPoints: {main: path.join(webDir, 'src/client/dev-main.ts')},
      define: {
        ...publicDefines(env),
        __SEARCH_ISLAND_JS__: JSON.stringify(`${DEV_SCRIPT_DIR}/island.js`),
        __SEARCH_ISLAND_CSS__: JSON.stringify(`${DEV_SCRIPT_DIR}/island.css`),
        __SEARCH_ISLAND_CHUNKS__: JSON.stringify([`${DEV_SCRIPT_DIR}/island.js`]),
        // The island holds every stemmer in development (no chunks to prefetch).
        __SEARCH_STEMMER_CHUNKS__: JSON.stringify({}),
        __SEARCH_TYPESENSE__: JSON.stringify(Boolean(env.NEXT_PUBLIC_TYPESENSE_HOST && env.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY)),
      },
    }),
    context({
      ...common,
      entryPoints: {island: path.join(webDir, 'src/client/search-island.tsx')},
      define: publicDefines(env),
      alias: {qs: path.join(webDir, 'src/search/instantsearch-no-routing.ts')},
    }),
  ]).then(([main, island]) => ({main, island}))
}

// Kept on globalThis: next dev reloads this module when it changes, the contexts would leak otherwise.
const holder = globalThis as typeof globalThis & {__siteDevBundles?: Promise<DevBundles>}

/** A file of the development page script, rebuilt from the current sources (esbuild's incremental rebuild). */
export async function devClientFile(file: DevFile, env: NodeJS.ProcessEnv = process.env): Promise<{body: string; contentType: string}> {
  holder.__siteDevBundles ??= createBundles(env)
  const bundles = await holder.__siteDevBundles
  const result = await (file === 'main.js' ? bundles.main : bundles.island).rebuild()
  const extension = path.extname(file)
  const output = (result.outputFiles ?? []).find((candidate) => path.extname(candidate.path) === extension)
  if (!output) throw new Error(`esbuild wrote no ${extension} file for ${file}`)
  return {body: output.text, contentType: extension === '.css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8'}
}

/** A locale's search index files as the export has them (web/src/build/search-index.ts), by file name under /_search/<locale>/, from the content the caller reads. */
async function localeIndexFiles(locale: Locale): Promise<Map<string, string>> {
  const {records, docs, synonyms} = await localeSearchRecords(locale)
  const {manifest, shards} = encodeSearchIndex(locale, records, docs, synonyms)
  const name = (url: string) => url.slice(url.lastIndexOf('/') + 1)
  return new Map([
    [name(searchManifestUrl(locale)), JSON.stringify(manifest)],
    ...shards.map((shard) => [name(searchShardUrl(locale, shard.shard)), JSON.stringify(shard)] as const),
  ])
}

/** Index files kept a few seconds per locale: a search opening fetches several files of one locale at once. */
interface KeptIndexes {
  ttlMs: number
  byLocale: Map<Locale, {at: number; files: Promise<Map<string, string>>}>
}

/** The published content's index, the same for every visitor. */
const published: KeptIndexes = {ttlMs: 10_000, byLocale: new Map()}
/**
 * The preview's index of drafts (draft mode only, never kept for anyone else): rebuilt when older than 3 s,
 * so that a search shows what the editor typed a moment ago.
 */
const drafts: KeptIndexes = {ttlMs: 3_000, byLocale: new Map()}

function indexFilesOf(locale: Locale, kept: KeptIndexes = published): Promise<Map<string, string>> {
  const cached = kept.byLocale.get(locale)
  if (cached && Date.now() - cached.at < kept.ttlMs) return cached.files
  const files = localeIndexFiles(locale)
  kept.byLocale.set(locale, {at: Date.now(), files})
  files.catch(() => kept.byLocale.delete(locale))
  return files
}

/** Every search index file of every locale, as route parameters. */
export async function devSearchIndexFiles(): Promise<Array<{locale: string; file: string}>> {
  const {locales} = (await loadRoutingTable()).locales
  const perLocale = await Promise.all(locales.map(async ({code}) => [...(await indexFilesOf(code)).keys()].map((file) => ({locale: code, file}))))
  return perLocale.flat()
}

async function indexFile(locale: string, file: string, kept: KeptIndexes): Promise<string | null> {
  const known = (await loadRoutingTable()).locales.locales.find((candidate) => candidate.code === locale)
  return known ? ((await indexFilesOf(known.code, kept)).get(file) ?? null) : null
}

/** One search index file's JSON; null when the locale or the file does not exist. */
export function devSearchIndexFile(locale: string, file: string): Promise<string | null> {
  return indexFile(locale, file, published)
}

/**
 * One file of the search index of a locale's drafts (the preview in draft mode, reading the drafts without
 * markers: preview-source.ts withoutMarkers); null when the locale or the file does not exist.
 */
export function draftSearchIndexFile(locale: string, file: string): Promise<string | null> {
  return indexFile(locale, file, drafts)
}

/** Stops esbuild's incremental builds (tests; next dev ends them with its process). */
export async function disposeDevClient(): Promise<void> {
  const bundles = holder.__siteDevBundles
  holder.__siteDevBundles = undefined
  if (!bundles) return
  const {main, island} = await bundles
  await Promise.all([main.dispose(), island.dispose()])
}
