// The site's own components used in its markdown, rendered at import time as Docusaurus renders
// them (props, children where the component places them, Docusaurus's Link and context, named and
// relative imports, translations), and each way it can fail said with its reason, the content kept.
// Small sites written into a temporary folder.
import {rm} from 'node:fs/promises'
import {SITE_COMPONENT_CONTENT_MARKER} from '@site/schemas'
import {afterAll, describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {componentImports} from '../markdown/component-imports'
import type {ImportResult} from '../run-import'
import {evaluateLiteral} from '../markdown/js-string'
import {importFiles as importSite} from './fixture-site'

const temporary: string[] = []

afterAll(async () => {
  for (const dir of temporary) await rm(dir, {recursive: true, force: true})
})

const importFiles = (files: Record<string, string>) => importSite(files, temporary, 'site-components-')
const warnings = (result: ImportResult) => sortDiagnostics(result.warnings).map(formatDiagnostic)
type Block = Record<string, unknown>
const bodyOf = (result: ImportResult, id: string) => (result.documents.find((document) => document._id === id)?.body ?? []) as Block[]
const components = (blocks: readonly Block[]) => blocks.filter((block) => block._type === 'siteComponent')

const CONFIG =
  "export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', i18n: {defaultLocale: 'en', locales: ['en', 'fr']}, presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n"
const M = SITE_COMPONENT_CONTENT_MARKER
/** A component drawing the theme's code block of its code, and one drawing a badge in a line of text. */
const SNIPPET = [
  "import React from 'react'",
  "import CodeBlock from '@theme/CodeBlock'",
  "import Tabs from '@theme/Tabs'",
  "import TabItem from '@theme/TabItem'",
  'export function Snippet({code}) { return <CodeBlock language="python">{code.trim()}</CodeBlock> }',
  'export function Flavours({code}) { return <Tabs><TabItem value="py"><CodeBlock language="python">{code}</CodeBlock></TabItem><TabItem value="rb"><CodeBlock language="ruby">{code}</CodeBlock></TabItem></Tabs> }',
  'export function Badge() { return <span className="badge">new</span> }',
].join('\n')

describe("the site's own components", () => {
  it('renders each use with its props, its children where it places them, and Docusaurus modules it uses', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Callout.jsx': [
        "import Link from '@docusaurus/Link'",
        "import Translate from '@docusaurus/Translate'",
        'export default function Callout({tone, items, children}) {',
        '  return <aside className={`callout callout--${tone}`}><strong><Translate id="callout.label">Good to know</Translate></strong>',
        '    <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>{children}<Link to="/docs/intro">More</Link></aside>',
        '}',
      ].join('\n'),
      'src/components/cards.js':
        "import React from 'react'\nexport function Card({title, count}) { return React.createElement('div', {className: 'card'}, title, ' ', count) }\n",
      'docs/index.md': '# Home\n',
      'docs/intro.mdx': [
        '# Intro',
        '',
        "import Callout from '@site/src/components/Callout'",
        "import {Card as Tile} from '../src/components/cards'",
        '',
        '<Callout tone="warm" items={[\'one\', "two"]}>',
        '',
        'Read **this** first.',
        '',
        '</Callout>',
        '',
        '<Tile title="Rooms" count={3} />',
      ].join('\n'),
      'i18n/fr/code.json': '{"callout.label": {"message": "Bon à savoir"}}\n',
      'i18n/fr/docusaurus-plugin-content-docs/current/intro.mdx':
        '# Intro\n\nimport Callout from \'@site/src/components/Callout\'\n\n<Callout tone="cold" items={[]}>\n\nLisez ceci.\n\n</Callout>\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    const en = components(bodyOf(result, 'doc-current-en-intro'))
    expect(en.map((block) => block.markup)).toEqual([
      `<aside class="callout callout--warm"><strong>Good to know</strong><ul><li>one</li><li>two</li></ul>${M}<a href="/docs/intro">More</a></aside>`,
      '<div class="card">Rooms 3</div>',
    ])
    expect(en.map((block) => block.name)).toEqual(['Callout', 'Tile'])
    expect(JSON.stringify(en[0]?.body)).toContain('"text":"this","marks":["strong"]')
    expect(en[1]).not.toHaveProperty('body')
    const fr = components(bodyOf(result, 'doc-current-fr-intro'))
    expect(fr.map((block) => block.markup)).toEqual([
      `<aside class="callout callout--cold"><strong>Bon à savoir</strong><ul></ul>${M}<a href="/docs/intro">More</a></aside>`,
    ])
  })

  it('renders the components a partial imports; one that draws a link around its content in a line of text is that link', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/RepoLink.jsx':
        "import A from '@theme/MDXComponents/A'\nexport default function RepoLink({path, children}) { return <A className=\"repo-link\" href={'https://git.example.org/kit/blob/main/' + path}>{children}</A> }\n",
      'src/components/Note.jsx': 'export default function Note({children}) { return <em className="note">{children}</em> }\n',
      'docs/index.md': '# Home\n',
      'docs/_setup-steps.md': [
        "import RepoLink from '@site/src/components/RepoLink';",
        "import Note from '@site/src/components/Note';",
        '',
        'Copy <RepoLink path="template/kit.json">the template\'s **kit.json**</RepoLink> first, <Note>then run it</Note>.',
      ].join('\n'),
      'docs/setup.mdx': "# Setup\n\nimport Steps from './\\_setup-steps.md';\n\n<Steps />\n",
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([
      "docs/_setup-steps.md:4: <Note> (a component of the site's own, from @site/src/components/Note) in a line of text keeps only its content, as text: what it draws around it is not kept",
    ])
    const paragraph = bodyOf(result, 'doc-current-en-setup')[0] as {
      children: Array<{text: string; marks: string[]}>
      markDefs: Array<{_key: string; href: string}>
    }
    expect(paragraph.children.map((span) => span.text).join('')).toBe("Copy the template's kit.json first, then run it.")
    expect(paragraph.markDefs.map((mark) => mark.href)).toEqual(['https://git.example.org/kit/blob/main/template/kit.json'])
    const linked = paragraph.children.filter((span) => span.marks.includes(paragraph.markDefs[0]?._key ?? '')).map((span) => span.text)
    expect(linked).toEqual(["the template's ", 'kit.json'])
  })

  it('renders a component that shows a markdown file it imports (a table kept in markdown) as that file’s HTML', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/releases/_table.md': ['| Version | Support |', '| --- | --- |', '| `2.x` | [Active](/blog/two) |', '| `1.x` | Ended |'].join('\n'),
      'src/components/releases/Releases.jsx':
        'import Table from \'./_table.md\'\nexport default function Releases() { return <section className="releases"><Table /></section> }\n',
      'docs/index.md': '# Home\n',
      'docs/releases.mdx': "# Releases\n\nimport Releases from '@site/src/components/releases/Releases'\n\n<Releases />\n",
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    const [block] = components(bodyOf(result, 'doc-current-en-releases'))
    expect(block?.markup).toContain('<section class="releases"><div><table>')
    expect(block?.markup).toContain('<td><code>2.x</code></td>')
    expect(block?.markup).toContain('<a href="/blog/two">Active</a>')
  })

  it("gives a component the doc's version through the docs plugin's client hooks (useActiveVersion)", async () => {
    const result = await importFiles({
      'docusaurus.config.js':
        "export default {title: 'Site', url: 'https://site.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false}, blog: false}]]}\n",
      'versions.json': '["1.0"]\n',
      'versioned_sidebars/version-1.0-sidebars.json': '{"docs": [{"type": "autogenerated", "dirName": "."}]}\n',
      'src/components/BranchLink.jsx': [
        "import {useActiveVersion} from '@docusaurus/plugin-content-docs/client'",
        'export default function BranchLink({file, children}) {',
        '  const version = useActiveVersion(undefined)',
        "  const branch = version.label === 'Next' ? 'main' : `${version.label}-stable`",
        '  return <a href={`https://git.example.org/kit/blob/${branch}/${file}`} data-docs={version.path}>{children}</a>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/setup.mdx': '# Setup\n\nimport BranchLink from \'@site/src/components/BranchLink\'\n\nSee <BranchLink file="kit.json">the kit file</BranchLink>.\n',
      'versioned_docs/version-1.0/index.md': '# Home\n',
      'versioned_docs/version-1.0/setup.mdx':
        '# Setup\n\nimport BranchLink from \'@site/src/components/BranchLink\'\n\nSee <BranchLink file="kit.json">the kit file</BranchLink>.\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    const hrefs = (id: string) => (bodyOf(result, id)[0]?.markDefs as Array<{href: string}>).map((mark) => mark.href)
    expect(hrefs('doc-current-en-setup')).toEqual(['https://git.example.org/kit/blob/main/kit.json'])
    expect(hrefs('doc-1_0-en-setup')).toEqual(['https://git.example.org/kit/blob/1.0-stable/kit.json'])
  })

  it('keeps a component used inside a line of text in that line, as the text it renders', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Knot.jsx': "export function Knot({kind}) { return <span className={'knot knot--' + kind}>{kind} &amp; hitch</span> }\n",
      'docs/index.md': '# Home\n',
      'docs/knots.mdx': [
        '# Knots',
        '',
        "import {Knot} from '@site/src/components/Knot'",
        '',
        'Tie a bound (<Knot kind="clove" />/<Knot kind="reef" />) before you **sail** (<Knot kind="clove" />).',
        '',
        '<Knot kind="bowline" />',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/knots.mdx:5: <Knot> (a component of the site\'s own, from @site/src/components/Knot) in a line of text is shown as the text it renders ("clove & hitch"), without its markup',
    ])
    const body = bodyOf(result, 'doc-current-en-knots')
    // One paragraph, as in Docusaurus, with each use's text in its place; a use alone on its line stays a block.
    expect(body.map((block) => block._type)).toEqual(['block', 'siteComponent'])
    const spans = (body[0]?.children as Array<{text: string}>).map((span) => span.text).join('')
    expect(spans).toBe('Tie a bound (clove & hitch/reef & hitch) before you sail (clove & hitch).')
  })

  it('keeps the one image a component draws in a line of text (a badge in a link) as an image of the line, in its link', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Badge.jsx': [
        'export function SourceBadge({text, to}) {',
        '  return <a href={"https://example.org/repo/" + to}><span>&nbsp;</span><img src={"https://img.example.org/badge/-" + text + "-blue"} alt={text} /></a>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/reels.mdx': [
        '# Reels',
        '',
        "import {SourceBadge} from '@site/src/components/Badge'",
        '',
        'Reels for every kite.<SourceBadge text="Source" to="reels" />',
        '',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/reels.mdx:5: <SourceBadge> (a component of the site\'s own, from @site/src/components/Badge) in a line of text is shown as the text and the image it renders (""), as the link it renders, without its other markup',
    ])
    const [paragraph] = bodyOf(result, 'doc-current-en-reels') as Array<{children: Block[]; markDefs: Block[]}>
    expect(paragraph?.children.map((child) => [child._type, child.text ?? child.url ?? null])).toEqual([
      ['span', 'Reels for every kite.'],
      ['inlineImage', 'https://img.example.org/badge/-Source-blue'],
    ])
    expect(paragraph?.children[1]).toMatchObject({alt: 'Source', href: 'https://example.org/repo/reels'})
  })

  it('renders a member of an imported object of components (`<Links.Tides />`) in a line of text, a list item and a heading', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Links.jsx': [
        "import Link from '@docusaurus/Link'",
        'export const Links = {',
        '  Tides: ({text = \'tide tables\'}) => <Link to="/docs/tides">{text}</Link>,',
        '  Moon: {Phase: () => <em>waxing</em>},',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/tides.md': '# Tides\n',
      'docs/harbour.mdx': [
        '# Harbour',
        '',
        "import {Links} from '@site/src/components/Links'",
        '',
        'Read the <Links.Tides /> first, or <Links.Tides text="the almanac" />; the moon is <Links.Moon.Phase />.',
        '',
        '- <Links.Tides text={<b>Tables</b>} />: when the water turns.',
        '',
        '## 2. Before <Links.Tides>leaving</Links.Tides>',
        '',
        'Code keeps its tags: `<Links.Tides />`.',
        '',
        '<Links.Tides /> come first, then',
        '_the <Links.Tides text="charts" />._',
        '',
        '_Mind the <Links.Tides />._',
        '',
        '| Read | When |',
        '| --- | --- |',
        '| <Links.Tides /> | `daily` |',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-harbour') as Array<{
      style?: string
      children?: Array<{text: string; marks: string[]}>
      markDefs?: Array<{_key: string; href: string}>
    }>
    const shown = body.map((block) => [block.style, (block.children ?? []).map((span) => span.text).join('')])
    expect(shown).toEqual([
      ['normal', 'Read the tide tables first, or the almanac; the moon is waxing.'],
      ['normal', 'Tables: when the water turns.'],
      ['h2', '2. Before tide tables'],
      ['normal', 'Code keeps its tags: <Links.Tides />.'],
      // A paragraph opened by the component is one line of text with it, as in MDX 2 and 3; the emphasis is kept.
      ['normal', 'tide tables come first, then the charts.'],
      ['normal', 'Mind the tide tables.'],
      [undefined, ''],
    ])
    expect(body[4]?.children?.at(-2)).toMatchObject({text: 'charts', marks: ['em', expect.any(String)]})
    expect(body[5]?.children?.map((span) => span.marks[0])).toEqual(['em', 'em', 'em'])
    // In a table's cell: the link it renders, as the cell's markup.
    expect((body[6] as {rows?: Array<{cells: string[]}>}).rows?.[1]?.cells).toEqual(['[tide tables](/docs/tides)', '`daily`'])
    const links = (block: (typeof body)[number]) =>
      (block.children ?? [])
        .filter((span) => span.marks.length > 0)
        .map((span) => [span.text, block.markDefs?.find((mark) => mark._key === span.marks[0])?.href])
    expect(links(body[0]!)).toEqual([
      ['tide tables', '/docs/tides'],
      ['the almanac', '/docs/tides'],
    ])
    expect(links(body[1]!)).toEqual([['Tables', '/docs/tides']])
  })

  it('reads the theme’s tabs and admonitions a component renders among other markup as the page’s own tabs and admonitions', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Install.jsx': [
        "import Tabs from '@theme/Tabs'",
        "import TabItem from '@theme/TabItem'",
        "import CodeBlock from '@theme/CodeBlock'",
        "import Admonition from '@theme/Admonition'",
        "const tools = [{value: 'npm', text: 'The default one.'}, {value: 'pnpm', text: 'Saves disk space.'}]",
        'export function Install() {',
        '  return <>',
        '    <p>Pick a package manager:</p>',
        '    <Tabs groupId="pm" defaultValue="pnpm">{tools.map((tool) => <TabItem key={tool.value} value={tool.value}><p>{tool.text}</p><CodeBlock language="bash">{tool.value + \' add tide\'}</CodeBlock></TabItem>)}</Tabs>',
        '    <Admonition type="tip" title="Offline"><p>Both work offline.</p></Admonition>',
        '  </>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/install.mdx': "# Install\n\nimport {Install} from '@site/src/components/Install'\n\n<Install />\n",
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-install')
    expect(body.map((block) => block._type)).toEqual(['block', 'tabs', 'admonition'])
    expect(body[1]).toMatchObject({
      _type: 'tabs',
      groupId: 'pm',
      panels: [
        {
          value: 'npm',
          label: 'npm',
          body: [
            {_type: 'block', children: [{text: 'The default one.'}]},
            {_type: 'codeBlock', language: 'bash', code: 'npm add tide'},
          ],
        },
        {value: 'pnpm', label: 'pnpm', isDefault: true, body: [{_type: 'block'}, {_type: 'codeBlock', code: 'pnpm add tide'}]},
      ],
    })
    expect(body[2]).toMatchObject({_type: 'admonition', kind: 'tip', title: 'Offline'})
  })

  it('gives a component the doc it renders on (useDoc), and keeps the one link it renders in a line of text as that link', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/titles.js': "export const titles = {en: {'guide/rooms': 'Rooms'}, fr: {'guide/rooms': 'Les salles'}}\n",
      'src/components/DocRef.jsx': [
        "import {useDoc} from '@docusaurus/theme-common/internal'",
        "import {titles} from '../titles'",
        'export function DocRef({to}) {',
        "  const locale = useDoc().metadata.source.startsWith('@site/i18n/') ? useDoc().metadata.source.split('/')[2] : 'en'",
        "  return <a href={`${locale === 'en' ? '' : '/' + locale}/docs/${to}`}>{titles[locale][to]}</a>",
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/guide/rooms.md': '# Rooms\n',
      // A named import written over several lines.
      'docs/guide/events.mdx': '# Events\n\nimport {\n  DocRef,\n} from \'/src/components/DocRef\'\n\nEvents reach a room: see <DocRef to="guide/rooms" />.\n',
      'i18n/fr/docusaurus-plugin-content-docs/current/guide/events.mdx':
        '# Événements\n\nimport {DocRef} from \'/src/components/DocRef\'\n\nUn événement atteint une salle : voir <DocRef to="guide/rooms" />.\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([
      'docs/guide/events.mdx:7: <DocRef> (a component of the site\'s own, from /src/components/DocRef) in a line of text is shown as the text it renders ("Rooms"), as the link it renders, without its other markup',
      'i18n/fr/docusaurus-plugin-content-docs/current/guide/events.mdx:5: <DocRef> (a component of the site\'s own, from /src/components/DocRef) in a line of text is shown as the text it renders ("Les salles"), as the link it renders, without its other markup',
    ])
    const linked = (id: string) => {
      const block = bodyOf(result, id)[0] as {children: Array<{text: string; marks: string[]}>; markDefs: Array<{_key: string; href: string}>}
      const span = block.children.find((child) => child.marks.length > 0)
      return [span?.text, block.markDefs.find((mark) => mark._key === span?.marks[0])?.href]
    }
    expect(linked('doc-current-en-guide--events')).toEqual(['Rooms', '/docs/guide/rooms'])
    expect(linked('doc-current-fr-guide--events')).toEqual(['Les salles', '/fr/docs/guide/rooms'])
  })

  it('ends a paragraph where a component on the next line draws a block, as a browser does with the paragraph MDX makes of them', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/Snippet.jsx': SNIPPET,
      'docs/steps.mdx': [
        "import {Snippet, Flavours, Badge} from '@site/src/components/Snippet'",
        '',
        'Board the ferry first:',
        '<Snippet code={`ferry.board()`} />',
        'Then find a seat.',
        '',
        'A seat by the window',
        '<Badge /> costs extra.',
        '',
        'In either language:',
        '<Flavours code="sail()"></Flavours>',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const blocks = bodyOf(result, 'doc-current-en-steps').map((block) =>
      block._type === 'block' ? (block.children as Array<{text: string}>).map((span) => span.text).join('') : block._type,
    )
    // The theme's tabs a component draws are a block too.
    expect(blocks).toEqual(['Board the ferry first:', 'codeBlock', 'Then find a seat.', 'A seat by the window new costs extra.', 'In either language:', 'tabs'])
  })

  it('ends a Docusaurus 2 paragraph where a component on the next line draws the theme’s tabs', async () => {
    const result = await importFiles({
      'package.json': JSON.stringify({dependencies: {'@docusaurus/core': '2.4.3'}}),
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/Snippet.jsx': SNIPPET,
      'docs/steps.mdx': 'import {Flavours} from \'@site/src/components/Snippet\'\n\nIn either language:\n<Flavours code="sail()"></Flavours>\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(bodyOf(result, 'doc-current-en-steps').map((block) => block._type)).toEqual(['block', 'tabs'])
  })

  it.each(['2.4.3', '3.9.2'])('renders a component given a function as its children, which it calls for each of its items (Docusaurus %s)', async (version) => {
    const result = await importFiles({
      'package.json': JSON.stringify({dependencies: {'@docusaurus/core': version}}),
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/PerBoat.jsx': [
        "import React from 'react'",
        "import CodeBlock from '@theme/CodeBlock'",
        "export default function PerBoat({boats, children, header, ...rest}) { return <CodeBlock {...rest}>{header}{boats.map(children).join('\\n')}</CodeBlock> }",
      ].join('\n'),
      // The function's template literal holds lines that markdown would read as a list, and under MDX 2+ a blank line (MDX 1
      // ends a JSX block there).
      'docs/steps.mdx': [
        "import PerBoat from '@site/src/components/PerBoat'",
        '',
        'Each boat gets its own dock:',
        '',
        '<PerBoat',
        '  language="diff"',
        "  header={'  docks: {\\n'}",
        "  boats={['Ferry', 'Barge']}",
        '>',
        '  {(boat) => `\\',
        "     '${boat.toLowerCase()}': {",
        "-      pier: 'west',",
        ...(version === '2.4.3' ? [] : ['']),
        "+      pier: '${boat} pier',",
        '     },`}',
        '</PerBoat>',
        '',
        'Then moor.',
      ].join('\n'),
    })
    expect(warnings(result)).toEqual([])
    const blocks = bodyOf(result, 'doc-current-en-steps').map((block) =>
      block._type === 'codeBlock'
        ? `${String(block.language)}: ${String(block.code)}`
        : (block.children as Array<{text: string}>).map((span) => span.text).join(''),
    )
    expect(blocks).toEqual([
      'Each boat gets its own dock:',
      [
        'diff:   docks: {',
        "     'ferry': {",
        "-      pier: 'west',",
        ...(version === '2.4.3' ? [] : ['']),
        "+      pier: 'Ferry pier',",
        '     },',
        "     'barge': {",
        "-      pier: 'west',",
        ...(version === '2.4.3' ? [] : ['']),
        "+      pier: 'Barge pier',",
        '     },',
      ].join('\n'),
      'Then moor.',
    ])
  })

  it('ends a paragraph of a list item where a component written over several lines draws a block, the block in the item', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/Snippet.jsx': SNIPPET,
      'docs/steps.mdx': [
        "import {Snippet} from '@site/src/components/Snippet'",
        '',
        '* Buy a ticket.',
        '* Board the ferry',
        '  first:',
        '  <Snippet',
        '    code={`',
        '      ferry.board()',
        '    `}',
        '  />',
        '  and sit.',
        '* Land.',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const blocks = bodyOf(result, 'doc-current-en-steps').map((block) =>
      block._type === 'block'
        ? `${String(block.style)} ${(block.children as Array<{text: string}>).map((span) => span.text).join('')}`
        : `${String(block._type)} in item ${String(block.listLevel)}: ${String(block.code)}`,
    )
    expect(blocks).toEqual([
      'normal Buy a ticket.',
      'normal Board the ferry first:',
      'codeBlock in item 1: ferry.board()',
      'listParagraph and sit.',
      'normal Land.',
    ])
  })

  it("keeps a component's frame around the one theme code block it draws, the code block the site's own, in the default language", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG.replace('presets:', "themeConfig: {prism: {defaultLanguage: 'python'}}, presets:"),
      'docs/index.md': '# Home\n',
      'src/components/Framed.jsx': [
        "import React from 'react'",
        "import CodeBlock from '@theme/CodeBlock'",
        'export function Framed({code}) {',
        '  return <div className="snippet"><div className="snippet__title">session.py</div><CodeBlock>{code.trim()}</CodeBlock></div>',
        '}',
      ].join('\n'),
      'docs/framed.mdx': ["import {Framed} from '@site/src/components/Framed'", '', '<Framed code={`room.join()`} />'].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(bodyOf(result, 'doc-current-en-framed')).toMatchObject([
      {
        _type: 'siteComponent',
        name: 'Framed',
        markup: `<div class="snippet"><div class="snippet__title">session.py</div>${M}</div>`,
        body: [{_type: 'codeBlock', language: 'python', code: 'room.join()'}],
      },
    ])
  })

  it("renders a live playground with the theme's code theme, icons and the build's fallback for the browser's editor", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG.replace('presets:', "themeConfig: {prism: {theme: {plain: {color: '#1d2430'}, styles: []}}}, presets:"),
      'docs/index.md': '# Home\n',
      'src/components/Sandbox.tsx': [
        "import React from 'react'",
        "import {usePrismTheme, useWindowSize} from '@docusaurus/theme-common'",
        "import useIsBrowser from '@docusaurus/useIsBrowser'",
        "import CopyIcon from '@theme/Icon/Copy'",
        "import DoneIcon from '@theme/Icon/Success'",
        'export default function Sandbox({code}: {code: string}) {',
        '  const theme = usePrismTheme()',
        '  const browser = useIsBrowser()',
        "  if (useWindowSize() === 'mobile') return null",
        '  return (',
        '    <div className="sandbox">',
        '      <button type="button" aria-label="Copy"><CopyIcon /><DoneIcon /></button>',
        '      {browser ? null : <pre className="prism-code" style={{color: theme.plain.color}}>{code}</pre>}',
        '    </div>',
        '  )',
        '}',
      ].join('\n'),
      'docs/sandbox.mdx': ["import Sandbox from '@site/src/components/Sandbox'", '', 'Try it:', '', '<Sandbox code={`<Room name="lobby" />`} />'].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-sandbox')
    const sandbox = components(body)[0]
    expect(sandbox?.markup).toContain('<pre class="prism-code" style="color:#1d2430">&lt;Room name=&quot;lobby&quot; /&gt;</pre>')
    // The icons are there, empty and hidden from assistive technology, as the theme's are decorative.
    expect(sandbox?.markup).toContain('<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" data-icon="Copy"></svg>')
  })
  it("renders the theme's Details box from @theme/Details (Arbitrum's CustomDetails wraps it) as the details block it draws", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/Folded.jsx': [
        "import React from 'react'",
        "import Details from '@theme/Details'",
        'export default function Folded({title, children}) {',
        '  return <Details summary={title} className="folded">{children}</Details>',
        '}',
      ].join('\n'),
      'docs/setup.mdx': [
        "import Folded from '@site/src/components/Folded'",
        '',
        '# Setup',
        '',
        '<Folded title="Rust toolchain">',
        '',
        'Install rustup first.',
        '',
        '</Folded>',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(components(bodyOf(result, 'doc-current-en-setup'))).toMatchObject([
      {
        name: 'Folded',
        markup: `<details class="folded"><summary>Rust toolchain</summary>${M}</details>`,
        body: [{_type: 'block', children: [{text: 'Install rustup first.'}]}],
      },
    ])
  })

  it("renders the theme's Details box from @docusaurus/theme-common/Details as the details block it draws", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/components/History.tsx': [
        "import React from 'react'",
        "import {Details} from '@docusaurus/theme-common/Details'",
        'export default function History({added}: {added: string}) {',
        '  return (',
        '    <Details summary={<summary>History</summary>}>',
        '      <table><tbody><tr><td>Added in</td><td>{added}</td></tr></tbody></table>',
        '    </Details>',
        '  )',
        '}',
      ].join('\n'),
      'docs/window.mdx': ["import History from '@site/src/components/History'", '', '# Window', '', '<History added="v2.1" />'].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(JSON.stringify(bodyOf(result, 'doc-current-en-window'))).toMatch(
      /<details><summary>History<\/summary><table><tbody><tr><td>Added in<\/td><td>v2.1<\/td>/,
    )
  })
  it("shows a text file read with raw-loader in the theme's CodeBlock, its language from its class, its path escaped as markdown writes it", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'docs/topics/_snippets/init.txt': 'const crew = 4\n',
      'docs/topics/typed.md': [
        '# Typed',
        '',
        'A minimal project:',
        '',
        "import CodeBlock from '@theme/CodeBlock';",
        "import initExample from '!!raw-loader!./\\_snippets/init.txt';",
        '',
        '<CodeBlock className="language-typescript">',
        '  {initExample}',
        '</CodeBlock>',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    expect(bodyOf(result, 'doc-current-en-topics--typed')[1]).toMatchObject({_type: 'codeBlock', language: 'ts', code: 'const crew = 4'})
  })

  it("renders code a component reads with webpack's raw-loader, inside a swizzled docs layout's context", async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/theme/DocPage/Layout/index.jsx': [
        "import React from 'react'",
        "import Layout from '@theme-original/DocPage/Layout'",
        "export const Flavour = React.createContext('plain')",
        'export default function Wrapped(props) { return <Flavour.Provider value="plain"><Layout {...props} /></Flavour.Provider> }',
      ].join('\n'),
      'src/components/Sample.jsx': [
        "import React, {useContext} from 'react'",
        "import CodeBlock from '@theme/CodeBlock'",
        "import Tabs from '@theme/Tabs'",
        "import TabItem from '@theme/TabItem'",
        "import {Flavour} from '../theme/DocPage/Layout'",
        'export function Sample({code}) {',
        '  const flavour = useContext(Flavour)',
        '  return <CodeBlock language="python" title={flavour}>{code.trim()}</CodeBlock>',
        '}',
        'export function shout(code) { return code.trim().toUpperCase() }',
        'export function Variants({plain, typed}) {',
        '  return <Tabs groupId="flavour"><TabItem value="plain" label="Plain"><CodeBlock language="python">{plain}</CodeBlock></TabItem>',
        '    <TabItem value="typed" label="Typed" default><CodeBlock language="python">{typed}</CodeBlock></TabItem></Tabs>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/start/greet.py': 'print("hello, room")\n',
      'docs/start/leave/leave.py': 'room.leave()\n',
      'docs/start/leave/index.js': "import code from '!!raw-loader!./leave.py'\nexport default {code}\n",
      'docs/start.mdx': [
        '# Start',
        '',
        "import {Sample, Variants, shout} from '@site/src/components/Sample'",
        "import greet from '!!raw-loader!./start/greet.py'",
        "import CodeBlock from '@theme/CodeBlock'",
        "import leave from './start/leave'",
        '',
        '<Sample code={greet} />',
        '',
        '<CodeBlock language="python">{greet}</CodeBlock>',
        '',
        '<Sample {...leave} />',
        '',
        '<Sample {...leave}></Sample>',
        '',
        '<Sample',
        '  code={`',
        '  rooms = List<Room>()',
        '',
        '  rooms.clear()',
        '  `}',
        '  ></Sample>',
        '',
        '<Variants plain={greet} typed={`name: str = "room"`} />',
        '',
        '<CodeBlock language="python">{shout(greet)}</CodeBlock>',
        '',
        'After the samples.',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    // What the component renders is the theme's code block: the site's own, highlighted and with its copy button.
    const withoutKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutKeys)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (key === '_key' ? [] : [[key, withoutKeys(entry)]])))
          : value
    const blocks = (withoutKeys(bodyOf(result, 'doc-current-en-start')) as Block[]).map((block) =>
      block._type === 'block' ? {text: (block.children as Array<{text: string}>).map((span) => span.text).join('')} : block,
    )
    expect(blocks).toEqual([
      {_type: 'codeBlock', language: 'python', title: 'plain', code: 'print("hello, room")'},
      {_type: 'codeBlock', language: 'python', code: 'print("hello, room")'},
      {_type: 'codeBlock', language: 'python', title: 'plain', code: 'room.leave()'},
      {_type: 'codeBlock', language: 'python', title: 'plain', code: 'room.leave()'},
      // A template literal with an empty line in an attribute: the tag is whole, as MDX reads it.
      {_type: 'codeBlock', language: 'python', title: 'plain', code: 'rooms = List<Room>()\n\n  rooms.clear()'},
      // Tabs of code blocks are the site's tabs.
      {
        _type: 'tabs',
        groupId: 'flavour',
        panels: [
          {_type: 'tabPanel', value: 'plain', label: 'Plain', body: [{_type: 'codeBlock', language: 'python', code: 'print("hello, room")'}]},
          {_type: 'tabPanel', value: 'typed', label: 'Typed', isDefault: true, body: [{_type: 'codeBlock', language: 'python', code: 'name: str = "room"'}]},
        ],
      },
      // A function of a site module called with an import of the page.
      {_type: 'codeBlock', language: 'python', code: 'PRINT("HELLO, ROOM")'},
      {text: 'After the samples.'},
    ])
  })

  it('renders JSX given as props (fragments holding markdown over paragraphs, a list and an admonition) in slots where the component shows them', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Glossary.jsx': [
        'export default function Glossary({title, terms}) {',
        '  return <table className="glossary"><caption>{title}</caption><tbody>',
        '    {terms.map((term) => <tr key={term.word}><th>{term.word}</th><td>{term.meaning}</td></tr>)}',
        '  </tbody></table>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/harbour.mdx': [
        '# Harbour words',
        '',
        "import Glossary from '@site/src/components/Glossary'",
        "import Tabs from '@theme/Tabs'",
        "import TabItem from '@theme/TabItem'",
        '',
        '<Glossary',
        '  title="Words of the quay"',
        '  terms={[',
        '    {',
        '      word: "Berth",',
        '      meaning: <>',
        '',
        "Where a ship ties up; it's booked at the [harbour office].",
        '',
        ':::tip',
        "Don't moor in a berth you haven't booked.",
        ':::',
        '',
        '</>',
        '    },',
        '    {',
        '      word: "Bollard",',
        '      meaning: <>',
        '',
        'A short post that holds:',
        '',
        '- bow lines',
        '- stern lines',
        '',
        '</>',
        '    },',
        '  ]}',
        '/>',
        '',
        'Ask the harbour master for anything else.',
        '',
        '<Tabs>',
        '<TabItem value="sea" label="At sea">',
        '<Glossary',
        '  title="Words of the sea"',
        '  terms={[{',
        '    word: "Knot",',
        '    meaning: <>',
        '',
        'Tie it so:',
        '',
        '```js',
        "tie({rope: 'bow'}) // don't pull {",
        '',
        '```',
        '',
        '</>',
        '  }]}',
        '/>',
        '</TabItem>',
        '</Tabs>',
        '',
        '[harbour office]: /docs/',
      ].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-harbour')
    const [glossary] = components(body)
    expect(glossary?.markup).toBe(
      '<table class="glossary"><caption>Words of the quay</caption><tbody><tr><th>Berth</th><td>⟦slot 0⟧</td></tr><tr><th>Bollard</th><td>⟦slot 1⟧</td></tr></tbody></table>',
    )
    const slots = glossary?.slots as Array<{body: Block[]}>
    expect(slots.map((slot) => slot.body.map((block) => block._type))).toEqual([
      ['block', 'admonition'],
      ['block', 'block', 'block'],
    ])
    // A link written by reference to a definition of the page.
    expect(slots[0]?.body[0]).toMatchObject({
      markDefs: [{_type: 'link'}],
      children: [{text: "Where a ship ties up; it's booked at the "}, {text: 'harbour office'}, {text: '.'}],
    })
    expect(JSON.stringify(slots[1]?.body.slice(1))).toContain('"listItem":"bullet"')
    // The page goes on after the tag, as written; in a tab, a prop's code holding braces and quotes is code.
    expect(JSON.stringify(body.at(-2))).toContain('Ask the harbour master for anything else.')
    expect(body.at(-1)).toMatchObject({
      _type: 'tabs',
      panels: [
        {
          label: 'At sea',
          body: [
            {
              _type: 'siteComponent',
              slots: [{body: [{_type: 'block'}, {_type: 'codeBlock', language: 'js', code: "tie({rope: 'bow'}) // don't pull {\n"}]}],
            },
          ],
        },
      ],
    })
    expect(JSON.stringify(body)).not.toContain('meaning:')
  })

  it('renders a component that places its children apart (children[0], children[1]) with each child of its content in its own slot', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Preview.jsx': [
        'export default function Preview({children}) {',
        '  return <div className="preview"><div className="preview-page">{children[0]}</div><div className="preview-code">{children[1]}</div></div>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/buoys.mdx': [
        '# Buoys',
        '',
        "import Preview from '@site/src/components/Preview'",
        '',
        '<Preview>',
        '<div>',
        '<p>A red buoy</p>',
        '</div>',
        '',
        '```html',
        '<p>A red buoy</p>',
        '```',
        '</Preview>',
      ].join('\n'),
    })
    expect(warnings(result)).toEqual([])
    const [preview] = components(bodyOf(result, 'doc-current-en-buoys'))
    expect(preview?.markup).toBe(
      '<div class="preview"><div class="preview-page">\u27e6slot 0\u27e7</div><div class="preview-code">\u27e6slot 1\u27e7</div></div>',
    )
    const slots = (preview?.slots ?? []) as Array<{body: Block[]}>
    expect(slots.map((slot) => slot.body.map((block) => block._type))).toEqual([['block'], ['codeBlock']])
    expect(JSON.stringify(slots[0]?.body)).toContain('"text":"A red buoy"')
    expect(slots[1]?.body[0]).toMatchObject({language: 'html', code: '<p>A red buoy</p>'})
    expect(preview).not.toHaveProperty('body')
  })

  it('says why a use cannot be rendered, naming file and line, and keeps its content', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Broken.js': 'export default function Broken() { return window.innerWidth }\n',
      'src/components/Box.js': "import React from 'react'\nexport default function Box({children}) { return React.createElement('div', null, children) }\n",
      'src/components/NeedsPackage.js': "import Chart from 'a-chart-package-the-site-lacks'\nexport default Chart\n",
      'src/components/NeedsTheme.js': "import Gauge from '@theme/Gauge/Round'\nexport default Gauge\n",
      'docs/intro.mdx': [
        "import Broken from '@site/src/components/Broken'",
        "import Box from '@site/src/components/Box'",
        "import NeedsPackage from '@site/src/components/NeedsPackage'",
        "import NeedsTheme from '@site/src/components/NeedsTheme'",
        "import data from './data.json'",
        '',
        '<Broken>',
        '',
        'Kept text one.',
        '',
        '</Broken>',
        '',
        '<Box size={data.size}>',
        '',
        'Kept text two.',
        '',
        '</Box>',
        '',
        '<NeedsPackage />',
        '',
        '<NeedsTheme />',
      ].join('\n'),
      'docs/data.json': '{"size": 2}\n',
      'docs/index.md': '# Home\n',
    })
    expect(warnings(result)).toEqual([
      'docs/intro.mdx:5: imports data from ./data.json: components of the site are not imported (their content is kept where they are used)',
      "docs/intro.mdx:7: <Broken> (a component of the site's own, from @site/src/components/Broken) cannot be rendered here: it fails to render (window is not defined); its content is kept without it",
      "docs/intro.mdx:13: <Box> (a component of the site's own, from @site/src/components/Box) cannot be rendered here: its prop size={data.size} refers to the page's JavaScript (a variable, a function or JSX), which the import cannot evaluate; its content is kept without it",
      expect.stringMatching(
        /^docs\/intro\.mdx:19: <NeedsPackage> \(a component of the site's own, from @site\/src\/components\/NeedsPackage\) cannot be rendered here: .*requires the package "a-chart-package-the-site-lacks", which is not installed .*: run `npm install a-chart-package-the-site-lacks` there, then import again; it has no content of its own to keep$/,
      ),
      expect.stringMatching(
        /^docs\/intro\.mdx:21: <NeedsTheme> .* cannot be rendered here: .*requires @theme\/Gauge\/Round, a module of Docusaurus that the import renders with stand-ins of its own and has none for; it has no content of its own to keep$/,
      ),
    ])
    const text = JSON.stringify(bodyOf(result, 'doc-current-en-intro'))
    expect(text).toContain('Kept text one.')
    expect(text).toContain('Kept text two.')
    expect(text).not.toContain('siteComponent')
  })

  it('leaves out, with a warning, a component that renders nothing when the page is built (one that only acts in the browser)', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/HashRedirect.js': [
        "import {useEffect} from 'react'",
        'export default function HashRedirect() {',
        '  useEffect(() => { if (window.location.hash === "#old") window.location.replace("/docs/new") }, [])',
        '  return null',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/settings.mdx': ["import HashRedirect from '@site/src/components/HashRedirect'", '', '<HashRedirect />', '', 'Every setting, listed.'].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([
      "docs/settings.mdx:3: <HashRedirect> (a component of the site's own, from @site/src/components/HashRedirect) renders nothing when the page is built; what it does in the browser is not kept",
    ])
    const body = bodyOf(result, 'doc-current-en-settings')
    expect(components(body)).toEqual([])
    expect(JSON.stringify(body)).toContain('Every setting, listed.')
  })
})

