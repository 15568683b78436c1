/**
 * Faults of the Typesense index job (scripts/src/search/index-job.ts) against the Typesense stand-in
 * (a test double of the documented HTTP API, not Typesense) with injected failures: a failed alias
 * swap, a failed delete, an incremental run failing part-way, the leftover of a killed run.
 */
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import type {Locale} from '@site/schemas/model'
import type {SearchRecord} from '@site/schemas/search'
import {runIndexJob} from '../../search/index-job'
import {createTypesenseApi} from '../../search/typesense-api'
import {startTypesenseStandIn, type FaultRule} from '../../search/__tests__/typesense-stand-in'
import type {FaultCase} from '../fault-case'
import {recordsOf, viewOf} from './search-records'

const ADMIN = 'fault-suite-admin-key'
const MINUTE = 60_000

const BEFORE = recordsOf({rooms: 'Sockets join rooms.', namespaces: 'A namespace is a channel.'})
const AFTER = recordsOf({
  rooms: 'Sockets join and leave rooms.',
  namespaces: 'A namespace is a channel.',
  adapters: 'Adapters broadcast.',
  middlewares: 'Middlewares run first.',
  events: 'Events carry data.',
})

/** A stand-in with one full run done at time 1000, and a job runner against it. */
async function indexedStandIn() {
  const standIn = await startTypesenseStandIn({adminKey: ADMIN})
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-typesense-'))
  const job = (records: Map<Locale, SearchRecord[]>, at: number, incremental = false) =>
    runIndexJob({
      api: createTypesenseApi({url: standIn.url, adminKey: ADMIN}),
      alias: 'site',
      records,
      incremental,
      statePath: path.join(dir, 'state.json'),
      batchSize: 2,
      log: () => {},
      now: () => at,
      retryDelayMs: 0,
    })
  await job(BEFORE, 1000)
  const inject = (...rules: FaultRule[]) => standIn.faults.push(...rules)
  /** What readers searching through the alias get, as "id content" lines. */
  const readerView = () =>
    [...(standIn.collections.get(standIn.aliases.get('site') ?? '')?.documents.values() ?? [])]
      .map((document) => `${String(document.id)} ${typeof document.content === 'string' ? document.content : ''}`)
      .sort()
  const close = async () => {
    await standIn.close()
    rmSync(dir, {recursive: true, force: true})
  }
  return {standIn, job, inject, readerView, close}
}

const collections = (count: number) => `${count} collection${count === 1 ? '' : 's'}`

export const TYPESENSE_CASES: FaultCase[] = [
  {
    name: 'Typesense: the alias swap fails (stand-in)',
    expected: 'run fails; readers on the old collection; 1 collection',
    run: async () => {
      const t = await indexedStandIn()
      try {
        t.inject({method: 'PUT', path: /^\/aliases\/site$/})
        const failed = await t.job(AFTER, 1000 + MINUTE).then(
          () => false,
          () => true,
        )
        return `${failed ? 'run fails' : 'run succeeds'}; ${t.standIn.aliases.get('site') === 'site-1000' && t.readerView().join() === viewOf(BEFORE).join() ? 'readers on the old collection' : 'readers moved'}; ${collections(t.standIn.collections.size)}`
      } finally {
        await t.close()
      }
    },
  },
  {
    name: 'Typesense: deleting the replaced collection fails (stand-in)',
    expected: 'run reports it; readers on the new one; the next run deletes it: 1 collection',
    run: async () => {
      const t = await indexedStandIn()
      try {
        t.inject({method: 'DELETE', path: /^\/collections\/site-1000$/, nth: [1, 2, 3]})
        const reported = await t.job(AFTER, 1000 + 20 * MINUTE).then(
          () => false,
          (error: Error) => /deleting the previous collection site-1000 failed/.test(error.message),
        )
        const onNew = t.readerView().join() === viewOf(AFTER).join()
        await t.job(AFTER, 1000 + 40 * MINUTE, true)
        return `${reported ? 'run reports it' : 'run says nothing'}; ${onNew ? 'readers on the new one' : 'readers not on the new one'}; the next run deletes it: ${collections(t.standIn.collections.size)}`
      } finally {
        await t.close()
      }
    },
  },
  {
    name: 'Typesense: an incremental run fails after its first batch (stand-in)',
    expected: 'replaced by a full run: readers get all new records; 1 collection',
    run: async () => {
      const t = await indexedStandIn()
      try {
        t.inject({method: 'POST', path: /^\/collections\/site-1000\/documents\/import$/, nth: [2]})
        const result = await t.job(AFTER, 1000 + MINUTE, true)
        const whole = t.readerView().join() === viewOf(AFTER).join()
        return `${result.fallbackFrom ? 'replaced by a full run' : `${result.mode} run`}: ${whole ? 'readers get all new records' : 'readers get a mix'}; ${collections(t.standIn.collections.size)}`
      } finally {
        await t.close()
      }
    },
  },
  {
    name: 'Typesense: a run killed after creating its collection (stand-in)',
    expected: 'the next run deletes the leftover: 1 collection',
    run: async () => {
      const t = await indexedStandIn()
      try {
        t.standIn.collections.set('site-2000', {name: 'site-2000', fields: [], documents: new Map(), synonymSets: []})
        const result = await t.job(AFTER, 1000 + 60 * MINUTE, true)
        return `${result.removedLeftovers.includes('site-2000') ? 'the next run deletes the leftover' : 'the leftover stays'}: ${collections(t.standIn.collections.size)}`
      } finally {
        await t.close()
      }
    },
  },
]
