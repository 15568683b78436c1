// Blocks whose extent Docusaurus 3 (MDX 3) reads differently from plain CommonMark → the Portable
// Text the importer writes: code fences with blank lines inside components.
import {describe, expect, it} from 'vitest'
import type {Code, RootContent} from 'mdast'
import {parseBody} from '../parse'
import {convertMarkdown} from '../to-portable-text'
import {convertFile, span} from './convert'

const FILE = 'docs/ferries.mdx'

const convert = (markdown: string) => convertFile(FILE, markdown)
const heading = (style: string, text: string) => ({_type: 'block', style, markDefs: [], children: [span(text)]})
const paragraph = (text: string) => ({_type: 'block', style: 'normal', markDefs: [], children: [span(text)]})

describe('code fences inside components', () => {
  it('keeps a blank line inside an indented fence in a tab as code, and the page after the tabs as markdown', () => {
    const {blocks, warnings} = convert(
      [
        '<Tabs>',
        '  <TabItem value="deck" label="Deck">',
        '    ```sh',
        '    board --deck upper',
        '',
        '    board --deck lower',
        '    ```',
        '  </TabItem>',
        '  <TabItem value="cabin" label="Cabin">',
        '    Book a cabin.',
        '  </TabItem>',
        '</Tabs>',
        '',
        '## Timetable',
        '',
        'Ferries leave hourly.',
        '',
      ].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'tabs',
        panels: [
          {_type: 'tabPanel', value: 'deck', label: 'Deck', body: [{_type: 'codeBlock', language: 'sh', code: 'board --deck upper\n\nboard --deck lower'}]},
          {_type: 'tabPanel', value: 'cabin', label: 'Cabin', body: [paragraph('Book a cabin.')]},
        ],
      },
      heading('h2', 'Timetable'),
      paragraph('Ferries leave hourly.'),
    ])
  })

  it('reads the same fence in a file with Windows line endings', () => {
    const {blocks, warnings} = convert(
      [
        '<Tabs>',
        '  <TabItem value="deck" label="Deck">',
        '    ```sh',
        '    board',
        '',
        '    sail',
        '    ```',
        '  </TabItem>',
        '</Tabs>',
        '',
        '## Timetable',
        '',
      ].join('\r\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks).toHaveLength(2)
    expect(JSON.stringify(blocks[0])).toMatch(/"code":"board(\\r)?\\n(\\r)?\\nsail"/)
    expect(blocks[1]).toEqual(heading('h2', 'Timetable'))
  })

  it('does the same inside an admonition, with a tilde fence holding a line of backticks and several blank lines', () => {
    const {blocks, warnings} = convert(
      [':::note', '', '<div>', '  ~~~text', '  ```', '', '', '  wake', '  ~~~', '</div>', '', ':::', '', 'Docked.', ''].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks.at(-1)).toEqual(paragraph('Docked.'))
    expect(JSON.stringify(blocks)).toContain(JSON.stringify('```\n\n\nwake'))
    expect(JSON.stringify(blocks)).not.toContain('</div>')
  })
})

describe('the blog truncate marker inside a line', () => {
  const readMore = {_type: 'readMore'}

  it('ends the excerpt at a comment marker closing a paragraph', () => {
    const {blocks, warnings} = convert('The ferry to the island runs again. <!-- truncate -->\n\nTimes change in winter.\n')
    expect(warnings).toEqual([])
    expect(blocks).toEqual([paragraph('The ferry to the island runs again.'), readMore, paragraph('Times change in winter.')])
  })

  it('ends it at the MDX comment marker too, keeping the text after it on the same line', () => {
    const {blocks, warnings} = convert('Two boats a day. {/* truncate */} Book ahead.\n')
    expect(warnings).toEqual([])
    // Text on both sides: one paragraph on the post's page, the break inside it.
    expect(blocks).toEqual([paragraph('Two boats a day.'), {...readMore, withinParagraph: true}, paragraph('Book ahead.')])
  })

  it('ends it at a marker opening a line of text', () => {
    const {blocks, warnings} = convert('Summer schedule.\n\n<!-- truncate --> Winter schedule.\n')
    expect(warnings).toEqual([])
    expect(blocks).toEqual([paragraph('Summer schedule.'), readMore, paragraph('Winter schedule.')])
  })

  it('ends it after a quote or a list whose text holds the marker, as Docusaurus cuts its source there', () => {
    const quoted = convert('> Every boat is checked before it sails.<!-- truncate -->\n\nThe checks take an hour.\n').blocks
    expect(quoted.map((block) => (block as {_type: string})._type)).toEqual(['block', 'readMore', 'block'])
    const listed = convert('- Life jackets {/* truncate */}\n- Flares\n\nMore below.\n').blocks
    expect(listed.map((block) => (block as {_type: string})._type)).toEqual(['block', 'block', 'readMore', 'block'])
    // In code, the marker is text.
    expect(convert('> Write `<!-- truncate -->` to cut.\n').blocks).not.toContainEqual(readMore)
  })

  it('leaves a marker written in inline code as code', () => {
    const {blocks} = convert('Write `<!-- truncate -->` to cut the excerpt.\n')
    expect(blocks).not.toContainEqual(readMore)
  })
})

