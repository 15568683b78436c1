// The root-docs Docusaurus 3 fixture (see its README): a docs-only library site with a TypeScript
// config, docs at the site root under a GitHub Pages base URL, a second docs instance, versions with
// lastVersion 'current', a right-to-left locale and an admonition keyword of its own. Imported once
// from a copy in a temporary folder; what the content model cannot hold must be named in a warning.
import {UI_MESSAGE_KEYS} from '@site/schemas'
import {describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {type Doc, useImportedFixture} from './fixture-site'

const site = useImportedFixture('root-docs')
const {get, ofType} = site

describe('importing the root-docs site', () => {
  it('loads the TypeScript config (ESM export default, import type, satisfies) and writes the dataset without errors', () => {
    expect(site.result.errors.map(formatDiagnostic)).toEqual([])
    expect(site.result.written).toBe(true)
  })

  it('names everything of the config and content it does not carry over, and nothing else', () => {
    expect(sortDiagnostics(site.result.warnings).map(formatDiagnostic)).toEqual([
      "docs/guides/02-security.md:9: :::security is a keyword the config adds (docusaurus.config.ts, docs.admonitions.keywords): shown as an info box, as Docusaurus shows a keyword its theme has no component for; a component of the site's theme for it is not imported",
      "docs/guides/02-security.md:16: :::security is a keyword the config adds (docusaurus.config.ts, docs.admonitions.keywords): shown as an info box, as Docusaurus shows a keyword its theme has no component for; a component of the site's theme for it is not imported",
      'docusaurus.config.ts: baseUrl: "/beacon/" is not kept: this site is built to be served from the root of its host, so a page at /beacon/x is at /x (serve it under /beacon/ with a proxy, or from a host of its own)',
      // Docusaurus has no page at /community/ either.
      'docusaurus.config.ts: docs version Community (community/) has no home doc: add index.md or give a doc `slug: /`',
      "docusaurus.config.ts: trailingSlash: false is not kept: pages keep Docusaurus's default addresses, a folder per page (/docs/x/), which most static hosts also serve at /docs/x by a redirect",
      'i18n/fa/code.json: 1 message of Docusaurus theme features this site does not show (theme.admonition.security): not imported',
      'i18n/fa/docusaurus-theme-classic/navbar.json: logo.alt: "نشان بیکن" is not imported: the alternative text of the navbar logo is the same in every locale in the content model ("Beacon logo")',
      'src/css/custom.css:2: --ifm-color-primary: Text on the primary colour (buttons, dark mode) has a contrast of 3.83:1, below the 4.5:1 of WCAG AA (#000 on #0f766e): imported as the site has it; the studio shows it on the Theme until the colour is changed',
      'src/css/custom.css:2: --ifm-color-primary: The primary colour as link text on the background (dark mode) has a contrast of 3.14:1, below the 4.5:1 of WCAG AA (#0f766e on #1b1b1d): imported as the site has it; the studio shows it on the Theme until the colour is changed',
      "src/css/custom.css:4: [dir='rtl'] .navbar__brand: not carried over: it styles .navbar__brand, which no navbar item, footer item or page of the imported site uses (Docusaurus's own markup, or components of the site)",
    ])
  })
})

describe('locales', () => {
  it('has English and a right-to-left Persian with its label and htmlLang', () => {
    const locales = (get('siteSettings').locales as Doc[]).map(({code, label, direction, htmlLang, path: localePath}) => ({
      code,
      label,
      direction,
      htmlLang,
      path: localePath,
    }))
    expect(locales).toEqual([
      {code: 'en', label: 'English', direction: 'ltr', htmlLang: 'en', path: ''},
      {code: 'fa', label: 'فارسی', direction: 'rtl', htmlLang: 'fa-IR', path: 'fa'},
    ])
  })

  it('imports the Persian docs and the Persian community doc as translations of their sources', () => {
    expect(get('doc-current-fa-index')).toMatchObject({title: 'معرفی', language: 'fa', slug: 'index'})
    expect(get('doc-current-fa-guides--heartbeats')).toMatchObject({title: 'ضربان', slug: 'guides/heartbeats'})
    expect(get('doc-community-fa-support')).toMatchObject({title: 'دریافت کمک', version: 'community', slug: 'support', language: 'fa'})
  })

  it('reads the interface in Persian without a translation of its own, as with Docusaurus: the admonition titles too', () => {
    const messages = new Map((get('uiStrings-fa').messages as {key: string; value: string}[]).map(({key, value}) => [key, value]))
    expect(messages.size).toBe(UI_MESSAGE_KEYS.length)
    expect(['admonition.note', 'admonition.tip', 'admonition.info', 'admonition.warning'].map((key) => messages.get(key))).toEqual([
      'یادداشت',
      'نکته',
      'اطلاعات',
      'هشدار',
    ])
  })
})

describe('docs versions and addresses', () => {
  it('keeps the Persian label of the 2.x version (i18n/fa/docusaurus-plugin-content-docs/current.json)', () => {
    expect(get('docsVersion-current').labels).toEqual([{_key: 'fa', _type: 'localeStringValue', language: 'fa', value: '۲.x'}])
  })

  it('serves the docs at the site root as the config does (routeBasePath "/"), the main doc being the home page', () => {
    expect(get('siteSettings')).toMatchObject({docsPath: '/'})
    expect(ofType('homePage')).toEqual([])
  })

  it('links docs to each other at their addresses under the site root', () => {
    expect(JSON.stringify(get('doc-current-en-api').body)).toContain('"href":"/api/tracker/"')
  })

  it('serves the current docs (lastVersion) at the docs root and 1.x at its configured path, with the unmaintained banner', () => {
    // The URL segment is urlPath when set, else the identifier (versionSegment of the model).
    const versions = ofType('docsVersion')
      .sort((a, b) => Number(a.order) - Number(b.order))
      .map(({path: id, urlPath, name, label, isLast, banner, docsPath}) => ({id, segment: urlPath ?? id, name, label, isLast, banner, docsPath}))
    expect(versions).toEqual([
      {id: 'current', segment: '', name: 'current', label: '2.x', isLast: true, banner: 'none', docsPath: undefined},
      {id: 'legacy', segment: 'legacy', name: '1.x', label: '1.x (legacy)', isLast: false, banner: 'unmaintained', docsPath: undefined},
      // The community docs: a set of their own at /community/, outside the version dropdown.
      {id: 'community', segment: '', name: 'current', label: 'Community', isLast: false, banner: 'none', docsPath: 'community'},
    ])
  })

  it('gives each doc its Docusaurus slug inside its version', () => {
    const docs = ofType('doc')
      .filter((doc) => doc.language === 'en')
      .map((doc) => `${String(doc.version)} ${String(doc.slug)}`)
      .sort()
    expect(docs).toEqual([
      'community contributing',
      'community support',
      'current api',
      'current api/tracker',
      'current guides/heartbeats',
      'current guides/security',
      'current index',
      'current install',
      'legacy index',
      'legacy install',
    ])
  })

  it('describes a doc without a description by the first line of its text, as Docusaurus does', () => {
    expect(get('doc-current-en-install').description).toBe('Beacon ships as one package with no runtime dependencies.')
    expect(get('doc-current-en-index').description).toBe('Beacon tells your app which users are online and what they are doing.')
  })
})

describe('the second docs instance (community)', () => {
  it('imports its docs as docs of their own at /community/…, with their sidebar, and the navbar item of that sidebar links to its first doc', () => {
    expect(ofType('page').filter((page) => String(page.path).startsWith('community'))).toEqual([])
    const sidebar = ofType('sidebar').find((candidate) => candidate.version === 'community')
    expect(sidebar).toMatchObject({sidebarId: 'community'})
    expect((sidebar?.items as Doc[]).map((item) => [item._type, (item.doc as {_ref?: string} | undefined)?._ref])).toEqual([
      ['sidebarDoc', 'doc-community-en-support'],
      ['sidebarDoc', 'doc-community-en-contributing'],
    ])
    const navbar = (get('siteSettings').navbarItems as Doc[]).map((item) => [item._type, item.href ?? item.docSlug ?? null])
    expect(navbar).toEqual([
      ['navDocLink', 'index'],
      ['navLink', '/community/support/'],
      ['navVersionDropdown', null],
      ['navLocaleDropdown', null],
    ])
  })
})

describe('content', () => {
  it('shows the :::security keyword of admonitions.keywords as info boxes, its title kept', () => {
    const boxes = (get('doc-current-en-guides--security').body as Doc[]).filter((block) => block._type === 'admonition').map(({kind, title}) => ({kind, title}))
    expect(boxes).toEqual([
      {kind: 'info', title: undefined},
      {kind: 'info', title: 'Signed heartbeats'},
      {kind: 'warning', title: undefined},
    ])
  })

  it('serves the favicon, the logo and the downloads of static/ at their paths', () => {
    expect(
      ofType('staticFile')
        .map((file) => file.path)
        .sort(),
    ).toEqual(['downloads/presence-schema.json', 'img/favicon.ico', 'img/logo.svg'])
  })

  it('finds an image whose address starts with the base URL in static/, as Docusaurus serves it there', () => {
    const images = (get('doc-current-en-index').body as Doc[]).filter((block) => block._type === 'themedImage')
    expect(images).toMatchObject([{alt: 'The Beacon logo', light: {_sanityAsset: expect.stringMatching(/-logo\.svg$/) as unknown}}])
    expect(JSON.stringify(get('doc-current-en-index').body)).not.toContain('unconverted')
  })

  it('has no blog: the config says blog: false', () => {
    expect(ofType('blogPost')).toEqual([])
  })
})
