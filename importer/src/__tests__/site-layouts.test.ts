// Layouts and options of real Docusaurus repositories beyond a site folder holding everything: docs
// beside the site (a monorepo's website/ reading ../docs), a blog folder of another name, the site's
// own remark plugins (code blocks made into tabs, as npm2yarn and tab-blocks do), a post titled by its
// file name. Small sites written into a temporary folder for each case.
import {spawnSync} from 'node:child_process'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {type ImportResult, runImport} from '../run-import'
import {importFiles as importSite} from './fixture-site'
import {GREY_PNG} from './pixels'

const temporary: string[] = []
afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const importFiles = (files: Record<string, string>) => importSite(files, temporary, 'site-layouts-')
const errors = (result: ImportResult) => sortDiagnostics(result.errors).map(formatDiagnostic)
const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)
type Doc = Record<string, unknown>
const byId = (result: ImportResult, id: string): Doc => {
  const document = result.documents.find((candidate) => candidate._id === id)
  if (!document) throw new Error(`no document ${id} (${result.documents.map((candidate) => candidate._id).join(', ')})`)
  return document
}

/** A repository whose site is in website/ and whose files are written relative to the repository. */
async function importRepository(files: Record<string, string | Uint8Array>): Promise<ImportResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'site-layouts-repo-'))
  temporary.push(root)
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), {recursive: true})
    await writeFile(path.join(root, name), text)
  }
  return runImport({contentDir: path.join(root, 'website'), outDir: path.join(root, 'out'), write: false})
}

describe('docs beside the site folder (a monorepo: website/ with docs at ../docs)', () => {
  it('reads the docs folder the config names outside the site folder, and still nothing else outside it', async () => {
    const result = await importRepository({
      'website/docusaurus.config.js':
        "module.exports = {title: 'Kit', url: 'https://kit.example.org', baseUrl: '/', presets: [['classic', {docs: {path: '../docs', sidebarPath: require.resolve('./sidebars.js')}, blog: false}]]}\n",
      'website/sidebars.js': "module.exports = {docs: ['getting-started', 'api']}\n",
      'website/static/img/logo.png': 'not really a picture',
      'docs/getting-started.md':
        "---\nid: getting-started\ntitle: Getting started\n---\n\nimport Note from './_note.md'\n\n<Note />\n\nRead the [API](api.md) and the [options](api#options).\n\n![diagram](./img/flow.png)\n\n![secret](../../secret.png)\n\n![torn](./img/torn.png)\n",
      'docs/_note.md': 'A note shared by several pages.\n',
      'docs/api.md': '# API\n\n## Options\n\nText.\n',
      'docs/img/flow.png': GREY_PNG,
      'docs/img/torn.png': 'a picture whose bytes were damaged',
      'secret.png': 'outside every folder the config names',
    })
    expect(errors(result)).toEqual([])
    const doc = byId(result, 'doc-current-en-getting-started')
    const text = JSON.stringify(doc.body)
    expect(text).toContain('A note shared by several pages.')
    expect(text).toContain('"href":"/docs/api/"')
    // A link without .md is a site address relative to the page: where it leads from Docusaurus's /docs/getting-started.
    expect(text).toContain('"href":"/docs/api#options"')
    expect(result.assets.images.map(([, source]) => path.basename(source))).toEqual(['flow.png'])
    expect(warnings(result)).toContain(
      '../docs/getting-started.md:14: image outside the site folder, not read: ../../secret.png; kept verbatim in a "not converted" block',
    )
    expect(warnings(result).filter((line) => line.includes('not in a folder the importer reads'))).toEqual([])
    // An image whose bytes no browser can show either (a PNG a line-ending conversion damaged) is said, not imported.
    expect(warnings(result)).toContain(
      '../docs/getting-started.md:16: image ./img/torn.png cannot be read as an image (its bytes are damaged or of no image format; browsers cannot show it either); kept verbatim in a "not converted" block',
    )
  })
})