describe("tabs whose values a site module holds (import constants from '@site/…')", () => {
  it('labels each tab and chooses the default as the module says, also through a function of it called with literal arguments', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/tab-sets.ts': [
        "import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment'",
        "const shells = [{label: 'Bash', value: 'bash'}, {label: 'PowerShell', value: 'pwsh'}]",
        "const places = {web: {label: 'In a browser', value: 'web'}, node: {label: 'On Node.js', value: 'node'}}",
        'export default {',
        '  shells,',
        "  defaultShell: ExecutionEnvironment.canUseDOM ? 'pwsh' : 'bash',",
        '  placesFor: (names: Array<keyof typeof places>) => names.map((name) => places[name]),',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/setup.mdx': [
        '# Setup',
        '',
        "import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem'; import sets from '@site/src/tab-sets';",
        '',
        '<Tabs groupId="shell" defaultValue={sets.defaultShell} values={sets.shells}>',
        '<TabItem value="pwsh">',
        '',
        'Run `setup.ps1`.',
        '',
        '</TabItem>',
        '<TabItem value="bash">',
        '',
        'Run `setup.sh`.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        '<Tabs values={sets.placesFor(["node", "web"])} defaultValue={sets.noSuchDefault}>',
        '<TabItem value="node">Server.</TabItem>',
        '<TabItem value="web">Browser.</TabItem>',
        '</Tabs>',
        '',
        '<Tabs values={sets.missing.list}>',
        '<TabItem value="a">A.</TabItem>',
        '</Tabs>',
      ].join('\n'),
    })
    const tabs = bodyOf(result, 'doc-current-en-setup').filter((block) => block._type === 'tabs') as Array<{panels: Block[]}>
    expect(tabs.map((block) => block.panels.map(({value, label, isDefault}) => ({value, label, ...(isDefault ? {isDefault} : {})})))).toEqual([
      // In the order of the values, as Docusaurus lists the tabs, not of the items.
      [
        {value: 'bash', label: 'Bash', isDefault: true},
        {value: 'pwsh', label: 'PowerShell'},
      ],
      [
        {value: 'node', label: 'On Node.js'},
        {value: 'web', label: 'In a browser'},
      ],
      [{value: 'a', label: 'a'}],
    ])
    expect(warnings(result)).toEqual(['docs/setup.mdx:23: <Tabs values={sets.missing.list}>: sets.missing is undefined; the tabs are labelled by their values'])
  })
})

