/**
 * The measurement behind the choice of the embedded search library: builds the French records
 * into MiniSearch, Orama and FlexSearch and compares shipped size, load time and keystroke latency.
 * Run: npx tsx scripts/src/search/compare-libraries.ts [--dataset DIR]  (figures in docs/search.md)
 */
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {create, insertMultiple, load, save, search as oramaSearch} from '@orama/orama'
import FlexSearch from 'flexsearch'
import MiniSearch from 'minisearch'
import {flattenRecord, type FlatSearchRecord} from '@site/schemas/search'
import {loadLocaleRecords, openContentTransport} from '@site/content-source'

export interface LibraryFigures {
  library: string
  /** What the browser would fetch: the serialized index, or the records when the index is built on load. */
  shippedBytes: number
  shippedGzipBytes: number
  loadMs: number
  p50Ms: number
  p95Ms: number
  typoHit: boolean
}

/** 200 prefixes of words from the records, 2 to 6 characters: what a reader types keystroke by keystroke. */
export function prefixQueries(records: readonly FlatSearchRecord[], count = 200): string[] {
  const words = [...new Set(records.flatMap((record) => `${record['hierarchy.lvl1']} ${record.content ?? ''}`.toLowerCase().match(/\p{L}{4,}/gu) ?? []))].sort()
  if (words.length === 0) throw new Error('No words in the records to make queries from')
  const queries: string[] = []
  for (let i = 0; queries.length < count; i++) {
    const word = words[(i * 7919) % words.length] ?? ''
    queries.push(word.slice(0, 2 + (i % 5)))
  }
  return queries
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

function time(run: () => unknown): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

function latencies(queries: readonly string[], run: (query: string) => unknown): {p50Ms: number; p95Ms: number} {
  for (const query of queries) run(query) // one untimed pass: steady state, as while a reader types
  const samples = queries.map((query) => time(() => run(query)))
  return {p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95)}
}

/** A library's figures: what it ships (raw and gzipped), its load time, and its search's latencies over the queries. */
function figures(
  library: string,
  shipped: string,
  loadMs: number,
  queries: readonly string[],
  run: (query: string) => unknown,
  typoHit: boolean,
): LibraryFigures {
  return {library, shippedBytes: Buffer.byteLength(shipped), shippedGzipBytes: gzipSync(shipped).length, loadMs, ...latencies(queries, run), typoHit}
}

const MINI_FIELDS = ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content']

function measureMiniSearch(records: FlatSearchRecord[], queries: string[]): LibraryFigures {
  // Shipped as records: MiniSearch indexes 600 records in a few ms, less than parsing its own JSON index.
  const shipped = JSON.stringify(records)
  const extractField = (document: FlatSearchRecord, field: string) => fieldText(document, field)
  let index = new MiniSearch<FlatSearchRecord>({fields: MINI_FIELDS, idField: 'id', extractField})
  const loadMs = time(() => {
    index = new MiniSearch<FlatSearchRecord>({fields: MINI_FIELDS, idField: 'id', extractField})
    index.addAll(JSON.parse(shipped) as FlatSearchRecord[])
  })
  // The options the site uses (web/src/search/local-client.ts).
  const options = {
    prefix: (term: string) => term.length >= 3,
    fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
    maxFuzzy: 1,
    boost: {'hierarchy.lvl1': 3, 'hierarchy.lvl2': 2},
  }
  const run = (query: string) => index.search(query, options)
  return figures('minisearch 7.2.0 (records shipped, index built on load)', shipped, loadMs, queries, run, run('brodcast').length > 0)
}

