// URL building and parsing for every locale and route kind, and localizing content links.
import type {Locale} from '@site/schemas/model'
import {describe, expect, it} from 'vitest'
import * as urls from '@site/schemas/routing'
import {toRoutingTable, type Route, type RouteTarget, type RoutingTable} from '@site/schemas/routing'
import {TEST_LOCALES as LOCALES, testRoutingTable} from '../../site/__tests__/routing-fixture'

// The table the cases below route with: each describe block sets the one its site has.
let table: RoutingTable = testRoutingTable()
const useTestRoutingTable = (overrides?: Parameters<typeof testRoutingTable>[0]) => {
  table = testRoutingTable(overrides)
}
const setRoutingTable = (next: RoutingTable) => {
  table = next
}
const routeUrl = (route: Route) => urls.routeUrl(table, route)
const routeSegments = (route: Route) => urls.routeSegments(table, route)
const parseRoute = (segments: readonly string[]) => urls.parseRoute(table, segments)
const feedPaths = (locale: string) => urls.feedPaths(table, locale)
const localizeHref = (href: string, locale: string) => urls.localizeHref(table.locales, href, locale)
const switchLocale = (path: string, target: string) => urls.switchLocale(table.locales, path, target)

const PREFIX: Record<Locale, string> = {en: '', fr: '/fr', 'pt-br': '/pt-br', 'zh-CN': '/zh-CN'}

const targets: Array<[RouteTarget, string]> = [
  [{kind: 'home'}, '/'],
  [{kind: 'docsHome', version: 'v4'}, '/docs/v4/'],
  [{kind: 'doc', version: 'v4', slug: 'rooms'}, '/docs/v4/rooms/'],
  [{kind: 'doc', version: 'v3', slug: 'adapters/redis'}, '/docs/v3/adapters/redis/'],
  [{kind: 'changelog', version: 'v4'}, '/docs/v4/changelog/'],
  [{kind: 'release', version: 'v4', release: '4.8.1'}, '/docs/v4/changelog/4.8.1'],
  [{kind: 'blogList', page: 1}, '/blog'],
  [{kind: 'blogList', page: 2}, '/blog/page/2'],
  [{kind: 'blogArchive'}, '/blog/archive'],
  [{kind: 'blogTags'}, '/blog/tags'],
  [{kind: 'blogTag', tag: 'release', page: 1}, '/blog/tags/release'],
  [{kind: 'blogTag', tag: 'engine-io', page: 3}, '/blog/tags/engine-io/page/3'],
  [{kind: 'blogAuthors'}, '/blog/authors'],
  [{kind: 'blogAuthor', author: 'darrachequesne', page: 1}, '/blog/authors/darrachequesne'],
  [{kind: 'blogAuthor', author: 'team/emma', page: 2}, '/blog/authors/team/emma/page/2'],
  [{kind: 'blogPost', slug: 'socket-io-4-8'}, '/blog/socket-io-4-8/'],
  [{kind: 'page', path: 'get-started', index: true}, '/get-started/'],
  [{kind: 'page', path: 'how-to/use-with-react', index: false}, '/how-to/use-with-react'],
  [{kind: 'search'}, '/search'],
]

