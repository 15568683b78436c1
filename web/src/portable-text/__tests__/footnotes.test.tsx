// Footnotes as a reader gets them: numbered superscript links, the notes after the body with links back.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it, vi} from 'vitest'
import {createTranslator} from '@site/schemas/i18n'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {numberFootnotes} from '../footnotes'
import {countWords, prepareBody} from '../prepare'
import {PortableBody} from '../render'
import type {RichBody} from '../types'

const LOCALES = testRoutingTable().locales

const span = (key: string, text: string, marks: string[] = []) => ({_type: 'span' as const, _key: key, text, marks})
const note = (key: string, text: string) => [{_type: 'block' as const, _key: key, style: 'normal' as const, markDefs: [], children: [span(`${key}s`, text)]}]

const body: RichBody = [
  {
    _type: 'block',
    _key: 'p1',
    style: 'normal',
    markDefs: [],
    children: [
      span('a', 'Kites need wind'),
      {_type: 'footnote', _key: 'f1', label: 'Wind', note: note('n1', 'Ten knots or more.')},
      span('b', ' and a long line'),
      {_type: 'footnote', _key: 'f2', label: 'line', note: note('n2', 'Thirty metres.')},
      span('c', '.'),
    ],
  },
  {
    _type: 'admonition',
    _key: 'ad',
    kind: 'tip',
    body: [
      {
        _type: 'block',
        _key: 'p2',
        style: 'normal',
        markDefs: [],
        children: [span('d', 'Gusts matter'), {_type: 'footnote', _key: 'f3', label: 'wind'}, span('e', ' too.')],
      },
    ],
  },
]

async function render(blocks: RichBody, locale: 'en' | 'fr' = 'en') {
  const translator = createTranslator(locale, 'en', [])
  const prepared = await prepareBody(blocks, {locales: LOCALES, locale, translator, document: 'doc v4/kites'})
  return {html: renderToStaticMarkup(<PortableBody blocks={prepared.blocks} />), prepared}
}

