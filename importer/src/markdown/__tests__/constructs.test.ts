// GFM constructs as Docusaurus 3 renders them → the Portable Text the importer writes: footnotes,
// list items of several blocks, line breaks in table cells; and what bad input is reported.
import {describe, expect, it} from 'vitest'
import {parseCellMarkup} from '@site/schemas/search'
import {convertFile, span} from './convert'

const FILE = 'docs/kites.md'

const convert = (markdown: string) => convertFile(FILE, markdown)
const paragraph = (children: unknown[], extra: Record<string, unknown> = {}) => ({_type: 'block', style: 'normal', ...extra, markDefs: [], children})

describe('GFM footnotes', () => {
  it('makes each reference a footnote holding its note (on the first use of a label), and the definitions no block of their own', () => {
    const {blocks, warnings} = convert(
      'Kites fly in steady wind[^wind], on a long line[^Line]; gusts[^wind] break them.\n\n' +
        '[^wind]: Ten knots is **enough**.\n\n    A second paragraph of the note.\n\n[^Line]: Thirty metres.\n',
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      paragraph([
        span('Kites fly in steady wind'),
        {
          _type: 'footnote',
          label: 'wind',
          note: [paragraph([span('Ten knots is '), span('enough', ['strong']), span('.')]), paragraph([span('A second paragraph of the note.')])],
        },
        span(', on a long line'),
        {_type: 'footnote', label: 'line', note: [paragraph([span('Thirty metres.')])]},
        span('; gusts'),
        {_type: 'footnote', label: 'wind'},
        span(' break them.'),
      ]),
    ])
  })

  it('keeps a note’s list as a list and its code as text, saying so', () => {
    const {blocks, warnings} = convert('Knots[^k].\n\n[^k]: Two kinds:\n\n    - bowline\n    - hitch\n\n    ```\n    tie()\n    ```\n')
    expect(blocks).toEqual([
      paragraph([
        span('Knots'),
        {
          _type: 'footnote',
          label: 'k',
          note: [
            paragraph([span('Two kinds:')]),
            {...paragraph([span('bowline')]), listItem: 'bullet', level: 1},
            {...paragraph([span('hitch')]), listItem: 'bullet', level: 1},
            paragraph([span('tie()')]),
          ],
        },
        span('.'),
      ]),
    ])
    expect(warnings).toEqual([`${FILE}:3: footnote [^k]: a note holds text only; its codeBlock is shown as its text`])
  })

  it('shows a reference without a definition as written and leaves out a definition never referenced, as Docusaurus does, each reported at its line', () => {
    const {blocks, warnings} = convert('Lines stretch[^missing].\n\nSpools turn.\n\n[^unused]: Nobody points here.\n')
    expect(blocks).toEqual([paragraph([span('Lines stretch[^missing].')]), paragraph([span('Spools turn.')])])
    expect(warnings).toEqual([
      `${FILE}:1: footnote reference [^missing] has no definition ([^missing]: …): shown as written`,
      `${FILE}:5: footnote definition [^unused] is never referenced: Docusaurus does not show it, nor does this site`,
    ])
  })

  it('reports no reference for `[^…]` inside a JSX attribute or an MDX expression: there it is script, not text', () => {
    const {warnings} = convert('<Gauge\n  unit={"knots"}\n  rule={{match: "[^\\\\d]+"}} />\n\nGusts {"[^x]"} come and go; a stray [^gone] is still text.\n')
    expect(warnings.filter((warning) => warning.includes('footnote'))).toEqual([
      `${FILE}:5: footnote reference [^gone] has no definition ([^gone]: …): shown as written`,
    ])
  })

  it('keeps a reference inside a note as written, and the note it names where it is written: a note holds no footnotes', () => {
    const {blocks, warnings} = convert('Tails[^a].\n\n[^a]: See also[^b].\n\n[^b]: Deep.\n')
    expect(blocks).toEqual([
      paragraph([span('Tails'), {_type: 'footnote', label: 'a', note: [paragraph([span('See also[^b].')])]}, span('.')]),
      paragraph([span('[b] Deep.')]),
    ])
    expect(warnings).toEqual([
      `${FILE}:3: footnote reference [^b] inside a footnote's note: shown as written (a note holds no footnotes)`,
      `${FILE}:5: footnote definition [^b] is referenced only inside a note: kept here as a paragraph`,
    ])
  })
})