describe('the truncate marker inside a line of a nested body', () => {
  it('is only a comment in an admonition: its paragraph stays whole', () => {
    const {blocks, warnings} = convert(':::note\n\nCabins are heated. <!-- truncate --> Blankets are extra.\n\n:::\n')
    expect(warnings).toEqual([])
    const [admonition] = blocks as Array<{_type: string; body: Array<{children: Array<{text: string}>}>}>
    expect(admonition?._type).toBe('admonition')
    expect(admonition?.body).toHaveLength(1)
    expect(
      admonition?.body[0]?.children
        .map((child) => child.text)
        .join('')
        .replace(/\s+/g, ' '),
    ).toBe('Cabins are heated. Blankets are extra.')
  })
})

describe('markdown and components inside an HTML table', () => {
  const codeBlock = (language: string, code: string) => ({_type: 'codeBlock', language, code})
  const bullet = (text: string) => ({_type: 'block', style: 'normal', listItem: 'bullet', level: 1, markDefs: [], children: [span(text)]})
  const slot = (...body: unknown[]) => ({_type: 'htmlSlot', body})

  it('keeps a table whose cells hold markdown after blank lines as one table, each cell’s blocks in a slot', () => {
    const {blocks, warnings} = convert(
      [
        '<table>',
        '<tr><th>Ferry</th><th>Stops</th></tr>',
        '<tr>',
        '<td>',
        '',
        '```js',
        "ferry.dock('north')",
        '```',
        '',
        '</td>',
        '<td>',
        '',
        '- Harbour',
        '- Lighthouse',
        '',
        '</td>',
        '</tr>',
        '</table>',
        '',
        'Timetables change in winter.',
        '',
      ].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'rawHtml',
        html: '<table>\n<tr><th>Ferry</th><th>Stops</th></tr>\n<tr>\n<td>\n\u27e6slot 0\u27e7\n</td>\n<td>\n\u27e6slot 1\u27e7\n</td>\n</tr>\n</table>',
        slots: [slot(codeBlock('js', "ferry.dock('north')")), slot(bullet('Harbour'), bullet('Lighthouse'))],
      },
      paragraph('Timetables change in winter.'),
    ])
  })

  it('converts a component written on lines of its own inside a cell, and leaves one in a line of text in the HTML', () => {
    const {blocks, warnings} = convert(
      [
        "import CodeBlock from '@theme/CodeBlock';",
        '',
        '<table>',
        '  <tr>',
        '    <td>',
        '      <CodeBlock language="dart">{`void sail() {}`}</CodeBlock>',
        '    </td>',
        '    <td>Sails at <b>dawn</b></td>',
        '  </tr>',
        '</table>',
        '',
      ].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(blocks).toEqual([
      {
        _type: 'rawHtml',
        html: '<table>\n  <tr>\n    <td>\n      \u27e6slot 0\u27e7\n    </td>\n    <td>Sails at <b>dawn</b></td>\n  </tr>\n</table>',
        slots: [slot(codeBlock('dart', 'void sail() {}'))],
      },
    ])
  })

  it('slots a component in a table of an MDX 1 file, keeps it as an HTML tag in a CommonMark file, and leaves a table never closed as before', () => {
    const withComponent = ['<table>', '<tr><td>', '<Ferry name="Aurora" />', '</td></tr>', '</table>', ''].join('\n')
    const mdx1 = convertFile('docs/ferries.md', withComponent, {indentedCode: true})
    expect(mdx1.blocks).toEqual([expect.objectContaining({_type: 'rawHtml', html: '<table>\n<tr><td>\n\u27e6slot 0\u27e7\n</td></tr>\n</table>'})])
    const commonMark = convertFile('docs/ferries.md', withComponent, {indentedCode: true, commonMark: true})
    expect(commonMark.blocks).toEqual([{_type: 'rawHtml', html: withComponent.trim()}])
    // CommonMark's HTML is parsed again as a whole, so the markdown after blank lines ends up in the cell there too.
    const spanning = convertFile('docs/ferries.md', ['<table>', '<tr><td>', '', '**Pier** 4', '', '</td></tr>', '</table>', ''].join('\n'), {
      indentedCode: true,
      commonMark: true,
    })
    expect(spanning.blocks).toMatchObject([{_type: 'rawHtml', slots: [{body: [{_type: 'block'}]}]}])
    const unclosed = convert(['<table>', '<tr><td>', '', 'Pier 4', ''].join('\n'))
    expect(unclosed.blocks).toEqual([{_type: 'rawHtml', html: '<table>\n<tr><td>'}, paragraph('Pier 4')])
  })
})

