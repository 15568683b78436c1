/**
 * `npx tsx scripts/src/faults/cli.ts [--json <file>] [--only <text>]`: runs the fault-injection cases
 * (cases.ts), prints the table (case, expected, observed) and exits 1 when any observed outcome differs
 * from the expected one. tools/run.sh test runs it and tools/test-summary.mjs counts its cases.
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {FAULT_CASES} from './cases'
import {faultTotals, formatFaultTable, runFaultSuite} from './suite'

async function main(argv: string[]): Promise<number> {
  let json: string | undefined
  let only: string | undefined
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--json') json = argv[++index]
    else if (argv[index] === '--only') only = argv[++index]
    else {
      console.error(`faults: unknown argument ${argv[index]}; usage: cli.ts [--json <file>] [--only <text>]`)
      return 2
    }
  }
  const cases = only ? FAULT_CASES.filter((faultCase) => faultCase.name.includes(only)) : FAULT_CASES
  const results = await runFaultSuite(cases, (result) =>
    console.log(
      `  ${result.outcome === 'as expected' ? 'ok  ' : result.outcome === 'skipped' ? 'skip' : 'FAIL'} ${result.name} (${(result.ms / 1000).toFixed(1)} s)`,
    ),
  )
  console.log(`\n${formatFaultTable(results)}`)
  if (json) {
    await mkdir(path.dirname(path.resolve(json)), {recursive: true})
    await writeFile(json, `${JSON.stringify({summary: faultTotals(results), results}, null, 2)}\n`)
  }
  return results.some((result) => result.outcome === 'unexpected') ? 1 : 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`faults: ${error instanceof Error ? error.stack : String(error)}`)
    process.exit(1)
  },
)
