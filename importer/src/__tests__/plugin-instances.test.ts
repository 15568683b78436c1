// What the importer does with the parts of a Docusaurus config the content model has no place for
// (a second docs or blog plugin instance, docs or blog away from /docs and /blog, a base URL,
// trailingSlash) and with drafts, unlisted docs, `blog: false`: each is either carried over at
// Docusaurus's address or named in a warning. Small sites written into a temporary folder.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {type ImportResult, runImport} from '../run-import'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

/** Writes `files` (path → text) into a new folder and imports it without writing the dataset. */
async function importFiles(files: Record<string, string>): Promise<ImportResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'plugin-instances-'))
  temporary.push(root)
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), {recursive: true})
    await writeFile(path.join(root, name), text)
  }
  return runImport({contentDir: root, outDir: path.join(root, 'out'), write: false})
}

const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)
const errors = (result: ImportResult) => result.errors.map(formatDiagnostic)
const byId = (result: ImportResult) => new Map(result.documents.map((document) => [document._id, document as Record<string, unknown>]))

function config(body: string): string {
  return `export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', ${body}}\n`
}

const DOC = '# Welcome\n\nThe docs.\n'

describe('a second docs plugin instance', () => {
  const site = {
    'docusaurus.config.js': config(`
      presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]],
      plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js'}]],
      themeConfig: {navbar: {items: [
        {type: 'docSidebar', sidebarId: 'docs', label: 'Docs'},
        {type: 'docSidebar', sidebarId: 'community', docsPluginId: 'community', label: 'Community'},
        {type: 'doc', docId: 'guides/contributing', docsPluginId: 'community', label: 'Contribute'},
      ]}},
      i18n: {defaultLocale: 'en', locales: ['en', 'fr']},`),
    'sidebars.js': "module.exports = {docs: ['intro']}\n",
    'sidebarsCommunity.js': "module.exports = {community: [{type: 'category', label: 'Help', items: ['support', 'guides/contributing']}]}\n",
    'docs/intro.md': DOC,
    'community/support.md': '---\ntitle: Getting help\n---\n\nAsk in the forum. See [contributing](guides/01-contributing.md).\n',
    'community/guides/01-contributing.md': '# Contributing\n\nOpen an issue first.\n',
    'community/team.md': '---\nslug: /people/team\n---\n\n# The team\n\nWho we are.\n',
    'i18n/fr/docusaurus-plugin-content-docs-community/current/support.md': "---\ntitle: Obtenir de l'aide\n---\n\nPosez vos questions sur le forum.\n",
    'i18n/fr/docusaurus-plugin-content-docs-community/version-1.0/support.md': '# Ancienne version\n',
  }

  it('imports its docs as docs of their own at the addresses Docusaurus gives them, with their sidebar and translations', async () => {
    const result = await importFiles(site)
    expect(errors(result)).toEqual([])
    const documents = byId(result)
    expect(documents.get('docsVersion-community')).toMatchObject({
      path: 'community',
      urlPath: '',
      docsPath: 'community',
      label: 'Community',
      isLast: false,
      banner: 'none',
    })
    const docs = result.documents
      .filter((document) => document._type === 'doc' && document.version === 'community')
      .map((document) => `${String(document.language)} ${String(document.slug)}`)
      .sort()
    // Docusaurus's doc slugs: number prefixes dropped, an absolute slug kept.
    expect(docs).toEqual(['en guides/contributing', 'en people/team', 'en support', 'fr support'])
    const support = documents.get('doc-community-en-support')
    expect(support?.title).toBe('Getting help')
    // A .md link between the instance's docs resolves to the doc's address under /community/.
    expect(JSON.stringify(support?.body)).toContain('"href":"/community/guides/contributing/"')
    expect(documents.get('doc-community-fr-support')?.title).toBe("Obtenir de l'aide")
    const sidebar = documents.get('sidebar-community-community')
    expect(sidebar).toMatchObject({version: 'community', sidebarId: 'community'})
    expect(JSON.stringify(sidebar?.items)).toContain('"value":"Help"')
    expect(result.documents.filter((document) => document._type === 'page')).toEqual([])
    expect(warnings(result)).toContain(
      'i18n/fr/docusaurus-plugin-content-docs-community/version-1.0/support.md: no version "version-1.0" of the "community" docs (current, or version-<name> of community_versions.json); the translation is not imported',
    )
  })

  it('imports the versions of a versioned instance (community_versions.json), the last one at its root, as Docusaurus serves them', async () => {
    const result = await importFiles({
      ...site,
      'community_versions.json': '["1.0"]\n',
      'community_versioned_docs/version-1.0/support.md': '# Help for 1.0\n\nWrite to the list.\n',
      'community_versioned_docs/version-1.0/guides/contributing.md': '# Contributing to 1.0\n\nSend a patch.\n',
      'community_versioned_sidebars/version-1.0-sidebars.json': '{"community": ["support"]}\n',
    })
    expect(errors(result)).toEqual([])
    const versions = result.documents
      .filter((document) => document._type === 'docsVersion')
      .map(({path: id, urlPath, docsPath, isLast}) => ({id, urlPath, docsPath, isLast}))
    expect(versions).toEqual([
      {id: 'current', urlPath: '', docsPath: undefined, isLast: true},
      {id: 'community', urlPath: 'next', docsPath: 'community', isLast: false},
      {id: 'community-1.0', urlPath: '', docsPath: 'community', isLast: false},
    ])
    expect(byId(result).get('doc-community-1_0-en-support')?.title).toBe('Help for 1.0')
    // The French translation of 1.0 now has its version.
    expect(byId(result).get('doc-community-1_0-fr-support')?.title).toBe('Ancienne version')
    // Navbar items of the instance lead to its last version, served at /community/.
    const items = byId(result).get('siteSettings')?.navbarItems as Array<Record<string, unknown>>
    expect(items.map((item) => item.href ?? item.docSlug)).toEqual(['intro', '/community/support/', '/community/guides/contributing/'])
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toContain(
      'docusaurus.config.js: plugins[0]: the "community" docs are a set of their own, outside the version dropdown: the Next version shows no banner',
    )
  })

  it("makes the navbar's docSidebar and doc items of the instance links to its docs", async () => {
    const result = await importFiles(site)
    const items = byId(result).get('siteSettings')?.navbarItems as Array<Record<string, unknown>>
    expect(items.map((item) => [item._type, item.href ?? item.docSlug])).toEqual([
      ['navDocLink', 'intro'],
      ['navLink', '/community/support/'],
      ['navLink', '/community/guides/contributing/'],
    ])
  })

  it('refuses an instance address that belongs to this site itself', async () => {
    const result = await importFiles({
      ...site,
      'docusaurus.config.js': config(
        `presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]], plugins: [['@docusaurus/plugin-content-docs', {id: 'community', path: 'community', routeBasePath: 'search'}]],`,
      ),
    })
    expect(errors(result)).toContain(
      'docusaurus.config.js: plugins[0][1].routeBasePath: "search": the "community" docs cannot be served there (/blog/, /search/, /_next/, /_dataset/, /embeds/ belong to this site itself; segments are letters, digits, ".", "_" or "-")',
    )
  })

  it('names a docsPluginId that is no plugin of the config', async () => {
    const result = await importFiles({
      ...site,
      'docusaurus.config.js': config(
        `presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]], themeConfig: {navbar: {items: [{type: 'docSidebar', sidebarId: 'api', docsPluginId: 'api', label: 'API'}]}},`,
      ),
    })
    expect(errors(result)).toEqual([
      'docusaurus.config.js: themeConfig.navbar.items[0]: docSidebar item "API": no docs plugin instance with id "api" (docsPluginId)',
    ])
  })
})

