/**
 * The relevance set (relevance-set.ts) on the real content: content/ is imported into a temporary
 * dataset, each locale's records and synonyms are built as the site builds them, written in the
 * site's index format and searched with its local client over what a page of the latest docs
 * fetches, with the modal's request. Each locale must reach the goal of issue 13 (success@1 ≥ 0.8,
 * success@5 ≥ 0.95); the misses are printed. `npm run bench` prints the same figures, and those of
 * the Typesense stand-in.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {Locale} from '@site/schemas/model'
import {loadLocaleRecords, loadLocaleSynonyms, localContentSource, type SearchContentSource} from '../content'
import {localBackend, RELEVANCE_THRESHOLDS, scoreBackend} from '../relevance'
import {relevanceCases, relevanceLocales} from '../relevance-set'

const root = path.resolve(import.meta.dirname, '../../../..')
const datasetDir = mkdtempSync(path.join(tmpdir(), 'search-relevance-'))
let source: SearchContentSource | undefined

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/src/import/cli.ts', '--out', datasetDir], {cwd: root, stdio: 'pipe'})
  source = await localContentSource(datasetDir)
}, 180_000)

afterAll(() => rmSync(datasetDir, {recursive: true, force: true}))

describe('relevance set, local index', () => {
  it.each(relevanceLocales())('%s: at least 40 queries, success@1 ≥ 0.8 and success@5 ≥ 0.95', async (locale) => {
    if (!source) throw new Error('No dataset: the import in beforeAll failed')
    const records = await loadLocaleRecords(source, locale as Locale)
    const backend = await localBackend(locale, records, await loadLocaleSynonyms(source, locale as Locale), 'v4')
    const cases = relevanceCases(locale, locale === 'en' ? '' : `/${locale}`)
    expect(cases.length).toBeGreaterThanOrEqual(40)
    const score = await scoreBackend(cases, backend)
    const misses = score.misses.map((miss) => `${miss.kind} "${miss.query}": ${miss.expected} at ${miss.rank ?? 'none'} (top: ${miss.top.slice(0, 3).join(', ')})`).join('\n')
    expect(score.at1, `success@1 ${score.at1.toFixed(3)}; misses:\n${misses}`).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLDS.at1)
    expect(score.at5, `success@5 ${score.at5.toFixed(3)}; misses:\n${misses}`).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLDS.at5)
  }, 60_000)
})
