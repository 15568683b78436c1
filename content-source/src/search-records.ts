/**
 * The search records and synonyms of each locale, read through a content transport: one loader for
 * the embedded index of the web build and for the Typesense index job, so that both index the same
 * records with the same labels (lvl0 in the locale's interface messages, as the pages show them).
 */
import {type Locale, type LocaleTable, localePathPrefix, localeTableFrom} from '@site/schemas/model'
import {localeTableQuery, searchDocumentsQuery, searchSynonymsQuery, siteSettingsQuery, uiStringsQuery} from '@site/schemas/queries'
import {buildSearchRecords, synonymItems, type SearchRecord, type SynonymItem} from '@site/schemas/search'
import {createTranslator} from '@site/schemas/i18n'
import type {ContentTransport} from './transports'

/** The site's locales, from its settings. */
export async function readLocaleTable(transport: ContentTransport): Promise<LocaleTable> {
  const stored = await transport.fetch(localeTableQuery, {})
  if (!stored) throw new Error(`${transport.name}: no siteSettings document: import the content first`)
  return localeTableFrom(stored)
}

/** The records of one locale, with lvl0 labels from the locale's interface messages and the site's title. */
export async function loadLocaleRecords(transport: ContentTransport, locale: Locale, table?: LocaleTable): Promise<SearchRecord[]> {
  const locales = table ?? (await readLocaleTable(transport))
  const {defaultLocale} = locales
  const [content, strings, settings] = await Promise.all([
    transport.fetch(searchDocumentsQuery, {locale, defaultLocale}),
    transport.fetch(uiStringsQuery, {locale, defaultLocale}),
    transport.fetch(siteSettingsQuery, {}),
  ])
  const {t} = createTranslator(locale, defaultLocale, strings)
  return buildSearchRecords(content, {
    locale,
    urlPrefix: localePathPrefix(locales, locale),
    labels: {blog: t('blog.title'), changelog: t('changelog.title'), page: settings?.title || ''},
  })
}

export async function loadAllRecords(transport: ContentTransport): Promise<Map<Locale, SearchRecord[]>> {
  const table = await readLocaleTable(transport)
  const entries = await Promise.all(table.locales.map(async ({code}) => [code, await loadLocaleRecords(transport, code, table)] as const))
  return new Map(entries)
}

/** The editors' synonyms of a locale (none when it has no searchSynonyms document). */
export async function loadLocaleSynonyms(transport: ContentTransport, locale: Locale): Promise<SynonymItem[]> {
  const document = await transport.fetch(searchSynonymsQuery, {locale})
  return document ? synonymItems(document) : []
}

export async function loadAllSynonyms(transport: ContentTransport): Promise<Map<Locale, SynonymItem[]>> {
  const table = await readLocaleTable(transport)
  const entries = await Promise.all(table.locales.map(async ({code}) => [code, await loadLocaleSynonyms(transport, code)] as const))
  return new Map(entries)
}
