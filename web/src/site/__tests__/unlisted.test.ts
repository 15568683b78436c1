// Unlisted docs, posts and pages, a doc's own previous/next links and hidden titles, over a copy of the
// fixture dataset where some documents carry them: what each page shows, and what lists, the sitemap,
// the feeds and search leave out.
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {fixtureDatasetCopy, type FixtureDocument, useLocalDataset} from '@site/content-source/fixture-dataset'
import {routeUrl, type Route} from '@site/schemas/routing'
import type {SidebarItem} from '../docs'

vi.mock('server-only', () => ({}))

/** The dataset's copy; the SEO files test writes its output beside it. */
let dir = ''
let removeDataset: (() => Promise<void>) | undefined
let site: {
  listAllRoutes: typeof import('../all-routes').listAllRoutes
  loadSiteContext: typeof import('../context').loadSiteContext
  loadDocPage: typeof import('../docs').loadDocPage
  loadBlogPosts: typeof import('../blog').loadBlogPosts
  listedPosts: typeof import('../blog').listedPosts
  postNeighbours: typeof import('../blog').postNeighbours
  blogTags: typeof import('../blog-tags').blogTags
  loadBlogAuthors: typeof import('../blog-authors').loadBlogAuthors
  unlistedRouteUrls: typeof import('../unlisted').unlistedRouteUrls
  loadRoute: typeof import('../../ui/route-page').loadRoute
  routeMetadata: typeof import('../../ui/route-page').routeMetadata
  writeSeoFiles: typeof import('../../build/seo-files').writeSeoFiles
  localeSearchRecords: typeof import('../../build/search-index').localeSearchRecords
}

beforeAll(async () => {
  const fields: Record<string, FixtureDocument> = {
    // Unlisted in English; its French translation is listed (each locale's file decides, as in Docusaurus).
    'doc-v4-en-rooms': {unlisted: true},
    'doc-v4-en-index': {paginationNext: {_type: 'docPaginationLink', mode: 'none'}},
    'doc-v4-en-server-api': {
      hideTitle: true,
      paginationNext: {_type: 'docPaginationLink', mode: 'doc', doc: {_type: 'reference', _ref: 'doc-v4-en-index', _weak: true}},
    },
    'doc-v3-en-rooms': {paginationPrev: {_type: 'docPaginationLink', mode: 'doc', doc: {_type: 'reference', _ref: 'doc-v4-en-rooms', _weak: true}}},
    'blogPost-en-monthly-update-1': {unlisted: true, tags: ['release', 'community']},
    'page-en-how-to--use-with-react': {unlisted: true, hideTitle: true},
  }
  const copy = await fixtureDatasetCopy('web-unlisted', {change: (document) => ({...document, ...fields[String(document._id)]})})
  dir = copy.dir
  removeDataset = copy.remove
  useLocalDataset(copy.dir)
  const [allRoutes, context, docs, blog, tags, authors, unlisted, routePage, seo, search] = await Promise.all([
    import('../all-routes'),
    import('../context'),
    import('../docs'),
    import('../blog'),
    import('../blog-tags'),
    import('../blog-authors'),
    import('../unlisted'),
    import('../../ui/route-page'),
    import('../../build/seo-files'),
    import('../../build/search-index'),
  ])
  site = {
    listAllRoutes: allRoutes.listAllRoutes,
    loadSiteContext: context.loadSiteContext,
    loadDocPage: docs.loadDocPage,
    loadBlogPosts: blog.loadBlogPosts,
    listedPosts: blog.listedPosts,
    postNeighbours: blog.postNeighbours,
    blogTags: tags.blogTags,
    loadBlogAuthors: authors.loadBlogAuthors,
    unlistedRouteUrls: unlisted.unlistedRouteUrls,
    loadRoute: routePage.loadRoute,
    routeMetadata: routePage.routeMetadata,
    writeSeoFiles: seo.writeSeoFiles,
    localeSearchRecords: search.localeSearchRecords,
  }
})

afterAll(async () => {
  await removeDataset?.()
})

/** The doc links a sidebar shows, nested ones included. */
const docLinks = (items: readonly SidebarItem[]): string[] =>
  items.flatMap((item) => (item.type === 'doc' ? [item.href] : item.type === 'category' ? docLinks(item.items) : []))