describe('building blocks', () => {
  it('reads which components a file imports from the site', () => {
    expect(
      componentImports(
        [
          "import A from '@site/src/components/A'",
          "import {B, C as D} from './parts'",
          "import E, {F} from '../e'",
          "import Tabs from '@theme/Tabs'",
          "import Intro from './_intro.mdx'",
          "import styles from './x.module.css'",
          "import dayjs from 'dayjs'",
          '```js',
          "import App from './App'",
          '```',
          "  import Indented from './indented'",
        ].join('\n'),
      ),
    ).toEqual([
      {local: 'A', exported: 'default', specifier: '@site/src/components/A'},
      {local: 'B', exported: 'B', specifier: './parts'},
      {local: 'D', exported: 'C', specifier: './parts'},
      {local: 'E', exported: 'default', specifier: '../e'},
      {local: 'F', exported: 'F', specifier: '../e'},
    ])
  })

  it('evaluates literal props as JavaScript reads them, and refuses the rest', () => {
    expect(evaluateLiteral("{name: 'Team', 'price': 0.4, tags: ['a', \"b\",], on: true, none: null}")).toEqual({
      value: {name: 'Team', price: 0.4, tags: ['a', 'b'], on: true, none: null},
    })
    expect(evaluateLiteral("'it\\'s \"here\"'")).toEqual({value: 'it\'s "here"'})
    expect(evaluateLiteral('`plain`')).toEqual({value: 'plain'})
    // A `$` that opens no substitution is text (Dart's `_$Rooms`); escapes are read as JavaScript reads them.
    expect(evaluateLiteral('`class Rooms extends _$Rooms {\\n  print("\\u00e9\\`")`')).toEqual({value: 'class Rooms extends _$Rooms {\n  print("é`")'})
    expect(evaluateLiteral('-3')).toEqual({value: -3})
    for (const expression of ['size', 'useBaseUrl("/x")', '`a ${b}`', '{a: b}', '<b>x</b>', '() => 1'])
      expect(evaluateLiteral(expression)).toHaveProperty('problem')
  })
})

