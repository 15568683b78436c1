/**
 * The Typesense index job killed with SIGKILL at each of its steps (against the Typesense stand-in, a
 * test double of the documented HTTP API, not Typesense): the job runs in a process of its own
 * (index-job-process.ts) and the stand-in kills it the moment a request of that step arrives or has
 * been done. Then readers must search a whole index (the old one, or the new one once the alias moved),
 * and the next run, incremental as the publish webhook runs it, must complete, give readers exactly what
 * a full index of the records gives, and leave no collection behind. A last case kills the job while it
 * writes its state file (a file-size limit, SIGXFSZ, cuts the write short).
 */
import {fork, type ChildProcess} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import type {Locale} from '@site/schemas/model'
import type {SearchRecord} from '@site/schemas/search'
import {runIndexJob} from '../../search/index-job'
import {createTypesenseApi} from '../../search/typesense-api'
import {startTypesenseStandIn, type RequestHook} from '../../search/__tests__/typesense-stand-in'
import type {FaultCase} from '../fault-case'
import {recordsOf, viewOf as recordView} from './search-records'

const viewOf = (records: Map<Locale, SearchRecord[]>) => recordView(records).join('\n')

const ADMIN = 'fault-suite-kill-admin-key'
const CHILD = path.resolve(import.meta.dirname, '../index-job-process.ts')

const pages = (count: number, text: (index: number) => string) => Object.fromEntries(Array.from({length: count}, (_, index) => [`page-${index}`, text(index)]))
const BEFORE = recordsOf(pages(12, (index) => `Sockets join room ${index}.`))
const AFTER = recordsOf({...pages(14, (index) => `Sockets join and leave room ${index}.`), extra: 'Adapters broadcast.'})
/** Enough records that the state file of a run of them (about 6 KB) is larger than that of BEFORE (about 1.5 KB). */
const MANY = recordsOf(pages(60, (index) => `Sockets join and leave room ${index}.`))

interface KillCase {
  step: string
  hook: Omit<RequestHook, 'run'>
  /** The killed run: a full one (create, import, alias swap, delete old) or an incremental one. */
  incremental: boolean
}

