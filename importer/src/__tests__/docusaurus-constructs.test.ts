// Constructs of Docusaurus 3 carried over with the visible result Docusaurus gives them: line breaks
// (soft ones are spaces), ```mdx-code-block fences (unwrapped, their content MDX), images and files
// taken as modules (import, require, @site/), SVG components, and live code blocks (highlighted code,
// reported per page). Each case is converted, then rendered with the site's renderer.
import {describe, expect, it} from 'vitest'
import {type Diagnostic, formatDiagnostic} from '../diagnostics'
import {checkRichText} from '../schema-check'
import {unwrapMdxCodeBlocks} from '../markdown/handlers/mdx-code-block'
import {scanTags} from '../markdown/jsx-tags'
import {type ConversionContext, convertMarkdown} from '../markdown/to-portable-text'
import type {RichTextBlock} from '../portable-text'
import {renderBody, visibleText} from './render-body'

const FILE = 'docs/guide.mdx'

/** Files of the imaginary site, by their `@site/` path. */
const SITE_FILES = new Set(['@site/static/img/badge.png', '@site/static/img/mark.svg', '@site/docs/img/flow.png', '@site/static/files/sheet.pdf'])

interface Converted {
  blocks: RichTextBlock[]
  warnings: string[]
  missed: string[]
  html: () => Promise<string>
}

function convert(markdown: string, extra: Partial<ConversionContext> = {}): Converted {
  const diagnostics: Diagnostic[] = []
  const missed: string[] = []
  // Module specifiers as the site's resolver gives them: @site/ paths of the files that exist.
  const resolveModule = (specifier: string) => {
    if (specifier.startsWith('./')) return `@site/docs/${specifier.slice(2)}`
    if (specifier.startsWith('/')) return SITE_FILES.has(`@site/static${specifier}`) ? `@site/static${specifier}` : specifier
    return specifier
  }
  const {blocks} = convertMarkdown(markdown, {
    file: FILE,
    resolveLink: (href) => (href.startsWith('@site/') && SITE_FILES.has(href) ? `/assets/files/${href.split('/').at(-1)}` : href),
    resolveImage: (src) => {
      const path = src.startsWith('@site/') ? src : src.startsWith('./') ? `@site/docs/${src.slice(2)}` : `@site/static${src}`
      return SITE_FILES.has(path) ? {url: `/assets/${path.split('/').at(-1)}`} : {problem: `image not found: ${src}`}
    },
    resolveModule,
    missed: (feature, line, missing) => missed.push(`${feature} ${FILE}:${line}: ${missing}`),
    warn: (diagnostic) => diagnostics.push(diagnostic),
    ...extra,
  })
  return {blocks, warnings: diagnostics.map(formatDiagnostic), missed, html: () => renderBody(blocks)}
}

const textOf = (block: RichTextBlock | undefined) =>
  block && block._type === 'block' ? block.children.map((child) => (child._type === 'span' ? child.text : '')).join('') : undefined

