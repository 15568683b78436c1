/**
 * The export's files for search engines and feed readers: sitemap.xml, robots.txt and, for each
 * locale, the blog's RSS 2.0 and Atom feeds (blog/rss.xml, blog/atom.xml under the locale prefix),
 * written by the `feed` library. The builders are pure; writeSeoFiles gathers the routes and posts from the content.
 */
import path from 'node:path'
import {Feed, type Item} from 'feed'
import type {Locale} from '@site/schemas/model'
import {feedPaths, routeUrl, type Route, type UrlTable} from '@site/schemas/routing'
import {exportDir} from './out-dir'
import {writeOrShare} from './files'

export interface FeedPost {
  title: string
  /** Path of the post on the site. */
  href: string
  /** YYYY-MM-DD or an ISO datetime. */
  date: string
  description: string
  authors: string[]
}

export interface FeedInfo {
  /** The routing table the blog's and the feeds' addresses are built with. */
  routing: UrlTable
  siteUrl: string
  locale: Locale
  htmlLang: string
  title: string
  description: string
  posts: readonly FeedPost[]
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => ({'<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;'})[char] ?? char)
}

/** An absolute URL of a site path (the site URL's own path, if any, is kept). */
export function absoluteUrl(siteUrl: string, sitePath: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${sitePath}`
}

function isoDate(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid post date "${value}"`)
  return date.toISOString()
}

/** The sitemap of the routes, but the search and not-found pages and the unlisted pages (by their site paths). */
export function sitemapXml(table: UrlTable, siteUrl: string, routes: readonly Route[], unlisted: ReadonlySet<string> = new Set()): string {
  const urls = routes
    .filter((route) => route.kind !== 'notFound' && route.kind !== 'search' && !unlisted.has(routeUrl(table, route)))
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, routeUrl(table, route)))}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`
}

const DUBLIN_CORE = 'http://purl.org/dc/elements/1.1/'

/** Text for an element the feed library writes as CDATA: it splits only the first `]]>` of a text, so two would end the section early. */
function cdataText(text: string, what: string): string {
  if (text.split(']]>').length > 2) throw new Error(`${what} contains "]]>" more than once, which the feed library cannot write: "${text}"`)
  return text
}

/** Text of an Atom element the feed library marks type="html": escaped, so that a feed reader shows it as the text it is. */
function atomHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;'})[char] ?? char)
}

/**
 * One locale's blog as a feed of the `feed` library, for its RSS 2.0 and Atom forms. The feed's date is
 * its newest post's (the Unix epoch without posts), so that a rebuild without a new post writes the same bytes.
 */
function blogFeed(feed: FeedInfo, format: 'rss' | 'atom'): Feed {
  const blog = absoluteUrl(feed.siteUrl, routeUrl(feed.routing, {kind: 'blogList', locale: feed.locale, page: 1}))
  const paths = feedPaths(feed.routing, feed.locale)
  const text = format === 'atom' ? atomHtml : (value: string) => value
  const result = new Feed({
    id: blog,
    title: feed.title,
    description: feed.description,
    link: blog,
    language: feed.htmlLang,
    updated: new Date(feed.posts[0] ? isoDate(feed.posts[0].date) : 0),
    feedLinks: {rss: absoluteUrl(feed.siteUrl, paths.rss), atom: absoluteUrl(feed.siteUrl, paths.atom)},
    generator: false,
  })
  for (const post of feed.posts) {
    const item: Item = {
      title: text(cdataText(post.title, `The title of ${post.href}`)),
      link: absoluteUrl(feed.siteUrl, post.href),
      date: new Date(isoDate(post.date)),
      ...(post.description ? {description: text(cdataText(post.description, `The description of ${post.href}`))} : {}),
    }
    if (format === 'atom') item.author = post.authors.map((name) => ({name}))
    // RSS's <author> is an e-mail address: names go in Dublin Core's <dc:creator> (the library's extensions give an
    // item one element per name, so one element lists them all), its namespace declared on the element.
    else if (post.authors.length > 0)
      item.extensions = [{name: 'dc:creator', objects: {_attributes: {'xmlns:dc': DUBLIN_CORE}, _text: post.authors.join(', ')}}]
    result.addItem(item)
  }
  return result
}

export function rssFeed(feed: FeedInfo): string {
  return `${blogFeed(feed, 'rss').rss2()}\n`
}

export function atomFeed(feed: FeedInfo): string {
  const xml = blogFeed(feed, 'atom').atom1()
  // The library gives the feed element no language: the Atom way to say it is xml:lang on the root.
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">'
  if (!xml.includes(root)) throw new Error(`The feed library's Atom output no longer starts with ${root}: update atomFeed in seo-files.ts`)
  return `${xml.replace(root, `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.htmlLang)}">`)}\n`
}

