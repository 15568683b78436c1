/**
 * The relevance set (relevance-set.ts) on the real content: content/ is imported into a temporary
 * dataset, each locale's records and synonyms are built as the site builds them, written in the
 * site's index format and searched with its local client over what a page of the latest docs
 * fetches, with the modal's request. Each locale must reach RELEVANCE_THRESHOLDS (success@1 ≥ 0.8,
 * success@5 ≥ 0.95); the misses are printed. The same set then goes through the browser's
 * Typesense client (typesense-instantsearch-adapter, the site's parameters) to the Typesense
 * STAND-IN filled by the index job with the same records, synonyms and stop words: what the site's
 * settings give under the stand-in's model of Typesense (not Typesense's own ranking).
 * `npm run bench` prints these figures.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {loadAllRecords, loadAllSynonyms, loadLocaleRecords, loadLocaleSynonyms, openContentTransport, type ContentTransport} from '@site/content-source'
import {runIndexJob} from '../index-job'
import {localBackend, RELEVANCE_THRESHOLDS, scoreBackend, typesenseBackend, type Backend} from '../relevance'
import {relevanceCases, relevanceLocales, type RelevanceCase} from '../relevance-set'
import {createTypesenseApi} from '../typesense-api'
import {startTypesenseStandIn} from './typesense-stand-in'

const root = path.resolve(import.meta.dirname, '../../../..')
const datasetDir = mkdtempSync(path.join(tmpdir(), 'search-relevance-'))
let source: ContentTransport | undefined

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'importer/src/cli.ts', '--out', datasetDir], {
    cwd: root,
    stdio: 'pipe',
  })
  source = await openContentTransport({mode: 'local', datasetDir})
}, 180_000)

let standIn: Awaited<ReturnType<typeof startTypesenseStandIn>> | undefined
afterAll(async () => {
  rmSync(datasetDir, {recursive: true, force: true})
  await standIn?.close()
})

async function expectGoal(cases: readonly RelevanceCase[], backend: Backend): Promise<void> {
  expect(cases.length).toBeGreaterThanOrEqual(40)
  const score = await scoreBackend(cases, backend)
  const misses = score.misses
    .map((miss) => `${miss.kind} "${miss.query}": ${miss.expected} at ${miss.rank ?? 'none'} (top: ${miss.top.slice(0, 3).join(', ')})`)
    .join('\n')
  expect(score.at1, `success@1 ${score.at1.toFixed(3)}; misses:\n${misses}`).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLDS.at1)
  expect(score.at5, `success@5 ${score.at5.toFixed(3)}; misses:\n${misses}`).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLDS.at5)
}

const casesOf = (locale: string) => relevanceCases(locale, locale === 'en' ? '' : `/${locale}`)

describe('relevance set, local index', () => {
  it.each(relevanceLocales())(
    '%s: at least 40 queries, success@1 ≥ 0.8 and success@5 ≥ 0.95',
    async (locale) => {
      if (!source) throw new Error('No dataset: the import in beforeAll failed')
      const records = await loadLocaleRecords(source, locale)
      await expectGoal(casesOf(locale), await localBackend(locale, records, await loadLocaleSynonyms(source, locale), 'v4'))
    },
    60_000,
  )
})

describe('relevance set, Typesense parameters against the Typesense stand-in', () => {
  let searchKey = ''
  beforeAll(async () => {
    if (!source) throw new Error('No dataset: the import in beforeAll failed')
    standIn = await startTypesenseStandIn({adminKey: 'relevance-admin-key'})
    const result = await runIndexJob({
      api: createTypesenseApi({url: standIn.url, adminKey: 'relevance-admin-key'}),
      alias: 'site',
      records: await loadAllRecords(source),
      synonyms: await loadAllSynonyms(source),
      incremental: false,
      statePath: path.join(datasetDir, 'index-state.json'),
      log: () => undefined,
    })
    searchKey = result.searchKey ?? ''
  }, 120_000)

  it.each(relevanceLocales())(
    '%s: success@1 ≥ 0.8 and success@5 ≥ 0.95',
    async (locale) => {
      if (!standIn) throw new Error('No stand-in: the index job in beforeAll failed')
      await expectGoal(
        casesOf(locale),
        await typesenseBackend({host: '127.0.0.1', port: Number(new URL(standIn.url).port), searchApiKey: searchKey, collection: 'site'}, locale, 'v4'),
      )
    },
    120_000,
  )
})
