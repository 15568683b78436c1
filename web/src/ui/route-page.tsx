/**
 * The route table: each page kind declares in one entry how it loads what it shows (null when the
 * route names content that does not exist), its metadata (title, description, unlisted) and how it
 * renders. loadRoute, routeMetadata and RoutePage only look the route's kind up in it: a new page
 * kind is one entry here and its component.
 */
import {cache, type ReactNode} from 'react'
import {routeUrl, switchLocale, type Route} from '@site/schemas/routing'
import {blogPageCount, listedPosts, loadBlogPosts, postNeighbours, postsPerPage, recentPostsCount, withText, type BlogPostSummary} from '../site/blog'
import {listedAuthors, loadBlogAuthors} from '../site/blog-authors'
import {blogTags, listedTags} from '../site/blog-tags'
import {loadSiteContext, pickLabel, type SiteContext, type VersionInfo} from '../site/context'
import {loadDocPage} from '../site/docs'
import {loadDocsTags} from '../site/docs-tags'
import {loadHomePage, loadPage, loadPageEntries, loadReleases, loadReleaseText} from '../site/pages'
import {BlogArchivePage, BlogAuthorPage, BlogAuthorsPage, BlogListPage, BlogPostPage, BlogTagPage, BlogTagsPage} from './blog'
import {DocPage} from './doc-page'
import {DocsTagPage, DocsTagsPage} from './docs-tags'
import {SearchPage} from '../search/search-page'
import {HomePage} from './home-page'
import {ChangelogPage, NotFoundPage, ReleasePage, releaseTitle, StandalonePage} from './other-pages'
import {SiteShell} from './shell'

type RouteKind = Route['kind']
type RouteByKind = {[K in RouteKind]: Extract<Route, {kind: K}>}

export interface RouteMetadata {
  title: string
  description: string | undefined
  /** An unlisted page: readers reach it by its address, search engines are asked to leave it out (noindex). */
  unlisted?: boolean
}

/** How a page sits in the site frame, beyond its content. */
interface PageFrame {
  /** The docs version the page belongs to: the navbar's doc links and version dropdown follow it. */
  version?: VersionInfo
  /** The same doc in each version, for the version dropdown. */
  versionTargets?: Map<string, string>
  /** A page served at any address (not found): no canonical or language links of its own, its language links lead to each locale's home. */
  anyAddress?: boolean
}

/** What a page kind declares: one entry of the route table. */
interface PageKind<K extends RouteKind, Data> {
  load(route: RouteByKind[K], context: SiteContext): Promise<Data | null>
  /** The <title> (site title appended by `titled`) and description. */
  metadata(data: Data, context: SiteContext, titled: Titled): Omit<RouteMetadata, 'unlisted'>
  /** Whether it shows an unlisted doc, post, page or tag (Docusaurus's `unlisted: true`). */
  unlisted?(data: Data): boolean
  frame?(data: Data): PageFrame
  /** Its address, when the parsed route cannot know it (whether a page is a folder index is in the content). */
  url?(route: RouteByKind[K], data: Data, context: SiteContext): string
  render(data: Data, page: {context: SiteContext; url: string}): ReactNode
}

type Titled = (title: string, description?: string | null) => Omit<RouteMetadata, 'unlisted'>

/** A route's page once loaded: its kind's declarations bound to its data. */
interface LoadedPage {
  url: string
  metadata(): RouteMetadata
  frame: PageFrame
  render(url: string): ReactNode
}

type PageLoader<K extends RouteKind> = (route: RouteByKind[K], context: SiteContext) => Promise<LoadedPage | null>

function pageKind<K extends RouteKind, Data>(kind: PageKind<K, Data>): PageLoader<K> {
  return async (route, context) => {
    const data = await kind.load(route, context)
    if (data === null) return null
    return {
      url: kind.url?.(route, data, context) ?? routeUrl(context.routing, route),
      metadata: () => {
        const tagline = pickLabel(context.settings.tagline, context) || undefined
        const metadata = kind.metadata(data, context, (title, description) => ({title: `${title} | ${context.siteTitle}`, description: description || tagline}))
        return kind.unlisted?.(data) ? {...metadata, unlisted: true} : metadata
      },
      frame: kind.frame?.(data) ?? {},
      render: (url) => kind.render(data, {context, url}),
    }
  }
}

