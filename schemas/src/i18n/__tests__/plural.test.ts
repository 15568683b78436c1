// Plural forms through Intl.PluralRules, and complete translations, in every locale of the content's interface strings.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {builtInUiCatalog} from '../../ui-catalogs'
import {UI_MESSAGE_KEYS, UI_MESSAGES} from '../../ui-messages'
import {describe, expect, it} from 'vitest'
import {formatPlural, pluralCategories, selectPluralForm} from '../plural'

const I18N = join(import.meta.dirname, '../../../../content/i18n')

describe('selectPluralForm and formatPlural', () => {
  it('picks the form of the count’s category, in CLDR order', () => {
    expect(selectPluralForm('one|many|other', 1, 'fr')).toBe('one')
    expect(selectPluralForm('one|many|other', 0, 'fr')).toBe('one')
    expect(selectPluralForm('one|many|other', 2, 'fr')).toBe('other')
    expect(selectPluralForm('one|many|other', 1_000_000, 'fr')).toBe('many')
    expect(selectPluralForm('one|other', 0, 'en')).toBe('other')
    expect(selectPluralForm('only', 5, 'zh-CN')).toBe('only')
  })

  it('falls back to the last form when a translation has fewer forms than the locale has categories', () => {
    expect(selectPluralForm('one|other', 1_000_000, 'fr')).toBe('other')
  })

  it('writes the count as the locale writes numbers', () => {
    expect(formatPlural('{count} result|{count} results', 1234, 'en')).toBe('1,234 results')
    expect(formatPlural('Voir le résultat|Voir les {count} résultats', 1, 'fr')).toBe('Voir le résultat')
    expect(formatPlural('Voir le résultat|Voir les {count} résultats', 12, 'fr')).toBe('Voir les 12 résultats')
  })
})

describe('the catalogue and every locale’s strings', () => {
  it('marks every message with a {count} as plural, and only those', () => {
    for (const key of UI_MESSAGE_KEYS) {
      const {message, plural} = UI_MESSAGES[key]
      expect({key, plural: plural === true}).toEqual({key, plural: message.includes('{count}')})
    }
  })

  // What each locale of the content reads: the built-in translation of its language, then its code.json.
  const locales = readdirSync(I18N).filter((entry) => !entry.startsWith('.'))
  const stringsOf = (locale: string): Record<string, {message: string}> => {
    const own = JSON.parse(readFileSync(join(I18N, locale, 'code.json'), 'utf8')) as Record<string, {message: string}>
    const builtIn: Readonly<Record<string, string>> = builtInUiCatalog(locale) ?? {}
    return {...Object.fromEntries(Object.entries(builtIn).map(([key, message]) => [key, {message}])), ...own}
  }
  it.each(locales)('%s: translates every message of the catalogue (no English string on its pages)', (locale) => {
    const strings = stringsOf(locale)
    const missing = UI_MESSAGE_KEYS.filter((key) => {
      const id = UI_MESSAGES[key].docusaurusId
      return strings[key] === undefined && (id === undefined || strings[id] === undefined)
    })
    expect(missing).toEqual([])
  })
  it.each(locales)('%s: plural messages have one form per plural category at most, other messages none', (locale) => {
    const strings = stringsOf(locale)
    const categories = pluralCategories(new Intl.PluralRules(locale))
    for (const key of UI_MESSAGE_KEYS) {
      const message = strings[key]?.message
      if (message === undefined) continue
      const forms = message.split('|')
      if (UI_MESSAGES[key].plural) {
        expect({key, tooManyForms: forms.length > categories.length}).toEqual({key, tooManyForms: false})
        // A count the locale calls "other" must not read as one: "Voir les 1 résultats" came from a non-plural message.
        expect({key, otherFormHasCount: /\{count\}/.test(selectPluralForm(message, 7, locale))}).toEqual({key, otherFormHasCount: true})
      } else {
        expect({key, forms: forms.length}).toEqual({key, forms: 1})
      }
    }
  })
})
