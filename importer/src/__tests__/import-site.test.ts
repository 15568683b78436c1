// The importer end to end on small whole sites: one complete, one with bad front matter on purpose.
import {existsSync} from 'node:fs'
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {documentTypes, UI_MESSAGE_KEYS} from '@site/schemas'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {type ImportResult, runImport} from '../run-import'
import {checkDocument} from '../schema-check'

const FIXTURES = path.join(import.meta.dirname, '__fixtures__')

/** A stored translated label: one {language, value} item per locale. */
function label(values: Record<string, string>) {
  return Object.entries(values).map(([language, value]) => ({_key: language, _type: 'localeStringValue', language, value}))
}
const temporary: string[] = []

async function importInto(site: string): Promise<{result: ImportResult; outDir: string}> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'import-test-'))
  temporary.push(outDir)
  const result = await runImport({contentDir: path.join(FIXTURES, site), outDir})
  return {result, outDir}
}

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

describe('importing the fixture site', () => {
  let first: {result: ImportResult; outDir: string}
  let byId: Map<string, Record<string, unknown>>

  beforeAll(async () => {
    first = await importInto('site')
    byId = new Map(first.result.documents.map((document) => [document._id, document]))
  })

  it('writes the dataset without errors and lists the warnings from the content', () => {
    expect(first.result.errors.map(formatDiagnostic)).toEqual([])
    expect(first.result.written).toBe(true)
    expect(sortDiagnostics(first.result.warnings).map(formatDiagnostic)).toEqual([
      'i18n/fr/code.json: 1 message of Docusaurus theme features this site does not show (theme.SearchBar.noSuchThing): not imported',
    ])
    expect(first.result.filesRead).toBe(14)
  })

  it('writes one document per source with deterministic ids', () => {
    expect([...byId.keys()].sort()).toEqual([
      'author-darrachequesne',
      'blogPost-en-2024--07--12--hello-world',
      'blogPost-fr-2024--07--12--hello-world',
      'doc-v3-en-index',
      'doc-v3-en-rooms',
      'doc-v4-en-advanced--memory',
      'doc-v4-en-advanced--scaling',
      'doc-v4-en-index',
      'doc-v4-en-intro',
      'doc-v4-en-server',
      'doc-v4-en-server--rooms',
      'doc-v4-fr-server--rooms',
      'docsVersion-v3',
      'docsVersion-v4',
      'homePage-en',
      'page-en-how-to--use-with-react',
      'release-en-4_8_0',
      'sidebar-v3-docs',
      'sidebar-v4-docs',
      'siteSettings',
      'staticFile-aa397178bac086e6',
      'staticFile-dc049874f1909bd8',
      'translation-metadata-blogPost-en-2024--07--12--hello-world',
      'translation-metadata-doc-v4-en-server--rooms',
      'uiStrings-en',
      'uiStrings-fr',
    ])
  })

  it('re-imports to identical bytes', async () => {
    const second = await importInto('site')
    const a = await readFile(path.join(first.outDir, 'data.ndjson'), 'utf8')
    const b = await readFile(path.join(second.outDir, 'data.ndjson'), 'utf8')
    expect(b).toBe(a)
    expect(a.split('\n').filter(Boolean)).toHaveLength(26)
  })

  it('gives every document a schema document type and its required fields', () => {
    const names = new Set<string>(documentTypes.map((type) => type.name))
    // translation.metadata is the internationalization plugin's own type, outside the content model.
    for (const document of first.result.documents.filter((candidate) => candidate._type !== 'translation.metadata')) {
      expect(names.has(document._type), document._id).toBe(true)
      expect(checkDocument(document), document._id).toEqual([])
    }
  })

  it("checks an author's email address as the content model's email type", () => {
    const author = (email: unknown) => ({_id: 'author-team', _type: 'author', key: 'team', name: 'Harbour Team', email})
    expect(checkDocument(author('team@harbour.example'))).toEqual([])
    expect(checkDocument(author('the team'))).toEqual(['email: expected an email address, got "the team"'])
  })

  it('derives doc slugs from ids, number prefixes, index files and slug: /', () => {
    expect(byId.get('doc-v4-en-index')).toMatchObject({slug: 'index', version: 'v4', language: 'en', title: 'Welcome'})
    expect(byId.get('doc-v4-en-server--rooms')).toMatchObject({slug: 'server/rooms', sidebarPosition: 2, sourcePath: 'docs/02-server/rooms.md'})
    expect(byId.get('doc-v4-en-intro')).toMatchObject({slug: 'intro', sidebarPosition: 1, description: 'What the library does.'})
  })

  it('creates docsVersion documents from the config and versions.json', () => {
    expect(byId.get('docsVersion-v4')).toEqual({
      _id: 'docsVersion-v4',
      _type: 'docsVersion',
      path: 'v4',
      label: '4.x',
      name: 'current',
      isLast: true,
      order: 1,
      mainDoc: 'index',
      banner: 'none',
    })
    expect(byId.get('docsVersion-v3')).toMatchObject({name: '3.x', isLast: false, order: 2, banner: 'unmaintained'})
  })

  it('builds sidebars whose doc items reference default-locale docs, with translated labels', () => {
    const sidebar = byId.get('sidebar-v4-docs') as {items: Record<string, unknown>[]}
    expect(sidebar.items.map((item) => item._type)).toEqual(['sidebarDoc', 'sidebarCategory', 'sidebarCategory', 'sidebarLink', 'sidebarHtml'])
    expect(sidebar.items[0]).toMatchObject({doc: {_type: 'reference', _ref: 'doc-v4-en-intro'}})
    expect(sidebar.items[1]).toMatchObject({
      label: label({en: 'Server', fr: 'Serveur'}),
      linkDoc: {_ref: 'doc-v4-en-server'},
      items: [{_type: 'sidebarDoc', doc: {_ref: 'doc-v4-en-server--rooms'}, label: label({en: 'Rooms', fr: 'Salles'})}],
    })
    const autogenerated = (sidebar.items[2] as {items: {doc: {_ref: string}}[]}).items.map((item) => item.doc._ref)
    expect(autogenerated).toEqual(['doc-v4-en-advanced--scaling', 'doc-v4-en-advanced--memory'])
    const versioned = byId.get('sidebar-v3-docs') as {items: {doc: {_ref: string}}[]}
    expect(versioned.items.map((item) => item.doc._ref)).toEqual(['doc-v3-en-index', 'doc-v3-en-rooms'])
  })

  it('links a translated doc to its source with the source revision, and resolves its links', () => {
    const translated = byId.get('doc-v4-fr-server--rooms') as Record<string, unknown>
    expect(translated).toMatchObject({language: 'fr', title: 'Salles', slug: 'server/rooms', version: 'v4'})
    expect(translated.translation).toMatchObject({
      _type: 'translationOrigin',
      source: {_type: 'reference', _ref: 'doc-v4-en-server--rooms', _weak: true},
      sourceRevision: expect.stringMatching(/^fp1-[0-9a-f]{16}$/),
      translatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(JSON.stringify(translated.body)).toContain('"href":"/docs/v4/intro/"')
    expect(byId.get('doc-v4-en-server--rooms')?.translation).toBeUndefined()
  })

  it('imports a blog post with its author reference, tags, truncation and resolved links', () => {
    // Without a slug of its own, a post lives under its date, as in Docusaurus.
    const post = byId.get('blogPost-en-2024--07--12--hello-world') as {authors: unknown[]; body: {_type: string}[]} & Record<string, unknown>
    expect(post).toMatchObject({slug: '2024/07/12/hello-world', date: '2024-07-12', language: 'en', tags: ['announcement', 'release']})
    expect(post.authors).toEqual([expect.objectContaining({_type: 'reference', _ref: 'author-darrachequesne'})])
    expect(post.body.map((block) => block._type)).toEqual(['block', 'readMore', 'block'])
    expect(JSON.stringify(post.body)).toContain('"href":"/docs/v4/server/rooms/#joining"')
    expect(byId.get('author-darrachequesne')).toMatchObject({key: 'darrachequesne', name: 'Damien Arrachequesne', title: 'Maintainer'})
    // The French post has no authors of its own: it keeps its source's.
    expect(byId.get('blogPost-fr-2024--07--12--hello-world')).toMatchObject({authors: [expect.objectContaining({_ref: 'author-darrachequesne'})]})
  })

  it('imports releases, pages and the home page sections', () => {
    expect(byId.get('release-en-4_8_0')).toMatchObject({
      version: '4.8.0',
      date: '2024-09-21',
      diffUrl: 'https://github.com/socketio/socket.io/compare/4.7.5...4.8.0',
    })
    expect(byId.get('page-en-how-to--use-with-react')).toMatchObject({path: 'how-to/use-with-react', section: 'how-to'})
    // A markdown page shows its text as written: without a level-1 heading of its own, no heading above it.
    expect(byId.get('page-en-how-to--use-with-react')).toMatchObject({title: 'How to use with React', hideTitle: true})
    const home = byId.get('homePage-en') as {sections: Record<string, unknown>[]}
    expect(home.sections.map((section) => section._type)).toEqual(['homeHero', 'homeFeatures', 'homeCode', 'homeLatestPosts'])
    expect(home.sections[2]).toMatchObject({title: 'Try it', examples: [{_type: 'codeBlock', language: 'js', code: "socket.emit('hello')"}]})
  })

  it('maps navbar, footer and announcement bar from the config with translated labels', () => {
    const settings = byId.get('siteSettings') as Record<string, unknown> & {navbarItems: Record<string, unknown>[]}
    expect(settings.navbarItems.map((item) => item._type)).toEqual([
      'navDocLink',
      'navDocLink',
      'navLink',
      'navDropdown',
      'navVersionDropdown',
      'navLocaleDropdown',
    ])
    expect(settings.navbarItems[0]).toMatchObject({label: label({en: 'Docs', fr: 'Documentation'}), docSlug: 'intro', position: 'left'})
    expect(settings.navbarItems[1]).toMatchObject({docSlug: 'server/rooms'})
    expect(settings.footerLinks).toEqual([expect.objectContaining({title: label({en: 'Docs', fr: 'Documentation'})})])
    expect(settings.copyright).toEqual(label({en: 'Copyright the fixture authors', fr: 'Droits réservés'}))
    // Docusaurus's bar content is HTML: kept whole, the link where it stands; its colours, any CSS colour there, as hex codes.
    expect(settings.announcementBar).toMatchObject({
      id: 'hello',
      content: label({en: 'Hello, <a href="/blog/hello-world/">read the post</a>'}),
      backgroundColor: '#e3246e',
      textColor: '#ffffff',
    })
    expect(settings).toMatchObject({defaultLocale: 'en', linkChecks: {onBrokenLinks: 'throw', onBrokenAnchors: 'warn', onBrokenMarkdownLinks: 'warn'}})
    expect((settings.locales as Array<{code: string; path: string}>).map((entry) => [entry.code, entry.path])).toEqual([
      ['en', ''],
      ['fr', 'fr'],
    ])
  })

  it('maps code.json ids onto the interface message keys', () => {
    const french = byId.get('uiStrings-fr') as {messages: {key: string; value: string}[]}
    const frenchValue = (key: string) => french.messages.find((message) => message.key === key)?.value
    // The site's own translations override the built-in French ones; the rest is built in.
    expect([frenchValue('blog.by'), frenchValue('code.copy')]).toEqual(['Par {authors}', 'Copier'])
    expect(frenchValue('common.retry')).toBe('Réessayer')
    expect(french.messages).toHaveLength(UI_MESSAGE_KEYS.length)
    const english = byId.get('uiStrings-en') as {messages: {key: string; value: string}[]}
    expect(english.messages.find((message) => message.key === 'code.copy')?.value).toBe('Copy')
  })

  it('copies the images it references beside the NDJSON', async () => {
    const images = await readdir(path.join(first.outDir, 'images'))
    expect(images.map((name) => name.replace(/^[0-9a-f]{8}-/, '')).sort()).toEqual(['logo.png', 'rooms.png'])
    expect(JSON.stringify(byId.get('doc-v4-en-server--rooms'))).toMatch(/"_sanityAsset":"image@file:\/\/\.\/images\/[0-9a-f]{8}-rooms\.png"/)
    // Every file of static/ is also served from the site root.
    expect((await readdir(path.join(first.outDir, 'files'))).map((name) => name.replace(/^[0-9a-f]{8}-/, '')).sort()).toEqual(['logo.png', 'rooms.png'])
    expect(byId.get('staticFile-aa397178bac086e6') ?? byId.get('staticFile-dc049874f1909bd8')).toMatchObject({
      _type: 'staticFile',
      path: expect.stringMatching(/^images\/(logo|rooms)\.png$/),
    })
  })
})

describe('importing a site with bad front matter', () => {
  it('names file, field and line of every problem and writes nothing', async () => {
    const {result, outDir} = await importInto('broken-site')
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([
      'blog/2024-03-01-stranger.md:3: authors: "nobody" is not a key of blog/authors.yml',
      'changelog/4.8.md:2: version: expected a semantic version such as 4.8.1, got "4.8"',
      'docs/position.md:3: sidebar_position: expected a number, got "abc"',
      expect.stringMatching(/^docs\/syntax\.md:3: description: invalid YAML: Flow sequence/),
    ])
    expect(result.written).toBe(false)
    expect(existsSync(path.join(outDir, 'data.ndjson'))).toBe(false)
  })
})
