// Bad input, one tiny site per case, written into a temporary folder: what the import reports
// (file, field and line where there is one), what it still imports, and that it never ends the process.
import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {type ImportResult, runImport} from '../run-import'
import {GREY_PNG} from './pixels'
import {TINY_CONFIG, TINY_INTRO, TINY_SIDEBARS} from './tiny-site'

const CONFIG = TINY_CONFIG
const SIDEBARS = TINY_SIDEBARS
const INTRO = TINY_INTRO

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

interface Imported {
  result: ImportResult
  site: string
  out: string
  errors: string[]
  warnings: string[]
  doc: (sourcePath: string) => Record<string, unknown> | undefined
}

/**
 * Writes a site (a working config, sidebars and intro unless replaced; null leaves a file out), and
 * `parentFiles` in the folder around it, then imports it.
 */
async function importSite(
  files: Record<string, string | Uint8Array | null>,
  options: {parentFiles?: Record<string, string | Uint8Array>} = {},
): Promise<Imported> {
  const root = await mkdtemp(path.join(tmpdir(), 'bad-input-'))
  temporary.push(root)
  const site = path.join(root, 'site')
  const all = {'docusaurus.config.js': CONFIG, 'sidebars.js': SIDEBARS, 'docs/intro.md': INTRO, ...files}
  const entries = Object.entries(all).flatMap(([file, content]) => (content === null ? [] : [[file, content] as const]))
  for (const [file, content] of [
    ...entries.map(([file, content]) => [path.join(site, file), content] as const),
    ...Object.entries(options.parentFiles ?? {}).map(([file, content]) => [path.join(root, file), content] as const),
  ]) {
    await mkdir(path.dirname(file), {recursive: true})
    await writeFile(file, content)
  }
  const out = path.join(root, 'out')
  const result = await runImport({contentDir: site, outDir: out})
  return {
    result,
    site,
    out,
    errors: sortDiagnostics(result.errors).map(formatDiagnostic),
    warnings: sortDiagnostics(result.warnings).map(formatDiagnostic),
    doc: (sourcePath) => result.documents.find((document) => document.sourcePath === sourcePath),
  }
}

/** The text of every span and code block of a body, in order. */
function textOf(body: unknown): string {
  return (
    JSON.stringify(body)
      .match(/"(?:text|code)":"((?:[^"\\]|\\.)*)"/g)
      ?.map((match) => JSON.parse(match.slice(match.indexOf(':') + 1)) as string)
      .join('\n') ?? ''
  )
}

describe('a site that imports cleanly (the baseline of the cases below)', () => {
  it('writes the dataset without errors or warnings', async () => {
    const {result, errors, warnings, out} = await importSite({})
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(result.written).toBe(true)
    expect(existsSync(path.join(out, 'data.ndjson'))).toBe(true)
  })
})

