// Each markdown construct of content/README.md → the exact Portable Text the importer writes.
import {describe, expect, it} from 'vitest'
import {type Diagnostic, formatDiagnostic} from '../diagnostics'
import {markdownToPortableText} from '../markdown/to-portable-text'
import type {RichTextBlock} from '../portable-text'

const FILE = 'docs/rooms.md'
const SITE_URLS: Record<string, string> = {'./other.md': '/docs/v4/other/', '../blog/post.md': '/blog/post/'}

function convert(markdown: string, title?: string): {blocks: unknown[]; warnings: string[]; raw: RichTextBlock[]} {
  const diagnostics: Diagnostic[] = []
  const raw = markdownToPortableText(markdown, {
    file: FILE,
    ...(title ? {title} : {}),
    resolveLink: (href, line) => {
      const [target = '', hash] = href.split('#')
      if (!target.endsWith('.md')) return href
      const url = SITE_URLS[target]
      if (url) return hash ? `${url}#${hash}` : url
      diagnostics.push({file: FILE, line, message: `link to a missing file: ${href}`})
      return href
    },
    resolveImage: (src) =>
      src.includes('missing') ? {problem: `image not found: ${src}`} : {_type: 'image', _sanityAsset: `image@file://./images${src.replace(/^\/images/, '')}`},
    warn: (diagnostic) => diagnostics.push(diagnostic),
  })
  return {blocks: withoutKeys(raw) as unknown[], warnings: diagnostics.map(formatDiagnostic), raw}
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

  it('drops a leading level-1 heading that repeats the title, and demotes any other level-1 heading with a warning', () => {
    expect(convert('# Rooms\n\nText.\n', 'Rooms').blocks).toEqual([block([span('Text.')])])
    const other = convert('Text.\n\n# Another\n', 'Rooms')
    expect(other.blocks[1]).toEqual({_type: 'block', style: 'h2', markDefs: [], children: [span('Another')]})
    expect(other.warnings).toEqual([
      'docs/rooms.md:3: a level-1 heading inside the body is shown as a level-2 heading (the title is the only level 1)',
    ])
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

  it('gives a fence without language the text language and warns about unknown languages', () => {
    expect(convert('```\nplain\n```\n').blocks).toEqual([{_type: 'codeBlock', language: 'text', code: 'plain'}])
    const unknown = convert('```cobol\nDISPLAY "HI".\n```\n')
    expect(unknown.blocks).toEqual([{_type: 'codeBlock', language: 'cobol', code: 'DISPLAY "HI".'}])
    expect(unknown.warnings).toEqual(['docs/rooms.md:1: code language "cobol" is not one the highlighter knows; it is shown as plain text'])
  })

  it('converts `:::tip Title` admonitions with nested content', () => {
    const {blocks, warnings} = convert(':::tip Use rooms\n\nJoin **one**.\n\n```js\nsocket.join("a")\n```\n\n:::\n')
    expect(blocks).toEqual([
      {
        _type: 'admonition',
        kind: 'tip',
        title: 'Use rooms',
        body: [
          block([span('Join '), span('one', ['strong']), span('.')]),
          {_type: 'codeBlock', language: 'js', code: 'socket.join("a")'},
        ],
      },
    ])
    expect(warnings).toEqual([])
  })

  it('converts `:::note[Title]` admonitions, untitled ones, and folds Docusaurus aliases onto the five kinds', () => {
    const {blocks} = convert(':::note[Read this]\nText.\n:::\n\n:::danger\nCareful.\n:::\n\n:::caution\nSlow down.\n:::\n')
    expect(blocks).toEqual([
      {_type: 'admonition', kind: 'note', title: 'Read this', body: [block([span('Text.')])]},
      {_type: 'admonition', kind: 'danger', body: [block([span('Careful.')])]},
      {_type: 'admonition', kind: 'warning', body: [block([span('Slow down.')])]},
    ])
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

  it('turns images into themedImage blocks, splitting the paragraph around them', () => {
    const {blocks} = convert('Before ![A diagram](/images/rooms.png "Rooms") after.\n')
    expect(blocks).toEqual([
      block([span('Before')]),
      {_type: 'themedImage', light: {_type: 'image', _sanityAsset: 'image@file://./images/rooms.png'}, alt: 'A diagram', caption: 'Rooms'},
      block([span('after.')]),
    ])
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

  it('keeps raw HTML blocks as rawHtml and a thematic break as <hr />', () => {
    const {blocks} = convert('<div class="note">\n  <p>Hi</p>\n</div>\n\n---\n')
    expect(blocks).toEqual([
      {_type: 'rawHtml', html: '<div class="note">\n  <p>Hi</p>\n</div>'},
      {_type: 'rawHtml', html: '<hr />'},
    ])
  })

  it('turns an allowed <iframe> into an embed', () => {
    const {blocks, warnings} = convert('<iframe src="/embeds/chat.html" title="Chat demo" height="450"></iframe>\n')
    expect(blocks).toEqual([{_type: 'embed', url: '/embeds/chat.html', title: 'Chat demo', height: 450}])
    expect(warnings).toEqual([])
  })

  it('refuses an iframe from a host that is not allowed: unconverted block and warning', () => {
    const html = '<iframe src="https://tracker.example/x" title="X"></iframe>'
    const {blocks, warnings} = convert(`Text.\n\n${html}\n`)
    expect(blocks[1]).toEqual({
      _type: 'unconverted',
      source: html,
      reason: 'iframe refused: Embeds from tracker.example are not allowed',
      location: 'docs/rooms.md:3',
    })
    expect(warnings).toEqual([
      'docs/rooms.md:3: iframe refused: Embeds from tracker.example are not allowed; kept verbatim in a "not converted" block',
    ])
  })

  it('turns <!-- truncate --> into a readMore block', () => {
    expect(convert('Preview.\n\n<!-- truncate -->\n\nRest.\n').blocks).toEqual([
      block([span('Preview.')]),
      {_type: 'readMore'},
      block([span('Rest.')]),
    ])
  })

  it('keeps an unknown JSX component verbatim with its reason and file:line, and warns', () => {
    const source = 'Intro.\n\n<Sponsors tier="gold">\n\nThanks to **them**.\n\n</Sponsors>\n\nAfter.\n'
    const {blocks, warnings} = convert(source)
    expect(blocks).toEqual([
      block([span('Intro.')]),
      {
        _type: 'unconverted',
        source: '<Sponsors tier="gold">\n\nThanks to **them**.\n\n</Sponsors>',
        reason: 'the component <Sponsors> is not supported',
        location: 'docs/rooms.md:3',
      },
      block([span('After.')]),
    ])
    expect(warnings).toEqual(['docs/rooms.md:3: the component <Sponsors> is not supported; kept verbatim in a "not converted" block'])
  })

  it('keeps an import of an unknown component and reports it', () => {
    const {blocks, warnings} = convert("import Chart from '@site/src/components/Chart';\n")
    expect(blocks).toEqual([
      {
        _type: 'unconverted',
        source: "import Chart from '@site/src/components/Chart';",
        reason: 'an import of a component the site does not have',
        location: 'docs/rooms.md:1',
      },
    ])
    expect(warnings).toHaveLength(1)
  })

  it('keeps the original `:::tip Title` line in the source of an unconverted admonition', () => {
    const source = '<Tabs>\n<TabItem value="a">\n\n:::tip Inside\nText.\n:::\n\n</TabItem>\n</Tabs>\n'
    const {blocks} = convert(source)
    const panel = (blocks[0] as {panels: {body: unknown[]}[]}).panels[0]
    expect(panel?.body).toEqual([
      {
        _type: 'unconverted',
        source: ':::tip Inside\nText.\n:::',
        reason: 'an admonition inside an admonition or a tab is not supported',
        location: 'docs/rooms.md:4',
      },
    ])
  })

  it('shows `key:value` text that remark-directive reads as a directive as it was written', () => {
    expect(convert('Use host:port here.\n').blocks).toEqual([block([span('Use host:port here.')])])
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