describe('footnote references in table cells and anchored headings', () => {
  it('writes [^label] in the markup, and the block keeps the note of a label it is the first to refer to', () => {
    const {blocks, warnings} = convert(
      [
        'Kites fly daily.[^wind]',
        '',
        '| Kite | Line |',
        '| --- | --- |',
        '| Delta | 30 m[^spool] |',
        '| Box | N/A[^wind] |',
        '',
        '## Tails[^tail] {#tails}',
        '',
        '[^wind]: Except in storms.',
        '[^spool]: On the **small** spool.',
        '[^tail]: Ribbons count.',
        '',
      ].join('\n'),
    )
    expect(blocks).toEqual([
      paragraph([span('Kites fly daily.'), {_type: 'footnote', label: 'wind', note: [paragraph([span('Except in storms.')])]}]),
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Kite', 'Line']},
          {_type: 'tableRow', cells: ['Delta', '30 m[^spool]']},
          {_type: 'tableRow', cells: ['Box', 'N/A[^wind]']},
        ],
        align: ['none', 'none'],
        notes: [{_type: 'footnote', label: 'spool', note: [paragraph([span('On the '), span('small', ['strong']), span(' spool.')])]}],
      },
      {
        _type: 'heading',
        level: 2,
        text: 'Tails[^tail]',
        anchor: 'tails',
        notes: [{_type: 'footnote', label: 'tail', note: [paragraph([span('Ribbons count.')])]}],
      },
    ])
    expect(warnings).toEqual([])
  })

  it('reports a note whose references all stand where no footnote is shown, never dropping it without a word', () => {
    const mdx = [':::tip[Gusts[^gust]]', '', 'Hold on.', '', ':::', '', '[^gust]: Short and strong.', ''].join('\n')
    const {warnings} = convertFile('docs/kites.mdx', mdx)
    expect(warnings.filter((warning) => warning.includes('[^gust]'))).toEqual([
      `docs/kites.mdx:7: footnote [^gust] is referenced only where a footnote cannot be shown (a title or an HTML heading): the references are shown as written, and this note is not shown`,
    ])
  })
})

describe('JSX in a line of text and in table cells', () => {
  it('gives {`text`} its text, inside <code> as code, and keeps the text of a tag markdown leaves as text in a cell, not its JSX', () => {
    const mdx = (markdown: string) => convertFile('docs/kites.mdx', markdown)
    const line = mdx("Set <span style={{textTransform: 'uppercase', opacity: '0.7', zIndex: 2, width: 30}}>in config</span>: <code>{`{ reel: 40 }`}</code>.\n")
    const [block] = line.blocks as Array<{markDefs: Array<{style?: string}>; children: Array<{text: string; marks: string[]}>}>
    expect(block?.markDefs.map((mark) => mark.style)).toEqual(['text-transform: uppercase; opacity: 0.7; z-index: 2; width: 30px'])
    expect(block?.children.map((child) => [child.text, child.marks.includes('code')])).toEqual([
      ['Set ', false],
      ['in config', false],
      [': ', false],
      ['{ reel: 40 }', true],
      ['.', false],
    ])
    const table = mdx(
      [
        '| Kite | Set |',
        '|---|---|',
        "| Delta | Line<br/><span style={{textTransform:'uppercase'}}>In config</span><br/><code>{`{ reel: 40 }`}</code> |",
        '',
      ].join('\n'),
    )
    expect(table.blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Kite', 'Set']},
          {_type: 'tableRow', cells: ['Delta', 'Line\nIn config\n`{ reel: 40 }`']},
        ],
        align: ['none', 'none'],
      },
    ])
  })
})

