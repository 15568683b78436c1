// A blog at the site root (Docusaurus's blog-only mode, site settings blog.path "/"): the routes the
// export lists, as readers reach them. The fixture dataset with its blog moved to the root.
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

vi.mock('server-only', () => ({}))

const FIXTURE = path.join(import.meta.dirname, '../../content/__tests__/__fixtures__/dataset')

let dir = ''
let modules: {
  routes: typeof import('../../routing/routes')
  allRoutes: typeof import('../all-routes')
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'blog-at-root-'))
  await cp(FIXTURE, dir, {recursive: true})
  const lines = (await readFile(path.join(dir, 'data.ndjson'), 'utf8')).trimEnd().split('\n')
  const moved = lines.map((line) => {
    const document = JSON.parse(line) as {_id: string; blog?: Record<string, unknown>}
    return document._id === 'siteSettings' ? JSON.stringify({...document, blog: {...document.blog, path: '/'}}) : line
  })
  await writeFile(path.join(dir, 'data.ndjson'), `${moved.join('\n')}\n`)
  vi.stubEnv('DATASET_DIR', dir)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
  const [routes, allRoutes, loader] = await Promise.all([import('../../routing/routes'), import('../all-routes'), import('../routing-table-loader')])
  modules = {routes, allRoutes}
  await loader.loadRoutingTable()
})

afterAll(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
})

describe('a blog at the site root', () => {
  it('lists its first page as the home page, its posts, archive and tags at the root, and keeps docs and pages where they were', async () => {
    const routes = await modules.allRoutes.listLocaleRoutes('en')
    expect(routes.some((route) => route.kind === 'home')).toBe(false)
    const urls = routes.map((route) => modules.routes.routeUrl(route))
    expect(urls).toEqual(expect.arrayContaining(['/', '/socket-io-4-8/', '/archive', '/tags/release', '/docs/v4/rooms/', '/get-started/', '/search']))
    expect(urls.filter((url) => url === '/')).toHaveLength(1)
    expect(urls.some((url) => url.startsWith('/blog/'))).toBe(false)
    expect(modules.routes.parseRoute([])).toEqual({locale: 'en', kind: 'blogList', page: 1})
    expect(modules.routes.parseRoute(['socket-io-4-8'])).toEqual({locale: 'en', kind: 'blogPost', slug: 'socket-io-4-8'})
    expect(modules.routes.parseRoute(['get-started'])).toMatchObject({kind: 'page', path: 'get-started'})
  })
})
