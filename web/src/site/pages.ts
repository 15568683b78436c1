/** Standalone pages, the changelog and the home page. */
import type {Locale} from '@site/schemas/model'
import {homePageQuery, pageQuery, pageRoutesQuery, releasesQuery, releaseTextQuery} from '@site/schemas/queries'
import type {PageRoutesQueryResult} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'
import {loadRoutingTable} from './routing-table-loader'
import {oncePerKey} from '@site/content-source/once'

export interface PageEntry {
  path: string
  /** An index page (it has pages under it) is addressed with a trailing slash, as /get-started/. */
  index: boolean
  title: string
  section: PageRoutesQueryResult[number]['section']
  /** Reachable by its address, never listed (no sitemap entry, noindex). */
  unlisted: boolean
}

/** The standalone pages of a locale, derived once per locale. */
export const loadPageEntries = oncePerKey(
  (locale: Locale) => locale,
  async (locale: Locale): Promise<PageEntry[]> => {
    const rows = await fetchContent(pageRoutesQuery, {locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale})
    // Every folder that holds a page: a page at one of these paths is an index.
    const folders = new Set(
      rows.flatMap((row) =>
        row.path
          ? row.path
              .split('/')
              .slice(0, -1)
              .map((_, index, segments) => segments.slice(0, index + 1).join('/'))
          : [],
      ),
    )
    return rows.flatMap((row) =>
      row.path ? [{path: row.path, index: folders.has(row.path), title: row.title || row.path, section: row.section, unlisted: row.unlisted === true}] : [],
    )
  },
)

export async function loadPage(locale: Locale, path: string) {
  return fetchContent(pageQuery, {locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale, path})
}

/** Every release in the locale, newest first, without bodies (the changelog lists titles and summaries). */
export async function loadReleases(locale: Locale) {
  return fetchContent(releasesQuery, {locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale})
}

/** One release's body and translation state in the locale: what its own page shows. */
export async function loadReleaseText(locale: Locale, version: string) {
  const text = await fetchContent(releaseTextQuery, {locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale, version})
  return text ?? {language: null, body: null, translation: null}
}

export async function loadHomePage(locale: Locale) {
  return fetchContent(homePageQuery, {locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale})
}
