/**
 * The typed route dispatcher: loads what a route shows (loadRoute), gives its <title> and
 * description (routeMetadata) and renders it inside the site frame (RoutePage).
 */
import {cache} from 'react'
import {routeUrl, switchLocale, type Route} from '../routing/routes'
import {blogPageCount, listedPosts, loadBlogPosts, postNeighbours, postsPerPage, recentPostsCount, type BlogPostSummary} from '../site/blog'
import {listedAuthors, loadBlogAuthors, type BlogAuthor} from '../site/blog-authors'
import {blogTags, listedTags, type BlogTag} from '../site/blog-tags'
import {loadSiteContext, pickLabel, type SiteContext, type VersionInfo} from '../site/context'
import {loadDocPage, type DocPageData} from '../site/docs'
import {type DocsTag, loadDocsTags} from '../site/docs-tags'
import {loadHomePage, loadPage, loadPageEntries, loadReleases} from '../site/pages'
import type {HomePageQueryResult, PageQueryResult, ReleasesQueryResult} from '@site/schemas/types'
import {BlogArchivePage, BlogAuthorPage, BlogAuthorsPage, BlogListPage, BlogPostPage, BlogTagPage, BlogTagsPage} from './blog'
import {DocPage} from './doc-page'
import {DocsTagPage, DocsTagsPage} from './docs-tags'
import {SearchPage} from '../search/search-page'
import {HomePage} from './home-page'
import {ChangelogPage, NotFoundPage, ReleasePage, releaseTitle, StandalonePage} from './other-pages'
import {SiteShell} from './shell'

type RouteData =
  | {kind: 'home'; home: NonNullable<HomePageQueryResult>; posts: BlogPostSummary[]}
  | {kind: 'doc'; data: DocPageData; versionTargets: Map<string, string>}
  | {kind: 'changelog'; releases: ReleasesQueryResult}
  | {kind: 'release'; row: ReleasesQueryResult[number]}
  | {kind: 'docsTags'; version: VersionInfo; tags: DocsTag[]}
  | {kind: 'docsTag'; version: VersionInfo; tag: DocsTag}
  | {kind: 'blogList'; posts: BlogPostSummary[]; page: number; pageCount: number; recent: BlogPostSummary[]}
  | {kind: 'blogArchive'; posts: BlogPostSummary[]}
  | {kind: 'blogTags'; tags: BlogTag[]; recent: BlogPostSummary[]}
  | {kind: 'blogTag'; tag: BlogTag; posts: BlogPostSummary[]; page: number; pageCount: number; recent: BlogPostSummary[]}
  | {kind: 'blogAuthors'; authors: BlogAuthor[]; recent: BlogPostSummary[]}
  | {kind: 'blogAuthor'; author: BlogAuthor; posts: BlogPostSummary[]; page: number; pageCount: number; recent: BlogPostSummary[]; hasAuthorsPage: boolean}
  | {kind: 'blogPost'; post: BlogPostSummary; newer: BlogPostSummary | null; older: BlogPostSummary | null; recent: BlogPostSummary[]}
  | {kind: 'page'; page: NonNullable<PageQueryResult>; index: boolean}
  | {kind: 'search'}
  | {kind: 'notFound'}

export interface LoadedRoute {
  route: Route
  url: string
  context: SiteContext
  data: RouteData
}

/** Loads a route's content; null when the route names content that does not exist. */
export const loadRoute = cache(async (route: Route): Promise<LoadedRoute | null> => {
  const context = await loadSiteContext(route.locale)
  const data = await loadRouteData(route, context)
  if (!data) return null
  // Parsed addresses never know whether a page is a folder index (trailing slash); the content does.
  const url = data.kind === 'page' && route.kind === 'page' ? routeUrl({...route, index: data.index}) : routeUrl(route)
  return {route, url, context, data}
})

