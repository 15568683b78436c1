// The built-in interface translations: complete, with the catalogue's placeholders and the plural forms
// of their language, found by the language of a locale code, right-to-left Persian readable.
import {describe, expect, it} from 'vitest'
import {UI_MESSAGE_KEYS, UI_MESSAGES} from '../../ui-messages'
import {BUILT_IN_LANGUAGES, builtInUiCatalog, type UiCatalog} from '..'

const placeholders = (message: string) => [...new Set(message.match(/\{\w+\}/g) ?? [])].sort()

function catalogOf(locale: string): UiCatalog {
  const catalog = builtInUiCatalog(locale)
  if (!catalog) throw new Error(`no built-in catalogue for ${locale}`)
  return catalog
}

// Plural forms as the site picks them (src/i18n/plural.ts, written out again here): "|"-separated,
// one per plural category of the locale in CLDR order, the last form for categories beyond them.
const CLDR_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']
const categoriesOf = (locale: string) => {
  const present = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories)
  return CLDR_ORDER.filter((category) => present.has(category))
}
function pluralForm(message: string, count: number, locale: string): string {
  const forms = message.split('|')
  const index = categoriesOf(locale).indexOf(new Intl.PluralRules(locale).select(count))
  return forms[Math.min(index, forms.length - 1)] ?? ''
}
const fill = (form: string, count: number, values: Record<string, string> = {}) =>
  form.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'count' ? String(count) : (values[name] ?? `{${name}}`)))

// Counts the pages show (reading minutes, posts, results: never 0 where the English "one" form has no
// number), chosen to reach every category: Russian's one (21, 101), few (2, 22), many (5, 11, 25), and
// the "many" of French, Spanish, Italian and Portuguese (1 000 000).
const COUNTS = [2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1_000_000]
const PLURAL_KEYS = UI_MESSAGE_KEYS.filter((key) => UI_MESSAGES[key].plural)

const LOCALES = [...BUILT_IN_LANGUAGES, 'de-CH']

describe('built-in interface translations', () => {
  it.each(LOCALES)('%s: every message of the catalogue and nothing else, none empty or padded', (locale) => {
    const catalog = catalogOf(locale)
    expect(Object.keys(catalog).sort()).toEqual([...UI_MESSAGE_KEYS].sort())
    for (const key of UI_MESSAGE_KEYS) {
      const value = catalog[key]
      expect({key, ok: typeof value === 'string' && value.trim() === value && value !== '' && !/ {2}/.test(value)}).toEqual({key, ok: true})
    }
  })

  it.each(LOCALES)('%s: the same placeholders as the English message, in every plural form', (locale) => {
    const catalog = catalogOf(locale)
    for (const key of UI_MESSAGE_KEYS) {
      expect({key, placeholders: placeholders(catalog[key])}).toEqual({key, placeholders: placeholders(UI_MESSAGES[key].message)})
      // A form may leave out its number ("One post tagged …"), never the other values.
      const others = placeholders(UI_MESSAGES[key].message).filter((name) => name !== '{count}')
      for (const form of catalog[key].split('|')) expect({key, form, missing: others.filter((name) => !form.includes(name))}).toEqual({key, form, missing: []})
    }
  })

  it.each(LOCALES)('%s: plural messages have the forms of the language, every count above one written out', (locale) => {
    const catalog = catalogOf(locale)
    const categories = categoriesOf(locale)
    for (const key of UI_MESSAGE_KEYS) {
      const forms = catalog[key].split('|')
      if (!PLURAL_KEYS.includes(key)) {
        expect({key, forms: forms.length}).toEqual({key, forms: 1})
        continue
      }
      // Japanese, Korean and Chinese have one form; no language more forms than categories.
      expect({key, forms: forms.length, atMost: Math.min(forms.length, categories.length)}).toEqual({key, forms: forms.length, atMost: forms.length})
      if (categories.length === 1) expect({key, forms: forms.length}).toEqual({key, forms: 1})
      // "21 posts" must not read "One post" (Russian's 21 is "one"), nor "1 000 000" fall on a form without the number.
      for (const count of COUNTS) expect({key, count, form: pluralForm(catalog[key], count, locale).includes('{count}')}).toEqual({key, count, form: true})
    }
  })

  it.each(LOCALES)('%s: translated, not English left in place', (locale) => {
    if (locale === 'en') return
    const catalog = catalogOf(locale)
    // Some words are the same in many languages (Blog, Version, info) and some messages are only placeholders.
    const same = UI_MESSAGE_KEYS.filter((key) => catalog[key] === UI_MESSAGES[key].message && /[A-Za-z]{2}/.test(catalog[key].replace(/\{\w+\}/g, '')))
    expect(same.length, same.join(', ')).toBeLessThanOrEqual(10)
  })

  it('Russian picks one, few and many as Russian counts', () => {
    const posts = catalogOf('ru')['blog.postCount']
    expect([1, 2, 5, 11, 21, 22, 25, 101, 112].map((count) => fill(pluralForm(posts, count, 'ru'), count))).toEqual([
      '1 запись',
      '2 записи',
      '5 записей',
      '11 записей',
      '21 запись',
      '22 записи',
      '25 записей',
      '101 запись',
      '112 записей',
    ])
    expect(fill(pluralForm(catalogOf('ru')['search.resultCount'], 21, 'ru'), 21)).toBe('Найден 21 документ')
  })

  it('CJK catalogues use full-width punctuation', () => {
    for (const locale of ['ja', 'zh-CN', 'zh-Hant']) {
      const catalog = catalogOf(locale)
      for (const key of UI_MESSAGE_KEYS) expect({locale, key, ascii: /[,:;?!()]/.test(catalog[key])}).toEqual({locale, key, ascii: false})
    }
  })
})