describe('routeUrl and parseRoute', () => {
  for (const locale of LOCALES) {
    for (const [target, path] of targets) {
      const route = {...target, locale} as Route
      it(`${locale} ${target.kind} ↔ ${PREFIX[locale]}${path}`, () => {
        const url = routeUrl(route)
        expect(url).toBe(`${PREFIX[locale]}${path}`)
        const parsed = parseRoute(routeSegments(route))
        // Whether a page is an index page (trailing slash) comes from the content, not the URL.
        expect(parsed).toEqual(route.kind === 'page' ? {...route, index: false} : route)
      })
    }
  }

  it('treats the first matching pattern as the route (changelog before docs)', () => {
    expect(parseRoute(['docs', 'v4', 'changelog'])).toEqual({locale: 'en', kind: 'changelog', version: 'v4'})
    expect(parseRoute(['fr', 'docs', 'v4', 'changelog', '4.7.5'])).toEqual({locale: 'fr', kind: 'release', version: 'v4', release: '4.7.5'})
  })

  it('parses anything else as not found', () => {
    for (const segments of [
      ['docs'],
      ['docs', 'latest'],
      ['blog', 'page', '1'],
      ['blog', 'page', '02'],
      ['blog', 'page', 'x'],
      ['blog', 'archive', 'x'],
      ['search', 'x'],
      ['blog', 'tags', 'x', 'page', '1'],
      ['blog', 'authors', 'ana', 'page', '1'],
      ['blog', 'authors', 'ana', 'page', '01'],
      ['blog', 'tags', 'x', 'y'],
      ['Weird Path'],
      ['fr', '__not-found'],
      ['docs', 'v9', 'rooms'],
    ]) {
      expect(parseRoute(segments).kind, segments.join('/')).toBe('notFound')
    }
  })

  it('keeps addresses as Docusaurus writes them: capitals in slugs, a post under its date', () => {
    expect(parseRoute(['docs', 'v4', 'categories', 'Documentation'])).toEqual({locale: 'en', kind: 'doc', version: 'v4', slug: 'categories/Documentation'})
    expect(parseRoute(['blog', '2021', '03', '10', '4.0.0'])).toEqual({locale: 'en', kind: 'blogPost', slug: '2021/03/10/4.0.0'})
    expect(routeUrl({kind: 'blogPost', locale: 'fr', slug: '2021/03/10/4.0.0'})).toBe('/fr/blog/2021/03/10/4.0.0/')
  })

  it('treats /docs/<version>/changelog/ as a doc when the site has no release documents', () => {
    useTestRoutingTable({changelog: false})
    expect(parseRoute(['docs', 'v4', 'changelog'])).toEqual({locale: 'en', kind: 'doc', version: 'v4', slug: 'changelog'})
    expect(parseRoute(['docs', 'v4', 'changelog', '4.5.0'])).toEqual({locale: 'en', kind: 'doc', version: 'v4', slug: 'changelog/4.5.0'})
    useTestRoutingTable()
  })

  it('knows the locales of the site settings, whatever they are', () => {
    useTestRoutingTable({locales: ['en', 'es', 'fr']})
    expect(parseRoute(['es', 'blog'])).toEqual({locale: 'es', kind: 'blogList', page: 1})
    expect(parseRoute(['pt-br', 'blog'])).toEqual({locale: 'en', kind: 'page', path: 'pt-br/blog', index: false})
    expect(routeUrl({kind: 'docsHome', locale: 'es', version: 'v4'})).toBe('/es/docs/v4/')
    useTestRoutingTable()
  })

  it('only recognizes exact locale prefixes', () => {
    expect(parseRoute(['zh-cn', 'blog'])).toEqual({locale: 'en', kind: 'page', path: 'zh-cn/blog', index: false})
    expect(parseRoute(['pt-br'])).toEqual({locale: 'pt-br', kind: 'home'})
    expect(parseRoute(['en', 'blog'])).toEqual({locale: 'en', kind: 'page', path: 'en/blog', index: false})
  })

  it('builds the not-found page under each locale for the post-build move to 404.html', () => {
    expect(routeSegments({kind: 'notFound', locale: 'en'})).toEqual(['__not-found'])
    expect(routeSegments({kind: 'notFound', locale: 'zh-CN'})).toEqual(['zh-CN', '__not-found'])
  })

  it('refuses a blog page number below 1', () => {
    expect(() => routeUrl({kind: 'blogList', page: 0, locale: 'en'})).toThrow('positive integer')
  })
})

describe('localizeHref', () => {
  it('prefixes site paths for non-default locales and keeps query and hash', () => {
    expect(localizeHref('/docs/v4/rooms/#joining', 'fr')).toBe('/fr/docs/v4/rooms/#joining')
    expect(localizeHref('/blog?x=1', 'zh-CN')).toBe('/zh-CN/blog?x=1')
    expect(localizeHref('/', 'pt-br')).toBe('/pt-br/')
    expect(localizeHref('/docs/v4/rooms/', 'en')).toBe('/docs/v4/rooms/')
    // A page named by a version is a page, not a file: its last segment's dot and digits are no extension.
    expect(localizeHref('/blog/2024/04/26/whats-new-in-1.3.0', 'zh-CN')).toBe('/zh-CN/blog/2024/04/26/whats-new-in-1.3.0')
    expect(localizeHref('/downloads/reel-1.3.7z', 'zh-CN')).toBe('/downloads/reel-1.3.7z')
  })

  it('leaves external links, anchors, static files and prefixed paths alone', () => {
    for (const href of [
      'https://github.com/socketio',
      '//cdn.example/x.js',
      '#anchor',
      'mailto:a@b.c',
      '/images/a.png',
      '/embeds/chat.html',
      '/_dataset/images/x.png',
      '/fr/blog',
      'relative/path',
    ]) {
      expect(localizeHref(href, 'fr')).toBe(href)
    }
  })

  it('switches a path from one locale to another', () => {
    expect(switchLocale('/fr/docs/v4/rooms/', 'pt-br')).toBe('/pt-br/docs/v4/rooms/')
    expect(switchLocale('/fr/blog', 'en')).toBe('/blog')
    expect(switchLocale('/', 'zh-CN')).toBe('/zh-CN/')
    expect(switchLocale('/zh-CN/', 'en')).toBe('/')
  })
})