describe('a second blog plugin instance', () => {
  const site = {
    'docusaurus.config.js': config(`
      presets: [['classic', {docs: {sidebarPath: false}, blog: {showReadingTime: false}}]],
      plugins: [['@docusaurus/plugin-content-blog', {id: 'releases', path: 'releases', routeBasePath: 'releases', blogTitle: 'Release notes', blogDescription: 'What changed'}]],
      i18n: {defaultLocale: 'en', locales: ['en', 'zh-Hans']},`),
    'docs/intro.md': DOC,
    'blog/2025-01-01-hello.md': '---\nauthors: [{name: Ana}]\n---\n\n# Hello\n\nFirst post.\n',
    'releases/2025-02-10-one-four.md': '---\ntitle: Version 1.4\n---\n\nRenaming queues. <!-- truncate --> The details after the fold.\n',
    'releases/2025-06-01-two.mdx': "---\ntitle: Version 2.0\nslug: v2\n---\nimport Tabs from '@theme/Tabs'\n\nA new client.\n\n{/* truncate */}\n\nMore.\n",
    'i18n/zh-Hans/docusaurus-plugin-content-blog-releases/2025-06-01-two.mdx': '---\ntitle: 版本 2.0\n---\n\n全新的客户端。\n\n{/* truncate */}\n\n更多。\n',
  }

  it('imports its posts as pages at their post addresses, and a list page at its route base path in each locale', async () => {
    const result = await importFiles(site)
    expect(errors(result)).toEqual([])
    const pages = result.documents
      .filter((document) => document._type === 'page')
      .map((document) => `${String(document.language)} ${String(document.path)}`)
      .sort()
    expect(pages).toEqual([
      'en releases',
      'en releases/2025/02/10/one-four',
      'en releases/archive',
      'en releases/v2',
      'zh-Hans releases',
      'zh-Hans releases/archive',
      'zh-Hans releases/v2',
    ])
    // A post's page opens with its date, as Docusaurus's post header shows it.
    const post = result.documents.find((document) => document._type === 'page' && document.path === 'releases/v2' && document.language === 'zh-Hans')
    expect(JSON.stringify((post?.body as unknown[])[0])).toContain('"text":"2025年6月1日"')
    // The main blog is still the blog.
    expect(result.documents.filter((document) => document._type === 'blogPost').map((document) => document.slug)).toEqual(['2025/01/01/hello'])
    expect(warnings(result)).toContain(
      'docusaurus.config.js: plugins[0]: a second blog plugin instance (id "releases", folder releases/): the content model has one blog, so its posts are imported as pages at the same addresses (/releases/…) and /releases as a page listing them; its tags, authors, pagination and feeds are not kept',
    )
  })

  it('lists the posts newest first with their dates and the text before the truncate marker, translated where a translation exists', async () => {
    const result = await importFiles(site)
    const list = (language: string) =>
      result.documents.find((document) => document._type === 'page' && document.path === 'releases' && document.language === language)
    const en = JSON.stringify(list('en')?.body)
    expect(list('en')?.title).toBe('Release notes')
    expect(en.indexOf('Version 2.0')).toBeLessThan(en.indexOf('Version 1.4'))
    expect(en).toContain('"href":"/releases/v2"')
    expect(en).toContain('June 1, 2025')
    expect(en).toContain('Renaming queues.')
    expect(en).not.toContain('The details after the fold.')
    expect(en).not.toContain('import Tabs')
    const zh = JSON.stringify(list('zh-Hans')?.body)
    expect(zh).toContain('版本 2.0')
    expect(zh).toContain('全新的客户端。')
    expect(zh).toContain('2025年6月1日')
    // Not translated: the English post, in the Chinese list.
    expect(zh).toContain('Version 1.4')
  })

  it('makes the archive page: the posts by year, the year as its anchor, oldest first within the year', async () => {
    const result = await importFiles(site)
    const archive = result.documents.find((document) => document._type === 'page' && document.path === 'releases/archive' && document.language === 'en')
    const body = JSON.stringify(archive?.body)
    expect(body).toContain('"anchor":"2025"')
    expect(body.indexOf('February 10 - ')).toBeLessThan(body.indexOf('June 1 - '))
    expect(body).toContain('"href":"/releases/2025/02/10/one-four"')
  })
})

