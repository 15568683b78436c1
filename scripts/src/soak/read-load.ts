/**
 * Readers while releases swap: a fixed list of URLs (pages, search shards, a 404) asked of the static
 * server over and over, at a steady rate, through keep-alive connections on loopback. Each answer is
 * checked against the releases on disk: the served link is read just before the request and just
 * after the answer, and the answer must be, status and bytes, what one of the releases served in that
 * interval gives for that URL (release-files.ts). Anything else is counted: failed (no answer, an
 * unexpected status) or mixed (bytes of no release served then: a half-written page, a mix of two).
 */
import {readlinkSync} from 'node:fs'
import path from 'node:path'
import {expectedAnswer, sha256, type ExpectedAnswer} from './release-files'

export interface ReadLoadOptions {
  /** http://127.0.0.1:<port> of the static server. */
  base: string
  /** The link the server serves (web/out or the soak's own). */
  link: string
  urls: readonly string[]
  /** Requests a second in all (the connections share them). */
  rate: number
  connections: number
}

export interface ReadLoadCounts {
  requests: number
  failed: number
  mixed: number
  /** The first problems, described (URL, what came, what was expected). */
  problems: string[]
  /** Releases the link pointed at, in the order they were seen. */
  releases: number
}

export interface ReadLoadReport extends ReadLoadCounts {
  seconds: number
  /** Latency of an answer (request to last byte), median and 99th percentile, in ms. */
  medianMs: number
  p99Ms: number
}

const MAX_PROBLEMS = 20

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN
}

/**
 * The releases seen through the link, in order, with what each answers for the URLs; an answer read
 * between two looks at the link must come from a release in that stretch.
 */
export class ReleaseTimeline {
  private readonly order: string[] = []
  private readonly answers = new Map<string, Map<string, ExpectedAnswer | null>>()

  constructor(
    private readonly link: string,
    private readonly urls: readonly string[],
    private readonly answerOf: (releaseDir: string, url: string) => ExpectedAnswer | null = expectedAnswer,
  ) {}

  /** The release the link points at now (its folder), noted (and its answers read) the first time it is seen. */
  look(): string {
    const target = path.resolve(path.dirname(this.link), readlinkSync(this.link))
    if (this.order.at(-1) !== target) {
      if (!this.answers.has(target)) this.answers.set(target, new Map(this.urls.map((url) => [url, this.answerOf(target, url)])))
      this.order.push(target)
    }
    return target
  }

  get seen(): number {
    return new Set(this.order).size
  }

  /** The answers `url` may get between a look that gave `before` and one that gave `after`. */
  allowed(url: string, before: string, after: string): ExpectedAnswer[] {
    const from = this.order.lastIndexOf(before)
    const to = this.order.lastIndexOf(after)
    const releases = from === -1 || to === -1 || to < from ? [before, after] : this.order.slice(from, to + 1)
    return releases.flatMap((release) => this.answers.get(release)?.get(url) ?? [])
  }
}

/** Checks one answer: null when it is what a release in the stretch gives, else what is wrong. */
export function judgeAnswer(
  url: string,
  status: number,
  body: Uint8Array,
  allowed: readonly ExpectedAnswer[],
): {kind: 'failed' | 'mixed'; detail: string} | null {
  const hash = sha256(body)
  if (allowed.some((answer) => answer.status === status && answer.hash === hash)) return null
  if (!allowed.some((answer) => answer.status === status))
    return {kind: 'failed', detail: `${url}: status ${status}, expected ${[...new Set(allowed.map((answer) => answer.status))].join(' or ') || 'none'}`}
  return {kind: 'mixed', detail: `${url}: ${body.length} bytes (sha256 ${hash.slice(0, 12)}) of no release served during the request`}
}

/** Runs the load until `stop` resolves; `snapshot` gives the counts so far. */
export function startReadLoad(options: ReadLoadOptions): {snapshot: () => ReadLoadCounts; stop: () => Promise<ReadLoadReport>} {
  const timeline = new ReleaseTimeline(options.link, options.urls)
  const counts = {requests: 0, failed: 0, mixed: 0, problems: [] as string[]}
  const latencies: number[] = []
  const started = performance.now()
  let running = true
  let next = 0
  const note = (detail: string) => {
    if (counts.problems.length < MAX_PROBLEMS) counts.problems.push(detail)
  }
  // Each connection sends one request after the other, spaced so that all of them make `rate` a second.
  const interval = (1000 * options.connections) / options.rate
  const connection = async (offset: number) => {
    let due = performance.now() + offset
    while (running) {
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      due = Math.max(due + interval, performance.now() - interval)
      if (!running) break
      const url = options.urls[next++ % options.urls.length]!
      const sent = performance.now()
      counts.requests++
      try {
        const before = timeline.look()
        const response = await fetch(`${options.base}${url}`)
        const body = new Uint8Array(await response.arrayBuffer())
        latencies.push(performance.now() - sent)
        const after = timeline.look()
        const problem = judgeAnswer(url, response.status, body, timeline.allowed(url, before, after))
        if (problem) {
          counts[problem.kind]++
          note(problem.detail)
        }
      } catch (error) {
        counts.failed++
        note(`${url}: ${error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error)}`)
      }
    }
  }
  const loops = Array.from({length: options.connections}, (_, index) => connection((index * interval) / options.connections))
  const snapshot = (): ReadLoadCounts => ({...counts, problems: [...counts.problems], releases: timeline.seen})
  return {
    snapshot,
    stop: async () => {
      running = false
      await Promise.all(loops)
      return {
        ...snapshot(),
        seconds: (performance.now() - started) / 1000,
        medianMs: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
      }
    },
  }
}