describe("docs versions at Docusaurus's addresses", () => {
  it('reads /docs/<segment>/ as that version and anything else under /docs/ as the version served there', () => {
    useTestRoutingTable({versions: [{path: 'current', urlPath: 'next'}, {path: '1.0', urlPath: ''}, {path: '0.9'}], changelog: false})
    expect(routeUrl({kind: 'doc', locale: 'fr', version: '1.0', slug: 'guides/rooms'})).toBe('/fr/docs/guides/rooms/')
    expect(routeUrl({kind: 'docsHome', locale: 'en', version: '1.0'})).toBe('/docs/')
    expect(routeUrl({kind: 'doc', locale: 'en', version: 'current', slug: 'intro'})).toBe('/docs/next/intro/')
    expect(parseRoute(['docs'])).toEqual({locale: 'en', kind: 'docsHome', version: '1.0'})
    expect(parseRoute(['docs', 'next'])).toEqual({locale: 'en', kind: 'docsHome', version: 'current'})
    expect(parseRoute(['fr', 'docs', 'next', 'learn', 'rooms'])).toEqual({locale: 'fr', kind: 'doc', version: 'current', slug: 'learn/rooms'})
    expect(parseRoute(['docs', 'guides', 'rooms'])).toEqual({locale: 'en', kind: 'doc', version: '1.0', slug: 'guides/rooms'})
    expect(parseRoute(['docs', '0.9', 'intro'])).toEqual({locale: 'en', kind: 'doc', version: '0.9', slug: 'intro'})
    // The site's own docs/changelog/ folder: docs, since the site has no release documents.
    expect(parseRoute(['docs', 'next', 'changelog', '2.0.0'])).toEqual({locale: 'en', kind: 'doc', version: 'current', slug: 'changelog/2.0.0'})
    useTestRoutingTable()
  })
})

