// Docusaurus translations of theme messages, brought into our message catalogue with our placeholders.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {BUILT_IN_LANGUAGES, builtInUiCatalog, UI_MESSAGE_KEYS, UI_MESSAGES} from '@site/schemas'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../../diagnostics'
import type {SiteConfig} from '../site-config'
import {themeLocaleFolders} from '../theme-translations'
import {buildUiStrings, fromDocusaurusMessage} from '../ui-strings'

let site = ''
const config: SiteConfig = {
  configFile: 'docusaurus.config.js',
  config: {i18n: {defaultLocale: 'en', locales: ['en', 'fr']}},
  themeConfig: {},
  docsOptions: {},
  blogOptions: {},
  defaultLocale: 'en',
  locales: ['en', 'fr'],
  versions: [],
  docsPath: 'docs',
}

const message = (text: string) => ({message: text, description: 'from the site'})

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'ui-strings-'))
  await mkdir(path.join(site, 'i18n/fr'), {recursive: true})
  await writeFile(
    path.join(site, 'i18n/fr/code.json'),
    JSON.stringify(
      {
        'theme.blog.post.readingTime.plurals': message('Une minute de lecture|{readingTime} minutes de lecture'),
        'theme.blog.post.plurals': message('Un billet|{count} billets'),
        'theme.blog.tagTitle': message('{nPosts} avec l’étiquette « {tagName} »'),
        'theme.lastUpdated.lastUpdatedAtBy': message('Modifiée{atDate}{byUser}'),
        'theme.lastUpdated.atDate': message(' le {date}'),
        'theme.lastUpdated.byUser': message(' par {user}'),
        'theme.docs.versions.unmaintainedVersionLabel': message('Documentation de {siteTitle} {versionLabel}, plus maintenue.'),
        'theme.docs.versionBadge.label': message('Version : {versionName}'),
        'theme.CodeBlock.copy': message('Copier le code'),
      },
      null,
      2,
    ),
  )
})

afterAll(async () => {
  if (site) await rm(site, {recursive: true, force: true})
})

describe('buildUiStrings', () => {
  it('renames Docusaurus placeholders to ours and fills the ones that stand for other messages', async () => {
    const log = new DiagnosticLog()
    const documents = await buildUiStrings(site, config, log)
    const french = documents.find((document) => document.language === 'fr') as unknown as {messages: {key: string; value: string}[]}
    const value = (key: string) => french.messages.find((entry) => entry.key === key)?.value
    expect(value('blog.readingTime')).toBe('Une minute de lecture|{count} minutes de lecture')
    expect(value('blog.taggedPosts')).toBe('Un billet avec l’étiquette « {tag} »|{count} billets avec l’étiquette « {tag} »')
    expect(value('doc.lastUpdated')).toBe('Modifiée le {date}')
    expect(value('doc.unmaintained')).toBe('Documentation de {site} {version}, plus maintenue.')
    expect(value('code.copy')).toBe('Copier le code')
    // A placeholder that cannot be filled would show as written: the built-in translation stays, with a warning.
    expect(value('doc.versionBadge')).toBe('Version : {version}')
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      'i18n/fr/code.json: "theme.docs.versionBadge.label": {versionName} cannot be filled in (the message has {version}): the built-in translation is used',
      // The name of who last updated a doc is not shown here; the date part is used through the message above.
      'i18n/fr/code.json: 1 message of Docusaurus theme features this site does not show (theme.lastUpdated.byUser): not imported',
    ])
  })
})