describe('a component the page does not import, inside a line of text', () => {
  it('keeps its content in the line, as MDX reads the element as part of the paragraph, and says the component is not there', () => {
    const {blocks, warnings} = convert('See the included <RepoLink to="examples/reel">reel example</RepoLink> first.\n\nThen fly.\n')
    expect(blocks).toEqual([paragraph([span('See the included reel example first.')]), paragraph([span('Then fly.')])])
    expect(warnings).toEqual([`${FILE}:1: the component <RepoLink> is shown as its text (components of the site cannot be imported)`])
  })
})

describe('an indented component whose JSX prop holds block tags', () => {
  it('is read whole, as MDX reads it, never as paragraphs of its source', () => {
    const {blocks} = convertFile(
      'docs/kites.mdx',
      [
        'Ask the club:',
        '',
        '  <SignUpForm',
        '      club="kites"',
        "      waiting={<div className='centred'>",
        '        <Spinner kind="border" />',
        '      </div> }',
        '    />',
        '',
        'Thank you.',
        '',
      ].join('\n'),
    )
    expect(JSON.stringify(blocks)).not.toContain('SignUpForm')
    expect(JSON.stringify(blocks)).not.toContain('} />')
    expect(blocks).toEqual([paragraph([span('Ask the club:')]), paragraph([span('Thank you.')])])
  })
})

describe('bold opening with punctuation in a line that a line of tags follows', () => {
  it('is bold, as in any line: the text read again is not prefixed by a character that keeps it from opening', () => {
    const {blocks} = convertFile(
      'docs/kites.mdx',
      ['Flags:', '- **--reel,-r**: Let the line out.', '  <br/><br/>', '- **--wind,-w**: Set the wind.', ''].join('\n'),
    )
    const strong = (blocks as Array<{children: Array<{text: string; marks: string[]}>}>).flatMap((block) =>
      block.children.filter((child) => child.marks.includes('strong')).map((child) => child.text),
    )
    expect(strong).toEqual(['--reel,-r', '--wind,-w'])
    expect(JSON.stringify(blocks)).not.toContain('**')
  })
})

describe('markup characters written as text in a table cell', () => {
  it('are escaped in the cell’s markup, so that the site shows them as written, inside emphasis too', () => {
    const {blocks} = convert(
      ['| Rule | Matches |', '| --- | --- |', '| `allow` | \\*;192.168.\\*.\\*;10.0.0.1 |', '| _any \\* host_ | \\[all\\](of them) |', ''].join('\n'),
    )
    const cells = (blocks[0] as {rows: Array<{cells: string[]}>}).rows.map((row) => row.cells)
    expect(cells).toEqual([
      ['Rule', 'Matches'],
      ['`allow`', '\\*;192.168.\\*.\\*;10.0.0.1'],
      ['*any \\* host*', '\\[all\\](of them)'],
    ])
    expect(parseCellMarkup(cells[1]![1]!)).toEqual([{type: 'text', text: '*;192.168.*.*;10.0.0.1'}])
    expect(parseCellMarkup(cells[2]![0]!)).toEqual([{type: 'em', children: [{type: 'text', text: 'any * host'}]}])
    expect(parseCellMarkup(cells[2]![1]!)).toEqual([{type: 'text', text: '[all](of them)'}])
  })
})

describe('an admonition written whole on one line', () => {
  it('is a paragraph of its text, as Docusaurus shows it, never an admonition without content', () => {
    const {blocks, warnings} = convert(':::note Mind the wind on the beach. :::\n\nAfter.\n')
    expect(blocks).toEqual([paragraph([span(':::note Mind the wind on the beach. :::')]), paragraph([span('After.')])])
    expect(warnings).toEqual([])
  })
})

describe('line breaks in table cells', () => {
  it('breaks the line of a cell at <br>, <br/> and <br />, inside bold text too', () => {
    const {blocks} = convert('| Option | Meaning |\n| --- | --- |\n| `reel` | winds in<br>fast |\n| **line<br/>spool** | holds<br />the line |\n')
    expect(blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Option', 'Meaning']},
          {_type: 'tableRow', cells: ['`reel`', 'winds in\nfast']},
          {_type: 'tableRow', cells: ['**line\nspool**', 'holds\nthe line']},
        ],
        align: ['none', 'none'],
      },
    ])
  })
})

