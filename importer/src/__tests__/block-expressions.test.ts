// MDX expressions standing as blocks (`{(() => { … return <Cards … /> })()}`) render as MDX renders them, and links
// written relative to the page's address lead where they lead in Docusaurus. Small sites in a temporary folder.
import {rm} from 'node:fs/promises'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {flowExpressionAt, flowExpressionsIn} from '../markdown/flow-expression'
import type {ImportResult} from '../run-import'
import {resolveLink} from '../site/resolvers'
import {importFiles as importSite} from './fixture-site'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const importFiles = (files: Record<string, string>) => importSite(files, temporary, 'block-expressions-')
type Block = Record<string, unknown>
const bodyOf = (result: ImportResult, id: string) => (result.documents.find((document) => document._id === id)?.body ?? []) as Block[]
const textOf = (blocks: readonly Block[]) => JSON.stringify(blocks)

const CONFIG =
  "export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en']}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n"

/** A component listing rows of links, given as data. */
const SHELF = [
  "import Link from '@docusaurus/Link'",
  'export function Shelf({rows}) {',
  '  return <ul className="shelf">{rows.map((row) => <li key={row.to}><Link to={row.to}>{row.label}</Link> {row.note}</li>)}</ul>',
  '}',
  'export function Note() { return <em>kept aside</em> }',
].join('\n')

const GUIDE = [
  '# Guide',
  '',
  "import {Shelf, Note} from '@site/src/components/Shelf'",
  '',
  'Pick a shelf below.',
  '',
  '{(() => {',
  '  const aside = <Note />;',
  '',
  '  // A brace in a comment: }',
  '  const rows = [',
  "    { to: './knots', label: 'Knots', note: aside },",
  '',
  "    { to: '../kitchen/bread#dough', label: 'Bread {soft}', note: \"it's }\" },",
  '  ];',
  '  return <Shelf rows={rows} />;',
  '})()}',
  'After the shelf.',
].join('\n')

describe('MDX expressions standing as blocks', () => {
  it('are found whole, over blank lines and braces in strings and comments, and only when they hold JSX', () => {
    const [found] = flowExpressionsIn(GUIDE)
    expect(found?.expression.startsWith('(() => {')).toBe(true)
    expect(found?.expression.endsWith('})()')).toBe(true)
    expect(GUIDE.slice(found?.end)).toBe('\nAfter the shelf.')
    expect(flowExpressionAt("{'plain text'}\n", 0)).toBeNull()
    expect(flowExpressionAt('{/* a comment */}\n', 0)).toBeNull()
    expect(flowExpressionAt('{<b>bold</b>} and text after it\n', 0)).toBeNull()
    expect(flowExpressionAt('{<b>bold</b>}\n', 0)?.expression).toBe('<b>bold</b>')
    // A fenced code block's braces are code.
    expect(flowExpressionsIn('```jsx\n{<b>x</b>}\n```\n')).toEqual([])
  })

  it('render what the expression gives, with the page’s imports in scope, and the markdown around them stays markdown', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Shelf.jsx': SHELF,
      'docs/index.md': '# Home\n',
      'docs/garden/guide.mdx': GUIDE,
      'docs/garden/knots.md': '# Knots\n',
      'docs/kitchen/bread.md': '# Bread\n\n## Dough\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(sortDiagnostics(result.warnings).map(formatDiagnostic)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-garden--guide')
    expect(body.map((block) => block._type)).toEqual(['block', 'siteComponent', 'block'])
    // Links relative to the page's address lead where they lead on Docusaurus's /docs/garden/guide.
    expect(body[1]?.markup).toBe(
      '<ul class="shelf"><li><a href="/docs/garden/knots">Knots</a> <em>kept aside</em></li><li><a href="/docs/kitchen/bread#dough">Bread {soft}</a> it&#x27;s }</li></ul>',
    )
    expect(textOf(body)).not.toContain('const rows')
    expect(textOf(body.slice(2))).toContain('After the shelf.')
  })

  it('that cannot be evaluated are kept as not converted, saying why, never as paragraphs of source', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'docs/broken.mdx': ['# Broken', '', '{(() => {', '  const rows = missingHelper();', '', '  return <ul>{rows}</ul>;', '})()}', ''].join('\n'),
    })
    const body = bodyOf(result, 'doc-current-en-broken')
    expect(body.map((block) => block._type)).toEqual(['unconverted'])
    expect(String(body[0]?.source)).toContain('missingHelper')
    expect(sortDiagnostics(result.warnings).map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^docs\/broken\.mdx:3: .*MDX expression.*cannot be evaluated here: .*missingHelper/),
    ])
  })
})