async function loadRouteData(route: Route, context: SiteContext): Promise<RouteData | null> {
  const {locale} = route
  switch (route.kind) {
    case 'home': {
      const [home, posts] = await Promise.all([loadHomePage(locale), loadBlogPosts(locale)])
      return home ? {kind: 'home', home, posts: listedPosts(posts)} : null
    }
    case 'docsHome':
    case 'doc': {
      const version = context.versions.find((candidate) => candidate.path === route.version)
      if (!version) return null
      const slug = route.kind === 'doc' ? route.slug : version.mainDoc
      if (route.kind === 'doc' && slug === version.mainDoc) return null
      const data = await loadDocPage(context, version.path, slug)
      if (!data) return null
      const versionTargets = new Map(context.versions.flatMap((candidate) => (context.docSlugs.get(candidate.path)?.has(slug) ? [[candidate.path, slug] as const] : [])))
      return {kind: 'doc', data, versionTargets}
    }
    case 'changelog': {
      if (route.version !== context.latest.path) return null
      const releases = await loadReleases(locale)
      return releases.length > 0 ? {kind: 'changelog', releases} : null
    }
    case 'release': {
      if (route.version !== context.latest.path) return null
      const row = (await loadReleases(locale)).find((candidate) => candidate.version === route.release)
      return row ? {kind: 'release', row} : null
    }
    case 'docsTags':
    case 'docsTag': {
      const version = context.versions.find((candidate) => candidate.path === route.version)
      if (!version) return null
      const tags = await loadDocsTags(context, version)
      if (route.kind === 'docsTags') return tags.length > 0 ? {kind: 'docsTags', version, tags: tags.filter((tag) => !tag.unlisted)} : null
      const tag = tags.find((candidate) => candidate.permalink === route.tag)
      return tag ? {kind: 'docsTag', version, tag} : null
    }
    case 'blogList': {
      const posts = listedPosts(await loadBlogPosts(locale))
      const perPage = postsPerPage(context)
      const pageCount = blogPageCount(posts.length, perPage)
      if (route.page > pageCount) return null
      return {kind: 'blogList', posts: posts.slice((route.page - 1) * perPage, route.page * perPage), page: route.page, pageCount, recent: posts.slice(0, recentPostsCount(context))}
    }
    case 'blogArchive':
      return {kind: 'blogArchive', posts: listedPosts(await loadBlogPosts(locale))}
    case 'blogTags': {
      const posts = await loadBlogPosts(locale)
      const tags = blogTags(posts, context.settings.blog?.tags)
      return tags.length > 0 ? {kind: 'blogTags', tags: listedTags(tags), recent: listedPosts(posts).slice(0, recentPostsCount(context))} : null
    }
    case 'blogTag': {
      const posts = await loadBlogPosts(locale)
      const tag = blogTags(posts, context.settings.blog?.tags).find((candidate) => candidate.permalink === route.tag)
      if (!tag) return null
      const perPage = postsPerPage(context)
      const pageCount = blogPageCount(tag.posts.length, perPage)
      if (route.page > pageCount) return null
      return {kind: 'blogTag', tag, posts: tag.posts.slice((route.page - 1) * perPage, route.page * perPage), page: route.page, pageCount, recent: listedPosts(posts).slice(0, recentPostsCount(context))}
    }
    case 'blogAuthors': {
      const posts = await loadBlogPosts(locale)
      const authors = listedAuthors(await loadBlogAuthors(locale, posts))
      return authors.length > 0 ? {kind: 'blogAuthors', authors, recent: listedPosts(posts).slice(0, recentPostsCount(context))} : null
    }
    case 'blogAuthor': {
      const posts = await loadBlogPosts(locale)
      const authors = await loadBlogAuthors(locale, posts)
      const author = authors.find((candidate) => candidate.permalink === route.author)
      if (!author) return null
      const perPage = postsPerPage(context)
      const pageCount = blogPageCount(author.posts.length, perPage)
      if (route.page > pageCount) return null
      const shown = author.posts.slice((route.page - 1) * perPage, route.page * perPage)
      return {kind: 'blogAuthor', author, posts: shown, page: route.page, pageCount, recent: listedPosts(posts).slice(0, recentPostsCount(context)), hasAuthorsPage: listedAuthors(authors).length > 0}
    }
    case 'blogPost': {
      const posts = await loadBlogPosts(locale)
      const post = posts.find((candidate) => candidate.slug === route.slug)
      if (!post) return null
      return {kind: 'blogPost', post, ...postNeighbours(posts, post), recent: listedPosts(posts).slice(0, recentPostsCount(context))}
    }
    case 'page': {
      const entry = (await loadPageEntries(locale)).find((candidate) => candidate.path === route.path)
      if (!entry) return null
      const page = await loadPage(locale, route.path)
      return page ? {kind: 'page', page, index: entry.index} : null
    }
    case 'search':
      return {kind: 'search'}
    case 'notFound':
      return {kind: 'notFound'}
  }
}

