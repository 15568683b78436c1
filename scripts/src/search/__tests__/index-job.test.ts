import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import type {Locale} from '@site/schemas/model'
import {buildSearchRecords, typesenseSearchParameters, type SearchRecord, type SearchSource, type SynonymItem} from '@site/schemas/search'
import {readJobEnv, runIndexJob, SEARCH_KEY_DESCRIPTION, type IndexState} from '../index-job'
import {createTypesenseApi} from '../typesense-api'
import {startTypesenseStandIn} from './typesense-stand-in'

const ADMIN = 'admin-key-for-tests'
const text = (key: string, value: string) => ({_type: 'block', _key: key, style: 'normal', children: [{_type: 'span', text: value}]})

function source(extra = ''): SearchSource {
  return {
    versions: [{path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'}],
    docs: [
      {version: 'v4', slug: 'rooms', doc: {_id: 'r', title: 'Rooms', body: [text('a', `Sockets join rooms.${extra}`)]}},
      {version: 'v4', slug: 'namespaces', doc: {_id: 'n', title: 'Namespaces', body: [text('b', 'A namespace is a channel.')]}},
    ],
    posts: [],
    pages: [],
    releases: [],
  }
}

function records(src: SearchSource): Map<Locale, SearchRecord[]> {
  return new Map(
    (['en', 'fr'] as const).map((locale) => [
      locale,
      buildSearchRecords(src, {locale, urlPrefix: locale === 'en' ? '' : `/${locale}`, labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}}),
    ]),
  )
}

const SYNONYMS = new Map<Locale, SynonymItem[]>([['fr', [{id: 'salle', root: 'salle', synonyms: ['room']}]]])
/** The language settings sent before the collection is created, locale by locale. */
const LANGUAGE_SETTINGS = [
  'PUT /synonym_sets/site-synonyms-en',
  'PUT /stopwords/site-stopwords-en',
  'PUT /synonym_sets/site-synonyms-fr',
  'PUT /stopwords/site-stopwords-fr',
]

let standIn: Awaited<ReturnType<typeof startTypesenseStandIn>>
let dir: string
let statePath: string
const lines: string[] = []
const log = (line: string) => lines.push(line)

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'search-job-'))
  statePath = path.join(dir, 'state.json')
  lines.length = 0
})
afterEach(async () => {
  await standIn?.close()
  await rm(dir, {recursive: true, force: true})
})

const job = (overrides: Partial<Parameters<typeof runIndexJob>[0]> = {}) =>
  runIndexJob({
    api: createTypesenseApi({url: standIn.url, adminKey: ADMIN}),
    alias: 'site',
    records: records(source()),
    synonyms: SYNONYMS,
    incremental: false,
    statePath,
    batchSize: 3,
    log,
    now: () => 1000,
    ...overrides,
  })

const summary = () => standIn.requests.map((request) => `${request.method} ${request.path}${request.query.action ? `?action=${request.query.action}` : ''}`)