describe('rows with fewer or more cells than the header', () => {
  it('gives every row the header’s cells, as GFM draws them: the missing ones empty, the extra ones left out', () => {
    const {blocks} = convert('| Knot | Use | Page |\n| --- | --- | --- |\n| Bowline | A loop |\n| Hitch | A post | [Hitches](/docs/hitch) | extra |\n')
    expect((blocks[0] as {rows: Array<{cells: string[]}>}).rows.map((row) => row.cells)).toEqual([
      ['Knot', 'Use', 'Page'],
      ['Bowline', 'A loop', ''],
      ['Hitch', 'A post', '[Hitches](/docs/hitch)'],
    ])
  })
})

describe('images in table cells', () => {
  it('shows an image written by reference (`![alt][label]`) as the image its definition names, as one written in full', () => {
    const {blocks, warnings} = convertFile(
      'docs/kites.md',
      ['| Before | After |', '| :-: | :-: |', '| ![old kite][old] | ![new kite](/img/new.png) |', '', '[old]: /img/old.png', ''].join('\n'),
    )
    expect((blocks[0] as {rows: Array<{cells: string[]}>}).rows[1]?.cells).toEqual(['![old kite](/img/old.png)', '![new kite](/img/new.png)'])
    expect(warnings).toEqual([])
  })
})

describe('HTML lists in table cells', () => {
  it('writes the items of <ol> and <ul> in a cell as lines of items (in MDX and CommonMark alike), and a line of text that starts like one after a backslash', () => {
    const table = [
      '| Step | How |',
      '| --- | --- |',
      '| Launch | You need to: <ol start="2"><li>Face the `wind`</li><li>Let [the line](/docs/line) out</li></ol> |',
      '| Land | Signs like: <ul><li>slack</li><li>dips</li></ul> tell you when. |',
      '| Count | 1. Fly<br/>2. Land |',
      '| Read | <ul><li> [Before you launch](#before-you-launch) </li></ul> |',
      '',
    ].join('\n')
    const cells = [
      'Step',
      'How',
      'Launch',
      'You need to:\n2. Face the `wind`\n3. Let [the line](/docs/line) out',
      'Land',
      'Signs like:\n- slack\n- dips\ntell you when.',
      'Count',
      '\\1. Fly\n\\2. Land',
      'Read',
      // The space after <li> is not the item's: its text starts after the marker.
      '- [Before you launch](#before-you-launch)',
    ]
    for (const file of ['docs/kites.md', 'docs/kites.mdx']) {
      const {blocks, warnings} = convertFile(file, table)
      expect((blocks[0] as {rows: Array<{cells: string[]}>}).rows.flatMap((row) => row.cells)).toEqual(cells)
      expect(warnings).toEqual([])
    }
  })
})

describe('an element written over several lines inside HTML, under Docusaurus 2', () => {
  it('keeps a tab-indented <a> whose `>` stands alone on its line a link around its text, never a code block', () => {
    const html = [
      '<details>',
      '\t<summary>Lesson 3</summary>',
      '\t<a',
      '\t\tclassName="lesson-link"',
      '\t\thref="https://lessons.example/kites"',
      '\t>',
      '\t\tWatch it on lessons.example',
      '\t</a>',
      '</details>',
      '',
    ].join('\n')
    const {blocks, warnings} = convertFile('docs/kites.mdx', html, {indentedCode: true})
    expect(warnings).toEqual([])
    const [details] = blocks as Array<{_type: string; body: Array<{_type: string; markDefs: Array<{href: string}>; children: Array<{text: string}>}>}>
    expect(details?.body.map((block) => block._type)).toEqual(['block'])
    expect(details?.body[0]?.markDefs.map((mark) => mark.href)).toEqual(['https://lessons.example/kites'])
    expect(
      details?.body[0]?.children
        .map((child) => child.text)
        .join('')
        .trim(),
    ).toBe('Watch it on lessons.example')
    // Text on the line after a tag, in the same HTML block, is no indented code either.
    const indented = convertFile('docs/kites.mdx', '<div>\n\t\tFly it on a calm day.\n</div>\n', {indentedCode: true})
    expect(indented.blocks).toEqual([{...paragraph([span('Fly it on a calm day.')]), style: 'line'}])
  })
})