export interface RouteMetadata {
  title: string
  description: string | undefined
  /** An unlisted page: readers reach it by its address, search engines are asked to leave it out (noindex). */
  unlisted?: boolean
}

/** Whether the route shows an unlisted doc, post, page or tag (Docusaurus's `unlisted: true`). */
export function isUnlistedRoute(data: LoadedRoute['data']): boolean {
  switch (data.kind) {
    case 'doc':
      return data.data.doc?.unlisted === true
    case 'blogPost':
      return data.post.unlisted
    case 'blogTag':
    case 'docsTag':
      return data.tag.unlisted
    case 'page':
      return data.page.unlisted === true
    default:
      return false
  }
}

export function routeMetadata(loaded: LoadedRoute): RouteMetadata {
  const metadata = baseMetadata(loaded)
  return isUnlistedRoute(loaded.data) ? {...metadata, unlisted: true} : metadata
}

function baseMetadata({context, data}: LoadedRoute): RouteMetadata {
  const {t, siteTitle, locale} = context
  const tagline = pickLabel(context.settings.tagline, locale) || undefined
  const titled = (title: string, description?: string | null) => ({title: `${title} | ${siteTitle}`, description: description || tagline})
  switch (data.kind) {
    case 'home':
      // The home document's title is the browser tab's title as editors wrote it, in the reader's locale.
      return {title: data.home.title || (tagline ? `${siteTitle} | ${tagline}` : siteTitle), description: data.home.description || tagline}
    case 'doc':
      return data.data.doc ? titled(data.data.doc.title || '', data.data.doc.description) : titled(data.data.generated?.title ?? '', data.data.generated?.description)
    case 'changelog':
      return titled(t('changelog.title'), t('changelog.description', {site: siteTitle}))
    case 'release':
      return titled(t('common.labelValue', {label: t('changelog.title'), value: releaseTitle(data.row)}), data.row.release.summary)
    case 'blogList':
      return titled(data.page === 1 ? t('blog.title') : t('blog.pageTitle', {page: data.page}), pickLabel(context.settings.blog?.description, locale) || t('blog.description', {site: siteTitle}))
    case 'docsTags':
      return titled(t('blog.allTags'))
    case 'docsTag':
      return titled(context.plural('doc.taggedDocs', data.tag.docs.length, {tag: data.tag.label}), pickLabel(data.tag.description, locale))
    case 'blogArchive':
      return titled(t('blog.archive'), t('blog.archiveDescription'))
    case 'blogTags':
      return titled(t('blog.allTags'))
    case 'blogTag':
      return titled(data.page > 1 ? t('common.labelValue', {label: context.plural('blog.taggedPosts', data.tag.posts.length, {tag: data.tag.label}), value: String(data.page)}) : context.plural('blog.taggedPosts', data.tag.posts.length, {tag: data.tag.label}))
    case 'blogAuthors':
      return titled(t('blog.authors'))
    case 'blogAuthor': {
      const heading = t('blog.authorPageTitle', {name: data.author.name, posts: context.plural('blog.postCount', data.author.posts.length)})
      return titled(data.page > 1 ? t('common.labelValue', {label: heading, value: String(data.page)}) : heading, data.author.row.description || data.author.row.title)
    }
    case 'blogPost':
      return titled(data.post.title, data.post.row.post.description)
    case 'page':
      return titled(data.page.title || '', data.page.description)
    case 'search':
      return titled(t('search.pageTitleEmpty'))
    case 'notFound':
      return titled(t('notFound.title'), t('notFound.p1'))
  }
}

