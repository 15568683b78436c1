// Docusaurus translations of theme messages, brought into our message catalogue with our placeholders.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {DiagnosticLog, formatDiagnostic} from '../../diagnostics'
import type {SiteConfig} from '../site-config'
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
  await writeFile(path.join(site, 'i18n/fr/code.json'), JSON.stringify({
    'theme.blog.post.readingTime.plurals': message('Une minute de lecture|{readingTime} minutes de lecture'),
    'theme.blog.post.plurals': message('Un billet|{count} billets'),
    'theme.blog.tagTitle': message('{nPosts} avec l’étiquette « {tagName} »'),
    'theme.lastUpdated.lastUpdatedAtBy': message('Modifiée{atDate}{byUser}'),
    'theme.lastUpdated.atDate': message(' le {date}'),
    'theme.lastUpdated.byUser': message(' par {user}'),
    'theme.docs.versions.unmaintainedVersionLabel': message('Documentation de {siteTitle} {versionLabel}, plus maintenue.'),
    'theme.docs.versionBadge.label': message('Version : {versionName}'),
    'theme.CodeBlock.copy': message('Copier le code'),
  }, null, 2))
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

describe('fromDocusaurusMessage', () => {
  it('names the message a placeholder stands for when the file lacks it', () => {
    expect(fromDocusaurusMessage('blog.taggedPosts', '{nPosts} sur « {tagName} »', new Map())).toEqual({
      problem: '{nPosts} stands for the message "theme.blog.post.plurals", which this file does not have',
    })
  })

  it('leaves a message whose placeholders are ours as it is', () => {
    expect(fromDocusaurusMessage('search.pageTitle', 'Résultats pour « {query} »', new Map())).toEqual({value: 'Résultats pour « {query} »'})
  })
})