/** A page of `perPage` items of a list, or null past its last page. */
function listPage<T>(items: readonly T[], page: number, context: SiteContext): {items: T[]; page: number; pageCount: number} | null {
  const perPage = postsPerPage(context)
  const pageCount = blogPageCount(items.length, perPage)
  return page > pageCount ? null : {items: items.slice((page - 1) * perPage, page * perPage), page, pageCount}
}

/** The blog sidebar's recent posts. */
function recentPosts(posts: readonly BlogPostSummary[], context: SiteContext): BlogPostSummary[] {
  return listedPosts(posts).slice(0, recentPostsCount(context))
}

/** The version a docs route names, when the site has it. */
function routeVersion(route: {version: string}, context: SiteContext): VersionInfo | undefined {
  return context.versions.find((candidate) => candidate.path === route.version)
}

const docPage = pageKind({
  load: async (route: RouteByKind['docsHome' | 'doc'], context) => {
    const version = routeVersion(route, context)
    if (!version) return null
    const slug = route.kind === 'doc' ? route.slug : version.mainDoc
    if (route.kind === 'doc' && slug === version.mainDoc) return null
    const data = await loadDocPage(context, version.path, slug)
    if (!data) return null
    const versionTargets = new Map(
      context.versions.flatMap((candidate) => (context.docSlugs.get(candidate.path)?.has(slug) ? [[candidate.path, slug] as const] : [])),
    )
    return {data, versionTargets}
  },
  metadata: ({data}, _context, titled) =>
    data.doc ? titled(data.doc.title || '', data.doc.description) : titled(data.generated?.title ?? '', data.generated?.description),
  unlisted: ({data}) => data.doc?.unlisted === true,
  frame: ({data, versionTargets}) => ({version: data.version, versionTargets}),
  render: ({data}, {context}) => <DocPage context={context} data={data} />,
})