describe('docs served at another routeBasePath', () => {
  it('builds and reads docs under a path of several segments, leaving the rest of the site alone', () => {
    useTestRoutingTable({
      docsPath: 'api/docs',
      versions: [
        {path: 'current', urlPath: ''},
        {path: '1.x', urlPath: 'legacy'},
      ],
      changelog: false,
    })
    const pairs: Array<[Route, string]> = [
      [{kind: 'docsHome', locale: 'en', version: 'current'}, '/api/docs/'],
      [{kind: 'doc', locale: 'fr', version: 'current', slug: 'guides/heartbeats'}, '/fr/api/docs/guides/heartbeats/'],
      [{kind: 'doc', locale: 'en', version: '1.x', slug: 'install'}, '/api/docs/legacy/install/'],
      [{kind: 'docsHome', locale: 'fr', version: '1.x'}, '/fr/api/docs/legacy/'],
    ]
    for (const [route, url] of pairs) {
      expect(routeUrl(route)).toBe(url)
      expect(parseRoute(url.split('/').filter(Boolean))).toEqual(route)
    }
    // With the docs under /api/docs/, /docs/ is an ordinary page path, and /api alone is no docs address.
    expect(parseRoute(['docs', 'intro'])).toEqual({locale: 'en', kind: 'page', path: 'docs/intro', index: false})
    expect(parseRoute(['api'])).toEqual({locale: 'en', kind: 'page', path: 'api', index: false})
    expect(parseRoute([])).toEqual({locale: 'en', kind: 'home'})
    useTestRoutingTable()
  })

  it('reads a page’s own path as the page under the docs’ path too, as Docusaurus matches a route whole', () => {
    useTestRoutingTable({docsPath: 'community', versions: [{path: 'current', urlPath: ''}], changelog: false, pagePaths: ['community/videos']})
    expect(parseRoute(['community', 'videos'])).toEqual({locale: 'en', kind: 'page', path: 'community/videos', index: false})
    expect(parseRoute(['fr', 'community', 'videos'])).toEqual({locale: 'fr', kind: 'page', path: 'community/videos', index: false})
    expect(parseRoute(['community', 'welcome'])).toEqual({locale: 'en', kind: 'doc', version: 'current', slug: 'welcome'})
    useTestRoutingTable()
  })

  it('serves docs at the site root (routeBasePath "/"): the root version’s main doc is the home, pages keep their paths', () => {
    useTestRoutingTable({
      locales: ['en', 'fa'],
      docsPath: '',
      versions: [
        {path: 'current', urlPath: ''},
        {path: '1.x', urlPath: 'legacy'},
      ],
      changelog: false,
      pagePaths: ['community/support', 'community'],
    })
    const pairs: Array<[Route, string]> = [
      [{kind: 'docsHome', locale: 'en', version: 'current'}, '/'],
      [{kind: 'docsHome', locale: 'fa', version: 'current'}, '/fa/'],
      [{kind: 'doc', locale: 'en', version: 'current', slug: 'install'}, '/install/'],
      [{kind: 'doc', locale: 'fa', version: 'current', slug: 'guides/heartbeats'}, '/fa/guides/heartbeats/'],
      [{kind: 'docsHome', locale: 'en', version: '1.x'}, '/legacy/'],
      [{kind: 'doc', locale: 'fa', version: '1.x', slug: 'install'}, '/fa/legacy/install/'],
      [{kind: 'page', locale: 'fa', path: 'community/support', index: false}, '/fa/community/support'],
      [{kind: 'blogList', locale: 'en', page: 1}, '/blog'],
      [{kind: 'search', locale: 'fa'}, '/fa/search'],
    ]
    for (const [route, url] of pairs) {
      expect(routeUrl(route)).toBe(url)
      expect(parseRoute(url.split('/').filter(Boolean))).toEqual(route)
    }
    // The home route and the docs home share the address: links to "home" lead to the main doc.
    expect(routeUrl({kind: 'home', locale: 'fa'})).toBe('/fa/')
    expect(parseRoute(['community'])).toEqual({locale: 'en', kind: 'page', path: 'community', index: false})
    expect(parseRoute(['fa', '__not-found'])).toEqual({locale: 'fa', kind: 'notFound'})
    useTestRoutingTable()
  })

  it("serves the blog under its own path (the blog's routeBasePath), /blog/ being an ordinary page path then", () => {
    useTestRoutingTable({blogPath: 'news'})
    const pairs: Array<[Route, string]> = [
      [{kind: 'blogList', locale: 'en', page: 1}, '/news'],
      [{kind: 'blogList', locale: 'fr', page: 2}, '/fr/news/page/2'],
      [{kind: 'blogArchive', locale: 'en'}, '/news/archive'],
      [{kind: 'blogTag', locale: 'en', tag: 'release', page: 1}, '/news/tags/release'],
      [{kind: 'blogAuthor', locale: 'fr', author: 'ana', page: 1}, '/fr/news/authors/ana'],
      [{kind: 'blogPost', locale: 'en', slug: '2025/01/01/launch'}, '/news/2025/01/01/launch/'],
    ]
    for (const [route, url] of pairs) {
      expect(routeUrl(route)).toBe(url)
      expect(parseRoute(url.split('/').filter(Boolean))).toEqual(route)
    }
    expect(parseRoute(['blog', 'hello'])).toEqual({locale: 'en', kind: 'page', path: 'blog/hello', index: false})
    expect(feedPaths('fr')).toEqual({rss: '/fr/news/rss.xml', atom: '/fr/news/atom.xml'})
    useTestRoutingTable({blogPath: 'company/blog'})
    expect(routeUrl({kind: 'blogPost', locale: 'en', slug: 'hello'})).toBe('/company/blog/hello/')
    expect(parseRoute(['company', 'blog', 'hello'])).toEqual({locale: 'en', kind: 'blogPost', slug: 'hello'})
    useTestRoutingTable()
  })

  it('serves a docs set of its own (community docs) under its path, beside docs at the site root or at /docs/', () => {
    for (const docsPath of ['', 'docs']) {
      useTestRoutingTable({
        locales: ['en', 'fa'],
        docsPath,
        versions: [
          {path: 'current', urlPath: ''},
          {path: 'community', urlPath: '', docsPath: 'community'},
          {path: 'community-1.0', urlPath: '1.0', docsPath: 'community'},
        ],
        changelog: true,
      })
      const pairs: Array<[Route, string]> = [
        [{kind: 'doc', locale: 'en', version: 'community', slug: 'support'}, '/community/support/'],
        [{kind: 'docsHome', locale: 'fa', version: 'community'}, '/fa/community/'],
        [{kind: 'doc', locale: 'en', version: 'community-1.0', slug: 'support'}, '/community/1.0/support/'],
        [{kind: 'doc', locale: 'en', version: 'current', slug: 'install'}, docsPath ? '/docs/install/' : '/install/'],
      ]
      for (const [route, url] of pairs) {
        expect(routeUrl(route)).toBe(url)
        expect(parseRoute(url.split('/').filter(Boolean))).toEqual(route)
      }
      // The changelog belongs to the site's docs: under the set's path it is a doc address.
      expect(parseRoute(['community', 'changelog'])).toEqual({locale: 'en', kind: 'doc', version: 'community', slug: 'changelog'})
    }
    useTestRoutingTable()
  })

  it('serves a blog at the site root (blog-only mode): its first list page is the home, pages and docs keep their addresses', () => {
    useTestRoutingTable({locales: ['en', 'fr'], blogPath: '', versions: ['v4'], pagePaths: ['about', 'get-started/chat']})
    const pairs: Array<[Route, string]> = [
      [{kind: 'blogList', locale: 'en', page: 1}, '/'],
      [{kind: 'blogList', locale: 'fr', page: 1}, '/fr/'],
      [{kind: 'blogList', locale: 'en', page: 2}, '/page/2'],
      [{kind: 'blogArchive', locale: 'fr'}, '/fr/archive'],
      [{kind: 'blogTags', locale: 'en'}, '/tags'],
      [{kind: 'blogTag', locale: 'en', tag: 'release', page: 1}, '/tags/release'],
      [{kind: 'blogAuthor', locale: 'en', author: 'ana', page: 1}, '/authors/ana'],
      [{kind: 'blogPost', locale: 'en', slug: '2024/05/01/hello'}, '/2024/05/01/hello/'],
      [{kind: 'blogPost', locale: 'fr', slug: 'welcome'}, '/fr/welcome/'],
      [{kind: 'page', locale: 'en', path: 'about', index: false}, '/about'],
      [{kind: 'doc', locale: 'en', version: 'v4', slug: 'rooms'}, '/docs/v4/rooms/'],
      [{kind: 'search', locale: 'fr'}, '/fr/search'],
    ]
    for (const [route, url] of pairs) {
      expect(routeUrl(route)).toBe(url)
      expect(parseRoute(url.split('/').filter(Boolean))).toEqual(route)
    }
    expect(feedPaths('fr')).toEqual({rss: '/fr/rss.xml', atom: '/fr/atom.xml'})
    useTestRoutingTable()
  })

  it('keeps the home page when no version is served at the site root', () => {
    useTestRoutingTable({
      docsPath: '',
      versions: [
        {path: '2.x', urlPath: '2.x'},
        {path: '1.x', urlPath: '1.x'},
      ],
      changelog: false,
    })
    expect(parseRoute([])).toEqual({locale: 'en', kind: 'home'})
    expect(parseRoute(['2.x', 'intro'])).toEqual({locale: 'en', kind: 'doc', version: '2.x', slug: 'intro'})
    expect(parseRoute(['about'])).toEqual({locale: 'en', kind: 'page', path: 'about', index: false})
    useTestRoutingTable()
  })

  it('keeps the home page when the version at the site root has no main doc (a site whose home is its own page, as pnpm.io)', () => {
    const version = (path: string, urlPath: string | null, hasMainDoc: boolean) => ({path, urlPath, docsPath: null, hasMainDoc})
    const settings = {
      defaultLocale: 'en',
      locales: [{code: 'en', label: 'English', direction: null, htmlLang: null, calendar: null, path: null}],
      docsPath: '/',
      blogPath: null,
    }
    const query = {settings, hasReleases: false, pagePaths: ['users'], docTagVersions: []}
    setRoutingTable(toRoutingTable({...query, versions: [version('11.x', '', false), version('10.x', '10.x', true)]}))
    expect(parseRoute([])).toEqual({locale: 'en', kind: 'home'})
    expect(parseRoute(['installation'])).toEqual({locale: 'en', kind: 'doc', version: '11.x', slug: 'installation'})
    expect(parseRoute(['10.x'])).toEqual({locale: 'en', kind: 'docsHome', version: '10.x'})
    expect(parseRoute(['users'])).toEqual({locale: 'en', kind: 'page', path: 'users', index: false})
    // The same site once a doc takes `slug: /`: that doc is the home.
    setRoutingTable(toRoutingTable({...query, versions: [version('11.x', '', true), version('10.x', '10.x', true)]}))
    expect(parseRoute([])).toEqual({locale: 'en', kind: 'docsHome', version: '11.x'})
    useTestRoutingTable()
  })
})