describe('line breaks', () => {
  it('shows a hard-wrapped paragraph as one line of text, with no break where the source line ends', async () => {
    const converted = convert(
      [
        'Beacons report their position every few seconds,',
        'and the dashboard redraws the map',
        '   whenever one of them moves.',
        '',
        '- A list item that wraps',
        '  onto a second line.',
        '',
        '> A quotation written',
        '> over two lines.',
        '',
        ':::tip',
        'Advice that wraps',
        'inside an admonition.',
        ':::',
        '',
        '<div>',
        '',
        'Markdown inside an element,',
        'wrapped as well.',
        '',
        '</div>',
        '',
        'Inline <span className="tag">markup that',
        'wraps</span> and `a code span',
        'that wraps` too.',
      ].join('\n'),
    )
    const html = await converted.html()
    expect(html).not.toContain('<br')
    expect(visibleText(html).split('\n')).toEqual([
      'Beacons report their position every few seconds, and the dashboard redraws the map whenever one of them moves.',
      'A list item that wraps onto a second line.',
      'A quotation written over two lines.',
      'tip',
      'Advice that wraps inside an admonition.',
      'Markdown inside an element, wrapped as well.',
      'Inline markup that wraps and a code span that wraps too.',
    ])
  })

  it('keeps the hard breaks markdown makes: two trailing spaces, a backslash, <br>', async () => {
    const converted = convert(['First line  ', 'second line\\', 'third line<br/>', 'fourth line <br />   fifth line'].join('\n'))
    expect(textOf(converted.blocks[0])).toBe('First line\nsecond line\nthird line\nfourth line\nfifth line')
    const html = await converted.html()
    expect(html.match(/<br\/>/g)).toHaveLength(4)
    expect(visibleText(html)).toBe('First line\nsecond line\nthird line\nfourth line\nfifth line')
  })

  it('keeps a <br> of a table cell as a break in the cell, and shows a <br> of a heading as a space', async () => {
    const converted = convert(
      ['| Option | Default |', '| --- | --- |', '| `timeout` | 20 s<br/>45 s behind a proxy |', '', '## Two<br/>words {#two-words}'].join('\n'),
    )
    expect(converted.blocks[0]).toMatchObject({_type: 'table', rows: [{cells: ['Option', 'Default']}, {cells: ['`timeout`', '20 s\n45 s behind a proxy']}]})
    expect(converted.blocks[1]).toMatchObject({_type: 'heading', text: 'Two words', anchor: 'two-words'})
    expect(await converted.html()).toContain('<td>20 s<br/>45 s behind a proxy</td>')
  })

  it('joins wrapped CJK lines with the space a browser shows for the newline Docusaurus keeps', () => {
    const converted = convert('这是一个很长的句子，\n在源文件中被折行。')
    expect(textOf(converted.blocks[0])).toBe('这是一个很长的句子， 在源文件中被折行。')
  })

  it('joins a wrapped heading, table cell text and details summary into one line', async () => {
    const converted = convert(
      [
        'A setext heading',
        'on two lines',
        '-------------',
        '',
        '<details>',
        '<summary>Why does the',
        'summary wrap?</summary>',
        '',
        'Because its source does.',
        '',
        '</details>',
      ].join('\n'),
    )
    expect(textOf(converted.blocks[0])).toBe('A setext heading on two lines')
    expect(converted.blocks[1]).toMatchObject({_type: 'details', summary: 'Why does the summary wrap?'})
    expect(await converted.html()).not.toContain('<br')
  })
})

