// Doc front matter that changes how a doc's page looks, kept as Docusaurus reads it: tags (with the
// docs' tags files), pagination_label, hide_table_of_contents, displayed_sidebar, custom_edit_url
// (and the docs' editLocalizedFiles / editCurrentVersion), sidebar_custom_props; and each one's bad
// input. Small sites written into a temporary folder.
import {rm} from 'node:fs/promises'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import type {ImportResult} from '../run-import'
import {importFiles as importSite} from './fixture-site'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const importFiles = (files: Record<string, string>) => importSite(files, temporary, 'doc-front-matter-')

const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)
const errors = (result: ImportResult) => sortDiagnostics(result.errors).map(formatDiagnostic)
const doc = (result: ImportResult, id: string) => result.documents.find((document) => document._id === id) as Record<string, unknown> | undefined

function config(docs: string, extra = ''): string {
  return `export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js', ${docs}}, blog: false}]], ${extra}}\n`
}

const SIDEBARS = "module.exports = {guide: ['intro', 'rooms', 'scaling'], api: ['reference']}\n"

describe('doc front matter kept', () => {
  it('keeps each field on the doc, and says nothing of it', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("editUrl: 'https://code.example.org/site/edit/main/'"),
      'sidebars.js': SIDEBARS,
      'docs/intro.md': '---\nslug: /\ntags: [rooms, {label: Load balancing, permalink: /balancing}]\n---\n\n# Welcome\n',
      'docs/rooms.md':
        '---\ntitle: Rooms\npagination_label: Rooms in depth\nhide_table_of_contents: true\ndisplayed_sidebar: api\ncustom_edit_url: https://elsewhere.example.org/rooms.md\nsidebar_custom_props:\n  badge: new\n  weight: 2\n---\n\nText.\n',
      'docs/scaling.md': '---\ntitle: Scaling\ndisplayed_sidebar: null\ncustom_edit_url: null\n---\n\nText.\n',
      'docs/reference.md': '# Reference\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(doc(result, 'doc-current-en-index')).toMatchObject({tags: ['rooms', 'Load balancing']})
    expect(doc(result, 'doc-current-en-rooms')).toMatchObject({
      paginationLabel: 'Rooms in depth',
      hideTableOfContents: true,
      displayedSidebar: 'api',
      customEditUrl: 'https://elsewhere.example.org/rooms.md',
      sidebarCustomProps: '{"badge":"new","weight":2}',
    })
    expect(doc(result, 'doc-current-en-scaling')).toMatchObject({hideSidebar: true, hideEditLink: true})
    expect(doc(result, 'doc-current-en-scaling')).not.toHaveProperty('displayedSidebar')
    // An inline tag's own address is kept in the site settings; a tag at its label's address needs no entry.
    const settings = doc(result, 'siteSettings')
    expect(settings?.docsTags).toEqual([expect.objectContaining({_type: 'docsTagDefinition', label: 'Load balancing', permalink: 'balancing'})])
  })

  it('reports a value of the wrong kind as a warning naming file, line and field, and imports the doc without it', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config(''),
      'sidebars.js': SIDEBARS,
      'docs/intro.md': '---\nslug: /\ntags: rooms\npagination_label: [a, b]\nhide_table_of_contents: "yes"\n---\n\n# Welcome\n',
      'docs/rooms.md': '---\ndisplayed_sidebar: {name: api}\ncustom_edit_url: [x]\nsidebar_custom_props: badge\ntags: [{name: no-label}]\n---\n\n# Rooms\n',
      'docs/scaling.md': '# Scaling\n',
      'docs/reference.md': '# Reference\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/intro.md:3: tags: expected a list of tags, got "rooms": ignored',
      'docs/intro.md:4: pagination_label: expected text, got ["a","b"]: ignored',
      'docs/intro.md:5: hide_table_of_contents: expected true or false, got "yes": ignored',
      'docs/rooms.md:2: displayed_sidebar: expected text, got {"name":"api"}: ignored',
      'docs/rooms.md:3: custom_edit_url: expected text, got ["x"]: ignored',
      'docs/rooms.md:4: sidebar_custom_props: expected a set of fields, got "badge": ignored',
      'docs/rooms.md:5: tags: expected a list of tags, got [{"name":"no-label"}]: ignored',
    ])
    for (const id of ['doc-current-en-index', 'doc-current-en-rooms']) {
      const imported = doc(result, id)
      expect(imported, id).toBeDefined()
      for (const field of [
        'tags',
        'paginationLabel',
        'hideTableOfContents',
        'displayedSidebar',
        'hideSidebar',
        'customEditUrl',
        'hideEditLink',
        'sidebarCustomProps',
      ])
        expect(imported, `${id} ${field}`).not.toHaveProperty(field)
    }
  })

  it('refuses a custom_edit_url of a scheme a page may not link to, with a warning', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("editUrl: 'https://code.example.org/site/edit/main/'"),
      'sidebars.js': SIDEBARS,
      'docs/intro.md': '---\nslug: /\ncustom_edit_url: javascript:alert(1)\n---\n\n# Welcome\n',
      'docs/rooms.md': '# Rooms\n',
      'docs/scaling.md': '# Scaling\n',
      'docs/reference.md': '# Reference\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/intro.md:3: custom_edit_url: a javascript: address is not a link a page may have: no "Edit this page" link of its own',
    ])
    expect(doc(result, 'doc-current-en-index')).not.toHaveProperty('customEditUrl')
    expect(doc(result, 'doc-current-en-index')).not.toHaveProperty('hideEditLink')
  })

  it('refuses a displayed_sidebar that names no sidebar of the version, as Docusaurus does', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config(''),
      'sidebars.js': SIDEBARS,
      'docs/intro.md': '---\nslug: /\ndisplayed_sidebar: guides\n---\n\n# Welcome\n',
      'docs/rooms.md': '# Rooms\n',
      'docs/scaling.md': '# Scaling\n',
      'docs/reference.md': '# Reference\n',
    })
    expect(errors(result)).toEqual([
      'docs/intro.md:3: displayed_sidebar: "guides" is not a sidebar of version current (its sidebars: api, guide); Docusaurus\'s build fails on it too',
    ])
  })
})

