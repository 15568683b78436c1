/**
 * Search figures for `npm run bench`: per locale, the embedded index shards in web/out/_search (raw
 * and gzipped) and what each reading context fetches (the default shard and one docs version's;
 * every shard for "all versions" on the search page, on request); the time to load the French
 * latest context as the browser does (parse, expand, index with MiniSearch); per-keystroke latency
 * over 200 prefix queries on it. The goals (docs/search.md): at most 150 KB gzipped, p95 at most 5 ms.
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import {loadavg} from 'node:os'
import {gzipSync} from 'node:zlib'
import type {Locale} from '@site/schemas/model'
import {contextualFacetFilters, languageRules} from '@site/schemas/search'
import {
  contextShards,
  decodeSearchManifest,
  decodeSearchShard,
  searchManifestUrl,
  searchShardUrl,
  shardSynonyms,
  type SearchManifest,
} from '@site/web/search/index-format'
import {createLocalIndex} from '@site/web/search/local-client'
import {loadStemmer} from '@site/web/search/stemmers'
import {percentile, prefixQueries} from '../search/compare-libraries'
import {formatBytes, renderTable} from './format'

export const INDEX_BUDGET_GZIP = 150 * 1024
export const KEYSTROKE_BUDGET_MS = 5

export interface Weight {
  raw: number
  gzip: number
}

export interface ShardFigures extends Weight {
  shard: string
  records: number
}

export interface ContextFigures extends Weight {
  /** The docs version searched: on its docs pages, and on every other page for the latest. */
  version: string
  latest: boolean
  shards: string[]
}

export interface LocaleSearchFigures {
  locale: Locale
  /** The list of shards, fetched first only by a client that is not told the docs versions. */
  manifest: Weight
  shards: ShardFigures[]
  contexts: ContextFigures[]
  /** The heaviest context; the manifest is counted in, as if the client had to read it. */
  worst: ContextFigures
  /** The search page's "all versions": every shard, fetched only when the reader picks it. */
  allVersions: Weight
}

export interface SearchBench {
  locales: LocaleSearchFigures[]
  /** The French latest context: parse, expand and index its shards, as the browser does on first search. */
  frLoadMs: number
  frLoad: {parseMs: number; indexMs: number; records: number}
  queries: number
  /** Wall time per keystroke, what a reader waits for; inflated when other processes share the CPUs. */
  p50Ms: number
  p95Ms: number
  /**
   * The bench process's own CPU time per keystroke (user + system, process.cpuUsage): what the search
   * costs whatever else the machine runs. On an idle machine the wall time comes close to it.
   */
  cpuP50Ms: number
  cpuP95Ms: number
  /** The machine's 1-minute load average while the keystrokes were timed (os.loadavg). */
  loadAverage: number
}

const weigh = (text: string): Weight => ({raw: Buffer.byteLength(text), gzip: gzipSync(text).length})
const sum = (weights: readonly Weight[]): Weight => ({
  raw: weights.reduce((total, entry) => total + entry.raw, 0),
  gzip: weights.reduce((total, entry) => total + entry.gzip, 0),
})

async function readExport(outDir: string, url: string): Promise<string> {
  const file = path.join(outDir, ...url.split('/').filter(Boolean))
  return readFile(file, 'utf8').catch((error: unknown) => {
    throw new Error(`${file} is missing: the build writes it (web/src/build/search-index.ts)`, {cause: error})
  })
}

interface LoadedLocale {
  figures: LocaleSearchFigures
  manifest: SearchManifest
  texts: Map<string, string>
}

async function measureLocale(outDir: string, locale: Locale): Promise<LoadedLocale> {
  const manifestText = await readExport(outDir, searchManifestUrl(locale))
  const manifest = decodeSearchManifest(JSON.parse(manifestText), searchManifestUrl(locale))
  const texts = new Map<string, string>()
  const shards: ShardFigures[] = []
  for (const shard of manifest.shards) {
    const text = await readExport(outDir, searchShardUrl(locale, shard))
    texts.set(shard, text)
    shards.push({shard, records: decodeSearchShard(JSON.parse(text), searchShardUrl(locale, shard)).length, ...weigh(text)})
  }
  const versions = manifest.shards.flatMap((shard) => (shard.startsWith('docs-') ? [shard.slice('docs-'.length)] : []))
  const manifestWeight = weigh(manifestText)
  const contexts = versions.map((version): ContextFigures => {
    const names = contextShards(version)
    const missing = names.filter((name) => !texts.has(name))
    if (missing.length > 0)
      throw new Error(`${locale}: the ${version} context needs shards ${missing.join(', ')}, which ${searchManifestUrl(locale)} does not list`)
    return {version, latest: version === manifest.latest, shards: names, ...sum([manifestWeight, ...shards.filter((entry) => names.includes(entry.shard))])}
  })
  const worst = contexts.reduce<ContextFigures | undefined>((heaviest, context) => (!heaviest || context.gzip > heaviest.gzip ? context : heaviest), undefined)
  if (!worst) throw new Error(`${searchManifestUrl(locale)} lists no docs shard`)
  return {figures: {locale, manifest: manifestWeight, shards, contexts, worst, allVersions: sum([manifestWeight, ...shards])}, manifest, texts}
}

