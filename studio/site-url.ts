/** Where a document appears on the site, for the studio's "View on site" action. */
import {DEFAULT_BLOG_PATH, DEFAULT_DOCS_PATH, latestVersionOf, type LocaleTable, type VersionAddress} from '@site/schemas/model'
import {docTarget, routedVersions, routeUrl, type RouteTarget, type UrlTable} from '@site/schemas/routing'

/** A docs version as the studio reads it: identifier, URL path, whether it is the latest, and the doc shown at its root. */
export interface SiteVersion extends VersionAddress {
  isLast?: boolean | null
  mainDoc?: string | null
}

export interface SiteDocument {
  _type: string
  language?: unknown
  version?: unknown
  slug?: unknown
  path?: unknown
}

/** Where the site serves docs and posts: the docs versions, and the docs' and the blog's paths of the site settings. */
export interface SitePlaces {
  versions?: readonly SiteVersion[]
  docsPath?: string
  blogPath?: string
}

/**
 * The page's address on the site at `siteUrl`, or null for documents that are not a page of
 * their own (authors, sidebars, settings), built by the site's URL module (`@site/schemas/routing`):
 * the changelog lives under the latest docs version.
 */
export function siteUrlFor(document: SiteDocument, siteUrl: string, table: LocaleTable, places: SitePlaces = {}): string | null {
  const {versions = [], docsPath = DEFAULT_DOCS_PATH, blogPath = DEFAULT_BLOG_PATH} = places
  const base = siteUrl.replace(/\/+$/, '')
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  // A version's docs root: its URL path when the versions say one (/docs/next, /docs), else its identifier.
  const versionOf = (id: string): SiteVersion => versions.find((version) => version.path === id) ?? {path: id}
  const routing = (version: VersionAddress): UrlTable => ({locales: table, docsPath, blogPath, versions: routedVersions([version])})
  const locale = typeof document.language === 'string' ? document.language : table.defaultLocale
  const url = (urls: UrlTable, target: RouteTarget, routeLocale: string = locale) => `${base}${routeUrl(urls, {...target, locale: routeLocale})}`
  switch (document._type) {
    case 'doc': {
      const version = text(document.version)
      const slug = text(document.slug)
      if (!version || !slug) return null
      return url(routing(versionOf(version)), docTarget(versionOf(version), slug))
    }
    case 'blogPost':
      return text(document.slug) ? url(routing({path: ''}), {kind: 'blogPost', slug: document.slug as string}) : null
    case 'release': {
      const version = text(document.version)
      const latest = latestVersionOf(versions)
      return version && latest ? url(routing(latest), {kind: 'release', version: latest.path, release: version}) : null
    }
    case 'page':
      return text(document.path) ? url(routing({path: ''}), {kind: 'page', path: document.path as string, index: false}) : null
    case 'homePage':
      return url(routing({path: ''}), {kind: 'home'})
    case 'docsVersion': {
      const fields = document as {urlPath?: unknown; docsPath?: unknown}
      if (!text(document.path)) return null
      const address = {
        path: document.path as string,
        urlPath: typeof fields.urlPath === 'string' ? fields.urlPath : null,
        docsPath: typeof fields.docsPath === 'string' ? fields.docsPath : null,
      }
      // A version's own page has no locale: its root in the default locale.
      return url(routing(address), {kind: 'docsHome', version: address.path}, table.defaultLocale)
    }
    default:
      return null
  }
}

/** Types whose documents are pages of the site (the "View on site" action is offered on these). */
export const PAGE_TYPES: ReadonlySet<string> = new Set(['doc', 'blogPost', 'release', 'page', 'homePage', 'docsVersion'])
