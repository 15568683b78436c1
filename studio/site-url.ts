/** Where a document appears on the site, for the studio's "View on site" action. */
import {type LocaleTable, localePathPrefix} from '@site/schemas/model'

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
export function siteUrlFor(document: SiteDocument, siteUrl: string, table: LocaleTable, latestVersionPath = 'v4'): string | null {
  const base = siteUrl.replace(/\/+$/, '')
  const prefix = typeof document.language === 'string' ? localePathPrefix(table, document.language) : ''
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  switch (document._type) {
    case 'doc': {
      const version = text(document.version)
      const slug = text(document.slug)
      if (!version || !slug) return null
      return slug === 'index' ? `${base}${prefix}/docs/${version}/` : `${base}${prefix}/docs/${version}/${slug}/`
    }
    case 'blogPost':
      return text(document.slug) ? `${base}${prefix}/blog/${document.slug as string}/` : null
    case 'release': {
      const version = text(document.version)
      return version ? `${base}${prefix}/docs/${latestVersionPath}/changelog/${version}` : null
    }
    case 'page':
      return text(document.path) ? `${base}${prefix}/${document.path as string}` : null
    case 'homePage':
      return `${base}${prefix}/`
    case 'docsVersion':
      return text(document.path) ? `${base}/docs/${document.path as string}/` : null
    default:
      return null
  }
}

/** Types whose documents are pages of the site (the "View on site" action is offered on these). */
export const PAGE_TYPES: ReadonlySet<string> = new Set(['doc', 'blogPost', 'release', 'page', 'homePage', 'docsVersion'])
