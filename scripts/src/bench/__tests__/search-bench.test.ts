/** The search part of the bench: what each reading context fetches, the worst case, and the budget marks. */
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, it} from 'vitest'
const LOCALES = ['en', 'fr', 'pt-br', 'zh-CN']
import {buildSearchRecords, type SearchBodyBlock} from '@site/schemas/search'
import {encodeSearchIndex, searchManifestUrl, searchShardUrl} from '@site/web/search/index-format'
import {measureSearch, searchBenchTable, type SearchBench} from '../search'

const text = (key: string, value: string): SearchBodyBlock => ({_type: 'block', _key: key, style: 'normal', children: [{_type: 'span', text: value}]})
const paragraph = (seed: number) => Array.from({length: 40}, (_, index) => `mot${(seed * 31 + index * 7) % 97}lettres`).join(' ')

let root = ''
afterAll(async () => {
  if (root) await rm(root, {recursive: true, force: true})
})

async function writeExport(): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'bench-search-'))
  for (const locale of LOCALES) {
    const records = buildSearchRecords(
      {
        versions: [
          {path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'},
          {path: 'v3', label: '3.x', isLast: false, mainDoc: 'index'},
        ],
        docs: [
          {version: 'v4', slug: 'rooms', doc: {_id: 'a', title: 'Rooms', body: [text('p', paragraph(1)), text('q', paragraph(2))]}},
          {version: 'v3', slug: 'rooms', doc: {_id: 'b', title: 'Rooms', body: [text('p', paragraph(3))]}},
        ],
        posts: [{slug: 'news', post: {_id: 'c', title: 'News', body: [text('p', paragraph(4))]}}],
        pages: [],
        releases: [],
      },
      {locale, urlPrefix: locale === 'en' ? '' : `/${locale}`, labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}},
    )
    const {manifest, shards} = encodeSearchIndex(locale, records, {latest: 'v4', versions: ['v4', 'v3']})
    const files: Array<[string, unknown]> = [
      [searchManifestUrl(locale), manifest],
      ...shards.map((shard): [string, unknown] => [searchShardUrl(locale, shard.shard), shard]),
    ]
    for (const [url, file] of files) {
      await mkdir(join(root, '_search', locale), {recursive: true})
      await writeFile(join(root, ...url.split('/').filter(Boolean)), JSON.stringify(file))
    }
  }
  return root
}

describe('measureSearch', () => {
  it('weighs each context as the default shard, its docs shard and the list, and finds the worst', async () => {
    const out = await writeExport()
    const bench = await measureSearch(out, LOCALES)
    const fr = bench.locales.find((entry) => entry.locale === 'fr')
    expect(fr?.shards.map((shard) => shard.shard)).toEqual(['default', 'docs-v4', 'docs-v3'])
    const gzip = (shard: string) => fr?.shards.find((entry) => entry.shard === shard)?.gzip ?? 0
    const v4 = fr?.contexts.find((context) => context.version === 'v4')
    expect(v4).toMatchObject({latest: true, shards: ['default', 'docs-v4'], gzip: gzip('default') + gzip('docs-v4') + (fr?.manifest.gzip ?? 0)})
    expect(fr?.contexts.find((context) => context.version === 'v3')?.latest).toBe(false)
    // v4 has two paragraphs, v3 one: the latest context is the heaviest.
    expect(fr?.worst.version).toBe('v4')
    expect(fr?.allVersions.gzip).toBe(gzip('default') + gzip('docs-v4') + gzip('docs-v3') + (fr?.manifest.gzip ?? 0))
    expect(fr?.manifest.gzip).toBe(gzipSync(JSON.stringify({format: 3, locale: 'fr', latest: 'v4', shards: ['default', 'docs-v4', 'docs-v3']})).length)
    const records = (shard: string) => fr?.shards.find((entry) => entry.shard === shard)?.records ?? 0
    expect(bench.frLoad.records).toBe(records('default') + records('docs-v4'))
    expect(records('docs-v3')).toBeGreaterThan(0)
    expect(bench.queries).toBe(200)
    expect(bench.p95Ms).toBeGreaterThanOrEqual(bench.p50Ms)
    // The search's own CPU time, beside the wall time that other processes inflate.
    expect(bench.cpuP50Ms).toBeGreaterThan(0)
    expect(bench.cpuP95Ms).toBeGreaterThanOrEqual(bench.cpuP50Ms)
    expect(bench.loadAverage).toBeGreaterThanOrEqual(0)
  })

  it('names a missing file and the step that writes it', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'bench-search-empty-'))
    await expect(measureSearch(empty, LOCALES)).rejects.toThrow(
      /_search\/en\/shards\.json is missing: the build writes it \(web\/src\/build\/search-index\.ts\)/,
    )
    await rm(empty, {recursive: true, force: true})
  })
})

describe('searchBenchTable', () => {
  const context = (version: string, gzip: number) => ({version, latest: version === 'v4', shards: ['default', `docs-${version}`], raw: gzip * 3, gzip})
  const bench = (worstGzip: number, p95Ms: number, cpuP95Ms = p95Ms): SearchBench => ({
    locales: [
      {
        locale: 'fr',
        manifest: {raw: 90, gzip: 92},
        shards: [{shard: 'default', records: 10, raw: 3000, gzip: 1000}],
        contexts: [context('v4', worstGzip), context('v3', 1000)],
        worst: context('v4', worstGzip),
        allVersions: {raw: 9000, gzip: worstGzip + 500},
      },
    ],
    frLoadMs: 200,
    frLoad: {parseMs: 5, indexMs: 195, records: 2648},
    queries: 200,
    p50Ms: 0.5,
    p95Ms,
    cpuP50Ms: 0.4,
    cpuP95Ms,
    loadAverage: 9.5,
  })
  it('marks the worst context and p95 against their budgets', () => {
    const ok = searchBenchTable(bench(140 * 1024, 2))
    expect(ok).toMatch(/worst context, v4 \(≤ 150 KB ✓\)/)
    expect(ok).toMatch(/p95 \(≤ 5 ms ✓\)/)
    expect(ok).toContain('context: v4 docs and every other page (default + docs-v4 + list)')
    expect(ok).toContain('context: v3 docs pages (default + docs-v3 + list)')
    const over = searchBenchTable(bench(151 * 1024, 6))
    expect(over).toMatch(/worst context, v4 \(> 150 KB budget ✗\)/)
    expect(over).toMatch(/p95 \(> 5 ms budget ✗\)/)
    // A busy machine: the wall time over the budget, the search's own CPU time within it, both shown.
    const busy = searchBenchTable(bench(140 * 1024, 11, 3))
    expect(busy).toMatch(/fr keystroke p95 \(> 5 ms budget ✗\)/)
    expect(busy).toMatch(/fr keystroke CPU time p95 \(≤ 5 ms ✓\)\s+3\.00 ms/)
    expect(busy).toContain('load average 9.5')
  })
})
