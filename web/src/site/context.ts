/**
 * What every page of a locale needs: site settings, interface messages, locales and docs
 * versions, converted from query results into the shapes the UI takes.
 */
import {DEFAULT_LOCALE, LOCALES, type Locale} from '@site/schemas/model'
import {docRoutesQuery, docsVersionsQuery, siteSettingsQuery, uiStringsQuery} from '@site/schemas/queries'
import type {LocaleString, SiteSettingsQueryResult} from '@site/schemas/types'
import {fetchContent} from '../content/source'
import {createTranslator, type Translator} from '../i18n/messages'

export type Settings = NonNullable<SiteSettingsQueryResult>

export interface LocaleInfo {
  code: Locale
  label: string
  htmlLang: string
  direction: 'ltr' | 'rtl'
}

export interface VersionInfo {
  path: string
  label: string
  isLast: boolean
  mainDoc: string
  unmaintained: boolean
}

export interface SiteContext {
  locale: Locale
  localeInfo: LocaleInfo
  locales: LocaleInfo[]
  translator: Translator
  /** Shorthands for translator.t and translator.plural. */
  t: Translator['t']
  plural: Translator['plural']
  settings: Settings
  siteTitle: string
  versions: VersionInfo[]
  latest: VersionInfo
  /** Doc slugs of each version path (docs exist in the default locale, and every locale shows them). */
  docSlugs: ReadonlyMap<string, ReadonlySet<string>>
}

/** A translated label in the reader's locale, falling back to English. */
export function pickLabel(value: LocaleString | null | undefined, locale: Locale): string {
  if (!value) return ''
  const localized = locale === 'fr' ? value.fr : locale === 'pt-br' ? value.pt_br : locale === 'zh-CN' ? value.zh_CN : value.en
  return localized || value.en || ''
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
  const [settings, strings, versionRows, docRows] = await Promise.all([
    fetchContent(siteSettingsQuery, {}),
    fetchContent(uiStringsQuery, {locale, defaultLocale: DEFAULT_LOCALE}),
    fetchContent(docsVersionsQuery, {}),
    fetchContent(docRoutesQuery, {defaultLocale: DEFAULT_LOCALE}),
  ])
  const docSlugs = new Map<string, Set<string>>()
  for (const row of docRows) {
    if (!row.version || !row.slug) continue
    docSlugs.set(row.version, (docSlugs.get(row.version) ?? new Set<string>()).add(row.slug))
  }
  if (!settings) throw new Error('The dataset has no siteSettings document (_id "siteSettings")')
  const configured = new Map((settings.locales ?? []).flatMap((entry) => (entry.code ? [[entry.code, entry] as const] : [])))
  const locales: LocaleInfo[] = LOCALES.map((code) => {
    const entry = configured.get(code)
    return {code, label: entry?.label || code, htmlLang: entry?.htmlLang || code, direction: entry?.direction === 'rtl' ? 'rtl' : 'ltr'}
  })
  const versions: VersionInfo[] = versionRows.flatMap((row) =>
    row.path ? [{path: row.path, label: row.label || row.path, isLast: row.isLast === true, mainDoc: row.mainDoc || 'index', unmaintained: row.banner === 'unmaintained'}] : [],
  )
  const latest = versions.find((version) => version.isLast) ?? versions[0]
  if (!latest) throw new Error('The dataset has no docsVersion documents: at least the latest docs version is needed')
  const localeInfo = locales.find((entry) => entry.code === locale) ?? {code: locale, label: locale, htmlLang: locale, direction: 'ltr'}
  const translator = createTranslator(locale, strings)
  return {
    locale,
    localeInfo,
    locales,
    translator,
    t: translator.t,
    plural: translator.plural,
    settings,
    siteTitle: settings.title || 'Socket.IO',
    versions,
    latest,
    docSlugs,
  }
}

/** A date (YYYY-MM-DD or ISO datetime) as the locale writes it. */
export function formatDate(value: string, context: Pick<SiteContext, 'localeInfo'>): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat(context.localeInfo.htmlLang, {dateStyle: 'long', timeZone: 'UTC'}).format(date)
}
