import {describe, expect, it} from 'vitest'
import {formatSoakReport, memoryWindow, verdict} from '../report'
import type {PublishSample, SoakReport} from '../soak'

const MB = 2 ** 20

/** A soak's report with one sample a publish, memory figures in MB taken from `memory(n)` (n from 1). */
function report(count: number, memory: (n: number) => {rss: number; live: number}): SoakReport {
  const publishes: PublishSample[] = Array.from({length: count}, (_, index) => {
    const {rss, live} = memory(index + 1)
    return {
      number: index + 1,
      kind: 'doc',
      id: `doc-${index}`,
      latencyMs: 20_000,
      at: index * 25,
      serverRss: rss * MB,
      receiverRss: 70 * MB,
      serverLive: live * MB,
      receiverLive: 9 * MB,
      diskBytes: 54 * MB,
      load: 1,
    }
  })
  return {
    edits: count,
    publishes,
    runs: count,
    failedRuns: [],
    reads: {requests: 1000, failed: 0, mixed: 0, seconds: 100, medianMs: 5, p99Ms: 50, releases: count, problems: []},
    checks: [{after: count, files: 1179, differences: []}],
    kills: [],
    scenarios: [],
    seconds: count * 25,
    targets: {doc: 10},
    urls: ['/'],
  }
}

describe('the soak verdict on memory', () => {
  it('compares the last window with the one after the warm-up, not with the first', () => {
    expect(memoryWindow(1000)).toBe(100)
    expect(memoryWindow(40)).toBe(13)
    // The compression cache fills and V8 grows its heap over the first publishes (+22% on the first
    // window's median), then it stays.
    const warmingUp = report(300, (n) => (n <= 150 ? {rss: 70 + n * 0.18, live: 10 + n / 20} : {rss: 97, live: 17.5}))
    expect(verdict(warmingUp, {memory: true})).toEqual({ok: true, problems: []})
    expect(formatSoakReport(warmingUp)).toMatch(/Memory of the static server .*resident 79 MB, 97 MB, 97 MB \(\+0\.0% after the warm-up/)
  })

  it('fails memory that keeps growing after the warm-up, resident or held after a full collection', () => {
    const leaking = report(300, (n) => ({rss: 90 + n / 5, live: 18}))
    expect(verdict(leaking, {memory: true}).problems).toEqual([
      "the server's resident memory grew from 120 MB to 140 MB (median of publishes 101–200, after the warm-up, and of the last 100)",
    ])
    // Held memory growing (a cache without a bound) fails even while the resident size looks flat.
    const holding = report(300, (n) => ({rss: 97, live: 10 + n / 10}))
    expect(verdict(holding, {memory: true}).problems).toEqual([
      "the server's memory held after a full GC grew from 25 MB to 35 MB (median of publishes 101–200, after the warm-up, and of the last 100)",
    ])
    expect(verdict(holding, {memory: false}).ok).toBe(true)
  })
})
