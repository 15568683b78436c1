/**
 * Runs after `next build`: each locale's not-found page, rendered at /<locale>/404/, becomes
 * out/<locale>/404.html (out/404.html for English), the file static hosts serve for unknown
 * paths; Next's own English-only fallback pages (_not-found/, 404/) are removed. Then the browser
 * code is bundled, every page becomes a static document with the site's page script, and what the
 * pages need from a Content-Security-Policy is written beside the bundle (page-policy.ts).
 */
import {access, readdir, rename, rm} from 'node:fs/promises'
import path from 'node:path'
import {LOCALES} from '@site/schemas/model'
import {NOT_FOUND_SEGMENT, routeSegments} from '../routing/routes'
import {bundleClient} from './client-bundle'
import {writePagePolicy} from './page-policy'
import {makeStaticPages} from './static-pages'
import {exportDir} from './out-dir'

export async function finalizeExport(outDir: string): Promise<string[]> {
  const written: string[] = []
  for (const locale of LOCALES) {
    const segments = routeSegments({kind: 'notFound', locale})
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

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const outDir = exportDir()
  finalizeExport(outDir)
    .then(async (written) => {
      console.log(`Not-found pages: ${written.join(', ')}`)
      const bundle = await bundleClient(outDir)
      const report = await makeStaticPages(outDir, bundle.main)
      console.log(`Static pages: ${report.pages} pages with ${bundle.main}, ${report.removedFiles} runtime files removed; search island ${bundle.islandJs}`)
      const needs = await writePagePolicy(outDir)
      console.log(`Content-Security-Policy needs: ${needs.scriptHashes.length} inline script hashes, connect ${needs.connectSrc.join(' ') || '(site only)'}, images ${needs.imgSrc.join(' ') || '(site only)'}`)
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
