// Markdown quotes as Docusaurus shows them: one quote around all the blocks it holds.
import {describe, expect, it} from 'vitest'
import {convertFile, span} from '../../__tests__/convert'

const convert = (markdown: string) => convertFile('docs/harbour.md', markdown)
const paragraph = (text: string, style = 'normal') => ({_type: 'block', style, markDefs: [], children: [span(text)]})

describe('block quotes', () => {
  it('keeps a quote of one paragraph a paragraph of the blockquote style', () => {
    expect(convert('> Fair winds to every crew.\n').blocks).toEqual([paragraph('Fair winds to every crew.', 'blockquote')])
  })

  it('makes a quote of several paragraphs one quote holding them', () => {
    const {blocks, warnings} = convert('> The tide turns at noon.\n>\n> Leave before it does.\n\nAfter the quote.\n')
    expect(warnings).toEqual([])
    expect(blocks).toEqual([{_type: 'quote', body: [paragraph('The tide turns at noon.'), paragraph('Leave before it does.')]}, paragraph('After the quote.')])
  })

  it('keeps a heading, a list and a code block inside their quote', () => {
    const {blocks} = convert(
      ['> ##### Before you sail', '>', '> Pack these:', '>', '> - a life jacket', '> - a radio', '>', '> ```sh', '> tide --today', '> ```', ''].join('\n'),
    )
    expect(blocks).toHaveLength(1)
    const [quote] = blocks as Array<{_type: string; body: Array<{_type: string; style?: string; listItem?: string; code?: string}>}>
    expect(quote?._type).toBe('quote')
    expect(quote?.body.map((block) => (block._type === 'block' ? `${block.style}${block.listItem ? `/${block.listItem}` : ''}` : block._type))).toEqual([
      'h5',
      'normal',
      'normal/bullet',
      'normal/bullet',
      'codeBlock',
    ])
    expect(quote?.body.at(-1)?.code).toBe('tide --today')
  })

  it('keeps two quotes apart when a blank line separates them, and reads a quote in a quote as part of it', () => {
    expect(convert('> First note.\n\n> Second note.\n').blocks).toEqual([paragraph('First note.', 'blockquote'), paragraph('Second note.', 'blockquote')])
    expect(convert('> Outer words.\n>\n> > Inner words.\n').blocks).toEqual([{_type: 'quote', body: [paragraph('Outer words.'), paragraph('Inner words.')]}])
  })

  it('puts a quote indented under a list item inside that item', () => {
    const {blocks} = convert(['1. Raise the sail.', '', '   > Slowly.', '   >', '   > Watch the boom.', '', '2. Cast off.', ''].join('\n'))
    expect(blocks).toEqual([
      {_type: 'block', style: 'normal', listItem: 'number', level: 1, markDefs: [], children: [span('Raise the sail.')]},
      {_type: 'quote', listLevel: 1, body: [paragraph('Slowly.'), paragraph('Watch the boom.')]},
      {_type: 'block', style: 'normal', listItem: 'number', level: 1, markDefs: [], children: [span('Cast off.')]},
    ])
  })

  it('keeps a quote of one paragraph indented under a list item inside that item, so that the list goes on after it', () => {
    const {blocks, warnings} = convert('1. Raise the sail.\n\n   > Only in calm water.\n\n2. Cast off.\n')
    expect(warnings).toEqual([])
    const item = (text: string) => ({...paragraph(text), listItem: 'number', level: 1})
    expect(blocks).toEqual([item('Raise the sail.'), {_type: 'quote', body: [paragraph('Only in calm water.')], listLevel: 1}, item('Cast off.')])
  })
})