describe('footnotes', () => {
  it('numbers references by first use, a second use of a label sharing its number (in nested bodies too)', () => {
    const numbered = numberFootnotes(body)
    expect(numbered.notes.map((item) => [item.number, item.id, item.references])).toEqual([
      [1, 'user-content-fn-wind', ['user-content-fnref-wind', 'user-content-fnref-wind-2']],
      [2, 'user-content-fn-line', ['user-content-fnref-line']],
    ])
  })

  it('shows each reference as a superscript link to its note, and the notes after the body with links back', async () => {
    const {html} = await render(body)
    expect(html).toContain(
      '<p>Kites need wind<sup class="footnote-ref"><a href="#user-content-fn-wind" id="user-content-fnref-wind" data-footnote-ref="" aria-describedby="footnote-label">1</a></sup> and a long line<sup class="footnote-ref"><a href="#user-content-fn-line" id="user-content-fnref-line" data-footnote-ref="" aria-describedby="footnote-label">2</a></sup>.</p>',
    )
    expect(html).toContain('Gusts matter<sup class="footnote-ref"><a href="#user-content-fn-wind" id="user-content-fnref-wind-2"')
    const section = html.slice(html.indexOf('<section class="footnotes"'))
    expect(section).toBe(
      '<section class="footnotes" data-footnotes="" aria-labelledby="footnote-label"><h2 class="visually-hidden" id="footnote-label">Footnotes</h2><ol>' +
        '<li id="user-content-fn-wind"><p>Ten knots or more. <a href="#user-content-fnref-wind" data-footnote-backref="" aria-label="Back to reference 1" class="footnote-back">↩</a> ' +
        '<a href="#user-content-fnref-wind-2" data-footnote-backref="" aria-label="Back to reference 1-2" class="footnote-back">↩<sup>2</sup></a></p></li>' +
        '<li id="user-content-fn-line"><p>Thirty metres. <a href="#user-content-fnref-line" data-footnote-backref="" aria-label="Back to reference 2" class="footnote-back">↩</a></p></li>' +
        '</ol></section>',
    )
    // Every link of the notes lands on an id of the page.
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) expect(html).toContain(`id="${target}"`)
  })

  it("shows a list of a note as a list, numbered as written, an item's further paragraph in it, the links back in a paragraph after it when it ends the note", async () => {
    const item = (key: string, text: string) => ({...note(key, text)[0]!, listItem: 'number' as const, level: 1})
    const listed: RichBody = [
      {
        _type: 'block',
        _key: 'p1',
        style: 'normal',
        markDefs: [],
        children: [
          span('a', 'Reels wear out'),
          {
            _type: 'footnote',
            _key: 'f1',
            label: 'wear',
            note: [
              ...note('n1', 'For two reasons:'),
              item('n2', 'Salt.'),
              item('n3', 'Sand.'),
              {...item('n4', 'Mostly on beaches.'), style: 'listParagraph' as const},
            ],
          },
          span('b', '.'),
        ],
      },
    ]
    const {html} = await render(listed)
    expect(html.slice(html.indexOf('<li id="user-content-fn-wear">'))).toBe(
      '<li id="user-content-fn-wear"><p>For two reasons:</p><ol><li>Salt.</li><li>Sand.<p>Mostly on beaches.</p></li></ol>' +
        '<p> <a href="#user-content-fnref-wear" data-footnote-backref="" aria-label="Back to reference 1" class="footnote-back">↩</a></p></li></ol></section>',
    )
  })

  it('writes the heading and the links back in the reader’s language', async () => {
    const {html} = await render(body, 'fr')
    expect(html).toContain('<h2 class="visually-hidden" id="footnote-label">Notes de bas de page</h2>')
    expect(html).toContain('aria-label="Retour à la référence 1-2"')
  })

  it('adds no section to a body without footnotes, and leaves out (with a warning) a footnote whose label no note is given for', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const {html} = await render([
      {
        _type: 'block',
        _key: 'p',
        style: 'normal',
        markDefs: [],
        children: [span('a', 'No note'), {_type: 'footnote', _key: 'f', label: 'ghost'}, span('b', ' here.')],
      },
    ])
    expect(html).toBe('<p>No note here.</p>')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('doc v4/kites: the footnote "ghost" has no note'))
    warn.mockRestore()
  })

  it('numbers [^label] in table cells and an anchored heading with the text’s references, each a link, the notes they give listed with the others', async () => {
    const {html} = await render([
      ...body,
      {
        _type: 'table',
        _key: 't',
        rows: [
          {_type: 'tableRow', _key: 'r1', cells: ['Kite', 'Line']},
          {_type: 'tableRow', _key: 'r2', cells: ['Delta', '30 m[^Spool]']},
          {_type: 'tableRow', _key: 'r3', cells: ['Box', '**N/A[^wind]**, [^ghost]']},
        ],
        notes: [{_type: 'footnote', _key: 'tn', label: 'spool', note: note('n3', 'On the small spool.')}],
      },
      {
        _type: 'heading',
        _key: 'h',
        level: 2,
        text: 'Tails[^tail]',
        anchor: 'tails',
        notes: [{_type: 'footnote', _key: 'hn', label: 'tail', note: note('n4', 'Ribbons count.')}],
      },
    ])
    const link = (label: string, id: string, number: number) =>
      `<sup class="footnote-ref"><a href="#user-content-fn-${label}" id="${id}" data-footnote-ref="" aria-describedby="footnote-label">${number}</a></sup>`
    expect(html).toContain(`<td>30 m${link('spool', 'user-content-fnref-spool', 3)}</td>`)
    // A label no note is given for stays as written.
    expect(html).toContain(`<td><strong>N/A${link('wind', 'user-content-fnref-wind-3', 1)}</strong>, [^ghost]</td>`)
    expect(html).toContain(`Tails${link('tail', 'user-content-fnref-tail', 4)}`)
    const notes = html.slice(html.indexOf('<section class="footnotes"'))
    expect([...notes.matchAll(/<li id="([^"]+)"><p>([^<]+)/g)].map((match) => [match[1], match[2]])).toEqual([
      ['user-content-fn-wind', 'Ten knots or more. '],
      ['user-content-fn-line', 'Thirty metres. '],
      ['user-content-fn-spool', 'On the small spool. '],
      ['user-content-fn-tail', 'Ribbons count. '],
    ])
  })

  it('counts the words of the notes in the reading time', async () => {
    const {prepared} = await render(body)
    // 7 words of text, 3 in the tip, 4 and 2 in the notes.
    expect(countWords(prepared.blocks)).toBe(16)
  })
})