describe("the docs' include and exclude options", () => {
  it("reads only the files they let in, as Docusaurus (a docs folder that also holds a package), and resolves a partial's links from its own folder", async () => {
    const result = await importRepository({
      'website/docusaurus.config.js': `module.exports = {title: 'Store', url: 'https://store.example.org', baseUrl: '/',
        presets: [['classic', {docs: {path: '../docs', routeBasePath: '/', sidebarPath: false, include: ['{guide,api}/**/*.{md,mdx}', 'FAQ.md'], exclude: ['**/draft-*.md']}, blog: false}]]}\n`,
      'docs/FAQ.md': '# FAQ\n\nAsked often.\n',
      'docs/guide/start.mdx': "# Start\n\nimport Warning from '../components/_Warning.mdx'\n\n<Warning />\n",
      'docs/guide/draft-next.md': '# Not yet\n',
      'docs/api/store.md': '# Store\n',
      'docs/components/_Warning.mdx': 'See [the store API](../api/store.md) first.\n',
      'docs/components/Widget.md': '# A file beside the components, not a page\n',
      'docs/node_modules/some-package/README.md': '# A package, not a page\n',
    })
    expect(errors(result)).toEqual([])
    const slugs = result.documents
      .filter((document) => document._type === 'doc')
      .map((document) => document.slug)
      .sort()
    expect(slugs).toEqual(['FAQ', 'api/store', 'guide/start'])
    // The partial's link is relative to the partial (docs/components/), as Docusaurus compiles it.
    expect(JSON.stringify(byId(result, 'doc-current-en-guide--start').body)).toContain('"href":"/api/store/"')
    expect(warnings(result).filter((line) => line.includes('not part of the site'))).toEqual([])
  })

  it('makes pages of partials too where its exclude leaves out the default one, as Docusaurus (Arbitrum builds its partials as pages)', async () => {
    const files = (exclude: string) => ({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false${exclude}}, blog: false}]]}\n`,
      'docs/index.md': "# Home\n\nimport Note from './partials/_note.md'\n\n<Note />\n",
      'docs/partials/_note.md': 'Keep the line taut.\n',
      'docs/api/private.md': '# Private\n',
      'src/pages/_helper.md': '# Not a page\n',
    })
    const slugs = (result: ImportResult) =>
      result.documents
        .filter((document) => document._type === 'doc' || document._type === 'page')
        .map((document) => `${document._type} ${String(document.slug ?? document.path)}`)
        .sort()
    expect(slugs(await importFiles(files('')))).toEqual(['doc api/private', 'doc index'])
    expect(slugs(await importFiles(files(", exclude: ['**/api/**']")))).toEqual(['doc index', 'doc partials/_note'])
  })
})

describe('docs: false', () => {
  it('reads no docs, as Docusaurus builds none, and says so instead of asking for a home doc', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Notes', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: false, blog: {routeBasePath: '/'}}]]}\n",
      'docs/leftover.md': '# A file Docusaurus does not build\n',
      'blog/2025-01-10-first.md': '---\ntitle: First\n---\n\nHello.\n',
    })
    expect(errors(result)).toEqual([])
    expect(result.documents.filter((document) => document._type === 'doc')).toEqual([])
    expect(warnings(result)).toEqual([
      'docusaurus.config.js: docs: is false: the site has no docs, as Docusaurus builds none (files of docs/ are not read); the content model keeps one docs version without docs, which no page shows',
    ])
    expect(byId(result, 'blogPost-en-2025--01--10--first')).toMatchObject({title: 'First'})
  })
})

describe("the docs plugin's onlyIncludeVersions option", () => {
  // A config that builds the newest versions only (as sites do for preview deploys): current, 3.0 and 2.0 exist, 1.0 is left out.
  const sidebar = '{"docs": [{"type": "autogenerated", "dirName": "."}]}\n'
  const site = (only: string) => ({
    'docusaurus.config.js': `export default {title: 'Lib', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {onlyIncludeVersions: ${only}}, blog: false}]]}\n`,
    'versions.json': '["3.0", "2.0", "1.0"]\n',
    'docs/index.md': '---\nslug: /\n---\n\n# Next\n',
    'versioned_sidebars/version-3.0-sidebars.json': sidebar,
    'versioned_docs/version-3.0/index.md': '---\nslug: /\n---\n\n# Three\n',
    'versioned_sidebars/version-2.0-sidebars.json': sidebar,
    'versioned_docs/version-2.0/index.md': '---\nslug: /\n---\n\n# Two\n',
    'versioned_sidebars/version-1.0-sidebars.json': sidebar,
    'versioned_docs/version-1.0/index.md': '---\nslug: /\n---\n\n# One\n',
  })
  const versions = (result: ImportResult) =>
    result.documents.filter((document) => document._type === 'docsVersion').map(({name, path: urlPath, banner}) => ({name, path: urlPath, banner}))

  it("imports the versions it names, in the site's order, the newest released one being the last, and says which it leaves out", async () => {
    const result = await importFiles(site('["2.0", "current"]'))
    expect(errors(result)).toEqual([])
    expect(versions(result)).toMatchObject([
      {name: 'current', banner: 'unreleased'},
      {name: '2.0', banner: 'none'},
    ])
    expect(result.documents.filter((document) => document._type === 'doc').map((document) => document.title)).toEqual(['Next', 'Two'])
    expect(warnings(result)).toEqual([
      'docusaurus.config.js: docs.onlyIncludeVersions: Docusaurus builds only "current", "2.0" with this config: the "3.0", "1.0" versions are not imported (import with the settings that build every version to carry them over)',
    ])
  })

  it('refuses an empty list and a version the site does not have, naming the option', async () => {
    expect(errors(await importFiles(site('[]')))).toEqual([
      'docusaurus.config.js: docs.onlyIncludeVersions: is empty: Docusaurus needs at least one version to build',
    ])
    expect(errors(await importFiles(site('["3.0", "4.0"]')))).toEqual([
      'docusaurus.config.js: docs.onlyIncludeVersions: "4.0" is not a docs version of the site: the site\'s versions are "current", "3.0", "2.0", "1.0" (current, then versions.json)',
    ])
  })
})

describe('what the config adds to every page (scripts, headTags, clientModules)', () => {
  it('names each field with what it holds, as not carried over, and imports the rest', async () => {
    const result = await importFiles({
      'docusaurus.config.js': [
        'export default {',
        "  title: 'Lib', url: 'https://x.example.org', baseUrl: '/',",
        "  scripts: ['https://widgets.example.com/embed.js', {src: 'https://cdn.example.com/polyfill.js', defer: true}],",
        "  headTags: [{tagName: 'link', attributes: {rel: 'preconnect', href: 'https://fonts.example.com'}}, {tagName: 'script', attributes: {type: 'application/ld+json'}, innerHTML: '{}'}],",
        "  clientModules: ['./modules/track-scroll.js'],",
        "  presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],",
        '}',
      ].join('\n'),
      'modules/track-scroll.js': 'export function onRouteDidUpdate() {}\n',
      'docs/index.md': '---\nslug: /\n---\n\n# Lib\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result).filter((warning) => /: (scripts|headTags|clientModules):/.test(warning))).toEqual([
      "docusaurus.config.js: clientModules: ./modules/track-scroll.js: not carried over. Docusaurus runs them in the browser on every page; what they do there is not on this site's pages",
      'docusaurus.config.js: headTags: <link rel="preconnect">, <script type="application/ld+json">: not carried over into the pages\' head',
      "docusaurus.config.js: scripts: https://widgets.example.com/embed.js, https://cdn.example.com/polyfill.js: not carried over. Pages here run only the site's own scripts (Content-Security-Policy), so what these do on Docusaurus's pages (embeds and widgets they fill in, analytics) is not there",
    ])
    expect(byId(result, 'doc-current-en-index')).toMatchObject({title: 'Lib'})
  })
})

describe("Docusaurus 2's admonition titles (:::warning Deprecated) under future.v4", () => {
  const site = (config: string) => ({
    'docusaurus.config.js': `export default {title: 'Lib', url: 'https://x.example.org', baseUrl: '/', ${config} presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n`,
    'docs/index.md': '---\nslug: /\n---\n\n# Lib\n\n:::warning Deprecated\nUse the new client.\n:::\n',
  })

  it('says where Docusaurus shows such lines as text (the v4 flags turn off mdx1Compat.admonitions), and imports the admonition they were written for', async () => {
    const result = await importFiles(site('future: {v4: true},'))
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/index.md:7: :::warning Deprecated: a title after the keyword is Docusaurus 2\'s syntax, which this config turns off (future.v4, or markdown.mdx1Compat.admonitions: false), so Docusaurus shows these lines as text; imported as the admonition they were written for, titled "Deprecated" (write :::warning[Deprecated])',
    ])
    expect(byId(result, 'doc-current-en-index').body).toMatchObject([{_type: 'admonition', title: 'Deprecated'}])
  })

  it('says nothing where the config keeps them (markdown.mdx1Compat.admonitions, or no v4 flags)', async () => {
    expect(warnings(await importFiles(site('future: {v4: true}, markdown: {mdx1Compat: {admonitions: true}},')))).toEqual([])
    expect(warnings(await importFiles(site('')))).toEqual([])
  })
})

describe("the config's magic comments (themeConfig.prism.magicComments)", () => {
  it('takes their comment lines out of the code and highlights the lines they mark, saying that every kind is one look here', async () => {
    const result = await importFiles({
      'docusaurus.config.js': [
        "export default {title: 'Lib', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]],",
        '  themeConfig: {prism: {magicComments: [',
        "    {className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: {start: 'highlight-start', end: 'highlight-end'}},",
        "    {className: 'code-add-line', line: 'add-next-line', block: {start: 'add-start', end: 'add-end'}},",
        ']}}}',
      ].join('\n'),
      'docs/index.md': [
        '---',
        'slug: /',
        '---',
        '',
        '# Lib',
        '',
        '```json title="package.json"',
        '{',
        '  // add-start',
        '  "name": "lib",',
        '  "private": true,',
        '  // add-end',
        '  // highlight-next-line',
        '  "version": "1.0.0"',
        '}',
        '```',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result).filter((warning) => warning.includes('magicComments'))).toEqual([
      'docusaurus.config.js: themeConfig.prism.magicComments: the lines that code-add-line marks are shown as highlighted lines, the one look this site has for marked lines',
    ])
    expect(byId(result, 'doc-current-en-index').body).toMatchObject([
      {_type: 'codeBlock', language: 'json', code: '{\n  "name": "lib",\n  "private": true,\n  "version": "1.0.0"\n}', highlightedLines: [2, 3, 4]},
    ])
  })
})

