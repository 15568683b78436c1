import {describe, expect, it, vi} from 'vitest'
import {buildSearchRecords, flattenRecord, searchPageUrl, type SearchBodyBlock} from '@site/schemas/search'
import {routeUrl} from '../../routing/routes'
import {decodeSearchIndex, encodeSearchIndex} from '../index-format'
import {createLocalIndex, createLocalSearchClient, highlightText} from '../local-client'
import {contextVersion, fill, pluralForm} from '../search-props'
import {reportUrlFrom} from '../search-props-server'
import {isSearchShortcut} from '../search-launcher'

// search-props-server reaches the content source, whose token module is server-only; these tests never read it.
vi.mock('server-only', () => ({}))

const text = (key: string, value: string, style = 'normal'): SearchBodyBlock => ({_type: 'block', _key: key, style, children: [{text: value}]})

const source = {
  versions: [
    {path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'},
    {path: 'v3', label: '3.x', isLast: false, mainDoc: 'index'},
  ],
  docs: [
    {version: 'v4', slug: 'rooms', doc: {_id: 'a', title: 'Rooms', description: 'Channels that sockets join', body: [text('h', 'Broadcasting to a room', 'h2'), text('p', 'Use io.to(room).emit() to broadcast <script>alert(1)</script> & co.')]}},
    {version: 'v3', slug: 'rooms', doc: {_id: 'b', title: 'Rooms', body: [text('p', 'Rooms in version three.')]}},
    {version: 'v4', slug: 'handling-cors', doc: {_id: 'c', title: 'Handling CORS', body: [text('p', 'Configure the cors option of the server.')]}},
  ],
  posts: [{slug: 'redis', post: {_id: 'd', title: 'Redis streams adapter', body: [text('p', 'A new adapter based on Redis streams.')]}}],
  pages: [],
  releases: [],
}
const records = buildSearchRecords(source, {locale: 'en', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Socket.IO'}})

describe('index file format', () => {
  it('round-trips the records except their ids, which the browser numbers', () => {
    const decoded = decodeSearchIndex(JSON.parse(JSON.stringify(encodeSearchIndex('en', records))), 'en.json')
    expect(decoded.map(({id: _id, ...rest}) => rest)).toEqual(records.map(flattenRecord).map(({id: _id, ...rest}) => rest))
    expect(new Set(decoded.map((record) => record.id)).size).toBe(records.length)
  })
  it('refuses other files by name', () => {
    expect(() => decodeSearchIndex({hello: 1}, '/_search/fr.json')).toThrow('/_search/fr.json is not a search index file')
    expect(() => decodeSearchIndex({format: 1, locale: 'fr', pages: [], records: []}, 'x.json')).toThrow(/format 1.*rebuild the site/)
    expect(() => encodeSearchIndex('fr', records)).toThrow(/is in en, not in fr/)
  })
})

describe('local index', () => {
  const index = createLocalIndex(records.map(flattenRecord))

  it('matches prefixes and forgives a typo, best page first', () => {
    expect(index.search({query: 'roo'}).hits[0]?.url_without_anchor).toBe('/docs/v4/rooms/')
    expect(index.search({query: 'brodcasting'}).hits[0]?.url).toBe('/docs/v4/rooms/#broadcasting-to-a-room')
  })

  it('applies facet filters as AND of ORs and counts facets', () => {
    const response = index.search({query: 'rooms', facetFilters: [['language:en'], ['tags:default', 'tags:docs-v3']], facets: ['version']})
    expect(response.hits.every((hit) => hit.version === 'v3')).toBe(true)
    expect(response.facets).toEqual({version: {v3: response.nbHits}})
    expect(index.search({query: 'rooms', facetFilters: ['language:fr']}).nbHits).toBe(0)
    expect(() => index.search({query: 'x', facetFilters: ['color:red']})).toThrow(/Unsupported facet filter "color:red"/)
  })

  it('falls back to any word when no record has them all', () => {
    expect(index.search({query: 'redis zebra'}).hits[0]?.url).toBe('/blog/redis/')
  })

  it('pages results', () => {
    const all = index.search({query: 'rooms', hitsPerPage: 100}).nbHits
    const second = index.search({query: 'rooms', hitsPerPage: 2, page: 1})
    expect(second.page).toBe(1)
    expect(second.nbPages).toBe(Math.ceil(all / 2))
    expect(second.hits.length).toBeLessThanOrEqual(2)
  })

  it('wraps matches in the InstantSearch markers and leaves the text as it is (the widgets render text nodes)', () => {
    const hit = index.search({query: 'broadcast'}).hits.find((candidate) => candidate.type === 'content')
    expect(hit?._highlightResult.content?.value).toBe('Use io.to(room).emit() to __ais-highlight__broadcast__/ais-highlight__ <script>alert(1)</script> & co.')
    expect(hit?._snippetResult.content.value).toContain('<script>alert(1)</script>')
    expect(highlightText('no match here', ['zzz'], new Set()).matchLevel).toBe('none')
  })
})

describe('local search client', () => {
  it('loads the index once, on the first search, and answers InstantSearch requests', async () => {
    let loads = 0
    const client = createLocalSearchClient(async () => {
      loads++
      return records.map(flattenRecord)
    })
    expect(loads).toBe(0)
    const first = await client.search([{indexName: 'local-en', params: {query: 'cors'}}])
    await client.search([{indexName: 'local-en', params: {query: 'rooms'}}])
    expect(loads).toBe(1)
    expect(first.results[0]).toMatchObject({index: 'local-en', query: 'cors', nbHits: expect.any(Number)})
  })

  it('rejects when the index cannot be fetched, and tries again on the next search', async () => {
    let attempts = 0
    const client = createLocalSearchClient(async () => {
      attempts++
      if (attempts === 1) throw new Error('/_search/fr.json: HTTP 503')
      return records.map(flattenRecord)
    })
    await expect(client.search([{indexName: 'local-fr', params: {query: 'x'}}])).rejects.toThrow('HTTP 503')
    await expect(client.search([{indexName: 'local-fr', params: {query: 'rooms'}}])).resolves.toBeTruthy()
  })
})

describe('search UI helpers', () => {
  it('builds the same page addresses as the site routes', () => {
    expect(searchPageUrl('fr', {kind: 'doc', version: 'v4', slug: 'rooms', mainDoc: 'index'})).toBe(routeUrl({kind: 'doc', locale: 'fr', version: 'v4', slug: 'rooms'}))
    expect(searchPageUrl('zh-CN', {kind: 'doc', version: 'v3', slug: 'index', mainDoc: 'index'})).toBe(routeUrl({kind: 'docsHome', locale: 'zh-CN', version: 'v3'}))
    expect(searchPageUrl('pt-br', {kind: 'blog', slug: 'hello'})).toBe(routeUrl({kind: 'blogPost', locale: 'pt-br', slug: 'hello'}))
    expect(searchPageUrl('en', {kind: 'page', path: 'get-started', index: true})).toBe(routeUrl({kind: 'page', locale: 'en', path: 'get-started', index: true}))
    expect(searchPageUrl('fr', {kind: 'page', path: 'how-to/use-with-react', index: false})).toBe(routeUrl({kind: 'page', locale: 'fr', path: 'how-to/use-with-react', index: false}))
    expect(searchPageUrl('fr', {kind: 'changelog', version: 'v4', release: '4.8.1'})).toBe(routeUrl({kind: 'release', locale: 'fr', version: 'v4', release: '4.8.1'}))
  })

  it('recognises the shortcuts outside fields', () => {
    const key = (init: Partial<KeyboardEvent>) => ({key: '', ctrlKey: false, metaKey: false, altKey: false, target: null, ...init})
    expect(isSearchShortcut(key({key: 'k', ctrlKey: true}))).toBe(true)
    expect(isSearchShortcut(key({key: 'K', metaKey: true}))).toBe(true)
    expect(isSearchShortcut(key({key: '/'}))).toBe(true)
    expect(isSearchShortcut(key({key: 'k'}))).toBe(false)
    expect(isSearchShortcut(key({key: '/', ctrlKey: true}))).toBe(false)
  })

  it('picks the version of a docs page, else the latest', () => {
    expect(contextVersion('/fr/docs/v3/rooms/', 'v4')).toBe('v3')
    expect(contextVersion('/docs/v2/', 'v4')).toBe('v2')
    expect(contextVersion('/blog/', 'v4')).toBe('v4')
  })

  it('fills messages and French plurals', () => {
    expect(fill('Voir les {count} résultats', {count: 12})).toBe('Voir les 12 résultats')
    expect(pluralForm('Un document trouvé|{count} documents trouvés', 1, 'fr')).toBe('Un document trouvé')
    expect(pluralForm('Un document trouvé|{count} documents trouvés', 7, 'fr')).toBe('7 documents trouvés')
  })

  it('reports to the issues of the repository the edit links point at', () => {
    expect(reportUrlFrom('https://github.com/socketio/socket.io-website/edit/main/')).toBe('https://github.com/socketio/socket.io-website/issues/new')
    expect(reportUrlFrom(null)).toMatch(/^https:\/\/github\.com\/.+\/issues\/new$/)
  })
})