describe('an unlisted doc', () => {
  it('is built and flagged, shown in its sidebar only while it is read, with no previous or next link', async () => {
    const context = await site.loadSiteContext('en')
    const rooms = await site.loadDocPage(context, 'v4', 'rooms')
    expect(rooms?.doc?.unlisted).toBe(true)
    expect(docLinks(rooms?.sidebar ?? [])).toContain('/docs/v4/rooms/')
    expect([rooms?.previous, rooms?.next]).toEqual([null, null])
    const api = await site.loadDocPage(context, 'v4', 'server-api')
    expect(docLinks(api?.sidebar ?? [])).not.toContain('/docs/v4/rooms/')
    // The sidebar order skips it: Server API follows the introduction.
    expect(api?.previous).toEqual({label: 'Introduction', href: '/docs/v4/'})
  })

  it('is listed in a locale whose translation is not unlisted', async () => {
    const api = await site.loadDocPage(await site.loadSiteContext('fr'), 'v4', 'server-api')
    expect(api?.previous).toEqual({label: 'Salles', href: '/fr/docs/v4/rooms/'})
    expect(docLinks(api?.sidebar ?? [])).toContain('/fr/docs/v4/rooms/')
  })

  it('asks search engines to leave it out, and is left out of the sitemap and the search records, in its locale only', async () => {
    const loaded = await site.loadRoute({kind: 'doc', locale: 'en', version: 'v4', slug: 'rooms'})
    expect(loaded && site.routeMetadata(loaded)).toMatchObject({title: 'Rooms | Socket.IO', unlisted: true})
    const listed = await site.loadRoute({kind: 'doc', locale: 'en', version: 'v4', slug: 'server-api'})
    expect(listed && site.routeMetadata(listed).unlisted).toBeUndefined()
    expect(await site.unlistedRouteUrls('en')).toContain('/docs/v4/rooms/')
    expect(await site.unlistedRouteUrls('fr')).not.toContain('/fr/docs/v4/rooms/')
    const urls = (await site.localeSearchRecords('en')).records.map((record) => record.url_without_anchor)
    expect(urls).toContain('/docs/v4/server-api/')
    expect(urls).not.toContain('/docs/v4/rooms/')
    expect((await site.localeSearchRecords('fr')).records.map((record) => record.url_without_anchor)).toContain('/fr/docs/v4/rooms/')
  })
})

describe("a doc's own previous and next links", () => {
  it('replace the sidebar order: a doc it names, or none', async () => {
    const context = await site.loadSiteContext('en')
    expect((await site.loadDocPage(context, 'v4', 'server-api'))?.next).toEqual({label: 'Introduction', href: '/docs/v4/'})
    expect((await site.loadDocPage(context, 'v4', 'index'))?.next).toBeNull()
  })

  it('show no link to an unlisted doc, as Docusaurus does', async () => {
    // v3's rooms names v4's rooms (an editor's choice in the studio), which is unlisted in English.
    const context = await site.loadSiteContext('en')
    expect((await site.loadDocPage(context, 'v3', 'rooms'))?.previous).toBeNull()
    expect((await site.loadDocPage(await site.loadSiteContext('fr'), 'v3', 'rooms'))?.previous).toEqual({label: 'Salles', href: '/fr/docs/v4/rooms/'})
  })

  it('carry the hidden title to the page data', async () => {
    const api = await site.loadDocPage(await site.loadSiteContext('en'), 'v4', 'server-api')
    expect(api?.doc).toMatchObject({title: 'Server API', hideTitle: true})
  })
})

describe('an unlisted post', () => {
  it('keeps its page, and is in no list, tag, author page or previous/next link', async () => {
    const posts = await site.loadBlogPosts('en')
    const hidden = posts.find((post) => post.slug === 'monthly-update-1')
    expect(hidden?.unlisted).toBe(true)
    expect(site.listedPosts(posts).map((post) => post.slug)).toEqual(['socket-io-4-8', 'socket-io-4-7'])
    const older = posts.find((post) => post.slug === 'socket-io-4-7')
    expect(older && site.postNeighbours(posts, older)).toEqual({newer: posts[0], older: null})
    expect(hidden && site.postNeighbours(posts, hidden)).toEqual({newer: null, older: null})
    const tags = site.blogTags(posts, null)
    expect(tags.map((tag) => [tag.permalink, tag.posts.map((post) => post.slug), tag.unlisted])).toEqual([
      // A tag only unlisted posts have is itself unlisted: its page shows them.
      ['community', ['monthly-update-1'], true],
      ['release', ['socket-io-4-8', 'socket-io-4-7'], false],
    ])
    const authors = await site.loadBlogAuthors('en', posts)
    expect(authors.find((author) => author.key === 'guest-writer')?.posts).toEqual([])
    const table = await (await import('../routing-table-loader')).loadRoutingTable()

    const urls = (await site.listAllRoutes()).map((route: Route) => routeUrl(table, route))
    expect(urls).toEqual(expect.arrayContaining(['/blog/monthly-update-1/', '/blog/tags/community', '/how-to/use-with-react']))
  })

  it('is left out of the sitemap and the feeds, with the unlisted tag and page', async () => {
    expect([...(await site.unlistedRouteUrls('en'))].sort()).toEqual([
      '/blog/monthly-update-1/',
      '/blog/tags/community',
      '/docs/v4/rooms/',
      '/how-to/use-with-react',
    ])
    const out = path.join(dir, 'out')
    await site.writeSeoFiles(out)
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain('<loc>https://socket.io/blog/socket-io-4-7/</loc>')
    expect(sitemap).toContain('<loc>https://socket.io/fr/docs/v4/rooms/</loc>')
    for (const hidden of [
      '/docs/v4/rooms/',
      '/blog/monthly-update-1/',
      '/fr/blog/monthly-update-1/',
      '/blog/tags/community',
      '/how-to/use-with-react',
      '/zh-CN/how-to/use-with-react',
    ]) {
      expect(sitemap).not.toContain(`<loc>https://socket.io${hidden}</loc>`)
    }
    for (const feed of ['blog/rss.xml', 'blog/atom.xml', 'fr/blog/rss.xml']) {
      const text = await readFile(path.join(out, ...feed.split('/')), 'utf8')
      expect(text, feed).toContain('socket-io-4-7')
      expect(text, feed).not.toContain('monthly-update-1')
    }
  })
})