describe('a line made only of elements', () => {
  const line = [
    '### depart {/* #ferry-depart */}',
    '',
    '<font size="2" style={{position: "relative", top: "-12px"}}>Since: 2.4</font><x-index>ferry.depart</x-index>',
    '',
    'Casts off from the pier.',
    '',
  ].join('\n')
  const sinceBlock = (style: string) => ({
    _type: 'block',
    style,
    markDefs: [{_type: 'inlineElement', tag: 'span', style: 'position: relative; top: -12px; font-size: small'}],
    children: [{_type: 'span', text: 'Since: 2.4', marks: [expect.any(String)]}],
  })

  it('is no paragraph in MDX: a line of its own, its font size and offset kept', () => {
    const {blocks, warnings} = convertFile(FILE, line, {hiddenElements: new Set(['x-index'])})
    expect(warnings).toEqual([])
    expect(blocks.slice(1)).toEqual([sinceBlock('line'), paragraph('Casts off from the pier.')])
  })

  it('stays a paragraph where text stands beside the elements, in CommonMark and in MDX 1', () => {
    expect(convert('<b>Note:</b> the pier closes at dusk.').blocks).toEqual([
      {_type: 'block', style: 'normal', markDefs: [], children: [span('Note:', ['strong']), span(' the pier closes at dusk.')]},
    ])
    for (const features of [{commonMark: true, indentedCode: true}, {indentedCode: true}]) {
      const {blocks} = convertFile('docs/ferries.md', line, {...features, hiddenElements: new Set(['x-index'])})
      expect((blocks[1] as {style?: string}).style).toBe('normal')
    }
  })
})

describe('a backslash ending a line', () => {
  const text = ['The tide tables are updated weekly.\\', 'Check them before you sail.', ''].join('\n')

  it('is a hard line break in MDX 2 and 3 and in CommonMark, and text in MDX 1, where the line break is a space', () => {
    const withBreak = {_type: 'block', style: 'normal', markDefs: [], children: [span('The tide tables are updated weekly.\nCheck them before you sail.')]}
    expect(convert(text).blocks).toEqual([withBreak])
    expect(convertFile('docs/ferries.md', text, {indentedCode: true, commonMark: true}).blocks).toEqual([withBreak])
    expect(convertFile('docs/ferries.md', text, {indentedCode: true}).blocks).toEqual([
      paragraph('The tide tables are updated weekly.\\ Check them before you sail.'),
    ])
    // An escaped backslash ends the line as text everywhere; code keeps its backslashes.
    expect(convertFile('docs/ferries.md', 'A path ends in \\\\\nand goes on.\n', {indentedCode: true}).blocks).toEqual([
      paragraph('A path ends in \\ and goes on.'),
    ])
    expect(convertFile('docs/ferries.md', '```sh\nsail --port 4 \\\n  --slow\n```\n', {indentedCode: true}).blocks).toEqual([
      {_type: 'codeBlock', language: 'sh', code: 'sail --port 4 \\\n  --slow'},
    ])
  })
})

