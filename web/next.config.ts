// Next.js configuration: a fully static export into out/, built from the content dataset.
import {availableParallelism} from 'node:os'
import type {NextConfig} from 'next'
import {PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD} from 'next/constants'
import {DATA_CACHE_HANDLER, prepareProductionBuild} from './src/build/next-adapter'

// tools/run.sh builds beside the site being served: SITE_OUT_DIR (relative to web/, checked by
// web/src/build/out-dir.ts in the steps after next build) names the export folder instead of out/.
const siteOutDir = process.env.SITE_OUT_DIR?.trim()
// web/: Next loads this file from the project folder it builds (its working folder).
const WEB_DIR = import.meta.dirname ?? process.cwd()

/**
 * Pages are rendered by this many worker processes. Next's default leaves one core to its main
 * process, which only waits while the workers render: on two cores, one worker would render alone.
 * SITE_BUILD_WORKERS overrides it (each worker holds the dataset, so memory grows with the count).
 */
function renderWorkers(): number {
  const configured = Number(process.env.SITE_BUILD_WORKERS)
  if (process.env.SITE_BUILD_WORKERS !== undefined && (!Number.isInteger(configured) || configured < 1)) {
    throw new Error(`SITE_BUILD_WORKERS must be a whole number of workers (1 or more), got "${process.env.SITE_BUILD_WORKERS}"`)
  }
  return process.env.SITE_BUILD_WORKERS !== undefined ? configured : availableParallelism()
}

/**
 * Pages each render worker renders at once (Next's default is 8). The rendering is CPU-bound (the
 * dataset is in memory), so more at once only adds the pages' buffers and garbage to the heap.
 */
const RENDER_CONCURRENCY = 2

/**
 * Source maps in the render workers: Next loads every server chunk's map (mappings and sources, about
 * 18 MB of heap per worker) to print a render error's stack in source terms. Off by default for the
 * build's memory; SITE_BUILD_SOURCE_MAPS=1 turns them on to debug a page that fails to render.
 */
const renderSourceMaps = process.env.SITE_BUILD_SOURCE_MAPS === '1'

// Type checking is a developer's check, not the build's: `npm run typecheck` and `npm test` run tsc over
// web/ (tools/run.sh). The build a site owner or the publish webhook runs only compiles and renders.

const nextConfig: NextConfig = {
  output: 'export',
  ...(siteOutDir ? {distDir: siteOutDir} : {}),
  trailingSlash: true,
  images: {unoptimized: true},
  transpilePackages: ['@site/schemas', '@site/content-source'],
  reactStrictMode: true,
  poweredByHeader: false,
  enablePrerenderSourceMaps: renderSourceMaps,
  // Turbopack compiles without its build cache on disk: started from an earlier build's cache, the compile step's
  // main process held 881 to 1,502 MB of content/'s build (643 MB without), for no CPU time saved.
  experimental: {cpus: renderWorkers(), staticGenerationMaxConcurrency: RENDER_CONCURRENCY, turbopackFileSystemCacheForBuild: false},
  typescript: {ignoreBuildErrors: true},
  // Next's data cache keeps nothing: no build or publish is answered with what an earlier one fetched
  // (src/build/data-cache-handler.mjs); the site keeps its query answers itself, per render process.
  cacheHandler: DATA_CACHE_HANDLER,
  cacheMaxMemorySize: 0,
  // Math and diagrams are typeset and drawn while pages render, by these packages as Node loads them
  // (mermaid's parser alone is thousands of modules): never bundled into the server's chunks, never sent to readers.
  serverExternalPackages: ['katex', 'mermaid', 'beautiful-mermaid', 'dompurify'],
}

/**
 * The development server also reads the *.dev.ts routes of app/ (the page script and the search
 * index, which the export gets from web/src/build/ after next build): development then behaves like
 * the export, and next build never sees those routes.
 */
/**
 * The preview server for editors (SITE_PREVIEW=1, `npm run preview`): the same app as a Next server in
 * .next-preview/, no export. Its routes are the *.preview.ts(x) files of app/ alone: a page rendered on
 * each request (drafts in draft mode) and the draft-mode routes, which next build never sees otherwise.
 */
function previewConfig(): NextConfig {
  const {output: _export, distDir: _outDir, experimental: _workers, cacheHandler: _handler, cacheMaxMemorySize: _memory, ...shared} = nextConfig
  // esbuild bundles the page script there (app/%5Fsite/dev/[file]/route.preview.ts) as the Node package it is.
  return {
    ...shared,
    distDir: '.next-preview',
    pageExtensions: ['preview.tsx', 'preview.ts'],
    serverExternalPackages: [...(shared.serverExternalPackages ?? []), 'esbuild'],
  }
}

export default function config(phase: string): NextConfig {
  if (process.env.SITE_PREVIEW === '1') return previewConfig()
  // The compile step's processes learn which step they serve; the generate step starts without an earlier
  // process's prerender manifest (src/build/next-adapter.ts says why). Next's workers inherit the environment.
  if (phase === PHASE_PRODUCTION_BUILD) prepareProductionBuild(process.argv, process.env, WEB_DIR)
  // esbuild (which bundles the page script there) runs as the Node package it is, not bundled into the route.
  return phase === PHASE_DEVELOPMENT_SERVER
    ? {...nextConfig, pageExtensions: ['tsx', 'ts', 'dev.ts'], serverExternalPackages: [...(nextConfig.serverExternalPackages ?? []), 'esbuild']}
    : nextConfig
}
