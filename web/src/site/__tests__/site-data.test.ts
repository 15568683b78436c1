// The site's routes and page data over the fixture dataset: every route of every locale, fallbacks,
// blog pagination, sidebar order.
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {routeUrl, type Route} from '@site/schemas/routing'
import {FIXTURE_DATASET as FIXTURE} from '@site/content-source/fixture-dataset'

// The token module is server-only; the local dataset never reads it.
vi.mock('server-only', () => ({}))

let listAllRoutes: typeof import('../all-routes').listAllRoutes
let loadSiteContext: typeof import('../context').loadSiteContext
let loadDocPage: typeof import('../docs').loadDocPage

beforeAll(async () => {
  vi.stubEnv('DATASET_DIR', FIXTURE)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
  ;({listAllRoutes} = await import('../all-routes'))
  ;({loadSiteContext} = await import('../context'))
  ;({loadDocPage} = await import('../docs'))
})

describe('site routes over the fixture dataset', () => {
  it('lists every route of every locale, each once', async () => {
    const table = await (await import('../routing-table-loader')).loadRoutingTable()

    const urls = (await listAllRoutes()).map((route: Route) => routeUrl(table, route))
    expect(new Set(urls).size).toBe(urls.length)
    for (const prefix of ['', '/fr', '/pt-br', '/zh-CN']) {
      expect(urls).toEqual(
        expect.arrayContaining([
          `${prefix}/`,
          `${prefix}/docs/v4/`,
          `${prefix}/docs/v4/rooms/`,
          `${prefix}/docs/v3/`,
          `${prefix}/docs/v2/`,
          `${prefix}/docs/v4/changelog/`,
          `${prefix}/docs/v4/changelog/4.8.1`,
          `${prefix}/blog`,
          `${prefix}/blog/page/2`,
          `${prefix}/blog/archive`,
          `${prefix}/blog/socket-io-4-8/`,
          `${prefix}/get-started/`,
          `${prefix}/get-started/chat`,
          `${prefix}/how-to/use-with-react`,
          `${prefix}/search`,
          `${prefix}/__not-found/`,
        ]),
      )
    }
    // The main doc of a version is its home, never /docs/v4/index/; 3 posts at 2 a page make 2 list pages.
    expect(urls).not.toContain('/docs/v4/index/')
    expect(urls).not.toContain('/blog/page/3')
    expect(urls.filter((url) => url.startsWith('/fr/'))).toHaveLength(urls.filter((url) => !/^\/(fr|pt-br|zh-CN)\//.test(url)).length)
  })

  it('falls back to the English doc under a locale and keeps the locale’s sidebar labels', async () => {
    const context = await loadSiteContext('fr')
    const page = await loadDocPage(context, 'v4', 'server-api')
    expect(page?.doc?.language).toBe('en')
    expect(page?.href).toBe('/fr/docs/v4/server-api/')
    expect(page?.breadcrumbs).toEqual([{label: 'Serveur', href: null}])
    expect(page?.previous).toEqual({label: 'Salles', href: '/fr/docs/v4/rooms/'})
    expect(page?.next).toBeNull()
  })

  it('links an older doc to the latest version of the page', async () => {
    const context = await loadSiteContext('en')
    expect((await loadDocPage(context, 'v3', 'rooms'))?.latestHref).toBe('/docs/v4/rooms/')
    expect((await loadDocPage(context, 'v4', 'rooms'))?.latestHref).toBeNull()
    expect(await loadDocPage(context, 'v4', 'missing')).toBeNull()
  })
})
