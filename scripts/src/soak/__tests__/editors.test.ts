// What the soak's editors change: the last sentence of a document's first plain paragraph (so the
// content keeps its size), or the navbar label; which documents qualify; the order of the edits.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {editedDocument, Editors, findTargets, firstParagraph, NAVBAR_TARGET, pageUrlOf, seededRandom, type EditTarget, type SiteAddresses} from '../editors'
import type {StoredDocument} from '@site/test-support/sanity-api'

let dir: string | undefined

afterEach(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
  dir = undefined
})

const span = (key: string, text: string) => ({_type: 'span', _key: key, text, marks: []})
const doc = (id: string, fields: Record<string, unknown>, body: unknown[]): StoredDocument => ({_id: id, _type: 'doc', ...fields, body})
const rooms = doc('doc-v4-en-rooms', {version: 'v4', slug: 'rooms', language: 'en'}, [
  {_type: 'block', _key: 'h', style: 'h2', children: [span('h1', 'A heading that is long enough')]},
  {_type: 'block', _key: 'code', style: 'normal', children: [span('c1', 'Uses <angle> & brackets, which the page escapes')]},
  {_type: 'block', _key: 'p', style: 'normal', children: [span('s1', 'A room is '), span('s2', 'a named group of sockets kept on the server.')]},
])

describe('firstParagraph', () => {
  it('is the last span of the first normal block whose text the page shows as is', () => {
    expect(firstParagraph(rooms.body)).toEqual({blockKey: 'p', spanKey: 's2', text: 'a named group of sockets kept on the server.'})
  })
  it('takes the text without an earlier soak edit', () => {
    expect(firstParagraph([{_type: 'block', _key: 'p', style: 'normal', children: [span('s', 'Sockets join rooms on the server. Soak edit 12.')]}])?.text).toBe(
      'Sockets join rooms on the server.',
    )
  })
})

/** Addresses of a site with two locales and two docs versions, v4 the latest. */
const SITE: SiteAddresses = {
  table: {
    locales: {
      defaultLocale: 'en',
      locales: ['en', 'fr'].map((code) => ({code, label: code, path: code, htmlLang: code, direction: 'ltr' as const, calendar: 'gregory'})),
    },
    docsPath: 'docs',
    blogPath: 'blog',
    versions: [
      {path: 'v4', segment: 'v4'},
      {path: 'v3', segment: 'v3'},
    ],
    changelog: true,
    pagePaths: new Set(['demos/chat']),
  },
  versions: new Map([
    ['v4', {path: 'v4', mainDoc: 'index'}],
    ['v3', {path: 'v3', mainDoc: 'index'}],
  ]),
  latest: 'v4',
}

describe('pageUrlOf', () => {
  it('gives the address of docs, translations, posts, releases and pages, from the URL module', () => {
    expect(pageUrlOf(rooms, SITE)).toEqual({kind: 'doc', url: '/docs/v4/rooms/'})
    expect(pageUrlOf({...rooms, language: 'fr'}, SITE)).toEqual({kind: 'translation', url: '/fr/docs/v4/rooms/'})
    expect(pageUrlOf({...rooms, slug: 'index'}, SITE)).toEqual({kind: 'doc', url: '/docs/v4/'})
    expect(pageUrlOf({_id: 'b', _type: 'blogPost', slug: 'admin-ui', language: 'en'}, SITE)).toEqual({kind: 'post', url: '/blog/admin-ui/'})
    expect(pageUrlOf({_id: 'r', _type: 'release', version: '4.6.0', language: 'en'}, SITE)).toEqual({kind: 'release', url: '/docs/v4/changelog/4.6.0'})
    expect(pageUrlOf({_id: 'p', _type: 'page', path: 'demos/chat', language: 'en'}, SITE)).toEqual({kind: 'page', url: '/demos/chat'})
    expect(pageUrlOf({_id: 'a', _type: 'author'}, SITE)).toBeNull()
  })
})

describe('findTargets', () => {
  it('keeps the documents whose page in the release shows the paragraph', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'editors-'))
    await mkdir(path.join(dir, 'docs/v4/rooms'), {recursive: true})
    await writeFile(path.join(dir, 'docs/v4/rooms/index.html'), '<p>A room is a named group of sockets kept on the server.</p>')
    const elsewhere = doc('doc-v4-en-events', {version: 'v4', slug: 'events', language: 'en'}, rooms.body as unknown[])
    expect(findTargets([rooms, elsewhere], SITE, dir).map((target) => target.id)).toEqual(['doc-v4-en-rooms'])
  })
})

describe('editedDocument', () => {
  const target: EditTarget = {
    kind: 'doc',
    id: rooms._id,
    type: 'doc',
    url: '/docs/v4/rooms/',
    blockKey: 'p',
    spanKey: 's2',
    original: 'a named group of sockets kept on the server.',
  }
  it('replaces the last sentence, however many edits came before, and leaves the original alone', () => {
    const once = editedDocument(rooms, {number: 1, target, marker: 'Soak edit 1.'})
    const twice = editedDocument(once, {number: 2, target, marker: 'Soak edit 2.'})
    expect(JSON.stringify(twice)).toContain('a named group of sockets kept on the server. Soak edit 2.')
    expect(JSON.stringify(twice)).not.toContain('Soak edit 1.')
    expect(JSON.stringify(rooms)).not.toContain('Soak edit')
  })
  it('changes the navbar label', () => {
    const settings: StoredDocument = {_id: 'siteSettings', _type: 'siteSettings', navbarItems: [{label: [{language: 'en', value: 'Tutorial (soak 3)'}]}]}
    expect(JSON.stringify(editedDocument(settings, {number: 7, target: NAVBAR_TARGET, marker: 'Tutorial (soak 7)'}))).toContain('"Tutorial (soak 7)"')
  })
})

describe('Editors', () => {
  it('picks the same edits for the same seed, and the navbar on its schedule', () => {
    const targets: EditTarget[] = ['doc', 'translation', 'post', 'release', 'page'].map((kind) => ({
      kind: kind as EditTarget['kind'],
      id: kind,
      type: kind,
      url: `/${kind}/`,
      blockKey: 'p',
      spanKey: 's',
      original: 'text',
    }))
    const run = () => {
      const editors = new Editors({} as never, 'token', targets, 5, 1)
      return Array.from({length: 10}, () => editors.next()).map((edit) => `${edit.number} ${edit.target.kind} ${edit.marker}`)
    }
    const edits = run()
    expect(edits).toEqual(run())
    expect(edits[4]).toBe('5 navbar Tutorial (soak 5)')
    expect(edits[9]).toBe('10 navbar Tutorial (soak 10)')
    expect(edits[0]).toMatch(/^1 (doc|translation|post|release|page) Soak edit 1\.$/)
  })
  it('seededRandom gives numbers in [0, 1)', () => {
    const random = seededRandom(3)
    for (let index = 0; index < 100; index++) expect(random()).toBeGreaterThanOrEqual(0)
  })
})