describe('text inside an HTML block', () => {
  it('is shown as written under Docusaurus 2 and CommonMark (no markdown there), its HTML still HTML; as markdown under MDX 2 and 3', () => {
    const html =
      '<details>\n\t<summary>\n\t\tLesson 3: using _produce_ with <b>care</b>\n\t</summary>\n\t<div>Keep `snake_case` and **stars** [as written](/docs/x)</div>\n</details>\n'
    for (const features of [{indentedCode: true}, {indentedCode: true, commonMark: true}]) {
      const {blocks} = convertFile('docs/kites.md', html, features)
      expect(blocks).toEqual([
        {
          _type: 'details',
          summary: 'Lesson 3: using _produce_ with **care**',
          // Text inside the element, no paragraph around it: a line.
          body: [{...paragraph([span('Keep `snake_case` and **stars** [as written](/docs/x)')]), style: 'line'}],
        },
      ])
    }
    const mdx = convertFile('docs/kites.mdx', html)
    expect((mdx.blocks[0] as {summary: string}).summary).toBe('Lesson 3: using *produce* with **care**')
  })
})

describe('character references in attributes', () => {
  it('reads a quoted attribute’s references as its characters, as HTML and JSX do (a rendered page writes braces so)', () => {
    const {blocks} = convertFile('src/pages/team.md', 'Team: <img src="/img/ada.png" alt="&#123;&#123;name&#125;&#125; &amp; co" />\n')
    const image = (blocks[0] as {children: Array<{_type: string; alt?: string}>}).children.find((child) => child._type === 'inlineImage')
    expect(image?.alt).toBe('{{name}} & co')
  })
})

describe('an HTML blockquote', () => {
  it('is a quote of its content (an embedded post: its text and its byline), one paragraph a paragraph in the quote style', () => {
    const post =
      '<blockquote class="social-post"><p>Try the new <a href="https://reel.example/repl">REPL</a>!</p>&mdash; Reel (@reel) <a href="https://social.example/reel/1">October 2, 2017</a></blockquote>\n'
    const {blocks, warnings} = convertFile('docs/kites.mdx', post)
    expect(warnings).toEqual([])
    const [quote] = blocks as Array<{_type: string; body: Array<{children: Array<{text: string}>}>}>
    expect(quote?._type).toBe('quote')
    expect(quote?.body.map((block) => block.children.map((child) => child.text).join(''))).toEqual(['Try the new REPL!', '— Reel (@reel) October 2, 2017'])
    expect(convertFile('docs/kites.mdx', '<blockquote>Wind first.</blockquote>\n').blocks).toEqual([{...paragraph([span('Wind first.')]), style: 'blockquote'}])
  })
})

describe('anchors in a line of text', () => {
  it('keeps the id of an element in a line (<a id>, <a name>, a <span id> around text, Docusaurus’s <Link id/>) as an anchor links can point to', () => {
    const mdx = [
      "import Link from '@docusaurus/Link';",
      '',
      '- <Link id="reel-speed"/> Wind the reel `slowly`.',
      '- <a id="knots"></a> Tie two knots.',
      '- <a name="tail"></a>Add a tail.',
      '',
      'Read <span id="gusts">about gusts</span> first.',
      '',
    ].join('\n')
    const {blocks, warnings} = convertFile('docs/kites.mdx', mdx)
    expect(warnings).toEqual([])
    const anchor = (id: string) => ({_type: 'anchorTarget', id})
    expect(blocks.map((block) => (block as {children: unknown[]}).children)).toEqual([
      [anchor('reel-speed'), span('Wind the reel '), span('slowly', ['code']), span('.')],
      [anchor('knots'), span('Tie two knots.')],
      [anchor('tail'), span('Add a tail.')],
      [span('Read '), anchor('gusts'), span('about gusts first.')],
    ])
  })
})