describe("a blog plugin of the site's own wrapping the official one", () => {
  it('imports its posts as the blog with the options given to it, the preset’s blog being off, and says what the wrapper adds is not kept', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config(`
        presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],
        plugins: [['./plugins/blog-plugin', {blogTitle: 'Harbour news', postsPerPage: 4}], './plugins/analytics'],`),
      'plugins/blog-plugin.js': [
        "const blog = require('@docusaurus/plugin-content-blog')",
        'module.exports = async function featuredBlog(context, options) {',
        '  const plugin = await blog.default(context, options)',
        '  return {...plugin, async contentLoaded(args) { await plugin.contentLoaded(args) /* and a featured list */ }}',
        '}',
      ].join('\n'),
      'plugins/analytics.js': 'module.exports = () => ({name: "analytics"})\n',
      'docs/intro.md': DOC,
      'blog/2025-03-01-moorings.md': '---\ntitle: New moorings\n---\n\nTwelve more berths.\n',
    })
    expect(errors(result)).toEqual([])
    expect(result.documents.filter((document) => document._type === 'blogPost').map((document) => document.title)).toEqual(['New moorings'])
    expect(result.documents.find((document) => document._id === 'siteSettings')).toMatchObject({
      blog: {title: [{language: 'en', value: 'Harbour news'}], postsPerPage: 4},
    })
    expect(warnings(result)).toContain(
      'docusaurus.config.js: plugins[0]: ./plugins/blog-plugin wraps @docusaurus/plugin-content-blog: its content is imported as the blog with the options given to it; what the wrapper adds of its own (routes, data its pages show) is not carried over',
    )
    expect(warnings(result).filter((line) => line.includes('disables the blog'))).toEqual([])
  })
})

describe("a markdown page's slug", () => {
  const files = {
    'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],"),
    'docs/intro.md': DOC,
    'src/pages/legal/privacy.md': '---\ntitle: Privacy\nslug: /privacy\n---\n\n# Privacy\n\nNo cookies.\n',
  }
  const pagePaths = (result: ImportResult) => result.documents.filter((document) => document._type === 'page').map((document) => document.path)

  it('is where the page is served, as the pages plugin of Docusaurus 3.8 and later serves it', async () => {
    expect(pagePaths(await importFiles(files))).toEqual(['privacy'])
  })

  it('is not read for an older Docusaurus, which serves the page at its file’s path', async () => {
    const older = {...files, 'package.json': JSON.stringify({dependencies: {'@docusaurus/core': '^2.4.3'}})}
    expect(pagePaths(await importFiles(older))).toEqual(['legal/privacy'])
  })
})