describe('index job against the Typesense stand-in', () => {
  it('first run: new collection, imports in batches, checks counts, points the alias, makes a search-only key', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const result = await job()
    const total = [...records(source()).values()].flat().length
    expect(summary()).toEqual([
      'GET /health',
      'GET /aliases/site',
      'GET /collections',
      ...LANGUAGE_SETTINGS,
      'POST /collections',
      ...Array.from({length: Math.ceil(total / 3)}, () => 'POST /collections/site-1000/documents/import?action=create'),
      'POST /multi_search',
      'PUT /aliases/site',
      'GET /keys',
      'POST /keys',
    ])
    expect(standIn.requests.filter((request) => request.path !== '/health').every((request) => request.apiKey === ADMIN)).toBe(true)
    const at = summary().indexOf('POST /collections')
    const schema = JSON.parse(standIn.requests[at]?.body ?? '{}') as {
      fields: Array<{name: string; facet?: boolean; locale?: string; stem?: boolean; index?: boolean}>
      synonym_sets: string[]
      token_separators: string[]
    }
    expect(schema.fields.filter((field) => field.facet).map((field) => field.name)).toEqual(
      expect.arrayContaining(['language', 'version', 'type', 'tags', 'url']),
    )
    // Each language searches fields of its own, tokenized and stemmed in it; the DocSearch fields are for display.
    expect(schema.fields.find((field) => field.name === 'content_fr')).toMatchObject({locale: 'fr', stem: true})
    expect(schema.fields.find((field) => field.name === 'lvl1_en')).toMatchObject({locale: 'en', stem: true})
    expect(schema.fields.find((field) => field.name === 'content')).toMatchObject({index: false})
    expect(schema).toMatchObject({synonym_sets: ['site-synonyms-en', 'site-synonyms-fr'], token_separators: expect.arrayContaining(['.', '-'])})
    const firstDocument = JSON.parse(standIn.requests[at + 1]?.body.split('\n')[0] ?? '{}') as Record<string, unknown>
    expect(firstDocument).toMatchObject({
      'hierarchy.lvl1': expect.any(String),
      lvl1_en: firstDocument['hierarchy.lvl1'],
      language: 'en',
      url: expect.stringMatching(/^\/docs\/v4\//),
    })
    expect(standIn.synonymSets.get('site-synonyms-fr')).toEqual([{id: 'salle', root: 'salle', synonyms: ['room'], locale: 'fr'}])
    expect(standIn.synonymSets.get('site-synonyms-en')).toEqual([])
    expect(standIn.stopwords.get('site-stopwords-fr')?.stopwords).toEqual(expect.arrayContaining(['le', 'la', 'de']))
    expect(standIn.aliases.get('site')).toBe('site-1000')
    expect(standIn.collections.get('site-1000')?.documents.size).toBe(total)
    const key = JSON.parse(standIn.requests.at(-1)?.body ?? '{}') as Record<string, unknown>
    expect(key).toEqual({description: SEARCH_KEY_DESCRIPTION, actions: ['documents:search'], collections: ['site']})
    expect(result.searchKey).toMatch(/^search-only-/)
    expect(result.searchKey).not.toBe(ADMIN)
    const state = JSON.parse(await readFile(statePath, 'utf8')) as IndexState
    expect(state).toMatchObject({alias: 'site', collection: 'site-1000'})
    expect(Object.keys(state.hashes)).toHaveLength(total)
    expect(lines.some((line) => /imported \d+\/\d+/.test(line))).toBe(true)
  })

  it('the search-only key searches through the alias and cannot write', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const {searchKey} = await job()
    const asBrowser = createTypesenseApi({url: standIn.url, adminKey: searchKey ?? ''})
    const {results} = await asBrowser.multiSearch([{collection: 'site', q: '*', filter_by: 'language:=fr'}])
    expect(results[0]?.found).toBe(records(source()).get('fr')?.length)
    await expect(asBrowser.importDocuments('site', [{id: 'x'}], 'upsert')).rejects.toThrow(/refused the API key \(401/)
  })

  it("with the browser's parameters, the stand-in applies the stop words, stemming and the synonym set, one hit per address", async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const {searchKey} = await job()
    const asBrowser = createTypesenseApi({url: standIn.url, adminKey: searchKey ?? ''})
    const search = (q: string, locale: Locale) => ({
      collection: 'site',
      q,
      filter_by: `language:=[\`${locale}\`]`,
      per_page: 10,
      ...typesenseSearchParameters('site', locale),
    })
    const {results} = await asBrowser.multiSearch([search('la salle', 'fr'), search('salle', 'en'), search('ROOM', 'fr')])
    type Grouped = {found?: number; grouped_hits?: Array<{group_key: string[]; hits: Array<{document: {url: string}}>}>}
    const [salle, english, room] = results as Grouped[]
    expect(salle?.grouped_hits?.[0]?.hits[0]?.document.url).toBe('/fr/docs/v4/rooms/')
    // The French synonym is French only.
    expect(english?.found).toBe(0)
    const urls = room?.grouped_hits?.map((group) => group.group_key[0]) ?? []
    expect(urls.length).toBeGreaterThan(0)
    expect(new Set(urls).size).toBe(urls.length)
  })

  it('a second full run swaps the alias to a new collection, deletes the old one and keeps the key', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const first = await job()
    standIn.requests.length = 0
    const second = await job({now: () => 2000})
    expect(summary()).toEqual(expect.arrayContaining(['PUT /aliases/site', 'DELETE /collections/site-1000']))
    expect(summary().indexOf('PUT /aliases/site')).toBeLessThan(summary().indexOf('DELETE /collections/site-1000'))
    expect(summary()).not.toContain('POST /keys')
    expect(second.searchKey).toBe(first.searchKey)
    expect([...standIn.collections.keys()]).toEqual(['site-2000'])
  })

  it('--incremental upserts what changed and deletes what went away, on the same collection', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job()
    standIn.requests.length = 0
    const changed = source(' They can also leave them.')
    changed.docs = changed.docs.filter((row) => row.slug === 'rooms')
    const result = await job({records: records(changed), incremental: true, now: () => 3000, batchSize: 1})
    // A page without headings is one record per locale: rooms changed (2), namespaces went away (2);
    // upserts and deletions go in batches (of 1 here).
    expect(result).toMatchObject({mode: 'incremental', collection: 'site-1000', upserted: 2, deleted: 2})
    // The synonym sets and stop words are sent again: an editor's change reaches readers with the next run.
    expect(summary()).toEqual([
      'GET /health',
      'GET /aliases/site',
      'GET /collections',
      ...LANGUAGE_SETTINGS,
      'POST /collections/site-1000/documents/import?action=upsert',
      'POST /collections/site-1000/documents/import?action=upsert',
      'DELETE /collections/site-1000/documents',
      'DELETE /collections/site-1000/documents',
      'GET /keys',
    ])
    const at = LANGUAGE_SETTINGS.length + 3
    const upserted = [at, at + 1].map((index) => JSON.parse(standIn.requests[index]?.body ?? '{}') as {content?: string})
    expect(upserted.every((document) => document.content?.endsWith('They can also leave them.'))).toBe(true)
    expect(standIn.requests[at + 2]?.query.filter_by).toMatch(/^id:\[`(en|fr)-[a-z0-9]+`\]$/)
    expect(standIn.requests[at + 3]?.query.filter_by).toMatch(/^id:\[`(en|fr)-[a-z0-9]+`\]$/)
    expect(standIn.collections.get('site-1000')?.documents.size).toBe([...records(changed).values()].flat().length)
  })

  it('--incremental deletes the records of a doc made unlisted, which readers then cannot find (Typesense stand-in)', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job()
    const unlisted = source()
    unlisted.docs = unlisted.docs.map((row) => (row.slug === 'namespaces' && row.doc ? {...row, doc: {...row.doc, unlisted: true}} : row))
    const result = await job({records: records(unlisted), incremental: true, now: () => 3000})
    expect(result).toMatchObject({mode: 'incremental', upserted: 0, deleted: 2})
    const urls = [...(standIn.collections.get('site-1000')?.documents.values() ?? [])].map((document) => String((document as {url?: string}).url))
    expect(urls.length).toBeGreaterThan(0)
    expect(urls.some((url) => url.includes('/namespaces/'))).toBe(false)
    expect(urls.some((url) => url.includes('/rooms/'))).toBe(true)
  })

  it('--incremental without an earlier state runs a full index', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const result = await job({incremental: true})
    expect(result.mode).toBe('full')
    expect(lines.join('\n')).toMatch(/Incremental run impossible/)
  })

  it('a failed import leaves the alias on the old collection and removes the half-built one', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN, failImportAt: 4})
    await job()
    const before = await readFile(statePath, 'utf8')
    await expect(job({now: () => 2000})).rejects.toThrow(/import\?action=create failed with 500: Stand-in: simulated server error/)
    expect(standIn.aliases.get('site')).toBe('site-1000')
    expect([...standIn.collections.keys()]).toEqual(['site-1000'])
    expect(summary().at(-1)).toBe('DELETE /collections/site-2000')
    expect(await readFile(statePath, 'utf8')).toBe(before)
  })

  it('names a rejected document by id and url, with the reason', async () => {
    const rejected = [...records(source()).values()].flat()[1]
    standIn = await startTypesenseStandIn({adminKey: ADMIN, rejectIds: [rejected?.objectID ?? '']})
    await expect(job()).rejects.toThrow(`Typesense rejected document ${rejected?.objectID} (${rejected?.url}): Field \`content\` must be a string.`)
    await expect(job()).rejects.toThrow(/ \(line 2 of 3 in the import into site-1000\)$/)
    expect(standIn.aliases.size).toBe(0)
    expect(standIn.collections.size).toBe(0)
  })

  it('says when the key is wrong', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const api = createTypesenseApi({url: standIn.url, adminKey: 'not-the-key'})
    await expect(job({api})).rejects.toThrow(/refused the API key \(401: Forbidden.*\): TYPESENSE_ADMIN_API_KEY must be the server's admin key/)
  })

  it('says when the server cannot be reached', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const url = standIn.url
    await standIn.close()
    const api = createTypesenseApi({url, adminKey: ADMIN})
    await expect(runIndexJob({api, alias: 'site', records: records(source()), incremental: false, statePath, log})).rejects.toThrow(
      `Cannot reach Typesense at ${url}`,
    )
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
  })
})

