/**
 * The site's locales as the studio needs them: read from the site settings document (never a list in
 * code), once per studio session, for the structure, the translation tools and the label inputs.
 */
import {type LocaleTable, localeTableFrom, type StoredLocaleSettings} from '@site/schemas/model'
import {localeTableQuery} from '@site/schemas/queries'

/**
 * The locale table from the stored settings. A dataset without settings (a new project) has one
 * locale, English, until the settings say otherwise.
 */
export function toLocaleTable(stored: StoredLocaleSettings | null | undefined): LocaleTable {
  return localeTableFrom(stored?.defaultLocale || stored?.locales?.length ? stored : {defaultLocale: 'en'})
}

/** Answers GROQ: the studio's client, or a stand-in in tests. */
export type LocaleFetch = <R>(query: string, params?: Record<string, unknown>) => Promise<R>

let cached: Promise<LocaleTable> | null = null

/** The locale table, fetched once; a failed fetch is not cached. */
export function fetchLocaleTable(fetch: LocaleFetch): Promise<LocaleTable> {
  if (!cached) {
    cached = fetch<StoredLocaleSettings | null>(localeTableQuery).then(toLocaleTable)
    cached.catch(() => {
      cached = null
    })
  }
  return cached
}

/** Forgets the cached table (tests; a studio reload does it too). */
export function resetLocaleTable(): void {
  cached = null
}

export function localeTitle(table: LocaleTable, code: string): string {
  return table.locales.find((entry) => entry.code === code)?.label ?? code
}
