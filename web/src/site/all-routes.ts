/**
 * Every route of the site in every locale: what generateStaticParams lists. Translated content
 * falls back to the default locale, so each locale has the routes of the default one.
 */
import type {Locale} from '@site/schemas/model'
import {homeIsBlog, homeIsDocs, type Route} from '@site/schemas/routing'
import {blogPageCount, type BlogPostSummary, listedPosts, loadBlogPosts, postsPerPage} from './blog'
import {type BlogAuthor, listedAuthors, loadBlogAuthors} from './blog-authors'
import {type BlogTagDefinition, blogTags} from './blog-tags'
import {loadSiteContext} from './context'
import {docRoute} from './docs'
import {loadDocsTags} from './docs-tags'
import {loadRoutingTable} from './routing-table-loader'
import {loadPageEntries, loadReleases} from './pages'

export async function listLocaleRoutes(locale: Locale): Promise<Route[]> {
  const table = await loadRoutingTable()
  const context = await loadSiteContext(locale)
  const [posts, pages, releases] = await Promise.all([loadBlogPosts(locale), loadPageEntries(locale), loadReleases(locale)])
  // With docs at the site root, the root version's main doc is the home: its docs route is listed
  // below; with the blog there, its first list page is (when it has posts).
  const routes: Route[] = homeIsDocs(table) || (homeIsBlog(table) && posts.length > 0) ? [] : [{kind: 'home', locale}]
  for (const version of context.versions) {
    for (const slug of [...(context.docSlugs.get(version.path) ?? [])].sort()) routes.push(docRoute(locale, version, slug))
    // The version's tag pages, as Docusaurus makes them when its docs have tags.
    const tags = await loadDocsTags(context, version)
    if (tags.length > 0)
      routes.push(
        {kind: 'docsTags', locale, version: version.path},
        ...tags.map((tag) => ({kind: 'docsTag' as const, locale, version: version.path, tag: tag.permalink})),
      )
  }
  if (releases.length > 0) {
    routes.push({kind: 'changelog', locale, version: context.latest.path})
    for (const release of releases) if (release.version) routes.push({kind: 'release', locale, version: context.latest.path, release: release.version})
  }
  const authors = posts.length > 0 ? await loadBlogAuthors(locale, posts) : []
  routes.push(...blogRoutes(locale, posts, postsPerPage(context), authors, context.settings.blog?.tags))
  for (const page of pages) routes.push({kind: 'page', locale, path: page.path, index: page.index})
  routes.push({kind: 'search', locale}, {kind: 'notFound', locale})
  return routes
}

/**
 * The blog's routes: its list pages, archive, tag pages, author pages and posts. A site without posts
 * (a Docusaurus site with `blog: false`) has no blog, as Docusaurus builds none: no empty list page.
 * Unlisted posts have their page (and their tags theirs) but no place in the lists.
 */
export function blogRoutes(
  locale: Locale,
  posts: readonly BlogPostSummary[],
  perPage: number,
  authors: readonly BlogAuthor[] = [],
  tagDefinitions: readonly BlogTagDefinition[] | null = null,
): Route[] {
  if (posts.length === 0) return []
  const routes: Route[] = []
  for (let page = 1; page <= blogPageCount(listedPosts(posts).length, perPage); page++) routes.push({kind: 'blogList', locale, page})
  routes.push({kind: 'blogArchive', locale})
  const tags = blogTags(posts, tagDefinitions)
  if (tags.length > 0) routes.push({kind: 'blogTags', locale})
  for (const tag of tags) {
    for (let page = 1; page <= blogPageCount(tag.posts.length, perPage); page++) routes.push({kind: 'blogTag', locale, tag: tag.permalink, page})
  }
  // The authors page when the blog has listed authors; each author with a page, paginated like the blog
  // (a page with no posts still exists, saying so, as in Docusaurus).
  if (listedAuthors(authors).length > 0) routes.push({kind: 'blogAuthors', locale})
  for (const author of authors) {
    if (!author.permalink) continue
    for (let page = 1; page <= blogPageCount(author.posts.length, perPage); page++) routes.push({kind: 'blogAuthor', locale, author: author.permalink, page})
  }
  for (const post of posts) routes.push({kind: 'blogPost', locale, slug: post.slug})
  return routes
}

export async function listAllRoutes(): Promise<Route[]> {
  const {locales} = await loadRoutingTable()
  const perLocale = await Promise.all(locales.locales.map((entry) => listLocaleRoutes(entry.code)))
  return perLocale.flat()
}