describe('an HTML paragraph holding only an element', () => {
  it('is a paragraph, where the same element alone on a line of MDX is a line of its own', () => {
    const {blocks} = convertFile('docs/run.mdx', '<p><strong>Run this first:</strong></p>\n\n<strong>Then this.</strong>\n')
    expect(blocks.map((block) => (block as {style?: string}).style)).toEqual(['normal', 'line'])
  })
})

describe('an HTML heading whose link holds an icon', () => {
  it('is one heading with its link and without the icon, as a React page renders <h2><a><svg/>RSVP</a></h2>', () => {
    const html = '<h2><a href="/docs/rsvp"><svg viewBox="0 0 24 24" class="icon"><path d="M19 4h-1V2z"></path></svg>Reply first</a></h2>\n'
    const {blocks} = convertFile('src/pages/party.mdx', html)
    expect(blocks[0]).toMatchObject({
      _type: 'block',
      style: 'h2',
      children: [{_type: 'span', text: 'Reply first', marks: [expect.stringMatching(/^link-/)]}],
      markDefs: [{_type: 'link', href: '/docs/rsvp'}],
    })
  })
})

describe('a component named as an HTML block element opening a line of text', () => {
  it('keeps `<Link …>…</Link> and more` a line of the paragraph (CommonMark would start an HTML block at <link>), in MDX 2 and 3 only', () => {
    const mdx = [
      "import Link from '@docusaurus/Link'",
      '',
      'Pack <Link to="/docs/rope">the rope</Link> and',
      '<Link to="/docs/tent">the tent</Link> before **dawn**.',
      '',
      '<Link to="/docs/map">The map</Link> comes',
      '<Link to="/docs/compass">with a compass</Link>.',
      '',
      '<Link to="/docs/boots">',
      '  Boots',
      '</Link>',
      '',
    ].join('\n')
    const {blocks} = convertFile('docs/camp.mdx', mdx)
    const text = (block: unknown) => ((block as {children?: Array<{text?: string}>}).children ?? []).map((child) => child.text ?? '').join('')
    const links = (block: unknown) => ((block as {markDefs?: Array<{href: string}>}).markDefs ?? []).map((mark) => mark.href)
    expect(blocks.slice(0, 2).map(text)).toEqual(['Pack the rope and the tent before dawn.', 'The map comes with a compass.'])
    expect(blocks.slice(0, 2).map(links)).toEqual([
      ['/docs/rope', '/docs/tent'],
      ['/docs/map', '/docs/compass'],
    ])
    // Docusaurus 2 (MDX 1) reads a line starting with a tag as JSX of its own: the paragraph ends there, as before.
    const mdx1 = convertFile('docs/camp.mdx', mdx, {indentedCode: true}).blocks
    expect(text(mdx1[0])).toBe('Pack the rope and')
  })
})

describe('a page’s own navigation', () => {
  it('keeps a <nav> and its links whole, as raw HTML, instead of its list without the element', () => {
    const nav =
      '<nav class="container"><ul class="nav"><li class="links"><a href="/community/talks">Talks</a></li><li><a href="/community/streams">Streams</a></li></ul></nav>'
    for (const file of ['src/pages/videos.md', 'src/pages/videos.mdx']) {
      const {blocks, warnings} = convertFile(file, `<main><h2>Videos</h2>${nav}<p>Watch them all.</p></main>\n`)
      expect(blocks).toEqual([
        {_type: 'block', style: 'h2', markDefs: [], children: [span('Videos')]},
        {_type: 'rawHtml', html: nav},
        paragraph([span('Watch them all.')]),
      ])
      expect(warnings).toEqual([])
    }
  })
})

