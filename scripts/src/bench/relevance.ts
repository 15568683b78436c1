/**
 * Relevance figures for `npm run bench`: the relevance set (scripts/src/search/relevance-set.ts) of
 * every locale through both backends, built from the dataset the build read (.generated/dataset):
 * the site's local index, and the browser's Typesense client against the Typesense STAND-IN filled
 * by the index job (what the site's settings give under the stand-in's model of Typesense, not
 * Typesense's own ranking). MRR, success@1 and success@5 per locale and backend.
 */
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {loadAllRecords, loadAllSynonyms, openContentTransport} from '@site/content-source'
import {runIndexJob} from '../search/index-job'
import {localBackend, RELEVANCE_THRESHOLDS, scoreBackend, typesenseBackend, type RelevanceScore} from '../search/relevance'
import {relevanceCases, relevanceLocales} from '../search/relevance-set'
import {createTypesenseApi} from '../search/typesense-api'
import {startTypesenseStandIn} from '../search/__tests__/typesense-stand-in'
import {renderTable} from './format'

export interface RelevanceFigures {
  locale: string
  backend: 'local' | 'typesense (stand-in)'
  score: Omit<RelevanceScore, 'results'>
}

export async function measureRelevance(datasetDir: string, latest = 'v4'): Promise<RelevanceFigures[]> {
  const source = await openContentTransport({mode: 'local', datasetDir})
  const records = await loadAllRecords(source)
  const synonyms = await loadAllSynonyms(source)
  const figures: RelevanceFigures[] = []
  const standIn = await startTypesenseStandIn({adminKey: 'bench-admin-key'})
  const stateDir = await mkdtemp(path.join(tmpdir(), 'bench-relevance-'))
  try {
    const {searchKey} = await runIndexJob({
      api: createTypesenseApi({url: standIn.url, adminKey: 'bench-admin-key'}),
      alias: 'site',
      records,
      synonyms,
      incremental: false,
      statePath: path.join(stateDir, 'state.json'),
      log: () => undefined,
    })
    for (const locale of relevanceLocales()) {
      const cases = relevanceCases(locale, locale === 'en' ? '' : `/${locale}`)
      const local = await localBackend(locale, records.get(locale) ?? [], synonyms.get(locale) ?? [], latest)
      const typesense = await typesenseBackend(
        {host: '127.0.0.1', port: Number(new URL(standIn.url).port), searchApiKey: searchKey ?? '', collection: 'site'},
        locale,
        latest,
      )
      for (const [backend, search] of [
        ['local', local],
        ['typesense (stand-in)', typesense],
      ] as const) {
        const {results: _results, ...score} = await scoreBackend(cases, search)
        figures.push({locale, backend, score})
      }
    }
  } finally {
    await standIn.close()
    await rm(stateDir, {recursive: true, force: true})
  }
  return figures
}

export function relevanceTable(figures: readonly RelevanceFigures[]): string {
  const mark = (value: number, goal: number) => `${value.toFixed(3)} ${value >= goal ? '✓' : '✗'}`
  const rows: string[][] = [
    [`Relevance set (goal: success@1 ≥ ${RELEVANCE_THRESHOLDS.at1}, @5 ≥ ${RELEVANCE_THRESHOLDS.at5})`, 'queries', 'MRR', 'success@1', 'success@5'],
  ]
  for (const entry of figures)
    rows.push([
      `  ${entry.locale}, ${entry.backend}`,
      String(entry.score.queries),
      entry.score.mrr.toFixed(3),
      mark(entry.score.at1, RELEVANCE_THRESHOLDS.at1),
      mark(entry.score.at5, RELEVANCE_THRESHOLDS.at5),
    ])
  const misses = figures.flatMap((entry) =>
    entry.score.misses
      .filter((miss) => miss.rank === null || miss.rank > 5)
      .map((miss) => `  ${entry.locale}, ${entry.backend}: "${miss.query}" (${miss.kind}) → ${miss.expected} ${miss.rank ? `at ${miss.rank}` : 'not found'}`),
  )
  return `${renderTable(rows)}${misses.length > 0 ? `\n  Not in the first five:\n${misses.join('\n')}` : ''}`
}
