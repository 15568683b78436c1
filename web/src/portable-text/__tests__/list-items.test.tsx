// A list item of several blocks is one <li> holding them, and an ordered list keeps its numbering after them.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {createTranslator} from '@site/schemas/i18n'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {prepareBody} from '../prepare'
import {PortableBody} from '../render'
import type {RichBody} from '../types'

const span = (key: string, text: string) => ({_type: 'span' as const, _key: key, text, marks: []})
const item = (key: string, text: string, listItem: 'bullet' | 'number', level: number, style: 'normal' | 'listParagraph' | 'h3' = 'normal') => ({
  _type: 'block' as const,
  _key: key,
  style,
  listItem,
  level,
  markDefs: [],
  children: [span(`${key}s`, text)],
})

async function render(body: RichBody) {
  const prepared = await prepareBody(body, {
    locales: testRoutingTable().locales,
    locale: 'en',
    translator: createTranslator('en', 'en', []),
    document: 'doc v4/kites',
  })
  return renderToStaticMarkup(<PortableBody blocks={prepared.blocks} />)
}

describe('list items of several blocks', () => {
  it('draws an item that opens with a heading as that heading inside the <li>, with its anchor', async () => {
    const html = await render([
      item('a', 'Build the query', 'number', 1, 'h3'),
      item('b', 'Each call returns a new builder.', 'number', 1, 'listParagraph'),
      item('c', 'Run it', 'number', 1, 'h3'),
    ])
    expect(html).toMatch(
      /^<ol><li><h3 id="build-the-query">Build the query<\/h3><p>Each call returns a new builder.<\/p><\/li><li><h3 id="run-it">Run it<\/h3><\/li><\/ol>$/,
    )
  })

  it('draws the nested list of an item that opens with a heading after the heading, not inside it', async () => {
    const html = await render([
      item('a', 'Install the engine', 'number', 1, 'h3'),
      item('b', 'Log in.', 'number', 2),
      item('c', 'Update.', 'number', 2),
      item('d', 'Install the plugin', 'number', 1, 'h3'),
      item('e', 'Run it.', 'number', 2),
    ])
    expect(html).toBe(
      '<ol><li><h3 id="install-the-engine">Install the engine</h3><ol><li>Log in.</li><li>Update.</li></ol></li>' +
        '<li><h3 id="install-the-plugin">Install the plugin</h3><ol><li>Run it.</li></ol></li></ol>',
    )
  })

  it('puts an item’s later paragraphs, its code and its admonition inside its <li>, one list to the end', async () => {
    const html = await render([
      item('a', 'Unroll the line.', 'number', 1),
      item('b', 'Keep it off the sand.', 'number', 1, 'listParagraph'),
      {_type: 'codeBlock', _key: 'c', language: 'sh', code: 'reel --out 30', listLevel: 1},
      {
        _type: 'admonition',
        _key: 'ad',
        kind: 'tip',
        listLevel: 1,
        body: [{_type: 'block', _key: 'ad1', style: 'normal', markDefs: [], children: [span('t', 'Gloves help.')]}],
      },
      item('d', 'Launch.', 'number', 1),
      item('e', 'facing the wind', 'bullet', 2),
      item('f', 'with both hands', 'bullet', 2, 'listParagraph'),
      item('g', 'Land.', 'number', 1),
    ])
    expect(html.match(/<ol>/g)).toHaveLength(1)
    expect(html).toMatch(
      /^<ol><li>Unroll the line\.<p>Keep it off the sand\.<\/p><div class="code-block" data-language="sh">.*<\/div><aside class="admonition admonition-tip">.*Gloves help\..*<\/aside><\/li>/,
    )
    expect(html).toContain('<li>Launch.<ul><li>facing the wind<p>with both hands</p></li></ul></li><li>Land.</li></ol>')
  })

  it('shows a block whose list level has no item above as a block of its own, and a lone list paragraph as a paragraph', async () => {
    const html = await render([
      {_type: 'codeBlock', _key: 'c', language: 'sh', code: 'reel', listLevel: 1},
      item('b', 'Alone.', 'bullet', 1, 'listParagraph'),
      {_type: 'block', _key: 'p', style: 'listParagraph', markDefs: [], children: [span('p', 'Not in a list.')]},
    ])
    expect(html).toMatch(/^<div class="code-block" data-language="sh">/)
    expect(html).toContain('<ul><li>Alone.</li></ul><p>Not in a list.</p>')
  })

  it('keeps the order written when an item holds a note and a paragraph before its nested list', async () => {
    const html = await render([
      item('a', 'Rig the boat.', 'number', 1),
      item('b', 'Register the crew.', 'number', 1),
      {
        _type: 'admonition',
        _key: 'ad',
        kind: 'info',
        listLevel: 1,
        body: [{_type: 'block', _key: 'ad1', style: 'normal', markDefs: [], children: [span('t', 'Optional.')]}],
      },
      item('c', 'There are two ways:', 'number', 1, 'listParagraph'),
      item('d', 'by the harbour office', 'bullet', 2),
      item('e', 'with its form', 'number', 3),
      item('f', 'by hand', 'bullet', 2),
      {_type: 'codeBlock', _key: 'k', language: 'sh', code: 'crew add', listLevel: 2},
      item('g', 'Sail.', 'number', 1),
    ])
    // One list, numbered on: the second item holds, in the order written, its note, its paragraph and its list.
    expect(html.match(/<ol>/g)).toHaveLength(2)
    expect(html).toMatch(
      /^<ol><li>Rig the boat\.<\/li><li>Register the crew\.<aside class="admonition admonition-info">.*Optional\..*<\/aside><p>There are two ways:<\/p><ul><li>by the harbour office<ol><li>with its form<\/li><\/ol><\/li><li>by hand<div class="code-block" data-language="sh">.*<\/div><\/li><\/ul><\/li><li>Sail\.<\/li><\/ol>$/,
    )
  })

  it('puts a collapsible section indented under an item inside it, the numbering going on after it', async () => {
    const html = await render([
      item('a', 'Rig the boat.', 'number', 1),
      {
        _type: 'details',
        _key: 'dt',
        summary: 'Which knots',
        listLevel: 1,
        body: [{_type: 'block', _key: 'dt1', style: 'normal', markDefs: [], children: [span('k', 'A bowline.')]}],
      },
      item('b', 'Cast off.', 'number', 1),
    ])
    expect(html.match(/<ol>/g)).toHaveLength(1)
    expect(html).toMatch(/^<ol><li>Rig the boat\.<details[^>]*><summary>Which knots<\/summary>.*A bowline\..*<\/details><\/li><li>Cast off\.<\/li><\/ol>$/)
  })
})
