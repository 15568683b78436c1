// A quote of several blocks is one <blockquote> holding them all; a quote of one paragraph stays a quoted paragraph.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {createTranslator} from '@site/schemas/i18n'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {prepareBody} from '../prepare'
import {PortableBody} from '../render'
import type {RichBody} from '../types'

const span = (key: string, text: string) => ({_type: 'span' as const, _key: key, text, marks: []})
const text = (key: string, words: string, style: 'normal' | 'blockquote' | 'h4' = 'normal', listItem?: 'bullet' | 'number') => ({
  _type: 'block' as const,
  _key: key,
  style,
  ...(listItem ? {listItem, level: 1} : {}),
  markDefs: [],
  children: [span(`${key}s`, words)],
})

async function render(body: RichBody) {
  const prepared = await prepareBody(body, {
    locales: testRoutingTable().locales,
    locale: 'en',
    translator: createTranslator('en', 'en', []),
    document: 'doc v4/harbour',
  })
  return renderToStaticMarkup(<PortableBody blocks={prepared.blocks} />)
}

describe('quotes of several blocks', () => {
  it('draws one <blockquote> around the paragraphs, heading, list and code of a quote, in order', async () => {
    const html = await render([
      text('before', 'The harbour master wrote:'),
      {
        _type: 'quote',
        _key: 'q',
        body: [
          text('h', 'Before you sail', 'h4'),
          text('p1', 'Check the tide tables.'),
          text('l1', 'a life jacket', 'normal', 'bullet'),
          text('l2', 'a radio', 'normal', 'bullet'),
          {_type: 'codeBlock', _key: 'c', language: 'sh', code: 'tide --today'},
          text('p2', 'Then wave to the lighthouse.'),
        ],
      },
      text('after', 'Good advice.'),
    ])
    expect(html.match(/<blockquote/g)).toHaveLength(1)
    expect(html).toMatch(/^<p>The harbour master wrote:<\/p><blockquote class="quote-blocks">/)
    const quote = /<blockquote class="quote-blocks">(.*)<\/blockquote>/.exec(html)?.[1] ?? ''
    expect(quote).toMatch(
      /^<h4[^>]*>Before you sail<\/h4><p>Check the tide tables\.<\/p><ul><li>a life jacket<\/li><li>a radio<\/li><\/ul><div class="code-block" data-language="sh">.*tide.*<\/div><p>Then wave to the lighthouse\.<\/p>$/,
    )
    expect(html).toMatch(/<\/blockquote><p>Good advice\.<\/p>$/)
  })

  it('keeps a quote of one paragraph as a quoted paragraph, and two quotes one after the other apart', async () => {
    const html = await render([text('a', 'Fair winds.', 'blockquote'), text('b', 'Calm seas.', 'blockquote')])
    expect(html).toBe('<blockquote>Fair winds.</blockquote><blockquote>Calm seas.</blockquote>')
  })

  it('puts a quote indented under a list item inside that item, the numbering going on after it', async () => {
    const html = await render([
      text('one', 'Raise the sail.', 'normal', 'number'),
      {_type: 'quote', _key: 'q', listLevel: 1, body: [text('q1', 'Slowly.'), text('q2', 'Watch the boom.')]},
      text('two', 'Cast off.', 'normal', 'number'),
    ])
    expect(html).toBe('<ol><li>Raise the sail.<blockquote class="quote-blocks"><p>Slowly.</p><p>Watch the boom.</p></blockquote></li><li>Cast off.</li></ol>')
  })
})
