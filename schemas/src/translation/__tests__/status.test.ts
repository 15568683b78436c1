/** Translation fingerprints and statuses on fixture documents. */
import {describe, expect, it} from 'vitest'
import {translationFingerprint, translationStatus, translationStatusByLocale} from '../status'

const source = {
  _id: 'doc-v4-en-rooms',
  language: 'en',
  title: 'Rooms',
  description: 'Channels that sockets join and leave.',
  slug: 'rooms',
  body: [
    {
      _type: 'block',
      _key: 'a1',
      style: 'normal',
      markDefs: [{_key: 'l1', _type: 'link', href: '/docs/v4/server-api/'}],
      children: [
        {_type: 'span', _key: 's1', text: 'See the ', marks: []},
        {_type: 'span', _key: 's2', text: 'server API', marks: ['l1']},
      ],
    },
  ],
}

/** The same content as an editor's session would hold it: other keys, other property order. */
const rekeyed = {
  body: [
    {
      children: [
        {text: 'See the ', _key: 'x9', marks: [], _type: 'span'},
        {text: 'server API', _key: 'x8', marks: ['zz'], _type: 'span'},
      ],
      markDefs: [{href: '/docs/v4/server-api/', _type: 'link', _key: 'zz'}],
      style: 'normal',
      _key: 'q0',
      _type: 'block',
    },
  ],
  description: 'Channels that sockets join and leave.',
  title: 'Rooms',
  slug: 'another-slug',
}

const current = {language: 'fr', translation: {sourceRevision: translationFingerprint(source)}}

describe('translationFingerprint', () => {
  it('ignores keys, property order and fields that are not translated', () => {
    expect(translationFingerprint(rekeyed)).toBe(translationFingerprint(source))
  })

  it('changes with the text, the title, the description and link targets', () => {
    const base = translationFingerprint(source)
    expect(translationFingerprint({...source, title: 'Rooms!'})).not.toBe(base)
    expect(translationFingerprint({...source, description: 'Other.'})).not.toBe(base)
    const relinked = structuredClone(source)
    relinked.body[0]!.markDefs[0]!.href = '/docs/v4/emit-cheatsheet/'
    expect(translationFingerprint(relinked)).not.toBe(base)
    const retexted = structuredClone(source)
    retexted.body[0]!.children[0]!.text = 'Read the '
    expect(translationFingerprint(retexted)).not.toBe(base)
  })

  it('has a stable, versioned shape', () => {
    expect(translationFingerprint(source)).toMatch(/^fp1-[0-9a-f]{16}$/)
    expect(translationFingerprint({})).toBe(translationFingerprint({title: '', body: []}))
  })
})

describe('translationStatus', () => {
  it('is missing without a translation', () => {
    expect(translationStatus(source, null)).toBe('missing')
    expect(translationStatus(source, undefined)).toBe('missing')
  })

  it('is current when the recorded revision is the source’s fingerprint', () => {
    expect(translationStatus(source, current)).toBe('current')
    expect(translationStatus(rekeyed, current)).toBe('current')
  })

  it('is stale when the source changed since, or when nothing was recorded', () => {
    expect(translationStatus({...source, title: 'Rooms and namespaces'}, current)).toBe('stale')
    expect(translationStatus(source, {translation: {sourceRevision: 'fp1-0000000000000000'}})).toBe('stale')
    expect(translationStatus(source, {translation: null})).toBe('stale')
    expect(translationStatus(source, {})).toBe('stale')
  })

  it('lists every other locale with its status', () => {
    const stale = {language: 'pt-br', translation: {sourceRevision: 'fp1-0123456789abcdef'}}
    expect(translationStatusByLocale(source, [current, stale], ['en', 'fr', 'pt-br', 'zh-CN'])).toEqual([
      {locale: 'fr', status: 'current'},
      {locale: 'pt-br', status: 'stale'},
      {locale: 'zh-CN', status: 'missing'},
    ])
  })
})

describe('translationFingerprint across the import and the Content Lake', () => {
  it('is the same for an image before and after the dataset import turns its file into an asset', () => {
    const imported = {body: [{_type: 'image', _key: 'i', _sanityAsset: 'image@file://./images/rooms.png', alt: 'Rooms'}]}
    const stored = {body: [{_type: 'image', _key: 'j', asset: {_type: 'reference', _ref: 'image-abc-10x10-png'}, alt: 'Rooms'}]}
    expect(translationFingerprint(stored)).toBe(translationFingerprint(imported))
    expect(translationFingerprint({body: [{...stored.body[0], alt: 'Salles'}]})).not.toBe(translationFingerprint(imported))
  })

  it('reads absent and empty marks alike', () => {
    const withMarks = {body: [{_type: 'block', children: [{_type: 'span', text: 'Hi', marks: []}], markDefs: []}]}
    const without = {body: [{_type: 'block', children: [{_type: 'span', text: 'Hi'}]}]}
    expect(translationFingerprint(without)).toBe(translationFingerprint(withMarks))
  })
})
