// The gfm-constructs Docusaurus 3 fixture (see its README): footnotes, list items of several blocks,
// line breaks in table cells and links to files that are not docs, as Docusaurus 3 renders them.
import {describe, expect, it} from 'vitest'
import {formatDiagnostic, sortDiagnostics} from '../diagnostics'
import {useImportedFixture} from './fixture-site'

const site = useImportedFixture('gfm-constructs')
const {get, ofType} = site

interface Block {
  _type: string
  style?: string
  listItem?: string
  level?: number
  listLevel?: number
  body?: Block[]
  markDefs?: Array<{href?: string}>
  children?: Array<{_type: string; text?: string; label?: string; note?: Block[]}>
  rows?: Array<{cells: string[]}>
}
const body = (id: string) => get(id).body as Block[]
const textOf = (block: Block) => (block.children ?? []).map((child) => (child._type === 'footnote' ? `[${child.label}]` : (child.text ?? ''))).join('')

describe('importing the gfm-constructs site', () => {
  it('writes the dataset, naming only the footnote mistakes of the page written with them, at their lines', () => {
    expect(site.result.errors.map(formatDiagnostic)).toEqual([])
    expect(site.result.written).toBe(true)
    expect(sortDiagnostics(site.result.warnings).map(formatDiagnostic)).toEqual([
      'docs/footnote-mistakes.md:7: footnote reference [^ghost] has no definition ([^ghost]: …): shown as written',
      'docs/footnote-mistakes.md:13: footnote definition [^orphan] is never referenced: Docusaurus does not show it, nor does this site',
    ])
  })
})

describe('footnotes', () => {
  it('keeps each reference where it stands (in an admonition too) and the definitions out of the flow', () => {
    const blocks = body('doc-current-en-footnotes')
    expect(blocks.map((block) => (block._type === 'admonition' ? `tip: ${(block.body ?? []).map(textOf).join()}` : textOf(block)))).toEqual([
      'A delta kite climbs in a light breeze[breeze] and holds its angle once the bridle is set[bridle]. Heavier box kites want more wind[breeze], and a long tail steadies them[tail].',
      'tip: Check the forecast before you go out[forecast].',
      'Lines',
      'Braided lines stretch less than twisted ones.[stretch]',
    ])
    const notes = blocks
      .flatMap((block) => [...(block.children ?? []), ...(block.body ?? []).flatMap((inner) => inner.children ?? [])])
      .filter((child) => child.note)
    expect(notes.map((child) => [child.label, (child.note ?? []).map(textOf)])).toEqual([
      ['breeze', ['Around eight to twelve kilometres an hour is enough for most deltas.']],
      ['bridle', ['The bridle is the set of short lines that ties the flying line to the kite.', 'Move the towing point forward for stronger wind.']],
      ['tail', ["A tail about seven times the kite's height works well."]],
      ['forecast', ['Gusty wind is harder than steady wind of the same speed.']],
      [
        'stretch',
        [
          'Stretch makes the kite feel slow to answer the line. Two ways out:',
          'A braided line of the same strength.',
          'A shorter line.',
          'Fifty metres is plenty on a small field.',
        ],
      ],
    ])
    // A list of a note stays a list, numbered, with an item's further paragraph.
    const stretch = notes.find((child) => child.label === 'stretch')?.note ?? []
    expect(stretch.map((block) => [block.style, block.listItem ?? null, block.level ?? null])).toEqual([
      ['normal', null, null],
      ['normal', 'number', 1],
      ['normal', 'number', 1],
      ['listParagraph', 'number', 1],
    ])
  })

  it('shows a reference without a definition as written and leaves out a definition never referenced, as Docusaurus does', () => {
    expect(body('doc-current-en-footnote-mistakes').map(textOf)).toEqual([
      'This sentence points at a note that nobody wrote[^ghost].',
      'This one is fine[real].',
    ])
  })
})

