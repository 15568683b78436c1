/**
 * Bundles the browser code of the site with esbuild into out/_site/: the page script (main.ts,
 * plain DOM code, in every page, split into the core every page runs and the modules of behaviours
 * that only some pages have: client/features/) and the search island (React and InstantSearch,
 * loaded on demand). Names carry a content hash, so hosts may cache them for ever.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {build, type Metafile} from 'esbuild'
import {STEMMER_BY_TAG} from '@site/schemas/search'
import {STEMMER_FILES} from '../search/stemmers'
import {FEATURES, type FeatureName} from '../client/features/markers'

import {CLIENT_DIR} from './export-files'

export {CLIENT_DIR}
/** Which modules went into which output file, for the bench: in web/.site-build (the site's build records, never deployed). */
export const CLIENT_META_FILE = '.site-build/client-bundle.meta.json'

export interface ClientBundle {
  /** URL of the page script, e.g. /_site/main-AB12CD34.js. */
  main: string
  /** The chunks the page script imports statically (itself excluded): every page has the browser fetch them beside it. */
  mainChunks: string[]
  /**
   * The files of each behaviour's module (client/features/) beyond mainChunks: a page whose markup
   * has a feature needed at load fetches these beside the page script (static-pages.ts).
   */
  featureChunks: Record<FeatureName, string[]>
  islandJs: string
  islandCss: string
  /** The island and the chunks it imports (the React runtime chunk among them): what a page prefetches when idle. */
  islandChunks: string[]
  /** The chunk of each language's stemmer, by language tag (fr). */
  stemmerChunks: Record<string, string>
}

/** The public build-time variables the browser code reads; nothing else of the environment gets in. */
export function publicDefines(env: NodeJS.ProcessEnv): Record<string, string> {
  const defines: Record<string, string> = {'process.env.NODE_ENV': JSON.stringify('production')}
  for (const name of [
    'NEXT_PUBLIC_TYPESENSE_HOST',
    'NEXT_PUBLIC_TYPESENSE_PORT',
    'NEXT_PUBLIC_TYPESENSE_PROTOCOL',
    'NEXT_PUBLIC_TYPESENSE_SEARCH_KEY',
    'NEXT_PUBLIC_TYPESENSE_COLLECTION',
  ]) {
    defines[`process.env.${name}`] = JSON.stringify(env[name] ?? '')
  }
  return defines
}

/** The files esbuild wrote for an entry; the metafile's paths are relative to its working folder (web/), whatever the process's. */
function entryOutput(metafile: Metafile, entry: string, outDir: string): {js: string; css: string | null} {
  const workingDir = path.resolve(import.meta.dirname, '../..')
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint && path.resolve(workingDir, output.entryPoint) === path.resolve(entry)) {
      const url = (name: string) => '/' + path.relative(outDir, path.resolve(workingDir, name)).split(path.sep).join('/')
      return {js: url(file), css: output.cssBundle ? url(output.cssBundle) : null}
    }
  }
  throw new Error(`esbuild wrote no output for ${entry}`)
}

/** An output file of the metafile as a site URL. */
function outputUrl(file: string, outDir: string, workingDir: string): string {
  return '/' + path.relative(outDir, path.resolve(workingDir, file)).split(path.sep).join('/')
}

/** A script and every chunk it imports statically, transitively: what the browser fetches to run it. */
function staticChunks(metafile: Metafile, entryUrl: string, outDir: string): string[] {
  const workingDir = path.resolve(import.meta.dirname, '../..')
  const byUrl = new Map(Object.entries(metafile.outputs).map(([file, output]) => [outputUrl(file, outDir, workingDir), output]))
  const seen: string[] = []
  const visit = (url: string) => {
    if (seen.includes(url)) return
    seen.push(url)
    for (const imported of byUrl.get(url)?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(outputUrl(imported.path, outDir, workingDir))
  }
  visit(entryUrl)
  return seen
}

/** The chunk of each language's Snowball stemmer (a dynamic import of @orama/stemmers/dist/<file>.js), by language tag. */
function stemmerOutputs(metafile: Metafile, outDir: string): Record<string, string> {
  const workingDir = path.resolve(import.meta.dirname, '../..')
  const chunks: Record<string, string> = {}
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const source = /@orama\/stemmers\/dist\/(\w+)\.js$/.exec(output.entryPoint ?? '')?.[1]
    const name = Object.entries(STEMMER_FILES).find(([, stem]) => stem === source)?.[0]
    for (const [tag, stemmer] of Object.entries(STEMMER_BY_TAG)) if (name && stemmer === name) chunks[tag] = outputUrl(file, outDir, workingDir)
  }
  return chunks
}

