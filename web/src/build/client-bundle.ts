/**
 * Bundles the browser code of the site with esbuild into out/_site/: the page script (main.ts,
 * plain DOM code, in every page) and the search island (React and InstantSearch, loaded on demand).
 * Names carry a content hash, so hosts may cache them for ever.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {build, type Metafile} from 'esbuild'

export const CLIENT_DIR = '_site'
/** Which modules went into which output file, for the bench (web/.next is build-only, never deployed). */
export const CLIENT_META_FILE = '.next/client-bundle.meta.json'

export interface ClientBundle {
  /** URL of the page script, e.g. /_site/main-AB12CD34.js. */
  main: string
  islandJs: string
  islandCss: string
}

/** The public build-time variables the browser code reads; nothing else of the environment gets in. */
export function publicDefines(env: NodeJS.ProcessEnv): Record<string, string> {
  const defines: Record<string, string> = {'process.env.NODE_ENV': JSON.stringify('production')}
  for (const name of ['NEXT_PUBLIC_TYPESENSE_HOST', 'NEXT_PUBLIC_TYPESENSE_PORT', 'NEXT_PUBLIC_TYPESENSE_PROTOCOL', 'NEXT_PUBLIC_TYPESENSE_SEARCH_KEY', 'NEXT_PUBLIC_TYPESENSE_COLLECTION']) {
    defines[`process.env.${name}`] = JSON.stringify(env[name] ?? '')
  }
  return defines
}

function entryOutput(metafile: Metafile, entry: string, outDir: string): {js: string; css: string | null} {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint && path.resolve(output.entryPoint) === path.resolve(entry)) {
      const url = (name: string) => '/' + path.relative(outDir, path.resolve(name)).split(path.sep).join('/')
      return {js: url(file), css: output.cssBundle ? url(output.cssBundle) : null}
    }
  }
  throw new Error(`esbuild wrote no output for ${entry}`)
}

export async function bundleClient(outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ClientBundle> {
  const webDir = path.resolve(import.meta.dirname, '../..')
  const target = path.join(outDir, CLIENT_DIR)
  await mkdir(target, {recursive: true})
  const common = {
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    minify: true,
    jsx: 'automatic' as const,
    tsconfig: path.join(webDir, 'tsconfig.json'),
    outdir: target,
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning' as const,
    // The modules keep Next's 'use client' marks; they mean nothing to esbuild.
    logOverride: {'unsupported-directive': 'silent' as const},
    absWorkingDir: webDir,
    // The page script loads the island by its URL at run time.
    external: [`/${CLIENT_DIR}/*`],
  }
  const islandEntry = path.join(webDir, 'src/client/search-island.tsx')
  const island = await build({...common, entryPoints: [islandEntry], define: publicDefines(env), splitting: true})
  const islandFiles = entryOutput(island.metafile!, islandEntry, outDir)
  const mainEntry = path.join(webDir, 'src/client/main.ts')
  const main = await build({
    ...common,
    entryPoints: [mainEntry],
    define: {...publicDefines(env), __SEARCH_ISLAND_JS__: JSON.stringify(islandFiles.js), __SEARCH_ISLAND_CSS__: JSON.stringify(islandFiles.css ?? '')},
  })
  const outputs = {...island.metafile!.outputs, ...main.metafile!.outputs}
  await writeFile(path.join(webDir, CLIENT_META_FILE), JSON.stringify({workingDir: webDir, outDir, outputs}))
  return {main: entryOutput(main.metafile!, mainEntry, outDir).js, islandJs: islandFiles.js, islandCss: islandFiles.css ?? ''}
}
