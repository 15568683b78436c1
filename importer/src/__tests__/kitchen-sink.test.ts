// The kitchen-sink Docusaurus 3 fixture (see its README), imported once from a copy in a temporary git
// repository (for commit-dated "last updated" and translation dates), then checked construct by
// construct against what Docusaurus 3.10.2 renders of it: the numbers are those of the README's
// construct map.
import {readdir} from 'node:fs/promises'
import path from 'node:path'
import {translationStatus, UI_MESSAGE_KEYS} from '@site/schemas'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import type {ImportResult} from '../run-import'
import {checkDocument} from '../schema-check'
import type {RichTextBlock} from '../portable-text'
import {type Doc, documentById, type ImportedFixture, importFixture} from './fixture-site'
import {renderBody, visibleText} from './render-body'

const COMMITTED_AT = '2024-06-15T09:00:00.000Z'

type Block = Record<string, unknown> & {_type: string}

let fixture: ImportedFixture | undefined
let root = ''
let result: ImportResult
let written: Doc[] = []
let byId = new Map<string, Doc>()
let progress: string[] = []

beforeAll(async () => {
  fixture = await importFixture('kitchen-sink', {committedAt: COMMITTED_AT})
  root = fixture.root
  result = fixture.result
  written = fixture.written
  byId = fixture.byId
  progress = fixture.progress
}, 60_000)

afterAll(async () => {
  await fixture?.remove()
})

// ---------------------------------------------------------------- helpers

const get = (id: string): Doc => documentById(byId, id)

/** Keys are content hashes: compared separately, so structures are compared without them. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '_key')
        .map(([key, item]) => [key, strip(item)]),
    )
  }
  return value
}

function body(id: string): Block[] {
  return strip(get(id).body) as Block[]
}

/** A translated label as stored: one value per locale, without keys. */
function label(values: Record<string, string>) {
  return Object.entries(values).map(([language, value]) => ({_type: 'localeStringValue', language, value}))
}
const all3 = (en: string, fr: string, ptBR: string) => label({en, fr, 'pt-BR': ptBR})

const span = (text: string, marks: string[] = []) => ({_type: 'span', text, marks})
const paragraph = (...children: unknown[]) => ({_type: 'block', style: 'normal', markDefs: [], children})
const h2 = (text: string) => ({_type: 'block', style: 'h2', markDefs: [], children: [span(text)]})

/** A text block with links: children as [text, marks] with link marks named by their href. */
function linked(children: Array<string | [string, string]>, extra: Record<string, unknown> = {}) {
  const hrefs = [...new Set(children.flatMap((child) => (Array.isArray(child) ? [child[1]] : [])))]
  return {
    _type: 'block',
    style: 'normal',
    ...extra,
    markDefs: hrefs.map((href) => ({_type: 'link', href})),
    children: children.map((child) => (Array.isArray(child) ? span(child[0], [expect.stringMatching(/^link-[0-9a-f]{8}$/)]) : span(child))),
  }
}

/** Every block of a body, nested ones included (tabs, admonitions, details). */
function allBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block) => {
    const nested = [
      ...(Array.isArray(block.body) ? (block.body as Block[]) : []),
      ...(Array.isArray(block.panels) ? (block.panels as Array<{body?: Block[]}>).flatMap((panel) => panel.body ?? []) : []),
    ]
    return [block, ...allBlocks(nested)]
  })
}

/** The readable text of a body: spans and inline-markup strings. */
function textOf(blocks: readonly Block[]): string {
  return allBlocks(blocks)
    .map((block) => {
      if (block._type === 'block') return (block.children as Array<{text?: string}>).map((child) => child.text ?? '').join('')
      if (block._type === 'heading') return String(block.text)
      if (block._type === 'details' || block._type === 'admonition') return String(block.summary ?? block.title ?? '')
      if (block._type === 'codeBlock') return String(block.code)
      if (block._type === 'table') return (block.rows as Array<{cells: string[]}>).map((row) => row.cells.join(' | ')).join('\n')
      return ''
    })
    .join('\n')
}

/** All link hrefs of a body, in order. */
function hrefsOf(blocks: readonly Block[]): string[] {
  return allBlocks(blocks).flatMap((block) => [
    ...(Array.isArray(block.markDefs)
      ? (block.markDefs as Array<{_type: string; href?: string}>).flatMap((def) => (def._type === 'link' && def.href ? [def.href] : []))
      : []),
    ...(block._type === 'table'
      ? (block.rows as Array<{cells: string[]}>).flatMap((row) =>
          row.cells.flatMap((cell) => [...cell.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '')),
        )
      : []),
  ])
}

const IMAGE = (name: string) => ({
  _type: 'image',
  _sanityAsset: expect.stringMatching(new RegExp(`^image@file://\\./images/[0-9a-f]{8}-${name.replace('.', '\\.')}$`)),
})
const FILE = (name: string) => ({
  _type: 'file',
  _sanityAsset: expect.stringMatching(new RegExp(`^file@file://\\./files/[0-9a-f]{8}-${name.replace('.', '\\.')}$`)),
})

const warnings = () => sortDiagnostics(result.warnings).map(formatDiagnostic)

// ---------------------------------------------------------------- the import as a whole

describe('importing the kitchen-sink site', () => {
  it('writes the dataset without errors, and reports exactly what differs from Docusaurus or could not be imported', () => {
    expect(result.errors.map(formatDiagnostic)).toEqual([])
    expect(result.written).toBe(true)
    expect(result.filesRead).toBe(44)
    expect(warnings()).toEqual([
      'docs/reference/errors.md:54: :::quiz is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)',
      'docs/reference/errors.md:62: link to a markdown file that is not part of the site: ./legacy-errors.md',
      "docusaurus.config.js: iframes of playground.relay.example.org are shown as embeds (sandboxed); these sites are listed in the site settings' Embedded sites, which editors can change",
      `docusaurus.config.js: blog.blogSidebarCount: is 'ALL' (every post in the blog sidebar): the site settings hold a number of posts, so the sidebar shows the 5 most recent; change "Posts in the sidebar" in the studio`,
      'docusaurus.config.js: requires "prism-react-renderer", which is not installed: a code block theme, ignored (the site highlights code with its own light and dark themes)',
      // Translations Docusaurus shows that the content model has no place for: named, not dropped silently.
      'i18n/fr/docusaurus-theme-classic/navbar.json: logo.alt: "Logo de Relay" is not imported: the alternative text of the navbar logo is the same in every locale in the content model ("Relay logo")',
      'i18n/pt-BR/docusaurus-theme-classic/navbar.json: logo.alt: "Logo do Relay" is not imported: the alternative text of the navbar logo is the same in every locale in the content model ("Relay logo")',
      // The site's CSS: what is not carried over into the theme, rule by rule.
      "src/css/custom.css:29: .relay-hero: not carried over: it styles .relay-hero, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      "src/css/custom.css:34: .relay-hero__buttons: not carried over: it styles .relay-hero__buttons, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      "src/css/custom.css:41: .relay-hero__secondary: not carried over: it styles .relay-hero__secondary, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      "src/css/custom.css:45: .relay-features h2: not carried over: it styles .relay-features, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      'src/css/custom.css:49: .relay-callout: carried over without border-left, padding, margin (only what draws an icon or sets a colour or size is carried over for the site’s classes)',
      "src/css/custom.css:56: .relay-callout--warning: not carried over: it styles .relay-callout--warning, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      "src/css/custom.css:60: .relay-callout--success: not carried over: it styles .relay-callout--success, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
      'src/css/custom.css:64: .relay-callout__label: not carried over: margin-bottom (only what draws an icon or sets a colour or size is carried over for the site’s classes); display is kept on ::before and ::after only (on the element it changes the layout)',
      'src/css/custom.css:69: .sidebar-kicker: carried over without font-size, text-transform, letter-spacing (only what draws an icon or sets a colour or size is carried over for the site’s classes)',
      'src/css/custom.css:76: .dropdown-separator: not carried over: margin (only what draws an icon or sets a colour or size is carried over for the site’s classes)',
      "src/pages/index.js: the home page is a React page: rendered as Docusaurus renders it and read into the home page's sections (hero, features, code, sponsors, text); 1 image before its title or beside its features (logo, icons) left out: review it in the studio (Home page)",
      'src/pages/showcase.js: a React page: rendered as Docusaurus renders it and imported as the page /showcase in 3 locales; what it does in the browser (state, effects) is not kept: review it in the studio',
    ])
  })

  it('writes one document per source, with deterministic ids, and the returned documents are the written ones', () => {
    const count = (type: string) => written.filter((document) => document._type === type).length
    expect(
      Object.fromEntries(
        [
          'author',
          'blogPost',
          'doc',
          'docsVersion',
          'homePage',
          'page',
          'release',
          'sidebar',
          'siteSettings',
          'staticFile',
          'theme',
          'translation.metadata',
          'uiStrings',
        ].map((type) => [type, count(type)]),
      ),
    ).toEqual({
      author: 2,
      blogPost: 6,
      doc: 33,
      docsVersion: 2,
      homePage: 3,
      page: 8,
      release: 0,
      sidebar: 4,
      siteSettings: 1,
      staticFile: 9,
      theme: 1,
      'translation.metadata': 8,
      uiStrings: 3,
    })
    expect(written).toHaveLength(80)
    expect(result.documents.map((document) => document._id).sort()).toEqual(written.map((document) => String(document._id)).sort())
    const keys = JSON.stringify(written).match(/"_key":"[^"]+"/g) ?? []
    expect(keys.length).toBeGreaterThan(500)
  })

  it('gives every document the fields its schema type requires', () => {
    for (const document of result.documents.filter((candidate) => candidate._type !== 'translation.metadata')) {
      expect(checkDocument(document), String(document._id)).toEqual([])
    }
  })

  it('dates docs, pages and translations by their last commit', () => {
    expect(get('doc-current-en-index').lastUpdatedAt).toBe(COMMITTED_AT)
    expect(get('page-en-about').lastUpdatedAt).toBe(COMMITTED_AT)
    expect(get('doc-current-fr-index').translation).toEqual({
      _type: 'translationOrigin',
      source: {_type: 'reference', _ref: 'doc-current-en-index', _weak: true},
      sourceRevision: expect.stringMatching(/^fp1-[0-9a-f]{16}$/),
      translatedAt: COMMITTED_AT,
    })
    expect(progress).toContain('translations: 11 dated by git history')
    for (const document of written.filter((candidate) => candidate.translation)) {
      const source = get((document.translation as {source: {_ref: string}}).source._ref)
      expect(translationStatus(source, document as {translation?: {sourceRevision?: string}}), String(document._id)).toBe('current')
    }
  })
})

