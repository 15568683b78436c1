/**
 * Short translated labels (`localeString`): the default locale's text from the config or sidebars,
 * the other locales' from Docusaurus's translation JSON files (`{"<key>": {"message": "…"}}`).
 * Stored as one `{_key, language, value}` item per locale, default locale first.
 */
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'

export interface LocalizedItem {
  _key: string
  _type: 'localeStringValue' | 'localeTextValue'
  language: Locale
  value: string
}

export type LocaleString = LocalizedItem[]

/** Messages of one kind of translation file: the site's default locale, and per other locale key → message. */
export interface LabelTranslations {
  defaultLocale: Locale
  messages: Map<Locale, Map<string, string>>
}

/** No translations: labels in the default locale only. */
export function noTranslations(defaultLocale: Locale): LabelTranslations {
  return {defaultLocale, messages: new Map()}
}

export async function readLabelTranslations(
  contentDir: string,
  defaultLocale: Locale,
  locales: readonly Locale[],
  fileFor: (locale: Locale) => string,
  log: DiagnosticLog,
  options: {includeDefault?: boolean} = {},
): Promise<LabelTranslations> {
  const messagesByLocale = new Map<Locale, Map<string, string>>()
  for (const locale of locales) {
    if (locale === defaultLocale && !options.includeDefault) continue
    const file = fileFor(locale)
    let data: unknown
    try {
      data = await readDataFile(contentDir, file)
    } catch (error) {
      log.error({file, message: error instanceof Error ? error.message : String(error)})
      continue
    }
    if (data === null) continue
    if (!isRecord(data)) {
      log.error({file, message: 'expected an object of {"<key>": {"message": "…"}}'})
      continue
    }
    const messages = new Map<string, string>()
    for (const [key, entry] of Object.entries(data)) {
      const message = isRecord(entry) ? entry.message : entry
      if (typeof message === 'string') messages.set(key, message)
      else log.warn({file, field: key, message: 'has no "message" text; ignored'})
    }
    messagesByLocale.set(locale, messages)
  }
  return {defaultLocale, messages: messagesByLocale}
}

/**
 * A localeString with `text` in the default locale and the translations found under the first of
 * `keys` that a locale's file has. Translations equal to the default text are kept: they are deliberate.
 */
export function localeString(
  text: string,
  keys: string | string[],
  translations: LabelTranslations,
  type: LocalizedItem['_type'] = 'localeStringValue',
): LocaleString {
  const value: LocaleString = [{_key: translations.defaultLocale, _type: type, language: translations.defaultLocale, value: text}]
  for (const [locale, messages] of translations.messages) {
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const message = messages.get(key)
      if (message !== undefined) {
        value.push({_key: locale, _type: type, language: locale, value: message})
        break
      }
    }
  }
  return value
}

/** The same for a longer text (localeText: descriptions). */
export function localeText(text: string, keys: string | string[], translations: LabelTranslations): LocaleString {
  return localeString(text, keys, translations, 'localeTextValue')
}

/**
 * Reports the translations of a text the content model holds in one language only (a docs version's
 * label, a generated index's description…) where they differ from it: they are not imported, and say so.
 */
export function reportUntranslatable(
  translations: LabelTranslations,
  key: string,
  text: string,
  fileFor: (locale: Locale) => string,
  log: DiagnosticLog,
  what: string,
): void {
  for (const [locale, messages] of translations.messages) {
    const message = messages.get(key)
    if (message === undefined || message === text) continue
    log.warn({file: fileFor(locale), field: key, message: `"${message}" is not imported: ${what} is the same in every locale in the content model ("${text}")`})
  }
}
