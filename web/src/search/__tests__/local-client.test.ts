import {describe, expect, it, vi} from 'vitest'
import {buildSearchRecords, flattenRecord, searchPageUrl, type SearchBodyBlock} from '@site/schemas/search'
import * as urls from '@site/schemas/routing'
import type {Route, RoutingTable} from '@site/schemas/routing'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'

let table: RoutingTable = testRoutingTable()
const useTestRoutingTable = (overrides?: Parameters<typeof testRoutingTable>[0]) => {
  table = testRoutingTable(overrides)
}
const routeUrl = (route: Route) => urls.routeUrl(table, route)
import {createLocalIndex, createLocalSearchClient, highlightText, shardsForRequest} from '../local-client'
import {loadStemmer} from '../stemmers'
import {contextVersion, fill, pluralForm, searchPageHref} from '../search-props'
import {reportUrlFrom} from '../search-props-server'
import {isSearchShortcut} from '../shortcuts'

// search-props-server reaches the content source, whose token module is server-only; these tests never read it.
vi.mock('server-only', () => ({}))

const text = (key: string, value: string, style = 'normal'): SearchBodyBlock => ({_type: 'block', _key: key, style, children: [{text: value}]})

const source = {
  versions: [
    {path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'},
    {path: 'v3', label: '3.x', isLast: false, mainDoc: 'index'},
  ],
  docs: [
    {
      version: 'v4',
      slug: 'rooms',
      doc: {
        _id: 'a',
        title: 'Rooms',
        description: 'Channels that sockets join',
        body: [text('h', 'Broadcasting to a room', 'h2'), text('p', 'Use io.to(room).emit() to broadcast <script>alert(1)</script> & co.')],
      },
    },
    {version: 'v3', slug: 'rooms', doc: {_id: 'b', title: 'Rooms', body: [text('p', 'Rooms in version three.')]}},
    {version: 'v4', slug: 'handling-cors', doc: {_id: 'c', title: 'Handling CORS', body: [text('p', 'Configure the cors option of the server.')]}},
  ],
  posts: [{slug: 'redis', post: {_id: 'd', title: 'Redis streams adapter', body: [text('p', 'A new adapter based on Redis streams.')]}}],
  pages: [],
  releases: [],
}
const records = buildSearchRecords(source, {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Socket.IO'}})

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
    const hit = index.search({query: 'broadcast'}).hits.find((candidate) => candidate.anchor === 'broadcasting-to-a-room')
    expect(hit?._snippetResult.content.value).toBe('Use io.to(room).emit() to __ais-highlight__broadcast__/ais-highlight__ <script>alert(1)</script> & co.')
    expect(hit?._highlightResult['hierarchy.lvl2']?.value).toBe('__ais-highlight__Broadcasting__/ais-highlight__ to a room')
    expect(highlightText('no match here', ['zzz'], new Set()).matchLevel).toBe('none')
  })
})