describe('a search key chosen in advance', () => {
  it('is created with that value, and replaced when the value changes', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    const first = await job({searchKeyValue: 'chosen-search-key'})
    expect(first.searchKey).toBe('chosen-search-key')
    expect(JSON.parse(standIn.requests.at(-1)?.body ?? '{}')).toMatchObject({value: 'chosen-search-key', actions: ['documents:search'], collections: ['site']})
    const second = await job({searchKeyValue: 'another-key', now: () => 2000})
    expect(second.searchKey).toBe('another-key')
    expect(standIn.keys.map((key) => key.value)).toEqual(['another-key'])
  })
})

describe('job settings', () => {
  it('refuses the admin key as the browser key', () => {
    expect(() => readJobEnv({TYPESENSE_ADMIN_API_KEY: 'same', NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: 'same'}, '/repo')).toThrow(/never the admin key/)
  })

  it('needs the admin key and checks the port and protocol', () => {
    expect(() => readJobEnv({}, '/repo')).toThrow(/TYPESENSE_ADMIN_API_KEY is not set/)
    expect(() => readJobEnv({TYPESENSE_ADMIN_API_KEY: 'k', TYPESENSE_PORT: 'abc'}, '/repo')).toThrow(/TYPESENSE_PORT must be a port number, got "abc"/)
    expect(() => readJobEnv({TYPESENSE_ADMIN_API_KEY: 'k', TYPESENSE_PROTOCOL: 'ftp'}, '/repo')).toThrow(/TYPESENSE_PROTOCOL must be http or https/)
    expect(readJobEnv({TYPESENSE_ADMIN_API_KEY: 'k', TYPESENSE_HOST: 'typesense'}, '/repo')).toEqual({
      url: 'http://typesense:8108',
      adminKey: 'k',
      alias: 'socketio-docs',
      statePath: '/repo/.generated/search-index-state.json',
    })
  })
})

