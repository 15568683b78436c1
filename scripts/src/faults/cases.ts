/**
 * Every fault-injection case of `npm test` (run by scripts/src/faults/cli.ts, printed as a table).
 * Each area keeps its cases in cases/<area>.ts as a list of FaultCase objects (fault-case.ts: a name,
 * the expected outcome, a run function reporting the observed one); add a list here to run it.
 */
import {IMPORTER_CASES} from './cases/importer'
import {INDEX_KILL_CASES} from './cases/index-kills'
import {SITE_CASES} from './cases/site'
import {TYPESENSE_CASES} from './cases/typesense'
import {WEBHOOK_CASES} from './cases/webhook'
import type {FaultCase} from './fault-case'

export const FAULT_CASES: FaultCase[] = [...WEBHOOK_CASES, ...SITE_CASES, ...TYPESENSE_CASES, ...INDEX_KILL_CASES, ...IMPORTER_CASES]