describe("a translated doc's slug of its own", () => {
  it('is not kept, the translation being at its source’s address, and is reported at its line', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("i18n: {defaultLocale: 'en', locales: ['en', 'fr']}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],"),
      'docs/intro.md': DOC,
      'docs/notice.md': '# Notice\n\nThird-party software.\n',
      'i18n/fr/docusaurus-plugin-content-docs/current/notice.md': '---\nsidebar_label: Avis\nslug: /contributing/notice\n---\n\n# Avis\n\nLogiciels tiers.\n',
    })
    expect(errors(result)).toEqual([])
    expect(result.documents.filter((document) => document._type === 'doc' && document.slug === 'notice').map((document) => document.language)).toEqual([
      'en',
      'fr',
    ])
    expect(warnings(result)).toContain(
      "i18n/fr/docusaurus-plugin-content-docs/current/notice.md:3: slug: \"/contributing/notice\" is not kept: a translation is at its source's address (docs/notice.md's), where this locale's page is here; Docusaurus serves it at its own slug",
    )
  })
})

describe('addresses the site does not keep', () => {
  it('names baseUrl and trailingSlash in warnings, and keeps the routeBasePath of the docs and the blog', async () => {
    const result = await importFiles({
      'docusaurus.config.ts': `export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/project/', trailingSlash: false,
        presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: false}, blog: {routeBasePath: 'news'}}]]}\n`,
      'docs/intro.md': '---\nslug: /\n---\n\n# Intro\n\nText.\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual(
      expect.arrayContaining([
        'docusaurus.config.ts: baseUrl: "/project/" is not kept: this site is built to be served from the root of its host, so a page at /project/x is at /x (serve it under /project/ with a proxy, or from a host of its own)',
        "docusaurus.config.ts: trailingSlash: false is not kept: pages keep Docusaurus's default addresses, a folder per page (/docs/x/), which most static hosts also serve at /docs/x by a redirect",
      ]),
    )
    expect(warnings(result).filter((line) => line.includes('blog.routeBasePath'))).toEqual([])
    expect(result.documents.find((document) => document._id === 'siteSettings')).toMatchObject({blog: {path: 'news'}})
    expect(warnings(result).filter((line) => line.includes('docs.routeBasePath'))).toEqual([])
    // Docs at the site root: the settings say so, and the main doc is the home (no home page document).
    expect(result.documents.find((document) => document._id === 'siteSettings')).toMatchObject({docsPath: '/'})
    expect(result.documents.filter((document) => document._type === 'homePage')).toEqual([])
  })

  it("keeps the site's own home page when the docs are at the site root but no doc is at `slug: /`, as Docusaurus serves it", async () => {
    const docsConfig =
      "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: false}, blog: false}]]}\n"
    const markdownHome = await importFiles({
      'docusaurus.config.js': docsConfig,
      'docs/installation.md': '# Installation\n\nText.\n',
      'src/pages/index.md': '---\ntitle: Welcome\n---\n\nA home page of our own.\n',
    })
    expect(errors(markdownHome)).toEqual([])
    expect(warnings(markdownHome).filter((line) => line.includes('this page is not imported'))).toEqual([])
    expect(JSON.stringify(markdownHome.documents.filter((document) => document._type === 'homePage'))).toContain('A home page of our own.')
    const reactHome = await importFiles({
      'docusaurus.config.js': docsConfig,
      'docs/installation.md': '# Installation\n\nText.\n',
      'src/pages/index.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        'export default function Home() {',
        "  return React.createElement(Layout, {title: 'Fast installs'}, React.createElement('main', null, React.createElement('h1', null, 'Fast installs'), React.createElement('p', null, 'Saves disk space.')))",
        '}',
      ].join('\n'),
    })
    expect(errors(reactHome)).toEqual([])
    expect(warnings(reactHome).filter((line) => line.includes('this React page is not imported'))).toEqual([])
    expect(JSON.stringify(reactHome.documents.filter((document) => document._type === 'homePage'))).toContain('Saves disk space.')
    // A React home that cannot be rendered: the home made from the config starts at the sidebar's first doc, not at / (itself).
    const madeHome = await importFiles({
      'docusaurus.config.js': docsConfig,
      'docs/installation.md': '---\nsidebar_position: 1\n---\n\n# Installation\n\nText.\n',
      'docs/usage.md': '---\nsidebar_position: 2\n---\n\n# Usage\n\nText.\n',
      'src/pages/index.js': "import Hero from 'a-hero-package-the-site-lacks'\nexport default Hero\n",
    })
    expect(errors(madeHome)).toEqual([])
    const hero = (madeHome.documents.find((document) => document._type === 'homePage')?.sections as Array<{_type: string; actions?: unknown}>)[0]
    expect(hero?.actions).toEqual([expect.objectContaining({label: 'Get started', href: '/installation/'})])
  })

  it('keeps a React home in the default locale beside markdown homes translated under i18n/, one home page a locale', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("i18n: {defaultLocale: 'en', locales: ['en', 'ja']}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],"),
      'docs/intro.md': DOC,
      'src/pages/index.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        'export default function Home() {',
        "  return React.createElement(Layout, {title: 'Quick frames'}, React.createElement('main', null, React.createElement('h1', null, 'Quick frames'), React.createElement('p', null, 'Draws frames quickly.')))",
        '}',
      ].join('\n'),
      'i18n/ja/docusaurus-plugin-content-pages/index.md': '---\ntitle: ようこそ\n---\n\n速く描きます。\n',
    })
    expect(errors(result)).toEqual([])
    const homes = result.documents.filter((document) => document._type === 'homePage')
    expect(homes.map((document) => document.language).sort()).toEqual(['en', 'ja'])
    expect(JSON.stringify(homes.find((document) => document.language === 'en'))).toContain('Draws frames quickly.')
    expect(JSON.stringify(homes.find((document) => document.language === 'ja'))).toContain('速く描きます。')
  })

  it('keeps the blog under a path of its own or at the site root, and reports addresses taken', async () => {
    const news = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: {routeBasePath: '/updates/'}}]],"),
      'docs/intro.md': 'See the [launch post](../blog/2025-01-01-launch.md).\n',
      'blog/2025-01-01-launch.md': '---\nauthors: [{name: Ana}]\n---\n\n# Launch\n\nText.\n',
    })
    expect(errors(news)).toEqual([])
    expect(news.documents.find((document) => document._id === 'siteSettings')).toMatchObject({blog: {path: 'updates'}})
    expect(JSON.stringify(news.documents.find((document) => document._type === 'doc')?.body)).toContain('"href":"/updates/2025/01/01/launch/"')
    // Blog-only mode: the blog at the site root, its list of posts being the home page.
    const root = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: {routeBasePath: '/'}}]],"),
      'docs/intro.md': 'Read the [launch post](../blog/2025-01-01-launch.md).\n',
      'blog/2025-01-01-launch.md': '---\nauthors: [{name: Ana}]\n---\n\n# Launch\n\nText.\n',
      'src/pages/index.md': '---\ntitle: Welcome\n---\n\nA home page of our own.\n',
    })
    expect(errors(root)).toEqual([])
    expect(root.documents.find((document) => document._id === 'siteSettings')).toMatchObject({blog: {path: '/'}})
    expect(root.documents.filter((document) => document._type === 'homePage')).toEqual([])
    expect(JSON.stringify(root.documents.find((document) => document._type === 'doc')?.body)).toContain('"href":"/2025/01/01/launch/"')
    expect(warnings(root)).toContain(
      'src/pages/index.md: the blog is served at the site root (blog-only mode), so its list of posts is the home page at /, as in Docusaurus; this page is not imported',
    )
    const both = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: false}, blog: {routeBasePath: '/'}}]],"),
      'docs/intro.md': DOC,
      'blog/2025-01-01-launch.md': '---\nauthors: [{name: Ana}]\n---\n\n# Launch\n\nText.\n',
    })
    expect(warnings(both)).toContain(
      'docusaurus.config.js: blog.routeBasePath: "/": the docs are served at the site root already, so the blog is imported at /blog/',
    )
    const taken = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: {routeBasePath: 'docs'}}]],"),
      'docs/intro.md': DOC,
    })
    expect(warnings(taken)).toContain('docusaurus.config.js: blog.routeBasePath: "docs": /docs/ belongs to the docs, so the blog is imported at /blog/')
  })

  it('keeps docs under a path of their own, and reports one the site cannot give them', async () => {
    const elsewhere = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {routeBasePath: '/api/reference/', sidebarPath: false}, blog: false}]],"),
      'docs/intro.md': DOC,
      'docs/guide.md': '# Guide\n\nSee the [introduction](./intro.md).\n',
    })
    expect(errors(elsewhere)).toEqual([])
    expect(elsewhere.documents.find((document) => document._id === 'siteSettings')).toMatchObject({docsPath: 'api/reference'})
    expect(JSON.stringify(elsewhere.documents.find((document) => document._type === 'doc' && document.slug === 'guide')?.body)).toContain(
      '"href":"/api/reference/intro/"',
    )
    const reserved = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {routeBasePath: 'blog', sidebarPath: false}, blog: false}]],"),
      'docs/intro.md': DOC,
    })
    expect(warnings(reserved)).toContain(
      'docusaurus.config.js: docs.routeBasePath: "blog": /blog/ belongs to this site itself (/blog/, /search/, /_next/, /_dataset/, /embeds/), so the docs are imported at /docs/',
    )
    expect(reserved.documents.find((document) => document._id === 'siteSettings')).toMatchObject({docsPath: 'docs'})
  })

  it('says nothing of the defaults (baseUrl "/", docs at /docs, blog at /blog)', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {routeBasePath: 'docs', sidebarPath: false}, blog: {routeBasePath: '/blog/'}}]],"),
      'docs/intro.md': DOC,
    })
    expect(warnings(result).filter((line) => /baseUrl|trailingSlash|routeBasePath/.test(line))).toEqual([])
  })
})