describe("Docusaurus 2's one-author front matter of a post (author, authorTitle, authorURL, authorImageURL)", () => {
  const config = "export default {title: 'Lib', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: false, blog: {}}]]}\n"

  it("is the post's author, as Docusaurus 3 still reads it, in either spelling", async () => {
    const result = await importFiles({
      'docusaurus.config.js': config,
      'blog/2017-06-21-monthly.md': [
        '---',
        'title: Monthly',
        'author: Ada Byron',
        'authorTitle: Maintainer',
        "authorURL: 'https://github.com/ada'",
        "authorImageURL: 'https://avatars.example.org/ada.png'",
        'authorTwitter: ada',
        '---',
        '',
        'Notes.',
      ].join('\n'),
      'blog/2018-01-02-yearly.md': "---\ntitle: Yearly\nauthor: Alan T\nauthor_title: Editor\nauthor_url: 'https://alan.example.org'\n---\n\nMore notes.\n",
    })
    expect(errors(result)).toEqual([])
    expect(byId(result, 'blogPost-en-2017--06--21--monthly').authors).toEqual([expect.objectContaining({_ref: 'author-ada-byron'})])
    expect(byId(result, 'author-ada-byron')).toMatchObject({
      name: 'Ada Byron',
      title: 'Maintainer',
      imageUrl: 'https://avatars.example.org/ada.png',
      listed: false,
      page: false,
    })
    expect(byId(result, 'author-alan-t')).toMatchObject({name: 'Alan T', title: 'Editor'})
  })

  it('is refused beside authors, as Docusaurus refuses it, naming the file and the fields', async () => {
    const result = await importFiles({
      'docusaurus.config.js': config,
      'blog/authors.yml': 'ada:\n  name: Ada Byron\n',
      'blog/2017-06-21-monthly.md': '---\ntitle: Monthly\nauthors: [ada]\nauthor: Ada Byron\n---\n\nNotes.\n',
    })
    expect(errors(result)).toEqual([
      'blog/2017-06-21-monthly.md:3: authors: is given beside author: Docusaurus refuses a post that mixes them; keep authors only',
    ])
  })
})

describe('a blog folder of another name', () => {
  it('imports the posts of the folder the blog options name, and their translations', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en', 'fr']}, presets: [['classic', {docs: false, blog: {path: 'news'}}]]}\n",
      'news/2024-05-01-launch.md': '---\ntitle: Launch\n---\n\nWe launched.\n',
      'i18n/fr/docusaurus-plugin-content-blog/2024-05-01-launch.md': '---\ntitle: Lancement\n---\n\nNous avons lancé.\n',
    })
    expect(errors(result)).toEqual([])
    expect(byId(result, 'blogPost-en-2024--05--01--launch')).toMatchObject({title: 'Launch', slug: '2024/05/01/launch'})
    expect(byId(result, 'blogPost-fr-2024--05--01--launch')).toMatchObject({title: 'Lancement'})
  })
})

// A plugin of the site's own in the shape of @docusaurus/remark-plugin-npm2yarn: an asynchronous
// transformer that replaces a `npm2yarn` code block with <Tabs> of <TabItem>s (JSX nodes of the tree).
const PACKAGE_TABS_PLUGIN = `
function tabItem(value, label, code) {
  return {type: 'mdxJsxFlowElement', name: 'TabItem', attributes: [{type: 'mdxJsxAttribute', name: 'value', value}, ...(label ? [{type: 'mdxJsxAttribute', name: 'label', value: label}] : [])],
    children: [{type: 'code', lang: 'bash', value: code}]}
}
module.exports = function packageTabs(options = {}) {
  return async (root) => {
    await Promise.resolve()
    const visit = (node) => {
      if (!Array.isArray(node.children)) return
      node.children = node.children.flatMap((child) => {
        visit(child)
        if (child.type !== 'code' || child.meta !== 'npm2yarn') return [child]
        return [{type: 'mdxJsxFlowElement', name: 'Tabs', attributes: options.sync ? [{type: 'mdxJsxAttribute', name: 'groupId', value: 'npm2yarn'}] : [],
          children: [tabItem('npm', null, child.value), tabItem('yarn', 'Yarn', child.value.replace('npm install', 'yarn add'))]}]
      })
    }
    visit(root)
    // Docusaurus 2's npm2yarn writes MDX 1's \`import\` node.
    root.children.unshift({type: options.mdx1 ? 'import' : 'mdxjsEsm', value: "import Tabs from '@theme/Tabs'"})
  }
}
`

