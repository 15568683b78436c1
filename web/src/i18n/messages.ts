/**
 * Interface strings: the locale's uiStrings messages, falling back to the default locale's and then to the
 * catalogue's own text, with {placeholder} interpolation and "|"-separated plural forms ordered
 * like the locale's Intl.PluralRules categories (put in CLDR order, see pluralCategories).
 */
import {UI_MESSAGES, type UiMessageKey} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {UiStringsQueryResult} from '@site/schemas/types'

export type MessageValues = Record<string, string | number>

export interface Translator {
  readonly locale: Locale
  t(key: UiMessageKey, values?: MessageValues): string
  /** A plural message: picks the form for `count` and fills {count} and any other values. */
  plural(key: UiMessageKey, count: number, values?: MessageValues): string
}

/** The messages of one locale, built from the uiStrings documents of that locale and of the default one. */
export function createTranslator(locale: Locale, defaultLocale: Locale, documents: UiStringsQueryResult): Translator {
  const table = new Map<string, string>()
  const load = (language: Locale) => {
    for (const document of documents) {
      if (document.language !== language) continue
      for (const message of document.messages ?? []) {
        if (message.key && typeof message.value === 'string') table.set(message.key, message.value)
      }
    }
  }
  load(defaultLocale)
  if (locale !== defaultLocale) load(locale)
  const rules = new Intl.PluralRules(locale)
  const categories = pluralCategories(rules)
  const raw = (key: UiMessageKey) => table.get(key) ?? UI_MESSAGES[key].message
  return {
    locale,
    t: (key, values) => interpolate(raw(key), values),
    plural: (key, count, values) => {
      const forms = raw(key).split('|')
      const index = categories.indexOf(rules.select(count))
      // A translation with fewer forms than the locale has categories falls back to its last form.
      const form = forms[Math.min(index === -1 ? forms.length - 1 : index, forms.length - 1)] ?? ''
      return interpolate(form, {count, ...values})
    },
  }
}

const CLDR_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']

/**
 * The locale's plural categories in CLDR order. resolvedOptions() lists them in an order that
 * depends on the ICU build (Node 22 gives many, one, other for French), while translators write
 * forms in CLDR order (one before many before other), as Docusaurus translations do.
 */
export function pluralCategories(rules: Intl.PluralRules): Intl.LDMLPluralRule[] {
  const present = new Set(rules.resolvedOptions().pluralCategories)
  return CLDR_ORDER.filter((category) => present.has(category))
}

function interpolate(message: string, values: MessageValues | undefined): string {
  if (!values) return message
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : String(value)
  })
}

/** Minutes of reading at a steady pace, at least one: the blog shows it with the blog.readingTime plural. */
export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.round(wordCount / 200))
}