describe('drafts, unlisted docs and a disabled blog', () => {
  it('leaves drafts out as the production build does, and keeps unlisted docs, flagged, out of generated sidebars but not out of the site', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {}, blog: {}}]],"),
      'docs/intro.md': DOC,
      'docs/roadmap.md': '---\ndraft: true\n---\n\n# Roadmap\n',
      'docs/internal.md': '---\nunlisted: true\n---\n\n# Internal\n\nFor support engineers.\n',
      'blog/2025-01-01-soon.md': '---\ndraft: true\nauthors: [{name: Ana}]\n---\n\n# Soon\n',
    })
    expect(errors(result)).toEqual([])
    const docs = result.documents
      .filter((document) => document._type === 'doc')
      .map((document) => document.slug)
      .sort()
    expect(docs).toEqual(['internal', 'intro'])
    expect(result.documents.filter((document) => document._type === 'blogPost')).toEqual([])
    expect(warnings(result)).toEqual(
      expect.arrayContaining([
        'blog/2025-01-01-soon.md:2: draft: true: a draft, which Docusaurus does not publish; not imported',
        'docs/roadmap.md:2: draft: true: a draft, which Docusaurus does not publish; not imported',
      ]),
    )
    // Followed, so not reported: the site shows the banner and noindex, and lists the doc nowhere.
    expect(warnings(result).filter((line) => line.includes('unlisted'))).toEqual([])
    expect(byId(result).get('doc-current-en-internal')).toMatchObject({unlisted: true})
    expect(byId(result).get('doc-current-en-intro')).not.toHaveProperty('unlisted')
    const sidebar = result.documents.find((document) => document._type === 'sidebar')
    expect(JSON.stringify(sidebar)).toContain('doc-current-en-intro')
    expect(JSON.stringify(sidebar)).not.toContain('doc-current-en-internal')
  })

  it('imports no post of a site whose config says blog: false, naming each file', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],"),
      'docs/intro.md': DOC,
      'blog/2025-01-01-old.md': '---\nauthors: [{name: Ana}]\n---\n\n# Old\n',
    })
    expect(errors(result)).toEqual([])
    expect(result.documents.filter((document) => document._type === 'blogPost')).toEqual([])
    expect(warnings(result)).toContain(
      'blog/2025-01-01-old.md: the config disables the blog (blog: false): Docusaurus does not build it, so it is not imported',
    )
  })
})