describe("the site's remark plugins", () => {
  it('runs them over every body before converting it, as Docusaurus does: their JSX elements become what the same tags would', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [[require('./plugins/package-tabs'), {sync: true}], require('./plugins/broken')], rehypePlugins: [() => () => {}]}, blog: {remarkPlugins: [require('./plugins/package-tabs')]}}]]}\n`,
      'plugins/package-tabs.js': PACKAGE_TABS_PLUGIN,
      'plugins/broken.js':
        "module.exports = function broken() { return (root) => { if (root.children.length > 3) throw new Error('cannot handle long pages') } }\n",
      'docs/index.md': '# Home\n\nShort.\n',
      'docs/install.md': '# Install\n\n:::tip\n\nInside a tip:\n\n```bash npm2yarn\nnpm install kit\n```\n\n:::\n\nAfter.\n\nMore.\n',
      'blog/2024-01-01-hello.md': '---\ntitle: Hello\n---\n\n```bash npm2yarn\nnpm install kit\n```\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      "docs/install.md: the site's remark plugin remarkPlugins[1] (broken) (docusaurus.config.js) failed on this file (cannot handle long pages): the file is converted without what it would have changed",
      'docusaurus.config.js: docs.rehypePlugins: rehype plugins change the HTML Docusaurus renders, which this site does not render from markdown: not run, what they add is not imported',
    ])
    const tip = (byId(result, 'doc-current-en-install').body as Doc[]).find((block) => block._type === 'admonition') as {body: Doc[]}
    expect(tip.body.find((block) => block._type === 'tabs')).toMatchObject({
      _type: 'tabs',
      groupId: 'npm2yarn',
      panels: [
        {value: 'npm', label: 'npm', body: [{_type: 'codeBlock', language: 'bash', code: 'npm install kit'}]},
        {value: 'yarn', label: 'Yarn', body: [{_type: 'codeBlock', language: 'bash', code: 'yarn add kit'}]},
      ],
    })
    const post = byId(result, 'blogPost-en-2024--01--01--hello').body as Doc[]
    expect(post).toMatchObject([{_type: 'tabs', panels: [{value: 'npm'}, {value: 'yarn'}]}])
    expect(post[0]).not.toHaveProperty('groupId')
  })

  it('runs them over the markdown partials a page imports, as Docusaurus compiles those with the same plugins', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/package-tabs')]}, blog: false}]]}\n`,
      'plugins/package-tabs.js': PACKAGE_TABS_PLUGIN,
      'docs/index.md': '# Home\n\nShort.\n',
      'docs/install.mdx': "import Install from './shared/_install.mdx';\n\n# Install\n\n<Install />\n\nAfter.\n",
      'docs/shared/_install.mdx': "import More from '../more/_more.mdx';\n\nAdd the kit:\n\n```bash npm2yarn\nnpm install kit\n```\n\n<More />\n",
      'docs/more/_more.mdx': '```bash npm2yarn\nnpm install kit-extras\n```\n',
    })
    expect(errors(result)).toEqual([])
    expect(byId(result, 'doc-current-en-install').body).toMatchObject([
      {_type: 'block', children: [{text: 'Add the kit:'}]},
      {
        _type: 'tabs',
        panels: [
          {value: 'npm', body: [{code: 'npm install kit'}]},
          {value: 'yarn', body: [{code: 'yarn add kit'}]},
        ],
      },
      {
        _type: 'tabs',
        panels: [
          {value: 'npm', body: [{code: 'npm install kit-extras'}]},
          {value: 'yarn', body: [{code: 'yarn add kit-extras'}]},
        ],
      },
      {_type: 'block', children: [{text: 'After.'}]},
    ])
  })

  it('reads a page they change with the syntax of its Docusaurus version: MDX 1 for Docusaurus 2', async () => {
    const result = await importFiles({
      'package.json': JSON.stringify({dependencies: {'@docusaurus/core': '^2.4.3', '@docusaurus/preset-classic': '^2.4.3'}}),
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [[require('./plugins/package-tabs'), {mdx1: true}]]}, blog: false}]]}\n`,
      'plugins/package-tabs.js': PACKAGE_TABS_PLUGIN,
      'docs/index.md': [
        '# Install',
        '',
        'Install the kit first.\\',
        'Then start it:',
        '',
        '    kit start',
        '',
        '```bash npm2yarn',
        'npm install kit',
        '```',
        '',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    // The heading opening the file is its title, the import the plugin put above it not being in the file.
    expect(byId(result, 'doc-current-en-index')).toMatchObject({title: 'Install'})
    const body = byId(result, 'doc-current-en-index').body as Doc[]
    // MDX 1: the backslash is text, the line break a space, and text indented by four spaces is code.
    expect(body.slice(0, 2)).toMatchObject([
      {_type: 'block', children: [{text: 'Install the kit first.\\ Then start it:'}]},
      {_type: 'codeBlock', code: 'kit start'},
    ])
    expect(body[2]).toMatchObject({_type: 'tabs', panels: [{value: 'npm'}, {value: 'yarn'}]})
  })
})

describe("a site's remark plugins that count on every file being compiled at once", () => {
  it("runs every file's plugins together: a transformer waiting for another file's finishes; one that never can is a warning, and the import goes on", async () => {
    // The plugin of a page that shows a summary of another: its transformer waits until that file's own has run, as
    // Electron's API structure previews do (Docusaurus compiles all files at once). One waits for a file that is not there.
    const plugin = `const waiting = new Map()
function slot(name) {
  if (!waiting.has(name)) { let resolve; const promise = new Promise((r) => (resolve = r)); waiting.set(name, {promise, resolve}) }
  return waiting.get(name)
}
module.exports = function summaries() {
  return async (root, file) => {
    const name = require('path').basename(file.path, '.md')
    const first = root.children.find((node) => node.type === 'paragraph')
    slot(name).resolve(first ? first.children.map((child) => child.value || '').join('') : '')
    const wanted = /^Summary of ([\\w-]+)\\.$/.exec(first?.children?.[0]?.value ?? '')
    if (wanted) first.children = [{type: 'text', value: 'Summary: ' + (await slot(wanted[1]).promise)}]
  }
}
`
    // Through the command line: what it waits on never comes only once nothing else is left to do, which the
    // command's process sees (its 'beforeExit') and a test runner's, kept alive by the runner, never does.
    const root = await mkdtemp(path.join(tmpdir(), 'site-layouts-waiting-'))
    temporary.push(root)
    const files: Record<string, string> = {
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/summaries')]}, blog: false}]]}\n`,
      'plugins/summaries.js': plugin,
      // "a-guide" is read before "z-shape", whose own run it waits for.
      'docs/a-guide.md': '# Guide\n\nSummary of z-shape.\n',
      'docs/lost.md': '# Lost\n\nSummary of nowhere.\n',
      'docs/z-shape.md': '# Shape\n\nA shape has a width and a height.\n',
    }
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'site', name)), {recursive: true})
      await writeFile(path.join(root, 'site', name), text)
    }
    const cli = path.resolve(import.meta.dirname, '../cli.ts')
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--content', path.join(root, 'site'), '--out', path.join(root, 'out')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
    })
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout + run.stderr).toContain(
      "docs/lost.md: the site's remark plugin remarkPlugins[0] (summaries) (docusaurus.config.js) failed on this file (it never finished: it waits on something that will not come): the file is converted without what it would have changed",
    )
    const dataset = await readFile(path.join(root, 'out', 'data.ndjson'), 'utf8')
    expect(dataset).toContain('Summary: A shape has a width and a height.')
    expect(dataset).toContain('Summary of nowhere.')
  }, 60_000)
})

