/**
 * Every URL of the site, built from a typed route and parsed back from path segments, so that
 * links, static params and the page dispatcher agree on one definition of the URL space.
 */
import {
  blogBasePath,
  isSiteDocsVersion,
  type Locale,
  localeOfPrefix,
  localePathPrefix,
  parseDocsAddress,
  segmentsUnder,
  versionBasePath,
} from '@site/schemas/model'
import {homeIsBlog, homeIsDocs, localeTable, routingTable, versionAddress} from '../site/routing-table'

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/
// Docusaurus keeps slugs as written (capitals, accents, dots): any segment but `.` and `..`.
const SLUG_SEGMENT = /^(?!\.{1,2}$)[^/?#\s]+$/u
const PAGE_SEGMENT = SLUG_SEGMENT
const POSITIVE_INTEGER = /^[1-9]\d*$/

/** A route without its locale. `notFound` is the not-found page, built once per locale. */
export type RouteTarget =
  | {kind: 'home'}
  | {kind: 'docsHome'; version: string}
  | {kind: 'doc'; version: string; slug: string}
  | {kind: 'changelog'; version: string}
  | {kind: 'release'; version: string; release: string}
  | {kind: 'docsTags'; version: string}
  | {kind: 'docsTag'; version: string; tag: string}
  | {kind: 'blogList'; page: number}
  | {kind: 'blogArchive'}
  | {kind: 'blogTags'}
  | {kind: 'blogTag'; tag: string; page: number}
  | {kind: 'blogAuthors'}
  | {kind: 'blogAuthor'; author: string; page: number}
  | {kind: 'blogPost'; slug: string}
  | {kind: 'page'; path: string; index: boolean}
  | {kind: 'search'}
  | {kind: 'notFound'}

export type Route = RouteTarget & {locale: Locale}
export type RouteKind = Route['kind']

/** The internal segment under which each locale's not-found page is rendered before it is moved to 404.html (Next reserves /404 for its own page). */
export const NOT_FOUND_SEGMENT = '__not-found'

function localePrefix(locale: Locale): string {
  return localePathPrefix(localeTable(), locale)
}

/** The site path of a route, exactly as readers see it (trailing slashes as the Docusaurus site had them). */
export function routeUrl(route: Route): string {
  const prefix = localePrefix(route.locale)
  switch (route.kind) {
    case 'home':
      return `${prefix}/`
    case 'docsHome':
      return `${prefix}${docsBase(route.version)}/`
    case 'doc':
      return `${prefix}${docsBase(route.version)}/${route.slug}/`
    case 'changelog':
      return `${prefix}${docsBase(route.version)}/changelog/`
    case 'release':
      return `${prefix}${docsBase(route.version)}/changelog/${route.release}`
    case 'docsTags':
      return `${prefix}${docsBase(route.version)}/tags`
    case 'docsTag':
      return `${prefix}${docsBase(route.version)}/tags/${route.tag}`
    case 'blogList':
      if (!Number.isInteger(route.page) || route.page < 1) throw new Error(`Blog list page must be a positive integer, got ${route.page}`)
      // At the site root (blog-only mode), the first list page is the home page.
      if (route.page === 1) return blogBase() === '' ? `${prefix}/` : `${prefix}${blogBase()}`
      return `${prefix}${blogBase()}/page/${route.page}`
    case 'blogArchive':
      return `${prefix}${blogBase()}/archive`
    case 'blogTags':
      return `${prefix}${blogBase()}/tags`
    case 'blogTag':
      if (!Number.isInteger(route.page) || route.page < 1) throw new Error(`Tag page must be a positive integer, got ${route.page}`)
      return route.page === 1 ? `${prefix}${blogBase()}/tags/${route.tag}` : `${prefix}${blogBase()}/tags/${route.tag}/page/${route.page}`
    case 'blogAuthors':
      return `${prefix}${blogBase()}/authors`
    case 'blogAuthor':
      if (!Number.isInteger(route.page) || route.page < 1) throw new Error(`Author page must be a positive integer, got ${route.page}`)
      return route.page === 1 ? `${prefix}${blogBase()}/authors/${route.author}` : `${prefix}${blogBase()}/authors/${route.author}/page/${route.page}`
    case 'blogPost':
      return `${prefix}${blogBase()}/${route.slug}/`
    case 'page':
      return `${prefix}/${route.path}${route.index ? '/' : ''}`
    case 'search':
      return `${prefix}/search`
    case 'notFound':
      return `${prefix}/${NOT_FOUND_SEGMENT}/`
  }
}

/** The blog's root, without trailing slash: /blog, the blog's own path (/news), '' at the site root. */
function blogBase(): string {
  return blogBasePath(routingTable().blogPath)
}

/** The docs root of a version, by its identifier, without trailing slash: /docs/v4, /docs for the version served there, '' for docs at the site root. */
function docsBase(version: string): string {
  const table = routingTable()
  const routed = table.versions.find((entry) => entry.path === version)
  if (!routed)
    throw new Error(`No docs version "${version}" in the routing table (versions: ${table.versions.map((entry) => entry.path).join(', ') || 'none'})`)
  return versionBasePath(table.docsPath, versionAddress(routed))
}

/** The catch-all segments of a route, as generateStaticParams lists them. */
export function routeSegments(route: Route): string[] {
  return routeUrl(route).split('/').filter(Boolean)
}

/** Splits the locale off path segments: the first segment names a locale only when it is one of the prefixes. */
export function splitLocale(segments: readonly string[]): {locale: Locale; rest: string[]} {
  const table = localeTable()
  const [first, ...rest] = segments
  const locale = localeOfPrefix(table, first)
  return locale ? {locale, rest} : {locale: table.defaultLocale, rest: [...segments]}
}

/**
 * The route of path segments (already split on "/", without empty ones), or a notFound route
 * when nothing matches. The first matching pattern wins. Whether the content exists is not
 * checked here: the dispatcher does that against the dataset.
 */
export function parseRoute(segments: readonly string[]): Route {
  const decoded = segments.map((segment) => safeDecode(segment))
  const {locale, rest} = splitLocale(decoded)
  return {locale, ...parseTarget(rest)}
}

function parseTarget(rest: string[]): RouteTarget {
  const notFound: RouteTarget = {kind: 'notFound'}
  const table = routingTable()
  const [first, second] = rest
  // The home page, unless the docs are served at the site root (then it is their version's main
  // doc) or the blog is (blog-only mode: its first list page).
  if (first === undefined) return (homeIsDocs(table) ? docsTarget(rest) : homeIsBlog(table) ? {kind: 'blogList', page: 1} : undefined) ?? {kind: 'home'}
  const blogAtRoot = table.blogPath === ''
  const blog = blogAtRoot ? undefined : segmentsUnder(rest, table.blogPath)
  if (blog) return blogTarget(blog)
  if (first === 'search') return second === undefined ? {kind: 'search'} : notFound
  if (first === NOT_FOUND_SEGMENT) return notFound
  // With docs or the blog at the site root, a page's own path is the page; any other path is read as docs, then as the blog's.
  const isPage = rest.every((part) => PAGE_SEGMENT.test(part))
  if (isPage && (table.docsPath === '' || blogAtRoot) && table.pagePaths.has(rest.join('/'))) return {kind: 'page', path: rest.join('/'), index: false}
  const docs = docsTarget(rest)
  if (docs) return docs
  if (blogAtRoot) return blogTarget(rest)
  return isPage ? {kind: 'page', path: rest.join('/'), index: false} : notFound
}

/** The blog route of the segments after the blog's path (/blog/… by default), as Docusaurus lays the blog out. */
function blogTarget(rest: readonly string[]): RouteTarget {
  const notFound: RouteTarget = {kind: 'notFound'}
  const [first, second, third, ...more] = rest
  if (first === undefined) return {kind: 'blogList', page: 1}
  if (first === 'page' && third === undefined && second !== undefined && POSITIVE_INTEGER.test(second) && Number(second) >= 2) {
    return {kind: 'blogList', page: Number(second)}
  }
  if (first === 'archive' && second === undefined) return {kind: 'blogArchive'}
  // Tag pages: /blog/tags, /blog/tags/<tag>, /blog/tags/<tag>/page/2.
  if (first === 'tags') {
    if (second === undefined) return {kind: 'blogTags'}
    if (!SLUG_SEGMENT.test(second)) return notFound
    if (third === undefined) return {kind: 'blogTag', tag: second, page: 1}
    const [pageNumber, extra] = more
    if (third === 'page' && extra === undefined && pageNumber !== undefined && POSITIVE_INTEGER.test(pageNumber) && Number(pageNumber) >= 2)
      return {kind: 'blogTag', tag: second, page: Number(pageNumber)}
    return notFound
  }
  // Author pages, as Docusaurus 3 lays them out: /blog/authors, /blog/authors/<permalink>, …/page/2
  // (a permalink may have several segments).
  if (first === 'authors') {
    const tail = rest.slice(1)
    if (tail.length === 0) return {kind: 'blogAuthors'}
    if (!tail.every((part) => SLUG_SEGMENT.test(part))) return notFound
    const pageNumber = tail.at(-1) ?? ''
    // A permalink never ends in page/<digits> (the content model refuses it): those are list pages.
    if (tail.length >= 3 && tail.at(-2) === 'page' && /^\d+$/.test(pageNumber)) {
      return POSITIVE_INTEGER.test(pageNumber) && Number(pageNumber) >= 2
        ? {kind: 'blogAuthor', author: tail.slice(0, -2).join('/'), page: Number(pageNumber)}
        : notFound
    }
    return {kind: 'blogAuthor', author: tail.join('/'), page: 1}
  }
  // A post's address may have several segments (Docusaurus's default is 2021/03/10/name).
  if (first !== 'page' && first !== 'archive' && rest.every((part) => SLUG_SEGMENT.test(part))) return {kind: 'blogPost', slug: rest.join('/')}
  return notFound
}

/**
 * The docs route of path segments under the docs path: a version served under its segment
 * (/docs/v4/…), else the one served at the docs' root (/docs/…), as Docusaurus routes them.
 * Undefined when the path is not the docs'; notFound when it is, but no doc can have that address.
 */
function docsTarget(rest: readonly string[]): RouteTarget | undefined {
  const table = routingTable()
  const address = parseDocsAddress(rest, table.docsPath, table.versions.map(versionAddress))
  if (!address) {
    // Under the docs' own path (not the site root) an address of no version is no page either.
    return table.docsPath !== '' && segmentsUnder(rest, table.docsPath) ? {kind: 'notFound'} : undefined
  }
  const version = address.version.path
  const tail = address.rest
  if (tail.length === 0) return {kind: 'docsHome', version}
  // The changelog of release documents, unless the site's own docs live at that address.
  if (tail[0] === 'changelog' && tail.length <= 2 && table.changelog && isSiteDocsVersion(address.version)) {
    if (tail[1] === undefined) return {kind: 'changelog', version}
    if (SEMVER.test(tail[1])) return {kind: 'release', version, release: tail[1]}
  }
  // The tags of a version whose docs have tags: /docs/v4/tags and /docs/v4/tags/<tag>, as Docusaurus routes them.
  if (tail[0] === 'tags' && tail.length <= 2 && table.docTagVersions?.has(version)) {
    if (tail[1] === undefined) return {kind: 'docsTags', version}
    if (SLUG_SEGMENT.test(tail[1])) return {kind: 'docsTag', version, tag: tail[1]}
  }
  return tail.every((part) => SLUG_SEGMENT.test(part)) ? {kind: 'doc', version, slug: tail.join('/')} : {kind: 'notFound'}
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const NON_PAGE_PREFIXES = ['/_next/', '/_dataset/', '/embeds/', '/images/', '/img/']
const FILE_EXTENSION = /\.[a-z0-9]{1,5}$/i

/**
 * Puts a locale-less site path found in content (Portable Text links, navbar items) under the
 * reader's locale. External addresses, anchors, static files and paths that already carry a
 * locale prefix are returned unchanged.
 */
export function localizeHref(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const prefix = localePrefix(locale)
  if (!prefix) return href
  const pathEnd = href.search(/[?#]/)
  const pathname = pathEnd === -1 ? href : href.slice(0, pathEnd)
  if (NON_PAGE_PREFIXES.some((start) => pathname.startsWith(start)) || FILE_EXTENSION.test(pathname)) return href
  const firstSegment = pathname.split('/')[1] ?? ''
  if (localeOfPrefix(localeTable(), firstSegment)) return href
  return pathname === '/' ? `${prefix}/${href.slice(pathname.length)}` : `${prefix}${href}`
}

/** The same path in another locale: strips the current prefix and applies the target's. */
export function switchLocale(path: string, target: Locale): string {
  const segments = path.split('/')
  const {rest} = splitLocale(segments.slice(1))
  const unprefixed = `/${rest.join('/')}`
  return localizeHref(unprefixed, target)
}

/** The site paths of a locale's blog feeds (written by build/seo-files.ts). */
export function feedPaths(locale: Locale): {rss: string; atom: string} {
  const prefix = localePrefix(locale)
  return {rss: `${prefix}${blogBase()}/rss.xml`, atom: `${prefix}${blogBase()}/atom.xml`}
}