describe('list items of several blocks', () => {
  it('keeps a heading that opens an item as the item’s first block, its paragraphs after it', () => {
    const {blocks, warnings} = convert('1.  ### Build the query\n\n    Each call returns a new builder.\n\n1.  ### Run it\n\n    One round trip.\n')
    expect(warnings).toEqual([])
    const item = (text: string, style: string) => paragraph([span(text)], {style, listItem: 'number', level: 1})
    expect(blocks).toEqual([
      item('Build the query', 'h3'),
      item('Each call returns a new builder.', 'listParagraph'),
      item('Run it', 'h3'),
      item('One round trip.', 'listParagraph'),
    ])
  })

  it('keeps the paragraphs, code and images indented under an item in that item, and the list going on after them', () => {
    const {blocks, warnings} = convert(
      '1. Unroll the line.\n\n   Keep it off the sand.\n\n   ```sh\n   reel --out 30\n   ```\n\n   ![the reel](/img/reel.png)\n\n2. Launch.\n   - facing the wind\n\n     with both hands\n',
    )
    expect(warnings).toEqual([])
    const item = (text: string, listItem: string, level: number, style = 'normal') => paragraph([span(text)], {style, listItem, level})
    expect(blocks).toEqual([
      item('Unroll the line.', 'number', 1),
      item('Keep it off the sand.', 'number', 1, 'listParagraph'),
      {_type: 'codeBlock', language: 'sh', code: 'reel --out 30', listLevel: 1},
      paragraph([{_type: 'inlineImage', image: {_type: 'image', _sanityAsset: 'image@file://./images/reel.png'}, alt: 'the reel'}], {
        style: 'listParagraph',
        listItem: 'number',
        level: 1,
      }),
      item('Launch.', 'number', 1),
      item('facing the wind', 'bullet', 2),
      item('with both hands', 'bullet', 2, 'listParagraph'),
    ])
  })

  it('gives an item that opens with a code block an item of its own to hold it', () => {
    const {blocks} = convert('- ```js\n  fly()\n  ```\n- land\n')
    expect(blocks).toEqual([
      paragraph([span('')], {listItem: 'bullet', level: 1}),
      {_type: 'codeBlock', language: 'js', code: 'fly()', listLevel: 1},
      paragraph([span('land')], {listItem: 'bullet', level: 1}),
    ])
  })
})

describe('images whose address is an expression', () => {
  it("reads require('…').src (plugin-ideal-image's loader) as the image, and says which image it cannot read instead of leaving it out without a word", () => {
    const {blocks, warnings} = convertFile(
      'docs/quay.mdx',
      ['<img src={require("../img/quay-map.png").src} alt="quay map" width="472"/>', '', '<img src={maps.north} alt="north pier"/>', ''].join('\n'),
    )
    expect(JSON.stringify(blocks)).toContain('image@file://./images/quay-map.png')
    expect(blocks).toHaveLength(1)
    expect(warnings).toEqual([
      `docs/quay.mdx:3: <img alt="north pier"> has no address the import can read (its src is missing or an expression of the page's JavaScript): the image is left out`,
    ])
  })
})

describe('figures', () => {
  it("gives an image its figure's caption, links kept; a figure of anything else keeps its caption as a paragraph after it", () => {
    const {blocks, warnings} = convertFile(
      'docs/quay.mdx',
      [
        '<figure>',
        '',
        '![The north pier](./north-pier.png)',
        '',
        '<figcaption>The north pier at dawn - <a href="https://example.org/pier">Source</a></figcaption>',
        '',
        '</figure>',
        '',
        '<figure>',
        '',
        'Two lines of a poem.',
        '',
        '<figcaption>A poem</figcaption>',
        '',
        '</figure>',
        '',
      ].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'themedImage',
        light: {_type: 'image', _sanityAsset: 'image@file://./images/north-pier.png'},
        alt: 'The north pier',
        caption: 'The north pier at dawn - [Source](https://example.org/pier)',
      },
      {_type: 'block', style: 'normal', markDefs: [], children: [span('Two lines of a poem.')]},
      {_type: 'block', style: 'normal', markDefs: [], children: [span('A poem')]},
    ])
  })
})
