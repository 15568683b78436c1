/**
 * Scores search relevance: each query of the relevance set (relevance-set.ts) is run through a
 * backend, whose answer is the pages in the order the UI lists them (grouped by page); a query
 * scores the reciprocal rank of its expected page. Backends: the site's local index (the same code
 * as the browser) and Typesense's stand-in, through the parameters the browser sends.
 */
import {contextualFacetFilters, languageRules, type SearchRecord, type SynonymItem} from '@site/schemas/search'
import {contextShards, decodeSearchShard, encodeSearchIndex, shardSynonyms} from '@site/web/search/index-format'
import {createLocalIndex} from '@site/web/search/local-client'
import {typesenseAdapterOptions} from '@site/web/search/search-client'
import {loadStemmer} from '@site/web/search/stemmers'
import type {RelevanceCase} from './relevance-set'

/** The relevance goal in every locale (docs/search.md): success@1 and success@5 at least these. */
export const RELEVANCE_THRESHOLDS = {at1: 0.8, at5: 0.95}

/** Pages, best first, for a query. */
export type Backend = (query: string) => Promise<string[]> | string[]

export interface CaseResult extends RelevanceCase {
  rank: number | null
  top: string[]
}

export interface RelevanceScore {
  queries: number
  mrr: number
  at1: number
  at5: number
  misses: CaseResult[]
  results: CaseResult[]
}

export async function scoreBackend(cases: readonly RelevanceCase[], backend: Backend): Promise<RelevanceScore> {
  const results: CaseResult[] = []
  for (const entry of cases) {
    const pages = await backend(entry.query)
    const position = pages.indexOf(entry.expected)
    results.push({...entry, rank: position === -1 ? null : position + 1, top: pages.slice(0, 5)})
  }
  const share = (test: (result: CaseResult) => boolean) => (results.length === 0 ? 0 : results.filter(test).length / results.length)
  return {
    queries: results.length,
    mrr: results.reduce((sum, result) => sum + (result.rank ? 1 / result.rank : 0), 0) / Math.max(1, results.length),
    at1: share((result) => result.rank === 1),
    at5: share((result) => result.rank !== null && result.rank <= 5),
    misses: results.filter((result) => result.rank !== 1),
    results,
  }
}

/** Distinct pages in the order of their best hit, as the modal groups them. */
export function pagesOf(hits: ReadonlyArray<{url_without_anchor: string}>): string[] {
  return [...new Set(hits.map((hit) => hit.url_without_anchor))]
}

/**
 * The local backend of a locale: its records written in the site's index format, the shards a page
 * of the latest docs fetches decoded again, indexed with the locale's stemmer and synonyms, and
 * searched with the modal's request (contextual filters, 20 hits).
 */
export async function localBackend(locale: string, records: readonly SearchRecord[], synonyms: readonly SynonymItem[], latest: string): Promise<Backend> {
  const versions = [...new Set(records.flatMap((record) => (record.version ? [record.version] : [])))]
  const {shards} = encodeSearchIndex(locale, records, {latest, versions}, synonyms)
  const fetched = shards.filter((shard) => contextShards(latest).includes(shard.shard)).map((shard) => JSON.parse(JSON.stringify(shard)) as unknown)
  const index = createLocalIndex(
    fetched.flatMap((file) => decodeSearchShard(file, 'shard')),
    {locale, stem: await loadStemmer(languageRules(locale).stemmer), synonyms: fetched.flatMap((file) => shardSynonyms(file) ?? [])},
  )
  const filters = contextualFacetFilters(locale, latest)
  return (query) => pagesOf(index.search({query, facetFilters: filters, hitsPerPage: 20}).hits)
}

/**
 * The Typesense backend of a locale: the browser's own client (typesense-instantsearch-adapter with
 * the site's parameters, typesenseAdapterOptions) sending the modal's request to a server, here the
 * Typesense STAND-IN filled by the index job (typesense-stand-in.ts): the figures say what the
 * site's settings make of a query under the stand-in's model of Typesense, not what Typesense ranks.
 */
export async function typesenseBackend(
  server: {host: string; port: number; searchApiKey: string; collection: string},
  locale: string,
  latest: string,
): Promise<Backend> {
  const {default: TypesenseInstantSearchAdapter} = await import('typesense-instantsearch-adapter')
  const adapter = new TypesenseInstantSearchAdapter(typesenseAdapterOptions({...server, protocol: 'http'}, locale))
  const filters = contextualFacetFilters(locale, latest)
  // InstantSearch's client type is generic over Algolia's request shapes; the modal sends this one.
  const client = adapter.searchClient as unknown as {
    search(requests: Array<{indexName: string; params: Record<string, unknown>}>): Promise<{results: Array<{hits?: Array<{url_without_anchor: string}>}>}>
  }
  return async (query) => {
    const response = await client.search([{indexName: server.collection, params: {query, facetFilters: filters, hitsPerPage: 20}}])
    return pagesOf(response.results[0]?.hits ?? [])
  }
}
