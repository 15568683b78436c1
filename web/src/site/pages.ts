/** Standalone pages, the changelog and the home page. */
import type {Locale} from '@site/schemas/model'
import {homePageQuery, pageQuery, pageRoutesQuery, releasesQuery} from '@site/schemas/queries'
import type {PageRoutesQueryResult} from '@site/schemas/types'
import {fetchContent} from '../content/source'
import {loadLocaleTable} from './routing-table-loader'

export interface PageEntry {
  path: string
  /** An index page (it has pages under it) is addressed with a trailing slash, as /get-started/. */
  index: boolean
  title: string
  section: PageRoutesQueryResult[number]['section']
}

export async function loadPageEntries(locale: Locale): Promise<PageEntry[]> {
  const rows = await fetchContent(pageRoutesQuery, {locale, defaultLocale: (await loadLocaleTable()).defaultLocale})
  const paths = rows.flatMap((row) => (row.path ? [row.path] : []))
  return rows.flatMap((row) =>
    row.path ? [{path: row.path, index: paths.some((other) => other.startsWith(`${row.path}/`)), title: row.title || row.path, section: row.section}] : [],
  )
}

export async function loadPage(locale: Locale, path: string) {
  return fetchContent(pageQuery, {locale, defaultLocale: (await loadLocaleTable()).defaultLocale, path})
}

export async function loadReleases(locale: Locale) {
  return fetchContent(releasesQuery, {locale, defaultLocale: (await loadLocaleTable()).defaultLocale})
}

export async function loadHomePage(locale: Locale) {
  return fetchContent(homePageQuery, {locale, defaultLocale: (await loadLocaleTable()).defaultLocale})
}