/** The esbuild settings of the browser code, shared with the development server's bundle (dev-client.ts). */
export function esbuildCommon(webDir: string) {
  return {
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    jsx: 'automatic' as const,
    tsconfig: path.join(webDir, 'tsconfig.json'),
    logLevel: 'warning' as const,
    // The modules keep Next's 'use client' marks; they mean nothing to esbuild.
    logOverride: {'unsupported-directive': 'silent' as const},
    absWorkingDir: webDir,
  }
}

export async function bundleClient(outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ClientBundle> {
  const webDir = path.resolve(import.meta.dirname, '../..')
  const target = path.join(outDir, CLIENT_DIR)
  await mkdir(target, {recursive: true})
  const common = {
    ...esbuildCommon(webDir),
    minify: true,
    outdir: target,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    // The page script loads the island by its URL at run time.
    external: [`/${CLIENT_DIR}/*`],
  }
  const islandEntry = path.join(webDir, 'src/client/search-island.tsx')
  // A second entry naming React only: React's code then lands in a chunk shared with the island (react-runtime.ts).
  const reactEntry = path.join(webDir, 'src/client/react-runtime.ts')
  const island = await build({
    ...common,
    entryPoints: [islandEntry, reactEntry],
    define: publicDefines(env),
    splitting: true,
    // InstantSearch's URL routing (the only user of qs) is never turned on: see the stand-in's comment.
    alias: {qs: path.join(webDir, 'src/search/instantsearch-no-routing.ts')},
  })
  const islandFiles = entryOutput(island.metafile!, islandEntry, outDir)
  const islandChunks = staticChunks(island.metafile!, islandFiles.js, outDir)
  const stemmerChunks = stemmerOutputs(island.metafile!, outDir)
  const mainEntry = path.join(webDir, 'src/client/main.ts')
  const main = await build({
    ...common,
    entryPoints: [mainEntry],
    // The behaviours only some pages have are modules of their own, imported when the page has them (main.ts).
    splitting: true,
    // Not chunk-…: that is the search island's prefix, which tests and the bench tell apart.
    chunkNames: 'page-[hash]',
    define: {
      ...publicDefines(env),
      __SEARCH_ISLAND_JS__: JSON.stringify(islandFiles.js),
      __SEARCH_ISLAND_CSS__: JSON.stringify(islandFiles.css ?? ''),
      __SEARCH_ISLAND_CHUNKS__: JSON.stringify(islandChunks),
      __SEARCH_STEMMER_CHUNKS__: JSON.stringify(stemmerChunks),
      // Whether search goes to Typesense (then no index shard is prefetched): a yes or no, so that
      // the search-only key stays in the island and out of every page's script.
      __SEARCH_TYPESENSE__: JSON.stringify(Boolean(env.NEXT_PUBLIC_TYPESENSE_HOST && env.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY)),
    },
  })
  const outputs = {...island.metafile!.outputs, ...main.metafile!.outputs}
  await mkdir(path.dirname(path.join(webDir, CLIENT_META_FILE)), {recursive: true})
  await writeFile(path.join(webDir, CLIENT_META_FILE), JSON.stringify({workingDir: webDir, outDir, outputs}))
  const mainUrl = entryOutput(main.metafile!, mainEntry, outDir).js
  const mainChunks = staticChunks(main.metafile!, mainUrl, outDir).filter((url) => url !== mainUrl)
  return {
    main: mainUrl,
    mainChunks,
    featureChunks: featureOutputs(main.metafile!, outDir, [mainUrl, ...mainChunks]),
    islandJs: islandFiles.js,
    islandCss: islandFiles.css ?? '',
    islandChunks,
    stemmerChunks,
  }
}

/** The module file of each feature (the search page's is search's): client/features/<name>.ts. */
export function featureModule(webDir: string, name: FeatureName): string {
  return path.join(webDir, 'src/client/features', `${name === 'searchPage' ? 'search' : name}.ts`)
}

/** Each feature's module and the chunks it imports statically, without those the page script already has. */
function featureOutputs(metafile: Metafile, outDir: string, loaded: readonly string[]): Record<FeatureName, string[]> {
  const webDir = path.resolve(import.meta.dirname, '../..')
  const chunks = {} as Record<FeatureName, string[]>
  for (const name of Object.keys(FEATURES) as FeatureName[]) {
    const entry = featureModule(webDir, name)
    const file = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint && path.resolve(webDir, output.entryPoint) === entry)?.[0]
    if (!file) throw new Error(`esbuild wrote no module for the page script's feature ${name} (${path.relative(webDir, entry)})`)
    chunks[name] = staticChunks(metafile, outputUrl(file, outDir, webDir), outDir).filter((url) => !loaded.includes(url))
  }
  return chunks
}