// ---------------------------------------------------------------- config (1–8, 22)

describe('the config', () => {
  it('1–3: loads a CommonJS config that requires a module of the site, and goes on without prism-react-renderer, naming it', () => {
    const settings = get('siteSettings')
    expect(settings).toMatchObject({
      title: 'Relay',
      url: 'https://relay.example.org',
      navbarTitle: 'Relay',
      editUrl: 'https://code.example.org/relay/relay-website/edit/main/',
    })
    // The navbar comes from ./config/navbar.js.
    expect((settings.navbarItems as unknown[]).length).toBe(9)
    expect(warnings().filter((line) => line.includes('prism-react-renderer'))).toHaveLength(1)
    expect(progress[0]).toBe('config: docusaurus.config.js, 2 docs versions (Next → current, 1.0 → 1.0), locales en, fr, pt-BR')
  })

  it('4: keeps the broken link policies, onBrokenMarkdownLinks read at the top level where Docusaurus 3.10 still honours it', () => {
    expect(get('siteSettings').linkChecks).toEqual({onBrokenLinks: 'throw', onBrokenAnchors: 'warn', onBrokenMarkdownLinks: 'warn'})
  })

  it('5: lists the three locales with their labels and html lang, the default one served without a prefix', () => {
    const settings = get('siteSettings')
    expect(settings.defaultLocale).toBe('en')
    expect(strip(settings.locales)).toEqual([
      {_type: 'localeConfig', code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en-US', calendar: 'gregory', path: ''},
      {_type: 'localeConfig', code: 'fr', label: 'Français', direction: 'ltr', htmlLang: 'fr-FR', calendar: 'gregory', path: 'fr'},
      {_type: 'localeConfig', code: 'pt-BR', label: 'Português (Brasil)', direction: 'ltr', htmlLang: 'pt-BR', calendar: 'gregory', path: 'pt-BR'},
    ])
  })

  it('6–7, 89: serves the favicon and every file of static/ from the site root, copied into the dataset', async () => {
    expect(get('siteSettings').favicon).toBe('/img/favicon.ico')
    const staticFiles = written.filter((document) => document._type === 'staticFile')
    expect(staticFiles.map((document) => document.path).sort()).toEqual([
      // 107: files linked through @site/ and require(), served under /assets/files/ as Docusaurus serves them.
      expect.stringMatching(/^assets\/files\/[0-9a-f]{8}-checklist\.pdf$/),
      expect.stringMatching(/^assets\/files\/[0-9a-f]{8}-protocol-summary\.pdf$/),
      'files/cheatsheet.txt',
      'files/protocol-summary.pdf',
      // 114: a name with a space keeps it, percent-encoded as the address a browser asks for.
      'files/release%20notes.txt',
      'img/diagram.png',
      'img/favicon.ico',
      'img/logo.svg',
      'videos/demo.mp4',
    ])
    for (const document of staticFiles) {
      expect(document._id).toMatch(/^staticFile-[0-9a-f]{16}$/)
      // A linked file's address already carries its name in the dataset.
      const name = decodeURIComponent(String(document.path).split('/').at(-1) ?? '')
      expect(document.file).toEqual(FILE(name.replace(/^[0-9a-f]{8}-/, '').replace(/\s+/g, '-')))
    }
    const files = (await readdir(path.join(root, 'out', 'files'))).map((name) => name.replace(/^[0-9a-f]{8}-/, '')).sort()
    expect(files).toEqual([
      'cheatsheet.txt',
      'checklist.pdf',
      'demo.mp4',
      'diagram.png',
      'favicon.ico',
      'logo.svg',
      'protocol-summary.pdf',
      'release-notes.txt',
    ])
    const images = (await readdir(path.join(root, 'out', 'images'))).map((name) => name.replace(/^[0-9a-f]{8}-/, '')).sort()
    expect(images).toEqual(['diagram.png', 'launch.png', 'logo.svg', 'rooms-flow.png'])
    // The navbar logo is the site's own SVG.
    expect(strip(get('siteSettings').logo)).toEqual({_type: 'themedImage', light: IMAGE('logo.svg'), alt: 'Relay logo'})
  })

  it('8: makes one docsVersion per version: current ("Next") at /docs/next/, 1.0 the last one at /docs/', () => {
    expect(get('docsVersion-current')).toEqual({
      _id: 'docsVersion-current',
      _type: 'docsVersion',
      path: 'current',
      urlPath: 'next',
      label: 'Next',
      name: 'current',
      isLast: false,
      order: 1,
      mainDoc: 'index',
      banner: 'unreleased',
      // The label as fr and pt-BR translate it (i18n/<locale>/docusaurus-plugin-content-docs/current.json).
      labels: [
        {_key: 'fr', _type: 'localeStringValue', language: 'fr', value: 'Prochaine'},
        {_key: 'pt-BR', _type: 'localeStringValue', language: 'pt-BR', value: 'Próxima'},
      ],
    })
    expect(get('docsVersion-1_0')).toEqual({
      _id: 'docsVersion-1_0',
      _type: 'docsVersion',
      path: '1.0',
      urlPath: '',
      label: '1.0',
      name: '1.0',
      isLast: true,
      order: 2,
      mainDoc: 'index',
      banner: 'none',
    })
  })

  it('22: keeps the colour mode', () => {
    expect(get('siteSettings').colorMode).toEqual({defaultMode: 'light', respectPrefersColorScheme: true})
  })
})

// ---------------------------------------------------------------- navbar and footer (9–21, 91)

describe('the navbar, footer and announcement bar', () => {
  it('9–18, 91: keeps every navbar item kind, in order, with the labels of navbar.json in each locale', () => {
    expect(strip(get('siteSettings').navbarItems)).toEqual([
      {_type: 'navDocLink', label: all3('Docs', 'Documentation', 'Documentação'), docSlug: 'index', position: 'left'},
      {
        _type: 'navDocLink',
        label: all3('Changelog', 'Journal des modifications', 'Registro de mudanças'),
        docSlug: 'changelog',
        sidebarId: 'changelog',
        position: 'left',
      },
      {_type: 'navDocsVersionLink', label: all3('Preview', 'Préversion', 'Prévia'), position: 'left'},
      {_type: 'navLink', label: all3('Blog', 'Blog', 'Blog'), href: '/blog', position: 'left'},
      {
        _type: 'navDropdown',
        label: all3('Community', 'Communauté', 'Comunidade'),
        position: 'left',
        items: [
          {_type: 'navHtml', value: label({en: '<b>Community</b>'})},
          {_type: 'navLink', label: all3('Showcase', 'Vitrine', 'Vitrine'), href: '/showcase'},
          {_type: 'navLink', label: all3('Guides for teams', 'Guides pour les équipes', 'Guias para equipes'), href: '/guides'},
          {_type: 'navLink', label: all3('Discussion forum', 'Forum de discussion', 'Fórum de discussão'), href: 'https://forum.relay.example.org'},
        ],
      },
      {
        _type: 'navVersionDropdown',
        position: 'right',
        itemsBefore: [],
        extraItems: [
          {_type: 'navHtml', value: label({en: '<hr class="dropdown-separator">'})},
          {_type: 'navLink', label: label({en: 'Older releases'}), href: 'https://code.example.org/relay/relay/releases'},
        ],
      },
      {_type: 'navLocaleDropdown', position: 'right', itemsBefore: [], itemsAfter: []},
      // 16: an icon link: no label, its class draws the icon and its aria-label names it.
      {
        _type: 'navLink',
        href: 'https://code.example.org/relay/relay',
        ariaLabel: label({en: 'Relay source code'}),
        className: 'header-code-host-link',
        position: 'right',
      },
      {_type: 'navSearch', position: 'right'},
    ])
  })

  it('17: keeps the search settings of the Algolia block, and not its keys', () => {
    const settings = get('siteSettings')
    expect(settings.search).toEqual({contextualSearch: true, indexName: 'relay'})
    expect(JSON.stringify(written)).not.toContain('fixture-search-only-key-not-a-secret')
    expect(JSON.stringify(written)).not.toContain('RELAYFIXTURE')
  })

  it('19–20, 91: keeps the footer link groups, the html item as written, the pathname:// link and the HTML copyright in each locale', () => {
    const settings = get('siteSettings')
    expect(strip(settings.footerLinks)).toEqual([
      {
        _type: 'footerLinkGroup',
        title: all3('Learn', 'Apprendre', 'Aprender'),
        items: [
          {_type: 'navLink', label: all3('Introduction', 'Introduction', 'Introdução'), href: '/docs/'},
          {_type: 'navLink', label: all3('Changelog', 'Journal des modifications', 'Registro de mudanças'), href: '/docs/changelog'},
          {_type: 'navLink', label: all3('Cheat sheet', 'Aide-mémoire', 'Folha de consulta'), href: '/files/cheatsheet.txt'},
        ],
      },
      {
        _type: 'footerLinkGroup',
        title: all3('Community', 'Communauté', 'Comunidade'),
        items: [
          {_type: 'navLink', label: all3('Discussion forum', 'Forum de discussion', 'Fórum de discussão'), href: 'https://forum.relay.example.org'},
          {
            _type: 'navHtml',
            value: label({en: '<a href="https://chat.relay.example.org" target="_blank" rel="noopener noreferrer">Live chat <small>(volunteers)</small></a>'}),
          },
        ],
      },
      {
        _type: 'footerLinkGroup',
        title: all3('More', 'Plus', 'Mais'),
        items: [
          {_type: 'navLink', label: all3('Blog', 'Blog', 'Blog'), href: '/blog'},
          {_type: 'navLink', label: all3('About', 'À propos', 'Sobre'), href: '/about'},
        ],
      },
    ])
    expect(strip(settings.copyright)).toEqual(
      all3(
        'Copyright © 2024 The Relay authors. Text under <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>.',
        'Copyright © 2024 Les auteurs de Relay. Textes sous licence <a href="https://creativecommons.org/licenses/by/4.0/deed.fr">CC BY 4.0</a>.',
        'Copyright © 2024 Os autores do Relay. Textos sob a licença <a href="https://creativecommons.org/licenses/by/4.0/deed.pt_BR">CC BY 4.0</a>.',
      ),
    )
  })

  it('21: keeps the announcement bar HTML whole, link in mid-sentence and full stop after it, in English only as Docusaurus shows it', () => {
    expect(strip(get('siteSettings').announcementBar)).toEqual({
      _type: 'announcementBar',
      id: 'relay-2-preview',
      enabled: true,
      content: label({en: 'Relay 2.0 is in preview: read <a href="/docs/next/changelog/2.0.0">what changes</a>. Your feedback shapes the final release.'}),
      backgroundColor: '#10213f',
      textColor: '#ffffff',
      isCloseable: true,
    })
  })
})

// ---------------------------------------------------------------- sidebars (23–29, 33)

describe('sidebars', () => {
  it('23, 25–29, 113: builds the current "docs" sidebar: html item, doc ids, autogenerated categories with _category_ files, a category with a doc link and nested item lists, a link', () => {
    const doc = (slug: string) => ({_type: 'sidebarDoc', doc: {_type: 'reference', _ref: `doc-current-en-${slug}`}})
    expect(strip(get('sidebar-current-docs'))).toEqual({
      _id: 'sidebar-current-docs',
      _type: 'sidebar',
      version: 'current',
      sidebarId: 'docs',
      items: [
        {_type: 'sidebarHtml', value: label({en: '<span class="sidebar-kicker">Start here</span>'})},
        doc('index'),
        // The doc's own sidebar_label ("Quick start") wins over the sidebars label and its translations
        // ("Démarrage rapide"): Docusaurus's fr and pt-BR sidebars show "Quick start".
        doc('get-started'),
        {
          // 26: _category_.json with a generated index, translated in current.json.
          _type: 'sidebarCategory',
          label: all3('Guides', 'Guides', 'Guias'),
          collapsed: false,
          items: [
            doc('learn--guides--connecting'),
            doc('learn--guides--rooms-and-channels'),
            doc('learn--guides--events-guide'),
            doc('learn--guides--media'),
            doc('learn--guides--install'),
            doc('learn--guides--assets'),
          ],
          generatedIndex: {
            _type: 'generatedIndex',
            slug: 'category/guides',
            title: all3('Relay guides', 'Les guides de Relay', 'Guias do Relay'),
            description: [
              {_type: 'localeTextValue', language: 'en', value: 'Task-oriented guides: connect, group users into rooms, name your events, embed media.'},
              {
                _type: 'localeTextValue',
                language: 'fr',
                value: 'Des guides par tâche : se connecter, regrouper les utilisateurs en salles, nommer ses événements, intégrer des médias.',
              },
              {_type: 'localeTextValue', language: 'pt-BR', value: 'Guias por tarefa: conectar, agrupar usuários em salas, nomear eventos, incorporar mídia.'},
            ],
          },
        },
        {
          // 27–28: _category_.yml with label and position; the folder's index.md is the category's page.
          _type: 'sidebarCategory',
          label: all3('Advanced topics', 'Sujets avancés', 'Tópicos avançados'),
          collapsed: true,
          items: [doc('learn--advanced--scaling'), doc('learn--advanced--recovery')],
          linkDoc: {_type: 'reference', _ref: 'doc-current-en-learn--advanced'},
        },
        {
          _type: 'sidebarCategory',
          label: all3('Reference', 'Référence', 'Referência'),
          collapsed: false,
          items: [
            doc('reference--api'),
            doc('reference--errors'),
            {...doc('reference--inline-html'), label: all3('Inline HTML', 'HTML en ligne', 'HTML em linha')},
          ],
          linkDoc: {_type: 'reference', _ref: 'doc-current-en-reference--overview'},
        },
        {_type: 'sidebarLink', label: all3('Source code', 'Code source', 'Código-fonte'), href: 'https://code.example.org/relay/relay'},
      ],
    })
  })

  it('29, 34: orders the autogenerated changelog by sidebar_position: index, 2.0.0, 1.5.0', () => {
    const refs = (id: string) => (get(id).items as Array<{doc: {_ref: string}}>).map((item) => item.doc._ref)
    expect(refs('sidebar-current-changelog')).toEqual(['doc-current-en-changelog', 'doc-current-en-changelog--2_0_0', 'doc-current-en-changelog--1_5_0'])
    expect(refs('sidebar-1_0-changelog')).toEqual(['doc-1_0-en-changelog', 'doc-1_0-en-changelog--1_5_0'])
  })

  it('24: builds the versioned sidebars of 1.0 from their JSON, with version-1.0.json translations', () => {
    expect(strip(get('sidebar-1_0-docs'))).toEqual({
      _id: 'sidebar-1_0-docs',
      _type: 'sidebar',
      version: '1.0',
      sidebarId: 'docs',
      items: [
        {_type: 'sidebarDoc', doc: {_type: 'reference', _ref: 'doc-1_0-en-index'}},
        {
          _type: 'sidebarCategory',
          label: all3('Guides', 'Guides', 'Guias'),
          collapsed: true,
          items: [
            {_type: 'sidebarDoc', doc: {_type: 'reference', _ref: 'doc-1_0-en-learn--guides--connecting'}},
            {_type: 'sidebarDoc', doc: {_type: 'reference', _ref: 'doc-1_0-en-learn--guides--rooms-and-channels'}},
          ],
          generatedIndex: {
            _type: 'generatedIndex',
            slug: 'category/guides',
            title: all3('Relay 1 guides', 'Les guides de Relay 1', 'Guias do Relay 1'),
            description: [
              {_type: 'localeTextValue', language: 'en', value: 'Connect to a server and group users into rooms.'},
              {_type: 'localeTextValue', language: 'fr', value: 'Se connecter à un serveur et regrouper les utilisateurs en salles.'},
              {_type: 'localeTextValue', language: 'pt-BR', value: 'Conectar a um servidor e agrupar usuários em salas.'},
            ],
          },
        },
        {_type: 'sidebarLink', label: all3('Source code', 'Code source', 'Código-fonte'), href: 'https://code.example.org/relay/relay/tree/v1'},
      ],
    })
  })

  it('33: imports a doc that is in no sidebar, reachable from the 2.0.0 notes', () => {
    expect(get('doc-current-en-notes--upgrade-checklist')).toMatchObject({slug: 'notes/upgrade-checklist', title: 'Upgrade checklist'})
    const sidebars = JSON.stringify(written.filter((document) => document._type === 'sidebar'))
    expect(sidebars).not.toContain('notes--upgrade-checklist')
    expect(hrefsOf(body('doc-current-en-changelog--2_0_0'))).toContain('/docs/next/notes/upgrade-checklist/')
  })
})

// ---------------------------------------------------------------- doc addresses and titles (25, 30–37)

describe('doc addresses and titles', () => {
  it('25, 30–32: derives slugs from number-prefixed paths, absolute and relative slugs and the id front matter', () => {
    const docs = written.filter((document) => document._type === 'doc' && document.language === 'en' && document.version === 'current')
    expect(Object.fromEntries(docs.map((document) => [document.sourcePath, document.slug]))).toEqual({
      'docs/intro.md': 'index', // slug: / → /docs/next/
      'docs/quick-start.mdx': 'get-started', // slug: /get-started
      'docs/learn/01-guides/01-connecting.md': 'learn/guides/connecting',
      'docs/learn/01-guides/02-rooms.md': 'learn/guides/rooms-and-channels', // slug: rooms-and-channels
      'docs/learn/01-guides/03-events.mdx': 'learn/guides/events-guide', // id: events-guide
      'docs/learn/01-guides/04-media.mdx': 'learn/guides/media',
      'docs/learn/01-guides/05-install.mdx': 'learn/guides/install',
      'docs/learn/01-guides/06-assets.mdx': 'learn/guides/assets',
      'docs/learn/02-advanced/index.md': 'learn/advanced',
      'docs/learn/02-advanced/01-scaling.md': 'learn/advanced/scaling',
      'docs/learn/02-advanced/02-recovery.mdx': 'learn/advanced/recovery',
      'docs/learn/02-advanced/03-load-test-report.md': 'learn/advanced/load-test-report', // unlisted: true
      'docs/reference/overview.md': 'reference/overview',
      'docs/reference/api.md': 'reference/api',
      'docs/reference/errors.md': 'reference/errors',
      'docs/reference/inline-html.md': 'reference/inline-html',
      'docs/changelog/index.md': 'changelog',
      'docs/changelog/2.0.0.md': 'changelog/2.0.0',
      'docs/changelog/1.5.0.md': 'changelog/1.5.0',
      'docs/notes/upgrade-checklist.md': 'notes/upgrade-checklist',
      'docs/notes/glossary.md': 'notes/glossary',
    })
    expect(written.some((document) => String(document.sourcePath).endsWith('_shared.mdx'))).toBe(false)
    expect(get('doc-current-en-learn--guides--events-guide').sidebarPosition).toBe(3)
  })

  it('34: keeps version-named changelog files as docs with their dotted names, and makes no release documents', () => {
    expect(get('doc-current-en-changelog--2_0_0')).toMatchObject({
      slug: 'changelog/2.0.0',
      title: '2.0.0',
      sidebarPosition: 2,
      sourcePath: 'docs/changelog/2.0.0.md',
    })
    expect(get('doc-current-en-changelog--1_5_0')).toMatchObject({slug: 'changelog/1.5.0', title: '1.5.0', sidebarPosition: 3})
    expect(get('doc-1_0-en-changelog--1_5_0')).toMatchObject({slug: 'changelog/1.5.0', version: '1.0'})
    expect(get('doc-current-en-changelog')).toMatchObject({slug: 'changelog', title: 'Changelog', sidebarLabel: 'All releases'})
    expect(written.filter((document) => document._type === 'release')).toEqual([])
    expect(progress).toContain('front matter: 33 docs, 6 posts, 0 releases, 5 pages, 0 home pages')
  })

  it('35: takes the title from a body H1 when the front matter has none, and does not repeat it in the body', () => {
    expect(get('doc-current-en-index')).toMatchObject({title: 'Welcome to Relay'})
    expect(get('doc-current-en-index').heading).toBeUndefined()
    expect(get('doc-current-en-learn--guides--connecting')).toMatchObject({title: 'Connecting to a server'})
    for (const id of ['doc-current-en-index', 'doc-current-en-learn--guides--connecting', 'doc-current-en-learn--guides--events-guide']) {
      expect(textOf(body(id)).split('\n')).not.toContain(String(get(id).title))
    }
    expect(body('doc-current-en-index')[0]).toEqual(paragraph(span(expect.stringMatching(/^Relay carries small messages/))))
  })

  it('36: shows a body H1 that differs from the front matter title as the page heading; the title names the tab and sidebar', () => {
    expect(get('doc-current-en-get-started')).toMatchObject({title: 'Quick start', heading: 'Get Relay running in five minutes', sidebarLabel: 'Quick start'})
    expect(get('doc-current-en-reference--overview')).toMatchObject({title: 'Reference', heading: 'API reference'})
    expect(get('doc-current-en-reference--errors')).toMatchObject({title: 'Errors', heading: 'Errors and warnings'})
    expect(textOf(body('doc-current-en-get-started'))).not.toContain('Get Relay running in five minutes')
  })

  it('37: takes the title from the front matter of a page without any H1', () => {
    expect(get('doc-current-en-learn--guides--media')).toMatchObject({title: 'Media in the docs'})
    expect(get('doc-current-en-learn--guides--media').heading).toBeUndefined()
    expect(body('doc-current-en-learn--guides--media')[0]).toEqual(h2('A short recording'))
  })
})

// ---------------------------------------------------------------- links (38–45)

describe('links between pages', () => {
  it('38: resolves ./x.md links beside the file', () => {
    expect(body('doc-current-en-reference--overview').slice(1)).toEqual([
      linked([['Client and server API', '/docs/next/reference/api/']], {listItem: 'bullet', level: 1}),
      linked([['Errors', '/docs/next/reference/errors/']], {listItem: 'bullet', level: 1}),
      linked([['Inline HTML in these docs', '/docs/next/reference/inline-html/']], {listItem: 'bullet', level: 1}),
    ])
    expect(hrefsOf(body('doc-current-en-index'))).toEqual([
      '/docs/next/get-started/',
      '/docs/next/learn/guides/rooms-and-channels/',
      '/docs/next/learn/advanced/scaling/',
      '/docs/next/changelog/2.0.0/',
    ])
  })

  it('39: resolves ../other/y.md#anchor links, keeping the anchor', () => {
    expect(hrefsOf(body('doc-current-en-learn--guides--connecting'))).toEqual(['/docs/next/learn/advanced/scaling/#sticky-sessions'])
    expect(hrefsOf(body('doc-current-en-reference--api'))).toEqual([
      '/docs/next/learn/guides/events-guide/#acks',
      '/docs/next/learn/advanced/scaling/',
      '/docs/next/learn/advanced/recovery/',
    ])
  })

  it('40–41: resolves bare links from the docs root written in another folder, and /absolute ones', () => {
    expect(hrefsOf(body('doc-current-en-learn--advanced--scaling'))).toEqual(['/docs/next/learn/guides/rooms-and-channels/'])
    expect(body('doc-current-en-learn--guides--events-guide')[4]).toEqual(
      linked([
        'The full list of options is in the ',
        ['API reference', '/docs/next/reference/api/'],
        ', and the errors a send can raise are in the ',
        ['error list', '/docs/next/reference/errors/'],
        '.',
      ]),
    )
  })

  it('42: resolves bare links to translated docs, and the links of translated docs, to the same version', () => {
    expect(hrefsOf(body('doc-current-en-changelog'))).toEqual(['/docs/next/changelog/2.0.0/', '/docs/next/changelog/1.5.0/'])
    expect(hrefsOf(body('doc-current-fr-index'))).toEqual([
      '/docs/next/get-started/',
      '/docs/next/learn/guides/rooms-and-channels/',
      '/docs/next/learn/advanced/scaling/',
      '/docs/next/changelog/2.0.0/',
    ])
    expect(hrefsOf(body('doc-1_0-en-learn--guides--rooms-and-channels'))).toEqual(['/docs/changelog/1.5.0/'])
    expect(hrefsOf(body('doc-1_0-fr-index'))).toEqual(['/docs/learn/guides/connecting/', '/docs/learn/guides/rooms-and-channels/', '/docs/changelog/'])
  })

  it('43–44: reports the unresolvable markdown file of an unused link definition, and keeps a link to a missing anchor as written', () => {
    expect(warnings()).toContain('docs/reference/errors.md:62: link to a markdown file that is not part of the site: ./legacy-errors.md')
    // Nothing is rendered for the unused definition.
    expect(JSON.stringify(get('doc-current-en-reference--errors'))).not.toContain('legacy-errors')
    // The anchor is checked by the site's link check (onBrokenAnchors: 'warn'), not dropped.
    expect(body('doc-current-en-reference--errors').at(-1)).toEqual(
      linked([
        'See also the ',
        ['send options', '/docs/next/reference/api/#send'],
        ' and the ',
        ['old troubleshooting section', '/docs/next/reference/api/#troubleshooting'],
        ', which was removed in 2.0.',
      ]),
    )
  })

  it('45: keeps links from docs to the blog, and from pages to docs of both versions', () => {
    expect(hrefsOf(body('doc-1_0-en-changelog'))).toEqual(['/docs/changelog/1.5.0/', '/blog/2024/06/02/launch'])
    expect(hrefsOf(body('page-en-guides'))).toEqual([
      '/docs/next/get-started',
      '/docs/next/learn/guides/events-guide',
      '/docs/learn/guides/rooms-and-channels',
      '/docs/next/learn/advanced/scaling',
      '/docs/next/learn/advanced/recovery',
      '/docs/changelog',
    ])
  })
})

// ---------------------------------------------------------------- components and nesting (46–51, 65–71)

describe('MDX components and their nesting', () => {
  it('46: keeps tabs inside tabs, with group ids, labels, defaults and the code of each panel', () => {
    const tabs = body('doc-current-en-get-started').find((block) => block._type === 'tabs' && block.groupId === 'modules')
    expect(tabs).toEqual({
      _type: 'tabs',
      groupId: 'modules',
      panels: [
        {
          _type: 'tabPanel',
          value: 'esm',
          label: 'ES modules',
          isDefault: true,
          body: [
            {
              _type: 'tabs',
              groupId: 'bundler',
              panels: [
                {
                  _type: 'tabPanel',
                  value: 'vite',
                  label: 'Vite',
                  isDefault: true,
                  body: [{_type: 'codeBlock', language: 'js', title: 'src/main.js', code: expect.stringContaining("connect('ws://localhost:4100')")}],
                },
                {
                  _type: 'tabPanel',
                  value: 'none',
                  label: 'No bundler',
                  body: [{_type: 'codeBlock', language: 'html', title: 'index.html', code: expect.stringMatching(/^<script type="module">/)}],
                },
              ],
            },
          ],
        },
        {
          _type: 'tabPanel',
          value: 'cjs',
          label: 'CommonJS',
          body: [
            {_type: 'codeBlock', language: 'js', code: "const {connect} = require('@relay-fixture/client');\nconst socket = connect('ws://localhost:4100');"},
          ],
        },
      ],
    })
  })

  it('47–49: keeps tabs inside an admonition, admonitions inside tabs (:::info Title), and an admonition inside an admonition', () => {
    const blocks = body('doc-current-en-learn--advanced--recovery')
    expect(blocks.map((block) => block._type)).toEqual(['block', 'block', 'admonition', 'block', 'tabs', 'block', 'admonition', 'block', 'details', 'details'])
    expect(blocks[2]).toMatchObject({
      kind: 'tip',
      title: 'Pick the buffer by traffic',
      body: [
        paragraph(span('The right buffer depends on where your messages come from:')),
        {
          _type: 'tabs',
          panels: [
            {
              value: 'memory',
              label: 'Memory',
              isDefault: true,
              body: [paragraph(span('Fast, lost when the server restarts.')), {_type: 'codeBlock', language: 'js'}],
            },
            {value: 'disk', label: 'Disk'},
          ],
        },
      ],
    })
    expect(blocks[4]).toMatchObject({
      groupId: 'platform',
      panels: [
        {value: 'browser', body: [{_type: 'admonition', kind: 'warning', body: [{_type: 'block'}]}]},
        {
          value: 'mobile',
          body: [
            {_type: 'admonition', kind: 'info', title: 'Battery savers', body: [paragraph(span(expect.stringMatching(/^Mobile systems close idle sockets/)))]},
          ],
        },
      ],
    })
    expect((blocks[4]?.panels as Array<{body: Block[]}>)[0]?.body[0]?.title).toBeUndefined()
    expect(blocks[6]).toEqual({
      _type: 'admonition',
      kind: 'danger',
      title: 'Data loss',
      body: [
        paragraph(span('With the memory store, messages still in the buffer of a crashed server are lost.')),
        {_type: 'admonition', kind: 'note', body: [paragraph(span('The disk store replays them when the server starts again, in the order they were sent.'))]},
      ],
    })
  })

  it('50: turns <details>/<summary> into a details block with markdown inside: a list, a code block and a table', () => {
    const details = body('doc-current-en-learn--advanced--recovery')[8]
    expect(details).toMatchObject({_type: 'details', summary: 'Does the client see duplicates after recovery?'})
    expect((details?.body as Block[]).map((block) => [block._type, block.listItem ?? block.language ?? ''])).toEqual([
      ['block', ''],
      ['block', 'bullet'],
      ['block', 'bullet'],
      ['block', 'bullet'],
      ['codeBlock', 'js'],
      ['table', ''],
    ])
    expect((details?.body as Block[])[5]).toEqual({
      _type: 'table',
      rows: [
        {_type: 'tableRow', cells: ['Store', 'Kept after a restart', 'Cost']},
        {_type: 'tableRow', cells: ['memory', 'no', 'none']},
        {_type: 'tableRow', cells: ['disk', 'yes', 'one write per message']},
      ],
      align: ['none', 'none', 'none'],
    })
    expect(details?.open).toBeUndefined()
  })

  it('51: takes the text of a JSX summary prop of @theme/Details as the summary, without its tags', () => {
    expect(body('doc-current-en-learn--advanced--recovery')[9]).toEqual({
      _type: 'details',
      summary: 'How long is the recovery window?',
      body: [
        paragraph(
          span('Two minutes by default. Set '),
          span('recovery.windowMs', ['code']),
          span(' to change it; values above ten minutes use a lot of memory on busy servers.'),
        ),
      ],
    })
  })

  it('65: keeps <TOCInline toc={toc} /> as a table of contents where it stands', () => {
    expect(
      body('doc-current-en-get-started')
        .slice(0, 3)
        .map((block) => block._type),
    ).toEqual(['block', 'tocInline', 'block'])
    expect(body('doc-current-en-get-started')[1]).toEqual({_type: 'tocInline'})
  })

  it('66–67: shows neither the import lines nor the export line, and prints the exported constant where the text uses it', () => {
    const prose = textOf(body('doc-current-en-get-started').filter((block) => block._type === 'block'))
    expect(prose).not.toMatch(/import |export |@theme|@site|minimumNode/)
    expect(body('doc-current-en-get-started')[0]).toEqual(
      paragraph(span('This page takes you from an empty folder to two browser tabs that talk to each other. You need Node.js 18 or later.')),
    )
    expect(textOf(body('doc-current-en-learn--advanced'))).not.toContain('DocCardList')
  })

  it('68–69: converts <Admonition type title> and <CodeBlock language title> with its template literal', () => {
    const blocks = body('doc-current-en-get-started')
    expect(blocks).toContainEqual({
      _type: 'admonition',
      kind: 'tip',
      title: 'Open two tabs',
      body: [paragraph(span('Load the page twice: a message typed in one tab appears in the other within a few milliseconds.'))],
    })
    expect(blocks).toContainEqual({
      _type: 'codeBlock',
      language: 'js',
      title: 'chat.js',
      code: "socket.send('chat:message', {text: 'hello from tab one'});\n\nsocket.on('chat:message', ({text}) => {\n  document.querySelector('#log').append(text);\n});",
    })
  })

  it('70: inlines the partial _shared.mdx where <Shared /> stands: its admonition and code block, not its MDX comment', () => {
    const blocks = body('doc-current-en-get-started')
    const install = blocks.findIndex((block) => JSON.stringify(block) === JSON.stringify(h2('Install')))
    expect(blocks.slice(install + 1, install + 3)).toEqual([
      {
        _type: 'admonition',
        kind: 'note',
        title: 'Requirements',
        body: [paragraph(span('Relay needs Node.js 18 or later on the server and any browser released in the last three years.'))],
      },
      {_type: 'codeBlock', language: 'bash', title: 'Install the client and the server', code: 'npm install @relay-fixture/client @relay-fixture/server'},
    ])
    expect(JSON.stringify(written)).not.toContain('A partial: files whose name starts')
  })

  it('71: renders the site component <Callout> as the site does, the text of its children editable where it places them', () => {
    expect(warnings().filter((warning) => warning.includes('Callout'))).toEqual([])
    const callout = body('doc-current-en-get-started').find((block) => block._type === 'siteComponent')
    expect(callout).toEqual({
      _type: 'siteComponent',
      name: 'Callout',
      markup:
        '<aside class="relay-callout relay-callout--info"><strong class="relay-callout__label">Good to know</strong><div class="relay-callout__body">\u27e6content\u27e7</div></aside>',
      body: [paragraph(span('Relay never sends a message twice to the same connection, even after a reconnect.'))],
    })
  })
})

// ---------------------------------------------------------------- media (53–55, 58–63)

describe('media', () => {
  it('53: turns <video controls> with a <source> from static/ into a video block with the file, its type, poster and fallback text', () => {
    expect(body('doc-current-en-learn--guides--media')[1]).toEqual({
      _type: 'video',
      sources: [{_type: 'videoSource', file: FILE('demo.mp4'), mimeType: 'video/mp4'}],
      fallback: 'Your browser cannot play this video; [download it](/videos/demo.mp4) instead.',
      poster: IMAGE('diagram.png'),
      controls: true,
      width: '480',
    })
  })

  it('54: embeds the youtube-nocookie.com iframe with its title and height', () => {
    expect(body('doc-current-en-learn--guides--media')[3]).toEqual({
      _type: 'embed',
      url: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      title: 'Relay launch talk',
      height: 315,
    })
  })

  it("55: embeds the iframe of another https site, that site listed in the site settings' Embedded sites, and says so", () => {
    expect(body('doc-current-en-learn--guides--media')[5]).toMatchObject({
      _type: 'embed',
      url: 'https://playground.relay.example.org/embed/chat-demo',
      title: 'Relay playground',
    })
    expect(byId.get('siteSettings')).toMatchObject({embedHosts: ['playground.relay.example.org']})
    expect(warnings()).toContain(
      "docusaurus.config.js: iframes of playground.relay.example.org are shown as embeds (sandboxed); these sites are listed in the site settings' Embedded sites, which editors can change",
    )
  })

  it('58: keeps an image inside a link as an image leading to the linked doc', () => {
    expect(body('doc-current-en-learn--guides--rooms-and-channels')[1]).toEqual({
      _type: 'themedImage',
      light: IMAGE('diagram.png'),
      alt: 'The client joins the room through the relay',
      href: '/docs/next/learn/guides/events-guide/',
    })
  })

  it('59: imports raw <img src="/img/…"> of MDX and of a format md page as images with their width', () => {
    expect(body('doc-current-en-learn--guides--media')[7]).toEqual({
      _type: 'themedImage',
      light: IMAGE('diagram.png'),
      alt: 'Client, relay and room, drawn as three boxes',
      width: '320',
    })
    expect(body('doc-current-en-reference--inline-html')[2]).toEqual({
      _type: 'themedImage',
      light: IMAGE('diagram.png'),
      alt: 'The same diagram, from a raw img tag',
      width: '240',
    })
  })

  it('60–62: imports markdown images beside the doc and from static/, and keeps a remote badge remote, inline in its sentence', () => {
    const blocks = body('doc-current-en-learn--guides--rooms-and-channels')
    expect(blocks[4]).toEqual({_type: 'themedImage', light: IMAGE('rooms-flow.png'), alt: 'Join, emit, leave'})
    expect(blocks[8]).toEqual({_type: 'themedImage', light: IMAGE('diagram.png'), alt: 'Client, relay and room'})
    expect(blocks[9]).toEqual(
      paragraph(span('Build status of the example project: '), {
        _type: 'inlineImage',
        url: 'https://img.shields.io/badge/build-passing-brightgreen.svg',
        alt: 'build status',
      }),
    )
  })

  it('63: links a static file download to its path at the site root', () => {
    expect(body('doc-current-en-learn--guides--media').at(-1)).toEqual(linked(['Keep the ', ['cheat sheet', '/files/cheatsheet.txt'], ' next to your editor.']))
  })
})

// ---------------------------------------------------------------- inline markdown and HTML (56–57, 64, 72–78)

describe('inline markup, code, tables and admonitions', () => {
  it('56: turns inline HTML of MDX into marks: <span style={{…}}>, <sup>, <sub>, <kbd>, <mark>, <abbr title>, <code>, and <br/> into a line break', () => {
    const blocks = body('doc-current-en-learn--guides--events-guide')
    expect(blocks[6]).toEqual(
      paragraph(
        span('Names that start with '),
        span('relay:', ['code']),
        span(' are reserved. Press '),
        span('Ctrl', ['kbd']),
        span(' + '),
        span('Shift', ['kbd']),
        span(' + '),
        span('R', ['kbd']),
        span(' in the devtools panel to list them.'),
      ),
    )
    expect(blocks[7]).toEqual({
      _type: 'block',
      style: 'normal',
      markDefs: [
        {_type: 'inlineElement', tag: 'span', style: 'color: crimson'},
        {_type: 'inlineElement', tag: 'abbr', title: 'acknowledgement'},
      ],
      children: [
        span('Inline HTML in MDX: a '),
        span('red warning word', [expect.stringMatching(/^el-/)]),
        span(', 2'),
        span('10', ['sup']),
        span(' rooms, H'),
        span('2', ['sub']),
        span('O, a '),
        span('highlighted phrase', ['mark']),
        span(',\na line break and an '),
        span('ack', [expect.stringMatching(/^el-/)]),
        span('.'),
      ],
    })
  })

  it('57: reads inline HTML of a format md page as HTML: string styles, <br> without a slash, comments hidden, {braces} as text', () => {
    const blocks = body('doc-current-en-reference--inline-html')
    expect(blocks[1]).toEqual({
      _type: 'block',
      style: 'normal',
      markDefs: [
        {_type: 'inlineElement', tag: 'span', style: 'color: darkorange; font-weight: bold'},
        {_type: 'inlineElement', tag: 'abbr', title: 'Transport Layer Security'},
      ],
      children: [
        span('A '),
        span('highlighted word', [expect.stringMatching(/^el-/)]),
        span(', 2'),
        span('nd', ['sup']),
        span(' edition, CO'),
        span('2', ['sub']),
        span(', press '),
        span('Esc', ['kbd']),
        span(' to close, a '),
        span('marked phrase', ['mark']),
        span(',\na line break, and an '),
        span('TLS', [expect.stringMatching(/^el-/)]),
        span(' handshake.'),
      ],
    })
    expect(JSON.stringify(blocks)).not.toContain('An HTML comment')
    expect(blocks.at(-1)).toEqual(paragraph(span('Curly braces are plain text in this format: {not an expression}.')))
  })

  it('52: turns <details> of a format md page into a details block', () => {
    expect(body('doc-current-en-reference--inline-html')[3]).toEqual({
      _type: 'details',
      summary: 'Why not MDX here?',
      body: [paragraph(span('Some pages come from older tools and use HTML that MDX rejects, such as '), span('<br>', ['code']), span(' without a slash.'))],
    })
  })

  it('64: turns emoji shortcodes into emoji, in docs and posts of every locale', () => {
    expect(textOf(body('doc-current-en-index'))).toContain('has received them. 🚀')
    expect(textOf(body('doc-current-en-learn--guides--events-guide'))).toContain('keeps them readable. ✅')
    expect(textOf(body('blogPost-en-2024--03--10--hello-relay'))).toContain('under the MIT license. 🎉')
    expect(textOf(body('blogPost-fr-2024--03--10--hello-relay'))).toContain('sous licence MIT. 🎉')
    expect(JSON.stringify(written)).not.toMatch(/:(rocket|white_check_mark|tada):/)
  })

  it('72–73: keeps code titles and highlighted lines from {1,3-4} and // highlight-next-line, without the comment', () => {
    expect(body('doc-current-en-learn--guides--connecting')[2]).toEqual({
      _type: 'codeBlock',
      language: 'js',
      title: 'client.js',
      code: "import {connect} from '@relay-fixture/client';\n\nconst socket = connect('wss://relay.example.test', {\n  retry: {initialDelay: 250, maxDelay: 5000},\n});",
      highlightedLines: [1, 3, 4],
    })
    expect(body('doc-current-en-learn--guides--connecting')[5]).toMatchObject({title: 'state.js', highlightedLines: [2]})
    expect(body('doc-current-en-reference--api').find((block) => block.title === 'types.d.ts')).toMatchObject({
      language: 'ts',
      code: expect.not.stringContaining('highlight'),
      highlightedLines: [3],
    })
    expect(JSON.stringify(written)).not.toContain('highlight-next-line')
  })

  it('74: keeps the languages of bash, ts, html and nginx fences', () => {
    const languages = new Set(
      written
        .flatMap((document) => (Array.isArray(document.body) ? allBlocks(strip(document.body) as Block[]) : []))
        .filter((block) => block._type === 'codeBlock')
        .map((block) => block.language),
    )
    expect([...languages].sort()).toEqual(['bash', 'html', 'js', 'jsx', 'nginx', 'ts'])
    expect(body('doc-current-en-learn--advanced--scaling')[3]).toEqual({
      _type: 'codeBlock',
      language: 'nginx',
      title: 'nginx.conf',
      code: expect.stringMatching(/^upstream relay \{/),
      highlightedLines: [3],
    })
  })

  it('75: keeps tables with inline markup in their cells', () => {
    expect(body('doc-current-en-reference--api')[2]).toEqual({
      _type: 'table',
      rows: [
        {_type: 'tableRow', cells: ['Option', 'Type', 'Default', 'Description']},
        {_type: 'tableRow', cells: ['`retry.initialDelay`', 'number', '`250`', 'first wait before a reconnect, in milliseconds']},
        {_type: 'tableRow', cells: ['`retry.maxDelay`', 'number', '`5000`', 'longest wait between two attempts']},
        {_type: 'tableRow', cells: ['`auth`', 'object', 'none', 'sent once with the handshake']},
      ],
      align: ['none', 'none', 'none', 'none'],
    })
  })

  it('76: shows the content of :::quiz (a keyword Docusaurus does not know) as plain text without the ::: lines, and warns', () => {
    const blocks = body('doc-current-en-reference--errors')
    const check = blocks.findIndex((block) => JSON.stringify(block) === JSON.stringify(h2('Check yourself')))
    expect(blocks[check + 1]).toEqual(paragraph(span("Which error code tells you to refresh the user's token?")))
    expect(textOf(blocks)).not.toContain(':::')
    expect(warnings()).toContain(
      'docs/reference/errors.md:54: :::quiz is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)',
    )
  })

  it('77: converts every admonition syntax: :::note, :::tip[Title], :::info Title, :::warning, :::danger, :::caution', () => {
    const admonitions = body('doc-current-en-reference--errors').filter((block) => block._type === 'admonition')
    expect(admonitions.map((block) => [block.kind, block.title ?? null])).toEqual([
      ['note', null],
      ['tip', 'Catch them in one place'],
      ['info', 'Where errors come from'],
      ['warning', null],
      ['danger', null],
      ['caution', null],
    ])
    expect(admonitions[3]?.body).toEqual([paragraph(span('E_TIMEOUT', ['code']), span(' does not mean the message was lost: the server may still handle it.'))])
  })

  it('78: keeps {#custom-id} heading ids as anchors, out of the heading text', () => {
    expect(body('doc-current-en-reference--api').filter((block) => block._type === 'heading')).toEqual([
      {_type: 'heading', level: 2, text: '`connect(url, options)`', anchor: 'connect'},
      {_type: 'heading', level: 2, text: '`socket.send(event, payload, options)`', anchor: 'send'},
      {_type: 'heading', level: 2, text: '`new RelayServer(options)`', anchor: 'server'},
      {_type: 'heading', level: 2, text: 'Events', anchor: 'events'},
    ])
    expect(body('doc-current-en-learn--advanced--scaling')).toContainEqual({_type: 'heading', level: 2, text: 'Custom heading anchor', anchor: 'custom-anchor'})
    expect(body('doc-current-en-learn--guides--events-guide')[1]).toEqual({_type: 'heading', level: 2, text: 'Acknowledgements', anchor: 'acks'})
  })

  it('28: keeps <DocCardList /> of the category index doc', () => {
    expect(body('doc-current-en-learn--advanced')).toEqual([
      linked(['These pages assume you have read the ', ['guides', '/docs/next/learn/guides/connecting/'], '. Each card below opens one topic.']),
      {_type: 'docCardList'},
    ])
  })
})

// ---------------------------------------------------------------- blog (79–84, 94)

describe('the blog', () => {
  it('79–81: addresses posts by date without a slug, by their slug, and a folder post by its folder date', () => {
    expect(get('blogPost-en-2024--03--10--hello-relay')).toMatchObject({
      slug: '2024/03/10/hello-relay',
      date: '2024-03-10',
      title: 'Hello, Relay',
      sourcePath: 'blog/2024-03-10-hello-relay.md',
    })
    expect(get('blogPost-en-presence-tracking')).toMatchObject({slug: 'presence-tracking', date: '2024-05-20', sourcePath: 'blog/2024-05-20-presence.mdx'})
    expect(get('blogPost-en-2024--06--02--launch')).toMatchObject({
      slug: '2024/06/02/launch',
      date: '2024-06-02',
      sourcePath: 'blog/2024-06-02-launch/index.md',
    })
    // 81: the image beside the folder post.
    expect(body('blogPost-en-2024--06--02--launch')[1]).toEqual({_type: 'themedImage', light: IMAGE('launch.png'), alt: 'The Relay 1.0 banner'})
    // 80: tabs and an admonition in an .mdx post.
    expect(body('blogPost-en-presence-tracking').map((block) => block._type)).toEqual(['block', 'readMore', 'block', 'block', 'tabs', 'admonition'])
  })

  it('82: makes authors from authors.yml, their remote image URLs kept as remote, page, socials and French translation carried over, referenced from posts in order', () => {
    expect(get('author-ana')).toEqual({
      _id: 'author-ana',
      _type: 'author',
      key: 'ana',
      name: 'Ana Okafor',
      title: 'Relay maintainer',
      description: 'Ana designed the delivery guarantees of Relay and reviews every change to the protocol.',
      url: 'https://code.example.org/ana-okafor',
      imageUrl: 'https://github.com/identicons/relay-ana.png',
      // `github: relay-ana` and `x: relay_ana`, made addresses as Docusaurus makes them.
      socials: [
        {_key: 'social-0', _type: 'authorSocial', platform: 'github', url: 'https://github.com/relay-ana'},
        {_key: 'social-1', _type: 'authorSocial', platform: 'x', url: 'https://x.com/relay_ana'},
      ],
      listed: true,
      position: 0,
      // `page: true`: the key in kebab case.
      page: true,
      permalink: 'ana',
      // i18n/fr/docusaurus-plugin-content-blog/authors.yml: what differs from blog/authors.yml.
      translations: [
        {
          _key: 'fr',
          _type: 'authorTranslation',
          language: 'fr',
          title: 'Mainteneuse de Relay',
          description: 'Ana a conçu les garanties de livraison de Relay et relit chaque modification du protocole.',
        },
      ],
    })
    expect(get('author-lucas')).toMatchObject({
      imageUrl: 'https://github.com/identicons/relay-lucas.png',
      listed: true,
      position: 1,
      page: false,
      translations: [{language: 'fr', title: 'Contributeur, clients mobiles'}],
    })
    expect(get('author-lucas').permalink).toBeUndefined()
    expect(get('author-lucas').image).toBeUndefined()
    expect((get('blogPost-en-presence-tracking').authors as Array<{_ref: string}>).map((author) => author._ref)).toEqual(['author-lucas', 'author-ana'])
    // `authors: ana` (a single key, not a list).
    expect((get('blogPost-en-2024--06--02--launch').authors as Array<{_ref: string}>).map((author) => author._ref)).toEqual(['author-ana'])
  })

  it('83: keeps inline tags', () => {
    expect(get('blogPost-en-presence-tracking').tags).toEqual(['feature', 'rooms'])
    expect(get('blogPost-en-2024--03--10--hello-relay').tags).toEqual(['announcement', 'community'])
  })

  it('84: breaks the post for lists at <!-- truncate --> and {/* truncate */}', () => {
    expect(
      body('blogPost-en-2024--03--10--hello-relay')
        .slice(0, 2)
        .map((block) => block._type),
    ).toEqual(['block', 'readMore'])
    expect(body('blogPost-en-presence-tracking')[1]).toEqual({_type: 'readMore'})
    expect(body('blogPost-en-2024--06--02--launch')[2]).toEqual({_type: 'readMore'})
  })

  it('94: imports the translated post with its source authors, and the options.json title and description', () => {
    expect(get('blogPost-fr-2024--03--10--hello-relay')).toMatchObject({
      title: 'Bonjour, Relay',
      slug: '2024/03/10/hello-relay',
      language: 'fr',
      authors: [{_type: 'reference', _ref: 'author-ana'}],
    })
    expect(get('blogPost-pt-BR-2024--03--10--hello-relay')).toMatchObject({title: 'Olá, Relay', language: 'pt-BR'})
    const blog = get('siteSettings').blog as Record<string, unknown>
    expect(strip(blog)).toEqual({
      postsPerPage: 10,
      sidebarCount: 5,
      showReadingTime: true,
      // Docusaurus's default title and description ('Blog'), translated in options.json.
      title: all3('Blog', 'Blog', 'Blog'),
      description: all3('Blog', 'Les nouvelles de Relay : versions, idées et coulisses', 'Novidades do Relay: versões, ideias e bastidores'),
    })
  })
})

// ---------------------------------------------------------------- pages (85–88)

describe('pages', () => {
  it('85–86: renders the React pages in each locale: /showcase as a page, the home page read into its sections', () => {
    expect(result.reactPages).toEqual([])
    expect(['en', 'fr', 'pt-BR'].map((locale) => get(`page-${locale}-showcase`).title)).toEqual(['Showcase', 'Vitrine', 'Vitrine'])
    // Its <h1> is the page's heading, as Docusaurus shows it; the Layout title is the browser tab's.
    expect(get('page-fr-showcase')).toMatchObject({title: 'Vitrine', heading: 'Ils utilisent Relay', description: 'Des projets qui utilisent Relay'})
    expect(JSON.stringify(body('page-fr-showcase'))).not.toContain('Ils utilisent Relay')
    expect(written.filter((document) => document._type === 'page' && document.path === 'showcase')).toHaveLength(3)
    const home = strip(get('homePage-fr')) as {sections: Array<Record<string, unknown>>; sourcePath: string}
    expect(home.sourcePath).toBe('src/pages/index.js')
    expect(home.sections[0]).toEqual({
      _type: 'homeHero',
      title: 'Relay',
      tagline: "Des messages entre navigateurs et serveurs, dans l'ordre et à l'heure",
      actions: [
        {_type: 'callToAction', label: 'Lire la documentation', href: '/docs/'},
        {_type: 'callToAction', label: 'Essayer la préversion 2.0', href: '/docs/next/get-started'},
      ],
    })
    expect((home.sections[1]?.items as Array<{title: string}>).map((item) => item.title)).toEqual(["Dans l'ordre", 'Reprise automatique', 'Un petit serveur'])
    // What follows the features (the site's own Callout component) is kept as text, as Docusaurus shows it.
    expect(home.sections.map((section) => section._type)).toEqual(['homeHero', 'homeFeatures', 'homeText'])
    expect(JSON.stringify(home.sections.at(-1))).toContain('Relay 1.5 est la version actuelle')
  })

  it("88: imports the site's brand colours of both modes, its heading font and the icon of its code host link into the theme", () => {
    const theme = get('theme')
    expect(theme.light).toMatchObject({
      primary: '#2e6fdb',
      primaryDark: '#2462c9',
      primaryLightest: '#7ea6e9',
      onPrimary: '#fff',
      background: '#ffffff',
      footerBackground: '#303846',
    })
    // Dark mode: the site's own dark primary and dark shade, the other shades inherited from its light block, Infima's dark surfaces.
    expect(theme.dark).toMatchObject({
      primary: '#7ea6e9',
      primaryDark: '#6895e4',
      primaryDarker: '#225dbe',
      onPrimary: '#000',
      background: '#1b1b1d',
      surface: '#242526',
    })
    expect(theme).toMatchObject({
      footerStyle: 'dark',
      codeFontSize: '95%',
      fonts: {headings: "Georgia, 'Times New Roman', serif"},
      importedFrom: ['src/css/custom.css'],
    })
    expect((theme.light as Record<string, unknown>).footerLink).toBe('#c9d7f5')
    const rules = theme.classRules as Array<{selector: string; declarations: Array<{property: string; value: string}>}>
    const icon = rules.find((rule) => rule.selector === '.header-code-host-link::before')
    expect(icon?.declarations.map((declaration) => declaration.property)).toEqual(['content', 'display', 'width', 'height', 'background', 'mask'])
    expect(icon?.declarations.at(-1)?.value).toMatch(/^url\("data:image\/svg\+xml,%3Csvg /)
    // The callout's background from an Infima variable, in each mode.
    expect(rules.filter((rule) => rule.selector.endsWith('.relay-callout')).map((rule) => [rule.selector, rule.declarations[0]?.value])).toEqual([
      ['.relay-callout', '#f5f6f7'],
      ["[data-theme='dark'] .relay-callout", '#1c1e21'],
    ])
    expect(JSON.stringify(get('sidebar-current-docs'))).toContain('sidebar-kicker')
    expect(JSON.stringify(get('siteSettings').navbarItems)).toContain('header-code-host-link')
  })

  it('87: imports the markdown pages at their paths, the H1 equal to the title not repeated', () => {
    expect(get('page-en-about')).toMatchObject({title: 'About Relay', path: 'about', description: 'Who makes Relay and how decisions are taken.'})
    // Its own level-1 heading is the one heading the page shows.
    expect(get('page-en-about')).not.toHaveProperty('hideTitle')
    expect(get('page-en-guides')).toMatchObject({title: 'Guides for teams', path: 'guides'})
    expect(textOf(body('page-en-about'))).not.toContain('About Relay')
    expect(body('page-en-about').at(-1)).toEqual({_type: 'themedImage', light: IMAGE('logo.svg'), alt: 'Relay logo'})
  })
})

// ---------------------------------------------------------------- translations (90–95)

describe('translations', () => {
  it('90: maps the theme strings of code.json onto the interface messages of fr and pt-BR', () => {
    const messages = (id: string) =>
      Object.fromEntries((get(id).messages as Array<{key: string; value: string}>).map((message) => [message.key, message.value]))
    // The site's code.json wins over the built-in translation of the language, which gives the rest.
    expect(messages('uiStrings-fr')).toMatchObject({
      'blog.readMore': "Lire l'article",
      'doc.editPage': 'Modifier cette page',
      'doc.next': 'Page suivante',
      'doc.previous': 'Page précédente',
      'notFound.title': 'Page introuvable',
      'admonition.note': 'remarque',
    })
    expect(messages('uiStrings-pt-BR')).toMatchObject({
      'blog.readMore': 'Ler o post',
      'doc.editPage': 'Editar esta página',
      'doc.next': 'Próxima página',
      'doc.previous': 'Página anterior',
      'notFound.title': 'Página não encontrada',
      'admonition.caution': 'cuidado',
    })
    expect(Object.keys(messages('uiStrings-pt-BR'))).toHaveLength(UI_MESSAGE_KEYS.length)
    expect(messages('uiStrings-en')['doc.next']).toBe('Next')
    // The banner of unlisted pages takes the site's own French wording, by Docusaurus's ids.
    expect(messages('uiStrings-fr')).toMatchObject({
      'unlisted.title': 'Page hors liste',
      'unlisted.message': "Cette page n'apparaît dans aucune liste : seuls ceux qui ont son lien peuvent la lire.",
    })
    expect(messages('uiStrings-pt-BR')['unlisted.title']).toBe('Página não listada')
  })

  it('93: imports the translated docs of both versions, linked to their sources, with the same slugs', () => {
    const translated = written.filter((document) => document._type === 'doc' && document.language !== 'en')
    expect(translated.map((document) => [document._id, document.title, (document.translation as {source: {_ref: string}}).source._ref]).sort()).toEqual([
      ['doc-1_0-fr-index', 'Bienvenue dans Relay', 'doc-1_0-en-index'],
      ['doc-1_0-pt-BR-changelog--1_5_0', '1.5.0', 'doc-1_0-en-changelog--1_5_0'],
      ['doc-1_0-pt-BR-index', 'Boas-vindas ao Relay', 'doc-1_0-en-index'],
      ['doc-current-fr-changelog--2_0_0', '2.0.0', 'doc-current-en-changelog--2_0_0'],
      ['doc-current-fr-index', 'Bienvenue dans Relay', 'doc-current-en-index'],
      ['doc-current-pt-BR-changelog--2_0_0', '2.0.0', 'doc-current-en-changelog--2_0_0'],
      ['doc-current-pt-BR-index', 'Boas-vindas ao Relay', 'doc-current-en-index'],
    ])
    expect(get('doc-current-fr-changelog--2_0_0')).toMatchObject({slug: 'changelog/2.0.0', version: 'current', sidebarPosition: 2})
    expect(body('doc-current-fr-changelog--2_0_0')[1]).toEqual(h2('Changements incompatibles'))
    const metadata = get('translation-metadata-doc-current-en-index').translations as Array<{language: string; value: {_ref: string}}>
    expect(metadata.map((entry) => [entry.language, entry.value._ref])).toEqual([
      ['en', 'doc-current-en-index'],
      ['fr', 'doc-current-fr-index'],
      ['pt-BR', 'doc-current-pt-BR-index'],
    ])
  })

  it('95: imports the translated markdown page of each locale', () => {
    expect(get('page-fr-about')).toMatchObject({title: 'À propos de Relay', path: 'about', language: 'fr'})
    expect(get('page-pt-BR-about')).toMatchObject({title: 'Sobre o Relay', path: 'about', language: 'pt-BR'})
    expect(body('page-fr-about').at(-1)).toEqual({_type: 'themedImage', light: IMAGE('logo.svg'), alt: 'Logo de Relay'})
  })
})

describe('reading details: unlisted pages, pagination, hidden titles, author pictures', () => {
  it('96: keeps unlisted: true on a doc, a post and a markdown page, and leaves the doc out of its generated sidebar', () => {
    expect(get('doc-current-en-learn--advanced--load-test-report')).toMatchObject({unlisted: true, title: 'Load test report'})
    expect(get('blogPost-en-2024--07--15--beta-feedback')).toMatchObject({unlisted: true, tags: ['beta']})
    expect(get('page-en-press-kit')).toMatchObject({unlisted: true})
    // Listed documents carry no flag at all.
    expect(get('doc-current-en-learn--advanced--scaling')).not.toHaveProperty('unlisted')
    expect(JSON.stringify(get('sidebar-current-docs'))).toContain('doc-current-en-learn--advanced--recovery')
    expect(JSON.stringify(get('sidebar-current-docs'))).not.toContain('load-test-report')
    // Followed, so not reported.
    expect(warnings().filter((line) => /unlisted|pagination_|hide_title/.test(line))).toEqual([])
  })

  it('97: keeps pagination_next as a reference to the doc of that id in the version, and pagination_prev: null as "none"', () => {
    expect(get('doc-current-en-learn--advanced--recovery').paginationNext).toEqual({
      _type: 'docPaginationLink',
      mode: 'doc',
      doc: {_type: 'reference', _ref: 'doc-current-en-reference--errors', _weak: true},
    })
    expect(get('doc-current-en-reference--overview').paginationPrev).toEqual({_type: 'docPaginationLink', mode: 'none'})
    expect(get('doc-current-en-reference--overview')).not.toHaveProperty('paginationNext')
  })

  it('98: hides the title of a doc and a page with hide_title and no H1 of their own', () => {
    expect(get('doc-current-en-learn--guides--media')).toMatchObject({title: 'Media in the docs', hideTitle: true})
    expect(get('page-en-press-kit')).toMatchObject({title: 'Press kit', hideTitle: true})
    expect(get('doc-current-en-reference--overview')).not.toHaveProperty('hideTitle')
  })

  it("99: gives the post's authors their pictures, remote ones kept as addresses", () => {
    const authors = written.filter((document) => document._type === 'author')
    expect(Object.fromEntries(authors.map((author) => [author.key, author.imageUrl]))).toEqual({
      ana: 'https://github.com/identicons/relay-ana.png',
      lucas: 'https://github.com/identicons/relay-lucas.png',
    })
    expect((get('blogPost-en-2024--07--15--beta-feedback').authors as Array<{_ref: string}>).map((author) => author._ref)).toEqual(['author-lucas'])
  })

  it('100: keeps docs tags as their labels in each locale (tags.yml keys, a French tags file for French docs), with the addresses and descriptions of the tags files in the site settings', () => {
    expect(get('doc-current-en-index').tags).toEqual(['Real time'])
    expect(get('doc-current-fr-index').tags).toEqual(['Temps réel'])
    expect(get('doc-current-en-learn--advanced--scaling').tags).toEqual(['Real time', 'Operations'])
    expect(get('doc-1_0-en-index')).not.toHaveProperty('tags')
    expect(strip(get('siteSettings').docsTags)).toEqual([
      // "real-time" is the address of its label's words already: not repeated.
      {
        _type: 'docsTagDefinition',
        label: 'Real time',
        description: [{_type: 'localeTextValue', language: 'en', value: 'Pages about messages that arrive while the reader watches.'}],
      },
      {
        _type: 'docsTagDefinition',
        label: 'Operations',
        permalink: 'ops',
        description: [{_type: 'localeTextValue', language: 'en', value: 'Running Relay servers in production.'}],
      },
      {
        _type: 'docsTagDefinition',
        label: 'Temps réel',
        permalink: 'real-time',
        description: [{_type: 'localeTextValue', language: 'fr', value: 'Les pages sur les messages qui arrivent pendant que le lecteur regarde.'}],
      },
    ])
    // Every tag is in its version's tags file: nothing to report.
    expect(warnings().filter((line) => line.includes('tags'))).toEqual([])
  })

  it('101–104: keeps pagination_label, hide_table_of_contents, custom_edit_url (an address, or null: no link) and sidebar_custom_props', () => {
    expect(get('doc-current-en-learn--advanced--scaling')).toMatchObject({
      paginationLabel: 'Scaling guide',
      hideTableOfContents: true,
      customEditUrl: 'https://code.example.org/relay/relay/edit/main/guides/scaling.md',
      sidebarCustomProps: '{"badge":"advanced"}',
    })
    expect(get('doc-1_0-en-learn--guides--connecting')).toMatchObject({hideEditLink: true})
    for (const field of ['paginationLabel', 'hideTableOfContents', 'customEditUrl', 'hideEditLink', 'sidebarCustomProps', 'displayedSidebar', 'hideSidebar']) {
      expect(get('doc-current-en-reference--api'), field).not.toHaveProperty(field)
    }
  })

  it("103: points a translation's edit link at its source file, as Docusaurus does without editLocalizedFiles", () => {
    expect(get('doc-current-fr-index')).toMatchObject({sourcePath: 'i18n/fr/docusaurus-plugin-content-docs/current/intro.md', editPath: 'docs/intro.md'})
    expect(get('doc-current-en-index')).not.toHaveProperty('editPath')
  })

  it('105: keeps displayed_sidebar on a doc that no sidebar lists', () => {
    expect(get('doc-current-en-notes--glossary')).toMatchObject({displayedSidebar: 'docs', title: 'Glossary'})
    expect(JSON.stringify(written.filter((document) => document._type === 'sidebar'))).not.toContain('glossary')
  })
})

describe('line breaks, mdx-code-block, assets as modules, plugins and swizzled components', () => {
  const install = () => body('doc-current-en-learn--guides--install')
  const assets = () => body('doc-current-en-learn--guides--assets')

  it('106: shows a hard-wrapped paragraph as one line, and keeps the hard breaks of two spaces, a backslash and <br/>', async () => {
    expect(install()[0]).toEqual(
      paragraph(
        span(
          'This page is written the way many repositories keep their markdown: every paragraph is wrapped by hand near the eightieth column, so each line of the source ends in the middle of a sentence. Readers see flowing text all the same.',
        ),
      ),
    )
    expect(install()[1]).toEqual(
      paragraph(
        span('Some lines are broken on purpose. The socket address goes on a line of its own:\n'),
        span('wss://relay.example.org/socket', ['code']),
        span('\nand the polling address on the next one:\n'),
        span('https://relay.example.org/poll', ['code']),
      ),
    )
    const html = await renderBody(get('doc-current-en-learn--guides--install').body as RichTextBlock[])
    expect(visibleText(html)).toContain(
      'Some lines are broken on purpose. The socket address goes on a line of its own:\nwss://relay.example.org/socket\nand the polling address on the next one:\nhttps://relay.example.org/poll',
    )
    // Across the site, the only line breaks inside paragraphs are those markdown makes (<br> of 56-57 and these).
    const breaks = written.flatMap((document) =>
      allBlocks(strip(document.body ?? []) as Block[])
        .filter((block) => block._type === 'block')
        .flatMap((block) => (block.children as Array<{text?: string}>).filter((child) => child.text?.includes('\n')).map(() => String(document.sourcePath))),
    )
    expect([...new Set(breaks)].sort()).toEqual(['docs/learn/01-guides/03-events.mdx', 'docs/learn/01-guides/05-install.mdx', 'docs/reference/inline-html.md'])
  })

  it('107: unwraps ```mdx-code-block fences of three and four backticks: the tabs and details they hold, no code block of MDX', () => {
    expect(install()[2]).toEqual({
      _type: 'tabs',
      groupId: 'package-manager',
      panels: [
        {_type: 'tabPanel', value: 'npm', label: 'npm', body: [{_type: 'codeBlock', language: 'bash', code: 'npm install @relay/client'}]},
        {_type: 'tabPanel', value: 'pnpm', label: 'pnpm', body: [{_type: 'codeBlock', language: 'bash', code: 'pnpm add @relay/client'}]},
      ],
    })
    expect(install()[3]).toEqual({
      _type: 'details',
      summary: 'Installing without a network',
      body: [
        paragraph(span('Copy the package from a machine that has one, then install it from the file:')),
        {_type: 'codeBlock', language: 'bash', code: 'npm install ./relay-client-2.0.0.tgz'},
      ],
    })
    expect(JSON.stringify(written.map((document) => document.body ?? null))).not.toContain('mdx-code-block')
  })

  it('108: shows a ```jsx live block as highlighted code, and reports that readers miss its result', () => {
    expect(install().at(-1)).toEqual({
      _type: 'codeBlock',
      language: 'jsx',
      code: "function Greeting() {\n  const [name] = React.useState('relay');\n  return <p>Connected as {name}.</p>;\n}",
    })
    expect(result.readerReport.find((entry) => entry.feature === '@docusaurus/theme-live-codeblock')).toEqual({
      feature: '@docusaurus/theme-live-codeblock',
      missing: 'a live code block (```jsx live) is shown as highlighted code: readers cannot edit it and do not see the result it renders',
      pages: [{page: 'docs/learn/01-guides/05-install.mdx', at: ['docs/learn/01-guides/05-install.mdx:63']}],
    })
  })

  it('109: resolves @site/ paths, require() and imported images, an SVG component and links to files from the site folder', () => {
    expect(assets().slice(1, -1)).toEqual([
      {_type: 'themedImage', light: IMAGE('diagram.png'), alt: 'A client and a server linked by Relay'},
      {_type: 'themedImage', light: IMAGE('rooms-flow.png'), alt: 'Rooms and their members'},
      {_type: 'themedImage', light: IMAGE('diagram.png'), alt: 'The same diagram, from the site folder'},
      paragraph(span('The Relay mark is an SVG drawn as a component:')),
      {_type: 'themedImage', light: IMAGE('logo.svg'), alt: 'The Relay mark', width: '64', height: '64'},
      {
        _type: 'block',
        style: 'normal',
        markDefs: [
          {_type: 'link', href: expect.stringMatching(/^\/assets\/files\/[0-9a-f]{8}-protocol-summary\.pdf$/)},
          {_type: 'link', href: expect.stringMatching(/^\/assets\/files\/[0-9a-f]{8}-checklist\.pdf$/)},
        ],
        children: [
          span('Take the '),
          span('protocol summary', [expect.stringMatching(/^link-/)]),
          span(' with you, and '),
          span('the deployment checklist', [expect.stringMatching(/^link-/)]),
          span(' before you go live.'),
        ],
      },
    ])
    expect(warnings().filter((line) => line.includes('06-assets'))).toEqual([])
  })

  it('114: links to a static file whose name has a space, by its address (percent-encoded) or as written', () => {
    expect(assets().at(-1)).toEqual(
      linked([
        'What changed in each release is in ',
        ['the release notes', '/files/release%20notes.txt'],
        ', whose file name has a space: ',
        ['the same notes', '/files/release notes.txt'],
        '.',
      ]),
    )
  })

  it('110–111: names the swizzled Admonition with the pages that have admonitions, and the Google tag of every page', () => {
    expect(result.readerReport.find((entry) => entry.feature === 'src/theme/Admonition')).toEqual({
      feature: 'src/theme/Admonition',
      missing: 'the site’s own Admonition (it wraps the theme’s) is not imported: these pages show the standard one, without what the site changed',
      declaredIn: 'src/theme/Admonition/index.js',
      scope: 'the pages with admonitions: 5',
      pages: [
        {page: 'blog/2024-05-20-presence.mdx', at: []},
        {page: 'docs/learn/02-advanced/02-recovery.mdx', at: []},
        {page: 'docs/quick-start.mdx', at: []},
        {page: 'docs/reference/errors.md', at: []},
        {page: 'versioned_docs/version-1.0/learn/01-guides/02-rooms.md', at: []},
      ],
    })
    expect(result.readerReport.find((entry) => entry.feature === '@docusaurus/plugin-google-gtag')).toEqual({
      feature: '@docusaurus/plugin-google-gtag',
      missing: 'the Google tag, gtag.js (G-RELAY00000), is not added to the pages: visits are not counted by it',
      declaredIn: 'docusaurus.config.js:58',
      scope: 'every page',
      pages: [],
    })
    expect(result.readerReport.map((entry) => entry.feature)).toEqual([
      '@docusaurus/plugin-google-gtag',
      '@docusaurus/theme-live-codeblock',
      '@docusaurus/theme-search-algolia',
      'src/theme/Admonition',
    ])
  })
})