describe('local index, language and synonyms', () => {
  const french = buildSearchRecords(
    {
      versions: [{path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'}],
      docs: [
        {
          version: 'v4',
          slug: 'rooms',
          doc: {
            _id: 'r',
            title: 'Les rooms',
            body: [
              text('p0', 'Une room est un canal que les sockets rejoignent.'),
              text('h', 'Rejoindre une room', 'h2'),
              text('p1', 'Appelez socket.join() pour rejoindre la room.'),
              text('p2', 'Les rooms existent seulement côté serveur. '.repeat(12)),
            ],
          },
        },
        {
          version: 'v4',
          slug: 'connection-state-recovery',
          doc: {
            _id: 'c',
            title: 'Récupération de l’état de connexion',
            body: [text('p', 'Les événements manqués sont renvoyés après une déconnexion temporaire.')],
          },
        },
      ],
      posts: [{slug: 'salle', post: {_id: 'b', title: 'Une salle de conférence', body: [text('p', 'Hors sujet.')]}}],
      pages: [],
      releases: [],
    },
    {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Socket.IO'}},
  ).map(flattenRecord)

  it('folds accents and case and stems French words', async () => {
    const index = createLocalIndex(french, {locale: 'fr', stem: await loadStemmer('french')})
    expect(index.search({query: 'RECUPERATION ETAT'}).hits[0]?.url).toBe('/fr/docs/v4/connection-state-recovery/')
    expect(index.search({query: 'événement manqué'}).hits[0]?.url).toBe('/fr/docs/v4/connection-state-recovery/')
  })

  it('applies the editors’ synonyms one way', async () => {
    const index = createLocalIndex(french, {locale: 'fr', stem: await loadStemmer('french')})
    index.setSynonyms([{id: 's', root: 'salle', synonyms: ['room']}])
    expect(index.search({query: 'salle'}).hits[0]?.url).toBe('/fr/docs/v4/rooms/')
    expect(index.search({query: 'room'}).hits.some((hit) => hit.url.includes('/blog/'))).toBe(false)
  })

  it('lists an address once and the page itself first', async () => {
    const index = createLocalIndex(french, {locale: 'fr', stem: await loadStemmer('french')})
    const {hits, nbHits} = index.search({query: 'room'})
    const urls = hits.map((hit) => hit.url)
    expect(new Set(urls).size).toBe(urls.length)
    expect(nbHits).toBe(urls.length)
    expect(hits[0]).toMatchObject({url: '/fr/docs/v4/rooms/', type: 'lvl1', content: 'Une room est un canal que les sockets rejoignent.'})
  })
})

describe('local search client', () => {
  const shardRecords = (shard: string) => records.map(flattenRecord).filter((record) => (record.version ? `docs-${record.version}` : 'default') === shard)
  const loader = (log: string[], fail?: (shard: string) => boolean) => ({
    shards: () => ['default', 'docs-v4', 'docs-v3'],
    async load(shard: string) {
      log.push(shard)
      if (fail?.(shard)) throw new Error(`/_search/en/${shard}.json: HTTP 503`)
      return {records: shardRecords(shard)}
    },
  })

  it('fetches only the shards the contextual filter matches, once each, on the first search', async () => {
    const log: string[] = []
    const client = createLocalSearchClient(loader(log))
    expect(log).toEqual([])
    const filters = [['language:en'], ['tags:default', 'tags:docs-v4']]
    const first = await client.search([{indexName: 'local-en', params: {query: 'cors', facetFilters: filters}}])
    await client.search([{indexName: 'local-en', params: {query: 'rooms', facetFilters: filters}}])
    expect(log.sort()).toEqual(['default', 'docs-v4'])
    expect(first.results[0]).toMatchObject({index: 'local-en', query: 'cors', nbHits: expect.any(Number)})
    // Another version's docs later: only its shard is added, and its hits are found.
    const older = await client.search([
      {indexName: 'local-en', params: {query: 'version three', facetFilters: [['language:en'], ['tags:default', 'tags:docs-v3']]}},
    ])
    expect(log.sort()).toEqual(['default', 'docs-v3', 'docs-v4'])
    expect(older.results[0]).toMatchObject({hits: [expect.objectContaining({url: '/docs/v3/rooms/'})]})
  })

  it('fetches every shard for a request without a contextual filter', async () => {
    const log: string[] = []
    await createLocalSearchClient(loader(log)).search([{indexName: 'local-en', params: {query: 'rooms', facetFilters: [['language:en']]}}])
    expect(log.sort()).toEqual(['default', 'docs-v3', 'docs-v4'])
  })

  it('rejects when a shard cannot be fetched, and fetches it again on the next search', async () => {
    const log: string[] = []
    let broken = true
    const client = createLocalSearchClient(loader(log, (shard) => broken && shard === 'docs-v4'))
    const filters = [['tags:default', 'tags:docs-v4']]
    await expect(client.search([{indexName: 'local-en', params: {query: 'x', facetFilters: filters}}])).rejects.toThrow('docs-v4.json: HTTP 503')
    broken = false
    const response = await client.search([{indexName: 'local-en', params: {query: 'rooms', facetFilters: filters}}])
    expect(log.filter((shard) => shard === 'docs-v4')).toHaveLength(2)
    expect(log.filter((shard) => shard === 'default')).toHaveLength(1)
    expect(response.results[0]).toMatchObject({hits: expect.arrayContaining([expect.objectContaining({url_without_anchor: '/docs/v4/rooms/'})])})
  })

  it('reads the shards a request needs from its facet filters', () => {
    const all = ['default', 'docs-v4', 'docs-v3']
    expect(shardsForRequest([['language:fr'], ['tags:default', 'tags:docs-v3']], all)).toEqual(['default', 'docs-v3'])
    expect(shardsForRequest(['version:v4'], all)).toEqual(['docs-v4'])
    // Kinds are tags too, but no shard holds only them; negations can match anything.
    expect(shardsForRequest([['tags:blog']], all)).toEqual(all)
    expect(shardsForRequest(['-tags:default'], all)).toEqual(all)
    expect(shardsForRequest(undefined, all)).toEqual(all)
  })
})

describe('search UI helpers', () => {
  it('builds the same page addresses as the site routes', () => {
    expect(searchPageUrl('/fr', {kind: 'doc', docsPath: 'docs', version: 'v4', slug: 'rooms', mainDoc: 'index'})).toBe(
      routeUrl({kind: 'doc', locale: 'fr', version: 'v4', slug: 'rooms'}),
    )
    expect(searchPageUrl('/zh-CN', {kind: 'doc', docsPath: 'docs', version: 'v3', slug: 'index', mainDoc: 'index'})).toBe(
      routeUrl({kind: 'docsHome', locale: 'zh-CN', version: 'v3'}),
    )
    expect(searchPageUrl('/pt-br', {kind: 'blog', blogPath: 'blog', slug: 'hello'})).toBe(routeUrl({kind: 'blogPost', locale: 'pt-br', slug: 'hello'}))
    expect(searchPageUrl('', {kind: 'page', path: 'get-started', index: true})).toBe(routeUrl({kind: 'page', locale: 'en', path: 'get-started', index: true}))
    expect(searchPageUrl('/fr', {kind: 'page', path: 'how-to/use-with-react', index: false})).toBe(
      routeUrl({kind: 'page', locale: 'fr', path: 'how-to/use-with-react', index: false}),
    )
    expect(searchPageUrl('/fr', {kind: 'changelog', docsPath: 'docs', version: 'v4', release: '4.8.1'})).toBe(
      routeUrl({kind: 'release', locale: 'fr', version: 'v4', release: '4.8.1'}),
    )
  })

  it('builds the same addresses as the site routes with docs served elsewhere or at the site root, and the blog elsewhere', () => {
    try {
      useTestRoutingTable({
        docsPath: 'api/docs',
        versions: [
          {path: 'current', urlPath: ''},
          {path: '1.x', urlPath: 'legacy'},
        ],
      })
      expect(searchPageUrl('/fr', {kind: 'doc', docsPath: 'api/docs', version: '', slug: 'install', mainDoc: 'intro'})).toBe(
        routeUrl({kind: 'doc', locale: 'fr', version: 'current', slug: 'install'}),
      )
      expect(searchPageUrl('', {kind: 'doc', docsPath: 'api/docs', version: 'legacy', slug: 'intro', mainDoc: 'intro'})).toBe('/api/docs/legacy/')
      useTestRoutingTable({
        docsPath: '',
        versions: [
          {path: 'current', urlPath: ''},
          {path: '1.x', urlPath: 'legacy'},
        ],
      })
      expect(searchPageUrl('', {kind: 'doc', docsPath: '', version: '', slug: 'intro', mainDoc: 'intro'})).toBe(
        routeUrl({kind: 'docsHome', locale: 'en', version: 'current'}),
      )
      expect(searchPageUrl('', {kind: 'doc', docsPath: '', version: '', slug: 'intro', mainDoc: 'intro'})).toBe('/')
      expect(searchPageUrl('/fr', {kind: 'doc', docsPath: '', version: 'legacy', slug: 'install', mainDoc: 'intro'})).toBe(
        routeUrl({kind: 'doc', locale: 'fr', version: '1.x', slug: 'install'}),
      )
      expect(searchPageUrl('/fr', {kind: 'changelog', docsPath: '', version: '', release: '2.0.0'})).toBe('/fr/changelog/2.0.0')
      useTestRoutingTable({blogPath: 'news'})
      expect(searchPageUrl('/fr', {kind: 'blog', blogPath: 'news', slug: '2025/launch'})).toBe(routeUrl({kind: 'blogPost', locale: 'fr', slug: '2025/launch'}))
    } finally {
      useTestRoutingTable()
    }
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
    const ours = {
      versions: [
        {path: 'v4', label: '4.x', segment: 'v4'},
        {path: 'v3', label: '3.x', segment: 'v3'},
        {path: 'v2', label: '2.x', segment: 'v2'},
      ],
      latestVersion: 'v4',
      docsPath: 'docs',
    }
    expect(contextVersion('/fr/docs/v3/rooms/', {...ours, localePrefix: '/fr'})).toBe('v3')
    expect(contextVersion('/docs/v2/', {...ours, localePrefix: ''})).toBe('v2')
    expect(contextVersion('/blog/', {...ours, localePrefix: ''})).toBe('v4')
    // Docusaurus's layout: the latest version at /docs/ itself, the current one at /docs/next/.
    const docusaurus = {
      versions: [
        {path: 'current', label: 'Next', segment: 'next'},
        {path: '1.0', label: '1.0', segment: ''},
      ],
      latestVersion: '1.0',
      docsPath: 'docs',
    }
    expect(contextVersion('/pt-BR/docs/next/guides/', {...docusaurus, localePrefix: '/pt-BR'})).toBe('current')
    expect(contextVersion('/docs/guides/rooms/', {...docusaurus, localePrefix: ''})).toBe('1.0')
    expect(contextVersion('/docs/', {...docusaurus, localePrefix: ''})).toBe('1.0')
    // Docs at the site root: a locale prefix is not a version, and a named version is read under the root.
    const root = {
      versions: [
        {path: 'current', label: '2.x', segment: ''},
        {path: '1.x', label: '1.x', segment: 'legacy'},
      ],
      latestVersion: 'current',
      docsPath: '',
      localePrefix: '/fa',
    }
    expect(contextVersion('/fa/legacy/install', root)).toBe('1.x')
    expect(contextVersion('/fa/', root)).toBe('current')
    expect(contextVersion('/legacy/', {...root, localePrefix: ''})).toBe('1.x')
    expect(contextVersion('/api/docs/legacy/', {...root, docsPath: 'api/docs', localePrefix: ''})).toBe('1.x')
    expect(contextVersion('/legacy/', {...root, docsPath: 'api/docs', localePrefix: ''})).toBe('current')
  })

  it('links to the search page with the version only when it is not the latest', () => {
    const props = {searchPageUrl: '/fr/search', latestVersion: 'v4'}
    expect(searchPageHref(props, 'salles & co', 'v4')).toBe('/fr/search?q=salles%20%26%20co')
    expect(searchPageHref(props, 'rooms', 'v2')).toBe('/fr/search?q=rooms&version=v2')
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
