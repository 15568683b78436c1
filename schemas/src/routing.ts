/**
 * The site's URLs: every route target, its address (`routeUrl`) and the inverse (`parseRoute`), as
 * pure functions of an explicit routing table. The one place a URL rule is written: the web's pages,
 * the search records, the studio's "View on site" and the importer's links all build addresses here,
 * so that a change of rule is made once. The table says what URLs depend on in the content (locales,
 * where docs and blog are served, the docs versions, the pages' paths); it is read from the content
 * by whoever calls (`toRoutingTable` of the routing table query, or built from an importer's config).
 */
import {
  blogBasePath,
  blogPathOf,
  docsPathOf,
  isSiteDocsVersion,
  type Locale,
  type LocaleTable,
  localeOfPrefix,
  localePathPrefix,
  localeTableFrom,
  ownDocsPath,
  parseDocsAddress,
  segmentsUnder,
  type VersionAddress,
  versionBasePath,
  versionSegment,
} from './model'
import type {RoutingTableQueryResult} from './sanity.types'

/** A docs version as routing reads it: identifier, URL segment, and where its docs set is served when not the site's docs path. */
export interface RoutedVersion {
  path: string
  segment: string
  /** Set on a version of a docs set of its own (community docs): where that set is served instead of the site's docs path. */
  docsPath?: string
  /** False when the version has no main doc (no doc at its main slug): served at the site root, it then leaves the home to the home page, as Docusaurus leaves it to src/pages/index. */
  hasMainDoc?: boolean
}

/** What URLs depend on in the content. A site with other locales or versions needs no change of code. */
export interface RoutingTable {
  locales: LocaleTable
  /** Where the docs are served: "docs" for /docs/ (the default), "" for the site root, as Docusaurus's `routeBasePath`. */
  docsPath: string
  /** Where the blog is served: "blog" for /blog/ (the default), "news", '' for the site root, as the blog's `routeBasePath`. */
  blogPath: string
  /** The docs versions, newest first. */
  versions: readonly RoutedVersion[]
  /** Whether /docs/<latest>/changelog/ lists release documents (an extension of the Docusaurus layout). */
  changelog: boolean
  /** The paths of page documents: with docs or the blog at the site root, a path that is a page's is the page, any other is a doc or a post. */
  pagePaths: ReadonlySet<string>
  /** The versions (by identifier) whose docs have tags, which have tag pages under <version>/tags. */
  docTagVersions?: ReadonlySet<string>
}

/** What building an address needs of the table (parsing one needs all of it). */
export type UrlTable = Pick<RoutingTable, 'locales' | 'docsPath' | 'blogPath' | 'versions'>

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

