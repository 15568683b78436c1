/**
 * What every page of a locale needs: site settings, interface messages, locales and docs
 * versions, converted from query results into the shapes the UI takes.
 */
import {isLatestVersion, latestVersionOf, type Locale, type LocalizedValue, ownDocsPath, pickLocalized} from '@site/schemas/model'
import {docRoutesQuery, docsVersionsQuery, sidebarsQuery, siteSettingsQuery, themeQuery, uiStringsQuery} from '@site/schemas/queries'
import type {DocsVersionsQueryResult, SiteSettingsQueryResult} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'
import {createTranslator, type Translator} from '@site/schemas/i18n'
import type {RoutingTable} from '@site/schemas/routing'
import {loadRoutingTable} from './routing-table-loader'
import type {Theme} from './theme'

export type Settings = NonNullable<SiteSettingsQueryResult>

export interface LocaleInfo {
  code: Locale
  label: string
  htmlLang: string
  direction: 'ltr' | 'rtl'
}

export interface VersionInfo {
  /** The version's identifier (v4, current, 1.0), as docs and sidebars name it. */
  path: string
  /** Its URL segment when it is not the identifier; '' for the version served at /docs/ itself. */
  urlPath: string | null
  label: string
  isLast: boolean
  mainDoc: string
  /** The banner above its docs: older versions are unmaintained, newer ones (Docusaurus's "current") unreleased. */
  banner: 'unmaintained' | 'unreleased' | null
  /** Set on a version of a docs set of its own (community docs at /community/): its place instead of the site's docs path; null for the site's docs. */
  docsPath: string | null
}

export interface SiteContext {
  locale: Locale
  /** What the site's URLs depend on: what `@site/schemas/routing` builds and parses them with. */
  routing: RoutingTable
  /** The locale of source documents, served without a URL prefix. */
  defaultLocale: Locale
  localeInfo: LocaleInfo
  locales: LocaleInfo[]
  translator: Translator
  /** Shorthands for translator.t and translator.plural. */
  t: Translator['t']
  plural: Translator['plural']
  settings: Settings
  /** The site's look (colours, fonts, rules of its classes); null: the site's own design. */
  theme: Theme | null
  siteTitle: string
  versions: VersionInfo[]
  latest: VersionInfo
  /** Doc slugs of each version path (docs exist in the default locale, and every locale shows them). */
  docSlugs: ReadonlyMap<string, ReadonlySet<string>>
}

/** A translated label in the reader's locale, falling back to the default locale's. */
export function pickLabel(value: readonly LocalizedValue[] | null | undefined, context: Pick<SiteContext, 'locale' | 'defaultLocale'>): string {
  return pickLocalized(value, context.locale, context.defaultLocale)
}

const contexts = new Map<Locale, Promise<SiteContext>>()

export function loadSiteContext(locale: Locale): Promise<SiteContext> {
  let context = contexts.get(locale)
  if (!context) {
    context = buildSiteContext(locale)
    contexts.set(locale, context)
  }
  return context
}

async function buildSiteContext(locale: Locale): Promise<SiteContext> {
  const routing = await loadRoutingTable()
  const table = routing.locales
  const {defaultLocale} = table
  const [settings, strings, versionRows, docRows, theme] = await Promise.all([
    fetchContent(siteSettingsQuery, {}),
    fetchContent(uiStringsQuery, {locale, defaultLocale}),
    fetchContent(docsVersionsQuery, {}),
    fetchContent(docRoutesQuery, {defaultLocale}),
    fetchContent(themeQuery, {}),
  ])
  const docSlugs = new Map<string, Set<string>>()
  for (const row of docRows) {
    if (!row.version || !row.slug) continue
    docSlugs.set(row.version, (docSlugs.get(row.version) ?? new Set<string>()).add(row.slug))
  }
  // Categories' generated index pages are doc routes of their version too.
  for (const row of versionRows) {
    if (!row.path) continue
    for (const slug of generatedIndexSlugs(await fetchContent(sidebarsQuery, {version: row.path}))) {
      docSlugs.set(row.path, (docSlugs.get(row.path) ?? new Set<string>()).add(slug))
    }
  }
  if (!settings) throw new Error('The dataset has no siteSettings document (_id "siteSettings")')
  const locales: LocaleInfo[] = table.locales.map((entry) => ({code: entry.code, label: entry.label, htmlLang: entry.htmlLang, direction: entry.direction}))
  const versions: VersionInfo[] = versionRows.flatMap((row) => (row.path ? [versionInfo({...row, path: row.path}, locale)] : []))
  const latest = latestVersionOf(versions)
  if (!latest) throw new Error('The dataset has no docsVersion documents: at least the latest docs version is needed')
  const localeInfo = locales.find((entry) => entry.code === locale) ?? {code: locale, label: locale, htmlLang: locale, direction: 'ltr'}
  const translator = createTranslator(locale, defaultLocale, strings)
  return {
    locale,
    routing,
    defaultLocale,
    localeInfo,
    locales,
    translator,
    t: translator.t,
    plural: translator.plural,
    settings,
    theme,
    siteTitle: settings.title || '',
    versions,
    latest,
    docSlugs,
  }
}

/**
 * A version as pages read it. A version of a docs set of its own (community docs) is never the
 * latest and shows no banner: both speak of the site's docs versions.
 */
function versionInfo(row: DocsVersionsQueryResult[number] & {path: string}, locale: Locale): VersionInfo {
  const docsPath = ownDocsPath(row) ?? null
  const own = docsPath !== null
  return {
    path: row.path,
    urlPath: row.urlPath ?? null,
    label: row.labels?.find((entry) => entry.language === locale)?.value || row.label || row.path,
    isLast: isLatestVersion(row),
    mainDoc: row.mainDoc || 'index',
    banner: !own && (row.banner === 'unmaintained' || row.banner === 'unreleased') ? row.banner : null,
    docsPath,
  }
}

interface SidebarNode {
  generatedIndex?: {slug: string | null} | null
  items?: readonly SidebarNode[] | null
}

function generatedIndexSlugs(sidebars: ReadonlyArray<{items: readonly SidebarNode[] | null}>): string[] {
  const slugs: string[] = []
  const visit = (items: readonly SidebarNode[] | null | undefined) => {
    for (const item of items ?? []) {
      if (item.generatedIndex?.slug) slugs.push(item.generatedIndex.slug)
      visit(item.items)
    }
  }
  for (const sidebar of sidebars) visit(sidebar.items)
  return slugs
}

/** A date (YYYY-MM-DD or ISO datetime) as the locale writes it. */
export function formatDate(value: string, context: Pick<SiteContext, 'localeInfo'>): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(context.localeInfo.htmlLang, {dateStyle: 'long', timeZone: 'UTC'}).format(date)
}

/** A date's month and day without its year, as the locale writes them (the archive's items, under their year). */
export function formatMonthDay(value: string, context: Pick<SiteContext, 'localeInfo'>): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(context.localeInfo.htmlLang, {month: 'long', day: 'numeric', timeZone: 'UTC'}).format(date)
}