const ROUTE_TABLE: {[K in RouteKind]: PageLoader<K>} = {
  home: pageKind({
    load: async (route, _context) => {
      const [home, posts] = await Promise.all([loadHomePage(route.locale), loadBlogPosts(route.locale)])
      return home ? {home, posts: listedPosts(posts)} : null
    },
    // The home document's title is the browser tab's title as editors wrote it, in the reader's locale.
    metadata: ({home}, context) => {
      const tagline = pickLabel(context.settings.tagline, context) || undefined
      return {title: home.title || (tagline ? `${context.siteTitle} | ${tagline}` : context.siteTitle), description: home.description || tagline}
    },
    render: ({home, posts}, {context}) => <HomePage context={context} home={home} posts={posts} />,
  }),
  docsHome: docPage,
  doc: docPage,
  changelog: pageKind({
    load: async (route, context) => {
      if (route.version !== context.latest.path) return null
      const releases = await loadReleases(route.locale)
      return releases.length > 0 ? {releases} : null
    },
    metadata: (_data, {t, siteTitle}, titled) => titled(t('changelog.title'), t('changelog.description', {site: siteTitle})),
    render: ({releases}, {context}) => <ChangelogPage context={context} releases={releases} />,
  }),
  release: pageKind({
    load: async (route, context) => {
      if (route.version !== context.latest.path) return null
      const row = (await loadReleases(route.locale)).find((candidate) => candidate.version === route.release)
      return row ? {row, text: await loadReleaseText(route.locale, route.release)} : null
    },
    metadata: ({row}, {t}, titled) => titled(t('common.labelValue', {label: t('changelog.title'), value: releaseTitle(row)}), row.release.summary),
    render: ({row, text}, {context, url}) => <ReleasePage context={context} row={row} text={text} href={url} />,
  }),
  docsTags: pageKind({
    load: async (route, context) => {
      const version = routeVersion(route, context)
      if (!version) return null
      const tags = await loadDocsTags(context, version)
      return tags.length > 0 ? {version, tags: tags.filter((tag) => !tag.unlisted)} : null
    },
    metadata: (_data, {t}, titled) => titled(t('blog.allTags')),
    // The docs' tag pages belong to their version: the navbar's doc links and version dropdown follow it.
    frame: ({version}) => ({version}),
    render: ({version, tags}, {context}) => <DocsTagsPage context={context} version={version} tags={tags} />,
  }),
  docsTag: pageKind({
    load: async (route, context) => {
      const version = routeVersion(route, context)
      if (!version) return null
      const tag = (await loadDocsTags(context, version)).find((candidate) => candidate.permalink === route.tag)
      return tag ? {version, tag} : null
    },
    metadata: ({tag}, context, titled) => titled(context.plural('doc.taggedDocs', tag.docs.length, {tag: tag.label}), pickLabel(tag.description, context)),
    unlisted: ({tag}) => tag.unlisted,
    frame: ({version}) => ({version}),
    render: ({version, tag}, {context}) => <DocsTagPage context={context} version={version} tag={tag} />,
  }),
  blogList: pageKind({
    load: async (route, context) => {
      const posts = listedPosts(await loadBlogPosts(route.locale))
      const shown = listPage(posts, route.page, context)
      return shown ? {...shown, items: await withText(route.locale, shown.items), recent: posts.slice(0, recentPostsCount(context))} : null
    },
    metadata: ({page}, context, titled) =>
      titled(
        page === 1 ? context.t('blog.title') : context.t('blog.pageTitle', {page}),
        pickLabel(context.settings.blog?.description, context) || context.t('blog.description', {site: context.siteTitle}),
      ),
    render: ({items, page, pageCount, recent}, {context}) => <BlogListPage context={context} posts={items} page={page} pageCount={pageCount} recent={recent} />,
  }),
  blogArchive: pageKind({
    load: async (route) => ({posts: listedPosts(await loadBlogPosts(route.locale))}),
    metadata: (_data, {t}, titled) => titled(t('blog.archive'), t('blog.archiveDescription')),
    render: ({posts}, {context}) => <BlogArchivePage context={context} posts={posts} />,
  }),
  blogTags: pageKind({
    load: async (route, context) => {
      const posts = await loadBlogPosts(route.locale)
      const tags = blogTags(posts, context.settings.blog?.tags)
      return tags.length > 0 ? {tags: listedTags(tags), recent: recentPosts(posts, context)} : null
    },
    metadata: (_data, {t}, titled) => titled(t('blog.allTags')),
    render: ({tags, recent}, {context}) => <BlogTagsPage context={context} tags={tags} recent={recent} />,
  }),
  blogTag: pageKind({
    load: async (route, context) => {
      const posts = await loadBlogPosts(route.locale)
      const tag = blogTags(posts, context.settings.blog?.tags).find((candidate) => candidate.permalink === route.tag)
      const shown = tag && listPage(tag.posts, route.page, context)
      return tag && shown ? {tag, ...shown, items: await withText(route.locale, shown.items), recent: recentPosts(posts, context)} : null
    },
    metadata: ({tag, page}, context, titled) => {
      const heading = context.plural('blog.taggedPosts', tag.posts.length, {tag: tag.label})
      return titled(page > 1 ? context.t('common.labelValue', {label: heading, value: String(page)}) : heading)
    },
    unlisted: ({tag}) => tag.unlisted,
    render: ({tag, items, page, pageCount, recent}, {context}) => (
      <BlogTagPage context={context} tag={tag} posts={items} page={page} pageCount={pageCount} recent={recent} />
    ),
  }),
  blogAuthors: pageKind({
    load: async (route, context) => {
      const posts = await loadBlogPosts(route.locale)
      const authors = listedAuthors(await loadBlogAuthors(route.locale, posts))
      return authors.length > 0 ? {authors, recent: recentPosts(posts, context)} : null
    },
    metadata: (_data, {t}, titled) => titled(t('blog.authors')),
    render: ({authors, recent}, {context}) => <BlogAuthorsPage context={context} authors={authors} recent={recent} />,
  }),
  blogAuthor: pageKind({
    load: async (route, context) => {
      const posts = await loadBlogPosts(route.locale)
      const authors = await loadBlogAuthors(route.locale, posts)
      const author = authors.find((candidate) => candidate.permalink === route.author)
      const shown = author && listPage(author.posts, route.page, context)
      return author && shown
        ? {
            author,
            ...shown,
            items: await withText(route.locale, shown.items),
            recent: recentPosts(posts, context),
            hasAuthorsPage: listedAuthors(authors).length > 0,
          }
        : null
    },
    metadata: ({author, page}, context, titled) => {
      const heading = context.t('blog.authorPageTitle', {name: author.name, posts: context.plural('blog.postCount', author.posts.length)})
      return titled(page > 1 ? context.t('common.labelValue', {label: heading, value: String(page)}) : heading, author.row.description || author.row.title)
    },
    render: ({author, items, page, pageCount, recent, hasAuthorsPage}, {context}) => (
      <BlogAuthorPage context={context} author={author} posts={items} page={page} pageCount={pageCount} recent={recent} hasAuthorsPage={hasAuthorsPage} />
    ),
  }),
  blogPost: pageKind({
    load: async (route, context) => {
      const posts = await loadBlogPosts(route.locale)
      const post = posts.find((candidate) => candidate.slug === route.slug)
      return post ? {post: (await withText(route.locale, [post]))[0]!, ...postNeighbours(posts, post), recent: recentPosts(posts, context)} : null
    },
    metadata: ({post}, _context, titled) => titled(post.title, post.row.post.description),
    unlisted: ({post}) => post.unlisted,
    render: ({post, newer, older, recent}, {context}) => <BlogPostPage context={context} post={post} newer={newer} older={older} recent={recent} />,
  }),
  page: pageKind({
    load: async (route) => {
      const entry = (await loadPageEntries(route.locale)).find((candidate) => candidate.path === route.path)
      if (!entry) return null
      const page = await loadPage(route.locale, route.path)
      return page ? {page, index: entry.index} : null
    },
    metadata: ({page}, _context, titled) => titled(page.title || '', page.description),
    unlisted: ({page}) => page.unlisted === true,
    // Parsed addresses never know whether a page is a folder index (trailing slash); the content does.
    url: (route, {index}, context) => routeUrl(context.routing, {...route, index}),
    render: ({page}, {context, url}) => <StandalonePage context={context} page={page} href={url} />,
  }),
  search: pageKind({
    load: async () => ({}),
    metadata: (_data, {t}, titled) => titled(t('search.pageTitleEmpty')),
    render: (_data, {context}) => <SearchPage context={context} />,
  }),
  notFound: pageKind({
    load: async () => ({}),
    metadata: (_data, {t}, titled) => titled(t('notFound.title'), t('notFound.p1')),
    frame: () => ({anyAddress: true}),
    render: (_data, {context}) => <NotFoundPage context={context} />,
  }),
}