describe('a config that cannot be loaded', () => {
  it('names the package a config requires that is not installed, and the command that installs it', async () => {
    const {result, errors, out, site} = await importSite({'docusaurus.config.js': `const math = require('remark-math');\n${CONFIG}`})
    expect(errors).toEqual([
      `docusaurus.config.js: requires the package "remark-math", which is not installed in ${site}: run \`npm install remark-math\` there, then import again`,
    ])
    expect(result.written).toBe(false)
    expect(existsSync(path.join(out, 'data.ndjson'))).toBe(false)
  })

  it('says to install the dependencies when the site lists the package, with the package manager of its lock file', async () => {
    const {errors} = await importSite({
      'docusaurus.config.js': `const {visit} = require('unist-util-visit-parents-fixture/sub');\n${CONFIG}`,
      'package.json': JSON.stringify({name: 'tiny', dependencies: {'unist-util-visit-parents-fixture': '^1.0.0'}}),
      'yarn.lock': '# yarn lockfile v1\n',
    })
    expect(errors).toEqual([
      expect.stringMatching(
        /^docusaurus\.config\.js: requires the package "unist-util-visit-parents-fixture", which is not installed in .+: run `yarn install` there, then import again, or import with --install, which runs it \(yarn is the site's package manager: its lock file yarn\.lock in .+\)$/,
      ),
    ])
  })

  it('turns process.exit in the config into an error naming the file, and does not end the import', async () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the very function, to check that the import put it back
    const exit = process.exit
    const {result, errors} = await importSite({'docusaurus.config.js': `if (!process.env.TINY_READY) process.exit(3);\n${CONFIG}`})
    expect(errors).toEqual(['docusaurus.config.js: called process.exit(3) while it was loading: a config must only describe the site'])
    expect(result.written).toBe(false)
    // Still running, with the real process.exit back in place.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- compared, not called
    expect(process.exit).toBe(exit)
  })

  it('reports a config that throws with the file, the line of the throw and its message', async () => {
    const {result, errors} = await importSite({
      'docusaurus.config.js': CONFIG.replace(
        "  baseUrl: '/',\n",
        "  baseUrl: (() => {\n    throw new Error('baseUrl must come from the environment');\n  })(),\n",
      ),
    })
    expect(errors).toEqual(['docusaurus.config.js:6: cannot be loaded: baseUrl must come from the environment'])
    expect(result.documents).toEqual([])
  })

  it('reports a throw in a timer of the config with the line of the throw, and fails the import', async () => {
    const {result, errors} = await importSite({'docusaurus.config.js': `${CONFIG}setTimeout(() => {\n  throw new Error('late boom');\n}, 5);\n`})
    // The timer fires while the import runs; the import reports it and writes nothing.
    expect(errors).toEqual(['docusaurus.config.js:9: code of the config that ran later threw: late boom'])
    expect(result.written).toBe(false)
  })

  it('fails the import, exit code 1, when a timer of the config calls process.exit(0) (through the command line, where process.exit is the real one)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'bad-input-'))
    temporary.push(root)
    const site = path.join(root, 'site')
    const files = {'docusaurus.config.js': `setTimeout(() => process.exit(0), 20);\n${CONFIG}`, 'sidebars.js': SIDEBARS, 'docs/intro.md': INTRO}
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(site, file)), {recursive: true})
      await writeFile(path.join(site, file), content)
    }
    const cli = path.resolve(import.meta.dirname, '../cli.ts')
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--content', site, '--out', path.join(root, 'out')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stdout + run.stderr).toContain(
      'docusaurus.config.js:1: code of the config that ran later threw: called process.exit(0) in code it scheduled to run later: a config must only describe the site',
    )
    expect(existsSync(path.join(root, 'out', 'data.ndjson'))).toBe(false)
  }, 60_000)

  it('gives the line of a throw in an ES module config too', async () => {
    const esm =
      "// ES module config\nconst title = 'Tiny';\nif (title) throw new TypeError('themeConfig is not ready');\nexport default {title, url: 'https://tiny.example.org', baseUrl: '/'};\n"
    const {errors} = await importSite({'docusaurus.config.js': null, 'docusaurus.config.mjs': esm})
    expect(errors).toEqual(['docusaurus.config.mjs:3: cannot be loaded: themeConfig is not ready'])
  })
})

