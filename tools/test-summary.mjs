// Prints one closing line for the whole suite ("N passed, N failed, N skipped") from the JSON
// reports of Vitest and Playwright (the site's, then any further ones such as the studio's), plus
// whole-build checks given as name=exit-code (lint, format, the secret scan; each gets a line of its
// own) and the fault-injection report given after --faults (each case counts: as expected passed, not
// as expected failed, skipped skipped), so that a reader (and CI) sees the total at a glance.
// `--checks-only name=code…` counts only those checks: the run stopped before the test suites.
import {existsSync, readFileSync} from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const args = process.argv.slice(2)
const checksOnly = args[0] === '--checks-only'
if (checksOnly) args.shift()
const faultsAt = args.indexOf('--faults')
const faultsFile = faultsAt === -1 ? undefined : args[faultsAt + 1]
if (faultsAt !== -1) args.splice(faultsAt, 2)
const [vitestFile, playwrightFile, ...rest] = checksOnly ? [] : args
const playwrightFiles = checksOnly ? [] : [playwrightFile, ...rest.filter((arg) => arg.endsWith('.json'))]
const checks = checksOnly ? args : rest.filter((arg) => !arg.endsWith('.json'))

if (checksOnly) {
  // No suite ran: nothing to read.
} else if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrors ?? 0)
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
} else {
  console.log('vitest: no report (the unit tests did not run)')
  failed += 1
}
for (const file of playwrightFiles) {
  if (file && existsSync(file)) {
    const {stats} = JSON.parse(readFileSync(file, 'utf8'))
    passed += stats.expected ?? 0
    failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0)
    skipped += stats.skipped ?? 0
  } else {
    console.log(`playwright: no report ${file ?? ''} (those end-to-end tests did not run)`)
    failed += 1
  }
}
if (faultsFile !== undefined) {
  if (existsSync(faultsFile)) {
    const {summary, results} = JSON.parse(readFileSync(faultsFile, 'utf8'))
    for (const result of results) {
      if (result.outcome === 'as expected') passed += 1
      else if (result.outcome === 'skipped') skipped += 1
      else {
        console.log(`fault case "${result.name}": expected ${result.expected}, observed ${result.observed}`)
        failed += 1
      }
    }
    console.log(`fault injection: ${summary}`)
  } else {
    console.log(`fault injection: no report ${faultsFile} (the cases did not run)`)
    failed += 1
  }
}
for (const check of checks) {
  const [name, code] = check.split('=')
  if (code === '0') {
    passed += 1
    console.log(`${name}: passed`)
  } else {
    console.log(`${name}: failed (exit code ${code})`)
    failed += 1
  }
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
