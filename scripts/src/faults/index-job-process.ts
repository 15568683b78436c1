/**
 * The Typesense index job (scripts/src/search/index-job.ts) in a process of its own, for the crash
 * cases: a process the stand-in's hooks can kill with SIGKILL at a chosen request. Its settings come as
 * JSON in its first argument; the records from a JSON file ([locale, records][]). Exits 0 when the run
 * succeeded, 1 when it failed.
 */
import {readFile} from 'node:fs/promises'
import type {Locale} from '@site/schemas/model'
import type {SearchRecord} from '@site/schemas/search'
import {runIndexJob} from '../search/index-job'
import {createTypesenseApi} from '../search/typesense-api'

interface Settings {
  url: string
  adminKey: string
  alias: string
  statePath: string
  recordsFile: string
  incremental: boolean
}

const settings = JSON.parse(process.argv[2] ?? '{}') as Settings
const records = new Map(JSON.parse(await readFile(settings.recordsFile, 'utf8')) as Array<[Locale, SearchRecord[]]>)
try {
  const result = await runIndexJob({
    api: createTypesenseApi({url: settings.url, adminKey: settings.adminKey}),
    alias: settings.alias,
    records,
    incremental: settings.incremental,
    statePath: settings.statePath,
    batchSize: 4,
    retryDelayMs: 0,
  })
  console.log(`${result.mode} run on ${result.collection}`)
} catch (error) {
  console.error(`index job: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