describe('right-to-left Persian', () => {
  const fa = catalogOf('fa')
  const FSI = '\u2068'
  const PDI = '\u2069'
  // Values whose direction the message cannot know: names, titles, versions, queries, addresses.
  const UNKNOWN_DIRECTION = ['{site}', '{version}', '{title}', '{tag}', '{name}', '{authors}', '{query}', '{expected}', '{label}', '{value}']

  it('isolates every value of unknown direction, so that "Socket.IO 4.x" keeps its order', () => {
    for (const key of UI_MESSAGE_KEYS) {
      const message = fa[key]
      // Balanced, never nested.
      expect({key, isolates: message.replace(/[^\u2068\u2069]/g, '').replace(/\u2068\u2069/g, '')}).toEqual({key, isolates: ''})
      const isolatedText = [...message.matchAll(/\u2068([^\u2069]*)\u2069/g)].map((match) => match[1]).join(' ')
      for (const name of UNKNOWN_DIRECTION.filter((placeholder) => message.includes(placeholder))) {
        expect({key, name, isolated: isolatedText.includes(name)}).toEqual({key, name, isolated: true})
      }
    }
    // A site and its version are one left-to-right run, not two runs set right to left.
    expect(fa['doc.unmaintained']).toContain(`${FSI}{site} {version}${PDI}`)
    expect(fill(fa['doc.versionBadge'], 0, {version: '4.x'})).toBe(`نسخه: ${FSI}4.x${PDI}`)
  })

  it('writes Persian punctuation and letters, and a "back" arrow pointing right', () => {
    for (const key of UI_MESSAGE_KEYS) {
      // Persian comma, semicolon and question mark; Persian yeh and keheh, not the Arabic ي and ك.
      expect({key, latinPunctuation: /[,;?]/.test(fa[key]), arabicLetters: /[يك]/.test(fa[key])}).toEqual({key, latinPunctuation: false, arabicLetters: false})
    }
    expect(fa['nav.backToMainMenu'].startsWith('→ ')).toBe(true)
    expect(fa['admonition.warning']).toBe('هشدار')
  })
})

describe('builtInUiCatalog', () => {
  const is = (locale: string, language: string) => expect({locale, catalog: builtInUiCatalog(locale)}).toEqual({locale, catalog: builtInUiCatalog(language)})

  it('is found by the language of a locale code, in any case and with _ or -', () => {
    expect(builtInUiCatalog('fr-CA')?.['common.retry']).toBe('Réessayer')
    expect(builtInUiCatalog('en-GB')?.['common.retry']).toBe(UI_MESSAGES['common.retry'].message)
    for (const [locale, language] of [
      ['pt', 'pt-BR'],
      ['pt-br', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['es-ES', 'es'],
      ['es-MX', 'es'],
      ['es-419', 'es'],
      ['de-DE', 'de'],
      ['de-AT', 'de'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
      ['ru-RU', 'ru'],
      ['fa-IR', 'fa'],
      ['it-IT', 'it'],
      ['it-CH', 'it'],
      ['tr-TR', 'tr'],
      ['FR_fr', 'fr'],
    ] as const)
      is(locale, language)
    expect(builtInUiCatalog('es-MX')?.['code.copy']).toBe('Copiar')
  })

  it('reads Chinese by its script, else by its region', () => {
    for (const locale of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'zh_cn']) is(locale, 'zh-CN')
    for (const locale of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-HK', 'zh_TW']) is(locale, 'zh-Hant')
    expect(builtInUiCatalog('zh-TW')?.['search.button']).toBe('搜尋')
    expect(builtInUiCatalog('zh-CN')?.['search.button']).toBe('搜索')
  })

  it('writes "ss" for "ß" in Swiss German', () => {
    expect(builtInUiCatalog('de')?.['common.close']).toBe('Schließen')
    expect(builtInUiCatalog('de-CH')?.['common.close']).toBe('Schliessen')
    expect(builtInUiCatalog('de-LI')).toBe(builtInUiCatalog('de-CH'))
    expect(Object.values(catalogOf('de-CH')).some((message) => message.includes('ß'))).toBe(false)
  })

  it('has none for other languages (their sites read English unless their code.json translates)', () => {
    for (const locale of ['nl', 'pl', 'ar', 'he', 'uk', 'constructor', 'toString', ''])
      expect({locale, catalog: builtInUiCatalog(locale)}).toEqual({locale, catalog: null})
  })

  it('lists every language it has', () => {
    const catalogs = new Set(BUILT_IN_LANGUAGES.map((language) => builtInUiCatalog(language)))
    expect(catalogs.size).toBe(BUILT_IN_LANGUAGES.length)
    expect(catalogs.has(null)).toBe(false)
  })
})
