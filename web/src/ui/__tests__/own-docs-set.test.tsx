// A docs set of its own (a second Docusaurus docs instance, here community docs at /community/) as
// readers see it: its docs listed among the routes at their addresses, each page with its own
// sidebar and previous/next links, no version badge, banner or "latest version" link, and the
// navbar's version dropdown still listing only the site's versions. The fixture dataset plus a
// community set written beside it.
import type {ReactNode} from 'react'
import {renderToReadableStream, renderToStaticMarkup} from 'react-dom/server'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {fixtureDatasetCopy, useLocalDataset} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

const block = (key: string, text: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{_type: 'span', _key: `${key}s`, text, marks: []}],
})

const COMMUNITY = [
  {
    _id: 'docsVersion-community',
    _type: 'docsVersion',
    path: 'community',
    urlPath: '',
    docsPath: 'community',
    label: 'Community',
    name: 'current',
    isLast: false,
    order: 4,
    mainDoc: 'index',
    banner: 'none',
  },
  {
    _id: 'doc-community-en-support',
    _type: 'doc',
    version: 'community',
    language: 'en',
    slug: 'support',
    title: 'Getting help',
    body: [block('c1', 'Ask your question in the forum.')],
  },
  {
    _id: 'doc-community-en-contributing',
    _type: 'doc',
    version: 'community',
    language: 'en',
    slug: 'contributing',
    title: 'Contributing',
    body: [block('c2', 'Open an issue before a pull request.')],
  },
  {
    _id: 'sidebar-community-community',
    _type: 'sidebar',
    version: 'community',
    sidebarId: 'community',
    items: [
      {_type: 'sidebarDoc', _key: 's1', doc: {_type: 'reference', _ref: 'doc-community-en-support'}},
      {_type: 'sidebarDoc', _key: 's2', doc: {_type: 'reference', _ref: 'doc-community-en-contributing'}},
    ],
  },
]

/** The markup once every suspended part (the search button's props) has resolved. */
async function renderComplete(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node)
  await stream.allReady
  return new Response(stream).text()
}

let removeDataset: (() => Promise<void>) | undefined
let modules: {
  context: typeof import('../../site/context')
  docs: typeof import('../../site/docs')
  routes: typeof import('@site/schemas/routing')
  allRoutes: typeof import('../../site/all-routes')
  loader: typeof import('../../site/routing-table-loader')
  DocPage: typeof import('../doc-page').DocPage
  SiteShell: typeof import('../shell').SiteShell
}

beforeAll(async () => {
  const copy = await fixtureDatasetCopy('own-docs-set', {add: COMMUNITY})
  removeDataset = copy.remove
  useLocalDataset(copy.dir)
  const [context, docs, routes, allRoutes, loader, docPage, shell] = await Promise.all([
    import('../../site/context'),
    import('../../site/docs'),
    import('@site/schemas/routing'),
    import('../../site/all-routes'),
    import('../../site/routing-table-loader'),
    import('../doc-page'),
    import('../shell'),
  ])
  modules = {context, docs, routes, allRoutes, loader, DocPage: docPage.DocPage, SiteShell: shell.SiteShell}
  await loader.loadRoutingTable()
})

afterAll(async () => {
  await removeDataset?.()
})

describe('a docs set of its own (community docs)', () => {
  it('has its docs among the routes, at /community/…, and /community/… reads back as its docs', async () => {
    const table = await modules.loader.loadRoutingTable()
    const urls = (await modules.allRoutes.listLocaleRoutes('en')).map((route) => modules.routes.routeUrl(table, route))
    expect(urls).toEqual(expect.arrayContaining(['/community/support/', '/community/contributing/', '/docs/v4/rooms/', '/docs/v3/rooms/']))
    expect(modules.routes.parseRoute(table, ['community', 'support'])).toEqual({locale: 'en', kind: 'doc', version: 'community', slug: 'support'})
  })

  it('shows its own sidebar and previous/next links, and no version badge, banner or latest-version link', async () => {
    const context = await modules.context.loadSiteContext('en')
    expect(context.latest.path).toBe('v4')
    const data = await modules.docs.loadDocPage(context, 'community', 'support')
    if (!data) throw new Error('no community support doc')
    expect(data.latestHref).toBeNull()
    const html = renderToStaticMarkup(await modules.DocPage({context, data}))
    expect(html).toContain('href="/community/contributing/"')
    expect(html).toMatch(/docs-sidebar[\s\S]*Getting help[\s\S]*Contributing/)
    expect(html).not.toContain('version-badge')
    expect(html).not.toContain('version-banner')
    // The breadcrumbs' home: the set has no main doc, so the site's home.
    expect(html).toMatch(/<nav class="breadcrumbs"[^>]*><ol><li><a href="\/">/)
    // A doc of the site's docs keeps its badge.
    const rooms = await modules.docs.loadDocPage(context, 'v3', 'rooms')
    if (!rooms) throw new Error('no v3 rooms doc')
    expect(renderToStaticMarkup(await modules.DocPage({context, data: rooms}))).toContain('version-badge')
  })

  it("keeps the navbar on the site's versions: the dropdown lists 4.x, 3.x and 2.x, not Community", async () => {
    const context = await modules.context.loadSiteContext('en')
    const version = context.versions.find((candidate) => candidate.path === 'community')
    const html = await renderComplete(modules.SiteShell({context, currentUrl: '/community/support/', version, children: null}))
    const listed = [...html.matchAll(/data-version="([^"]+)"/g)].map((match) => match[1])
    expect(listed).toEqual(['v4', 'v3', 'v2'])
    expect(html).not.toContain('data-doc-version="community"')
  })

  it("shows a category's card with how many items it holds, in the reader's language, and a doc's card with its description", async () => {
    const cards = [
      {label: 'Repairs', href: '/community/support/', items: 3},
      {label: 'Knots', href: '/community/contributing/', description: 'Tying them well'},
      {label: 'Spares', href: '/community/support/', items: 1},
    ]
    for (const [locale, three, one] of [
      ['en', '3 items', '1 item'],
      ['fr', '3 éléments', '1 élément'],
    ] as const) {
      const context = await modules.context.loadSiteContext(locale)
      const data = await modules.docs.loadDocPage(context, 'community', 'support')
      if (!data) throw new Error('no community support doc')
      const html = renderToStaticMarkup(await modules.DocPage({context, data: {...data, doc: null, generated: {title: 'Guides', description: null}, cards}}))
      const descriptions = [...html.matchAll(/<p class="doc-card-description"[^>]*>([^<]*)<\/p>/g)].map((match) => match[1])
      expect(descriptions).toEqual([three, 'Tying them well', one])
    }
  })
})