describe("the docs' tags files", () => {
  const site = (docs: string, extra: Record<string, string> = {}) => ({
    'docusaurus.config.js': config(docs, "i18n: {defaultLocale: 'en', locales: ['en', 'fr']},"),
    'sidebars.js': SIDEBARS,
    'docs/tags.yml': 'rooms:\n  label: Rooms\n  permalink: room-pages\n  description: About rooms.\nscaling:\n',
    'docs/intro.md': '---\nslug: /\ntags: [rooms, scaling, clusters]\n---\n\n# Welcome\n',
    'docs/rooms.md': '---\ntags: [{label: Broadcast, permalink: /broadcasting}]\n---\n\n# Rooms\n',
    'docs/scaling.md': '# Scaling\n',
    'docs/reference.md': '# Reference\n',
    'i18n/fr/docusaurus-plugin-content-docs/current/tags.yml': 'rooms:\n  label: Salles\n  permalink: room-pages\n  description: Sur les salles.\n',
    'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '---\nslug: /\ntags: [rooms, scaling]\n---\n\n# Bienvenue\n',
    ...extra,
  })

  it("gives a key of the file its label (the locale's own file first) and warns of tags the file does not define (onInlineTags: warn, the default)", async () => {
    const result = await importFiles(site(''))
    expect(errors(result)).toEqual([])
    expect(warnings(result).filter((line) => line.includes('tags'))).toEqual([
      'docs/intro.md:3: tags: "clusters" is not a tag of the version\'s tags file: shown as a tag of its own (onInlineTags: warn)',
      'docs/rooms.md:2: tags: "Broadcast" is not a tag of the version\'s tags file: shown as a tag of its own (onInlineTags: warn)',
    ])
    expect(doc(result, 'doc-current-en-index')?.tags).toEqual(['Rooms', 'Scaling', 'clusters'])
    expect(doc(result, 'doc-current-fr-index')?.tags).toEqual(['Salles', 'Scaling'])
    const definitions = doc(result, 'siteSettings')?.docsTags as Array<Record<string, unknown>>
    expect(
      definitions.map((definition) => [
        definition.label,
        definition.permalink ?? null,
        (definition.description as Array<{language: string}> | undefined)?.map((value) => value.language) ?? [],
      ]),
    ).toEqual([
      ['Rooms', 'room-pages', ['en']],
      ['Broadcast', 'broadcasting', []],
      ['Salles', 'room-pages', ['fr']],
    ])
  })

  it('fails on an undefined tag with onInlineTags: throw, and says nothing with ignore', async () => {
    const thrown = await importFiles(site("onInlineTags: 'throw'"))
    expect(errors(thrown)).toEqual([
      'docs/intro.md:3: tags: "clusters" is not a tag of the version\'s tags file: shown as a tag of its own (onInlineTags: throw)',
      'docs/rooms.md:2: tags: "Broadcast" is not a tag of the version\'s tags file: shown as a tag of its own (onInlineTags: throw)',
    ])
    const ignored = await importFiles(site("onInlineTags: 'ignore'"))
    expect(errors(ignored)).toEqual([])
    expect(warnings(ignored).filter((line) => line.includes('tags'))).toEqual([])
  })

  it('reads the file the tags option names, reports it when missing, and reads none with tags: false', async () => {
    const named = await importFiles(site("tags: 'labels.yml'", {'docs/labels.yml': 'clusters:\n  label: Clusters\n'}))
    expect(doc(named, 'doc-current-en-index')?.tags).toEqual(['rooms', 'scaling', 'Clusters'])
    const missing = await importFiles(site("tags: 'missing.yml'"))
    expect(errors(missing)).toContain('docs/missing.yml: not found: the config names it as the tags file (docs.tags)')
    const none = await importFiles(site('tags: false'))
    expect(doc(none, 'doc-current-en-index')?.tags).toEqual(['rooms', 'scaling', 'clusters'])
    expect(warnings(none).filter((line) => line.includes('tags'))).toEqual([])
  })

  it('warns of an inline tag whose permalink is not one URL segment, and serves it at its label’s address', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config(''),
      'sidebars.js': SIDEBARS,
      'docs/intro.md': '---\nslug: /\ntags: [{label: Deep dive, permalink: /guides/deep}]\n---\n\n# Welcome\n',
      'docs/rooms.md': '# Rooms\n',
      'docs/scaling.md': '# Scaling\n',
      'docs/reference.md': '# Reference\n',
    })
    expect(warnings(result)).toEqual([
      'docs/intro.md:3: tags: "/guides/deep" (tag "Deep dive") is not one URL segment (letters, digits, "-", "_", "."): the tag\'s page is /docs/tags/deep-dive, the address of its label',
    ])
    expect(doc(result, 'siteSettings')).not.toHaveProperty('docsTags')
  })
})

