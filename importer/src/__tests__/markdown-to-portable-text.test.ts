// Each markdown construct of content/README.md → the exact Portable Text the importer writes.
import {describe, expect, it} from 'vitest'
import {type Diagnostic, formatDiagnostic} from '../diagnostics'
import type {RootContent} from 'mdast'
import {type AdmonitionKeywords, type BlockFeatures, convertMarkdown, jsxAttributesToHtml, parseBody} from '../markdown/to-portable-text'
import type {RichTextBlock} from '../portable-text'

const FILE = 'docs/rooms.md'
const SITE_URLS: Record<string, string> = {'./other.md': '/docs/v4/other/', '../blog/post.md': '/blog/post/'}

const PARTIALS: Record<string, string> = {
  './_shared.mdx': 'Shared **text**.\n\n:::note\nFrom the partial.\n:::\n',
  // A partial written for several pages: each use names its section (MDX hands the partial its props).
  './_section.mdx': [
    "import CodeBlock from '@theme/CodeBlock';",
    '',
    '<p>',
    '  The {props.section} settings go in the {props.file ?? "default"} file.',
    '</p>',
    '',
    '<CodeBlock language="js" title={`${props.file}`}>',
    '  {[',
    "    'export default {',",
    '    `  ${props.section}: {},`,',
    "    '}',",
    "  ].join('\\n')}",
    '</CodeBlock>',
    '',
    'Not {props.missing.deeper} here, nor {props.section + window.name}.',
    '',
  ].join('\n'),
  // Markup shown on a condition of the props, holding markdown that JavaScript cannot read as JSX (a fence with `>`).
  './_watch.mdx': [
    "import CodeBlock from '@theme/CodeBlock';",
    '',
    '<>',
    '  {props.local && <div>',
    '',
    'Start the **tide server** first:',
    '',
    '```bash',
    'tides serve',
    '> listening on 4000',
    '```',
    '',
    '  </div>}',
    '</>',
    '',
    '<CodeBlock language="sh">',
    '  tides watch --harbour {props.harbour}',
    '</CodeBlock>',
    '',
  ].join('\n'),
}

function convert(
  markdown: string,
  admonitions?: AdmonitionKeywords,
  features?: BlockFeatures,
): {blocks: unknown[]; warnings: string[]; raw: RichTextBlock[]; contentTitle: string | undefined} {
  const diagnostics: Diagnostic[] = []
  const {blocks: raw, contentTitle} = convertMarkdown(markdown, {
    file: FILE,
    ...(admonitions ? {admonitions} : {}),
    ...(features ? {features} : {}),
    resolveLink: (href, line) => {
      const [target = '', hash] = href.split('#')
      if (!target.endsWith('.md')) return href
      const url = SITE_URLS[target]
      if (url) return hash ? `${url}#${hash}` : url
      diagnostics.push({file: FILE, line, message: `link to a missing file: ${href}`})
      return href
    },
    resolveImage: (src) =>
      /^https?:/.test(src)
        ? {url: src}
        : src.includes('missing')
          ? {problem: `image not found: ${src}`}
          : {_type: 'image', _sanityAsset: `image@file://./images${src.replace(/^\/(images|img)/, '')}`},
    resolveFile: (src) => (/^https?:/.test(src) ? {url: src} : {_type: 'file', _sanityAsset: `file@file://./files${src.replace(/^\/videos/, '')}`}),
    loadPartial: (specifier) => (PARTIALS[specifier] === undefined ? null : {file: 'docs/_shared.mdx', text: PARTIALS[specifier] ?? ''}),
    warn: (diagnostic) => diagnostics.push(diagnostic),
  })
  return {blocks: withoutKeys(raw) as unknown[], warnings: diagnostics.map(formatDiagnostic), raw, contentTitle}
}

