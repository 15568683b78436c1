/**
 * Runs fault-injection cases one after the other (some measure memory or time, which neighbours would
 * disturb) and prints them as a table: case, expected, observed, and whether they match.
 */
import type {FaultCase, FaultResult} from './fault-case'

const DEFAULT_TIMEOUT_MS = 60_000

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no outcome after ${ms / 1000} s`)), ms)))
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export async function runFaultCase(faultCase: FaultCase): Promise<FaultResult> {
  const {name, expected} = faultCase
  const skip = faultCase.skipReason?.()
  if (skip) return {name, expected, observed: `skipped: ${skip}`, outcome: 'skipped', ms: 0}
  const started = performance.now()
  let observed: string
  let note: string | undefined
  try {
    const outcome = await withTimeout(faultCase.run(), faultCase.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    if (typeof outcome === 'string') observed = outcome
    else ({observed, note} = outcome)
  } catch (error) {
    observed = `threw: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
  }
  return {
    name,
    expected,
    observed,
    outcome: observed === expected ? 'as expected' : 'unexpected',
    ...(note ? {note} : {}),
    ms: Math.round(performance.now() - started),
  }
}

export async function runFaultSuite(cases: readonly FaultCase[], onResult?: (result: FaultResult) => void): Promise<FaultResult[]> {
  const names = new Set<string>()
  for (const {name} of cases) {
    if (names.has(name)) throw new Error(`Two fault cases are named "${name}"`)
    names.add(name)
  }
  const results: FaultResult[] = []
  for (const faultCase of cases) {
    const result = await runFaultCase(faultCase)
    results.push(result)
    onResult?.(result)
  }
  return results
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  lines.push(line)
  return lines.flatMap((item) => (item.length > width ? (item.match(new RegExp(`.{1,${width}}`, 'g')) ?? [item]) : [item]))
}

/** A plain-text table, cells wrapped to fit a terminal, then one line of totals. */
export function formatFaultTable(results: readonly FaultResult[], widths = {name: 44, expected: 44, observed: 44}): string {
  const mark = (result: FaultResult) => (result.outcome === 'as expected' ? 'ok' : result.outcome === 'skipped' ? 'skip' : 'FAIL')
  const header = ['case', 'expected', 'observed', '']
  const rows: string[][] = []
  const columns = [widths.name, widths.expected, widths.observed, 4]
  const rule = columns.map((width) => '-'.repeat(width)).join('-+-')
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(columns[index]!))
      .join(' | ')
      .trimEnd()
  for (const result of results) {
    const cells = [wrap(result.name, widths.name), wrap(result.expected, widths.expected), wrap(result.observed, widths.observed), [mark(result)]]
    const height = Math.max(...cells.map((cell) => cell.length))
    for (let row = 0; row < height; row++) rows.push(cells.map((cell) => cell[row] ?? ''))
  }
  const notes = results.filter((result) => result.note).map((result) => `  ${result.name}: ${result.note}`)
  return [line(header), rule, ...rows.map(line), rule, ...(notes.length > 0 ? ['Measured:', ...notes] : []), faultTotals(results)].join('\n')
}

export function faultTotals(results: readonly FaultResult[]): string {
  const count = (outcome: FaultResult['outcome']) => results.filter((result) => result.outcome === outcome).length
  return `${results.length} fault cases: ${count('as expected')} as expected, ${count('unexpected')} not, ${count('skipped')} skipped`
}