describe('a table right under a line of text', () => {
  const text = ['Fares, per crossing:', '| Boat | Fare |', '| --- | --- |', '| Ferry | 4 |', '', 'After the table.', ''].join('\n')

  it('ends the paragraph in MDX 2 and 3 (GFM), and is the paragraph’s text in MDX 1, as remark-parse 8 reads it', () => {
    const kinds = (blocks: unknown[]) => blocks.map((block) => (block as {_type: string})._type)
    expect(kinds(convert(text).blocks)).toEqual(['block', 'table', 'block'])
    expect(convertFile('docs/fares.md', text, {indentedCode: true}).blocks).toEqual([
      paragraph('Fares, per crossing: | Boat | Fare | | --- | --- | | Ferry | 4 |'),
      paragraph('After the table.'),
    ])
    // After a heading, or with a blank line between, it is a table in MDX 1 too.
    for (const above of ['## Fares', 'Fares, per crossing:\n']) {
      const table = [above, '| Boat | Fare |', '| --- | --- |', '| Ferry | 4 |', ''].join('\n')
      expect(kinds(convertFile('docs/fares.md', table, {indentedCode: true}).blocks)).toEqual(['block', 'table'])
    }
  })
})

describe('a bare address', () => {
  it('is a link in MDX 1 only when its domain has a dot, as remark-parse 8 reads it; a link in MDX 2 and 3', () => {
    const text = 'Open http://localhost:9090/ or https://tides.example.org/today, not www.harbour.\n'
    const linked = (blocks: unknown[]) =>
      ((blocks[0] as {children: Array<{text: string; marks: string[]}>}).children ?? []).filter((child) => child.marks.length > 0).map((child) => child.text)
    expect(linked(convert(text).blocks)).toEqual(['http://localhost:9090/', 'https://tides.example.org/today', 'www.harbour'])
    expect(linked(convertFile('docs/tides.md', text, {indentedCode: true}).blocks)).toEqual(['https://tides.example.org/today'])
    // Written in angle brackets, it is a link in every version.
    expect(linked(convertFile('docs/tides.md', 'Open <http://localhost:9090/>.\n', {indentedCode: true}).blocks)).toEqual(['http://localhost:9090/'])
  })
})

describe('an export holding JSX', () => {
  it('is JavaScript of the page to its blank line, its JSX and closing parenthesis too', () => {
    const text = [
      'Before.',
      '',
      'export const Anchor = ({children, name}) => (',
      '  <a',
      '    id = { name }',
      '    href = { "#" + name }>',
      '    {children}',
      '  </a>',
      ');',
      '',
      'After.',
      '',
    ].join('\n')
    const {blocks, warnings} = convertFile('docs/ferries.mdx', text)
    expect(blocks).toEqual([paragraph('Before.'), paragraph('After.')])
    expect(warnings).toEqual(['docs/ferries.mdx:3: an MDX export is JavaScript of the page, not content: not imported'])
  })
})

describe('emoji shortcodes', () => {
  it('are read with the names and emoji of the Docusaurus version: node-emoji 1 under Docusaurus 2, 2 under Docusaurus 3', () => {
    const text = '| Crew | Status |\n| - | - |\n| :construction_worker: | :gear: :man_shrugging: |\n\nDeck :construction_worker: and :man_shrugging:.\n'
    expect(convertFile('docs/ferries.md', text, {indentedCode: true}).blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Crew', 'Status']},
          {_type: 'tableRow', cells: ['👷‍♂️', '⚙️ :man_shrugging:']},
        ],
        align: ['none', 'none'],
      },
      paragraph('Deck 👷‍♂️ and :man_shrugging:.'),
    ])
    expect(convert(text).blocks).toEqual([
      {
        _type: 'table',
        rows: [
          {_type: 'tableRow', cells: ['Crew', 'Status']},
          {_type: 'tableRow', cells: [':construction_worker:', '⚙ 🤷‍♂️']},
        ],
        align: ['none', 'none'],
      },
      paragraph('Deck :construction_worker: and 🤷‍♂️.'),
    ])
  })
})

