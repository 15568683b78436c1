/**
 * The search client of the UI, chosen at build time: typesense-instantsearch-adapter's when the
 * NEXT_PUBLIC_TYPESENSE_* variables name a server and a search-only key, otherwise the client over
 * the embedded index of the locale (its shards). Both speak InstantSearch's protocol and return the same hits.
 */
import type {InstantSearchOptions} from 'instantsearch.js'
import type {Locale} from '@site/schemas/model'
import {languageRules, typesenseSearchParameters} from '@site/schemas/search'
import {allShards, decodeSearchManifest, decodeSearchShard, searchManifestUrl, searchShardUrl, shardSynonyms} from './index-format'
import {createLocalSearchClient, type LocalSearchParams} from './local-client'
import {loadStemmer} from './stemmers'

export interface TypesenseBrowserConfig {
  host: string
  port: number
  protocol: 'http' | 'https'
  /** A search-only key scoped to the alias (the index job prints one); never the admin key. */
  searchApiKey: string
  collection: string
}

/** Reads the public build-time variables; Next inlines each `process.env.NEXT_PUBLIC_…` literal. */
export function typesenseBrowserConfig(): TypesenseBrowserConfig | null {
  const host = process.env.NEXT_PUBLIC_TYPESENSE_HOST
  const searchApiKey = process.env.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY
  if (!host || !searchApiKey) return null
  const protocol = process.env.NEXT_PUBLIC_TYPESENSE_PROTOCOL === 'http' ? 'http' : 'https'
  return {
    host,
    port: Number(process.env.NEXT_PUBLIC_TYPESENSE_PORT) || (protocol === 'https' ? 443 : 8108),
    protocol,
    searchApiKey,
    collection: process.env.NEXT_PUBLIC_TYPESENSE_COLLECTION || 'socketio-docs',
  }
}

export interface SiteSearchClient {
  client: InstantSearchOptions['searchClient']
  indexName: string
  backend: 'typesense' | 'local'
  /** Fetches what a search with these filters needs (the index shards), before the reader types. */
  prefetch(filters: LocalSearchParams['facetFilters']): Promise<void>
}

/** The adapter's settings for a locale, shared by the browser and the bench. */
export function typesenseAdapterOptions(config: TypesenseBrowserConfig, locale: string) {
  return {
    server: {apiKey: config.searchApiKey, nodes: [{host: config.host, port: config.port, protocol: config.protocol}], cacheSearchResultsForSeconds: 120},
    additionalSearchParameters: typesenseSearchParameters(config.collection, locale),
  }
}

const clients = new Map<Locale, Promise<SiteSearchClient>>()

/**
 * The client of a locale, shared by the modal and the search page. `versions` are the docs version
 * paths (SearchUiProps.versions): the local index has a shard per version; without them the local
 * client reads the list of shards from the export first, one more request.
 */
export function siteSearchClient(locale: Locale, versions?: readonly string[]): Promise<SiteSearchClient> {
  let client = clients.get(locale)
  if (!client) {
    client = openClient(locale, versions)
    clients.set(locale, client)
  }
  return client
}

async function openClient(locale: Locale, versions: readonly string[] | undefined): Promise<SiteSearchClient> {
  const typesense = typesenseBrowserConfig()
  if (typesense) {
    const {default: TypesenseInstantSearchAdapter} = await import('typesense-instantsearch-adapter')
    const adapter = new TypesenseInstantSearchAdapter(typesenseAdapterOptions(typesense, locale))
    return {client: adapter.searchClient, indexName: typesense.collection, backend: 'typesense', prefetch: async () => undefined}
  }
  let listed: Promise<readonly string[]> | undefined
  const client = createLocalSearchClient(
    {
      shards() {
        if (versions) return allShards(versions)
        listed ??= fetchJson(searchManifestUrl(locale)).then(
          (file) => decodeSearchManifest(file, searchManifestUrl(locale)).shards,
          (error: unknown) => {
            listed = undefined
            throw error
          },
        )
        return listed
      },
      async load(shard) {
        const url = searchShardUrl(locale, shard)
        const file = await fetchJson(url)
        return {records: decodeSearchShard(file, url), synonyms: shardSynonyms(file)}
      },
    },
    {locale, stem: loadStemmer(languageRules(locale).stemmer)},
  )
  return {client, indexName: `local-${locale}`, backend: 'local', prefetch: client.prefetch}
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return response.json()
}
