/**
 * Runs after `next build`: each locale's not-found page, rendered at /<locale>/404/, becomes
 * out/<locale>/404.html (out/404.html for English), the file static hosts serve for unknown
 * paths; Next's own English-only fallback pages (_not-found/, 404/) are removed. Then the browser
 * code is bundled, every page becomes a static document with the site's page script, and what the
 * pages need from a Content-Security-Policy is written beside the bundle (page-policy.ts).
 */
import {access, readdir, rename, rm} from 'node:fs/promises'
import path from 'node:path'
import {NOT_FOUND_SEGMENT, routeSegments, type UrlTable} from '@site/schemas/routing'
import type {Locale} from '@site/schemas/model'
import {bundleClient} from './client-bundle'
import {writePagePolicy} from './page-policy'
import {makeStaticPages} from './static-pages'
import {exportDir} from './out-dir'
import {routeFilter, routeKey} from './route-filter'

export async function finalizeExport(outDir: string, table: UrlTable, locales: readonly Locale[]): Promise<string[]> {
  const written: string[] = []
  // Next's own English-only 404.html: the default locale's not-found page takes its place below, or,
  // in an incremental publish that did not render it, the one of the build being served does.
  await rm(path.join(outDir, '404.html'), {force: true})
  for (const locale of locales) {
    const segments = routeSegments(table, {kind: 'notFound', locale})
    const renderedDir = path.join(outDir, ...segments)
    const source = path.join(renderedDir, 'index.html')
    try {
      await access(source)
    } catch {
      throw new Error(`The not-found page of ${locale} was not exported (${source} is missing)`)
    }
    const target = path.join(outDir, ...segments.slice(0, -1), '404.html')
    await rename(source, target)
    await rm(renderedDir, {recursive: true, force: true})
    written.push(path.relative(outDir, target))
  }
  await rm(path.join(outDir, '_not-found'), {recursive: true, force: true})
  await rm(path.join(outDir, '404'), {recursive: true, force: true})
  const leftovers = (await readdir(outDir)).filter((name) => name === NOT_FOUND_SEGMENT)
  if (leftovers.length > 0) throw new Error(`Unexpected leftovers in ${outDir}: ${leftovers.join(', ')}`)
  return written
}

/**
 * The steps after `next build` over the export in `outDir`: the not-found pages (of the routes `only`
 * lists, when an incremental publish rendered some), the page script, static pages, the page policy
 * and the site's static files. Prints what it did. Needs the content source (server-only), which it
 * loads itself, so that the module tests import stays free of it.
 */
export async function finalizeRelease(outDir: string, only: ReadonlySet<string> | null): Promise<void> {
  const [{loadRoutingTable}, {writeStaticFiles}] = await Promise.all([import('../site/routing-table-loader'), import('./static-files')])
  const table = await loadRoutingTable()
  const locales = table.locales.locales
    .map((entry) => entry.code)
    .filter((locale) => !only || only.has(routeKey(routeSegments(table, {kind: 'notFound', locale}))))
  const written = await finalizeExport(outDir, table, locales)
  console.log(`Not-found pages: ${written.join(', ')}`)
  const bundle = await bundleClient(outDir)
  const report = await makeStaticPages(outDir, bundle)
  console.log(`Static pages: ${report.pages} pages with ${bundle.main}, ${report.removedFiles} runtime files removed; search island ${bundle.islandJs}`)
  const needs = await writePagePolicy(outDir)
  console.log(
    `Content-Security-Policy needs: ${needs.scriptHashes.length} inline script hashes, connect ${needs.connectSrc.join(' ') || '(site only)'}, images ${needs.imgSrc.join(' ') || '(site only)'}`,
  )
  // After the pages are made static and checked: the site's own static files are not pages of the app.
  const statics = await writeStaticFiles(outDir)
  console.log(`Static files: ${statics.written} (${(statics.bytes / 1024 / 1024).toFixed(1)} MB) at their paths`)
  const [{writeImageVariants}, {writeRedirectPages}] = await Promise.all([import('./image-variants'), import('./redirect-pages')])
  const variants = await writeImageVariants(outDir)
  console.log(`Responsive images: ${variants.made} widths made (${(variants.bytes / 1024).toFixed(0)} KB), ${variants.kept} kept`)
  // Last: a redirect never hides a page or a static file of the site.
  const redirects = await writeRedirectPages(outDir)
  console.log(
    `Redirects: ${redirects.written} pages at old addresses${redirects.skipped.length > 0 ? `; not written where a page of the site is: ${redirects.skipped.slice(0, 5).join(', ')}` : ''}`,
  )
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  // An incremental publish through next build (SITE_BUILD_ROUTES) finalizes the not-found pages it rendered only.
  // With a Sanity project, what the static pages need is read from one export of the dataset, as a publish reads it.
  import('@site/content-source/source')
    .then(({answerFromDatasetExport}) => answerFromDatasetExport())
    .then(() => finalizeRelease(exportDir(), routeFilter()))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