export async function RoutePage({route}: {route: Route}) {
  const loaded = await loadRoute(route)
  // Every exported route was listed because its content exists: a page without it would be an empty
  // error document, so the build stops naming it instead.
  if (!loaded) {
    const hint = route.kind === 'home' ? ': the dataset has no homePage document in the default locale (the importer makes one)' : ''
    throw new Error(`The ${route.kind} route ${routeUrl(route)} has no content to show${hint}`)
  }
  const {context, data, url} = loaded
  const doc = data.kind === 'doc' ? data : null
  // The docs' tag pages belong to their version: the navbar's doc links and version dropdown follow it.
  const tagsVersion = data.kind === 'docsTags' || data.kind === 'docsTag' ? data.version : undefined
  return (
    <SiteShell
      context={context}
      currentUrl={url}
      version={doc?.data.version ?? tagsVersion}
      versionTargets={doc?.versionTargets}
      // The not-found page is served at any address, so its language links lead to each locale's home.
      localeHref={data.kind === 'notFound' ? (locale) => routeUrl({kind: 'home', locale}) : undefined}
    >
      {data.kind === 'notFound' ? null : <AlternateLinks context={context} url={url} />}
      <RouteContent context={context} data={data} url={url} />
    </SiteShell>
  )
}

function RouteContent({context, data, url}: {context: SiteContext; data: RouteData; url: string}) {
  switch (data.kind) {
    case 'home':
      return <HomePage context={context} home={data.home} posts={data.posts} />
    case 'doc':
      return <DocPage context={context} data={data.data} />
    case 'changelog':
      return <ChangelogPage context={context} releases={data.releases} />
    case 'release':
      return <ReleasePage context={context} row={data.row} href={url} />
    case 'blogList':
      return <BlogListPage context={context} posts={data.posts} page={data.page} pageCount={data.pageCount} recent={data.recent} />
    case 'docsTags':
      return <DocsTagsPage context={context} version={data.version} tags={data.tags} />
    case 'docsTag':
      return <DocsTagPage context={context} version={data.version} tag={data.tag} />
    case 'blogArchive':
      return <BlogArchivePage context={context} posts={data.posts} />
    case 'blogTags':
      return <BlogTagsPage context={context} tags={data.tags} recent={data.recent} />
    case 'blogTag':
      return <BlogTagPage context={context} tag={data.tag} posts={data.posts} page={data.page} pageCount={data.pageCount} recent={data.recent} />
    case 'blogAuthors':
      return <BlogAuthorsPage context={context} authors={data.authors} recent={data.recent} />
    case 'blogAuthor':
      return <BlogAuthorPage context={context} author={data.author} posts={data.posts} page={data.page} pageCount={data.pageCount} recent={data.recent} hasAuthorsPage={data.hasAuthorsPage} />
    case 'blogPost':
      return <BlogPostPage context={context} post={data.post} newer={data.newer} older={data.older} recent={data.recent} />
    case 'page':
      return <StandalonePage context={context} page={data.page} href={url} />
    case 'search':
      return <SearchPage context={context} />
    case 'notFound':
      return <NotFoundPage context={context} />
  }
}

/**
 * The canonical URL and the same page in each locale, as absolute URLs written exactly like the
 * site's links (React places these <link> elements in <head>). The not-found page has none: it
 * answers at any address.
 */
function AlternateLinks({context, url}: {context: SiteContext; url: string}) {
  const siteUrl = context.settings.url
  if (!siteUrl || !URL.canParse(siteUrl)) return null
  const absolute = (path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`
  return (
    <>
      <link rel="canonical" href={absolute(url)} />
      {context.locales.map((entry) => (
        <link key={entry.code} rel="alternate" hrefLang={entry.htmlLang} href={absolute(switchLocale(url, entry.code))} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absolute(switchLocale(url, context.defaultLocale))} />
    </>
  )
}
