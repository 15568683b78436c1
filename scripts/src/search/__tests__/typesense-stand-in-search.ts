/**
 * The search of the Typesense STAND-IN (typesense-stand-in.ts): a model of Typesense's documented
 * behaviour for the parameters the site sends, so that the bench and the tests can see what the
 * site's settings make of a query. It is not Typesense's engine. What it models: query_by fields
 * with their weights, each field's locale (words, Intl.Segmenter for Chinese) and `stem` (the same
 * Snowball stemmers), the `stopwords` set, synonym sets (one-way from the root, two-way otherwise,
 * locale-specific items on fields of that locale), prefix search on the last word, `num_typos`
 * (words of 4 letters or more; 2 typos from 7), dropping words from the right when nothing has them
 * all, filter_by (`field:=value`, `field:=[a,b]`, `&&`), ranking by words matched, then typos, then
 * field weight, then sort_by, and group_by with group_limit. Not modelled: proximity, exact-match
 * bonus, typo correction across words, highlighting (hits carry none: the UI shows plain text).
 */
import {expandQuery, languageRules, splitWords, stemWord, withoutStopWords, type SynonymItem} from '@site/schemas/search'
import {loadStemmer} from '@site/web/search/stemmers'

export interface StandInField {
  name: string
  type: string
  optional?: boolean
  index?: boolean
  facet?: boolean
  locale?: string
  stem?: boolean
}

export interface SearchStores {
  synonymSets: ReadonlyMap<string, ReadonlyArray<SynonymItem & {locale?: string}>>
  stopwords: ReadonlyMap<string, {stopwords: string[]; locale?: string}>
}

export interface StandInCollection {
  name: string
  fields: StandInField[]
  documents: Map<string, Record<string, unknown>>
  synonymSets: string[]
}

type Stem = ((word: string) => string) | null
const stemmers = new Map<string, Promise<Stem>>()

/** Loads the stemmers of a collection's stemmed fields (once per language), before it is searched. */
export function prepareFields(fields: readonly StandInField[]): Promise<void> {
  return Promise.all(
    fields
      .filter((field) => field.stem && field.locale)
      .map((field) => {
        const locale = field.locale ?? ''
        let loading = stemmers.get(locale)
        if (!loading) {
          loading = loadStemmer(languageRules(locale).stemmer)
          stemmers.set(locale, loading)
        }
        return loading
      }),
  ).then(() => undefined)
}

export class StandInSearchError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

interface Filter {
  field: string
  values: string[]
  negated: boolean
}

function parseFilter(filterBy: string | undefined): Filter[] {
  if (!filterBy?.trim()) return []
  return filterBy.split('&&').map((clause) => {
    const match = /^\s*([\w.]+)\s*:\s*(!?=)?\s*(\[(.*)\]|(.+?))\s*$/.exec(clause)
    if (!match) throw new StandInSearchError(`Could not parse the filter query: ${clause.trim()}`, 400)
    const list = match[4] !== undefined ? match[4].split(',') : [match[5] ?? '']
    return {field: match[1] ?? '', negated: match[2] === '!=', values: list.map((value) => value.trim().replace(/^`|`$/g, ''))}
  })
}

function passes(document: Record<string, unknown>, filters: readonly Filter[]): boolean {
  return filters.every(({field, values, negated}) => {
    const value = document[field]
    const present = (Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)]).some((item) => values.includes(item))
    return present !== negated
  })
}

function editDistanceAtMost(a: string, b: string, limit: number): number | null {
  if (Math.abs(a.length - b.length) > limit) return null
  let previous = Array.from({length: b.length + 1}, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > limit) return null
    previous = current
  }
  const distance = previous[b.length] ?? limit + 1
  return distance <= limit ? distance : null
}

