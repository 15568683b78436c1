// Authors and their posts, where an author's name leads, and the author routes over the fixture dataset.
import {beforeAll, describe, expect, it, vi} from 'vitest'
import type {BlogPostSummary} from '../blog'
import type {BlogAuthorRow} from '../blog-authors'
import {testRoutingTable} from './routing-fixture'
import {FIXTURE_DATASET as FIXTURE} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let authorsModule: typeof import('../blog-authors')
beforeAll(async () => {
  vi.stubEnv('DATASET_DIR', FIXTURE)
  vi.stubEnv('SANITY_PROJECT_ID', '')
  vi.stubEnv('SANITY_DATASET', '')
  authorsModule = await import('../blog-authors')
})

const post = (slug: string, authors: string[]) =>
  ({
    slug,
    date: '2024-01-01',
    title: slug,
    href: `/blog/${slug}/`,
    readingMinutes: 1,
    row: {post: {authors: authors.map((key) => ({key}))}},
  }) as unknown as BlogPostSummary
const row = (fields: Partial<BlogAuthorRow> & {key: string}) =>
  ({
    name: null,
    title: null,
    description: null,
    url: null,
    email: null,
    imageUrl: null,
    socials: null,
    listed: true,
    position: null,
    page: null,
    permalink: null,
    ...fields,
  }) as BlogAuthorRow

describe('blog authors', () => {
  it('gives each author the posts that name them, newest first as the posts come, and a page only with both the switch and an address', () => {
    const {blogAuthors, listedAuthors} = authorsModule
    const posts = [post('c', ['ana']), post('b', ['lucas', 'ana']), post('a', ['lucas'])]
    const authors = blogAuthors(
      [
        row({key: 'ana', name: 'Ana', page: true, permalink: 'ana'}),
        row({key: 'lucas', page: true}),
        row({key: 'guest', listed: false, page: false, permalink: 'guest'}),
      ],
      posts,
    )
    expect(authors.map((author) => [author.key, author.name, author.permalink, author.posts.map((entry) => entry.slug)])).toEqual([
      ['ana', 'Ana', 'ana', ['c', 'b']],
      // No name: the key; `page` without an address: no page.
      ['lucas', 'lucas', null, ['b', 'a']],
      ['guest', 'guest', null, []],
    ])
    expect(listedAuthors(authors).map((author) => author.key)).toEqual(['ana', 'lucas'])
  })

  it('links a name to the author’s page in the reader’s locale, else to their address, else to their email', () => {
    const table = testRoutingTable()
    const {authorHref} = authorsModule
    expect(authorHref({page: true, permalink: 'ana', url: 'https://example.org/ana'}, table, 'fr')).toBe('/fr/blog/authors/ana')
    expect(authorHref({page: false, permalink: 'ana', url: 'https://example.org/ana'}, table, 'fr')).toBe('https://example.org/ana')
    expect(authorHref({email: 'ana@example.org'}, table, 'en')).toBe('mailto:ana@example.org')
    expect(authorHref({}, table, 'en')).toBeUndefined()
  })
})

describe('author routes over the fixture dataset', () => {
  it('lists the authors page and each author page in every locale, paginated by the blog’s page size', async () => {
    const {listAllRoutes} = await import('../all-routes')
    const [{routeUrl}, {loadRoutingTable}] = await Promise.all([import('@site/schemas/routing'), import('../routing-table-loader')])
    const table = await loadRoutingTable()
    const urls = (await listAllRoutes()).map((route) => routeUrl(table, route))
    for (const prefix of ['', '/fr', '/pt-br', '/zh-CN']) {
      // darrachequesne wrote the 3 posts, 2 a page; Emma has a page and no posts; the guest has no page.
      expect(urls.filter((url) => url.startsWith(`${prefix}/blog/authors`))).toEqual([
        `${prefix}/blog/authors`,
        `${prefix}/blog/authors/darrachequesne`,
        `${prefix}/blog/authors/darrachequesne/page/2`,
        `${prefix}/blog/authors/team/emma`,
      ])
    }
  })

  it('reads the authors in the reader’s locale, in their order, with their posts', async () => {
    const {loadBlogAuthors} = authorsModule
    const {loadBlogPosts} = await import('../blog')
    const french = await loadBlogAuthors('fr', await loadBlogPosts('fr'))
    expect(french.map((author) => [author.key, author.row.title, author.posts.length, author.listed])).toEqual([
      ['darrachequesne', 'Mainteneur de Socket.IO', 3, true],
      ['guest-writer', 'Community contributor', 1, true],
      ['emma', null, 0, true],
      ['inline-guest', null, 1, false],
    ])
    expect(french[0]?.row.socials).toEqual([{platform: 'github', url: 'https://github.com/darrachequesne'}])
    expect(french[0]?.row.imageUrl).toMatch(/^\/_dataset\/images\//)
  })
})
