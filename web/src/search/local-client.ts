/**
 * A search client over the embedded index with the interface InstantSearch expects of Algolia's
 * (and of typesense-instantsearch-adapter's): the same widgets work on both. MiniSearch does the
 * matching (prefix, typo tolerance); this module adds facet filters, facet counts, paging and
 * highlighting, and fetches the index shards a request's filters can match. Highlighted values are
 * plain text with InstantSearch's markers: React InstantSearch renders the parts as text nodes (the
 * e2e test showed that escaping here would make readers see "&lt;"), so markup is never interpreted.
 */
import MiniSearch, {type SearchResult} from 'minisearch'
import type {SearchClient} from 'instantsearch.js'
import type {FlatSearchRecord} from '@site/schemas/search'
import {docsShard} from './index-format'

/** InstantSearch's highlight markers (the widgets turn them into <mark>). */
const PRE = '__ais-highlight__'
const POST = '__/ais-highlight__'

const SEARCHABLE = ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content'] as const
const HIGHLIGHTED = ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content'] as const
const FACETABLE = ['language', 'version', 'type', 'tags'] as const
type Facet = (typeof FACETABLE)[number]

export interface LocalSearchParams {
  query?: string
  page?: number
  hitsPerPage?: number
  facetFilters?: string | ReadonlyArray<string | readonly string[]>
  facets?: string | readonly string[]
  highlightPreTag?: string
  highlightPostTag?: string
}

interface HighlightValue {
  value: string
  matchLevel: 'none' | 'partial' | 'full'
  matchedWords: string[]
}

export type LocalHit = FlatSearchRecord & {
  objectID: string
  _highlightResult: Record<string, HighlightValue>
  _snippetResult: {content: HighlightValue}
}

export interface LocalSearchResponse {
  hits: LocalHit[]
  nbHits: number
  page: number
  nbPages: number
  hitsPerPage: number
  processingTimeMS: number
  exhaustiveNbHits: true
  query: string
  params: string
  index: string
  facets: Record<string, Record<string, number>>
}

export interface LocalIndex {
  search(params: LocalSearchParams, indexName?: string): LocalSearchResponse
  /** Indexes more records (a shard fetched later); their ids must be new. */
  add(records: readonly FlatSearchRecord[]): void
  readonly size: number
}

const WORD = /[\p{L}\p{N}_]+/gu

/** Query words, lower case: what highlighting compares the text's words with. */
function queryWords(query: string): string[] {
  return (query.toLowerCase().match(WORD) ?? []).filter(Boolean)
}

/** The text with each word that a query word or a matched index term starts wrapped in the tags; nothing else is changed. */
export function highlightText(text: string, words: readonly string[], terms: ReadonlySet<string>, pre = PRE, post = POST): HighlightValue {
  let out = ''
  let last = 0
  const matched = new Set<string>()
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase()
    const hit = terms.has(word) || words.some((query) => word.startsWith(query))
    if (!hit) continue
    out += text.slice(last, match.index) + pre + match[0] + post
    last = match.index + match[0].length
    matched.add(word)
  }
  out += text.slice(last)
  const level = matched.size === 0 ? 'none' : words.every((query) => [...matched].some((word) => word.startsWith(query)) || terms.size > 0) ? 'full' : 'partial'
  return {value: out, matchLevel: level, matchedWords: [...matched]}
}

/** About `width` words around the first match, for result lists. */
function snippet(text: string, words: readonly string[], terms: ReadonlySet<string>, width = 24): string {
  const tokens = text.split(/(\s+)/)
  const first = tokens.findIndex((token) => {
    const word = (token.toLowerCase().match(WORD) ?? [])[0]
    return word !== undefined && (terms.has(word) || words.some((query) => word.startsWith(query)))
  })
  const start = Math.max(0, (first === -1 ? 0 : first) - width / 2)
  const end = Math.min(tokens.length, start + width * 2)
  return `${start > 0 ? '… ' : ''}${tokens.slice(start, end).join('').trim()}${end < tokens.length ? ' …' : ''}`
}

/** facetFilters in Algolia's form: an AND of entries, each one filter or an OR of filters. */
function parseFacetFilters(filters: LocalSearchParams['facetFilters']): Array<Array<{facet: Facet; value: string; negated: boolean}>> {
  if (!filters) return []
  const list = typeof filters === 'string' ? [filters] : filters
  return list.map((entry) =>
    (typeof entry === 'string' ? [entry] : [...entry]).map((filter) => {
      const colon = filter.indexOf(':')
      const name = filter.slice(0, colon).replace(/^-/, '')
      const facet = FACETABLE.find((candidate) => candidate === name)
      if (colon === -1 || !facet) throw new Error(`Unsupported facet filter "${filter}" (facets: ${FACETABLE.join(', ')})`)
      return {facet, value: filter.slice(colon + 1).replace(/^"|"$/g, ''), negated: filter.startsWith('-')}
    }),
  )
}

