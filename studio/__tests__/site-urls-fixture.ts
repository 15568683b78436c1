/**
 * The sites of the URL module's tests (content/ and the kitchen-sink fixture), imported, with each page
 * document of the default locale and the route the module gives it.
 */
import {existsSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {latestVersionOf} from '@site/schemas/model'
import {routingTableQuery} from '@site/schemas/queries'
import {docTarget, toRoutingTable, type Route, type RoutingTable} from '@site/schemas/routing'
import type {RoutingTableQueryResult} from '@site/schemas/types'
import {runImport} from '@site/importer/run-import'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'
import {afterAll, expect} from 'vitest'
import type {SiteVersion} from '../site-url'

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const SITES = {
  'content/': path.join(ROOT, 'content'),
  'the kitchen-sink fixture': path.join(ROOT, 'importer/src/__tests__/__fixtures__/kitchen-sink'),
}

export type Doc = Record<string, unknown> & {_id: string; _type: string}
export const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

export interface Site {
  table: RoutingTable
  documents: Doc[]
  versions: SiteVersion[]
  /** Each page document of the default locale and the route the module gives it. */
  pages: Array<{document: Doc; route: Route}>
}

const temporary: string[] = []
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, {recursive: true, force: true})))
})

export async function importSite(contentDir: string): Promise<Site> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'site-urls-'))
  temporary.push(outDir)
  const result = await runImport({contentDir, outDir, write: false})
  expect(result.errors).toEqual([])
  const documents = result.documents as Doc[]
  const client = datasetClientStandIn(documents)
  const table = toRoutingTable(await client.fetch<RoutingTableQueryResult>(routingTableQuery))
  const versions = documents
    .filter((document) => document._type === 'docsVersion')
    .map((document) => ({
      path: document.path as string,
      urlPath: text(document.urlPath) ?? (typeof document.urlPath === 'string' ? '' : null),
      docsPath: text(document.docsPath),
      isLast: document.isLast === true,
      mainDoc: text(document.mainDoc),
    }))
  const locale = table.locales.defaultLocale
  const latest = latestVersionOf(versions)
  const pages: Site['pages'] = []
  for (const document of documents) {
    if (document.language !== locale) continue
    const version = versions.find((candidate) => candidate.path === document.version)
    if (document._type === 'doc' && version && text(document.slug)) pages.push({document, route: {locale, ...docTarget(version, document.slug as string)}})
    if (document._type === 'blogPost' && text(document.slug)) pages.push({document, route: {locale, kind: 'blogPost', slug: document.slug as string}})
    if (document._type === 'release' && latest && text(document.version))
      pages.push({document, route: {locale, kind: 'release', version: latest.path, release: document.version as string}})
    if (document._type === 'page' && text(document.path)) pages.push({document, route: {locale, kind: 'page', path: document.path as string, index: false}})
  }
  return {table, documents, versions, pages}
}

/** The file a site path is exported to: <path>/index.html, or <path>.html for an address without a trailing slash. */
export function exportedFile(outDir: string, url: string): string | null {
  const segments = url
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment))
  for (const file of [path.join(outDir, ...segments, 'index.html'), path.join(outDir, ...segments) + '.html']) if (existsSync(file)) return file
  return null
}