describe('buildUiStrings in languages with and without a built-in translation', () => {
  let other = ''
  beforeAll(async () => {
    other = await mkdtemp(path.join(tmpdir(), 'ui-strings-languages-'))
    await mkdir(path.join(other, 'i18n/nl'), {recursive: true})
    await writeFile(
      path.join(other, 'i18n/nl/code.json'),
      JSON.stringify(
        {
          'theme.admonition.note': message('notitie'),
          'search.button': message('Zoeken'),
        },
        null,
        2,
      ),
    )
  })
  afterAll(async () => {
    if (other) await rm(other, {recursive: true, force: true})
  })
  const withLocales = (defaultLocale: string, locales: string[]): SiteConfig => ({...config, config: {i18n: {defaultLocale, locales}}, defaultLocale, locales})
  const messagesOf = (documents: Awaited<ReturnType<typeof buildUiStrings>>, locale: string) =>
    new Map(
      (documents.find((document) => document.language === locale) as unknown as {messages: {key: string; value: string}[]} | undefined)?.messages.map(
        ({key, value}) => [key, value],
      ),
    )

  it('gives a Persian, Mexican Spanish or Taiwanese site its interface without a code.json, and says what a language without one reads', async () => {
    const log = new DiagnosticLog()
    const documents = await buildUiStrings(other, withLocales('en', ['en', 'fa', 'es-MX', 'zh-TW', 'nl']), log)
    expect(messagesOf(documents, 'fa').get('admonition.warning')).toBe('هشدار')
    expect(messagesOf(documents, 'fa').size).toBe(UI_MESSAGE_KEYS.length)
    expect(messagesOf(documents, 'es-MX').get('doc.next')).toBe('Siguiente')
    expect(messagesOf(documents, 'zh-TW').get('search.button')).toBe('搜尋')
    // Dutch has only what its code.json gives; the rest falls back to the default locale's document.
    expect([...messagesOf(documents, 'nl')].sort()).toEqual([
      ['admonition.note', 'notitie'],
      ['search.button', 'Zoeken'],
    ])
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      `i18n/nl/code.json: ${UI_MESSAGE_KEYS.length - 2} of ${UI_MESSAGE_KEYS.length} interface messages have no translation for nl, neither in this file nor built in (the built-in languages are ${BUILT_IN_LANGUAGES.join(', ')}): they are shown as the default locale en shows them (theme.common.skipToMainContent, common.loading, common.loadError, …)`,
    ])
  })

  it('reads English for the messages a default locale without a built-in translation does not translate', async () => {
    const log = new DiagnosticLog()
    const documents = await buildUiStrings(other, withLocales('nl', ['nl']), log)
    expect(messagesOf(documents, 'nl').get('search.button')).toBe('Zoeken')
    expect(messagesOf(documents, 'nl').get('doc.next')).toBe('Next')
    expect(log.warnings.map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^i18n\/nl\/code\.json: \d+ of \d+ interface messages have no translation for nl, .*: they are shown in English \(/),
    ])
  })
})

describe('ids of earlier Docusaurus versions', () => {
  /** The French messages made from a code.json with these entries. */
  async function frenchFrom(entries: Record<string, ReturnType<typeof message>>): Promise<(key: string) => string | undefined> {
    const root = await mkdtemp(path.join(tmpdir(), 'ui-strings-alias-'))
    try {
      await mkdir(path.join(root, 'i18n/fr'), {recursive: true})
      await writeFile(path.join(root, 'i18n/fr/code.json'), JSON.stringify(entries))
      const documents = await buildUiStrings(root, config, new DiagnosticLog())
      const french = documents.find((document) => document.language === 'fr') as unknown as {messages: {key: string; value: string}[]}
      return (key) => french.messages.find((entry) => entry.key === key)?.value
    } finally {
      await rm(root, {recursive: true, force: true})
    }
  }

  it('reads the unlisted banner of a Docusaurus 3.0 code.json (theme.unlistedContent.*), and prefers the current id when both are there', async () => {
    const old = await frenchFrom({'theme.unlistedContent.title': message('Page cachée')})
    expect(old('unlisted.title')).toBe('Page cachée')
    const both = await frenchFrom({
      'theme.unlistedContent.title': message('Page cachée'),
      'theme.contentVisibility.unlistedBanner.title': message('Page non listée'),
    })
    expect(both('unlisted.title')).toBe('Page non listée')
  })
})

describe('fromDocusaurusMessage', () => {
  it('names the message a placeholder stands for when the file lacks it', () => {
    expect(fromDocusaurusMessage('blog.taggedPosts', '{nPosts} sur « {tagName} »', new Map())).toEqual({
      problem: '{nPosts} stands for the message "theme.blog.post.plurals", which this file does not have',
    })
  })

  it("reads the docs tag page's title with its plural number of docs and its tag name, as code.json gives them", () => {
    const file = new Map([['theme.docs.tagDocListPageTitle.nDocsTagged', 'Un document étiqueté|{count} documents étiquetés']])
    expect(fromDocusaurusMessage('doc.taggedDocs', '{nDocsTagged} « {tagName} »', file)).toEqual({
      value: 'Un document étiqueté « {tag} »|{count} documents étiquetés « {tag} »',
    })
  })

  it('leaves a message whose placeholders are ours as it is', () => {
    expect(fromDocusaurusMessage('search.pageTitle', 'Résultats pour « {query} »', new Map())).toEqual({value: 'Résultats pour « {query} »'})
  })
})