/** Keys are hashes: the tests compare structure, and check keys separately. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '_key')
        .map(([key, item]) => [key, withoutKeys(item)]),
    )
  }
  return value
}

const span = (text: string, marks: string[] = []) => ({_type: 'span', text, marks})
const block = (children: unknown[], extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  style: 'normal',
  ...extra,
  markDefs: [],
  children,
})

describe('markdownToPortableText', () => {
  it('turns a heading with {#custom-id} into a heading block and a plain heading into a styled block', () => {
    const {blocks, warnings} = convert('## Joining a `room` {#joining}\n\n### Leaving\n')
    expect(blocks).toEqual([
      {_type: 'heading', level: 2, text: 'Joining a `room`', anchor: 'joining'},
      {_type: 'block', style: 'h3', markDefs: [], children: [span('Leaving')]},
    ])
    expect(warnings).toEqual([])
  })

  it('reads a heading id written as an MDX comment holding #id, as Docusaurus 3 does, and drops any other comment of a heading', () => {
    const {blocks, warnings} = convert(
      '### dependencies {/* #project-dependencies */}\n\n### grep {/* a note */}\n\n### Stage 0: Class Properties { /*#stage-0:-class-properties*/ }\n',
    )
    expect(blocks).toEqual([
      {_type: 'heading', level: 3, text: 'dependencies', anchor: 'project-dependencies'},
      {_type: 'block', style: 'h3', markDefs: [], children: [span('grep')]},
      {_type: 'block', style: 'h3', markDefs: [], children: [span('Stage 0: Class Properties')]},
    ])
    expect(warnings).toEqual([])
  })

  it('takes a level-1 heading opening the body (after imports) as the page title, as Docusaurus does', () => {
    const opening = convert("import Tabs from '@theme/Tabs';\n\n# Rooms :rocket: {#rooms}\n\nText.\n")
    expect(opening.contentTitle).toBe('Rooms 🚀')
    expect(opening.blocks).toEqual([block([span('Text.')])])
    expect(opening.warnings).toEqual([])
    // Below other text: no title heading of the page, an h1 of the text where it is written.
    const afterText = convert('Text.\n\n# Another\n')
    expect(afterText.contentTitle).toBeUndefined()
    expect(afterText.blocks).toEqual([block([span('Text.')]), {_type: 'block', style: 'h1', markDefs: [], children: [span('Another')]}])
    const afterSubheading = convert('## Setup\n\n# Another\n')
    // Not the title: an h1 of the text, where Docusaurus shows it.
    expect(afterSubheading.contentTitle).toBeUndefined()
    expect(afterSubheading.blocks[1]).toEqual({_type: 'block', style: 'h1', markDefs: [], children: [span('Another')]})
    const afterBreak = convert('Text.\n\n---\n\n# Another\n')
    expect(afterBreak.contentTitle).toBeUndefined()
  })

  it('takes the title only from a level-1 heading opening the file under Docusaurus 2, whose later h1 stays in the text as an h1', () => {
    const docusaurus2: BlockFeatures = {indentedCode: true}
    const opening = convert("import Tabs from '@theme/Tabs';\n\n# Rooms\n\nText.\n", undefined, docusaurus2)
    expect(opening.contentTitle).toBe('Rooms')
    expect(opening.blocks).toEqual([block([span('Text.')])])
    const afterQuote = convert('> **Mind**\n>\n> Only in a browser.\n\n# Usage\n\nText.\n', undefined, docusaurus2)
    expect(afterQuote.contentTitle).toBeUndefined()
    expect(afterQuote.blocks[1]).toEqual({_type: 'block', style: 'h1', markDefs: [], children: [span('Usage')]})
    expect(afterQuote.warnings).toEqual([])
  })

  it("takes the title heading after an import a site's remark plugin adds to the tree, which the file does not hold", () => {
    const source = '# Tabs for every room\n\nText.\n'
    const root = parseBody(source)
    root.children.unshift({type: 'mdxjsEsm', value: "import Tabs from '@theme/Tabs'"} as unknown as RootContent)
    const missed: string[] = []
    const converted = convertMarkdown(source, {
      file: FILE,
      preparedRoot: root,
      resolveLink: (href) => href,
      resolveImage: (src) => ({url: src}),
      warn: () => undefined,
      missed: (feature, line, missing) => missed.push(`${feature} ${line}: ${missing}`),
    })
    expect(converted.contentTitle).toBe('Tabs for every room')
    expect(converted.contentTitleOpens).toBe(true)
    expect(missed).toEqual([])
  })

  it('converts emphasis, strong, strike-through and inline code into decorators', () => {
    const {blocks} = convert('A **bold _both_** ~~gone~~ and `code`.\n')
    expect(blocks).toEqual([
      block([
        span('A '),
        span('bold ', ['strong']),
        span('both', ['strong', 'em']),
        span(' '),
        span('gone', ['strike-through']),
        span(' and '),
        span('code', ['code']),
        span('.'),
      ]),
    ])
  })

  it('resolves relative .md links to site URLs and keeps external links and anchors', () => {
    const {blocks, raw} = convert('[Other](./other.md#part), [post](../blog/post.md), [site](https://socket.io) and [here](#top).\n')
    const first = raw[0]
    if (first?._type !== 'block') throw new Error('expected a text block')
    const keys = first.markDefs.map((def) => def._key)
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [
          {_type: 'link', href: '/docs/v4/other/#part'},
          {_type: 'link', href: '/blog/post/'},
          {_type: 'link', href: 'https://socket.io'},
          {_type: 'link', href: '#top'},
        ],
        children: [
          span('Other', [keys[0] ?? '']),
          span(', '),
          span('post', [keys[1] ?? '']),
          span(', '),
          span('site', [keys[2] ?? '']),
          span(' and '),
          span('here', [keys[3] ?? '']),
          span('.'),
        ],
      },
    ])
  })

  it('reports a link to a missing markdown file with file:line and keeps the link as written', () => {
    const {blocks, warnings} = convert('Intro.\n\nSee [gone](./gone.md).\n')
    expect(warnings).toEqual(['docs/rooms.md:3: link to a missing file: ./gone.md'])
    expect((blocks[1] as {markDefs: unknown[]}).markDefs).toEqual([{_type: 'link', href: './gone.md'}])
  })

  it('converts bullet and numbered lists with nesting levels', () => {
    const {blocks} = convert('- one\n  - one.a\n- two\n\n1. first\n2. second\n')
    expect(blocks).toEqual([
      block([span('one')], {listItem: 'bullet', level: 1}),
      block([span('one.a')], {listItem: 'bullet', level: 2}),
      block([span('two')], {listItem: 'bullet', level: 1}),
      block([span('first')], {listItem: 'number', level: 1}),
      block([span('second')], {listItem: 'number', level: 1}),
    ])
  })

  it('converts a code fence with language, title and {1,3-5} highlighted lines', () => {
    const {blocks} = convert('```javascript title="server.js" {1,3-4}\na\nb\nc\nd\ne\n```\n')
    expect(blocks).toEqual([{_type: 'codeBlock', language: 'js', title: 'server.js', code: 'a\nb\nc\nd\ne', highlightedLines: [1, 3, 4]}])
  })

  it('removes highlight magic comments and turns them into highlighted lines', () => {
    const source = [
      '```js',
      'const a = 1',
      '// highlight-next-line',
      'const b = 2',
      '// highlight-start',
      'const c = 3',
      'const d = 4',
      '// highlight-end',
      'const e = 5',
      '```',
    ].join('\n')
    expect(convert(source).blocks).toEqual([
      {_type: 'codeBlock', language: 'js', code: 'const a = 1\nconst b = 2\nconst c = 3\nconst d = 4\nconst e = 5', highlightedLines: [2, 3, 4]},
    ])
  })

  it('reads magic comments only in the comment syntax Docusaurus knows for the language (SQL: -- and /* */, not //)', () => {
    const sql = convert(
      ['```sql', 'SELECT 1', '-- highlight-next-line', 'FROM tides', '/* highlight-next-line */', 'WHERE 1', '// highlight-next-line', '```'].join('\n'),
    )
    expect(sql.blocks).toEqual([{_type: 'codeBlock', language: 'sql', code: 'SELECT 1\nFROM tides\nWHERE 1\n// highlight-next-line', highlightedLines: [2, 3]}])
    const python = convert(['```python', '// highlight-next-line', 'x = 1', '# highlight-next-line', 'y = 2', '```'].join('\n'))
    expect(python.blocks).toEqual([{_type: 'codeBlock', language: 'python', code: '// highlight-next-line\nx = 1\ny = 2', highlightedLines: [3]}])
    // Any other language takes the popular ones: //, /* */, {/* */}, # and <!-- -->.
    const yaml = convert(['```yaml', '# highlight-next-line', 'a: 1', '-- highlight-next-line', '```'].join('\n'))
    expect(yaml.blocks).toEqual([{_type: 'codeBlock', language: 'yaml', code: 'a: 1\n-- highlight-next-line', highlightedLines: [1]}])
  })

  it('gives a fence without language the text language and warns about unknown languages', () => {
    expect(convert('```\nplain\n```\n').blocks).toEqual([{_type: 'codeBlock', language: 'text', code: 'plain'}])
    const unknown = convert('```cobol\nDISPLAY "HI".\n```\n')
    expect(unknown.blocks).toEqual([{_type: 'codeBlock', language: 'cobol', code: 'DISPLAY "HI".'}])
    expect(unknown.warnings).toEqual(['docs/rooms.md:1: code language "cobol" is not one the highlighter knows; it is shown as plain text'])
  })

  it("folds the usual names of the languages Docusaurus sites add to Prism onto the highlighter's, without a warning", () => {
    const fences = ['ps1', 'powershell', 'gql', 'objc', 'gradle', 'tf', 'protobuf', 'scss']
    const converted = fences.map((language) => convert(`\`\`\`${language}\nx\n\`\`\`\n`))
    expect(converted.map(({blocks}) => (blocks[0] as {language?: string} | undefined)?.language)).toEqual([
      'powershell',
      'powershell',
      'graphql',
      'objective-c',
      'groovy',
      'terraform',
      'proto',
      'scss',
    ])
    expect(converted.flatMap(({warnings}) => warnings)).toEqual([])
  })

  it('converts `:::tip Title` admonitions with nested content', () => {
    const {blocks, warnings} = convert(':::tip Use rooms\n\nJoin **one**.\n\n```js\nsocket.join("a")\n```\n\n:::\n')
    expect(blocks).toEqual([
      {
        _type: 'admonition',
        kind: 'tip',
        title: 'Use rooms',
        body: [block([span('Join '), span('one', ['strong']), span('.')]), {_type: 'codeBlock', language: 'js', code: 'socket.join("a")'}],
      },
    ])
    expect(warnings).toEqual([])
  })

  it('converts a `:::info [Title](link)` admonition, its title the link’s text (a title is text here, said in a warning)', () => {
    const {blocks, warnings} = convert(':::info [Pro feature](https://example.org/pro)\nNeeds a login:\n```\nlogin\n```\n:::\n')
    expect(blocks).toEqual([
      {_type: 'admonition', kind: 'info', title: 'Pro feature', body: [block([span('Needs a login:')]), {_type: 'codeBlock', language: 'text', code: 'login'}]},
    ])
    expect(warnings).toEqual([expect.stringMatching(/:1: the title of this :::info holds a link: the title is kept as its text, without the link/)])
  })

  it('converts `:::note[Title]` admonitions, untitled ones, and folds Docusaurus aliases onto the five kinds', () => {
    const {blocks} = convert(':::note[Read this]\nText.\n:::\n\n:::danger\nCareful.\n:::\n\n:::caution\nSlow down.\n:::\n')
    expect(blocks).toEqual([
      {_type: 'admonition', kind: 'note', title: 'Read this', body: [block([span('Text.')])]},
      {_type: 'admonition', kind: 'danger', body: [block([span('Careful.')])]},
      {_type: 'admonition', kind: 'caution', body: [block([span('Slow down.')])]},
    ])
    expect(convert(':::important\nSee.\n:::\n').blocks).toEqual([{_type: 'admonition', kind: 'info', title: 'important', body: [block([span('See.')])]}])
  })

  it('writes a table cell’s HTML <code> holding a link as the box of code Docusaurus 3 draws, its links kept; Docusaurus 2 keeps it inline', () => {
    const source =
      '| Type |\n| --- |\n| <code><a href="#options">Options</a></code> |\n| <code>Promise&lt;<a href="#result">Result</a>&gt; \\| `x`</code> |\n| <code>plain</code> |\n'
    const cells = (features?: BlockFeatures) =>
      (convert(source, undefined, features).blocks[0] as {rows: Array<{cells: string[]}>}).rows.map((row) => row.cells[0])
    // Docusaurus 3, MDX and CommonMark alike: a box; code holding text only stays inline code.
    const boxes = ['Type', '```[Options](#options)```', '```Promise<[Result](#result)> | \\`x\\````', '`plain`']
    expect(cells()).toEqual(boxes)
    expect(cells({indentedCode: true, commonMark: true})).toEqual(boxes)
    // Docusaurus 2 (MDX 1): inline code, the link written as a link of code outside the code span (markdown reads none inside one).
    const docusaurus2 = cells({indentedCode: true})
    expect([docusaurus2[1], docusaurus2[3]]).toEqual(['[`Options`](#options)', '`plain`'])
    expect(docusaurus2[2]).toMatch(/^`Promise<`\[`Result`\]\(#result\)`>/)
  })

  it('takes a paragraph apart at an HTML <code> holding a link, as Docusaurus 3 lays out the code block it draws there', () => {
    const source = '**Returns:** <code>Promise&lt;<a href="#result">Result</a>&gt;</code> and more.\n\nOnly <code>text</code> here.\n'
    expect(convert(source, undefined, {indentedCode: true, commonMark: true}).blocks).toEqual([
      block([span('Returns:', ['strong'])]),
      {
        _type: 'block',
        style: 'codeBox',
        children: [span('Promise<'), span('Result', [expect.stringMatching(/^link-/)]), span('>')],
        markDefs: [{_type: 'link', href: '#result'}],
      },
      block([span('and more.')]),
      block([span('Only '), span('text', ['code']), span(' here.')]),
    ])
    // Docusaurus 2 keeps such code in its paragraph.
    expect(convert(source, undefined, {indentedCode: true}).blocks).toHaveLength(2)
  })

  it('converts a GFM table with alignment into rows of inline markup cells', () => {
    const {blocks} = convert('| Name | Default |\n|:-----|------:|\n| `path` | [docs](./other.md) |\n| **x** | none |\n')
    expect(blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Name', 'Default']},
          {_type: 'tableRow', cells: ['`path`', '[docs](/docs/v4/other/)']},
          {_type: 'tableRow', cells: ['**x**', 'none']},
        ],
        align: ['left', 'right'],
      },
    ])
  })

  it('turns a paragraph of images into image blocks and keeps images inside text inline', () => {
    expect(convert('![A diagram](/images/rooms.png "Rooms")\n').blocks).toEqual([
      {_type: 'themedImage', light: {_type: 'image', _sanityAsset: 'image@file://./images/rooms.png'}, alt: 'A diagram', caption: 'Rooms'},
    ])
    expect(convert('Before ![badge](https://img.example/b.svg) after.\n').blocks).toEqual([
      block([span('Before '), {_type: 'inlineImage', url: 'https://img.example/b.svg', alt: 'badge'}, span(' after.')]),
    ])
  })

  it('keeps a remote image remote and an image inside a link as a linked image', () => {
    expect(convert('[![Logo](/images/logo.png)](https://socket.io)\n').blocks).toEqual([
      {_type: 'themedImage', light: {_type: 'image', _sanityAsset: 'image@file://./images/logo.png'}, alt: 'Logo', href: 'https://socket.io'},
    ])
    expect(convert('![Remote](https://cdn.example/x.png)\n').blocks).toEqual([{_type: 'themedImage', lightUrl: 'https://cdn.example/x.png', alt: 'Remote'}])
  })

  it('reads raw <img> like a markdown image, with its size, and JSX attributes (useBaseUrl, require)', () => {
    expect(convert('<img src="/images/chat.png" alt="Chat" width="300" />\n').blocks).toEqual([
      {_type: 'themedImage', light: {_type: 'image', _sanityAsset: 'image@file://./images/chat.png'}, alt: 'Chat', width: '300'},
    ])
    expect(convert('<img src={useBaseUrl(\'/img/logo.png\')} alt="Logo" />\n').blocks).toEqual([
      {_type: 'themedImage', light: {_type: 'image', _sanityAsset: 'image@file://./images/logo.png'}, alt: 'Logo'},
    ])
    expect(jsxAttributesToHtml("<img src={require('./a.png').default} style={{width: 200, color: 'red'}} onClick={go} />")).toBe(
      '<img src="./a.png" style="width: 200px; color: red" />',
    )
  })

  it('keeps a missing image verbatim with a warning', () => {
    const {blocks, warnings} = convert('![Gone](/images/missing.png)\n')
    expect(blocks).toEqual([
      {_type: 'unconverted', source: '![Gone](/images/missing.png)', reason: 'image not found: /images/missing.png', location: 'docs/rooms.md:1'},
    ])
    expect(warnings).toEqual(['docs/rooms.md:1: image not found: /images/missing.png; kept verbatim in a "not converted" block'])
  })

  it('converts <ThemedImage> with light and dark sources (useBaseUrl included) and ignores its import', () => {
    const source = [
      "import ThemedImage from '@theme/ThemedImage';",
      "import useBaseUrl from '@docusaurus/useBaseUrl';",
      '',
      "<ThemedImage alt=\"Flow\" sources={{light: useBaseUrl('/images/flow.png'), dark: '/images/flow-dark.png'}} />",
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(blocks).toEqual([
      {
        _type: 'themedImage',
        light: {_type: 'image', _sanityAsset: 'image@file://./images/flow.png'},
        dark: {_type: 'image', _sanityAsset: 'image@file://./images/flow-dark.png'},
        alt: 'Flow',
      },
    ])
    expect(warnings).toEqual([])
  })

  it('converts Tabs/TabItem with groupId, labels, the default tab and markdown inside', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '<Tabs groupId="lang">',
      '  <TabItem value="js" label="JavaScript" default>',
      '',
      '```js',
      'socket.emit("hi")',
      '```',
      '',
      '  </TabItem>',
      '  <TabItem value="ts" label="TypeScript">',
      'Typed **events**.',
      '  </TabItem>',
      '</Tabs>',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(blocks).toEqual([
      {
        _type: 'tabs',
        groupId: 'lang',
        panels: [
          {_type: 'tabPanel', value: 'js', label: 'JavaScript', isDefault: true, body: [{_type: 'codeBlock', language: 'js', code: 'socket.emit("hi")'}]},
          {_type: 'tabPanel', value: 'ts', label: 'TypeScript', body: [block([span('Typed '), span('events', ['strong']), span('.')])]},
        ],
      },
    ])
    expect(warnings).toEqual([])
  })

  it('keeps HTML tables and lists as raw HTML, converts the content of HTML containers, and a thematic break as <hr />', () => {
    const {blocks} = convert('<div class="note">\n  <p>Hi <b>there</b></p>\n</div>\n\n<table><tr><td><b>YES</b><sup>1</sup></td></tr></table>\n\n---\n')
    expect(blocks).toEqual([
      block([span('Hi '), span('there', ['strong'])]),
      {_type: 'rawHtml', html: '<table><tr><td><b>YES</b><sup>1</sup></td></tr></table>'},
      {_type: 'rawHtml', html: '<hr />'},
    ])
  })

  it('turns an allowed <iframe> into an embed', () => {
    const {blocks, warnings} = convert('<iframe src="/embeds/chat.html" title="Chat demo" height="450"></iframe>\n')
    expect(blocks).toEqual([{_type: 'embed', url: '/embeds/chat.html', title: 'Chat demo', height: 450}])
    expect(warnings).toEqual([])
  })

  it('shows an iframe of another host as a link to its page, and a YouTube one as an allowed embed', () => {
    const {blocks, warnings} = convert('Text.\n\n<iframe src="https://demo.example/chat" title="Chat demo"></iframe>\n')
    const link = blocks[1] as {markDefs: unknown[]; children: unknown[]}
    expect(link.markDefs).toEqual([{_type: 'link', href: 'https://demo.example/chat'}])
    expect(link.children).toEqual([span('Chat demo (demo.example)', ['link-embed'])])
    expect(warnings).toEqual([
      'docs/rooms.md:3: an iframe of demo.example is shown as a link to the page (embeds are allowed from the hosts of the content model only)',
    ])
    expect(convert('<iframe src="https://www.youtube.com/embed/abc" title="Talk" height="315"></iframe>\n').blocks).toEqual([
      {_type: 'embed', url: 'https://www.youtube-nocookie.com/embed/abc', title: 'Talk', height: 315},
    ])
  })

  it("makes Docusaurus's Link in a line of text a link to its `to` (or `href`), with no warning", () => {
    const {blocks, warnings} = convert(
      'import Link from \'@docusaurus/Link\'\n\nRead <Link to="/docs/intro">the intro</Link>, then <Link href="https://tools.example">the **tools**</Link>.\n\n<Link to="/docs/start">Start here</Link>\n',
    )
    expect(warnings).toEqual([])
    expect(blocks).toHaveLength(2)
    type Paragraph = {markDefs: {_type: string; href: string}[]; children: {text: string; marks: string[]}[]}
    const own = blocks[1] as Paragraph
    expect(own.markDefs).toEqual([{_type: 'link', href: '/docs/start'}])
    expect(own.children).toEqual([span('Start here', [expect.stringMatching(/^link-/)])])
    const paragraph = blocks[0] as Paragraph
    expect(paragraph.markDefs.map(({_type, href}) => ({_type, href}))).toEqual([
      {_type: 'link', href: '/docs/intro'},
      {_type: 'link', href: 'https://tools.example'},
    ])
    expect(paragraph.children.map(({text, marks}) => [text, marks.length])).toEqual([
      ['Read ', 0],
      ['the intro', 1],
      [', then ', 0],
      ['the ', 1],
      ['tools', 2],
      ['.', 0],
    ])
  })

  it('turns <!-- truncate --> into a readMore block', () => {
    expect(convert('Preview.\n\n<!-- truncate -->\n\nRest.\n').blocks).toEqual([block([span('Preview.')]), {_type: 'readMore'}, block([span('Rest.')])])
  })

  it('keeps the content of a component of the site, warning with file:line', () => {
    const source =
      'import Sponsors from \'@site/src/components/Sponsors\';\n\nIntro.\n\n<Sponsors tier="gold">\n\nThanks to **them**.\n\n</Sponsors>\n\nAfter.\n'
    const {blocks, warnings} = convert(source)
    expect(blocks).toEqual([block([span('Intro.')]), block([span('Thanks to '), span('them', ['strong']), span('.')]), block([span('After.')])])
    expect(warnings).toEqual([
      'docs/rooms.md:1: imports Sponsors from @site/src/components/Sponsors: components of the site are not imported (their content is kept where they are used)',
      "docs/rooms.md:5: <Sponsors> is a component of the site's own, which cannot be imported: its content is kept without it",
    ])
  })

  it('drops MDX export lines with a warning at their own line, and theme imports silently', () => {
    const {blocks, warnings} = convert("import TOCInline from '@theme/TOCInline';\nexport function year() { return 2024 }\n\nText.\n")
    expect(blocks).toEqual([block([span('Text.')])])
    expect(warnings).toEqual(['docs/rooms.md:2: an MDX export is JavaScript of the page, not content: not imported'])
  })

  it('prints an exported constant where the text uses it, as MDX does, and leaves code spans alone', () => {
    const source =
      "export const minimumNode = 18;\nexport const host = 'relay.example.test';\n\n# Needs Node {minimumNode}\n\nNode {minimumNode} or later, on {host}; `{minimumNode}` in code; {unknown} stays.\n"
    const {blocks, warnings, contentTitle} = convert(source)
    expect(warnings).toEqual([])
    expect(contentTitle).toBe('Needs Node 18')
    expect(blocks).toEqual([block([span('Node 18 or later, on relay.example.test; '), span('{minimumNode}', ['code']), span(' in code; {unknown} stays.')])])
  })

  it('reports each import of a site component at the line of its own import statement', () => {
    const {warnings} = convert(
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Callout from '@site/src/components/Callout';\n\nText.\n",
    )
    expect(warnings).toEqual([
      'docs/rooms.md:3: imports Callout from @site/src/components/Callout: components of the site are not imported (their content is kept where they are used)',
    ])
  })

  it('checks the markdown file of a link definition no link uses, as Docusaurus does', () => {
    const {blocks, warnings} = convert('See [the other page][other].\n\n[other]: ./other.md\n[legacy]: ./legacy.md\n[site]: https://example.org/x.md\n')
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [{_type: 'link', href: '/docs/v4/other/'}],
        children: [span('See '), span('the other page', [expect.stringMatching(/^link-/)]), span('.')],
      },
    ])
    expect(warnings).toEqual(['docs/rooms.md:4: link to a missing file: ./legacy.md'])
  })

  it('reads inline tags with JSX attributes in a line of text as the elements they are', () => {
    const {blocks, warnings} = convert(
      "A <span style={{color: 'crimson', fontWeight: 700}}>red</span> word, `<b x={1}>` in code and <abbr title={'acknowledgement'}>ack</abbr>.\n",
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [
          {_type: 'inlineElement', tag: 'span', style: 'color: crimson; font-weight: 700'},
          {_type: 'inlineElement', tag: 'abbr', title: 'acknowledgement'},
        ],
        children: [
          span('A '),
          span('red', [expect.stringMatching(/^el-/)]),
          span(' word, '),
          span('<b x={1}>', ['code']),
          span(' in code and '),
          span('ack', [expect.stringMatching(/^el-/)]),
          span('.'),
        ],
      },
    ])
  })

  it('keeps the class of a <div> inside a heading’s line (a badge the site’s CSS draws inline) as a span’s', () => {
    const {blocks, warnings} = convert('#### `cacheDirectory` <div class="label deprecated">Deprecated</div>\n')
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      expect.objectContaining({
        style: 'h4',
        markDefs: [{_type: 'inlineElement', tag: 'span', className: 'label deprecated'}],
        children: [span('cacheDirectory', ['code']), span(' '), span('Deprecated', [expect.stringMatching(/^el-/)])],
      }),
    ])
  })

  it('draws a link with Infima button classes as the site’s button: primary, or secondary for the secondary and outline ones', () => {
    const {blocks, warnings} = convert(
      '<a className="button button--primary button--lg" href="https://app.example.com/trial">Start a trial</a> or <a class="button button--outline button--secondary" href="./other.md">read more</a>, or [a plain link](https://example.com).\n',
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      expect.objectContaining({
        markDefs: [
          {_type: 'link', href: 'https://app.example.com/trial', look: 'button'},
          {_type: 'link', href: '/docs/v4/other/', look: 'button-secondary'},
          {_type: 'link', href: 'https://example.com'},
        ],
      }),
    ])
  })

  it("gives a code block that names no language the site's default (themeConfig.prism.defaultLanguage), as Docusaurus does", () => {
    const markdown =
      "```\n<View accessible />\n```\n\n```bash\nnpm start\n```\n\nimport CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock>{'<Text />'}</CodeBlock>\n"
    const languages = (features?: BlockFeatures) => convert(markdown, undefined, features).raw.map((block) => (block as {language?: string}).language)
    expect(languages({defaultCodeLanguage: 'tsx'})).toEqual(['tsx', 'bash', 'tsx'])
    expect(languages()).toEqual(['text', 'bash', 'text'])
  })

  it('takes the text of a JSX summary prop of <Details> as the summary', () => {
    const {blocks, warnings} = convert(
      "import Details from '@theme/Details';\n\n<Details summary={<summary>Why <code>retry</code> :tada:?</summary>}>\n\nBecause.\n\n</Details>\n",
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([{_type: 'details', summary: 'Why `retry` 🎉?', body: [block([span('Because.')])]}])
  })

  it('nests tabs in tabs, tabs in admonitions, admonitions in tabs and in admonitions, at any depth', () => {
    const source = [
      '::::info Outer',
      '',
      ':::tip Inner',
      'Deep.',
      ':::',
      '',
      '<Tabs groupId="os">',
      '  <TabItem value="linux" label="Linux">',
      '',
      '<Tabs>',
      '  <TabItem value="npm" label="npm" default>',
      '',
      ':::warning',
      'Careful.',
      ':::',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '::::',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'admonition',
        kind: 'info',
        title: 'Outer',
        body: [
          {_type: 'admonition', kind: 'tip', title: 'Inner', body: [block([span('Deep.')])]},
          {
            _type: 'tabs',
            groupId: 'os',
            panels: [
              {
                _type: 'tabPanel',
                value: 'linux',
                label: 'Linux',
                body: [
                  {
                    _type: 'tabs',
                    panels: [
                      {
                        _type: 'tabPanel',
                        value: 'npm',
                        label: 'npm',
                        isDefault: true,
                        body: [{_type: 'admonition', kind: 'warning', body: [block([span('Careful.')])]}],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ])
  })

  it('ends a list at a component tag on an indented line, as Docusaurus 2 reads it', () => {
    const source = '<Tabs>\n  <TabItem value="a" label="A">\n\n- one\n- two\n\n\n  </TabItem>\n  <TabItem value="b" label="B">\n\nB.\n\n  </TabItem>\n</Tabs>\n'
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect((blocks[0] as {panels: Array<{label: string; body: unknown[]}>}).panels.map((panel) => [panel.label, panel.body.length])).toEqual([
      ['A', 2],
      ['B', 1],
    ])
  })

  it('converts <details> with its summary and markdown inside (list, code, table), open or not', () => {
    const source =
      '<details className="changelog">\n    <summary>History of `emit`</summary>\n\n| Version | Changes |\n|---|---|\n| v4.5.0 | acks |\n\n- a **point**\n\n```js\nio.emit("x")\n```\n\n</details>\n'
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'details',
        summary: 'History of `emit`',
        className: 'changelog',
        body: [
          {
            _type: 'table',
            rows: [
              {_type: 'tableRow', cells: ['Version', 'Changes']},
              {_type: 'tableRow', cells: ['v4.5.0', 'acks']},
            ],
            align: ['none', 'none'],
          },
          block([span('a '), span('point', ['strong'])], {listItem: 'bullet', level: 1}),
          {_type: 'codeBlock', language: 'js', code: 'io.emit("x")'},
        ],
      },
    ])
    expect(convert('<details open>\n<summary>More</summary>\n\nText.\n\n</details>\n').blocks).toEqual([
      {_type: 'details', summary: 'More', open: true, body: [block([span('Text.')])]},
    ])
  })

  it('converts a <details> indented in a numbered list item, with its code fence between blank lines, as one details holding the code', () => {
    const source = [
      'Two checks:',
      '',
      '1. The guard is total,',
      '    <details>',
      '    <summary>How it is checked</summary>',
      '    <p>',
      '',
      '    ```js',
      '    check(guard)',
      '    ```',
      '',
      '    </p>',
      '    </details>',
      '2. The loop ends.',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      block([span('Two checks:')]),
      block([span('The guard is total,')], {listItem: 'number', level: 1}),
      // Inside the first item, so that the list numbers on.
      {_type: 'details', summary: 'How it is checked', listLevel: 1, body: [{_type: 'codeBlock', language: 'js', code: 'check(guard)'}]},
      block([span('The loop ends.')], {listItem: 'number', level: 1}),
    ])
  })

  it("draws Docusaurus's Link with Infima's button classes on a line of its own as the site's button, outside any paragraph", () => {
    const source = [
      "import Link from '@docusaurus/Link';",
      '',
      '<Link class="button button--primary" to="https://example.org/kites">Visit the kite shop</Link>',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toMatchObject([
      {style: 'line', markDefs: [{_type: 'link', href: 'https://example.org/kites', look: 'button'}], children: [{text: 'Visit the kite shop'}]},
    ])
  })

  it('makes the text an element holds at the start of a list item the text of that item', () => {
    const source = [
      '1. Unpack the kite.',
      '',
      '2. <div>',
      '    <small>',
      '    <p>',
      '      On calm days, wait for wind.',
      '    </p>',
      '',
      '    ```bash',
      '    fly --now',
      '    ```',
      '',
      '    </small>',
      '    </div>',
      '',
      '3. Land.',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      block([span('Unpack the kite.')], {listItem: 'number', level: 1}),
      block([span('On calm days, wait for wind.')], {listItem: 'number', level: 1}),
      {_type: 'codeBlock', language: 'bash', code: 'fly --now', listLevel: 1},
      block([span('Land.')], {listItem: 'number', level: 1}),
    ])
  })

  it('keeps the marks, links and math of an HTML heading written over several lines', () => {
    const source = ['<div>', '    <h4 style={{textAlign: "center"}}>', '      (b) The **tidal** model $T_f(P)$', '    </h4>', '</div>', ''].join('\n')
    const {blocks, warnings} = convert(source, undefined, {math: true})
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'block',
        style: 'h4',
        markDefs: [],
        children: [span('(b) The '), span('tidal', ['strong']), span(' model '), {_type: 'mathInline', tex: 'T_f(P)'}],
      },
    ])
  })

  it('ends a paragraph at a line of tags alone and reads the lines an element holds as a paragraph in it, as MDX 3 does', () => {
    const source = [
      'Tides turn twice a day.',
      'Check the tables.',
      '<small>',
      'Times are local.',
      '</small>',
      '',
      '<small>',
      'Note: tables change yearly.',
      '</small>',
      '',
      '<small>One line, no paragraph.</small>',
      '',
      'Wind first',
      '<br />',
      'then waves.',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    const small = [{_type: 'inlineElement', tag: 'small'}]
    const marked = (text: string) => ({...span(text), marks: [expect.stringMatching(/^el-/)]})
    expect(blocks).toMatchObject([
      block([span('Tides turn twice a day. Check the tables.')]),
      {style: 'normal', markDefs: small, children: [marked('Times are local.')]},
      {style: 'normal', markDefs: small, children: [marked('Note: tables change yearly.')]},
      {style: 'line', markDefs: small, children: [marked('One line, no paragraph.')]},
      block([span('Wind first')]),
      block([span('then waves.')]),
    ])
  })

  it('leaves out an empty element of an XML namespace on its own, which draws nothing, with a warning', () => {
    const {blocks, warnings} = convert(['Tags with a namespace throw, as in:', '', '    <kite:tail />', '', 'They are refused.', ''].join('\n'))
    expect(blocks).toEqual([block([span('Tags with a namespace throw, as in:')]), block([span('They are refused.')])])
    expect(warnings).toEqual([`${FILE}:3: <kite:tail /> is an element of an XML namespace, which a browser draws as nothing (in Docusaurus too): left out`])
  })

  it('reads a table whose delimiter row has fewer cells than its header under Docusaurus 2, as remark-parse 8 does, and not under GFM', () => {
    const source = ['| Port | Use |   |', '|------|-----|', '| 853 | `tls` | [Open](https://example.org/open) |', ''].join('\n')
    const docusaurus2 = convert(source, undefined, {indentedCode: true})
    expect(docusaurus2.warnings).toEqual([])
    expect(docusaurus2.blocks).toEqual([
      {
        _type: 'table',
        // The delimiter row's two columns: the cells beyond them are left out, as remark-parse 8 draws the table.
        rows: [
          {_type: 'tableRow', cells: ['Port', 'Use']},
          {_type: 'tableRow', cells: ['853', '`tls`']},
        ],
        align: ['none', 'none'],
      },
    ])
    // GFM (Docusaurus 3) needs as many cells in both rows: the lines are a paragraph there.
    expect(convert(source).blocks).toMatchObject([{_type: 'block', style: 'normal'}])
  })

  it('keeps a form demo of several elements, the first opening on its own line, as one line without paragraph', () => {
    const source = ['<div>', '<label>', '  <input type="checkbox" /> Wind alerts', '</label>', '<br/>', '<button>Save</button>', '</div>', ''].join('\n')
    const {blocks} = convert(source)
    expect(blocks).toMatchObject([{_type: 'block', style: 'line', children: [{text: 'Wind alerts \nSave'}]}])
  })

  it('shows what a JSX fragment holds, never its `<>` and `</>` lines, as MDX does', () => {
    const source = ['Tide tables:', '', '<>', '    <table>', '        <tr><td>High</td></tr>', '    </table>', '</>', '', 'After the tables.', ''].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      block([span('Tide tables:')]),
      {_type: 'rawHtml', html: '<table>\n        <tr><td>High</td></tr>\n    </table>'},
      block([span('After the tables.')]),
    ])
  })

  it('keeps a <details> and tabs whose tags are indented by two spaces in their bullet item, and the text after them too', () => {
    const source = [
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '- Pick the tide tables:',
      '',
      '  <details>',
      '  <summary>Morning</summary>',
      '',
      '  ```js',
      '  tide("am")',
      '  ```',
      '  </details>',
      '',
      '  Both tables are local times.',
      '- Write the config:',
      '',
      '  <Tabs groupId="formats">',
      '  <TabItem value="js" label="tide.config.js" default>',
      '',
      '  ```js',
      '  export default {}',
      '  ```',
      '',
      '  </TabItem>',
      '  </Tabs>',
      '  **tide.config.js**',
      '',
      '- Sail.',
      '',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    const tideCode = {_type: 'codeBlock', language: 'js', code: 'tide("am")'}
    const configCode = {_type: 'codeBlock', language: 'js', code: 'export default {}'}
    expect(blocks).toEqual([
      block([span('Pick the tide tables:')], {listItem: 'bullet', level: 1}),
      {_type: 'details', summary: 'Morning', listLevel: 1, body: [tideCode]},
      block([span('Both tables are local times.')], {listItem: 'bullet', level: 1, style: 'listParagraph'}),
      block([span('Write the config:')], {listItem: 'bullet', level: 1}),
      {
        _type: 'tabs',
        groupId: 'formats',
        listLevel: 1,
        panels: [{_type: 'tabPanel', value: 'js', label: 'tide.config.js', isDefault: true, body: [configCode]}],
      },
      block([span('tide.config.js', ['strong'])], {listItem: 'bullet', level: 1, style: 'listParagraph'}),
      block([span('Sail.')], {listItem: 'bullet', level: 1}),
    ])
  })

  it('reads text indented by four spaces inside a component as text and an indented fence as code, as MDX does (Docusaurus 3)', () => {
    const source = [
      '<details>',
      '    <summary>Why the tide matters</summary>',
      '',
      '    The boat leaves two hours before high water.',
      '    Check the table first:',
      '',
      '    ```bash',
      '    tides --port harbour',
      '    ```',
      '',
      '</details>',
      '',
      '1. Pack the lines:',
      '    ```text',
      '    two bowlines',
      '    ```',
      '',
    ].join('\n')
    expect(convert(source).blocks).toEqual([
      {
        _type: 'details',
        summary: 'Why the tide matters',
        body: [
          block([span('The boat leaves two hours before high water. Check the table first:')]),
          {_type: 'codeBlock', language: 'bash', code: 'tides --port harbour'},
        ],
      },
      block([span('Pack the lines:')], {listItem: 'number', level: 1}),
      // The fence is indented under the item: it stands inside it.
      {_type: 'codeBlock', language: 'text', code: 'two bowlines', listLevel: 1},
    ])
  })

  it('keeps CommonMark’s indented code where the site’s markdown has it (Docusaurus 2, .md files under format: detect)', () => {
    const source = 'Run it:\n\n    tides --port harbour\n'
    expect(convert(source, undefined, {indentedCode: true}).blocks).toEqual([
      block([span('Run it:')]),
      {_type: 'codeBlock', language: 'text', code: 'tides --port harbour'},
    ])
    expect(convert(source).blocks).toEqual([block([span('Run it:')]), block([span('tides --port harbour')])])
  })

  it('converts <video> with its sources and attributes, also when written inside a line', () => {
    expect(
      convert(
        '<video controls autoplay="" loop width="100%"><source src="/videos/demo.mp4" type="video/mp4" /><source src="https://cdn.example/demo.webm" /></video>\n',
      ).blocks,
    ).toEqual([
      {
        _type: 'video',
        sources: [
          {_type: 'videoSource', file: {_type: 'file', _sanityAsset: 'file@file://./files/demo.mp4'}, mimeType: 'video/mp4'},
          {_type: 'videoSource', url: 'https://cdn.example/demo.webm'},
        ],
        controls: true,
        autoPlay: true,
        loop: true,
        width: '100%',
      },
    ])
  })

  it('keeps the text a <video> shows where it cannot play, with its link, as Docusaurus renders it', () => {
    const {blocks} = convert(
      '<video controls>\n  <source src="/videos/demo.mp4" type="video/mp4" />\n  Your browser cannot play it; <a href="/videos/demo.mp4">download it</a> instead.\n</video>\n',
    )
    expect(blocks).toEqual([
      {
        _type: 'video',
        sources: [{_type: 'videoSource', file: {_type: 'file', _sanityAsset: 'file@file://./files/demo.mp4'}, mimeType: 'video/mp4'}],
        fallback: 'Your browser cannot play it; [download it](/videos/demo.mp4) instead.',
        controls: true,
      },
    ])
  })

  it('reads inline HTML as Docusaurus renders it: decorators, styled spans, abbreviations, line breaks', () => {
    const {raw, blocks, warnings} = convert(
      'A <span class="badge" style="color: red">new</span> <sup>1</sup> <sub>2</sub> <kbd>Ctrl</kbd><br/>next <mark>line</mark> <abbr title="WebSocket">WS</abbr> <u>u</u>.\n',
    )
    expect(warnings).toEqual([])
    const first = raw[0]
    if (first?._type !== 'block') throw new Error('expected a text block')
    const [spanMark, abbrMark] = first.markDefs.map((def) => def._key)
    expect(first.markDefs.map(({_key, ...rest}) => rest)).toEqual([
      {_type: 'inlineElement', tag: 'span', className: 'badge', style: 'color: red'},
      {_type: 'inlineElement', tag: 'abbr', title: 'WebSocket'},
    ])
    expect((blocks[0] as {children: unknown[]}).children).toEqual([
      span('A '),
      span('new', [spanMark ?? '']),
      span(' '),
      span('1', ['sup']),
      span(' '),
      span('2', ['sub']),
      span(' '),
      span('Ctrl', ['kbd']),
      span('\nnext '),
      span('line', ['mark']),
      span(' '),
      span('WS', [abbrMark ?? '']),
      span(' '),
      span('u', ['underline']),
      span('.'),
    ])
  })

  it('renders emoji shortcodes as Docusaurus does, outside code', () => {
    expect(convert('Done :white_check_mark: and `:x:` :not_an_emoji:\n').blocks).toEqual([
      block([span('Done ✅ and '), span(':x:', ['code']), span(' :not_an_emoji:')]),
    ])
    expect(convert('| ok |\n|---|\n| :rocket: `:x:` |\n').blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['ok']},
          {_type: 'tableRow', cells: ['🚀 `:x:`']},
        ],
        align: ['none'],
      },
    ])
  })

  it('converts theme components: TOCInline, Admonition, CodeBlock, DocCardList', () => {
    const source = [
      "import TOCInline from '@theme/TOCInline';",
      "import Admonition from '@theme/Admonition';",
      "import CodeBlock from '@theme/CodeBlock';",
      '',
      '<TOCInline toc={toc} minHeadingLevel={2} maxHeadingLevel={4} />',
      '',
      '<Admonition type="tip" title="Hint">',
      '',
      'Use **rooms**.',
      '',
      '</Admonition>',
      '',
      '<CodeBlock language="jsx" title="/src/app.js">{`const a = 1',
      'console.log(a)`}</CodeBlock>',
      '',
      '<DocCardList />',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {_type: 'tocInline', minLevel: 2, maxLevel: 4},
      {_type: 'admonition', kind: 'tip', title: 'Hint', body: [block([span('Use '), span('rooms', ['strong']), span('.')])]},
      {_type: 'codeBlock', language: 'jsx', title: '/src/app.js', code: 'const a = 1\nconsole.log(a)'},
      {_type: 'docCardList'},
    ])
  })

  it('keeps the cards a <DocCardList> lists itself, its links resolved; other items expressions leave the category’s cards, with a warning', () => {
    const source = [
      "import DocCardList from '@theme/DocCardList';",
      '',
      '<DocCardList items={[',
      "  {type: 'link', label: 'Other', href: './other.md'},",
      "  {type: 'link', label: 'Elsewhere', href: 'https://example.org/guide', description: 'A guide of another site'},",
      ']} />',
      '',
      '<DocCardList items={useCurrentSidebarCategory().items} />',
    ].join('\n')
    const {blocks, warnings} = convert(source)
    expect(blocks).toEqual([
      {
        _type: 'docCardList',
        items: [
          {_type: 'docCard', label: 'Other', href: '/docs/v4/other/'},
          {_type: 'docCard', label: 'Elsewhere', href: 'https://example.org/guide', description: 'A guide of another site'},
        ],
      },
      {_type: 'docCardList'},
    ])
    expect(warnings).toEqual([
      'docs/rooms.md:8: <DocCardList items={…}>: the items are not a list of links written out (label and href): the cards of the doc’s sidebar category are shown',
    ])
  })

  it('keeps an empty code fence as the empty code box Docusaurus shows, not as a "not converted" block', () => {
    const {blocks, warnings} = convert('Appears to the runtime as\n\n```js\n\n```\n\nand nothing else.\n')
    expect(warnings).toEqual([])
    expect(blocks).toEqual([block([span('Appears to the runtime as')]), {_type: 'codeBlock', language: 'js', code: ' '}, block([span('and nothing else.')])])
  })

  it('inlines a markdown partial where it is used', () => {
    const {blocks, warnings} = convert("import Shared from './_shared.mdx';\n\n<Shared />\n")
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      block([span('Shared '), span('text', ['strong']), span('.')]),
      {_type: 'admonition', kind: 'note', body: [block([span('From the partial.')])]},
    ])
  })

  it("evaluates a partial's expressions of its props with the values its use writes, as MDX does, and names those it cannot", () => {
    const {blocks, warnings} = convert("import Section from './_section.mdx';\n\n<Section section=\"heartbeat\" file='site.config.js' />\n")
    expect(blocks).toEqual([
      block([span('The heartbeat settings go in the site.config.js file.')]),
      {_type: 'codeBlock', language: 'js', title: 'site.config.js', code: 'export default {\n  heartbeat: {},\n}'},
      block([span('Not {props.missing.deeper} here, nor {props.section + window.name}.')]),
    ])
    expect(warnings).toEqual([
      'docs/_shared.mdx:15: {props.missing.deeper} failed with the props {"section":"heartbeat","file":"site.config.js"}: Cannot read properties of undefined (reading \'deeper\'); kept as written (props of <Section> in docs/rooms.md:3)',
      "docs/_shared.mdx:15: {props.section + window.name} reads window beside the partial's props, which the import cannot evaluate; kept as written (props of <Section> in docs/rooms.md:3)",
    ])
  })

  it('shows the markup of a partial whose condition on its props holds, and code with a prop inside its text', () => {
    const watch = (use: string) => convert(`import Watch from './_watch.mdx';\n\n${use}\n`)
    const local = watch('<Watch harbour="north" local />')
    expect(local.warnings).toEqual([])
    expect(local.blocks).toEqual([
      block([span('Start the '), span('tide server', ['strong']), span(' first:')]),
      {_type: 'codeBlock', language: 'bash', code: 'tides serve\n> listening on 4000'},
      {_type: 'codeBlock', language: 'sh', code: 'tides watch --harbour north'},
    ])
    const remote = watch("<Watch harbour={'south'} />")
    expect(remote.warnings).toEqual([])
    expect(remote.blocks).toEqual([{_type: 'codeBlock', language: 'sh', code: 'tides watch --harbour south'}])
  })

  it('shows the content of a ::: block with a keyword Docusaurus does not know as plain text, without the ::: lines, with a warning', () => {
    // Docusaurus 3 renders it as a plain <div> around its content and warns about an unused directive.
    const {blocks, warnings} = convert('Before.\n\n:::quiz\n\nWhat is a room?\n\n:::\n')
    expect(blocks).toEqual([block([span('Before.')]), block([span('What is a room?')])])
    expect(warnings).toEqual([
      'docs/rooms.md:3: :::quiz is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)',
    ])
  })

  it('shows a keyword the config adds (admonitions.keywords) as an info box, as Docusaurus does without a theme component for it, with a warning', () => {
    // Docusaurus 3.10 logs 'No admonition component found for admonition type "security". Using Info as fallback.'
    const added: AdmonitionKeywords = {keywords: ['security'], extendDefaults: true, file: 'docusaurus.config.ts', field: 'docs.admonitions'}
    const {blocks, warnings} = convert(
      ':::security\n\nSign each heartbeat.\n\n:::\n\n:::security[Signed heartbeats]\n\nKeep the key secret.\n\n:::\n\n:::note\n\nStill a note.\n\n:::\n',
      added,
    )
    expect(blocks).toEqual([
      {_type: 'admonition', kind: 'info', body: [block([span('Sign each heartbeat.')])]},
      {_type: 'admonition', kind: 'info', title: 'Signed heartbeats', body: [block([span('Keep the key secret.')])]},
      {_type: 'admonition', kind: 'note', body: [block([span('Still a note.')])]},
    ])
    const message =
      ":::security is a keyword the config adds (docusaurus.config.ts, docs.admonitions.keywords): shown as an info box, as Docusaurus shows a keyword its theme has no component for; a component of the site's theme for it is not imported"
    expect(warnings).toEqual([`docs/rooms.md:1: ${message}`, `docs/rooms.md:7: ${message}`])
  })

  it('knows only the configured keywords when admonitions.extendDefaults is false: a default keyword is plain text, as in Docusaurus', () => {
    const only: AdmonitionKeywords = {keywords: ['security'], extendDefaults: false, file: 'docusaurus.config.ts', field: 'docs.admonitions'}
    const {blocks, warnings} = convert(':::note\n\nNot a box.\n\n:::\n', only)
    expect(blocks).toEqual([block([span('Not a box.')])])
    expect(warnings).toEqual([
      'docs/rooms.md:1: :::note is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)',
    ])
  })

  it('shows `key:value` text that remark-directive reads as a directive as it was written', () => {
    expect(convert('Use host:port here.\n').blocks).toEqual([block([span('Use host:port here.')])])
  })

  it('reports a tag that is never closed and keeps what follows it', () => {
    const {blocks, warnings} = convert('<Tabs>\n<TabItem value="a">\n\nText.\n')
    expect(warnings).toContain('docs/rooms.md:1: <Tabs> is never closed; its content is kept up to the end of what contains it')
    expect(JSON.stringify(blocks)).toContain('Text.')
  })

  it('gives every array item a deterministic _key', () => {
    const markdown = '## A {#a}\n\nText with [link](https://x.dev).\n\n- one\n- one\n'
    const first = convert(markdown).raw
    const second = convert(markdown).raw
    expect(second).toEqual(first)
    const keys = JSON.stringify(first).match(/"_key":"[^"]+"/g) ?? []
    expect(keys.length).toBe(10) // heading; block, link, 3 spans; 2 list blocks with a span each
    // Two identical list items still get different keys.
    expect(first[2]?._key).not.toBe(first[3]?._key)
  })
})
