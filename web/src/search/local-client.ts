/**
 * A search client over the embedded index with the interface InstantSearch expects of Algolia's
 * (and of typesense-instantsearch-adapter's): the same widgets work on both. MiniSearch does the
 * matching (prefix, typo tolerance); this module adds facet filters, facet counts, paging and
 * highlighting, and fetches the index shards a request's filters can match. Highlighted values are
 * plain text with InstantSearch's markers: React InstantSearch renders the parts as text nodes (the
 * e2e test showed that escaping here would make readers see "&lt;"), so markup is never interpreted.
 */
import MiniSearch, {type Query, type SearchResult} from 'minisearch'
import type {SearchClient} from 'instantsearch.js'
import {
  dottedNames,
  expandQuery,
  languageRules,
  queryWords as languageQueryWords,
  splitWords,
  stemWord,
  withoutStopWords,
  type FlatSearchRecord,
  type LanguageRules,
  type Stemmer,
  type SynonymItem,
} from '@site/schemas/search'
import {docsShard} from './index-format'

/** InstantSearch's highlight markers (the widgets turn them into <mark>). */
const PRE = '__ais-highlight__'
const POST = '__/ais-highlight__'

const SEARCHABLE = ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content'] as const
/** Highlighted whole; the text (content) is shown as a snippet only, highlighted in _snippetResult: highlighting it whole was the costliest step of a keystroke. */
const HIGHLIGHTED = ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3'] as const
const FACETABLE = ['language', 'version', 'type', 'tags'] as const
/** Field weights: the page title above section headings above text (tuned on the relevance set, scripts/src/search/relevance-set.ts). */
const FIELD_BOOST = {'hierarchy.lvl1': 3, 'hierarchy.lvl2': 2, 'hierarchy.lvl3': 1.5}
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
  /** The editors' synonyms of the locale (they come with the default shard). */
  setSynonyms(items: readonly SynonymItem[]): void
  readonly size: number
}

const WORD = /[\p{L}\p{N}_]+/gu

/** How the index reads text: the language rules of its locale, the stemmer, the editors' synonyms. */
export interface LocalIndexLanguage {
  locale: string
  stem?: Stemmer | null
  synonyms?: readonly SynonymItem[]
}

/** Folds and stems one word as the index does: what highlighting compares the text's words with. */
type TermOf = (word: string) => string

