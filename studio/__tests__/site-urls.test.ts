/**
 * One URL rule for every place that makes a URL: every page document of content/ and of the
 * kitchen-sink fixture, imported, gets its address from the URL module (`@site/schemas/routing`), and
 * the same address from the studio's "View on site" (siteUrlFor), from the search records and, for
 * content/, from the built site (web/out, when a build is there); the module parses each address back
 * to the same route.
 */
import {existsSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {latestVersionOf, type LocaleTable} from '@site/schemas/model'
import {routingTableQuery, searchDocumentsQuery} from '@site/schemas/queries'
import {docTarget, parseRoute, routeSegments, routeUrl, toRoutingTable, type Route, type RoutingTable} from '@site/schemas/routing'
import {buildSearchRecords} from '@site/schemas/search'
import type {RoutingTableQueryResult, SearchDocumentsQueryResult} from '@site/schemas/types'
import {runImport} from '@site/importer/run-import'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'
import {afterAll, describe, expect, it} from 'vitest'
import {siteUrlFor, type SiteVersion} from '../site-url'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SITES = {
  'content/': path.join(ROOT, 'content'),
  'the kitchen-sink fixture': path.join(ROOT, 'importer/src/__tests__/__fixtures__/kitchen-sink'),
}

type Doc = Record<string, unknown> & {_id: string; _type: string}
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

interface Site {
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

async function importSite(contentDir: string): Promise<Site> {
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
function exportedFile(outDir: string, url: string): string | null {
  const segments = url
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment))
  for (const file of [path.join(outDir, ...segments, 'index.html'), path.join(outDir, ...segments) + '.html']) if (existsSync(file)) return file
  return null
}

describe.each(Object.entries(SITES))('every address of %s', (_name, contentDir) => {
  let site: Site
  const load = async () => (site ??= await importSite(contentDir))

  it('the URL module parses each page’s address back to its route', async () => {
    const {table, pages} = await load()
    expect(pages.length).toBeGreaterThan(10)
    const problems: string[] = []
    for (const {route} of pages) {
      const url = routeUrl(table, route)
      const parsed = parseRoute(table, routeSegments(table, route))
      // Whether a page is a folder index comes from the content, not from its address.
      const expected = route.kind === 'page' ? {...route, index: false} : route
      if (JSON.stringify(parsed) !== JSON.stringify(expected)) problems.push(`${url}: parsed as ${JSON.stringify(parsed)}`)
      for (const {code} of table.locales.locales) {
        const localized = {...route, locale: code}
        if (
          JSON.stringify(parseRoute(table, routeSegments(table, localized))) !== JSON.stringify(code === route.locale ? expected : {...expected, locale: code})
        )
          problems.push(`${routeUrl(table, localized)} does not parse back in ${code}`)
      }
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('the studio’s "View on site" gives each page the module’s address', async () => {
    const {table, pages, versions} = await load()
    const locales: LocaleTable = table.locales
    const problems: string[] = []
    for (const {document, route} of pages) {
      const fromStudio = siteUrlFor(document, 'https://example.org', locales, {versions, docsPath: table.docsPath, blogPath: table.blogPath})
      const fromModule = `https://example.org${routeUrl(table, route)}`
      if (fromStudio !== fromModule) problems.push(`${document._id}: studio ${fromStudio}, module ${fromModule}`)
    }
    expect(problems).toEqual([])
  }, 120_000)

  it('every search record of every locale leads to an address the module gives a page', async () => {
    const {table, documents, pages} = await load()
    const client = datasetClientStandIn(documents)
    const known = new Set<string>()
    for (const {code} of table.locales.locales)
      for (const {route} of pages) {
        const localized = {...route, locale: code}
        known.add(routeUrl(table, localized))
        if (route.kind === 'page') known.add(routeUrl(table, {...route, locale: code, index: true}))
      }
    const problems: string[] = []
    for (const {code} of table.locales.locales) {
      const prefix = routeUrl(table, {kind: 'home', locale: code}).replace(/\/$/, '')
      const content = await client.fetch<SearchDocumentsQueryResult>(searchDocumentsQuery, {locale: code, defaultLocale: table.locales.defaultLocale})
      const records = buildSearchRecords(content, {locale: code, urlPrefix: prefix, labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}})
      expect(records.length).toBeGreaterThan(0)
      for (const url of new Set(records.map((record) => record.url_without_anchor))) if (!known.has(url)) problems.push(`${code}: ${url}`)
    }
    expect(problems).toEqual([])
  }, 120_000)
})

describe('the built site', () => {
  const outDir = path.join(ROOT, 'web/out')
  const built = existsSync(path.join(outDir, 'index.html'))
  if (!built) console.log(`Skipped: no built site at ${outDir} (npm run build builds it); the module's addresses are checked against it after a build.`)
  it.skipIf(!built)(
    'has a page at the module’s address of every page document of content/, in every locale',
    async () => {
      const {table, pages} = await importSite(SITES['content/'])
      const missing: string[] = []
      for (const {code} of table.locales.locales)
        for (const {route} of pages) {
          const url = routeUrl(table, {...route, locale: code})
          if (!exportedFile(outDir, url)) missing.push(url)
        }
      expect(missing).toEqual([])
    },
    180_000,
  )
})