describe("the config's markdown.preprocessor and markdown.parseFrontMatter", () => {
  it('runs them over every markdown file as Docusaurus does, partials included, and names a file they fail on', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        markdown: {
          preprocessor: ({filePath, fileContent}) => {
            if (filePath.endsWith('broken.md')) throw new Error('no table of values')
            return fileContent.replace(/@@(\\w+)@@/g, (whole, name) => ({kite: 'Skyreel 3', wind: '12 knots'})[name] ?? whole)
          },
          parseFrontMatter: async (params) => {
            const result = await params.defaultParseFrontMatter(params)
            if (params.filePath.endsWith('guide.mdx')) result.frontMatter.title = 'Flying the ' + result.frontMatter.title
            return result
          },
        },
        presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n`,
      'docs/index.md': '# Home\n\nFly the @@kite@@.\n',
      'docs/guide.mdx': "---\ntitle: Guide\n---\n\nimport Limits from './_limits.md'\n\n<Limits />\n",
      'docs/_limits.md': 'Stay under @@wind@@.\n',
      'docs/broken.md': '# Broken\n\nKeep @@kite@@.\n',
    })
    expect(errors(result)).toEqual([])
    expect(JSON.stringify(byId(result, 'doc-current-en-index').body)).toContain('Fly the Skyreel 3.')
    expect(byId(result, 'doc-current-en-guide')).toMatchObject({title: 'Flying the Guide'})
    expect(JSON.stringify(byId(result, 'doc-current-en-guide').body)).toContain('Stay under 12 knots.')
    expect(JSON.stringify(byId(result, 'doc-current-en-broken').body)).toContain('Keep @@kite@@.')
    expect(warnings(result)).toEqual([
      "docs/broken.md: the config's markdown.preprocessor (docusaurus.config.js) failed (no table of values): this file is read as written",
    ])
  })
})

describe("the links a site's remark plugins see", () => {
  it("are the linked pages' addresses, as Docusaurus resolves `.md` links before them; the links they leave are converted as written", async () => {
    // A plugin that reads the links of a page (Electron's API structure previews look for /api/structures/ in them): it
    // writes each address it sees after the paragraph, and makes a link to the point structure a link to its own page.
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, beforeDefaultRemarkPlugins: [require('./plugins/seen')], remarkPlugins: [require('./plugins/seen')]}, blog: false}]]}\n`,
      'plugins/seen.js': `module.exports = function seen() {
  return (root) => {
    const urls = []
    const visit = (node) => {
      if (node.type === 'link' || node.type === 'definition') {
        urls.push(node.url)
        if (node.url.startsWith('/docs/api/structures/point')) node.url = node.url.replace('/point', '/point-page')
      }
      for (const child of node.children ?? []) visit(child)
    }
    visit(root)
    root.children.push({type: 'paragraph', children: [{type: 'text', value: 'Seen: ' + urls.join(' ')}]})
  }
}
`,
      'docs/api/window.md':
        '# Window\n\nA [Point](structures/point.md?inline), a [size][s], the [guide](../guide.md#start) and [nothing](gone.md).\n\n[s]: ./structures/size.md\n',
      'docs/api/structures/point.md': '# Point\n\nTwo numbers.\n',
      'docs/api/structures/size.md': '# Size\n\nA width and a height.\n',
      'docs/guide.md': '# Guide\n\n## Start\n\nRead this.\n',
      'docs/index.md': '# Home\n\nStart here.\n',
    })
    const body = JSON.stringify(byId(result, 'doc-current-en-api--window').body)
    // Before Docusaurus's plugins the links are as written; after them, the pages' addresses, query and fragment kept.
    expect(body).toContain('Seen: structures/point.md?inline ../guide.md#start gone.md ./structures/size.md')
    expect(body).toContain('Seen: /docs/api/structures/point?inline /docs/guide#start gone.md /docs/api/structures/size')
    // What the plugin changed stays changed; the links it left are resolved from what the file wrote, as before.
    expect(body).toContain('"href":"/docs/api/structures/point-page?inline"')
    expect(body).toContain('"href":"/docs/api/structures/size/"')
    expect(body).toContain('"href":"/docs/guide/#start"')
    expect(warnings(result)).toEqual(['docs/api/window.md:3: link to a markdown file that is not part of the site: gone.md'])
  })
})

describe("a tree a site's remark plugin puts inside a paragraph", () => {
  it("is its blocks after the paragraph's text, as Docusaurus renders a root, its places not taken from the other file", async () => {
    // Electron's `?inline` structure links: the linked file's tree (its nodes placed in that file) is pushed into the
    // link's paragraph, in a list item; Docusaurus shows its list nested in the item, after the item's text.
    const foreign = (value: string) => ({type: 'text', value, position: {start: {line: 40, column: 1, offset: 900}, end: {line: 40, column: 30, offset: 929}}})
    const inlined = {
      type: 'root',
      children: [
        {
          type: 'list',
          ordered: false,
          spread: false,
          children: ['width: a number', 'height: a number'].map((text) => ({
            type: 'listItem',
            spread: false,
            children: [{type: 'paragraph', children: [foreign(text)]}],
          })),
        },
      ],
    }
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/inline')]}, blog: false}]]}\n`,
      'plugins/inline.js': `module.exports = function inline() {
  return (root) => {
    const visit = (node) => {
      for (const child of node.children ?? []) {
        if (child.type === 'paragraph' && child.children.some((inner) => inner.type === 'link' && inner.url.endsWith('?inline'))) child.children.push(${JSON.stringify(inlined)})
        else visit(child)
      }
    }
    visit(root)
  }
}
`,
      'docs/index.md': '# Home\n\n- `size` [Size](structures/size.md?inline) (optional) - how big it is.\n- `title` string\n',
      'docs/structures/size.md': '# Size\n\n- width: a number\n- height: a number\n',
    })
    expect(errors(result)).toEqual([])
    const body = byId(result, 'doc-current-en-index').body as Doc[]
    const items = body.map((block) => `${'  '.repeat(Number(block.level ?? 1) - 1)}${((block.children ?? []) as Doc[]).map((child) => child.text).join('')}`)
    expect(items).toEqual(['size Size (optional) - how big it is.', '  width: a number', '  height: a number', 'title string'])
  })
})