function measureMiniSearchSerialized(records: FlatSearchRecord[], queries: string[]): LibraryFigures {
  const extractField = (document: FlatSearchRecord, field: string) => fieldText(document, field)
  const built = new MiniSearch<FlatSearchRecord>({fields: MINI_FIELDS, idField: 'id', extractField, storeFields: Object.keys(records[0] ?? {})})
  built.addAll(records)
  const shipped = JSON.stringify(built)
  let index = built
  const loadMs = time(() => {
    index = MiniSearch.loadJSON<FlatSearchRecord>(shipped, {fields: MINI_FIELDS, idField: 'id', extractField, storeFields: Object.keys(records[0] ?? {})})
  })
  const options = {prefix: (term: string) => term.length >= 3, fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false), maxFuzzy: 1}
  const run = (query: string) => index.search(query, options)
  return figures('minisearch 7.2.0 (serialized index)', shipped, loadMs, queries, run, run('brodcast').length > 0)
}

function measureOrama(records: FlatSearchRecord[], queries: string[]): LibraryFigures {
  const schema = {title: 'string', lvl2: 'string', lvl3: 'string', content: 'string', url: 'string'} as const
  const documents = records.map((record) => ({
    id: record.id,
    title: record['hierarchy.lvl1'],
    lvl2: record['hierarchy.lvl2'] ?? '',
    lvl3: record['hierarchy.lvl3'] ?? '',
    content: record.content ?? '',
    url: record.url,
  }))
  const built = create({schema})
  void insertMultiple(built, documents)
  const shipped = JSON.stringify(save(built))
  let db = built
  const loadMs = time(() => {
    db = create({schema})
    load(db, JSON.parse(shipped) as ReturnType<typeof save>)
  })
  const run = (term: string) => oramaSearch(db, {term, tolerance: 1, properties: ['title', 'lvl2', 'lvl3', 'content']})
  const typo = run('brodcast')
  return figures('orama 3.1.18 (serialized index)', shipped, loadMs, queries, run, !(typo instanceof Promise) && typo.count > 0)
}

function measureFlexSearch(records: FlatSearchRecord[], queries: string[]): LibraryFigures {
  // FlexSearch's export is a set of keyed chunks; shipping the records and indexing on load is its simplest static use.
  const shipped = JSON.stringify(records)
  const make = () => new FlexSearch.Document({tokenize: 'forward', document: {id: 'id', index: MINI_FIELDS}})
  let index = make()
  const loadMs = time(() => {
    index = make()
    for (const record of JSON.parse(shipped) as FlatSearchRecord[]) index.add(record)
  })
  const run = (query: string) => index.search(query, {limit: 20})
  const typo = run('brodcast')
  return figures(
    'flexsearch 0.8.212 (records shipped, index built on load)',
    shipped,
    loadMs,
    queries,
    run,
    Array.isArray(typo) && typo.some((field) => field.result.length > 0),
  )
}

async function main() {
  const at = process.argv.indexOf('--dataset')
  const given = at === -1 ? undefined : process.argv[at + 1]
  const datasetDir = path.resolve(given ?? path.join(import.meta.dirname, '../../../.generated/dataset'))
  const records = (await loadLocaleRecords(await openContentTransport({mode: 'local', datasetDir}), 'fr')).map(flattenRecord)
  const queries = prefixQueries(records)
  console.log(`fr: ${records.length} records, ${queries.length} prefix queries`)
  for (const measured of [
    measureMiniSearch(records, queries),
    measureMiniSearchSerialized(records, queries),
    measureOrama(records, queries),
    measureFlexSearch(records, queries),
  ]) {
    console.log(
      `${measured.library}: shipped ${(measured.shippedBytes / 1024).toFixed(1)} KB (${(measured.shippedGzipBytes / 1024).toFixed(1)} KB gzipped), load ${measured.loadMs.toFixed(1)} ms, p50 ${measured.p50Ms.toFixed(3)} ms, p95 ${measured.p95Ms.toFixed(3)} ms, typo "brodcast" found: ${measured.typoHit}`,
    )
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

/** A record's field as the libraries index it: strings as they are, lists joined (as String() joins them), nothing for other values. */
function fieldText(document: FlatSearchRecord, field: string): string {
  const value = (document as Record<string, unknown>)[field]
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : ''
}
