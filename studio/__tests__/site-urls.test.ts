/**
 * One URL rule for every place that makes a URL: every page document of content/ and of the
 * kitchen-sink fixture, imported, gets its address from the URL module (`@site/schemas/routing`), and
 * the same address from the studio's "View on site" (siteUrlFor) and from the search records; the module parses
 * each address back to the same route. The built site's pages at those addresses: site-urls-built.test.ts.
 */
import {type LocaleTable} from '@site/schemas/model'
import {searchDocumentsQuery} from '@site/schemas/queries'
import {parseRoute, routeSegments, routeUrl} from '@site/schemas/routing'
import {buildSearchRecords} from '@site/schemas/search'
import type {SearchDocumentsQueryResult} from '@site/schemas/types'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'
import {describe, expect, it} from 'vitest'
import {siteUrlFor} from '../site-url'
import {importSite, type Site, SITES} from './site-urls-fixture'

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