/** The entry of a route's kind, called with the route (one generic step, so that the kind and the route stay paired). */
function loadPageOf<K extends RouteKind>(kind: K, route: RouteByKind[K], context: SiteContext): Promise<LoadedPage | null> {
  const load: PageLoader<K> = ROUTE_TABLE[kind]
  return load(route, context)
}

export interface LoadedRoute {
  route: Route
  url: string
  context: SiteContext
  page: LoadedPage
}

/** Loads a route's content; null when the route names content that does not exist. */
export const loadRoute = cache(async (route: Route): Promise<LoadedRoute | null> => {
  const context = await loadSiteContext(route.locale)
  const page = await loadPageOf(route.kind, route, context)
  return page ? {route, url: page.url, context, page} : null
})

export function routeMetadata(loaded: LoadedRoute): RouteMetadata {
  return loaded.page.metadata()
}

export async function RoutePage({route}: {route: Route}) {
  const loaded = await loadRoute(route)
  // Every exported route was listed because its content exists: a page without it would be an empty
  // error document, so the build stops naming it instead.
  if (!loaded) {
    const hint = route.kind === 'home' ? ': the dataset has no homePage document in the default locale (the importer makes one)' : ''
    throw new Error(`The ${route.kind} route ${routeUrl((await loadSiteContext(route.locale)).routing, route)} has no content to show${hint}`)
  }
  const {context, page, url} = loaded
  const {version, versionTargets, anyAddress} = page.frame
  return (
    <SiteShell
      context={context}
      currentUrl={url}
      version={version}
      versionTargets={versionTargets}
      localeHref={anyAddress ? (locale) => routeUrl(context.routing, {kind: 'home', locale}) : undefined}
    >
      {anyAddress ? null : <AlternateLinks context={context} url={url} />}
      {page.render(url)}
    </SiteShell>
  )
}

/**
 * The canonical URL and the same page in each locale, as absolute URLs written exactly like the
 * site's links (React places these <link> elements in <head>). A page served at any address (not
 * found) has none.
 */
function AlternateLinks({context, url}: {context: SiteContext; url: string}) {
  const siteUrl = context.settings.url
  if (!siteUrl || !URL.canParse(siteUrl)) return null
  const absolute = (path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`
  return (
    <>
      <link rel="canonical" href={absolute(url)} />
      {context.locales.map((entry) => (
        <link key={entry.code} rel="alternate" hrefLang={entry.htmlLang} href={absolute(switchLocale(context.routing.locales, url, entry.code))} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absolute(switchLocale(context.routing.locales, url, context.defaultLocale))} />
    </>
  )
}
