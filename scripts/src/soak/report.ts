/** The soak's figures as text, and whether they meet what the soak is for. */
import {percentile} from './read-load'
import {firstAndLast, type PublishSample, type SoakReport} from './soak'
import type {TableRow} from './kill-table'

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const duration = (s: number) =>
  s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`

/**
 * The window memory is compared over: 100 publishes, or a third of a shorter run. The first window is
 * the warm-up (the server's compression cache filling to its bound, V8 growing its heap to the load);
 * the second is the baseline the last is held to.
 */
export function memoryWindow(count: number): number {
  return Math.max(1, Math.min(100, Math.floor(count / 3)))
}

export interface Verdict {
  ok: boolean
  problems: string[]
}

/** What must hold: no failed or mixed read, no failed run, every compared release identical, every table row as expected, memory flat. */
export function verdict(report: SoakReport, options: {memory: boolean}): Verdict {
  const problems: string[] = []
  if (report.reads.failed > 0) problems.push(`${report.reads.failed} failed reads`)
  if (report.reads.mixed > 0) problems.push(`${report.reads.mixed} mixed reads`)
  if (report.failedRuns.length > 0) problems.push(`failed runs: ${report.failedRuns.join('; ')}`)
  for (const check of report.checks) if (check.differences.length > 0) problems.push(`the release after publish ${check.after} differs from a full build`)
  for (const row of [...report.kills, ...report.scenarios]) if (!row.ok) problems.push(`${row.name}: ${row.observed}`)
  if (options.memory) {
    const window = memoryWindow(report.publishes.length)
    for (const [name, what, pick] of [
      ['server', 'resident memory', (sample: PublishSample) => sample.serverRss],
      ['receiver', 'resident memory', (sample: PublishSample) => sample.receiverRss],
      ['server', 'memory held after a full GC', (sample: PublishSample) => sample.serverLive],
      ['receiver', 'memory held after a full GC', (sample: PublishSample) => sample.receiverLive],
    ] as const) {
      const {afterWarmUp, last} = firstAndLast(report.publishes, pick, window)
      if (last > afterWarmUp * 1.1)
        problems.push(
          `the ${name}'s ${what} grew from ${mb(afterWarmUp)} to ${mb(last)} (median of publishes ${window + 1}–${2 * window}, after the warm-up, and of the last ${window})`,
        )
    }
  }
  return {ok: problems.length === 0, problems}
}

export function formatTable(title: string, rows: readonly TableRow[]): string {
  const lines = [title]
  for (const row of rows)
    lines.push(`${row.ok ? 'ok  ' : 'FAIL'} ${row.name} (${row.seconds.toFixed(0)} s)`, `       expected: ${row.expected}`, `       observed: ${row.observed}`)
  return lines.join('\n')
}

export function formatSoakReport(report: SoakReport): string {
  const samples = report.publishes
  const latencies = samples.map((sample) => sample.latencyMs)
  const lines: string[] = []
  lines.push(
    `Publishes: ${report.edits} edits published in ${duration(report.seconds)} (${report.runs} runs of the receiver, ${report.failedRuns.length} failed), one every ${(report.seconds / Math.max(1, report.edits)).toFixed(1)} s; ${samples.length} of them timed from the webhook to the page (the others: the crash table's and the overlap cases')`,
  )
  lines.push(
    `Publish → live (webhook answered → edit served): median ${seconds(percentile(latencies, 0.5))}, p95 ${seconds(percentile(latencies, 0.95))}, max ${seconds(Math.max(...latencies))}`,
  )
  lines.push(
    `  the machine's load average (1 min) at the publishes: median ${percentile(
      samples.map((sample) => sample.load),
      0.5,
    ).toFixed(1)}, max ${Math.max(...samples.map((sample) => sample.load)).toFixed(1)} (2 CPUs)`,
  )
  const kinds = [...new Set(samples.map((sample) => sample.kind))]
  lines.push(
    `  by kind: ${kinds
      .map((kind) => {
        const of = samples.filter((sample) => sample.kind === kind).map((sample) => sample.latencyMs)
        return `${kind} ${of.length}× median ${seconds(percentile(of, 0.5))} (max ${seconds(Math.max(...of))})`
      })
      .join('; ')}`,
  )
  const {reads} = report
  lines.push(
    `Reads: ${reads.requests} requests in ${duration(reads.seconds)} (${(reads.requests / reads.seconds).toFixed(0)} a second, ${report.urls.length} URLs), ${reads.failed} failed, ${reads.mixed} mixed (bytes of no release served at the time); answer median ${reads.medianMs.toFixed(1)} ms, p99 ${reads.p99Ms.toFixed(1)} ms; ${reads.releases} releases seen`,
  )
  for (const problem of reads.problems.slice(0, 5)) lines.push(`  ${problem}`)
  const window = memoryWindow(samples.length)
  const change = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)}%`
  for (const [name, rss, live] of [
    ['static server', (sample: PublishSample) => sample.serverRss, (sample: PublishSample) => sample.serverLive],
    ['webhook receiver', (sample: PublishSample) => sample.receiverRss, (sample: PublishSample) => sample.receiverLive],
  ] as const) {
    const resident = firstAndLast(samples, rss, window)
    const held = firstAndLast(samples, live, window)
    const mb1 = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`
    lines.push(
      `Memory of the ${name} (median over publishes 1–${window} (warm-up), ${window + 1}–${2 * window}, the last ${window}): resident ${mb(resident.first)}, ${mb(resident.afterWarmUp)}, ${mb(resident.last)} (${change(resident.afterWarmUp, resident.last)} after the warm-up; max ${mb(Math.max(...samples.map(rss)))}); held after a full GC ${mb1(held.first)}, ${mb1(held.afterWarmUp)}, ${mb1(held.last)} (${change(held.afterWarmUp, held.last)})`,
    )
  }
  const step = Math.max(1, Math.floor(samples.length / 10))
  const disk = samples.filter((_, index) => index === 0 || (index + 1) % step === 0 || index === samples.length - 1)
  lines.push(
    `Disk used by the releases (hard links counted once): ${disk.map((sample) => `${mb(sample.diskBytes)} after ${sample.number}`).join(', ')}; max ${mb(Math.max(...samples.map((sample) => sample.diskBytes)))}`,
  )
  const identical = report.checks.filter((check) => check.differences.length === 0)
  lines.push(
    `Releases compared with a full build of the same content: ${identical.length} of ${report.checks.length} identical byte for byte (after publishes ${report.checks.map((check) => `${check.after}${check.differences.length > 0 ? ` ✗ ${check.differences.slice(0, 3).join(', ')}` : ''}`).join(', ')}; ${report.checks[0]?.files ?? 0} files each)`,
  )
  if (report.kills.length > 0) lines.push('', formatTable('Crash table (a publish killed with SIGKILL at each step):', report.kills))
  if (report.scenarios.length > 0) lines.push('', formatTable('Overlapping publishes:', report.scenarios))
  return lines.join('\n')
}