describe('list items of several blocks', () => {
  it('keeps the paragraphs, code and image of an item in it, and one list to the end', () => {
    const blocks = body('doc-current-en-list-items')
    expect(blocks.map((block) => [block._type, block.style ?? null, block.listItem ?? null, block.level ?? block.listLevel ?? null, textOf(block)])).toEqual([
      ['block', 'normal', null, null, 'Launching alone:'],
      ['block', 'normal', 'number', 1, 'Lay the kite face down with its nose into the wind.'],
      ['block', 'listParagraph', 'number', 1, 'Put a small stone on the spine so that a gust does not flip it.'],
      ['block', 'normal', 'number', 1, 'Walk back with the line, letting it out as you go.'],
      ['codeBlock', null, null, 1, ''],
      ['block', 'normal', 'number', 1, 'Pull the line in sharply to lift the kite.'],
      ['block', 'listParagraph', 'number', 1, ''],
      ['block', 'normal', 'number', 1, 'Let the line out again once it climbs.'],
      ['block', 'normal', null, null, 'Packing up:'],
      ['block', 'normal', 'bullet', 1, 'Wind the line on its spool.'],
      ['block', 'listParagraph', 'bullet', 1, 'Keep the turns even.'],
      ['block', 'normal', 'bullet', 2, 'Start slowly.'],
      ['block', 'listParagraph', 'bullet', 2, 'Then speed up.'],
      ['block', 'normal', 'bullet', 2, 'Check for frayed spots.'],
      ['block', 'normal', 'bullet', 1, 'Fold the spars.'],
    ])
    expect(blocks[6]?.children?.[0]).toMatchObject({_type: 'inlineImage', alt: 'A kite rising'})
  })
})

describe('line breaks in table cells', () => {
  it('breaks the line of a cell at each <br/> and <br /> (MDX) and <br> (CommonMark), in bold and emphasised text too', () => {
    expect(body('doc-current-en-table-breaks')[0]?.rows?.map((row) => row.cells)).toEqual([
      ['Kite', 'Wind', 'Notes'],
      ['Delta', 'light\nto fair', 'climbs easily\nforgiving'],
      ['Box', 'fair to strong', '**needs\nroom** to launch'],
      ['Sled', 'light', 'no spars\nfolds flat\nfor travel'],
      // Emphasis ending with a line break: the break is after its marker, which the cell's markup reads as the end of it.
      ['Kestrel', 'gusty', '*rigid frame*\n spare spar'],
    ])
    expect(body('doc-current-en-table-breaks-md')[1]?.rows?.map((row) => row.cells)).toEqual([
      ['Spar', 'Material'],
      ['Spine', 'carbon\n6 mm'],
      ['Spreader', 'fibreglass\n5 mm'],
    ])
  })
})

describe('links to files that are not docs', () => {
  it('serves a file linked relatively under /assets/files/, and links to files of static/ at their path', () => {
    expect(body('doc-current-en-file-links').map((block) => block.markDefs?.[0]?.href)).toEqual([
      expect.stringMatching(/^\/assets\/files\/[0-9a-f]{8}-guide\.pdf$/),
      expect.stringMatching(/^\/assets\/files\/[0-9a-f]{8}-parts\.txt$/),
      '/downloads/plans.zip',
      '/downloads/winds.csv',
    ])
    const served = ofType('staticFile').map((file) => String(file.path))
    for (const link of body('doc-current-en-file-links').map((block) => block.markDefs?.[0]?.href ?? '')) expect(served).toContain(link.slice(1))
  })
})

describe('quotes', () => {
  // A block as a line: a quote as the lines of its blocks, indented under it.
  const outline = (block: Block): string[] => {
    const own = block._type === 'block' ? `${block.listItem ?? block.style}: ${textOf(block)}` : block._type
    const level = block.listLevel ? ` (in item ${block.listLevel})` : ''
    return [`${own}${level}`, ...(block.body ?? []).flatMap(outline).map((line) => `  ${line}`)]
  }

  it('keeps each quote one quote around all its blocks, and two quotes a blank line apart two quotes', () => {
    expect(body('doc-current-en-quotes').flatMap(outline)).toEqual([
      "normal: What the club's oldest member says about the first flight of the season:",
      'quote',
      '  normal: Pick a day with a steady breeze, not a strong one.',
      '  normal: The kite will tell you when it is ready: the line goes taut on its own.',
      'normal: Two quotes one after the other stay two quotes:',
      'blockquote: Fly over grass, never over roads.',
      'blockquote: Keep away from power lines.',
      'normal: A quote can hold a heading, a list and code:',
      'quote',
      '  h4: Before you leave home',
      '  normal: Pack these:',
      '  bullet: the spool with its line',
      '  bullet: a spare bridle',
      '  codeBlock',
      'normal: Steps with a quote inside one of them:',
      'number: Unpack the kite.',
      'quote (in item 1)',
      '  normal: Unfold the spars gently.',
      '  normal: A cracked spar cannot be mended on the field.',
      'number: Clip the line to the bridle.',
    ])
  })
})
