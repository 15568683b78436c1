/**
 * The export's files for search engines and feed readers: sitemap.xml, robots.txt and, for each
 * locale, the blog's RSS 2.0 and Atom feeds (blog/rss.xml, blog/atom.xml under the locale prefix).
 * The XML builders are pure; writeSeoFiles gathers the routes and posts from the content.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {Locale} from '@site/schemas/model'
import {feedPaths, routeUrl, type Route} from '../routing/routes'
import {exportDir} from './out-dir'

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
export function sitemapXml(siteUrl: string, routes: readonly Route[], unlisted: ReadonlySet<string> = new Set()): string {
  const urls = routes
    .filter((route) => route.kind !== 'notFound' && route.kind !== 'search' && !unlisted.has(routeUrl(route)))
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, routeUrl(route)))}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`
}

export function rssFeed(feed: FeedInfo): string {
  const blog = absoluteUrl(feed.siteUrl, routeUrl({kind: 'blogList', locale: feed.locale, page: 1}))
  const items = feed.posts.map((post) => {
    const link = escapeXml(absoluteUrl(feed.siteUrl, post.href))
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid>${link}</guid>`,
      `      <pubDate>${new Date(isoDate(post.date)).toUTCString()}</pubDate>`,
      post.description ? `      <description>${escapeXml(post.description)}</description>` : '',
      ...post.authors.map((author) => `      <dc:creator>${escapeXml(author)}</dc:creator>`),
      '    </item>',
    ].filter(Boolean).join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(blog)}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(feed.siteUrl, feedPaths(feed.locale).rss))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.htmlLang)}</language>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

export function atomFeed(feed: FeedInfo): string {
  const blog = absoluteUrl(feed.siteUrl, routeUrl({kind: 'blogList', locale: feed.locale, page: 1}))
  const updated = feed.posts[0] ? isoDate(feed.posts[0].date) : new Date(0).toISOString()
  const entries = feed.posts.map((post) => {
    const link = escapeXml(absoluteUrl(feed.siteUrl, post.href))
    return [
      '  <entry>',
      `    <title>${escapeXml(post.title)}</title>`,
      `    <id>${link}</id>`,
      `    <link href="${link}"/>`,
      `    <updated>${isoDate(post.date)}</updated>`,
      post.description ? `    <summary>${escapeXml(post.description)}</summary>` : '',
      ...post.authors.map((author) => `    <author><name>${escapeXml(author)}</name></author>`),
      '  </entry>',
    ].filter(Boolean).join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.htmlLang)}">`,
    `  <id>${escapeXml(blog)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.description)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link href="${escapeXml(blog)}"/>`,
    `  <link rel="self" href="${escapeXml(absoluteUrl(feed.siteUrl, feedPaths(feed.locale).atom))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}

/** Writes sitemap.xml, robots.txt and every locale's feeds into the export; returns the files written. */
export async function writeSeoFiles(outDir: string): Promise<string[]> {
  const [{listAllRoutes}, {loadSiteContext, pickLabel}, {listedPosts, loadBlogPosts}, {loadLocaleTable}, {unlistedRouteUrls}] = await Promise.all([
    import('../site/all-routes'),
    import('../site/context'),
    import('../site/blog'),
    import('../site/routing-table-loader'),
    import('../site/unlisted'),
  ])
  const table = await loadLocaleTable()
  const main = await loadSiteContext(table.defaultLocale)
  const siteUrl = main.settings.url
  if (!siteUrl || !URL.canParse(siteUrl)) throw new Error(`siteSettings.url must be an absolute URL for the sitemap and feeds, got "${siteUrl ?? ''}"`)
  const written: string[] = []
  const write = async (sitePath: string, text: string) => {
    const file = path.join(outDir, ...sitePath.split('/').filter(Boolean))
    await mkdir(path.dirname(file), {recursive: true})
    await writeFile(file, text)
    written.push(path.relative(outDir, file))
  }
  const unlisted = new Set((await Promise.all(table.locales.map((entry) => unlistedRouteUrls(entry.code)))).flatMap((urls) => [...urls]))
  await write('/sitemap.xml', sitemapXml(siteUrl, await listAllRoutes(), unlisted))
  await write('/robots.txt', robotsTxt(siteUrl))
  for (const {code: locale} of table.locales) {
    const context = await loadSiteContext(locale)
    const all = await loadBlogPosts(locale)
    // No posts, no blog (blog: false): no feeds pointing at a blog page that does not exist.
    if (all.length === 0) continue
    // Unlisted posts are in no feed, as in no list.
    const posts = listedPosts(all)
    const feed: FeedInfo = {
      siteUrl,
      locale,
      htmlLang: context.localeInfo.htmlLang,
      title: `${context.siteTitle} ${context.t('blog.title')}`,
      description: pickLabel(context.settings.blog?.description, locale) || context.t('blog.description', {site: context.siteTitle}),
      posts: posts.map((post) => ({
        title: post.title,
        href: post.href,
        date: post.date,
        description: post.row.post.description ?? '',
        authors: (post.row.post.authors ?? []).flatMap((author) => (author.name ? [author.name] : [])),
      })),
    }
    const paths = feedPaths(locale)
    await write(paths.rss, rssFeed(feed))
    await write(paths.atom, atomFeed(feed))
  }
  return written
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const outDir = exportDir()
  writeSeoFiles(outDir)
    .then((written) => console.log(`Sitemap, robots.txt and feeds: ${written.length} files`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