/** The typos a query token needs to match a document token, or null. */
function tokenMatch(query: string, token: string, prefix: boolean, numTypos: number): number | null {
  if (token === query || (prefix && token.startsWith(query))) return 0
  const allowed = Math.min(numTypos, query.length >= 7 ? 2 : query.length >= 4 ? 1 : 0)
  if (allowed === 0) return null
  if (prefix && token.length > query.length) {
    const head = editDistanceAtMost(query, token.slice(0, query.length), allowed)
    if (head !== null) return head
  }
  return editDistanceAtMost(query, token, allowed)
}

interface Scored {
  document: Record<string, unknown>
  matched: number
  typos: number
  weight: number
}

/** Answers one search of multi_search (or documents/search) on a collection. */
export function searchCollection(collection: StandInCollection, params: Record<string, unknown>, stores: SearchStores) {
  const started = performance.now()
  const q = String(params.q ?? '')
  const queryBy = String(params.query_by ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (queryBy.length === 0 && q !== '*') throw new StandInSearchError('Parameter `query_by` is required.', 400)
  const fields = queryBy.map((name) => {
    const field = collection.fields.find((candidate) => candidate.name === name)
    if (!field || field.index === false || !field.type.startsWith('string'))
      throw new StandInSearchError(`Could not find a field named \`${name}\` in the schema.`, 404)
    return field
  })
  const weights = String(params.query_by_weights ?? '')
    .split(',')
    .map(Number)
  const weightOf = (index: number) => (Number.isFinite(weights[index]) && weights[index] !== undefined ? weights[index] : queryBy.length - index)
  const locale = fields[0]?.locale ?? ''
  const rules = languageRules(locale || 'en')
  const stemmer = fields[0]?.stem ? stemmerNow(locale) : null
  const normalizeWord = (word: string) => (stemmer ? stemWord(word, stemmer) : word)
  const stopSet = params.stopwords ? stores.stopwords.get(String(params.stopwords)) : undefined
  if (params.stopwords && !stopSet) throw new StandInSearchError(`Stopword set \`${String(params.stopwords)}\` not found.`, 404)
  const withoutStops = (words: string[]) => (stopSet ? withoutStopWords(words, {stopWords: new Set(stopSet.stopwords)}) : words)
  const setNames = params.synonym_sets
    ? String(params.synonym_sets)
        .split(',')
        .map((name) => name.trim())
    : collection.synonymSets
  const items = setNames.flatMap((name) => {
    const set = stores.synonymSets.get(name)
    if (!set) throw new StandInSearchError(`Synonym set \`${name}\` not found.`, 404)
    return set.filter((item) => !item.locale || item.locale === locale)
  })
  const words = q === '*' ? [] : withoutStops(splitWords(q, rules)).map(normalizeWord)
  const units = expandQuery(words, items, (text) => withoutStops(splitWords(text, rules)).map(normalizeWord))
  const prefix = String(params.prefix ?? 'true') !== 'false'
  const numTypos = Number(params.num_typos ?? 2)
  const filters = parseFilter(params.filter_by === undefined ? undefined : String(params.filter_by))
  const candidates = [...collection.documents.values()].filter((document) => passes(document, filters))

  const tokensOf = (document: Record<string, unknown>, field: StandInField): string[] => {
    // Tokens are kept per document and field, as an index would (documents are replaced, not edited, on upsert).
    const cached = tokenCache.get(document)?.get(field.name)
    if (cached) return cached
    const value = document[field.name]
    const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : ''
    const tokens = [...new Set(splitWords(text, languageRules(field.locale || 'en')).map(normalizeWord))]
    const perField = tokenCache.get(document) ?? new Map<string, string[]>()
    perField.set(field.name, tokens)
    tokenCache.set(document, perField)
    return tokens
  }
  const score = (document: Record<string, unknown>, unitCount: number): Scored | null => {
    let matched = 0
    let typos = 0
    let weight = 0
    for (const [position, alternatives] of units.slice(0, unitCount).entries()) {
      const last = position === unitCount - 1
      let best: {typos: number; weight: number} | null = null
      for (const [index, field] of fields.entries()) {
        const tokens = tokensOf(document, field)
        for (const phrase of alternatives) {
          let phraseTypos = 0
          const ok = phrase.every((term, at) => {
            if (tokens.includes(term)) return true
            let fewest: number | null = null
            for (const token of tokens) {
              const typos = tokenMatch(term, token, prefix && last && at === phrase.length - 1, numTypos)
              if (typos !== null && (fewest === null || typos < fewest)) fewest = typos
              if (fewest === 0) break
            }
            if (fewest === null) return false
            phraseTypos += fewest
            return true
          })
          if (ok && (!best || phraseTypos < best.typos || (phraseTypos === best.typos && weightOf(index) > best.weight)))
            best = {typos: phraseTypos, weight: weightOf(index)}
        }
      }
      if (!best) return null
      matched++
      typos += best.typos
      weight += best.weight
    }
    return {document, matched, typos, weight}
  }
  let scored: Scored[] = []
  if (units.length === 0) scored = candidates.map((document) => ({document, matched: 0, typos: 0, weight: 0}))
  // Typesense drops words from the right of the query while nothing has them all.
  for (let count = units.length; count >= 1 && scored.length === 0; count--) scored = candidates.flatMap((document) => score(document, count) ?? [])
  const sortBy = String(params.sort_by ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry && !entry.startsWith('_text_match'))
  scored.sort((a, b) => {
    if (b.matched !== a.matched) return b.matched - a.matched
    if (a.typos !== b.typos) return a.typos - b.typos
    if (b.weight !== a.weight) return b.weight - a.weight
    for (const entry of sortBy) {
      const [field = '', direction = 'desc'] = entry.split(':')
      const difference = Number(a.document[field] ?? 0) - Number(b.document[field] ?? 0)
      if (difference !== 0) return direction === 'asc' ? difference : -difference
    }
    return 0
  })
  const perPage = Number(params.per_page ?? 10)
  const page = Math.max(1, Number(params.page ?? 1))
  const hit = (entry: Scored) => ({
    document: entry.document,
    highlights: [],
    highlight: {},
    text_match: entry.matched * 1_000_000 - entry.typos * 1_000 + entry.weight,
  })
  const facetBy = String(params.facet_by ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const facet_counts = facetBy.map((name) => {
    const counts = new Map<string, number>()
    for (const {document} of scored)
      for (const value of [document[name]].flat()) if (value !== undefined) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1)
    return {field_name: name, counts: [...counts].map(([value, count]) => ({value, count, highlighted: value})), stats: {}}
  })
  const base = {
    facet_counts,
    out_of: collection.documents.size,
    page,
    request_params: {collection_name: collection.name, per_page: perPage, q},
    search_time_ms: Math.round(performance.now() - started),
  }
  const groupBy = params.group_by ? String(params.group_by) : null
  if (groupBy) {
    const limit = Number(params.group_limit ?? 3)
    const groups = new Map<string, Scored[]>()
    for (const entry of scored) {
      const key = String(entry.document[groupBy] ?? '')
      const list = groups.get(key) ?? []
      if (list.length < limit) list.push(entry)
      groups.set(key, list)
    }
    const all = [...groups]
    return {
      ...base,
      found: all.length,
      found_docs: scored.length,
      grouped_hits: all.slice((page - 1) * perPage, page * perPage).map(([key, list]) => ({group_key: [key], found: list.length, hits: list.map(hit)})),
    }
  }
  return {...base, found: scored.length, hits: scored.slice((page - 1) * perPage, page * perPage).map(hit)}
}

const loaded = new Map<string, Stem>()
const tokenCache = new WeakMap<Record<string, unknown>, Map<string, string[]>>()

/** The stemmer of a locale, loaded by prepareFields when the collection was created. */
function stemmerNow(locale: string): Stem {
  return loaded.get(locale) ?? null
}

/** Keeps the loaded stemmers at hand for the synchronous search. */
export async function loadStemmers(fields: readonly StandInField[]): Promise<void> {
  await prepareFields(fields)
  for (const [locale, promise] of stemmers) loaded.set(locale, await promise)
}