/** An index of BEFORE, a run of AFTER killed by `kill`, then the next incremental run; what readers saw each time. */
async function killedRun(killCase: KillCase | 'state-write'): Promise<string> {
  const after = killCase === 'state-write' ? MANY : AFTER
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-index-kill-'))
  const standIn = await startTypesenseStandIn({adminKey: ADMIN})
  const statePath = path.join(dir, 'state.json')
  const recordsFile = (records: Map<Locale, SearchRecord[]>) => {
    const file = path.join(dir, `records-${records === BEFORE ? 'before' : 'after'}.json`)
    writeFileSync(file, JSON.stringify([...records]))
    return file
  }
  const settings = (records: Map<Locale, SearchRecord[]>, incremental: boolean) =>
    JSON.stringify({url: standIn.url, adminKey: ADMIN, alias: 'site', statePath, recordsFile: recordsFile(records), incremental})
  const runChild = (child: ChildProcess) =>
    new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) => child.on('exit', (code, signal) => resolve({code, signal})))
  const readerView = () =>
    [...(standIn.collections.get(standIn.aliases.get('site') ?? '')?.documents.values() ?? [])]
      .map((document) => `${String(document.id)} ${typeof document.content === 'string' ? document.content : ''}`)
      .sort()
      .join('\n')
  const readers = () => (readerView() === viewOf(BEFORE) ? 'the old' : readerView() === viewOf(after) ? 'the new' : 'a mix')
  try {
    await runIndexJob({
      api: createTypesenseApi({url: standIn.url, adminKey: ADMIN}),
      alias: 'site',
      records: BEFORE,
      incremental: false,
      statePath,
      log: () => {},
    })
    let child: ChildProcess
    if (killCase === 'state-write') {
      // A limit of 2 KB lets the run mark its start in the state (about 1.5 KB) and cuts the final write (about 6 KB) short.
      child = fork(CHILD, [settings(after, true)], {
        execPath: 'bash',
        execArgv: ['-c', `ulimit -f 2; exec "${process.execPath}" --import tsx "$0" "$@"`],
        env: {...process.env, TSX_DISABLE_CACHE: '1'},
        stdio: 'ignore',
      })
    } else {
      standIn.hooks.push({...killCase.hook, run: () => child.kill('SIGKILL')})
      child = fork(CHILD, [settings(after, killCase.incremental)], {execArgv: ['--import', 'tsx'], stdio: 'ignore'})
    }
    const killed = await runChild(child)
    const during = readers()
    standIn.hooks.length = 0
    // The next run, incremental as the webhook runs it (here: nothing kills it).
    const next = await runIndexJob({
      api: createTypesenseApi({url: standIn.url, adminKey: ADMIN}),
      alias: 'site',
      records: after,
      incremental: true,
      statePath,
      log: () => {},
    }).then(
      () => ({code: 0}),
      () => ({code: 1}),
    )
    const then = readers()
    const count = standIn.collections.size
    // Node ignores SIGXFSZ: past the limit its write fails (EFBIG) with the bytes so far written, and the run exits 1.
    const stopped =
      killCase === 'state-write'
        ? killed.code === 1 || killed.signal === 'SIGXFSZ'
          ? 'its write cut short'
          : `not cut short (exit ${killed.code})`
        : killed.signal === 'SIGKILL'
          ? 'killed'
          : `not killed (exit ${killed.code})`
    return `${stopped}; readers on ${during === 'a mix' ? 'part old, part new records' : `a whole index (${during})`}; the next run ${next.code === 0 ? 'completes' : `fails (exit ${next.code})`}: readers on ${then === 'the new' ? 'the whole new index' : then}, ${count} collection${count === 1 ? '' : 's'}`
  } finally {
    await standIn.close()
    rmSync(dir, {recursive: true, force: true})
  }
}

const NEW_IMPORT = /^\/collections\/site-\d+\/documents\/import$/
const KILL_CASES: Array<KillCase & {expectOld: boolean}> = [
  {step: 'create, once done', hook: {method: 'POST', path: /^\/collections$/, when: 'applied'}, incremental: false, expectOld: true},
  {step: 'import, after its first batch', hook: {method: 'POST', path: NEW_IMPORT, nth: [1], when: 'applied'}, incremental: false, expectOld: true},
  {step: 'alias swap, before it is done', hook: {method: 'PUT', path: /^\/aliases\/site$/, when: 'received'}, incremental: false, expectOld: true},
  {step: 'alias swap, once done', hook: {method: 'PUT', path: /^\/aliases\/site$/, when: 'applied'}, incremental: false, expectOld: false},
  {step: 'delete old, once done', hook: {method: 'DELETE', path: /^\/collections\/site-\d+$/, when: 'applied'}, incremental: false, expectOld: false},
  {step: 'incremental upsert, after its first batch', hook: {method: 'POST', path: NEW_IMPORT, nth: [1], when: 'applied'}, incremental: true, expectOld: false},
]

const nextRun = 'the next run completes: readers on the whole new index, 1 collection'

export const INDEX_KILL_CASES: FaultCase[] = [
  ...KILL_CASES.map((killCase): FaultCase => ({
    name: `Typesense: the index job killed (SIGKILL) at ${killCase.step} (stand-in)`,
    // An incremental run updates the served collection in place: killed half-way, it leaves part of the records updated.
    expected: `killed; readers on ${killCase.incremental ? 'part old, part new records' : `a whole index (${killCase.expectOld ? 'the old' : 'the new'})`}; ${nextRun}`,
    run: () => killedRun(killCase),
    timeoutMs: 120_000,
  })),
  {
    name: 'Typesense: the index job stopped while writing its state file (a file-size limit, stand-in)',
    expected: `its write cut short; readers on a whole index (the new); ${nextRun}`,
    run: () => killedRun('state-write'),
    timeoutMs: 120_000,
  },
]
