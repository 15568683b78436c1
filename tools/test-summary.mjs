// Prints one closing line for the whole suite ("N passed, N failed, N skipped") from the JSON
// reports of Vitest and Playwright (the site's, then any further ones such as the studio's), plus
// whole-build checks given as name=exit-code (lint, format, the secret scan; each gets a line of its
// own) and the fault-injection report given after --faults (each case counts: as expected passed, not
// as expected failed, skipped skipped), so that a reader (and CI) sees the total at a glance.
// `--checks-only name=code…` counts only those checks: the run stopped before the test suites.
// Each failed test is named (file and title) just above the totals, so that the tail of a long log,
// often all a CI page keeps, says which test failed and not only how many.
import {existsSync, readFileSync} from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
/** "file › title" of every failed test, printed before the totals. */
const failures = []
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
} else {
  // One report, or several separated by commas (a test run on its own after the others).
  for (const vitestReport of (vitestFile ?? '').split(',')) {
    if (!vitestReport || !existsSync(vitestReport)) {
      console.log(`vitest: no report ${vitestReport} (those unit tests did not run)`)
      failed += 1
      continue
    }
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'))
    passed += report.numPassedTests ?? 0
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrors ?? 0)
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    for (const file of report.testResults ?? []) {
      const name = relativeName(file.name)
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
      for (const test of failedTests) failures.push(`vitest: ${name} › ${test.fullName ?? test.title}`)
      // A file that failed without a failed test (an import error, a hook) names its message.
      if (file.status === 'failed' && failedTests.length === 0) {
        failures.push(`vitest: ${name}: ${firstLine(file.message) || 'failed to run'}`)
      }
    }
  }
}
for (const file of playwrightFiles) {
  if (file && existsSync(file)) {
    const {stats} = JSON.parse(readFileSync(file, 'utf8'))
    passed += stats.expected ?? 0
    failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0)
    skipped += stats.skipped ?? 0
    const report = JSON.parse(readFileSync(file, 'utf8'))
    for (const {spec, titles} of playwrightSpecs(report.suites ?? [], [])) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = firstLine(test.results?.find((result) => result.error)?.error?.message)
          failures.push(`playwright (${file}): ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} [${test.status}]${error ? `: ${error}` : ''}`)
        }
      }
    }
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
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`)
  for (const failure of failures) console.log(`  ${failure}`)
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)

function relativeName(path) {
  const root = process.cwd() + '/'
  return typeof path === 'string' && path.startsWith(root) ? path.slice(root.length) : String(path)
}

function firstLine(text) {
  // Error messages carry terminal colours; one plain line is enough to tell the failure apart.
  // eslint-disable-next-line no-control-regex
  const plain = typeof text === 'string' ? text.replace(/\u001b\[[0-9;]*m/g, '').trim() : ''
  const line = plain.split('\n', 1)[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** Every spec of a Playwright JSON report, with the titles of the suites around it (file suites excluded). */
function* playwrightSpecs(suites, titles) {
  for (const suite of suites) {
    const inner = suite.file && suite.title === suite.file ? titles : [...titles, suite.title]
    for (const spec of suite.specs ?? []) yield {spec, titles: inner}
    yield* playwrightSpecs(suite.suites ?? [], inner)
  }
}
