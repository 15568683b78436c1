/**
 * Interface strings: the locale's uiStrings messages, falling back to the built-in translation of its
 * language (schemas/src/ui-catalogs), then to the default locale's messages and the catalogue's own text, spaced as the locale's typography wants (typography.ts), with {placeholder}
 * interpolation and "|"-separated plural forms chosen with Intl.PluralRules (plural.ts).
 */
import type {Locale} from '../model'
import type {UiStringsQueryResult} from '../sanity.types'
import {builtInUiCatalog} from '../ui-catalogs'
import {UI_MESSAGES, type UiMessageKey} from '../ui-messages'
import {fillPlaceholders, formatPlural} from './plural'
import {applyTypography} from './typography'

export {pluralCategories} from './plural'

export type MessageValues = Record<string, string | number>

export interface Translator {
  readonly locale: Locale
  /** A message with its values; a plural message comes back with all its forms (for browser code that picks one). */
  t: (key: UiMessageKey, values?: MessageValues) => string
  /** A plural message: picks the form for `count` and fills {count} (written as the locale writes numbers) and any other values. */
  plural: (key: UiMessageKey, count: number, values?: MessageValues) => string
}

/** The messages of one locale, built from the uiStrings documents of that locale and of the default one. */
export function createTranslator(locale: Locale, defaultLocale: Locale, documents: UiStringsQueryResult): Translator {
  // Each message with the language it is written in: a fallback keeps its own language's spacing.
  const table = new Map<string, {value: string; language: Locale}>()
  const load = (language: Locale) => {
    for (const document of documents) {
      if (document.language !== language) continue
      for (const message of document.messages ?? []) {
        if (message.key && typeof message.value === 'string') table.set(message.key, {value: message.value, language})
      }
    }
  }
  load(defaultLocale)
  if (locale !== defaultLocale) {
    // A locale without uiStrings of its own (added in the studio after the import) still reads its
    // language's built-in translation, as Docusaurus's theme does, rather than the default locale's.
    const builtIn = builtInUiCatalog(locale)
    if (builtIn) for (const [key, value] of Object.entries(builtIn)) table.set(key, {value, language: locale})
    load(locale)
  }
  // Spaced once per message, before values go in: values (titles, addresses, code) stay as written.
  const spaced = new Map<UiMessageKey, string>()
  const raw = (key: UiMessageKey) => {
    let message = spaced.get(key)
    if (message === undefined) {
      const entry = table.get(key) ?? {value: UI_MESSAGES[key].message, language: defaultLocale}
      message = applyTypography(entry.value, entry.language)
      spaced.set(key, message)
    }
    return message
  }
  return {
    locale,
    t: (key, values) => fillPlaceholders(raw(key), values),
    plural: (key, count, values) => formatPlural(raw(key), count, locale, values),
  }
}

/**
 * Minutes of reading at 200 words a minute, rounded up as Docusaurus shows them (a post of 201 words
 * reads in 2 minutes), at least one: the blog shows it with the blog.readingTime plural.
 */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / 200))
}