describe('MDX expressions inside JSX', () => {
  it('render what they give inside an element, data imported by an absolute path read from the static folder as webpack resolves it', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'static/data/crew.json': JSON.stringify([
        {name: 'Ines', role: 'Skipper', photo: 'https://example.org/ines.png'},
        {name: 'Tomo', role: 'Navigator'},
      ]),
      'docs/crew.mdx': [
        '# Crew',
        '',
        "import crew from '/data/crew.json';",
        '',
        'Who sails:',
        '',
        '<div className="roster">',
        '  {',
        '    crew.map(member => {',
        '      return (',
        '        <div key={member.name} className="member">',
        '          {member.photo ? <img src={member.photo} alt={member.name} /> : null}',
        '          <a href={`https://example.org/${member.name}`}>{member.name}</a>',
        '          <div className="role">{member.role}</div>',
        '        </div>',
        '      )',
        '    })',
        '  }',
        '</div>',
        '',
        'Fair winds.',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    // The data it imports is used by the expression, which renders: nothing to say of that import.
    expect(sortDiagnostics(result.warnings).map(formatDiagnostic)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-crew')
    const text = textOf(body)
    // What the expression renders: no source of it shown, no preload hint of React 19 before the markup.
    expect(text).not.toContain('crew.map')
    expect(text).not.toContain('rel=\\"preload\\"')
    expect(text).toContain(
      '<div class=\\"member\\"><img src=\\"https://example.org/ines.png\\" alt=\\"Ines\\"/><a href=\\"https://example.org/Ines\\">Ines</a><div class=\\"role\\">Skipper</div></div>',
    )
    expect(text).toContain('Navigator')
    expect(text).toContain('Fair winds.')
  })
})

describe('links relative to the page’s address', () => {
  const urls = new Map([
    ['docs/garden/guide.md', '/docs/garden/guide/'],
    ['src/pages/about.js', '/about/'],
  ])
  const context = {file: 'docs/garden/guide.md', canonicalPath: 'docs/garden/guide.md', contentRoot: 'docs', line: 1}
  const resolve = (href: string, extra: object = {}) => resolveLink(href, {...context, ...extra}, urls, () => undefined)

  it('are read against Docusaurus’s address of the page (no folder slash unless trailingSlash is true)', () => {
    expect(resolve('./knots')).toBe('/docs/garden/knots')
    expect(resolve('knots#tying')).toBe('/docs/garden/knots#tying')
    expect(resolve('../kitchen/bread/?batch=2')).toBe('/docs/kitchen/bread/?batch=2')
    expect(resolve('./knots', {trailingSlash: true})).toBe('/docs/garden/guide/knots')
    // A partial's links are on the page that shows it.
    expect(resolve('./knots', {file: 'docs/_shared/tips.md', canonicalPath: 'docs/_shared/tips.md', pageAddress: '/docs/garden/guide'})).toBe(
      '/docs/garden/knots',
    )
    // A path under Docusaurus's baseUrl is that path from the root here (the site is served from its host's root).
    expect(resolve('/shop/docs/x#y', {baseUrl: '/shop/'})).toBe('/docs/x#y')
    expect(resolve('/shop', {baseUrl: '/shop/'})).toBe('/')
    expect(resolve('/shopping', {baseUrl: '/shop/'})).toBe('/shopping')
    // Absolute paths, fragments and other sites are left as written.
    expect(['/docs/x', '#here', 'https://example.org/a', 'mailto:a@example.org'].map((href) => resolve(href))).toEqual([
      '/docs/x',
      '#here',
      'https://example.org/a',
      'mailto:a@example.org',
    ])
  })

  it('are read against a slash where Docusaurus’s address has one: a category’s index doc, the docs’ root (slug: /)', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/start.md': '---\nslug: /\n---\n\n# Start\n\nSee [the garden](./garden/) and [knots](garden/knots).\n',
      'docs/garden/README.md': '# Garden\n\nTie [knots](./knots#tying) first.\n',
      'docs/garden/knots.md': '# Knots\n\n## Tying\n',
      'docs/garden/guide.md': '# Guide\n\nBack to [knots](./knots).\n',
      'docs/tutorial/index.md': '---\nslug: /tutorial\n---\n\n# Tutorial\n\nSee [knots](garden/knots).\n',
    })
    const hrefs = (id: string) => [...textOf(bodyOf(result, id)).matchAll(/"href":"([^"]*)"/g)].map((match) => match[1])
    expect(hrefs('doc-current-en-index')).toEqual(['/docs/garden/', '/docs/garden/knots'])
    expect(hrefs('doc-current-en-garden')).toEqual(['/docs/garden/knots#tying'])
    expect(hrefs('doc-current-en-garden--guide')).toEqual(['/docs/garden/knots'])
    // A folder's index whose front matter gives its slug has Docusaurus's address of that slug: no slash.
    expect(hrefs('doc-current-en-tutorial')).toEqual(['/docs/garden/knots'])
  })

  it('name a markdown file written with a slash after it (`knots.md/#tying`) as Docusaurus reads it', () => {
    const urls = new Map([
      ['docs/garden/guide.md', '/docs/garden/guide/'],
      ['docs/garden/knots.md', '/docs/garden/knots/'],
    ])
    const context = {file: 'docs/garden/guide.md', canonicalPath: 'docs/garden/guide.md', contentRoot: 'docs', line: 1}
    expect(resolveLink('garden/knots.md/#tying', context, urls, () => undefined)).toBe('/docs/garden/knots/#tying')
  })

  it('in raw HTML are read the same way; a markdown file named in HTML is left as MDX leaves it', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'docs/garden/knots.md': '# Knots\n',
      'docs/garden/guide.mdx': [
        '# Guide',
        '',
        '<table><tbody><tr><td><a href="./knots">Knots</a></td><td><a href="./knots.md">source</a></td></tr></tbody></table>',
        '',
      ].join('\n'),
    })
    const html = bodyOf(result, 'doc-current-en-garden--guide').find((block) => block._type === 'rawHtml')?.html
    expect(html).toContain('<a href="/docs/garden/knots">Knots</a>')
    expect(html).toContain('<a href="./knots.md">source</a>')
  })
})