describe("the blog's tags file (tags.yml, Docusaurus 3.5+)", () => {
  const site = (tagsOption: string) => ({
    'docusaurus.config.js': config(`presets: [['classic', {docs: {sidebarPath: false}, blog: {${tagsOption}}}]],`),
    'docs/intro.md': DOC,
    'blog/tags.yml': 'announcement:\n  label: Announcement\n  permalink: /news\n  description: Product news.\nengineering:\n  label: Engineering\nplain:\n',
    'blog/2025-01-01-hello.md': '---\nauthors: [{name: Ana}]\ntags: [announcement, engineering, plain]\n---\n\n# Hello\n\nText.\n',
  })

  it("gives a post naming a tag's key the tag's label, and keeps each tag's address and description in the blog settings", async () => {
    const result = await importFiles(site("tags: 'tags.yml'"))
    expect(errors(result)).toEqual([])
    expect(warnings(result).filter((line) => line.startsWith('blog/tags.yml'))).toEqual([])
    expect(result.documents.find((document) => document._type === 'blogPost')?.tags).toEqual(['Announcement', 'Engineering', 'Plain'])
    const settings = result.documents.find((document) => document._id === 'siteSettings') as {blog?: {tags?: unknown}}
    expect(settings.blog?.tags).toEqual([
      {
        _key: 'announcement',
        _type: 'blogTagDefinition',
        label: 'Announcement',
        permalink: 'news',
        description: [{_key: 'en', _type: 'localeTextValue', language: 'en', value: 'Product news.'}],
      },
      {_key: 'engineering', _type: 'blogTagDefinition', label: 'Engineering', permalink: 'engineering'},
      // A key without a label is shown capitalized, as Docusaurus does.
      {_key: 'plain', _type: 'blogTagDefinition', label: 'Plain', permalink: 'plain'},
    ])
  })

  it("takes a locale's descriptions from its own tags file, and names labels and keys it cannot keep", async () => {
    const result = await importFiles({
      ...site(''),
      'docusaurus.config.js': config(`i18n: {defaultLocale: 'en', locales: ['en', 'fr']}, presets: [['classic', {docs: {sidebarPath: false}, blog: {}}]],`),
      'i18n/fr/docusaurus-plugin-content-blog/tags.yml': 'announcement:\n  label: Annonce\n  description: Nouvelles du produit.\nother:\n  label: Autre\n',
    })
    const settings = result.documents.find((document) => document._id === 'siteSettings') as {
      blog?: {tags?: Array<{label: string; description?: Array<{language: string; value: string}>}>}
    }
    expect(settings.blog?.tags?.[0]?.description?.map((entry) => [entry.language, entry.value])).toEqual([
      ['en', 'Product news.'],
      ['fr', 'Nouvelles du produit.'],
    ])
    expect(warnings(result)).toEqual(
      expect.arrayContaining([
        'i18n/fr/docusaurus-plugin-content-blog/tags.yml: announcement.label: "Annonce" is not imported: a tag\'s label is the same in every locale in the content model ("Announcement")',
        "i18n/fr/docusaurus-plugin-content-blog/tags.yml: other: is not a tag of the default locale's tags file: not imported (posts name tags by the default locale's keys)",
      ]),
    )
  })

  it('names a permalink that is not one URL segment and gives that tag the address of its label', async () => {
    const result = await importFiles({...site(''), 'blog/tags.yml': 'launch:\n  label: Launch day\n  permalink: /news/launches\n'})
    expect(warnings(result)).toContain(
      'blog/tags.yml: launch.permalink: "/news/launches" is not one URL segment (letters, digits, "-", "_", "."): the tag\'s page is /blog/tags/launch-day, the address of its label',
    )
  })

  it('reads tags.yml without the option (its default), and not with tags: false', async () => {
    expect((await importFiles(site(''))).documents.find((document) => document._type === 'blogPost')?.tags).toEqual(['Announcement', 'Engineering', 'Plain'])
    expect((await importFiles(site('tags: false'))).documents.find((document) => document._type === 'blogPost')?.tags).toEqual([
      'announcement',
      'engineering',
      'plain',
    ])
  })

  it('names a tags file the config gives that does not exist', async () => {
    const result = await importFiles(site("tags: 'labels.yml'"))
    expect(errors(result)).toEqual(['blog/labels.yml: not found: the config names it as the tags file (blog.tags)'])
  })
})

