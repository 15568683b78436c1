// A blog at the site root (Docusaurus's blog-only mode, site settings blog.path "/"): the routes the
// export lists, as readers reach them. The fixture dataset with its blog moved to the root.
import type {RoutingTable} from '@site/schemas/routing'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {fixtureDatasetCopy, useLocalDataset} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let removeDataset: (() => Promise<void>) | undefined
let modules: {
  routes: typeof import('@site/schemas/routing')
  allRoutes: typeof import('../all-routes')
}
let table: RoutingTable

beforeAll(async () => {
  const copy = await fixtureDatasetCopy('blog-at-root', {
    change: (document) => (document._id === 'siteSettings' ? {...document, blog: {...(document.blog as object), path: '/'}} : document),
  })
  removeDataset = copy.remove
  useLocalDataset(copy.dir)
  const [routes, allRoutes, loader] = await Promise.all([import('@site/schemas/routing'), import('../all-routes'), import('../routing-table-loader')])
  modules = {routes, allRoutes}
  table = await loader.loadRoutingTable()
})

afterAll(async () => {
  await removeDataset?.()
})

describe('a blog at the site root', () => {
  it('lists its first page as the home page, its posts, archive and tags at the root, and keeps docs and pages where they were', async () => {
    const routes = await modules.allRoutes.listLocaleRoutes('en')
    expect(routes.some((route) => route.kind === 'home')).toBe(false)
    const urls = routes.map((route) => modules.routes.routeUrl(table, route))
    expect(urls).toEqual(expect.arrayContaining(['/', '/socket-io-4-8/', '/archive', '/tags/release', '/docs/v4/rooms/', '/get-started/', '/search']))
    expect(urls.filter((url) => url === '/')).toHaveLength(1)
    expect(urls.some((url) => url.startsWith('/blog/'))).toBe(false)
    expect(modules.routes.parseRoute(table, [])).toEqual({locale: 'en', kind: 'blogList', page: 1})
    expect(modules.routes.parseRoute(table, ['socket-io-4-8'])).toEqual({locale: 'en', kind: 'blogPost', slug: 'socket-io-4-8'})
    expect(modules.routes.parseRoute(table, ['get-started'])).toMatchObject({kind: 'page', path: 'get-started'})
  })
})