describe('a component that reads its children’s props', () => {
  it('renders with its children as the elements they are, each one’s content the page’s markdown where it places it', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'src/components/Shops.jsx': [
        "import React from 'react'",
        "import Tabs from '@theme/Tabs'",
        "import TabItem from '@theme/TabItem'",
        '// Only declares a shop: Shops reads its props.',
        'export const Shop = () => null',
        'export function Shops({children}) {',
        '  const shops = React.Children.toArray(children).map((child) => {',
        "    if (child.type !== Shop) throw new Error('only <Shop> children')",
        '    return child.props',
        '  })',
        '  const values = shops.map((shop) => ({value: shop.name, label: <img src="/logo.svg" alt={shop.name.toUpperCase()} />}))',
        '  return <Tabs groupId="shop" values={values}>{shops.map((shop) => <TabItem key={shop.name} value={shop.name}><h3>{shop.name}</h3>{shop.children}</TabItem>)}</Tabs>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n',
      'docs/shops.mdx': [
        '# Shops',
        '',
        "import {Shops, Shop} from '@site/src/components/Shops'",
        '',
        '<Shops>',
        '<Shop name="bakery">',
        '',
        'Open **early**.',
        '',
        '```sh',
        'knock twice',
        '```',
        '',
        '</Shop>',
        '',
        '<Shop name="florist">',
        '',
        'Closed on Mondays.',
        '',
        '</Shop>',
        '</Shops>',
        '',
      ].join('\n'),
    })
    expect(warnings(result)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-shops')
    const tabs = body.find((block) => block._type === 'tabs') as {groupId?: string; panels: Array<{value: string; label: string; body: Block[]}>} | undefined
    expect(tabs?.groupId).toBe('shop')
    expect(tabs?.panels.map((panel) => [panel.value, panel.label])).toEqual([
      ['bakery', 'BAKERY'],
      ['florist', 'FLORIST'],
    ])
    expect(tabs?.panels.map((panel) => panel.body.map((block) => block._type))).toEqual([
      ['block', 'block', 'codeBlock'],
      ['block', 'block'],
    ])
    expect(JSON.stringify(tabs?.panels[0]?.body)).toContain('"marks":["strong"]')
  })
})

