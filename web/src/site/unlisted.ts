/**
 * The addresses of a locale's unlisted pages (Docusaurus's `unlisted: true`): docs, posts and
 * markdown pages, and the tag pages of tags only unlisted posts (or docs) have. They are built and reachable,
 * and left out of the sitemap (their pages also say noindex).
 */
import type {Locale} from '@site/schemas/model'
import {routeUrl} from '@site/schemas/routing'
import {blogPageCount, loadBlogPosts, postsPerPage} from './blog'
import {blogTags} from './blog-tags'
import {loadSiteContext} from './context'
import {docHref, loadVersionSidebars} from './docs'
import {loadDocsTags} from './docs-tags'
import {loadPageEntries} from './pages'

export async function unlistedRouteUrls(locale: Locale): Promise<Set<string>> {
  const context = await loadSiteContext(locale)
  const urls = new Set<string>()
  for (const version of context.versions) {
    const {unlisted} = await loadVersionSidebars(context, version)
    for (const slug of unlisted) if (context.docSlugs.get(version.path)?.has(slug)) urls.add(docHref(context, version, slug))
    for (const tag of await loadDocsTags(context, version))
      if (tag.unlisted) urls.add(routeUrl(context.routing, {kind: 'docsTag', locale, version: version.path, tag: tag.permalink}))
  }
  const [posts, pages] = await Promise.all([loadBlogPosts(locale), loadPageEntries(locale)])
  for (const post of posts) if (post.unlisted) urls.add(post.href)
  for (const tag of blogTags(posts, context.settings.blog?.tags)) {
    if (!tag.unlisted) continue
    for (let page = 1; page <= blogPageCount(tag.posts.length, postsPerPage(context)); page++)
      urls.add(routeUrl(context.routing, {kind: 'blogTag', locale, tag: tag.permalink, page}))
  }
  for (const page of pages) if (page.unlisted) urls.add(routeUrl(context.routing, {kind: 'page', locale, path: page.path, index: page.index}))
  return urls
}
