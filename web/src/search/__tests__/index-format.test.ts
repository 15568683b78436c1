import {describe, expect, it} from 'vitest'
import {buildSearchRecords, flattenRecord, type SearchBodyBlock, type SearchRecord} from '@site/schemas/search'
import {allShards, contextShards, decodeSearchManifest, decodeSearchShard, encodeSearchIndex, shardOf, shardSynonyms} from '../index-format'

const text = (key: string, value: string, style = 'normal'): SearchBodyBlock => ({_type: 'block', _key: key, style, children: [{text: value}]})
const heading = (key: string, value: string, level: number, anchor?: string): SearchBodyBlock => ({
  _type: 'heading',
  _key: key,
  level,
  text: value,
  anchor: anchor ?? null,
})

const source = {
  versions: [
    {path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'},
    {path: 'v3', label: '3.x', isLast: false, mainDoc: 'index'},
    {path: 'v2', label: '2.x', isLast: false, mainDoc: 'index'},
  ],
  docs: [
    {
      version: 'v4',
      slug: 'rooms',
      doc: {
        _id: 'a',
        title: 'Salles',
        description: 'Des canaux que les sockets rejoignent',
        body: [
          text('p0', 'Avant tout titre.'),
          heading('h0', 'Sous-titre orphelin', 3),
          text('p1', 'Sous un h3 sans h2.'),
          heading('h1', 'Diffuser vers une salle', 2, 'broadcasting-to-a-room'),
          text('p2', 'Utilisez io.to(room).emit() <script>alert(1)</script> & co.'),
          text('h2', 'Exemple', 'h3'),
          text('p3', 'Premier exemple.'),
          text('h3', 'Exemple', 'h3'),
          text('p4', 'Second exemple, même titre : ancre suffixée.'),
          text('h4', 'Détails', 'h4'),
          text('p5', 'Les h4 deviennent des lvl3.'),
        ],
      },
    },
    {version: 'v3', slug: 'rooms', doc: {_id: 'b', title: 'Salles', body: [text('p', 'Les salles en version trois.')]}},
  ],
  posts: [{slug: 'redis', post: {_id: 'd', title: 'Adaptateur Redis streams', body: [text('p', 'Un nouvel adaptateur.')]}}],
  pages: [{path: 'get-started', page: {_id: 'e', title: 'Commencer', body: [heading('g', 'Installation', 2)]}}],
  releases: [{version: '4.8.1', release: {_id: 'f', title: null, summary: 'Corrections', body: []}}],
}
const records = buildSearchRecords(source, {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal des modifications', page: 'Socket.IO'}})
const docs = {latest: 'v4', versions: ['v4', 'v3', 'v2']}
const withoutId = ({id: _id, ...rest}: ReturnType<typeof flattenRecord>) => rest

describe('index shards', () => {
  const {manifest, shards} = encodeSearchIndex('fr', records, docs)

  it('writes one shard per contextual tag, empty ones included, and lists them', () => {
    expect(shards.map((shard) => shard.shard)).toEqual(['default', 'docs-v4', 'docs-v3', 'docs-v2'])
    expect(manifest).toEqual({format: 4, locale: 'fr', latest: 'v4', shards: ['default', 'docs-v4', 'docs-v3', 'docs-v2']})
    expect(decodeSearchShard(JSON.parse(JSON.stringify(shards[3])), 'docs-v2.json')).toEqual([])
    expect(allShards(docs.versions)).toEqual(manifest.shards)
    expect(contextShards('v3')).toEqual(['default', 'docs-v3'])
  })

  it('gives back every record of a shard but its id, with unique ids across shards', () => {
    const decoded = shards.flatMap((shard) => decodeSearchShard(JSON.parse(JSON.stringify(shard)), `${shard.shard}.json`))
    const expected = ['default', 'docs-v4', 'docs-v3'].flatMap((shard) => records.filter((record) => shardOf(record) === shard).map(flattenRecord))
    expect(decoded.map(withoutId)).toEqual(expected.map(withoutId))
    expect(new Set(decoded.map((record) => record.id)).size).toBe(records.length)
    const anchors = decoded.filter((record) => record.url_without_anchor === '/fr/docs/v4/rooms/').map((record) => record.anchor ?? '')
    expect(anchors).toEqual(['', 'sous-titre-orphelin', 'broadcasting-to-a-room', 'exemple', 'exemple-1', 'détails'])
  })

  it('stores a page once and only the anchors its heading text does not give', () => {
    const v4 = shards[1]
    expect(v4?.pages).toHaveLength(1)
    const json = JSON.stringify(v4)
    expect(json.split('/fr/docs/v4/rooms/')).toHaveLength(2)
    expect(json.split('Diffuser vers une salle')).toHaveLength(2)
    expect(json).toContain('"broadcasting-to-a-room"')
    expect(json).not.toContain('"exemple-1"')
  })

  it('refuses records it cannot store, naming them', () => {
    const english = buildSearchRecords(
      {...source, docs: [], pages: [], releases: []},
      {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Socket.IO'}},
    )
    expect(() => encodeSearchIndex('fr', english, docs)).toThrow('Search record /blog/redis/ is in en, not in fr')
    expect(() => encodeSearchIndex('fr', records, {latest: 'v4', versions: ['v4']})).toThrow(
      /\/fr\/docs\/v3\/rooms\/ is in docs version "v3", which is not one of v4/,
    )
    const orphan: SearchRecord[] = records.filter((record) => record.type !== 'lvl1')
    expect(() => encodeSearchIndex('fr', orphan, docs)).toThrow(/does not follow its page's record/)
    const odd = records.map((record, index) => (index === 2 ? {...record, item_priority: record.item_priority + 5} : record))
    expect(() => encodeSearchIndex('fr', odd, docs)).toThrow(/does not survive the index format/)
  })

  it('carries the synonyms in the default shard only, and refuses malformed ones', () => {
    const synonyms = [{id: 'salle', root: 'salle', synonyms: ['room']}]
    const written = encodeSearchIndex('fr', records, docs, synonyms).shards
    expect(shardSynonyms(JSON.parse(JSON.stringify(written[0])))).toEqual(synonyms)
    expect(shardSynonyms(JSON.parse(JSON.stringify(written[1])))).toBeUndefined()
    expect(() => shardSynonyms({shard: 'default', synonyms: [{id: 'x', synonyms: 'room'}]})).toThrow(
      'default shard: its synonyms are not a list of {id, root?, synonyms}',
    )
  })

  it('refuses other files by name', () => {
    expect(() => decodeSearchShard({hello: 1}, '/_search/fr/default.json')).toThrow('/_search/fr/default.json is not a search index file')
    expect(() => decodeSearchShard({format: 2, locale: 'fr', pages: [], records: []}, 'fr.json')).toThrow(/fr.json has index format 2.*rebuild the site/)
    expect(() => decodeSearchShard({format: 4, locale: 'fr', shard: 'default', classes: [], pages: [[4, 'T', '/x/', '']]}, 'default.json')).toThrow(
      'default.json: page /x/ has class 4, which the file does not have',
    )
    expect(() => decodeSearchManifest({format: 4, locale: 'fr'}, 'shards.json')).toThrow('shards.json is not a search shard list')
    expect(decodeSearchManifest(JSON.parse(JSON.stringify(manifest)), 'shards.json').latest).toBe('v4')
  })
})