describe("the global data of the site's own plugins (@docusaurus/useGlobalData)", () => {
  it('runs a local plugin’s loadContent and contentLoaded, and gives what it sets to the components that read it; a failing plugin is named', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG.replace(
        'presets:',
        "plugins: [['./src/plugins/latest-sailings', {count: 2}], './src/plugins/broken', function harbourNotes() { return {name: 'harbour-notes', async contentLoaded({actions}) { actions.setGlobalData({note: 'Tides posted daily'}) }} }], presets:",
      ),
      'src/plugins/latest-sailings.js': [
        'module.exports = function latestSailings(context, options) {',
        '  return {',
        "    name: 'latest-sailings',",
        "    async loadContent() { return ['Morning ferry', 'Noon barge', 'Evening ferry'].slice(0, options.count) },",
        '    async contentLoaded({content, actions}) { actions.setGlobalData({sailings: content, site: context.siteConfig.title}) },',
        '  }',
        '}',
      ].join('\n'),
      'src/plugins/broken.js':
        "module.exports = () => ({name: 'broken', async loadContent() { throw new Error('the timetable server is down') }, async contentLoaded() {}})\n",
      'src/components/Sailings.jsx': [
        "import {usePluginData} from '@docusaurus/useGlobalData'",
        "import useGlobalData from '@docusaurus/useGlobalData'",
        'export default function Sailings() {',
        "  const {sailings, site} = usePluginData('latest-sailings')",
        "  const notes = useGlobalData()['harbour-notes'].default",
        '  return <div className="sailings"><p>{site}: {notes.note}</p><ul>{sailings.map((name) => <li key={name}>{name}</li>)}</ul></div>',
        '}',
      ].join('\n'),
      'src/components/Missing.jsx':
        "import {usePluginData} from '@docusaurus/useGlobalData'\nexport default function Missing() { return <p>{usePluginData('broken').text}</p> }\n",
      'docs/index.md': '# Home\n',
      'docs/sailings.mdx':
        "import Sailings from '@site/src/components/Sailings'\nimport Missing from '@site/src/components/Missing'\n\n<Sailings />\n\n<Missing />\n",
    })
    expect(result.errors).toEqual([])
    const markup = components(bodyOf(result, 'doc-current-en-sailings')).map((block) => block.markup)
    expect(markup).toEqual(['<div class="sailings"><p>Site: Tides posted daily</p><ul><li>Morning ferry</li><li>Noon barge</li></ul></div>'])
    expect(warnings(result).filter((line) => /broken|Missing/.test(line))).toEqual([
      'docs/sailings.mdx:6: <Missing> (a component of the site\'s own, from @site/src/components/Missing) cannot be rendered here: it fails to render (Docusaurus plugin global data not found for "broken" plugin (the import runs the site\'s own plugins only)); it has no content of its own to keep',
      'docusaurus.config.js: plugins[1]: ./src/plugins/broken: its loadContent or contentLoaded failed here (the timetable server is down): the global data it gives pages is left out',
    ])
  })
})

