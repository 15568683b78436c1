// Content of a type that nothing renders (a block, an inline object, an annotation, a decorator, a
// style or list kind the model does not have) stops the build, naming the document and the type,
// instead of being dropped from the page.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'
import {createTranslator} from '@site/schemas/i18n'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {prepareBody} from '../prepare'
import {PortableBody} from '../render'
import type {PreparedBlock, RichBody} from '../types'

vi.mock('server-only', () => ({}))
// Before anything loads the content source: it reads the environment once.
useLocalDataset()
vi.stubEnv('STUDIO_URL', '')
const LOCALES = testRoutingTable().locales

const en = createTranslator('en', 'en', [])

/** A body as it could arrive from a dataset written by another tool: JSON, unchecked by our types. */
function bodyFromJson(json: string): RichBody {
  return JSON.parse(json) as RichBody
}

const paragraph = (children: string, markDefs = '[]', extra = '') =>
  `{"_type": "block", "_key": "p1", "style": "normal"${extra}, "markDefs": ${markDefs}, "children": ${children}}`

async function problemsOf(json: string): Promise<string[]> {
  return (await prepareBody(bodyFromJson(json), {locales: LOCALES, locale: 'en', translator: en, document: 'doc v4/rooms (en)'})).problems
}

describe('unknown Portable Text types', () => {
  it('are build problems naming the document and the type', async () => {
    expect(await problemsOf(`[{"_type": "callout", "_key": "c1", "text": "Hi"}]`)).toEqual([
      'doc v4/rooms (en): no component renders the Portable Text block type "callout" (block c1)',
    ])
    // Inside a nested body (an admonition's) too.
    expect(await problemsOf(`[{"_type": "admonition", "_key": "a1", "kind": "tip", "body": [{"_type": "poll", "_key": "q1"}]}]`)).toEqual([
      'doc v4/rooms (en): no component renders the Portable Text block type "poll" (block q1)',
    ])
    expect(await problemsOf(`[${paragraph('[{"_type": "span", "_key": "s1", "text": "x", "marks": ["highlight"]}]')}]`)).toEqual([
      'doc v4/rooms (en): block p1: the mark "highlight" is neither a decorator of the model nor an annotation of the block',
    ])
    expect(
      await problemsOf(`[${paragraph('[{"_type": "span", "_key": "s1", "text": "x", "marks": ["f1"]}]', '[{"_type": "footnote", "_key": "f1"}]')}]`),
    ).toEqual(['doc v4/rooms (en): block p1: no component renders the Portable Text annotation type "footnote"'])
    expect(await problemsOf(`[${paragraph('[{"_type": "mention", "_key": "m1"}]')}]`)).toEqual([
      'doc v4/rooms (en): block p1: no component renders the inline Portable Text type "mention"',
    ])
    expect(await problemsOf(`[${paragraph('[]', '[]', ', "style": "h7"').replace('"style": "normal", ', '')}]`)).toEqual([
      'doc v4/rooms (en): block p1 has the unknown text style "h7"',
    ])
    expect(await problemsOf(`[${paragraph('[]', '[]', ', "listItem": "check"')}]`)).toEqual(['doc v4/rooms (en): block p1 has the unknown list kind "check"'])
  })

  it('leave a body of known types alone', async () => {
    const marked = paragraph(
      '[{"_type": "span", "_key": "s1", "text": "x", "marks": ["strong", "kbd", "l1"]}]',
      '[{"_type": "link", "_key": "l1", "href": "/docs/v4/"}]',
      ', "listItem": "number"',
    )
    expect(await problemsOf(`[${marked}]`)).toEqual([])
  })

  it('stop the renderer when one gets past preparing', () => {
    const prepared: PreparedBlock[] = JSON.parse('[{"_type": "callout", "_key": "c1"}]')
    expect(() => renderToStaticMarkup(<PortableBody blocks={prepared} />)).toThrow('No component renders the Portable Text block "callout"')
  })
})

describe('a page with an unknown type', () => {
  it('fails to render, naming the document and the type', async () => {
    const [{loadSiteContext}, {loadDocPage}, {DocPage}] = await Promise.all([
      import('../../site/context'),
      import('../../site/docs'),
      import('../../ui/doc-page'),
    ])
    const context = await loadSiteContext('en')
    const data = await loadDocPage(context, 'v4', 'rooms')
    if (!data?.doc) throw new Error('the fixture has no v4 rooms doc')
    const doc = {...data.doc, body: [...(data.doc.body ?? []), ...bodyFromJson('[{"_type": "callout", "_key": "c9"}]')]}
    await expect(DocPage({context, data: {...data, doc}})).rejects.toThrow(
      'doc v4/rooms (en): no component renders the Portable Text block type "callout" (block c9)',
    )
  })
})
