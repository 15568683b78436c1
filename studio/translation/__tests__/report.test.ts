/** The translation status view's report and the document badge, on fixture documents. */
import {translationFingerprint} from '@site/schemas'
import {localeTableOf} from '@site/schemas/model'
import {describe, expect, it} from 'vitest'
import {asReportDocument, badgeSummary, type ReportDocument, translationReport} from '../report'

const rooms: ReportDocument = {
  _id: 'doc-v4-en-rooms',
  _type: 'doc',
  language: 'en',
  title: 'Rooms',
  slug: 'rooms',
  version: 'v4',
  body: [{_type: 'block', children: [{_type: 'span', text: 'Join.'}]}],
}
const post: ReportDocument = {_id: 'blogPost-en-hello', _type: 'blogPost', language: 'en', title: 'Hello', slug: 'hello', body: []}
const roomsFr: ReportDocument = {
  _id: 'doc-v4-fr-rooms',
  _type: 'doc',
  language: 'fr',
  title: 'Salles',
  translation: {source: rooms._id, sourceRevision: translationFingerprint(rooms)},
}
const roomsPt: ReportDocument = {
  _id: 'doc-v4-pt-br-rooms',
  _type: 'doc',
  language: 'pt-br',
  title: 'Salas',
  translation: {source: rooms._id, sourceRevision: 'fp1-0000000000000000'},
}
const helloFr: ReportDocument = {
  _id: 'blogPost-fr-hello',
  _type: 'blogPost',
  language: 'fr',
  title: 'Bonjour',
  translation: {source: post._id, sourceRevision: translationFingerprint(post)},
}

const LOCALES = localeTableOf(['en', 'fr', 'pt-br', 'zh-CN'])

describe('translationReport', () => {
  it('lists every missing and stale translation per locale, and leaves current ones out', () => {
    const report = translationReport([rooms, post, roomsFr, roomsPt, helloFr], LOCALES)
    expect([...report.keys()]).toEqual(['fr', 'pt-br', 'zh-CN'])
    expect(report.get('fr')).toEqual([])
    expect(report.get('pt-br')).toEqual([
      {sourceId: 'blogPost-en-hello', type: 'blogPost', title: 'Hello (hello)', status: 'missing'},
      {sourceId: 'doc-v4-en-rooms', type: 'doc', title: 'Rooms (v4/rooms)', status: 'stale', translationId: 'doc-v4-pt-br-rooms'},
    ])
    expect(report.get('zh-CN')?.map((entry) => entry.status)).toEqual(['missing', 'missing'])
  })

  it('judges by the draft when an editor is changing the source', () => {
    const draft = {...rooms, _id: `drafts.${rooms._id}`, title: 'Rooms and broadcasting'}
    const report = translationReport([rooms, draft, roomsFr], LOCALES)
    expect(report.get('fr')).toEqual([
      {sourceId: 'doc-v4-en-rooms', type: 'doc', title: 'Rooms and broadcasting (v4/rooms)', status: 'stale', translationId: 'doc-v4-fr-rooms'},
    ])
  })
})

describe('badgeSummary', () => {
  it('shows a source’s stale and missing locales', () => {
    expect(badgeSummary(rooms, [roomsFr, roomsPt], LOCALES)).toMatchObject({label: 'Translations stale: pt-br; missing: zh-CN', color: 'warning'})
    expect(badgeSummary(post, [helloFr], LOCALES)).toMatchObject({label: 'Translations missing: pt-br, zh-CN', color: 'danger'})
  })

  it('shows whether a translation is current or stale against its source', () => {
    expect(badgeSummary(roomsFr, [rooms], LOCALES)).toMatchObject({label: 'Translation current', color: 'success'})
    expect(badgeSummary(roomsPt, [rooms], LOCALES)).toMatchObject({label: 'Translation stale', color: 'warning'})
    expect(badgeSummary(roomsPt, [], LOCALES)).toMatchObject({label: 'No source'})
  })

  it('shows nothing on a document without a language', () => {
    expect(badgeSummary({_id: 'x', _type: 'doc'}, [], LOCALES)).toBeNull()
  })
})

describe('asReportDocument', () => {
  it('reads the source id from the stored reference, so that a translation’s badge finds its source', () => {
    const stored = {
      _id: 'doc-v4-fr-rooms',
      _type: 'doc',
      language: 'fr',
      title: 'Salles',
      translation: {_type: 'translationOrigin', source: {_type: 'reference', _ref: rooms._id, _weak: true}, sourceRevision: translationFingerprint(rooms)},
    }
    const document = asReportDocument(stored)
    expect(document.translation?.source).toBe(rooms._id)
    expect(badgeSummary(document, [rooms], LOCALES)?.label).toBe('Translation current')
  })

  it('keeps an id that is already a string and documents without a translation', () => {
    expect(asReportDocument({...roomsFr}).translation?.source).toBe(rooms._id)
    expect(asReportDocument({...rooms})).toEqual(rooms)
  })
})
