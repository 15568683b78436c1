/** Where a document appears on the site, for the studio's "View on site" action. */
import {
  blogBasePath,
  DEFAULT_BLOG_PATH,
  DEFAULT_DOCS_PATH,
  latestVersionOf,
  type LocaleTable,
  localePathPrefix,
  type VersionAddress,
  versionBasePath,
} from '@site/schemas/model'

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

/**
 * The page's address on the site at `siteUrl`, or null for documents that are not a page of
 * their own (authors, sidebars, settings). Mirrors the site's routes (web/src/routing/routes.ts):
 * the changelog lives under the latest docs version.
 */
/** Where the site serves docs and posts: the docs versions, and the docs' and the blog's paths of the site settings. */
export interface SitePlaces {
  versions?: readonly SiteVersion[]
  docsPath?: string
  blogPath?: string
}

export function siteUrlFor(document: SiteDocument, siteUrl: string, table: LocaleTable, places: SitePlaces = {}): string | null {
  const {versions = [], docsPath = DEFAULT_DOCS_PATH, blogPath = DEFAULT_BLOG_PATH} = places
  const base = siteUrl.replace(/\/+$/, '')
  const prefix = typeof document.language === 'string' ? localePathPrefix(table, document.language) : ''
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  // A version's docs root: its URL path when the versions say one (/docs/next, /docs), else its identifier.
  const versionOf = (id: string): SiteVersion => versions.find((version) => version.path === id) ?? {path: id}
  const docsRoot = (id: string) => versionBasePath(docsPath, versionOf(id))
  switch (document._type) {
    case 'doc': {
      const version = text(document.version)
      const slug = text(document.slug)
      if (!version || !slug) return null
      return slug === (versionOf(version).mainDoc || 'index') ? `${base}${prefix}${docsRoot(version)}/` : `${base}${prefix}${docsRoot(version)}/${slug}/`
    }
    case 'blogPost':
      return text(document.slug) ? `${base}${prefix}${blogBasePath(blogPath)}/${document.slug as string}/` : null
    case 'release': {
      const version = text(document.version)
      const latest = latestVersionOf(versions)
      return version && latest ? `${base}${prefix}${versionBasePath(docsPath, latest)}/changelog/${version}` : null
    }
    case 'page':
      return text(document.path) ? `${base}${prefix}/${document.path as string}` : null
    case 'homePage':
      return `${base}${prefix}/`
    case 'docsVersion': {
      const fields = document as {urlPath?: unknown; docsPath?: unknown}
      if (!text(document.path)) return null
      const address = {
        path: document.path as string,
        urlPath: typeof fields.urlPath === 'string' ? fields.urlPath : null,
        docsPath: typeof fields.docsPath === 'string' ? fields.docsPath : null,
      }
      return `${base}${versionBasePath(docsPath, address)}/`
    }
    default:
      return null
  }
}

/** Types whose documents are pages of the site (the "View on site" action is offered on these). */
export const PAGE_TYPES: ReadonlySet<string> = new Set(['doc', 'blogPost', 'release', 'page', 'homePage', 'docsVersion'])