/** Writes sitemap.xml, robots.txt and every locale's feeds into the export; returns the files written. */
export async function writeSeoFiles(outDir: string, {since}: {since?: string} = {}): Promise<string[]> {
  const [{listAllRoutes}, {loadSiteContext, pickLabel}, {listedPosts, loadBlogPosts}, {loadRoutingTable}, {unlistedRouteUrls}] = await Promise.all([
    import('../site/all-routes'),
    import('../site/context'),
    import('../site/blog'),
    import('../site/routing-table-loader'),
    import('../site/unlisted'),
  ])
  const routing = await loadRoutingTable()
  const table = routing.locales
  const main = await loadSiteContext(table.defaultLocale)
  const siteUrl = main.settings.url
  if (!siteUrl || !URL.canParse(siteUrl)) throw new Error(`siteSettings.url must be an absolute URL for the sitemap and feeds, got "${siteUrl ?? ''}"`)
  const written: string[] = []
  const write = async (sitePath: string, text: string) => {
    const file = path.join(...sitePath.split('/').filter(Boolean))
    // Unchanged files (another locale's feeds, most often) stay the release's `since` was serving.
    await writeOrShare(outDir, file, text, since)
    written.push(file)
  }
  const unlisted = new Set((await Promise.all(table.locales.map((entry) => unlistedRouteUrls(entry.code)))).flatMap((urls) => [...urls]))
  await write('/sitemap.xml', sitemapXml(routing, siteUrl, await listAllRoutes(), unlisted))
  await write('/robots.txt', robotsTxt(siteUrl))
  for (const {code: locale} of table.locales) {
    const context = await loadSiteContext(locale)
    const all = await loadBlogPosts(locale)
    // No posts, no blog (blog: false): no feeds pointing at a blog page that does not exist.
    if (all.length === 0) continue
    // Unlisted posts are in no feed, as in no list.
    const posts = listedPosts(all)
    const feed: FeedInfo = {
      routing,
      siteUrl,
      locale,
      htmlLang: context.localeInfo.htmlLang,
      title: `${context.siteTitle} ${context.t('blog.title')}`,
      description: pickLabel(context.settings.blog?.description, context) || context.t('blog.description', {site: context.siteTitle}),
      posts: posts.map((post) => ({
        title: post.title,
        href: post.href,
        date: post.date,
        description: post.row.post.description ?? '',
        authors: (post.row.post.authors ?? []).flatMap((author) => (author.name ? [author.name] : [])),
      })),
    }
    const paths = feedPaths(context.routing, locale)
    await write(paths.rss, rssFeed(feed))
    await write(paths.atom, atomFeed(feed))
  }
  return written
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const outDir = exportDir()
  // With a Sanity project, the lists are read from one export of the dataset, as a publish reads them.
  import('@site/content-source/source')
    .then(({answerFromDatasetExport}) => answerFromDatasetExport())
    .then(() => writeSeoFiles(outDir))
    .then((written) => console.log(`Sitemap, robots.txt and feeds: ${written.length} files`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