describe("a site's remark plugin that parses markdown of its own with this.parse", () => {
  it('finds the parser Docusaurus gives its plugins, and what it parses is converted with the page', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/doc-comments')]}, blog: false}]]}\n`,
      // As remark-typescript-tools' linkDocblocks does: a link to a source's doc comment becomes that comment's markdown.
      'plugins/doc-comments.js': [
        'module.exports = function docComments() {',
        '  const parse = (text) => this.parse(text)',
        '  return (root) => {',
        '    root.children = root.children.flatMap((node) => {',
        "      const link = node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'link' ? node.children[0] : null",
        "      return link && link.url.startsWith('docblock://') ? parse('Returns the **tide** for a harbour.').children : [node]",
        '    })',
        '  }',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n\n[summary](docblock://tides.ts?token=tideOf)\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([])
    const body = byId(result, 'doc-current-en-index').body as Array<{children?: Array<{text: string; marks: string[]}>}>
    expect(body[0]?.children?.map((span) => [span.text, span.marks])).toEqual([
      ['Returns the ', []],
      ['tide', ['strong']],
      [' for a harbour.', []],
    ])
  })
})

describe('Expo Snack embeds (a remark plugin turning a fence into <div data-snack-files>, or a saved Snack written out)', () => {
  // In the shape of react-native-website's plugin: the code node itself becomes a text-level JSX div, empty but for its data.
  const SNACK_PLUGIN = [
    'module.exports = function snacks() {',
    '  return (root) => {',
    "    const visit = (node) => { for (const child of node.children ?? []) { if (child.type === 'code' && child.lang === 'Snack') {",
    "      const files = encodeURIComponent(JSON.stringify({'App.tsx': {type: 'CODE', contents: child.value + '\\n'}, 'logo.png': {type: 'ASSET', contents: 'https://x/logo.png'}}))",
    "      Object.assign(child, {type: 'mdxJsxTextElement', name: 'div', children: [], attributes: [",
    "        {type: 'mdxJsxAttribute', name: 'className', value: 'snack-player'},",
    "        {type: 'mdxJsxAttribute', name: 'data-snack-name', value: new URLSearchParams(child.meta ?? '').get('name') ?? 'Example'},",
    "        {type: 'mdxJsxAttribute', name: 'data-snack-files', value: files}]})",
    '    } else visit(child) } }',
    '    visit(root)',
    '  }',
    '}',
  ].join('\n')

  it('shows the code of each as a code block titled by its name, a saved one as a link, and reports the live preview readers miss', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/snacks')]}, blog: false}]]}\n`,
      'plugins/snacks.js': SNACK_PLUGIN,
      'docs/index.md': '# Home\n',
      'docs/button.mdx': [
        '# Button',
        '',
        '```Snack name=Pressing%20a%20button',
        "import {Button} from 'react-native';",
        'export default () => <Button title="Press" />;',
        '```',
        '',
        '<div data-snack-id="@someone/saved-example" data-snack-name="A saved example"></div>',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(byId(result, 'doc-current-en-button').body).toMatchObject([
      {
        _type: 'codeBlock',
        language: 'tsx',
        title: 'Pressing a button',
        code: 'import {Button} from \'react-native\';\nexport default () => <Button title="Press" />;',
      },
      {_type: 'block', children: [{text: 'A saved example'}], markDefs: [{_type: 'link', href: 'https://snack.expo.dev/%40someone%2Fsaved-example'}]},
    ])
    expect(
      result.readerReport
        .filter((entry) => entry.feature.startsWith('Expo Snack'))
        .map((entry) => entry.missing)
        .sort(),
    ).toEqual([
      "a Snack's live editor and preview: its code is shown as a code block",
      "a saved Snack's live editor and preview: a link to it on snack.expo.dev is shown",
    ])
  })
})

describe("a site's remark plugin that runs a program the machine does not have", () => {
  it('reports its failure on the file, naming the program, and the import goes on', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/type-check')]}, blog: false}]]}\n`,
      // Like a plugin that type-checks code blocks: a child process per block, its 'error' event unheard.
      'plugins/type-check.js': [
        "const {spawn} = require('node:child_process')",
        'module.exports = function typeCheck() {',
        '  return async (root) => {',
        "    for (const node of root.children) if (node.type === 'code') spawn('type-checker-not-installed-here', ['--json'])",
        '    await new Promise((resolve) => setTimeout(resolve, 50))',
        '  }',
        '}',
        '',
      ].join('\n'),
      'docs/index.md': '# Home\n\nNo code here.\n',
      'docs/types.md': '# Types\n\n```js\nconst a = 1\n```\n\n```js\nconst b = 2\n```\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      "docs/types.md: the site's remark plugin remarkPlugins[0] (typeCheck) (docusaurus.config.js) failed on this file (spawn type-checker-not-installed-here ENOENT): the file is converted without what it would have changed",
    ])
    expect((byId(result, 'doc-current-en-types').body as Doc[]).filter((block) => block._type === 'codeBlock')).toHaveLength(2)
  })
})

describe("a site's remark plugin that makes a picture of a code block", () => {
  it('shows the image it leaves where the block stood, as Docusaurus does', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/',
        presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/sketch')]}, blog: false}]]}\n`,
      'plugins/sketch.js':
        "module.exports = function sketch() { return (root) => { root.children = root.children.map((node) => node.type === 'code' && node.lang === 'sketch' ? {type: 'image', url: 'https://sketches.example.org/png/' + encodeURIComponent(node.value), alt: 'sketch'} : node) } }\n",
      'docs/index.md': '# Flow\n\nThe flow of a request:\n\n```sketch\nclient -> server\n```\n\nThen the answer.\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([])
    const body = byId(result, 'doc-current-en-index').body as Doc[]
    expect(body.map((block) => block._type)).toEqual(['block', 'themedImage', 'block'])
    expect(JSON.stringify(body[1])).toContain('https://sketches.example.org/png/client%20-%3E%20server')
    expect(body[1]).toMatchObject({alt: 'sketch'})
  })
})

describe("the site's remark plugins' surroundings", () => {
  it('runs them from the site folder, with each file by its absolute path, as docusaurus build does', async () => {
    const result = await importFiles({
      'docusaurus.config.js': `module.exports = {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./where')]}, blog: false}]]}\n`,
      'where.js': [
        "const {realpathSync} = require('node:fs')",
        "const path = require('node:path')",
        "// docs/index.md: the site folder is the folder above the file's.",
        'const inSite = (file) => realpathSync(process.cwd()) === realpathSync(path.dirname(path.dirname(file.path)))',
        "module.exports = () => (root, file) => { root.children.push({type: 'paragraph', children: [{type: 'text', value: `cwd ${inSite(file) ? 'is' : 'is not'} the site, path ${path.isAbsolute(file.path) ? 'absolute' : 'relative'}`}]}) }",
      ].join('\n'),
      'docs/index.md': '# Home\n',
    })
    expect(errors(result)).toEqual([])
    expect(JSON.stringify(byId(result, 'doc-current-en-index').body)).toContain('cwd is the site, path absolute')
    expect(process.cwd()).toBe(path.resolve(import.meta.dirname, '../../..'))
  })
})