describe('```mdx-code-block fences', () => {
  it('unwraps fences of three and four backticks, closed by the first bare fence, keeping line numbers', () => {
    const lines = ['```mdx-code-block', '<Tabs>', '```', '', '````mdx-code-block', '```js', 'x', '```', '````', '```js', 'code()', '```']
    const {lines: unwrapped, unwrapped: at} = unwrapMdxCodeBlocks(lines)
    expect(unwrapped).toEqual(['', '<Tabs>', '', '', '', '```js', 'x', '```', '', '```js', 'code()', '```'])
    expect(at).toEqual([1, 5])
  })

  it('knows a partial imported inside a fence below its first use: MDX hoists imports', () => {
    const converted = convert(
      [
        '```mdx-code-block',
        '<PlanNotice />',
        '```',
        '',
        'Between.',
        '',
        '```mdx-code-block',
        "import PlanNotice from '@site/src/partials/plan-notice.mdx';",
        '```',
      ].join('\n'),
      {
        loadPartial: (specifier) =>
          specifier === '@site/src/partials/plan-notice.mdx' ? {file: 'src/partials/plan-notice.mdx', text: 'On the paid plan only.\n'} : null,
      },
    )
    expect(converted.warnings).toEqual([])
    expect(converted.blocks.map(textOf)).toEqual(['On the paid plan only.', 'Between.'])
  })

  it('reads an import specifier as the JavaScript string it is: a backslash before an underscore is the underscore, and every other escape is unescaped too', () => {
    const partials: Record<string, string> = {
      '/docs/shared/_tide_table.mdx': 'Tides turn twice a day.\n',
      "@site/src/partials/crew's-notes.md": 'Crew notes.\n',
    }
    const asked: string[] = []
    const converted = convert(
      [
        'import TideTable from "/docs/shared/\\_tide\\x5ftable.mdx";',
        "import CrewNotes from '@site/src/partials/crew\\'s-notes.md';",
        '',
        '<TideTable />',
        '',
        '<CrewNotes />',
      ].join('\n'),
      {
        loadPartial: (specifier) => {
          asked.push(specifier)
          const text = partials[specifier]
          return text === undefined ? null : {file: specifier.replace(/^@site\/|^\//, ''), text}
        },
      },
    )
    expect(asked).toEqual(['/docs/shared/_tide_table.mdx', "@site/src/partials/crew's-notes.md"])
    expect(converted.warnings).toEqual([])
    expect(converted.blocks.map(textOf)).toEqual(['Tides turn twice a day.', 'Crew notes.'])
  })

  it('leaves a block that starts right after the closing fence of another as code, as Docusaurus does', () => {
    const {lines} = unwrapMdxCodeBlocks(['```mdx-code-block', 'A', '```', '```mdx-code-block', 'B', '```'])
    expect(lines).toEqual(['', 'A', '', '```mdx-code-block', 'B', '```'])
  })

  it('renders the MDX inside as MDX: theme imports, tabs around markdown, no code block and no warning', async () => {
    const converted = convert(
      [
        '```mdx-code-block',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '<Tabs>',
        '<TabItem value="apt" label="Debian">',
        '```',
        '',
        '```bash',
        'apt install beacon',
        '```',
        '',
        '```mdx-code-block',
        '</TabItem>',
        '<TabItem value="brew" label="macOS">',
        '```',
        '',
        '```bash',
        'brew install beacon',
        '```',
        '',
        '```mdx-code-block',
        '</TabItem>',
        '</Tabs>',
        '```',
        '',
        'After the tabs, line 27.',
        '',
        '<Unknown />',
      ].join('\n'),
    )
    expect(converted.blocks.map((block) => block._type)).toEqual(['tabs', 'block'])
    const tabs = converted.blocks[0]
    expect(tabs?._type === 'tabs' && tabs.panels.map((panel) => [panel.label, panel.body.map((block) => block._type)])).toEqual([
      ['Debian', ['codeBlock']],
      ['macOS', ['codeBlock']],
    ])
    // The unknown component after them is reported at its own line: lines still count.
    expect(converted.warnings).toEqual([`${FILE}:29: <Unknown> is a component, which cannot be imported: it has no content of its own to keep`])
    const html = await converted.html()
    expect(html).not.toContain('mdx-code-block')
    expect(html).not.toContain('import Tabs')
    expect(visibleText(html)).toContain('apt install beacon')
  })
})

describe('JSX opening tags written over several lines', () => {
  it('reads a tag whose attribute expressions take a line each and whose `>` stands alone as one tag, closed later on its own line', () => {
    const converted = convert(
      [
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        '',
        '<Tabs',
        '  groupId={"hulls"}',
        '>',
        '<TabItem',
        '  value={"keel"}',
        '  label={"Keel {deep}"}',
        '  attributes={{className: "hull", title: "a \\"fin\\" > b"}}',
        '>',
        '',
        'A **keel** keeps the boat upright.',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        '> A real quote stays a quote.',
      ].join('\n'),
    )
    expect(converted.warnings).toEqual([])
    expect(converted.blocks.map((block) => (block._type === 'block' ? block.style : block._type))).toEqual(['tabs', 'blockquote'])
    const [tabs] = converted.blocks
    expect(tabs?._type === 'tabs' && tabs.groupId).toBe('hulls')
    const panels = tabs?._type === 'tabs' ? tabs.panels : []
    expect(panels.map((panel) => [panel.value, panel.label, panel.body.map(textOf)])).toEqual([['keel', 'Keel {deep}', ['A keel keeps the boat upright.']]])
  })

  it("shows the theme's <Heading> as the heading its `as` names, its text from content or from a `children` string", () => {
    const converted = convert(
      [
        "import Heading from '@theme/Heading';",
        '',
        '<Heading',
        '  id={"moorings"}',
        '  as={"h2"}',
        '  children={"Moorings \\"A\\" to C"}',
        '>',
        '</Heading>',
        '',
        '<Heading as="h3">Buoys</Heading>',
      ].join('\n'),
    )
    expect(converted.warnings).toEqual([])
    expect(converted.blocks).toEqual([
      expect.objectContaining({_type: 'heading', level: 2, text: 'Moorings "A" to C', anchor: 'moorings'}),
      expect.objectContaining({_type: 'block', style: 'h3', children: [expect.objectContaining({text: 'Buoys'})]}),
    ])
  })

  it('does not end a string of an attribute expression at a quote after a backslash', () => {
    const [tag] = scanTags(String.raw`<Sign text={"a \" } b"} tone="calm">`, () => true)
    expect(tag && {kind: tag.kind, attributes: tag.attributes}).toEqual({kind: 'open', attributes: {text: String.raw`"a \" } b"`, tone: 'calm'}})
  })
})

describe('images and files taken as modules', () => {
  it('resolves require() and @site/ paths, an imported image used as src, and links to files', async () => {
    const converted = convert(
      [
        "import badge from '@site/static/img/badge.png';",
        '',
        '<img src={require(\'@site/static/img/badge.png\').default} alt="Required badge" />',
        '',
        '<img src={badge} alt="Imported badge" />',
        '',
        'A diagram: <img src={require(\'./img/flow.png\').default} alt="flow" /> inline.',
        '',
        '![From the site folder](@site/static/img/badge.png)',
        '',
        "Get [the sheet](@site/static/files/sheet.pdf) or <a href={require('@site/static/files/sheet.pdf').default}>this link</a>.",
      ].join('\n'),
    )
    expect(converted.warnings).toEqual([])
    const images = converted.blocks.filter((block) => block._type === 'themedImage')
    expect(images).toMatchObject([
      {lightUrl: '/assets/badge.png', alt: 'Required badge'},
      {lightUrl: '/assets/badge.png', alt: 'Imported badge'},
      {lightUrl: '/assets/badge.png', alt: 'From the site folder'},
    ])
    const inline = converted.blocks.find((block) => block._type === 'block' && block.children.some((child) => child._type === 'inlineImage'))
    expect(inline).toMatchObject({children: [{text: 'A diagram: '}, {_type: 'inlineImage', url: '/assets/flow.png', alt: 'flow'}, {text: ' inline.'}]})
    const links = converted.blocks.at(-1)
    expect(links?._type === 'block' && links.markDefs).toEqual([expect.objectContaining({_type: 'link', href: '/assets/files/sheet.pdf'})])
    const html = await converted.html()
    expect(html.match(/<img [^>]*src="\/assets\/badge.png"/g)).toHaveLength(3)
    expect(html).toContain('href="/assets/files/sheet.pdf"')
  })

  it('reads an import statement written over several lines, alone or after another on its line', () => {
    const converted = convert(
      [
        'import flow from',
        "'./img/flow.png';",
        "import Tabs from '@theme/Tabs'; import {",
        '  badge',
        "} from './badges';",
        '',
        '<img src={flow} alt="Flow over two lines" width="60%" />',
      ].join('\n'),
    )
    // The second statement is read whole, at its first line: a component of the site, reported as such.
    expect(converted.warnings).toEqual([
      'docs/guide.mdx:3: imports badge from ./badges: components of the site are not imported (their content is kept where they are used)',
    ])
    expect(converted.blocks.filter((block) => block._type === 'themedImage')).toMatchObject([{lightUrl: '/assets/flow.png', alt: 'Flow over two lines'}])
  })

  it('shows an SVG imported as a component as the image it draws, and reports props that style it', () => {
    const converted = convert(
      [
        "import Mark from '@site/static/img/mark.svg';",
        '',
        '<Mark title="The Beacon mark" width={120} />',
        '',
        'Inline <Mark title="mark" /> in a sentence.',
        '',
        '<Mark className="brand-mark" />',
      ].join('\n'),
    )
    expect(converted.warnings).toEqual([])
    expect(converted.blocks[0]).toMatchObject({_type: 'themedImage', lightUrl: '/assets/mark.svg', alt: 'The Beacon mark', width: '120'})
    expect(converted.blocks[1]).toMatchObject({
      children: [{text: 'Inline '}, {_type: 'inlineImage', url: '/assets/mark.svg', alt: 'mark'}, {text: ' in a sentence.'}],
    })
    expect(converted.missed).toEqual([
      `@docusaurus/plugin-svgr ${FILE}:7: <Mark> (an SVG drawn as a component) is shown as an image: its props className do not style it`,
    ])
  })

  it('keeps the source of an image whose file does not exist visible, with a warning at its line', async () => {
    const converted = convert(['Before.', '', "<img src={require('@site/static/img/gone.png').default} />", '', 'After.'].join('\n'))
    expect(converted.blocks[1]).toMatchObject({
      _type: 'unconverted',
      source: "<img src={require('@site/static/img/gone.png').default} />",
      location: `${FILE}:3`,
    })
    expect(converted.warnings).toEqual([`${FILE}:3: image not found: @site/static/img/gone.png; kept verbatim in a "not converted" block`])
    expect(visibleText(await converted.html())).toContain("<img src={require('@site/static/img/gone.png').default} />")
  })
})

describe('an admonition without content', () => {
  it('is a box of its title alone, as Docusaurus draws it, which the content model takes', async () => {
    // `:::note` closed at once, or GitHub's `> [!NOTE]` cut off by the comment line under it (Electron's docs).
    const converted = convert(':::note\n:::\n\n:::tip[Before you start]\n\n:::\n\nAfter.\n')
    expect(converted.blocks).toMatchObject([
      {_type: 'admonition', kind: 'note'},
      {_type: 'admonition', kind: 'tip', title: 'Before you start'},
      {_type: 'block', children: [{text: 'After.'}]},
    ])
    expect(converted.blocks[0]).not.toHaveProperty('body')
    expect(converted.warnings).toEqual([])
    expect(checkRichText(converted.blocks)).toEqual([])
    const html = await converted.html()
    expect(html).toContain('<aside class="admonition admonition-tip"><p class="admonition-title">Before you start</p></aside>')
    expect(html).not.toContain('admonition-content')
  })
})

describe('<object> elements', () => {
  it('shows an SVG drawn by <object> as an image (its fallback <img>, else its data), and another object as a link to its file', async () => {
    const converted = convert(
      [
        '## Sponsors',
        '',
        '<object type="image/svg+xml" data="/img/mark.svg" aria-label="Our sponsors"><img src="/img/mark.svg" alt="Our sponsors" /></object>',
        '',
        '<object',
        '  type="image/svg+xml"',
        '  data="/img/mark.svg"',
        '  aria-label="The crew"',
        '/>',
        '',
        '<object data="@site/static/files/sheet.pdf" type="application/pdf"></object>',
      ].join('\n'),
    )
    expect(converted.blocks.slice(1)).toMatchObject([
      {_type: 'themedImage', lightUrl: '/assets/mark.svg', alt: 'Our sponsors'},
      {_type: 'themedImage', lightUrl: '/assets/mark.svg', alt: 'The crew'},
      {_type: 'block', markDefs: [{_type: 'link', href: '/assets/files/sheet.pdf'}]},
    ])
    expect(converted.warnings).toEqual([
      `${FILE}:3: <object data="/img/mark.svg"> is shown as its fallback content: links and hover effects inside the SVG do not work in an image`,
      `${FILE}:5: <object data="/img/mark.svg"> is shown as an image: links and hover effects inside the SVG do not work in an image`,
      `${FILE}:11: <object data="@site/static/files/sheet.pdf"> is not embedded (the site embeds no objects): a link to its file is shown`,
    ])
    const html = await converted.html()
    expect(html).toContain('alt="The crew"')
    expect(html).not.toContain('<object')
  })
})

describe('live code blocks (@docusaurus/theme-live-codeblock)', () => {
  const source = ['```jsx live', 'function Clock() {', '  return <p>{new Date().toISOString()}</p>', '}', '```'].join('\n')

  it('shows the code highlighted and reports per page that readers miss the live result, when the site has the theme', async () => {
    const converted = convert(source, {plugins: new Set(['@docusaurus/theme-live-codeblock'])})
    expect(converted.blocks).toMatchObject([{_type: 'codeBlock', language: 'jsx', code: 'function Clock() {\n  return <p>{new Date().toISOString()}</p>\n}'}])
    expect(converted.missed).toEqual([
      `@docusaurus/theme-live-codeblock ${FILE}:1: a live code block (\`\`\`jsx live) is shown as highlighted code: readers cannot edit it and do not see the result it renders`,
    ])
    expect(await converted.html()).toContain('data-language="jsx"')
  })

  it('reports nothing without the theme: the fence is plain code in Docusaurus too', () => {
    expect(convert(source).missed).toEqual([])
  })
})
