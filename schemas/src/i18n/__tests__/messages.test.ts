// Interface messages: locale then English fallback, placeholders, plural forms.
import {describe, expect, it} from 'vitest'
import {createTranslator, pluralCategories, readingMinutes} from '../messages'

const documents = [
  {
    language: 'en' as const,
    messages: [
      {key: 'code.copy' as const, value: 'Copy it'},
      {key: 'doc.toc' as const, value: 'On this page'},
    ],
  },
  {
    language: 'fr' as const,
    messages: [
      {key: 'code.copy' as const, value: 'Copier'},
      {key: 'blog.readingTime' as const, value: 'Une minute de lecture|{count} minutes de lecture'},
      {key: 'doc.lastUpdated' as const, value: 'Dernière mise à jour le {date}'},
      {key: 'search.resultCount' as const, value: 'Un document trouvé|{count} documents trouvés|{count} documents trouvés'},
    ],
  },
]

describe('createTranslator', () => {
  const fr = createTranslator('fr', 'en', documents)
  const en = createTranslator('en', 'en', documents)

  it('uses the locale, then the built-in translation of its language, then English, then the catalogue text', () => {
    expect(fr.t('code.copy')).toBe('Copier')
    // The French built-in translation (schemas/src/ui-catalogs/fr.ts), spaced as French is.
    expect(fr.t('doc.toc')).toBe('Sur cette page')
    expect(fr.t('notFound.title')).toBe('Page introuvable')
    expect(en.t('code.copy')).toBe('Copy it')
    // A locale added after the import has no uiStrings: its language's built-in interface, not English.
    const es = createTranslator('es', 'en', documents)
    expect(es.t('doc.toc')).toBe('En esta página')
    expect(es.t('code.copy')).toBe(createTranslator('es', 'en', []).t('code.copy'))
    // A language without one reads the default locale's messages, then the catalogue's.
    const nl = createTranslator('nl', 'en', documents)
    expect(nl.t('doc.toc')).toBe('On this page')
    expect(nl.t('notFound.title')).toBe('Page Not Found')
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fr.t('doc.lastUpdated', {date: '12 juillet 2024'})).toBe('Dernière mise à jour le 12 juillet 2024')
    expect(fr.t('doc.lastUpdated')).toBe('Dernière mise à jour le {date}')
  })

  it('picks French plural forms', () => {
    expect(fr.plural('blog.readingTime', 1)).toBe('Une minute de lecture')
    expect(fr.plural('blog.readingTime', 5)).toBe('5 minutes de lecture')
    expect(fr.plural('blog.readingTime', 0)).toBe('Une minute de lecture')
    // French writes large numbers with narrow no-break spaces between groups of three digits.
    expect(fr.plural('search.resultCount', 1_000_000)).toBe('1\u202F000\u202F000 documents trouvés')
  })

  it('picks English and Chinese plural forms', () => {
    expect(en.plural('blog.readingTime', 1)).toBe('One min read')
    expect(en.plural('blog.readingTime', 7)).toBe('7 min read')
    const zh = createTranslator('zh-CN', 'en', [{language: 'zh-CN', messages: [{key: 'blog.readingTime', value: '阅读需 {count} 分钟'}]}])
    expect(zh.plural('blog.readingTime', 1)).toBe('阅读需 1 分钟')
  })

  it('orders plural categories as CLDR does, whatever ICU reports', () => {
    expect(pluralCategories(new Intl.PluralRules('fr'))).toEqual(['one', 'many', 'other'])
    expect(pluralCategories(new Intl.PluralRules('en'))).toEqual(['one', 'other'])
  })

  it('estimates reading time in whole minutes, at least one', () => {
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(1000)).toBe(5)
    expect(readingMinutes(1001)).toBe(6)
    expect(readingMinutes(201)).toBe(2)
  })
})

describe('French typography in messages', () => {
  const fr = createTranslator('fr', 'en', [
    {language: 'en', messages: [{key: 'blog.tags', value: 'Tags:'}]},
    {
      language: 'fr',
      messages: [
        {key: 'doc.versionBadge', value: 'Version : {version}'},
        {key: 'common.labelValue', value: '{label}: {value}'},
        {key: 'search.pageTitle', value: 'Résultats pour « {query} »'},
      ],
    },
  ])

  it('spaces French messages, before the values go in', () => {
    expect(fr.t('doc.versionBadge', {version: '4.x'})).toBe('Version\u202F: 4.x')
    expect(fr.t('common.labelValue', {label: 'Journal des modifications', value: '4.8.0'})).toBe('Journal des modifications\u202F: 4.8.0')
    expect(fr.t('search.pageTitle', {query: 'a:b'})).toBe('Résultats pour «\u202Fa:b\u202F»')
  })

  it('spaces the built-in French message the French way, and an English fallback as English writes it', () => {
    expect(fr.t('blog.tags')).toMatch(/^Étiquettes[\u00A0\u202F]:$/u)
    // Dutch has no built-in translation: the English message keeps English spacing.
    expect(createTranslator('nl', 'en', [{language: 'en', messages: [{key: 'blog.tags', value: 'Tags:'}]}]).t('blog.tags')).toBe('Tags:')
  })
})
