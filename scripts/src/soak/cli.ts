/**
 * `npm run soak [-- --publishes 1000 --check-every 100 --navbar-every 200 --rate 300 --connections 8
 * --kills --minutes <n> --json <file> --log <file>]`, or `npm run soak -- --short` (what `npm test` runs:
 * one edit, the crash table with the kills before the swap chained, the overlap cases, 100 reads a
 * second, the last release compared with a full build): builds a copy of content/ from the Sanity API stand-in, then
 * publishes editors' changes one after the other under a read load (soak.ts) and prints the figures:
 * publishes and their latency, reads and any failed or mixed one, the server's and the receiver's
 * memory, the disk the releases take, the releases compared with a full build. Exits 1 when a read
 * failed or was mixed, a run failed, a compared release differs, a crash-table row was not as expected,
 * or memory grew by more than 10% (median of the last 100 publishes against publishes 101–200, after the
 * warm-up; resident and held after a full GC). Long: a
 * thousand publishes take hours; run it niced on a machine that does nothing else.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {parseArgs} from 'node:util'
import {formatSoakReport, verdict} from './report'
import {SoakSite} from './site'
import {SHORT_SOAK, Soak} from './soak'

const USAGE =
  'usage: npm run soak -- [--publishes 1000] [--check-every 100] [--navbar-every 200] [--rate 300] [--connections 8] [--kills] [--minutes <n>] [--json <file>] [--log <file>]\n       npm run soak -- --short [--json <file>] [--log <file>]'

async function main(argv: string[]): Promise<number> {
  let values
  try {
    ;({values} = parseArgs({
      args: argv,
      options: {
        publishes: {type: 'string', default: '1000'},
        'check-every': {type: 'string', default: '100'},
        'navbar-every': {type: 'string', default: '200'},
        rate: {type: 'string', default: '300'},
        connections: {type: 'string', default: '8'},
        kills: {type: 'boolean', default: false},
        short: {type: 'boolean', default: false},
        minutes: {type: 'string'},
        json: {type: 'string'},
        log: {type: 'string'},
      },
    }))
  } catch (error) {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
    return 2
  }
  const number = (name: keyof typeof values, min: number) => {
    const value = Number(values[name])
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}, got "${String(values[name])}"`)
    return value
  }
  let options
  try {
    options = values.short
      ? {...SHORT_SOAK, publishes: 2}
      : {
          publishes: number('publishes', 1),
          checkEvery: number('check-every', 0),
          navbarEvery: number('navbar-every', 0),
          rate: number('rate', 1),
          connections: number('connections', 1),
          kills: values.kills,
          ...(values.minutes ? {minutes: number('minutes', 1)} : {}),
        }
  } catch (error) {
    console.error(`soak: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
    return 2
  }
  const say = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`)
  const logFile = values.log ? path.resolve(values.log) : undefined
  if (logFile) await mkdir(path.dirname(logFile), {recursive: true})
  const site = new SoakSite({say, ...(logFile ? {logFile} : {})})
  try {
    await site.prepare()
    say('the first release: a full build from the stand-in')
    await site.buildFirst()
    await site.start()
    // SIGTERM to this process (not its group) ends a long run early with its figures, as --minutes does.
    const stop = new AbortController()
    process.on('SIGTERM', () => stop.abort())
    const report = await new Soak(site, {...options, say, stop: stop.signal}).run()
    console.log(`\n${formatSoakReport(report)}`)
    // The short run is too short for a memory figure: three windows of at least a few publishes each.
    const result = verdict(report, {memory: !values.short})
    console.log(
      result.ok
        ? '\nSoak: every read answered from a whole release, every compared release identical, memory flat.'
        : `\nSoak FAILED: ${result.problems.join('; ')}`,
    )
    if (values.json) {
      await mkdir(path.dirname(path.resolve(values.json)), {recursive: true})
      await writeFile(values.json, `${JSON.stringify({...report, verdict: result}, null, 2)}\n`)
    }
    return result.ok ? 0 : 1
  } finally {
    await site.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exit(1)
  },
)