describe('bad values in the config', () => {
  it('refuses a locale code that is not one, naming the field and the value, and imports nothing', async () => {
    const {result, errors} = await importSite({
      'docusaurus.config.js': CONFIG.replace("  title: 'Tiny',", "  title: 'Tiny',\n  i18n: {defaultLocale: 'en', locales: ['en', 'fr_FR!', 'de']},"),
    })
    expect(errors).toEqual(['docusaurus.config.js: i18n.locales: "fr_FR!" is not a locale code such as en, fr or pt-BR'])
    expect(result.written).toBe(false)
  })

  it('refuses a version path with spaces, and options for a version the site does not have, as Docusaurus does', async () => {
    const {result, errors} = await importSite({
      'docusaurus.config.js': CONFIG.replace(
        "sidebarPath: require.resolve('./sidebars.js')",
        "sidebarPath: require.resolve('./sidebars.js'), versions: {current: {path: 'next docs'}, '3.x': {label: 'Old'}}",
      ),
    })
    expect(errors).toEqual([
      `docusaurus.config.js: docs.versions.3.x: "3.x" is not a docs version of the site: the site's versions are "current" (current, then versions.json)`,
      'docusaurus.config.js: docs.versions.current.path: "next docs" is not one URL segment (letters, digits, ".", "_" and "-"): the version would have no address',
    ])
    expect(result.written).toBe(false)
  })

  it('names the sidebars file and the id of a doc that does not exist', async () => {
    const {result, errors} = await importSite({
      'sidebars.js': "module.exports = {docs: ['intro', {type: 'category', label: 'Guides', items: ['guides/missing-page']}]};\n",
    })
    expect(errors).toEqual(['sidebars.js:1: docs: no doc with id "guides/missing-page" in docs/'])
    expect(result.written).toBe(false)
  })

  it('flattens nested item lists and reads a type-less object as one category per key, as Docusaurus does; refuses one whose values are not lists', async () => {
    const {result, errors} = await importSite({
      'docs/extra.md': '# Extra\n\nMore words.\n',
      'sidebars.js': [
        "const shared = ['extra']",
        'module.exports = {',
        "  docs: [['intro', [shared]], {First: ['extra'], Second: {Inner: ['intro']}}],",
        "  broken: [{label: 'No type', href: '/x'}],",
        '};',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([expect.stringMatching(/^sidebars\.js:4: broken: a sidebar item needs a type: /)])
    const sidebar = result.documents.find((document) => document._id === 'sidebar-current-docs') as {items: Array<Record<string, unknown>>} | undefined
    const shape = (items: Array<Record<string, unknown>>): unknown[] =>
      items.map((item) =>
        item._type === 'sidebarCategory'
          ? {category: (item.label as Array<{value: string}>)[0]?.value, items: shape(item.items as Array<Record<string, unknown>>)}
          : (item.doc as {_ref: string})._ref,
      )
    expect(shape(sidebar?.items ?? [])).toEqual([
      'doc-current-en-index',
      'doc-current-en-extra',
      {category: 'First', items: ['doc-current-en-extra']},
      {category: 'Second', items: [{category: 'Inner', items: ['doc-current-en-index']}]},
    ])
  })

  it('gives the line of each sidebar error, in the sidebar that has it, in JS and JSON sidebars files', async () => {
    const sidebars = [
      'module.exports = {',
      "  api: ['intro'],",
      '  docs: [',
      "    'intro',",
      "    {type: 'category', label: 'Guides', items: [",
      "      'guides/missing-page',",
      "      {type: 'catgory', label: 'Typo', items: []},",
      "      {type: 'link', label: 'No address'},",
      '    ]},',
      "    {type: 'category', label: 'Linked', link: {type: 'doc', id: 'gone'}, items: ['intro']},",
      '  ],',
      '};',
      '',
    ].join('\n')
    const {result, errors} = await importSite({'sidebars.js': sidebars})
    expect(errors).toEqual([
      'sidebars.js:6: docs: no doc with id "guides/missing-page" in docs/',
      'sidebars.js:7: docs: unknown sidebar item type "catgory"',
      'sidebars.js:8: docs: a sidebar item is missing its href: {"type":"link","label":"No address"}',
      'sidebars.js:10: docs: category "Linked" links to a missing doc "gone"',
    ])
    expect(result.written).toBe(false)
    const json = await importSite({
      'docusaurus.config.js': CONFIG.replace('./sidebars.js', './sidebars.json'),
      'sidebars.js': null,
      'sidebars.json': '{\n  "docs": [\n    "intro",\n    "missing"\n  ]\n}\n',
    })
    expect(json.errors).toEqual(['sidebars.json:4: docs: no doc with id "missing" in docs/'])
  })
})

describe('bad markdown files', () => {
  it('reads a file that is not UTF-8 with a warning at the line of the first bad byte, and keeps the rest of it', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('---\ntitle: Cafe\n---\n\nFirst line.\n\nThe caf'),
      Buffer.from([0xe9]),
      Buffer.from(' opens at nine.\n\nLast line.\n'),
    ])
    const {result, warnings, doc} = await importSite({'docs/cafe.md': latin1})
    expect(warnings).toEqual(['docs/cafe.md:7: is not valid UTF-8: the bytes that are not were read as � (U+FFFD); save the file as UTF-8'])
    expect(result.written).toBe(true)
    expect(textOf(doc('docs/cafe.md')?.body)).toBe('First line.\nThe caf\uFFFD opens at nine.\nLast line.')
  })

  it('reports a code fence that is never closed, and keeps what follows it as the code Docusaurus shows', async () => {
    const {result, warnings, doc} = await importSite({'docs/fence.md': '# Fence\n\nBefore.\n\n```js\nconst a = 1\n\n## Not a heading\n\nAfter.\n'})
    expect(warnings).toEqual([
      "docs/fence.md:5: this code block's ``` fence is never closed: everything after it, to the end of the file, is code (as Docusaurus shows it); close it where the code ends",
    ])
    expect(result.written).toBe(true)
    expect(doc('docs/fence.md')?.body).toEqual([
      expect.objectContaining({_type: 'block', children: [expect.objectContaining({text: 'Before.'})]}),
      expect.objectContaining({_type: 'codeBlock', language: 'js', code: 'const a = 1\n\n## Not a heading\n\nAfter.'}),
    ])
  })

  it('does not report closed fences, fences in lists and quotes, or indented code', async () => {
    const {warnings} = await importSite({
      'docs/fences.md': '# Fences\n\n~~~~\ncode\n~~~~~\n\n- item\n\n  ```bash\n  npm test\n  ```\n\n> ```\n> quoted\n> ```\n\n    indented\n',
    })
    expect(warnings).toEqual([])
  })

  it('names both files that give the same address, and keeps the first', async () => {
    const {result, warnings, doc} = await importSite({'docs/a.md': '---\nslug: /same\n---\n\n# A\n', 'docs/b.md': '---\nslug: /same\n---\n\n# B\n'})
    expect(warnings).toEqual(['docs/b.md: gives the same address as docs/a.md (doc-current-en-same); that file is kept, this one is not imported'])
    expect(result.written).toBe(true)
    expect(doc('docs/a.md')).toMatchObject({slug: 'same', title: 'A'})
    expect(doc('docs/b.md')).toBeUndefined()
  })

  it('refuses an image path or a file link that leaves the site folder, naming file and line, even when the file exists there', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const {result, warnings, doc, out} = await importSite(
      {
        'docs/leak.md':
          '# Leak\n\n![secret](../../etc/passwd.png)\n\n![beside the site](../../outside.png)\n\n![from the site root](/images/../../../outside.png)\n\n[a file beside the site](../../outside.png)\n',
      },
      {parentFiles: {'outside.png': png}},
    )
    expect(warnings).toEqual([
      'docs/leak.md:3: image outside the site folder, not read: ../../etc/passwd.png; kept verbatim in a "not converted" block',
      'docs/leak.md:5: image outside the site folder, not read: ../../outside.png; kept verbatim in a "not converted" block',
      'docs/leak.md:7: image outside the site folder, not read: /images/../../../outside.png; kept verbatim in a "not converted" block',
      'docs/leak.md:9: link to a file outside the site folder, not read: ../../outside.png; its text is kept without the link',
    ])
    expect(result.written).toBe(true)
    expect(result.assets.images).toEqual([])
    expect(existsSync(path.join(out, 'images')) ? await readdir(path.join(out, 'images')) : []).toEqual([])
    expect(doc('docs/leak.md')?.body).toEqual([
      expect.objectContaining({_type: 'unconverted', source: '![secret](../../etc/passwd.png)', location: 'docs/leak.md:3'}),
      expect.objectContaining({_type: 'unconverted', source: '![beside the site](../../outside.png)', location: 'docs/leak.md:5'}),
      expect.objectContaining({_type: 'unconverted', source: '![from the site root](/images/../../../outside.png)', location: 'docs/leak.md:7'}),
      expect.objectContaining({_type: 'block', markDefs: [], children: [expect.objectContaining({text: 'a file beside the site'})]}),
    ])
    expect(result.assets.files).toEqual([])
    expect(result.documents.filter((document) => document._type === 'staticFile')).toEqual([])
    expect(existsSync(path.join(out, 'files')) ? await readdir(path.join(out, 'files')) : []).toEqual([])
  })

  it('warns, naming file and line, that an inline script of a static HTML file will not run; serves the file all the same', async () => {
    const {warnings, result} = await importSite({
      'static/go-to-playground.html': ['<!doctype html>', '<title>Moving</title>', '<script>', '  location.replace("/playground/")', '</script>', ''].join(
        '\n',
      ),
      'static/clicks.html': [
        '<!doctype html>',
        '<p>Plain.</p>',
        '<script type="application/ld+json">{"a": 1}</script>',
        '<button onclick="go()">Go</button>',
        '',
      ].join('\n'),
      'static/plain.html': ['<!doctype html>', '<script src="/js/app.js"></script>', '<p>Nothing inline.</p>', ''].join('\n'),
    })
    const inline = warnings.filter((line) => line.includes('in a static HTML file'))
    expect(inline).toEqual([
      expect.stringMatching(/^static\/clicks\.html:4: an inline script \(event handler\) in a static HTML file: served at \/clicks\.html, .* it does not run;/),
      expect.stringMatching(/^static\/go-to-playground\.html:3: an inline script \(script element\) in a static HTML file: served at \/go-to-playground\.html/),
    ])
    const served = result.documents.filter((document) => document._type === 'staticFile').map((document) => document.path)
    expect(served.sort()).toEqual(['clicks.html', 'go-to-playground.html', 'plain.html'])
  })

  it('refuses links whose scheme is not http, https, mailto or tel, naming file and line, and keeps their text', async () => {
    const source = [
      '# Links',
      '',
      'A [script](javascript:alert(1)) and a [page](data:text/html,hi).',
      '',
      '<a href="vbscript:msgbox(1)">Old script</a> and <a href=" JaVa\tScript:alert(2)">spaced</a>',
      '',
      '| Column |',
      '| --- |',
      '| [In a table](file:///etc/passwd) |',
      '',
      'By [reference][bad].',
      '',
      '[bad]: data:text/html;base64,PHNjcmlwdD4=',
      '',
      'Kept: [site](/docs/), [fragment](#links), [web](https://socket.io/), [mail](mailto:a@example.com), [phone](tel:+33123456789), [file](pathname:///files/a.txt).',
      '',
    ].join('\n')
    const {result, warnings, doc, out} = await importSite({'docs/links.md': source})
    expect(warnings).toEqual([
      'docs/links.md:3: link with the scheme "data:" refused (data:text/html,hi): only http, https, mailto, tel and site paths are links; its text is kept without the link',
      'docs/links.md:3: link with the scheme "javascript:" refused (javascript:alert(1)): only http, https, mailto, tel and site paths are links; its text is kept without the link',
      'docs/links.md:5: link with the scheme "javascript:" refused ( JaVa\tScript:alert(2)): only http, https, mailto, tel and site paths are links; its text is kept without the link',
      'docs/links.md:5: link with the scheme "vbscript:" refused (vbscript:msgbox(1)): only http, https, mailto, tel and site paths are links; its text is kept without the link',
      'docs/links.md:9: link with the scheme "file:" refused (file:///etc/passwd): only http, https, mailto, tel and site paths are links; its text is kept without the link',
      'docs/links.md:11: link with the scheme "data:" refused (data:text/html;base64,PHNjcmlwdD4=): only http, https, mailto, tel and site paths are links; its text is kept without the link',
    ])
    expect(result.written).toBe(true)
    const body = JSON.stringify(doc('docs/links.md')?.body)
    for (const text of ['script', 'page', 'Old script', 'spaced', 'In a table', 'reference']) expect(body).toContain(text)
    const hrefs = [...body.matchAll(/"href":"([^"]*)"/g)].map((match) => match[1])
    expect(hrefs).toEqual(['/docs/', '#links', 'https://socket.io/', 'mailto:a@example.com', 'tel:+33123456789', '/files/a.txt'])
    const dataset = await readFile(path.join(out, 'data.ndjson'), 'utf8')
    expect(dataset).not.toMatch(/javascript:|vbscript:|data:text|file:\/\//i)
  })

  it('refuses such links in sidebars and in the navbar and footer of the config, naming where', async () => {
    const config = CONFIG.replace(
      "  baseUrl: '/',",
      "  baseUrl: '/',\n  themeConfig: {navbar: {items: [{label: 'Run', href: 'javascript:alert(1)'}, {label: 'Docs', to: '/docs/'}]}, footer: {links: [{title: 'More', items: [{label: 'Page', href: 'data:text/html,hi'}]}]}},",
    )
    const sidebars =
      "module.exports = {\n  docs: [\n    'intro',\n    {type: 'link', label: 'Old', href: 'vbscript:msgbox(1)'},\n    {type: 'link', label: 'Web', href: 'https://socket.io/'},\n  ],\n};\n"
    const {result, warnings, out} = await importSite({'docusaurus.config.js': config, 'sidebars.js': sidebars})
    expect(warnings).toEqual([
      'docusaurus.config.js: themeConfig.footer.links[0].items[0]: link with the scheme "data:" refused (data:text/html,hi): only http, https, mailto, tel and site paths are links; the item is left out',
      'docusaurus.config.js: themeConfig.navbar.items[0]: link with the scheme "javascript:" refused (javascript:alert(1)): only http, https, mailto, tel and site paths are links; the item is left out',
      'sidebars.js:4: docs: link with the scheme "vbscript:" refused (vbscript:msgbox(1)): only http, https, mailto, tel and site paths are links; the item is left out',
    ])
    expect(result.written).toBe(true)
    const dataset = await readFile(path.join(out, 'data.ndjson'), 'utf8')
    expect(dataset).not.toMatch(/javascript:|vbscript:|data:text/)
    expect(dataset).toContain('https://socket.io/')
    expect(dataset).toContain('"href":"/docs/"')
  })

  it('refuses a binary file named .md with an error naming it and the line of its first NUL byte, and says when a file is empty', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52])
    const {result, errors, warnings, doc} = await importSite({'docs/picture.md': png, 'docs/empty.md': '', 'docs/blank.md': '\n  \n'})
    expect(errors).toEqual([
      'docs/picture.md:3: is not a text file (it holds a NUL byte, as images and other binary files do): not imported; a markdown file must be text (UTF-8), move any other file out of the content folders',
    ])
    expect(warnings).toEqual([
      'docs/blank.md: is empty (nothing but white space): its page would have no content; write it, or remove the file',
      'docs/empty.md: is empty (nothing but white space): its page would have no content; write it, or remove the file',
    ])
    expect(result.written).toBe(false)
    expect(doc('docs/picture.md')).toBeUndefined()
    expect(doc('docs/empty.md')).toMatchObject({title: 'empty', body: []})
  })

  it('shows a part the content model rejects (a <details> with nothing inside) as its source, with a warning at its line, and imports the site', async () => {
    const {result, errors, warnings, doc} = await importSite({
      'docs/empty-details.md': '# Empty details\n\nBefore.\n\n<details>\n<summary>Nothing here yet</summary>\n</details>\n\nAfter.\n',
    })
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      'docs/empty-details.md:5: the conversion of this part gives content the content model rejects (body[0].body: is required); kept verbatim in a "not converted" block',
    ])
    expect(result.written).toBe(true)
    expect(doc('docs/empty-details.md')?.body).toEqual([
      expect.objectContaining({_type: 'block', children: [expect.objectContaining({text: 'Before.'})]}),
      expect.objectContaining({
        _type: 'unconverted',
        source: '<details>\n<summary>Nothing here yet</summary>\n</details>',
        location: 'docs/empty-details.md:5',
      }),
      expect.objectContaining({_type: 'block', children: [expect.objectContaining({text: 'After.'})]}),
    ])
    expect(doc('docs/intro.md')).toBeDefined()
  })

  it('imports a component nested 200 deep without crashing: one warning for the component, one for the depth, the text kept', async () => {
    const deep = (depth: number) => `${'<Box>\n'.repeat(depth)}\nDeep text.\n\n${'</Box>\n'.repeat(depth)}`
    const {result, warnings, doc} = await importSite({'docs/deep.mdx': deep(200)})
    expect(warnings).toEqual([
      'docs/deep.mdx:1: <Box> is a component, which cannot be imported: its content is kept without it (also at lines 2, 3, 4, 5, 6, … of this file)',
      'docs/deep.mdx:101: elements are nested more than 100 deep here (<Box>): the deeper ones are not kept as elements, their content is kept in the element around them',
    ])
    expect(result.written).toBe(true)
    expect(textOf(doc('docs/deep.mdx')?.body)).toBe('Deep text.')
  })

  it('imports quotes nested 5,000 deep (one quote, as Portable Text has it), without exhausting the stack', async () => {
    const {result, errors, doc} = await importSite({'docs/quotes.md': `# Quotes\n\n${'>'.repeat(5000)} Deep quote.\n\nAfter.\n`})
    expect(errors).toEqual([])
    expect(result.written).toBe(true)
    expect(doc('docs/quotes.md')?.body).toEqual([
      expect.objectContaining({style: 'blockquote', children: [expect.objectContaining({text: 'Deep quote.'})]}),
      expect.objectContaining({style: 'normal', children: [expect.objectContaining({text: 'After.'})]}),
    ])
  })

  it('imports tabs nested 5,000 deep without exhausting the stack', async () => {
    const depth = 5000
    const source = `import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n${'<Tabs>\n<TabItem value="a" label="A">\n'.repeat(depth)}\nDeepest.\n\n${'</TabItem>\n</Tabs>\n'.repeat(depth)}`
    const {result, errors, warnings, doc} = await importSite({'docs/tabs.mdx': source})
    expect(errors).toEqual([])
    expect(warnings).toEqual([
      'docs/tabs.mdx:104: elements are nested more than 100 deep here (<Tabs>): the deeper ones are not kept as elements, their content is kept in the element around them',
    ])
    expect(result.written).toBe(true)
    expect(textOf(doc('docs/tabs.mdx')?.body)).toBe('Deepest.')
  })
})