describe("the theme translations of the site's installed Docusaurus", () => {
  const withLocales = (defaultLocale: string, locales: string[]): SiteConfig => ({...config, config: {i18n: {defaultLocale, locales}}, defaultLocale, locales})

  /** A site with @docusaurus/theme-translations installed, its locale folders holding these messages. */
  async function siteWithTheme(folders: Record<string, Record<string, string>>, codeJson: Record<string, Record<string, ReturnType<typeof message>>> = {}) {
    const root = await mkdtemp(path.join(tmpdir(), 'ui-strings-theme-'))
    const pkg = path.join(root, 'node_modules/@docusaurus/theme-translations')
    await mkdir(path.join(pkg, 'lib'), {recursive: true})
    await writeFile(path.join(pkg, 'package.json'), JSON.stringify({name: '@docusaurus/theme-translations', version: '2.4.3', main: 'lib/index.js'}))
    await writeFile(path.join(pkg, 'lib/index.js'), 'module.exports = {}\n')
    for (const [folder, messages] of Object.entries(folders)) {
      await mkdir(path.join(pkg, 'locales', folder), {recursive: true})
      await writeFile(path.join(pkg, 'locales', folder, 'theme-common.json'), JSON.stringify(messages))
    }
    for (const [locale, entries] of Object.entries(codeJson)) {
      await mkdir(path.join(root, 'i18n', locale), {recursive: true})
      await writeFile(path.join(root, 'i18n', locale, 'code.json'), JSON.stringify(entries))
    }
    return root
  }

  it('shows what that version of Docusaurus shows: its text over the built-in one, found as Docusaurus finds the folder, under the code.json', async () => {
    // Docusaurus 2.4.3's pt-BR file leaves the admonition labels in English; its Spanish one translates them.
    const root = await siteWithTheme(
      {
        'pt-BR': {
          'theme.admonition.caution': 'caution',
          'theme.admonition.caution___DESCRIPTION': 'The title of a caution admonition',
          'theme.admonition.tip': 'dica',
        },
        es: {'theme.admonition.note': 'nota del tema'},
        base: {'theme.blog.archive.description': 'Archive', 'theme.admonition.caution': 'caution'},
      },
      {'pt-br': {'theme.admonition.tip': message('dica do site')}},
    )
    try {
      const log = new DiagnosticLog()
      const documents = await buildUiStrings(root, withLocales('en', ['en', 'pt-br', 'es-MX', 'fr']), log)
      const values = (locale: string) =>
        new Map(
          (documents.find((document) => document.language === locale) as unknown as {messages: {key: string; value: string}[]}).messages.map(({key, value}) => [
            key,
            value,
          ]),
        )
      // pt-br reads pt-BR/ (its maximized language-region), es-MX reads es/ (its language).
      expect(values('pt-br').get('admonition.caution')).toBe('caution')
      expect(values('pt-br').get('admonition.tip')).toBe('dica do site')
      expect(values('es-MX').get('admonition.note')).toBe('nota del tema')
      // French has no folder here: the built-in translation stays.
      expect(values('fr').get('admonition.caution')).toBe(builtInUiCatalog('fr')?.['admonition.caution'])
      // English reads base/, the messages as the theme's code writes them ("Archive" under the archive's title).
      expect(values('en').get('blog.archiveDescription')).toBe('Archive')
      expect(values('en').get('admonition.caution')).toBe('caution')
      expect(values('en').get('blog.archive')).toBe(UI_MESSAGES['blog.archive'].message)
      expect(log.warnings).toEqual([])
    } finally {
      await rm(root, {recursive: true, force: true})
    }
  })

  it('lists the folders Docusaurus tries for a locale, in its order', () => {
    expect(themeLocaleFolders('pt-br')).toEqual(['pt-br', 'pt-BR', 'pt-Latn', 'pt'])
    expect(themeLocaleFolders('zh')).toEqual(['zh', 'zh-CN', 'zh-Hans'])
    expect(themeLocaleFolders('fr')).toEqual(['fr', 'fr-FR', 'fr-Latn'])
    expect(themeLocaleFolders('en-us')).toEqual(['en-us', 'en-US', 'en-Latn', 'en', 'base'])
  })
})