/** The text with each word that a query word or a matched index term starts wrapped in the tags; nothing else is changed. */
export function highlightText(
  text: string,
  words: readonly string[],
  terms: ReadonlySet<string>,
  pre = PRE,
  post = POST,
  termOf: TermOf = (word) => word.toLowerCase(),
): HighlightValue {
  let out = ''
  let last = 0
  const matched = new Set<string>()
  for (const match of text.matchAll(WORD)) {
    const word = termOf(match[0])
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
function snippet(text: string, words: readonly string[], terms: ReadonlySet<string>, termOf: TermOf, width = 24): string {
  const tokens = text.split(/(\s+)/)
  const first = tokens.findIndex((token) => {
    const raw = (token.match(WORD) ?? [])[0]
    const word = raw === undefined ? undefined : termOf(raw)
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

const NO_VALUES: readonly string[] = []

function facetValues(record: FlatSearchRecord, facet: Facet): readonly string[] {
  const value = record[facet]
  if (value === undefined) return NO_VALUES
  return Array.isArray(value) ? value : [value]
}

/** Whether a record passes the filters (an AND of ORs), without making arrays on the way: it runs on every candidate. */
function passesFilters(record: FlatSearchRecord, filters: ReturnType<typeof parseFacetFilters>): boolean {
  for (const group of filters) {
    let any = false
    for (const {facet, value, negated} of group) {
      const field = record[facet]
      const has = Array.isArray(field) ? field.includes(value) : field === value
      if (has !== negated) {
        any = true
        break
      }
    }
    if (!any) return false
  }
  return true
}

export function createLocalIndex(records: readonly FlatSearchRecord[] = [], language: LocalIndexLanguage = {locale: 'en'}): LocalIndex {
  const rules: LanguageRules = languageRules(language.locale)
  const stem = language.stem ?? null
  let synonyms: readonly SynonymItem[] = language.synonyms ?? []
  // Stemming is the costly part of indexing: each distinct word is stemmed once (the vocabulary is
  // a few thousand words, the text a few hundred thousand).
  const stems = new Map<string, string>()
  const stemmed = (word: string) => {
    if (!stem || word.includes('.')) return word
    let result = stems.get(word)
    if (result === undefined) {
      result = stemWord(word, stem)
      stems.set(word, result)
    }
    return result
  }
  // Highlighting reads every word of the hits shown: each distinct word is folded and stemmed once.
  const wordTerms = new Map<string, string>()
  const termOf: TermOf = (word) => {
    let term = wordTerms.get(word)
    if (term === undefined) {
      term = stemmed(splitWords(word, rules)[0] ?? word.toLowerCase())
      wordTerms.set(word, term)
    }
    return term
  }
  // Synonym phrases are read like queries: folded, without stop words, stemmed.
  const normalize = (text: string) => withoutStopWords(splitWords(text, rules), rules).map(stemmed)
  const byId = new Map<string, FlatSearchRecord>()
  const index = new MiniSearch<FlatSearchRecord>({
    idField: 'id',
    fields: [...SEARCHABLE],
    // Field names hold dots ("hierarchy.lvl1"): read them as keys, not as nested paths.
    extractField: (document, field) => {
      const value: unknown = (document as unknown as Record<string, unknown>)[field]
      return typeof value === 'string' ? value : ''
    },
    // Words folded (case, accents) and split as the language wants (Intl.Segmenter for Chinese), then
    // stemmed; dotted API names (socket.join) are terms too, whole, beside their parts.
    tokenize: (text) => [...splitWords(text, rules), ...dottedNames(text)],
    processTerm: stemmed,
  })
  const add = (more: readonly FlatSearchRecord[]) => {
    for (const record of more) byId.set(record.id, record)
    index.addAll([...more])
  }
  add(records)

  /** The query as MiniSearch's tree: every unit must match; a unit is a term or the alternatives a synonym rule gives. */
  const queryTree = (query: string, combineWith: 'AND' | 'OR'): {tree: Query; terms: string[]; units: number} => {
    const words = languageQueryWords(query, rules).map(stemmed)
    const units = expandQuery(words, synonyms, normalize)
    const queries = units.map((alternatives): Query => {
      const phrases = alternatives.map((phrase): Query => (phrase.length === 1 ? (phrase[0] ?? '') : {combineWith: 'AND', queries: phrase}))
      return phrases.length === 1 ? (phrases[0] ?? '') : {combineWith: 'OR', queries: phrases}
    })
    const names = dottedNames(query)
    const tree: Query = {combineWith, queries}
    // An API name typed whole (socket.join) ranks the records holding it whole above those with its parts apart.
    return {tree: names.length > 0 ? {combineWith: 'OR', queries: [tree, ...names]} : tree, terms: [...units.flat(2), ...names], units: units.length}
  }

  const search = (params: LocalSearchParams, indexName = 'local'): LocalSearchResponse => {
    const started = performance.now()
    const query = (params.query ?? '').trim()
    const hitsPerPage = params.hitsPerPage ?? 20
    const page = params.page ?? 0
    const filters = parseFacetFilters(params.facetFilters)
    const passes = (record: FlatSearchRecord) => passesFilters(record, filters)
    const options = {
      // The tree's leaves are terms already folded and stemmed.
      tokenize: (term: string) => [term],
      processTerm: (term: string) => term,
      // Measured on the fr index (npm run bench): expanding one- and two-letter prefixes touches
      // most of the vocabulary and took p95 from 0.4 ms to 14 ms, so prefixes start at three letters.
      prefix: (term: string) => term.length >= 3,
      // One typo forgiven from six letters on: shorter words have too many neighbours, and five-letter
      // prefixes with typos were the slowest keystrokes of the bench.
      fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
      maxFuzzy: 1,
      boost: FIELD_BOOST,
      boostDocument: (id: unknown) => 1 + (byId.get(String(id))?.item_priority ?? 0) / PRIORITY_SCALE,
      filter: (result: SearchResult) => {
        const record = byId.get(String(result.id))
        return record !== undefined && passes(record)
      },
    }
    let results: SearchResult[] = []
    let terms: string[] = []
    if (query) {
      const all = queryTree(query, 'AND')
      terms = all.terms
      results = index.search(all.tree, options)
      // Every word must match when some record has them all; otherwise the best partial matches.
      if (results.length === 0) results = index.search(queryTree(query, 'OR').tree, options)
      results = rankByCoverage(results, all.units, (id) => byId.get(String(id))?.type === 'lvl1')
    }
    // One hit per address: a section whose text spans several records is listed once, by its best record.
    const seen = new Set<string>()
    const distinct = results.flatMap((result) => {
      const record = byId.get(String(result.id))
      if (!record || seen.has(record.url)) return []
      seen.add(record.url)
      return [{record, result}]
    })
    // A page that matched comes before its own sections, where its best section stood.
    const pageHits = new Map(distinct.filter(({record}) => record.type === 'lvl1').map((match) => [match.record.url_without_anchor, match]))
    const placed = new Set<string>()
    const matches = distinct.flatMap((match) => {
      const page = pageHits.get(match.record.url_without_anchor)
      if (!page) return [match]
      if (placed.has(match.record.url_without_anchor)) return match === page ? [] : [match]
      placed.add(match.record.url_without_anchor)
      return match === page ? [match] : [page, match]
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
    const pre = params.highlightPreTag ?? PRE
    const post = params.highlightPostTag ?? POST
    // Matched terms are only needed for the hits of the page shown: build their sets there.
    const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(({record, result}): LocalHit => {
      const matched = new Set(result.terms)
      const highlight: Record<string, HighlightValue> = {}
      for (const field of HIGHLIGHTED) {
        const value = record[field]
        if (value) highlight[field] = highlightText(value, terms, matched, pre, post, termOf)
      }
      return {
        ...record,
        objectID: record.id,
        _highlightResult: highlight,
        _snippetResult: {content: highlightText(snippet(record.content ?? '', terms, matched, termOf), terms, matched, pre, post, termOf)},
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
    setSynonyms(items) {
      synonyms = items
    },
    get size() {
      return byId.size
    },
  }
}

/** How much more a record counts when the page title, or its heading, holds every word of the query. */
const TITLE_COVERAGE_BONUS = 1.5
const HEADING_COVERAGE_BONUS = 0.5
/** item_priority (latest docs 1000, pages 500, blog 300, changelog 200) over this is added to a record's weight: docs pass a blog post with the same words. */
const PRIORITY_SCALE = 1000

/**
 * BM25 adds up the fields' scores, so a page that repeats a word in its text can pass the page whose
 * title is the query. The share of the query's words found in the title (then in the heading) scales
 * each score: "installation client" ranks "Client installation" above "Server installation".
 */
function rankByCoverage(results: SearchResult[], units: number, isPage: (id: unknown) => boolean): SearchResult[] {
  if (units === 0) return results
  // Runs on every result (thousands for a short prefix): plain loops, no arrays made per result.
  for (const result of results) {
    let inTitle = 0
    let inHeading = 0
    for (const term in result.match) {
      const where = result.match[term] ?? []
      if (where.includes('hierarchy.lvl1')) inTitle++
      if (where.includes('hierarchy.lvl2') || where.includes('hierarchy.lvl3')) inHeading++
    }
    const title = Math.min(1, inTitle / units)
    // A page's own record has no heading: its title is its heading, so it is not passed by its sections.
    const heading = isPage(result.id) ? title : Math.min(1, inHeading / units)
    result.score *= (1 + TITLE_COVERAGE_BONUS * title) * (1 + HEADING_COVERAGE_BONUS * heading)
  }
  return results.sort((a, b) => b.score - a.score)
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

/** A fetched shard: its records, and the locale's synonyms when it carries them (the default shard). */
export interface LoadedShard {
  records: readonly FlatSearchRecord[]
  synonyms?: readonly SynonymItem[]
}

export interface ShardLoader {
  /** Every shard of the locale (see index-format's allShards), known or fetched. */
  shards(): readonly string[] | Promise<readonly string[]>
  /** Fetches and decodes one shard. */
  load(shard: string): Promise<LoadedShard>
}

/** The locale of the index and its stemmer, which may still be loading (a chunk of its own per language). */
export interface ClientLanguage {
  locale: string
  stem?: Stemmer | null | Promise<Stemmer | null>
}

/**
 * The InstantSearch client: on each search, fetches the shards its requests need and has not
 * fetched yet, adds them to one index, then answers from memory. `prefetch` fetches the shards of
 * a filter ahead of the first search (when the reader shows intent). A failed fetch rejects the
 * search, so the UI shows its error screen, and the next search tries again.
 */
export function createLocalSearchClient(
  loader: ShardLoader,
  language: ClientLanguage = {locale: 'en'},
): SearchClient & {prefetch: (filters: LocalSearchParams['facetFilters']) => Promise<void>} {
  const ready = Promise.resolve(language.stem ?? null).then((stem) => createLocalIndex([], {locale: language.locale, stem}))
  const pending = new Map<string, Promise<void>>()
  const fetchShard = (shard: string) => {
    let loading = pending.get(shard)
    if (!loading) {
      loading = Promise.all([loader.load(shard), ready]).then(
        ([loaded, index]) => {
          index.add(loaded.records)
          if (loaded.synonyms) index.setSynonyms(loaded.synonyms)
        },
        (error: unknown) => {
          pending.delete(shard)
          throw error
        },
      )
      pending.set(shard, loading)
    }
    return loading
  }
  const fetchFor = async (filterSets: ReadonlyArray<LocalSearchParams['facetFilters']>) => {
    const all = await loader.shards()
    const needed = new Set(filterSets.flatMap((filters) => shardsForRequest(filters, all)))
    await Promise.all([...needed].map(fetchShard))
  }
  const client = {
    async search(requests: ReadonlyArray<{indexName: string; params?: LocalSearchParams}>) {
      await fetchFor(requests.map((request) => request.params?.facetFilters))
      const index = await ready
      return {results: requests.map((request) => index.search(request.params ?? {}, request.indexName))}
    },
    prefetch: (filters: LocalSearchParams['facetFilters']) => fetchFor([filters]),
  }
  // SearchClient's search is generic in the hit type, which the caller picks; no implementation
  // can honour an arbitrary one, so the boundary is asserted once here (Algolia's own lite client does the same).
  return client as unknown as SearchClient & {prefetch: (filters: LocalSearchParams['facetFilters']) => Promise<void>}
}