describe('faults: no collection left behind, incremental runs all or nothing for readers (Typesense stand-in with injected faults)', () => {
  const MINUTE = 60_000
  const collectionNames = () => [...standIn.collections.keys()].sort()
  /** What a reader searching through the alias finds: the ids and contents of the live collection. */
  const readerView = () => {
    const live = standIn.collections.get(standIn.aliases.get('site') ?? '')
    return [...(live?.documents.values() ?? [])].map((document) => `${String(document.id)} ${String(document.content ?? '')}`).sort()
  }
  const expectedView = (src: SearchSource) =>
    [...records(src).values()]
      .flat()
      .map((record) => `${record.objectID} ${record.content ?? ''}`)
      .sort()

  it('a failed alias swap deletes the new collection and leaves readers on the old one', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    const before = await readFile(statePath, 'utf8')
    standIn.faults.push({method: 'PUT', path: /^\/aliases\/site$/})
    await expect(job({now: () => 1000 + MINUTE, retryDelayMs: 0})).rejects.toThrow(/PUT \/aliases\/site failed with 500/)
    expect(standIn.aliases.get('site')).toBe('site-1000')
    expect(collectionNames()).toEqual(['site-1000'])
    expect(await readFile(statePath, 'utf8')).toBe(before)
  })

  it('a failed delete of the old collection is reported, and the next run deletes it', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    standIn.faults.push({method: 'DELETE', path: /^\/collections\/site-1000$/, nth: [1, 2, 3]})
    await expect(job({now: () => 1000 + 20 * MINUTE, retryDelayMs: 0})).rejects.toThrow(
      `Readers now search site-${1000 + 20 * MINUTE}, but deleting the previous collection site-1000 failed`,
    )
    expect(standIn.aliases.get('site')).toBe(`site-${1000 + 20 * MINUTE}`)
    // The state follows the alias, so the next incremental run works on the new collection.
    expect((JSON.parse(await readFile(statePath, 'utf8')) as IndexState).collection).toBe(`site-${1000 + 20 * MINUTE}`)
    const next = await job({incremental: true, now: () => 1000 + 40 * MINUTE})
    expect(next.mode).toBe('incremental')
    expect(next.removedLeftovers).toEqual(['site-1000'])
    expect(collectionNames()).toEqual([`site-${1000 + 20 * MINUTE}`])
  })

  it('a half-built collection whose delete fails is deleted by the next run, however soon: the state file names it', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN, faults: [{method: 'DELETE', path: /^\/collections\/site-1000$/}]})
    standIn.faults.push({method: 'POST', path: /\/documents\/import$/, nth: [2]})
    await expect(job({now: () => 1000, retryDelayMs: 0})).rejects.toThrow(/import\?action=create failed with 500|failed with 500/)
    expect(lines.join('\n')).toMatch(/Could not delete site-1000 .*; a later run deletes it/)
    expect((JSON.parse(await readFile(statePath, 'utf8')) as IndexState).building).toBe('site-1000')
    standIn.faults.length = 0
    const soon = await job({now: () => 1000 + 5 * MINUTE})
    expect(soon.removedLeftovers).toEqual(['site-1000'])
    expect(collectionNames()).toEqual([`site-${1000 + 5 * MINUTE}`])
  })

  it('a collection of the alias that no state names is deleted only once it is old enough not to be another run’s', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    standIn.collections.set('site-1500', {name: 'site-1500', fields: [], documents: new Map(), synonymSets: []})
    expect((await job({now: () => 1000 + 5 * MINUTE})).removedLeftovers).toEqual([])
    expect((await job({now: () => 1000 + 30 * MINUTE})).removedLeftovers).toEqual(['site-1500'])
  })

  it('a run killed after creating its collection leaves one that the next run deletes', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    standIn.collections.set('site-2000', {name: 'site-2000', fields: [], documents: new Map(), synonymSets: []})
    standIn.collections.set('other-2000', {name: 'other-2000', fields: [], documents: new Map(), synonymSets: []})
    const result = await job({now: () => 1000 + 60 * MINUTE})
    expect(result.removedLeftovers).toEqual(['site-2000'])
    // Collections of another alias are not this job's business.
    expect(collectionNames()).toEqual(['other-2000', `site-${1000 + 60 * MINUTE}`])
  })

  it('an incremental run that fails part-way is replaced by a full run into a new collection: readers get all of the new records', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    const changed = source(' They can also leave them.')
    // Three batches of upserts (batch size 3); the second fails after the first was written.
    const extra = {
      ...changed,
      docs: [
        ...changed.docs,
        ...['a', 'b', 'c'].map((slug) => ({version: 'v4', slug, doc: {_id: slug, title: slug.toUpperCase(), body: [text(slug, `Page ${slug}.`)]}})),
      ],
    }
    standIn.faults.push({method: 'POST', path: /^\/collections\/site-1000\/documents\/import$/, nth: [2]})
    const result = await job({records: records(extra), incremental: true, now: () => 1000 + MINUTE, retryDelayMs: 0})
    expect(result).toMatchObject({mode: 'full', collection: `site-${1000 + MINUTE}`, fallbackFrom: expect.stringMatching(/failed with 500/)})
    expect(readerView()).toEqual(expectedView(extra))
    expect(collectionNames()).toEqual([`site-${1000 + MINUTE}`])
    const state = JSON.parse(await readFile(statePath, 'utf8')) as IndexState
    expect(state.incrementalStartedAt).toBeUndefined()
    expect(state.collection).toBe(`site-${1000 + MINUTE}`)
  })

  it('when the full run that should replace a failed incremental run fails too, the state says so and the next run is a full one', async () => {
    standIn = await startTypesenseStandIn({adminKey: ADMIN})
    await job({now: () => 1000})
    standIn.faults.push({method: 'POST', path: /^\/collections\/site-1000\/documents\/import$/}, {method: 'POST', path: /^\/collections$/})
    const changed = source(' They can also leave them.')
    await expect(job({records: records(changed), incremental: true, now: () => 1000 + MINUTE, retryDelayMs: 0})).rejects.toThrow(
      /The incremental run failed \(.*\), and so did the full run meant to replace it \(.*\); site-1000 may be part-updated/,
    )
    expect((JSON.parse(await readFile(statePath, 'utf8')) as IndexState).incrementalStartedAt).toBeDefined()
    standIn.faults.length = 0
    const next = await job({records: records(changed), incremental: true, now: () => 1000 + 2 * MINUTE})
    expect(next.mode).toBe('full')
    expect(lines.join('\n')).toMatch(/did not finish: running a full index/)
    expect(readerView()).toEqual(expectedView(changed))
    expect(collectionNames()).toEqual([`site-${1000 + 2 * MINUTE}`])
  })
})