describe('assets named as modules that do not exist', () => {
  it('keeps the source of each use visible with a warning at its line, and imports the rest', async () => {
    const {result, errors, warnings, doc} = await importSite({
      'static/img/present.png': GREY_PNG,
      'docs/assets.mdx': [
        '---',
        'title: Assets',
        '---',
        '',
        "import missingLogo from '@site/static/img/absent-logo.png';",
        "import Absent from './absent-drawing.svg';",
        '',
        "<img src={require('@site/static/img/absent.png').default} />",
        '',
        '<img src={missingLogo} alt="logo" />',
        '',
        '<Absent />',
        '',
        '![A picture](@site/static/img/absent-picture.png)',
        '',
        'See [the notes](@site/static/files/absent-notes.pdf) for more.',
        '',
        '<img src={require(\'@site/static/img/present.png\').default} alt="present" />',
        '',
      ].join('\n'),
    })
    expect(errors).toEqual([])
    expect(result.written).toBe(true)
    expect(warnings).toEqual([
      'docs/assets.mdx:8: image not found: @site/static/img/absent.png; kept verbatim in a "not converted" block',
      'docs/assets.mdx:10: image not found: @site/static/img/absent-logo.png; kept verbatim in a "not converted" block',
      'docs/assets.mdx:12: image not found: ./absent-drawing.svg; kept verbatim in a "not converted" block',
      'docs/assets.mdx:14: image not found: @site/static/img/absent-picture.png; kept verbatim in a "not converted" block',
      'docs/assets.mdx:16: link to a file not found: @site/static/files/absent-notes.pdf; its text is kept without the link',
    ])
    const body = doc('docs/assets.mdx')?.body as Array<Record<string, unknown>>
    expect(body.filter((block) => block._type === 'unconverted').map((block) => block.source)).toEqual([
      "<img src={require('@site/static/img/absent.png').default} />",
      '<img src={missingLogo} alt="logo" />',
      '<Absent />',
      '![A picture](@site/static/img/absent-picture.png)',
    ])
    expect(textOf(body)).toContain('See the notes for more.')
    expect(body.at(-1)).toMatchObject({_type: 'themedImage', alt: 'present'})
  })
})
