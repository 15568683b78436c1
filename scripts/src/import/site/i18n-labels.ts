/**
 * Short translated labels (`localeString`): the English text from the config or sidebars, the other
 * locales from Docusaurus's translation JSON files (`{"<key>": {"message": "…"}}`).
 */
import {type Locale, localeField} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'

export type LocaleString = {_type: 'localeString'} & Record<string, string>

/** Messages of one translation file per locale: locale → key → message. */
export type LabelTranslations = Map<Locale, Map<string, string>>

export async function readLabelTranslations(
  contentDir: string,
  locales: readonly Locale[],
  fileFor: (locale: Locale) => string,
  log: DiagnosticLog,
): Promise<LabelTranslations> {
  const result: LabelTranslations = new Map()
  for (const locale of locales) {
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
    result.set(locale, messages)
  }
  return result
}

/**
 * A localeString with `english` and the translations found under the first of `keys` that a
 * locale's file has. Translations equal to the English text are kept: they are deliberate.
 */
export function localeString(english: string, keys: string | string[], translations?: LabelTranslations): LocaleString {
  const value: LocaleString = {_type: 'localeString', en: english}
  for (const [locale, messages] of translations ?? []) {
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const message = messages.get(key)
      if (message !== undefined) {
        value[localeField(locale)] = message
        break
      }
    }
  }
  return value
}
