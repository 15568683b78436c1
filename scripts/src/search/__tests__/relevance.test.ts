/**
 * Relevance on the real content: content/ is imported into a temporary dataset, the records are
 * built with the site's builder, written in the site's index format and searched with its local
 * client (web/src/search) over what a page of the latest docs fetches (the default and docs-v4
 * shards), with the modal's contextual filters (the locale, docs v4). Each query must return its page first.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {Locale} from '@site/schemas/model'
import {contextualFacetFilters} from '@site/schemas/search'
import {contextShards, decodeSearchShard, encodeSearchIndex} from '../../../../web/src/search/index-format'
import {createLocalIndex, type LocalIndex} from '../../../../web/src/search/local-client'
import {loadLocaleRecords, localContentSource} from '../content'

const root = path.resolve(import.meta.dirname, '../../../..')
const datasetDir = mkdtempSync(path.join(tmpdir(), 'search-relevance-'))
const indexes = new Map<Locale, LocalIndex>()

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/src/import/cli.ts', '--out', datasetDir], {cwd: root, stdio: 'pipe'})
  const source = await localContentSource(datasetDir)
  for (const locale of ['en', 'fr'] as const) {
    const records = await loadLocaleRecords(source, locale)
    const versions = [...new Set(records.flatMap((record) => (record.version ? [record.version] : [])))]
    const {shards} = encodeSearchIndex(locale, records, {latest: 'v4', versions})
    const fetched = shards.filter((shard) => contextShards('v4').includes(shard.shard))
    indexes.set(locale, createLocalIndex(fetched.flatMap((shard) => decodeSearchShard(JSON.parse(JSON.stringify(shard)), shard.shard))))
  }
}, 120_000)

afterAll(() => rmSync(datasetDir, {recursive: true, force: true}))

// [query, page that must come first] per locale; the pages are docs of v4 (the latest).
const table: Record<'en' | 'fr', Array<[string, string]>> = {
  en: [
    ['rooms', '/docs/v4/rooms/'],
    ['CORS', '/docs/v4/handling-cors/'],
    ['redis adapter', '/docs/v4/redis-adapter/'],
    ['middlewares', '/docs/v4/middlewares/'],
    ['connection state recovery', '/docs/v4/connection-state-recovery/'],
    ['namespaces', '/docs/v4/namespaces/'],
    ['broadcasting events', '/docs/v4/broadcasting-events/'],
    ['emit cheatsheet', '/docs/v4/emit-cheatsheet/'],
    ['delivery guarantees', '/docs/v4/delivery-guarantees/'],
    ['reverse proxy', '/docs/v4/reverse-proxy/'],
    ['multiple nodes', '/docs/v4/using-multiple-nodes/'],
    ['mongodb adapter', '/docs/v4/mongo-adapter/'],
    ['offline behavior', '/docs/v4/client-offline-behavior/'],
    ['server installation', '/docs/v4/server-installation/'],
    ['how it works', '/docs/v4/how-it-works/'],
  ],
  fr: [
    ['rooms', '/fr/docs/v4/rooms/'],
    ['CORS', '/fr/docs/v4/handling-cors/'],
    ['adaptateur redis', '/fr/docs/v4/redis-adapter/'],
    ['middlewares', '/fr/docs/v4/middlewares/'],
    ['récupération de l’état de connexion', '/fr/docs/v4/connection-state-recovery/'],
    ['espaces de noms', '/fr/docs/v4/namespaces/'],
    ['diffuser des événements', '/fr/docs/v4/broadcasting-events/'],
    ['aide-mémoire', '/fr/docs/v4/emit-cheatsheet/'],
    ['garanties de livraison', '/fr/docs/v4/delivery-guarantees/'],
    ['proxy inverse', '/fr/docs/v4/reverse-proxy/'],
    ['plusieurs nœuds', '/fr/docs/v4/using-multiple-nodes/'],
    ['adaptateur mongodb', '/fr/docs/v4/mongo-adapter/'],
    ['hors ligne', '/fr/docs/v4/client-offline-behavior/'],
    ['installation du serveur', '/fr/docs/v4/server-installation/'],
    ['comment ça marche', '/fr/docs/v4/how-it-works/'],
  ],
}

for (const locale of ['en', 'fr'] as const) {
  describe(`relevance (${locale})`, () => {
    it.each(table[locale])('"%s" returns %s first', (query, expected) => {
      const index = indexes.get(locale)
      if (!index) throw new Error(`No ${locale} index: the import in beforeAll failed`)
      const {hits} = index.search({query, facetFilters: contextualFacetFilters(locale, 'v4'), hitsPerPage: 5})
      expect(hits[0]?.url_without_anchor, `top hits: ${hits.map((hit) => hit.url).join(', ')}`).toBe(expected)
    })
  })
}