function facetValues(record: FlatSearchRecord, facet: Facet): string[] {
  const value = record[facet]
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

export function createLocalIndex(records: readonly FlatSearchRecord[] = []): LocalIndex {
  const byId = new Map<string, FlatSearchRecord>()
  const index = new MiniSearch<FlatSearchRecord>({
    idField: 'id',
    fields: [...SEARCHABLE],
    // Field names hold dots ("hierarchy.lvl1"): read them as keys, not as nested paths.
    extractField: (document, field) => {
      const value: unknown = (document as unknown as Record<string, unknown>)[field]
      return typeof value === 'string' ? value : ''
    },
  })
  const add = (more: readonly FlatSearchRecord[]) => {
    for (const record of more) byId.set(record.id, record)
    index.addAll([...more])
  }
  add(records)

  const search = (params: LocalSearchParams, indexName = 'local'): LocalSearchResponse => {
    const started = performance.now()
    const query = (params.query ?? '').trim()
    const hitsPerPage = params.hitsPerPage ?? 20
    const page = params.page ?? 0
    const filters = parseFacetFilters(params.facetFilters)
    const passes = (record: FlatSearchRecord) =>
      filters.every((group) => group.some(({facet, value, negated}) => facetValues(record, facet).includes(value) !== negated))
    const options = {
      // Measured on the fr index (npm run bench): expanding one- and two-letter prefixes touches
      // most of the vocabulary and took p95 from 0.4 ms to 14 ms, so prefixes start at three letters.
      prefix: (term: string) => term.length >= 3,
      // One typo forgiven from six letters on: shorter words have too many neighbours, and five-letter
      // prefixes with typos were the slowest keystrokes of the bench.
      fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
      maxFuzzy: 1,
      boost: {'hierarchy.lvl1': 3, 'hierarchy.lvl2': 2, 'hierarchy.lvl3': 1.5},
      boostDocument: (id: unknown) => 1 + (byId.get(String(id))?.item_priority ?? 0) / 2000,
      filter: (result: SearchResult) => {
        const record = byId.get(String(result.id))
        return record !== undefined && passes(record)
      },
    }
    let results: SearchResult[] = []
    if (query) {
      results = index.search(query, {...options, combineWith: 'AND'})
      // Every word must match when some record has them all; otherwise the best partial matches.
      if (results.length === 0) results = index.search(query, {...options, combineWith: 'OR'})
    }
    // Matched terms are only needed for the hits of the page shown: build their sets there.
    const matches = results.flatMap((result) => {
      const record = byId.get(String(result.id))
      return record ? [{record, result}] : []
    })
    const facets: Record<string, Record<string, number>> = {}
    const requested = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? [])
    for (const name of requested.includes('*') ? FACETABLE : requested) {
      const facet = FACETABLE.find((candidate) => candidate === name)
      if (!facet) continue
      const counts: Record<string, number> = {}
      for (const {record} of matches) for (const value of facetValues(record, facet)) counts[value] = (counts[value] ?? 0) + 1
      facets[facet] = counts
    }
    const words = queryWords(query)
    const pre = params.highlightPreTag ?? PRE
    const post = params.highlightPostTag ?? POST
    const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(({record, result}): LocalHit => {
      const terms = new Set(result.terms)
      const highlight: Record<string, HighlightValue> = {}
      for (const field of HIGHLIGHTED) {
        const value = record[field]
        if (value) highlight[field] = highlightText(value, words, terms, pre, post)
      }
      return {
        ...record,
        objectID: record.id,
        _highlightResult: highlight,
        _snippetResult: {content: highlightText(snippet(record.content ?? '', words, terms), words, terms, pre, post)},
      }
    })
    return {
      hits,
      nbHits: matches.length,
      page,
      nbPages: Math.ceil(matches.length / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Math.round(performance.now() - started),
      exhaustiveNbHits: true,
      query,
      params: new URLSearchParams({query}).toString(),
      index: indexName,
      facets,
    }
  }
  return {
    search,
    add,
    get size() {
      return byId.size
    },
  }
}

/**
 * The shards a request needs: each OR group of `tags:` filters that all name shards (the contextual
 * filter) or of `version:` filters restricts them; groups that could match any shard do not.
 */
export function shardsForRequest(filters: LocalSearchParams['facetFilters'], all: readonly string[]): string[] {
  let needed = [...all]
  for (const group of parseFacetFilters(filters)) {
    const names = group.map(({facet, value, negated}) => (negated ? null : facet === 'tags' ? value : facet === 'version' ? docsShard(value) : null))
    if (names.some((name) => name === null || !all.includes(name))) continue
    needed = needed.filter((shard) => names.includes(shard))
  }
  return needed
}

export interface ShardLoader {
  /** Every shard of the locale (see index-format's allShards), known or fetched. */
  shards(): readonly string[] | Promise<readonly string[]>
  /** Fetches and decodes one shard. */
  load(shard: string): Promise<readonly FlatSearchRecord[]>
}

/**
 * The InstantSearch client: on each search, fetches the shards its requests need and has not
 * fetched yet (never before the first search), adds them to one index, then answers from memory.
 * A failed fetch rejects the search, so the UI shows its error screen, and the next search tries again.
 */
export function createLocalSearchClient(loader: ShardLoader): SearchClient {
  const index = createLocalIndex()
  const pending = new Map<string, Promise<void>>()
  const fetchShard = (shard: string) => {
    let loading = pending.get(shard)
    if (!loading) {
      loading = loader.load(shard).then(
        (records) => index.add(records),
        (error: unknown) => {
          pending.delete(shard)
          throw error
        },
      )
      pending.set(shard, loading)
    }
    return loading
  }
  const client = {
    async search(requests: ReadonlyArray<{indexName: string; params?: LocalSearchParams}>) {
      const all = await loader.shards()
      const needed = new Set(requests.flatMap((request) => shardsForRequest(request.params?.facetFilters, all)))
      await Promise.all([...needed].map(fetchShard))
      return {results: requests.map((request) => index.search(request.params ?? {}, request.indexName))}
    },
  }
  // SearchClient's search is generic in the hit type, which the caller picks; no implementation
  // can honour an arbitrary one, so the boundary is asserted once here (Algolia's own lite client does the same).
  return client as unknown as SearchClient
}