describe('a React page reading the address (@docusaurus/router)', () => {
  it("renders with a location without query, as in Docusaurus's static render", async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n",
      'docs/index.md': '# Home\n',
      'src/pages/errors.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        "import {useLocation} from '@docusaurus/router'",
        'export default function Errors() {',
        "  const code = new URLSearchParams(useLocation().search).get('code')",
        '  return <Layout title="Error codes"><main><h1>Error codes</h1><p>{code ? `Code ${code}` : \'Pick a code from the message you saw.\'}</p></main></Layout>',
        '}',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    const page = result.documents.find((document) => document._type === 'page' && document.path === 'errors')
    expect(JSON.stringify(page)).toContain('Pick a code from the message you saw.')
  })
})

describe("a React page reporting its links to Docusaurus's check (@docusaurus/useBrokenLinks)", () => {
  it('renders, the site checking the links of the built pages itself', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n",
      'docs/index.md': '# Home\n',
      'src/pages/setup.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        "import useBrokenLinks from '@docusaurus/useBrokenLinks'",
        'export default function Setup() {',
        "  useBrokenLinks().collectAnchor('cli')",
        '  return <Layout title="Setup"><main><h1>Using the reel</h1><p id="cli">Pick your tool.</p></main></Layout>',
        '}',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    expect(JSON.stringify(result.documents.find((document) => document._type === 'page' && document.path === 'setup'))).toContain('Pick your tool.')
  })
})

describe('a React page reading the site config from its props', () => {
  it('gets the config as its `config` prop, as the pages plugin gives every React page', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/harbour/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n",
      'docs/index.md': '# Home\n',
      'src/pages/help.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        'export default function Help(props) {',
        '  return <Layout title="Help"><main><h1>Need help?</h1><p>Read the <a href={`${props.config.baseUrl}blog`}>blog</a>.</p></main></Layout>',
        '}',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    const page = result.documents.find((document) => document._type === 'page' && document.path === 'help')
    // The page wrote `${baseUrl}blog` from its config; this site is served from its host's root, where the blog is /blog.
    expect(JSON.stringify(page)).toContain('"href":"/blog"')
  })
})

describe("a React page showing the theme's code blocks", () => {
  it('gives each its whole code as a code block of the site, blank lines and all, inside the markup around it', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n",
      'docs/index.md': '# Home\n',
      'src/pages/usage.js': [
        "import React from 'react'",
        "import Layout from '@theme/Layout'",
        "import CodeBlock from '@theme/CodeBlock'",
        'export default function Usage() {',
        '  return <Layout title="Usage"><main><section><div><h2>Define a route</h2>',
        '    <CodeBlock language="js">{"import {Ferry} from \'ferries\'\\n\\nconst route = new Ferry(\'north\')"}</CodeBlock>',
        '  </div></section></main></Layout>',
        '}',
      ].join('\n'),
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([expect.stringMatching(/^src\/pages\/usage\.js: a React page: rendered as Docusaurus renders it/)])
    const page = result.documents.find((document) => document._type === 'page' && document.path === 'usage') as unknown as {
      body: Array<Record<string, unknown>>
    }
    expect(page.body.filter((block) => block._type === 'codeBlock')).toMatchObject([
      {language: 'js', code: "import {Ferry} from 'ferries'\n\nconst route = new Ferry('north')"},
    ])
  })
})

describe('a post without a title', () => {
  it('is titled by its file name without the date, as Docusaurus titles it, with a warning', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}}]]}\n",
      'docs/index.md': '# Home\n',
      'blog/2016-03-11-unit-testing-performance.md': '---\nauthors: [{name: Ana}]\n---\n\nNo heading here.\n',
    })
    expect(errors(result)).toEqual([])
    expect(byId(result, 'blogPost-en-2016--03--11--unit-testing-performance')).toMatchObject({title: 'unit-testing-performance'})
    expect(warnings(result)).toEqual([
      'blog/2016-03-11-unit-testing-performance.md:1: title: no title in the front matter nor as a level-1 heading opening the body: titled "unit-testing-performance" after its file name, as Docusaurus titles it; give it a title in the studio',
    ])
  })
})

describe('a post dated by a YAML timestamp or by folders', () => {
  it('takes the day of a timestamp in UTC, and the last date of the path with the folders before it in the address, as Docusaurus', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}}]]}\n",
      'docs/index.md': '# Home\n',
      'blog/late-night.md': '---\ntitle: Late night\nauthors: [{name: Ana}]\ndate: 2024-07-12 23:30:00 -05:00\n---\n\nText.\n',
      'blog/loose.md': '---\ntitle: Loose\nauthors: [{name: Ana}]\ndate: 2024-07-12T08:00:00\n---\n\nText.\n',
      'blog/2025/launch/2025-03-19-news.md': '---\ntitle: News\nauthors: [{name: Ana}]\n---\n\nText.\n',
      'blog/2021/8/2/short/index.md': '---\ntitle: Short\nauthors: [{name: Ana}]\n---\n\nText.\n',
    })
    expect(errors(result)).toEqual([])
    const posts = result.documents
      .filter((document) => document._type === 'blogPost')
      .map((document) => ({slug: (document as Record<string, unknown>).slug, date: (document as Record<string, unknown>).date}))
    expect(posts).toEqual(
      expect.arrayContaining([
        {slug: 'late-night', date: '2024-07-13'},
        {slug: 'loose', date: '2024-07-12'},
        {slug: '2025/03/19/2025/launch/news', date: '2025-03-19'},
        {slug: '2021/8/2/short', date: '2021-08-02'},
      ]),
    )
  })

  it('dates a post by the day a day no calendar has rolls over to, as Docusaurus does, naming file, field and line', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://x.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}}]]}\n",
      'docs/index.md': '# Home\n',
      'blog/leap.md': '---\ntitle: Leap\nauthors: [{name: Ana}]\ndate: 2023-02-29 10:00:00\n---\n\nText.\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toContain(
      'blog/leap.md:4: date: "2023-02-29 10:00:00" names a day that no calendar has: read as 2023-03-01, as Docusaurus reads it',
    )
    expect(result.documents.find((document) => document._type === 'blogPost')).toMatchObject({date: '2023-03-01'})
  })
})