describe("components the site's MDXComponents gives every page", () => {
  it('renders them where a page uses them without importing them, as Docusaurus gives them to every MDX page', async () => {
    const result = await importFiles({
      'docusaurus.config.js': CONFIG,
      'docs/index.md': '# Home\n',
      'src/theme/MDXComponents.js': [
        "import MDXComponents from '@theme-original/MDXComponents'",
        "import Callout from '@site/src/components/Callout'",
        "import {Badge as Pill} from './parts/Badge'",
        'export default {...MDXComponents, Callout, Pill, img: (props) => <img {...props} />}',
      ].join('\n'),
      'src/components/Callout.jsx': [
        "import React from 'react'",
        'export default function Callout({children}) {',
        '  return <div className="callout">{children}</div>',
        '}',
      ].join('\n'),
      'src/theme/parts/Badge.jsx': [
        "import React from 'react'",
        'export function Badge({label}) {',
        '  return <span className="pill">{label}</span>',
        '}',
      ].join('\n'),
      'docs/kites.mdx': ['# Kites', '', '<Callout>', '', 'Mind the wind.', '', '</Callout>', '', 'Status: <Pill label="ready" />'].join('\n'),
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const body = bodyOf(result, 'doc-current-en-kites')
    expect(components(body)).toMatchObject([
      {name: 'Callout', markup: `<div class="callout">${M}</div>`, body: [{_type: 'block', children: [{text: 'Mind the wind.'}]}]},
    ])
    expect(JSON.stringify(body)).toContain('Status: ready')
    expect(warnings(result).filter((line) => /cannot be imported/.test(line))).toEqual([])
  })
})

describe("components a site's remark plugin puts on the page", () => {
  it('renders a component the plugin writes, with the import line it writes (Electron’s fiddle embeds)', async () => {
    // The plugin turns a `files` fence into <FileTabs files={{…}} /> and writes `import FileTabs from '@site/…'` at the
    // top of the tree, as ESM and JSX nodes with no place in the file.
    const plugin = [
      'module.exports = function fileTabs() {',
      '  return (root) => {',
      '    let used = false',
      '    root.children = root.children.map((node) => {',
      "      if (node.type !== 'code' || node.lang !== 'files') return node",
      '      used = true',
      "      const files = Object.fromEntries(node.value.split('\\n').map((line) => line.split(': ')))",
      "      return {type: 'mdxJsxFlowElement', name: 'FileTabs', attributes: [{type: 'mdxJsxAttribute', name: 'files', value: {type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(files)}}], children: []}",
      '    })',
      "    if (used) root.children.unshift({type: 'mdxjsEsm', value: \"import FileTabs from '@site/src/components/FileTabs'\"})",
      '  }',
      '}',
    ].join('\n')
    const result = await importFiles({
      'docusaurus.config.js':
        "module.exports = {title: 'Site', url: 'https://site.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/file-tabs')]}, blog: false}]]}\n",
      'plugins/file-tabs.js': plugin,
      'src/components/FileTabs.jsx': [
        "import React from 'react'",
        "import CodeBlock from '@theme/CodeBlock'",
        "import Tabs from '@theme/Tabs'",
        "import TabItem from '@theme/TabItem'",
        'export default function FileTabs({files}) {',
        '  return <Tabs>{Object.entries(files).map(([name, code]) => <TabItem key={name} value={name}><CodeBlock language="js">{code}</CodeBlock></TabItem>)}</Tabs>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n\nTwo files:\n\n```files\nmain.js: app.start()\npreload.js: bridge.expose()\n```\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    expect(warnings(result)).toEqual([])
    // Its render (the theme's tabs of code blocks) is read as the theme's tabs.
    expect(bodyOf(result, 'doc-current-en-index')).toMatchObject([
      {_type: 'block', children: [{text: 'Two files:'}]},
      {
        _type: 'tabs',
        panels: [
          {value: 'main.js', body: [{_type: 'codeBlock', language: 'js', code: 'app.start()'}]},
          {value: 'preload.js', body: [{_type: 'codeBlock', language: 'js', code: 'bridge.expose()'}]},
        ],
      },
    ])
  })

  it('renders one the plugin puts in a line of text as the link it draws (Electron’s API structure previews)', async () => {
    // The plugin makes each link to a structure page a <Preview> element in the line (a JSX flow element, as Electron's
    // does), with the page's summary as a JSON string holding quotes, braces and angle brackets.
    const plugin = [
      'module.exports = function previews() {',
      '  return (root) => {',
      '    let used = false',
      '    const visit = (node) => {',
      '      for (const child of node.children ?? []) {',
      "        if (child.type === 'link' && child.url.startsWith('/docs/structures/')) {",
      '          used = true',
      "          const title = child.children.map((text) => text.value).join('')",
      "          Object.assign(child, {type: 'mdxJsxFlowElement', name: 'Preview', children: [], attributes: [",
      "            {type: 'mdxJsxAttribute', name: 'url', value: child.url},",
      "            {type: 'mdxJsxAttribute', name: 'title', value: title},",
      "            {type: 'mdxJsxAttribute', name: 'summary', value: JSON.stringify({text: 'A {width} > 0 and \"height\" < 9'})},",
      '          ]})',
      '        } else visit(child)',
      '      }',
      '    }',
      '    visit(root)',
      "    if (used) root.children.unshift({type: 'mdxjsEsm', value: \"import Preview from '@site/src/components/Preview'\"})",
      '  }',
      '}',
    ].join('\n')
    const result = await importFiles({
      'docusaurus.config.js':
        "module.exports = {title: 'Site', url: 'https://site.example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: false, remarkPlugins: [require('./plugins/previews')]}, blog: false}]]}\n",
      'plugins/previews.js': plugin,
      'src/components/Preview.jsx': [
        "import React from 'react'",
        'export default function Preview({url, title, summary}) {',
        '  return <a href={url} className="preview" title={JSON.parse(summary).text}>{title}</a>',
        '}',
      ].join('\n'),
      'docs/index.md': '# Home\n\nSee [window](window.md).\n',
      'docs/window.md': '# Window\n\nIts [Size](structures/size.md) is fixed.\n',
      'docs/structures/size.md': '# Size\n\nTwo numbers.\n',
    })
    expect(sortDiagnostics(result.errors).map(formatDiagnostic)).toEqual([])
    const [paragraph] = bodyOf(result, 'doc-current-en-window') as Array<{
      children: Array<{text: string; marks: string[]}>
      markDefs: Array<{_key: string; href: string}>
    }>
    expect(paragraph?.children.map((child) => child.text).join('')).toBe('Its Size is fixed.')
    const linked = paragraph?.children.find((child) => child.text === 'Size')
    expect(paragraph?.markDefs.find((mark) => linked?.marks.includes(mark._key))?.href).toBe('/docs/structures/size')
  })
})