describe('pagination_prev / pagination_next, hide_title and unlisted', () => {
  const site = (extra: Record<string, string>) => ({
    'docusaurus.config.js': config("presets: [['classic', {docs: {sidebarPath: false}, blog: {}}]], i18n: {defaultLocale: 'en', locales: ['en', 'fr']},"),
    'docs/intro.md': '---\nslug: /\n---\n\n# Welcome\n',
    'docs/guides/setup.md': '---\ntitle: Setup\n---\n\nInstall it.\n',
    ...extra,
  })

  it('refers to the doc of the id in the same version, the translation of the locale where there is one', async () => {
    const result = await importFiles(
      site({
        'docs/guides/next-steps.md': '---\ntitle: Next steps\npagination_prev: guides/setup\npagination_next: null\n---\n\nText.\n',
        'i18n/fr/docusaurus-plugin-content-docs/current/guides/next-steps.md': '---\ntitle: Et ensuite\npagination_prev: guides/setup\n---\n\nTexte.\n',
        'i18n/fr/docusaurus-plugin-content-docs/current/guides/setup.md': '---\ntitle: Installation\n---\n\nInstallez-le.\n',
      }),
    )
    expect(errors(result)).toEqual([])
    const docs = byId(result)
    expect(docs.get('doc-current-en-guides--next-steps')).toMatchObject({
      paginationPrev: {_type: 'docPaginationLink', mode: 'doc', doc: {_type: 'reference', _ref: 'doc-current-en-guides--setup', _weak: true}},
      paginationNext: {_type: 'docPaginationLink', mode: 'none'},
    })
    expect(docs.get('doc-current-fr-guides--next-steps')?.paginationPrev).toMatchObject({doc: {_ref: 'doc-current-fr-guides--setup'}})
    // The French file does not write pagination_next: the sidebar order applies there, as in Docusaurus's fr build.
    expect(docs.get('doc-current-fr-guides--next-steps')).not.toHaveProperty('paginationNext')
  })

  it('fails on an id that names no doc, and on values of the wrong type, with file, field and line', async () => {
    const result = await importFiles(
      site({
        'docs/guides/next-steps.md': '---\ntitle: Next steps\npagination_next: guides/missing\nhide_title: yes please\n---\n\nText.\n',
        'blog/2025-02-01-hidden.md': '---\nauthors: [{name: Ana}]\nunlisted: 1\n---\n\n# Hidden\n',
      }),
    )
    expect(errors(result).sort()).toEqual([
      'blog/2025-02-01-hidden.md:3: unlisted: expected true or false, got 1',
      'docs/guides/next-steps.md:3: pagination_next: "guides/missing" is not the id of a doc of version current (Docusaurus\'s build fails on it too)',
      'docs/guides/next-steps.md:4: hide_title: expected true or false, got "yes please"',
    ])
  })

  it('hides only a title that comes from the front matter: a level-1 heading of the text stays, as in Docusaurus', async () => {
    const result = await importFiles(
      site({
        'docs/guides/plain.md': '---\ntitle: Plain\nhide_title: true\n---\n\nStarts with text.\n',
        'docs/guides/headed.md': '---\ntitle: Headed\nhide_title: true\n---\n\n# Its own heading\n\nText.\n',
      }),
    )
    expect(errors(result)).toEqual([])
    expect(byId(result).get('doc-current-en-guides--plain')).toMatchObject({hideTitle: true})
    expect(byId(result).get('doc-current-en-guides--headed')).not.toHaveProperty('hideTitle')
  })

  it('takes the first heading as the title heading when it is a `# heading`, shown where it is written after other text or a component, as Docusaurus does', async () => {
    const result = await importFiles(
      site({
        'docs/guides/spaced.md': '---\ntitle: Spaced\nhide_title: true\n---\n\n&nbsp;\n\n# Keeping rooms tidy\n\nText.\n',
        'docs/guides/bannered.mdx':
          "---\ntitle: Bannered\n---\n\nimport Banner from '@site/src/components/Banner';\n\n<Banner />\n\n# Rooms at a glance\n\nText.\n",
        'docs/guides/imported.mdx': "import Tabs from '@theme/Tabs';\n\n# Tabs of rooms\n\nText.\n",
        'docs/guides/untitled.md': '<!-- a note for editors -->\n\n# Behind a comment\n\nText.\n',
        'docs/guides/sectioned.md': '---\ntitle: Sectioned\n---\n\n## First part\n\n# Not a title\n',
      }),
    )
    expect(errors(result)).toEqual([])
    const docs = byId(result)
    // Docusaurus shows the body's `# heading` as the only h1, where it is written: the page shows no title above the text.
    expect(docs.get('doc-current-en-guides--spaced')).toMatchObject({title: 'Spaced', hideTitle: true})
    expect(docs.get('doc-current-en-guides--spaced')).not.toHaveProperty('heading')
    expect(docs.get('doc-current-en-guides--spaced')?.body).toMatchObject([
      {style: 'h1', children: [{text: 'Keeping rooms tidy'}]},
      {children: [{text: 'Text.'}]},
    ])
    expect(docs.get('doc-current-en-guides--bannered')).toMatchObject({title: 'Bannered', hideTitle: true})
    expect(docs.get('doc-current-en-guides--bannered')).not.toHaveProperty('heading')
    expect(JSON.stringify(docs.get('doc-current-en-guides--bannered')?.body)).toContain('Rooms at a glance')
    // Only import lines may precede the heading that titles a doc without a front-matter title.
    expect(docs.get('doc-current-en-guides--imported')).toMatchObject({title: 'Tabs of rooms'})
    expect(docs.get('doc-current-en-guides--imported')).not.toHaveProperty('heading')
    expect(docs.get('doc-current-en-guides--untitled')).toMatchObject({title: 'untitled', heading: 'Behind a comment'})
    // A `##` first: no title heading in the text, and the `#` below it is an h1 of the text, as in Docusaurus.
    expect(docs.get('doc-current-en-guides--sectioned')).toMatchObject({title: 'Sectioned'})
    expect(docs.get('doc-current-en-guides--sectioned')).not.toHaveProperty('heading')
    expect(docs.get('doc-current-en-guides--sectioned')?.body).toMatchObject([{style: 'h2'}, {style: 'h1', children: [{text: 'Not a title'}]}])
    expect(result.readerReport.filter((entry) => entry.feature === 'level-1 heading')).toEqual([])
  })
})