describe("the docs plugin's numberPrefixParser option", () => {
  const site = (option: string) => ({
    'docusaurus.config.js': `module.exports = {title: 'Kit', url: 'https://kit.example.org', baseUrl: '/', presets: [['classic', {docs: {${option}}, blog: false}]]}\n`,
    'docs/index.md': '# Home\n',
    'docs/02-proposals/000-overview.md': '# Overview\n\nThe plan.\n',
    'docs/02-proposals/001-charts.md': '# Charts\n\nThe charts.\n',
  })
  type Item = {_type: string; label?: Array<{value: string}>; doc?: {_ref: string}; items?: Item[]}
  const outline = (result: ImportResult) => {
    const sidebar = byId(result, 'sidebar-current-defaultSidebar') as {items: Item[]}
    const walk = (items: Item[]): unknown[] =>
      items.map((item) => (item._type === 'sidebarCategory' ? {[item.label?.[0]?.value ?? '?']: walk(item.items ?? [])} : item.doc?._ref))
    return walk(sidebar.items)
  }
  const slugs = (result: ImportResult) =>
    result.documents
      .filter((document) => document._type === 'doc')
      .map((document) => (document as Record<string, unknown>).slug)
      .sort()

  it('strips number prefixes from ids, addresses and category labels by default', async () => {
    const result = await importFiles(site(''))
    expect(errors(result)).toEqual([])
    expect(slugs(result)).toEqual(['index', 'proposals/charts', 'proposals/overview'])
    // The folder's prefix is its position: before index.md, which has none.
    expect(outline(result)).toEqual([{proposals: ['doc-current-en-proposals--overview', 'doc-current-en-proposals--charts']}, 'doc-current-en-index'])
  })

  it('keeps every name whole with false, as Docusaurus serves /docs/02-proposals/000-overview', async () => {
    const result = await importFiles(site('numberPrefixParser: false'))
    expect(errors(result)).toEqual([])
    expect(slugs(result)).toEqual(['02-proposals/000-overview', '02-proposals/001-charts', 'index'])
    // No positions: the folder's order, by name.
    expect(outline(result)).toEqual([
      {'02-proposals': ['doc-current-en-02-proposals--000-overview', 'doc-current-en-02-proposals--001-charts']},
      'doc-current-en-index',
    ])
  })

  it("runs the site's own parser, and names the option when it returns something else", async () => {
    const own = await importFiles(
      site(
        'numberPrefixParser: (name) => { const m = /^0*(\\d+)-(.*)$/.exec(name); return m ? {filename: m[2].toUpperCase(), numberPrefix: Number(m[1])} : {filename: name} }',
      ),
    )
    expect(errors(own)).toEqual([])
    expect(slugs(own)).toEqual(['PROPOSALS/CHARTS', 'PROPOSALS/OVERVIEW', 'index'])

    const broken = await importFiles(site('numberPrefixParser: (name) => name.length'))
    expect(errors(broken)).toEqual([
      'docusaurus.config.js: docs.numberPrefixParser: the site\'s number prefix parser returned 12 for "02-proposals", not {filename, numberPrefix}; names are kept whole',
    ])
    expect(slugs(broken)).toEqual(['02-proposals/000-overview', '02-proposals/001-charts', 'index'])
  })
})

describe('generated indexes', () => {
  it('get the slug Docusaurus gives a generated index: GitHub’s slug of the label, the second of a label in the version with -1', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "module.exports = {title: 'Kit', url: 'https://kit.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]]}\n",
      'sidebars.js': [
        'module.exports = {',
        "  docs: ['index', {type: 'category', label: 'Boats / Ferries', link: {type: 'generated-index'}, items: ['boats']}],",
        "  more: [{type: 'category', label: 'Boats / Ferries', link: {type: 'generated-index'}, items: ['ferries']}, {type: 'category', label: 'Own', link: {type: 'generated-index', slug: '/fleet'}, items: ['fleet']}],",
        '}',
        '',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/boats.md': '# Boats\n',
      'docs/ferries.md': '# Ferries\n',
      'docs/fleet.md': '# Fleet\n',
    })
    expect(errors(result)).toEqual([])
    const slugs = (id: string) =>
      ((byId(result, id) as {items: Array<{generatedIndex?: {slug: string}}>}).items ?? []).flatMap((item) =>
        item.generatedIndex ? [item.generatedIndex.slug] : [],
      )
    expect([...slugs('sidebar-current-docs'), ...slugs('sidebar-current-more')]).toEqual(['category/boats--ferries', 'category/boats--ferries-1', 'fleet'])
  })
})

describe('categories without items', () => {
  it('become a link to their doc, labelled as the category (by the doc, without metadata); one with no doc is left out, and said', async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "module.exports = {title: 'Kit', url: 'https://kit.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]]}\n",
      'sidebars.js':
        "module.exports = {docs: ['index', {type: 'autogenerated', dirName: 'backends'}, {type: 'category', label: 'Someday', link: {type: 'generated-index'}, items: []}]}\n",
      'docs/index.md': '# Home\n',
      // A folder holding only its index doc: an autogenerated category with a page and no items.
      'docs/backends/kafka/kafka.md': '---\ndescription: Runs reach a topic.\n---\n\n# Kafka topic\n\nText.\n',
      'docs/backends/jenkins/index.md': '# Jenkins pipeline\n\nText.\n',
      'docs/backends/jenkins/agents.md': '# Agents\n\nText.\n',
    })
    expect(errors(result)).toEqual([])
    expect(warnings(result)).toEqual([
      'sidebars.js:1: docs: category "Someday" has no items for its generated index: left out of the sidebar, as Docusaurus leaves it out',
    ])
    const sidebar = byId(result, 'sidebar-current-docs') as {items: Array<Record<string, unknown>>}
    expect(
      sidebar.items.map((item) => [item._type, (item.doc as {_ref?: string} | undefined)?._ref ?? (item.label as Array<{value: string}>)[0]?.value]),
    ).toEqual([
      ['sidebarDoc', 'doc-current-en-index'],
      // Labelled by its doc's title (the heading opening it), as Docusaurus labels a category without _category_.json.
      ['sidebarCategory', 'Jenkins pipeline'],
      ['sidebarDoc', 'doc-current-en-backends--kafka'],
    ])
    expect(sidebar.items[2]).toMatchObject({label: [{language: 'en', value: 'Kafka topic'}]})
  })
})

describe('the order of an autogenerated folder', () => {
  it("lists its files in the order Node reads a folder, by their characters' codes, as Docusaurus does (`kite.md` before `kite_line.md`)", async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "module.exports = {title: 'Kit', url: 'https://kit.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]]}\n",
      'sidebars.js': "module.exports = {docs: [{type: 'autogenerated', dirName: '.'}]}\n",
      'docs/kite_line_spool.md': '# Spool\n',
      'docs/kite_line.md': '# Line\n',
      'docs/kite.md': '# Kite\n',
      'docs/Kite-Zeppelin.md': '# Zeppelin\n',
    })
    expect(errors(result)).toEqual([])
    const sidebar = byId(result, 'sidebar-current-docs') as {items: Array<{doc?: {_ref?: string}}>}
    expect(sidebar.items.map((item) => item.doc?._ref)).toEqual([
      'doc-current-en-Kite-Zeppelin',
      'doc-current-en-kite',
      'doc-current-en-kite_line',
      'doc-current-en-kite_line_spool',
    ])
  })
})