describe('bold with a space inside its closing marker', () => {
  it('is bold in MDX 1, where the next ** of the line closes it, and text in MDX 2 and 3', () => {
    const text = '**Harbour master: **Sign the log. Keep `**` in code **as is**.\n'
    expect(convertFile('docs/ferries.md', text, {indentedCode: true}).blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [
          span('Harbour master:', ['strong']),
          span(' Sign the log. Keep '),
          span('**', ['code']),
          span(' in code '),
          span('as is', ['strong']),
          span('.'),
        ],
      },
    ])
    expect(convert(text).blocks).toEqual([
      {
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [span('**Harbour master: **Sign the log. Keep '), span('**', ['code']), span(' in code '), span('as is', ['strong']), span('.')],
      },
    ])
  })

  it('is bold in MDX 1 where CommonMark would not pair the markers (punctuation inside, a letter outside), and text in MDX 2 and 3', () => {
    const text = '**票价：**per crossing, **(return)**included, and a**b**c.\n'
    const strong = (blocks: unknown[]) =>
      (blocks[0] as {children: Array<{text: string; marks: string[]}>}).children.filter((child) => child.marks.includes('strong')).map((child) => child.text)
    expect(strong(convertFile('docs/fares.md', text, {indentedCode: true}).blocks)).toEqual(['票价：', '(return)', 'b'])
    // CommonMark leaves the first pair as text.
    const mdx3 = convert(text).blocks
    expect(strong(mdx3)).not.toContain('票价：')
    expect((mdx3[0] as {children: Array<{text: string}>}).children[0]?.text).toMatch(/^\*\*票价：\*\*per crossing/)
  })
})

describe("lists as Docusaurus 2's MDX 1 reads them", () => {
  const steps = [
    '1. Moor the boat.  ',
    '  Use the bow line first,',
    '  then the stern line.',
    '',
    '  Check both lines at low tide.',
    '',
    '  ```sh',
    '  moor --check',
    '  ```',
    '  Then note the time.',
    '',
    '1. Pay the berth fee.',
    '',
    'The harbour office closes at six.',
    '',
  ].join('\n')

  it('keeps blocks indented less than the item’s text in the item above, and the list going on after them', () => {
    const {blocks, warnings} = convertFile('docs/berths.md', steps, {indentedCode: true})
    expect(warnings).toEqual([])
    expect(
      blocks.map((block) => {
        const {_type, style, listItem, level, listLevel} = block as Record<string, unknown>
        return {_type, style, listItem, level, listLevel}
      }),
    ).toEqual([
      {_type: 'block', style: 'normal', listItem: 'number', level: 1, listLevel: undefined},
      {_type: 'block', style: 'listParagraph', listItem: 'number', level: 1, listLevel: undefined},
      {_type: 'codeBlock', style: undefined, listItem: undefined, level: undefined, listLevel: 1},
      {_type: 'block', style: 'listParagraph', listItem: 'number', level: 1, listLevel: undefined},
      {_type: 'block', style: 'normal', listItem: 'number', level: 1, listLevel: undefined},
      {_type: 'block', style: 'normal', listItem: undefined, level: undefined, listLevel: undefined},
    ])
  })

  it('keeps a code fence right under an item’s text in the item, indented four spaces but less than the text', () => {
    const markdown = [
      '  1. Tie the knot in',
      '  the bow line:',
      '    ```sh',
      '    knot --bowline',
      '      --tight',
      '    ```',
      '  2. Check it.',
      '',
      'Then cast off.',
      '',
      '    indented code stays code',
      '',
    ].join('\n')
    const {blocks, warnings} = convertFile('docs/knots.md', markdown, {indentedCode: true})
    expect(warnings).toEqual([])
    expect(blocks.map((block) => (block as {_type: string})._type)).toEqual(['block', 'codeBlock', 'block', 'block', 'codeBlock'])
    expect(blocks[1]).toMatchObject({_type: 'codeBlock', language: 'sh', code: 'knot --bowline\n  --tight', listLevel: 1})
    expect(blocks[4]).toMatchObject({_type: 'codeBlock', code: 'indented code stays code'})
  })

  it('closes a code fence at a closing line indented by a tab, as MDX 1 does', () => {
    const markdown = ['2. Connect:', ' ```go', ' client := open()', '\t```', ' Note the client.', ''].join('\n')
    const {blocks} = convertFile('docs/connect.md', markdown, {indentedCode: true})
    expect(blocks.map((block) => (block as {_type: string})._type)).toEqual(['block', 'codeBlock', 'block'])
    expect(blocks[1]).toMatchObject({code: 'client := open()'})
  })

  it('ends a list nested in a container (an admonition in an item) at a block as little indented as its marker', () => {
    const nested = [
      '1. Add the plugin.',
      '',
      '   :::note',
      '',
      '   The plugin:',
      '',
      '   - cleans up',
      '   - resolves the browser',
      '',
      '   Either can be turned off.',
      '',
      '   :::',
      '',
    ].join('\n')
    const {blocks} = convertFile('docs/berths.md', nested, {indentedCode: true})
    const note = blocks.find((block) => (block as {_type: string})._type === 'admonition') as {
      body: Array<{listItem?: string; children: Array<{text: string}>}>
    }
    expect(note.body.map((block) => [block.listItem, block.children.map((child) => child.text).join('')])).toEqual([
      [undefined, 'The plugin:'],
      ['bullet', 'cleans up'],
      ['bullet', 'resolves the browser'],
      [undefined, 'Either can be turned off.'],
    ])
  })

  it('keeps a block as indented as the marker of a list indented in its item in that list’s last item', () => {
    const nested = [
      '- `output`: where logs go.',
      '',
      '  Possible values:',
      '',
      '    - `stdout` for the standard output.',
      '',
      '    - A path to a file.',
      '',
      '    **Example:** `/var/log/reel`',
      '',
      '  **Example:** `stdout`',
      '',
    ].join('\n')
    const {blocks} = convertFile('docs/berths.md', nested, {indentedCode: true})
    expect(
      blocks.map((block) => {
        const {style, listItem, level, children} = block as {style: string; listItem?: string; level?: number; children: Array<{text: string}>}
        return [style, listItem, level, children.map((child) => child.text).join('')]
      }),
    ).toEqual([
      ['normal', 'bullet', 1, 'output: where logs go.'],
      ['listParagraph', 'bullet', 1, 'Possible values:'],
      ['normal', 'bullet', 2, 'stdout for the standard output.'],
      ['normal', 'bullet', 2, 'A path to a file.'],
      ['listParagraph', 'bullet', 2, 'Example: /var/log/reel'],
      ['listParagraph', 'bullet', 1, 'Example: stdout'],
    ])
  })

  it('ends the list there under CommonMark and MDX 2 and 3, as they do', () => {
    for (const features of [{commonMark: true, indentedCode: true}, {}]) {
      const {blocks} = convertFile('docs/berths.md', steps, features)
      expect((blocks[1] as {listItem?: string}).listItem).toBeUndefined()
    }
  })
})