/** The doc a version shows at its root when its document names none. */
export const DEFAULT_MAIN_DOC = 'index'

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/
// Docusaurus keeps slugs as written (capitals, accents, dots): any segment but `.` and `..`.
const SLUG_SEGMENT = /^(?!\.{1,2}$)[^/?#\s]+$/u
const PAGE_SEGMENT = SLUG_SEGMENT
const POSITIVE_INTEGER = /^[1-9]\d*$/

/** The routed versions of a list of identifiers and URL paths. */
export function routedVersions(versions: readonly (VersionAddress | string)[]): RoutedVersion[] {
  return versions.map((version) => {
    if (typeof version === 'string') return {path: version, segment: version}
    const own = ownDocsPath(version)
    return {path: version.path, segment: versionSegment(version), ...(own === undefined ? {} : {docsPath: own})}
  })
}

/** A routed version as the model's address functions (versionBasePath, parseDocsAddress) read it. */
export function versionAddress(version: RoutedVersion): VersionAddress {
  return {path: version.path, urlPath: version.segment, docsPath: version.docsPath ?? null}
}

/** The routing table of the routing table query's answer. */
export function toRoutingTable(result: RoutingTableQueryResult): RoutingTable {
  if (!result.settings) throw new Error('The dataset has no siteSettings document (_id "siteSettings"): run the importer first')
  return {
    locales: localeTableFrom(result.settings),
    docsPath: docsPathOf(result.settings.docsPath),
    blogPath: blogPathOf(result.settings.blogPath),
    versions: result.versions.flatMap((version) =>
      typeof version?.path === 'string'
        ? routedVersions([{path: version.path, urlPath: version.urlPath ?? null, docsPath: version.docsPath ?? null}]).map((routed) =>
            version.hasMainDoc === false ? {...routed, hasMainDoc: false} : routed,
          )
        : [],
    ),
    changelog: result.hasReleases === true,
    pagePaths: new Set((result.pagePaths ?? []).filter((path): path is string => typeof path === 'string')),
    docTagVersions: new Set((result.docTagVersions ?? []).filter((version): version is string => typeof version === 'string')),
  }
}

/** Whether the site's home is the blog's first list page: the blog at the site root (Docusaurus's blog-only mode), the docs not. */
export function homeIsBlog(table: RoutingTable): boolean {
  return table.blogPath === '' && !homeIsDocs(table)
}

/** Whether the site's home is a docs version's main doc (docs at the site root with a version served there that has one), not the home page document. */
export function homeIsDocs(table: Pick<RoutingTable, 'docsPath' | 'versions'>): boolean {
  return table.versions.some((version) => (version.docsPath ?? table.docsPath) === '' && version.segment === '' && version.hasMainDoc !== false)
}

/** The route of a doc: its version's root for the version's main doc, else the doc's own address. */
export function docTarget(version: {path: string; mainDoc?: string | null}, slug: string): RouteTarget {
  return slug === (version.mainDoc || DEFAULT_MAIN_DOC) ? {kind: 'docsHome', version: version.path} : {kind: 'doc', version: version.path, slug}
}

/** The blog's root, without trailing slash: /blog, the blog's own path (/news), '' at the site root. */
function blogBase(table: Pick<RoutingTable, 'blogPath'>): string {
  return blogBasePath(table.blogPath)
}

/** The docs root of a version, by its identifier, without trailing slash: /docs/v4, /docs for the version served there, '' for docs at the site root. */
function docsBase(table: Pick<RoutingTable, 'docsPath' | 'versions'>, version: string): string {
  const routed = table.versions.find((entry) => entry.path === version)
  if (!routed)
    throw new Error(`No docs version "${version}" in the routing table (versions: ${table.versions.map((entry) => entry.path).join(', ') || 'none'})`)
  return versionBasePath(table.docsPath, versionAddress(routed))
}

function positivePage(page: number, what: string): number {
  if (!Number.isInteger(page) || page < 1) throw new Error(`${what} must be a positive integer, got ${page}`)
  return page
}

/** The site path of a route target in the default locale, exactly as readers see it (trailing slashes as the Docusaurus site had them). */
export function targetPath(table: Omit<UrlTable, 'locales'>, target: RouteTarget): string {
  switch (target.kind) {
    case 'home':
      return '/'
    case 'docsHome':
      return `${docsBase(table, target.version)}/`
    case 'doc':
      return `${docsBase(table, target.version)}/${target.slug}/`
    case 'changelog':
      return `${docsBase(table, target.version)}/changelog/`
    case 'release':
      return `${docsBase(table, target.version)}/changelog/${target.release}`
    case 'docsTags':
      return `${docsBase(table, target.version)}/tags`
    case 'docsTag':
      return `${docsBase(table, target.version)}/tags/${target.tag}`
    case 'blogList':
      // At the site root (blog-only mode), the first list page is the home page.
      if (positivePage(target.page, 'Blog list page') === 1) return blogBase(table) === '' ? '/' : blogBase(table)
      return `${blogBase(table)}/page/${target.page}`
    case 'blogArchive':
      return `${blogBase(table)}/archive`
    case 'blogTags':
      return `${blogBase(table)}/tags`
    case 'blogTag':
      return positivePage(target.page, 'Tag page') === 1 ? `${blogBase(table)}/tags/${target.tag}` : `${blogBase(table)}/tags/${target.tag}/page/${target.page}`
    case 'blogAuthors':
      return `${blogBase(table)}/authors`
    case 'blogAuthor':
      return positivePage(target.page, 'Author page') === 1
        ? `${blogBase(table)}/authors/${target.author}`
        : `${blogBase(table)}/authors/${target.author}/page/${target.page}`
    case 'blogPost':
      return `${blogBase(table)}/${target.slug}/`
    case 'page':
      return `/${target.path}${target.index ? '/' : ''}`
    case 'search':
      return '/search'
    case 'notFound':
      return `/${NOT_FOUND_SEGMENT}/`
  }
}

/** The site path of a route: the locale's prefix, then the target's path. */
export function routeUrl(table: UrlTable, route: Route): string {
  return `${localePathPrefix(table.locales, route.locale)}${targetPath(table, route)}`
}

/** The catch-all segments of a route, as the site's page lists them. */
export function routeSegments(table: UrlTable, route: Route): string[] {
  return routeUrl(table, route).split('/').filter(Boolean)
}

/** The site paths of a locale's blog feeds. */
export function feedPaths(table: UrlTable, locale: Locale): {rss: string; atom: string} {
  const base = `${localePathPrefix(table.locales, locale)}${blogBase(table)}`
  return {rss: `${base}/rss.xml`, atom: `${base}/atom.xml`}
}

/** Splits the locale off path segments: the first segment names a locale only when it is one of the prefixes. */
export function splitLocale(locales: LocaleTable, segments: readonly string[]): {locale: Locale; rest: string[]} {
  const [first, ...rest] = segments
  const locale = localeOfPrefix(locales, first)
  return locale ? {locale, rest} : {locale: locales.defaultLocale, rest: [...segments]}
}

/**
 * The route of path segments (already split on "/", without empty ones), or a notFound route
 * when nothing matches. The first matching pattern wins. Whether the content exists is not
 * checked here: the page does that against the content.
 */
export function parseRoute(table: RoutingTable, segments: readonly string[]): Route {
  const decoded = segments.map((segment) => safeDecode(segment))
  const {locale, rest} = splitLocale(table.locales, decoded)
  return {locale, ...parseTarget(table, rest)}
}

function parseTarget(table: RoutingTable, rest: string[]): RouteTarget {
  const notFound: RouteTarget = {kind: 'notFound'}
  const [first, second] = rest
  // The home page, unless the docs are served at the site root (then it is their version's main
  // doc) or the blog is (blog-only mode: its first list page).
  if (first === undefined) return (homeIsDocs(table) ? docsTarget(table, rest) : homeIsBlog(table) ? {kind: 'blogList', page: 1} : undefined) ?? {kind: 'home'}
  const blogAtRoot = table.blogPath === ''
  const blog = blogAtRoot ? undefined : segmentsUnder(rest, table.blogPath)
  if (blog) return blogTarget(blog)
  if (first === 'search') return second === undefined ? {kind: 'search'} : notFound
  if (first === NOT_FOUND_SEGMENT) return notFound
  // A page's own path is the page, also under the docs' path (a React page at /community/videos beside a docs
  // instance at /community, as Docusaurus matches routes whole); any other path is read as docs, then as the blog's.
  const isPage = rest.every((part) => PAGE_SEGMENT.test(part))
  if (isPage && table.pagePaths.has(rest.join('/'))) return {kind: 'page', path: rest.join('/'), index: false}
  const docs = docsTarget(table, rest)
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
function docsTarget(table: RoutingTable, rest: readonly string[]): RouteTarget | undefined {
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
// A file's extension has a letter: a page named by a version (`/blog/release-1.3.0`) is a page.
const FILE_EXTENSION = /\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,5}$/i

/** Whether a path names a file (`/img/reel.png`) rather than a page (`/docs/rooms`, `/changelog/4.8.0`). */
export function isFilePath(pathname: string): boolean {
  return FILE_EXTENSION.test(pathname)
}

/**
 * Puts a locale-less site path found in content (Portable Text links, navbar items) under the
 * reader's locale. External addresses, anchors, static files and paths that already carry a
 * locale prefix are returned unchanged.
 */
export function localizeHref(locales: LocaleTable, href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const prefix = localePathPrefix(locales, locale)
  if (!prefix) return href
  const pathEnd = href.search(/[?#]/)
  const pathname = pathEnd === -1 ? href : href.slice(0, pathEnd)
  if (NON_PAGE_PREFIXES.some((start) => pathname.startsWith(start)) || isFilePath(pathname)) return href
  const firstSegment = pathname.split('/')[1] ?? ''
  if (localeOfPrefix(locales, firstSegment)) return href
  return pathname === '/' ? `${prefix}/${href.slice(pathname.length)}` : `${prefix}${href}`
}

/** The same path in another locale: strips the current prefix and applies the target's. */
export function switchLocale(locales: LocaleTable, path: string, target: Locale): string {
  const segments = path.split('/')
  const {rest} = splitLocale(locales, segments.slice(1))
  return localizeHref(locales, `/${rest.join('/')}`, target)
}