export async function measureSearch(outDir: string, locales: readonly Locale[]): Promise<SearchBench> {
  const loaded: LoadedLocale[] = []
  for (const locale of locales) loaded.push(await measureLocale(outDir, locale))
  const fr = loaded.find((entry) => entry.figures.locale === 'fr')
  if (!fr) throw new Error('no fr search index')
  const names = contextShards(fr.manifest.latest)
  const stem = await loadStemmer(languageRules('fr').stemmer)
  const started = performance.now()
  const files = names.map((name) => JSON.parse(fr.texts.get(name) ?? '') as unknown)
  const records = files.flatMap((file, position) => decodeSearchShard(file, names[position] ?? ''))
  const parsed = performance.now()
  // As the browser does: the French stemmer, and the editors' synonyms the default shard carries.
  const index = createLocalIndex(records, {locale: 'fr', stem, synonyms: files.flatMap((file) => shardSynonyms(file) ?? [])})
  const frLoadMs = performance.now() - started
  const queries = prefixQueries(records)
  const filters = contextualFacetFilters('fr', fr.manifest.latest)
  // The modal's request: contextual filters, 20 hits with highlights and snippets.
  const run = (query: string) => index.search({query, facetFilters: filters, hitsPerPage: 20})
  // Steady state, as while a reader types: one untimed pass lets the JIT compile the search path
  // (the cold start is in the load time above). Timings vary with the machine's load: rerun to compare.
  for (const query of queries) run(query)
  // Each query is timed three times and its median kept, so that one GC pause or a busy machine
  // (other builds running) does not make a query look slow.
  const samples: number[] = []
  const cpuSamples: number[] = []
  for (const query of queries) {
    const wall: number[] = []
    const cpu: number[] = []
    for (let repeat = 0; repeat < 3; repeat++) {
      const cpuStart = process.cpuUsage()
      const start = performance.now()
      run(query)
      wall.push(performance.now() - start)
      const used = process.cpuUsage(cpuStart)
      cpu.push((used.user + used.system) / 1000)
    }
    samples.push(percentile(wall, 50))
    cpuSamples.push(percentile(cpu, 50))
  }
  return {
    locales: loaded.map((entry) => entry.figures),
    frLoadMs,
    frLoad: {parseMs: parsed - started, indexMs: frLoadMs - (parsed - started), records: records.length},
    queries: queries.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    cpuP50Ms: percentile(cpuSamples, 50),
    cpuP95Ms: percentile(cpuSamples, 95),
    loadAverage: loadavg()[0] ?? 0,
  }
}

const within = (ok: boolean, budget: string) => (ok ? ` (≤ ${budget} ✓)` : ` (> ${budget} budget ✗)`)

export function searchBenchTable(bench: SearchBench): string {
  const rows: string[][] = [['Search (embedded index, web/out/_search/<locale>/)', 'records', 'raw', 'gzip']]
  for (const entry of bench.locales) {
    rows.push([`  ${entry.locale}`, '', '', ''])
    for (const shard of entry.shards) rows.push([`    shard ${shard.shard}`, String(shard.records), formatBytes(shard.raw), formatBytes(shard.gzip)])
    rows.push(['    shards.json (only without the versions)', '', formatBytes(entry.manifest.raw), formatBytes(entry.manifest.gzip)])
    for (const context of entry.contexts) {
      const where = context.latest ? `${context.version} docs and every other page` : `${context.version} docs pages`
      rows.push([`    context: ${where} (${context.shards.join(' + ')} + list)`, '', formatBytes(context.raw), formatBytes(context.gzip)])
    }
    rows.push([
      `    worst context, ${entry.worst.version}${within(entry.worst.gzip <= INDEX_BUDGET_GZIP, '150 KB')}`,
      '',
      formatBytes(entry.worst.raw),
      formatBytes(entry.worst.gzip),
    ])
    rows.push(['    search page, "all versions" (on request)', '', formatBytes(entry.allVersions.raw), formatBytes(entry.allVersions.gzip)])
  }
  rows.push([
    `  fr load, latest context (parse + expand ${bench.frLoad.parseMs.toFixed(0)} ms, MiniSearch indexing ${bench.frLoad.indexMs.toFixed(0)} ms)`,
    String(bench.frLoad.records),
    '',
    `${bench.frLoadMs.toFixed(1)} ms`,
  ])
  rows.push([`  fr keystroke p50 (${bench.queries} prefix queries, load average ${bench.loadAverage.toFixed(1)})`, '', '', `${bench.p50Ms.toFixed(2)} ms`])
  rows.push([`  fr keystroke p95${within(bench.p95Ms <= KEYSTROKE_BUDGET_MS, '5 ms')}`, '', '', `${bench.p95Ms.toFixed(2)} ms`])
  rows.push(["  fr keystroke CPU time p50 (the search's own cost, whatever else runs)", '', '', `${bench.cpuP50Ms.toFixed(2)} ms`])
  rows.push([`  fr keystroke CPU time p95${within(bench.cpuP95Ms <= KEYSTROKE_BUDGET_MS, '5 ms')}`, '', '', `${bench.cpuP95Ms.toFixed(2)} ms`])
  return renderTable(rows)
}