describe('"Edit this page" files', () => {
  const site = (docs: string) => ({
    'docusaurus.config.js': config(`editUrl: 'https://code.example.org/site/edit/main/', ${docs}`, "i18n: {defaultLocale: 'en', locales: ['en', 'fr']},"),
    'sidebars.js': SIDEBARS,
    'versions.json': '["1.0"]\n',
    'versioned_sidebars/version-1.0-sidebars.json': '{"guide": ["rooms"]}\n',
    'docs/intro.md': '---\nslug: /\n---\n\n# Welcome\n',
    'docs/rooms.md': '# Rooms\n',
    'docs/scaling.md': '# Scaling\n',
    'docs/reference.md': '# Reference\n',
    'versioned_docs/version-1.0/rooms.md': '# Rooms (1.0)\n',
    'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md': '# Salles\n',
    'i18n/fr/docusaurus-plugin-content-docs/version-1.0/rooms.md': '# Salles (1.0)\n',
  })
  const editPaths = (result: ImportResult) =>
    Object.fromEntries(
      result.documents
        .filter((document) => document._type === 'doc' && /rooms/.test(document._id))
        .map((document) => [document._id, (document as Record<string, unknown>).editPath ?? (document as Record<string, unknown>).sourcePath]),
    )

  it("opens the source of a translation by default, the translation's own file with editLocalizedFiles", async () => {
    expect(editPaths(await importFiles(site('')))).toEqual({
      'doc-current-en-rooms': 'docs/rooms.md',
      'doc-current-fr-rooms': 'docs/rooms.md',
      'doc-1_0-en-rooms': 'versioned_docs/version-1.0/rooms.md',
      'doc-1_0-fr-rooms': 'versioned_docs/version-1.0/rooms.md',
    })
    expect(editPaths(await importFiles(site('editLocalizedFiles: true')))).toEqual({
      'doc-current-en-rooms': 'docs/rooms.md',
      'doc-current-fr-rooms': 'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md',
      'doc-1_0-en-rooms': 'versioned_docs/version-1.0/rooms.md',
      'doc-1_0-fr-rooms': 'i18n/fr/docusaurus-plugin-content-docs/version-1.0/rooms.md',
    })
  })

  it("opens the current version's file from every version with editCurrentVersion", async () => {
    expect(editPaths(await importFiles(site('editCurrentVersion: true, editLocalizedFiles: true')))).toEqual({
      'doc-current-en-rooms': 'docs/rooms.md',
      'doc-current-fr-rooms': 'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md',
      'doc-1_0-en-rooms': 'docs/rooms.md',
      'doc-1_0-fr-rooms': 'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md',
    })
  })

  it("follows a second docs instance's own options: its editUrl (the whole address kept), or none, and its own tags file", async () => {
    const files = (instanceOptions: string) => ({
      'docusaurus.config.js': config(
        "editUrl: 'https://code.example.org/site/edit/main/'",
        `plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js', ${instanceOptions}}]],`,
      ),
      'sidebars.js': SIDEBARS,
      'sidebarsCommunity.js': "module.exports = {community: ['support']}\n",
      'docs/intro.md': '---\nslug: /\n---\n\n# Welcome\n',
      'docs/rooms.md': '# Rooms\n',
      'docs/scaling.md': '# Scaling\n',
      'docs/reference.md': '# Reference\n',
      'community/tags.yml': 'help:\n  label: Getting help\n',
      'community/support.md': '---\ntags: [help]\n---\n\n# Support\n',
    })
    const own = await importFiles(files("editUrl: 'https://code.example.org/community/edit/main/'"))
    expect(errors(own)).toEqual([])
    expect(doc(own, 'doc-community-en-support')).toMatchObject({
      customEditUrl: 'https://code.example.org/community/edit/main/community/support.md',
      tags: ['Getting help'],
    })
    expect(doc(own, 'doc-current-en-rooms')).not.toHaveProperty('customEditUrl')
    const none = await importFiles(files(''))
    expect(doc(none, 'doc-community-en-support')).toMatchObject({hideEditLink: true})
  })
})