describe("MDX 1's jsx and import nodes (Docusaurus 2's npm2yarn writes its tabs so)", () => {
  it('reads them as the tags and the import they hold: tabs of code, nothing left unconverted', () => {
    const markdown = 'Install it:\n\n```bash npm2yarn\nnpm install --save-dev quay\n```\n'
    const root = parseBody(markdown)
    const [intro, code] = root.children as [RootContent, Code]
    const jsx = (value: string) => ({type: 'jsx', value}) as unknown as RootContent
    root.children = [
      {type: 'import', value: "import Tabs from '@theme/Tabs'\nimport TabItem from '@theme/TabItem'"} as unknown as RootContent,
      intro,
      jsx('<Tabs groupId="npm2yarn">\n<TabItem value="npm">'),
      {...code, lang: 'bash', meta: null},
      jsx('</TabItem>\n<TabItem value="yarn" label="Yarn">'),
      {type: 'code', lang: 'bash', meta: null, value: 'yarn add --dev quay'},
      jsx('</TabItem>\n</Tabs>'),
    ]
    const warnings: string[] = []
    const {blocks} = convertMarkdown(markdown, {
      file: 'docs/quay.mdx',
      resolveLink: (href) => href,
      resolveImage: (src) => ({_type: 'image', _sanityAsset: `image@file://./images/${src}`}),
      warn: (diagnostic) => warnings.push(diagnostic.message),
      features: {indentedCode: true},
      preparedRoot: root,
    })
    expect(warnings).toEqual([])
    expect(JSON.parse(JSON.stringify(blocks, (key, value: unknown) => (key === '_key' ? undefined : value)))).toMatchObject([
      paragraph('Install it:'),
      {
        _type: 'tabs',
        groupId: 'npm2yarn',
        panels: [
          {value: 'npm', body: [{_type: 'codeBlock', language: 'bash', code: 'npm install --save-dev quay'}]},
          {value: 'yarn', label: 'Yarn', body: [{_type: 'codeBlock', language: 'bash', code: 'yarn add --dev quay'}]},
        ],
      },
    ])
  })
})
