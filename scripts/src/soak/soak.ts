/**
 * Sustained publishing (`npm run soak`): editors' changes published one after the other, each a
 * mutation in the Sanity API stand-in announced by a signed webhook to the real receiver, whose
 * `npm run publish:site` swaps each release in while readers read a fixed list of URLs from the static
 * server. Measured per publish: the time from the webhook's answer to the edit served, the server's
 * and the receiver's resident memory, the disk the releases take. Every `checkEvery` publishes (and
 * after the last) the release served is compared, file by file and byte for byte, with a full build of
 * the same content. Optionally the crash table (kill-table.ts) and the overlap cases run on the way.
 */
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {loadavg} from 'node:os'
import {rm} from 'node:fs/promises'
import path from 'node:path'
import {Editors, findTargets, siteAddresses, type Edit, type EditKind, type EditTarget} from './editors'
import {runKillTable, type TableRow} from './kill-table'
import {percentile, type ReadLoadReport} from './read-load'
import {fingerprints, releaseDifferences} from './release-files'
import {residentBytes, ROOT, SoakSite} from './site'
import type {SanityApiServer} from '@site/test-support/sanity-api'

export interface SoakOptions {
  /** Edits to publish. */
  publishes: number
  /** Compare the release served with a full build after every this many publishes (and after the last). */
  checkEvery: number
  /** Change the navbar (a full build) every this many publishes; 0 never. */
  navbarEvery: number
  /** Readers: requests a second, over this many connections. */
  rate: number
  connections: number
  /** Run the crash table and the overlap cases (after the third publish, or after `killsAfter`). */
  kills: boolean
  killsAfter?: number
  /** The kills before the swap in a row with one publish after them (kill-table.ts), as the short soak runs them. */
  chainedKills?: boolean
  /** Stop publishing after this many minutes (then the last comparison and the figures), when given. */
  minutes?: number
  /** Aborted: stop publishing after the publish under way (then the last comparison and the figures), as when the minutes are up. */
  stop?: AbortSignal
  say: (line: string) => void
  seed?: number
}

export interface PublishSample {
  number: number
  kind: EditKind
  id: string
  /** Webhook answered → edit served, in ms. */
  latencyMs: number
  /** Seconds since the soak started. */
  at: number
  serverRss: number
  receiverRss: number
  /** What each still holds after a full garbage collection (JS heap in use + memory outside it), in bytes. */
  serverLive: number
  receiverLive: number
  diskBytes: number
  /** The machine's load average over the last minute (other work slows the publishes). */
  load: number
}

export interface ReleaseCheck {
  after: number
  files: number
  differences: string[]
}

export interface SoakReport {
  /** Edits made and published (those timed, the crash table's and the scenarios' own). */
  edits: number
  publishes: PublishSample[]
  /** Runs of the receiver (a run publishes every change announced before it started). */
  runs: number
  failedRuns: string[]
  reads: ReadLoadReport
  checks: ReleaseCheck[]
  kills: TableRow[]
  scenarios: TableRow[]
  seconds: number
  targets: Record<string, number>
  urls: string[]
}

/** Disk used by the builds folder (hard links counted once), in bytes. */
function diskUsage(dir: string): number {
  try {
    return Number(execFileSync('du', ['-sk', dir], {encoding: 'utf8'}).split('\t')[0]) * 1024
  } catch {
    return Number.NaN
  }
}

/** The URLs readers ask: the home page, a few edited pages of each kind, search shards, the not-found pages. */
export function readerUrls(targets: readonly EditTarget[]): string[] {
  const pages = (['doc', 'translation', 'post', 'release', 'page'] as const).flatMap((kind) => targets.filter((target) => target.kind === kind).slice(0, 3))
  return [
    '/',
    ...new Set(pages.map((target) => target.url)),
    '/_search/en/shards.json',
    '/_search/en/docs-v4.json',
    '/_search/en/default.json',
    '/_search/fr/docs-v4.json',
    '/sitemap.xml',
    '/soak/no-such-page/',
    '/fr/soak/no-such-page/',
  ]
}

export class Soak {
  readonly samples: PublishSample[] = []
  readonly checks: ReleaseCheck[] = []
  readonly failedRuns: string[] = []
  readonly scenarios: TableRow[] = []
  kills: TableRow[] = []
  private readonly started = performance.now()
  private editors!: Editors
  private targets: EditTarget[] = []

  constructor(
    private readonly site: SoakSite,
    private readonly options: SoakOptions,
  ) {}

  private get say() {
    return this.options.say
  }

  private async sample(edit: Edit, latencyMs: number): Promise<PublishSample> {
    const [serverLive, receiverLive] = [await this.site.liveBytes('server'), await this.site.liveBytes('receiver')]
    const sample: PublishSample = {
      number: edit.number,
      kind: edit.target.kind,
      id: edit.target.id,
      latencyMs,
      at: (performance.now() - this.started) / 1000,
      serverRss: residentBytes(this.site.serverPid),
      receiverRss: residentBytes(this.site.receiverPid),
      serverLive,
      receiverLive,
      diskBytes: diskUsage(path.join(ROOT, this.site.buildsDir)),
      load: loadavg()[0] ?? Number.NaN,
    }
    this.samples.push(sample)
    return sample
  }

  /** Writes an edit and waits for its webhook's answer; the delivery's time. */
  private async write(edit: Edit): Promise<number> {
    const from = this.site.deliveries.length
    await this.editors.write(edit)
    await this.site.delivery.sent()
    const delivery = this.site.deliveries.slice(from).find((entry) => entry.notification._id === edit.target.id)
    if (!delivery) throw new Error(`no webhook was sent for ${edit.target.id}`)
    if (delivery.status !== 202) throw new Error(`the receiver answered ${delivery.status} to the webhook of ${edit.target.id}`)
    return delivery.answeredAt
  }

  private async settle(): Promise<void> {
    const health = await this.site.idle()
    if (health.lastRun && !health.lastRun.ok) {
      const failure = `run ${health.runs}: ${health.lastRun.failedStep ?? '?'} exited with ${health.lastRun.exitCode ?? '?'}`
      if (!this.failedRuns.includes(failure)) this.failedRuns.push(failure)
    }
  }

  /** One edit, published as the webhook publishes it; its sample. */
  private async publishOne(kind?: EditKind): Promise<PublishSample> {
    const edit = this.editors.next(kind)
    const answered = await this.write(edit)
    const live = await this.site.until(edit.target.url, edit.marker)
    await this.settle()
    return this.sample(edit, live - answered)
  }

  /** A navbar change (a full build) and, while it builds, an editor's doc edit: both must be served. */
  private async navbarWithEditDuring(): Promise<void> {
    const started = performance.now()
    const navbar = this.editors.next('navbar')
    const navbarAnswered = await this.write(navbar)
    // The full build is under way when the editor publishes.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const doc = this.editors.next('doc')
    const docAnswered = await this.write(doc)
    const navbarLive = await this.site.until(navbar.target.url, navbar.marker)
    const docLive = await this.site.until(doc.target.url, doc.marker)
    await this.settle()
    await this.sample(navbar, navbarLive - navbarAnswered)
    await this.sample(doc, docLive - docAnswered)
    const served = await fetch(`${this.site.base}${doc.target.url}`).then((response) => response.text())
    const home = await fetch(`${this.site.base}/`).then((response) => response.text())
    const ok = served.includes(doc.marker) && home.includes(navbar.marker)
    this.scenarios.push({
      name: `an editor's publish during a full build (navbar change, publish ${navbar.number})`,
      expected: 'both served, the doc edit in the release after the full build',
      observed: ok
        ? 'both served, the doc edit in the release after the full build'
        : `navbar ${home.includes(navbar.marker)}, doc ${served.includes(doc.marker)}`,
      ok,
      seconds: (performance.now() - started) / 1000,
    })
  }

  /**
   * Ten doc edits within a second, each announced by its webhook: published in one or two runs, each
   * release swapped in showing at least the edits of the one it replaced (never an older over a newer).
   */
  private async tenWithinASecond(): Promise<void> {
    const started = performance.now()
    const runsBefore = (await this.site.health()).runs
    const edits: Edit[] = []
    const seen = new Set<string>()
    while (edits.length < 10) {
      const edit = this.editors.next('doc')
      if (seen.has(edit.target.id)) continue
      seen.add(edit.target.id)
      edits.push(edit)
    }
    // Each release seen, with how many of the ten edits its pages show (read the moment it is seen).
    const releases: Array<{id: string; shows: number}> = []
    const shows = (release: string) =>
      edits.filter((edit) => {
        try {
          return readFileSync(path.join(release, edit.target.url, 'index.html'), 'utf8').includes(edit.marker)
        } catch {
          return false
        }
      }).length
    let watching = true
    const watch = (async () => {
      while (watching) {
        const served = this.site.served()
        if (releases.at(-1)?.id !== path.basename(served)) releases.push({id: path.basename(served), shows: shows(served)})
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const answered: number[] = []
    for (const edit of edits) {
      answered.push(await this.write(edit))
      await new Promise((resolve) => setTimeout(resolve, 80))
    }
    const spread = answered.at(-1)! - answered[0]!
    const live = await Promise.all(edits.map((edit) => this.site.until(edit.target.url, edit.marker)))
    await this.settle()
    watching = false
    await watch
    for (const [index, edit] of edits.entries()) await this.sample(edit, live[index]! - answered[index]!)
    const runs = (await this.site.health()).runs - runsBefore
    const swapped = releases.slice(1)
    const ordered = swapped.every((release, index) => release.shows >= releases[index]!.shows)
    const ok = runs <= 2 && ordered && swapped.length === runs && swapped.at(-1)?.shows === 10
    this.scenarios.push({
      name: `ten webhooks within ${(spread / 1000).toFixed(1)} s (ten doc edits)`,
      expected: 'at most 2 runs; each release swapped in shows at least the edits of the one before; the last shows all ten',
      observed: `${runs} runs; releases showing ${swapped.map((release) => release.shows).join(', then ')} of the ten edits${ordered ? '' : ' (an older over a newer)'}`,
      ok,
      seconds: (performance.now() - started) / 1000,
    })
  }

  /**
   * A change no page shows (an editor's search synonyms, which only the search index reads): the publish
   * renders no page, takes every file from the release served, and must succeed like any other.
   */
  private async nothingToRender(): Promise<void> {
    const started = performance.now()
    const id = 'searchSynonyms-en'
    const document = this.site.standin.api.document(id)
    const name = 'an edit no page shows (English search synonyms): a publish with nothing to render'
    const expected = 'the run succeeds; a new release served, its search index holding the synonym'
    if (!document) {
      this.scenarios.push({name, expected, observed: `the stand-in has no ${id}`, ok: false, seconds: 0})
      return
    }
    const number = this.editors.count()
    const marker = `soak synonym ${number}`
    const entries = (Array.isArray(document.entries) ? (document.entries as Array<{_key?: string}>) : []).filter((entry) => !entry._key?.startsWith('soak-'))
    const before = this.site.served()
    const runsBefore = (await this.site.health()).runs
    const from = this.site.deliveries.length
    await this.editors.writeDocument({...document, entries: [...entries, {_key: `soak-${number}`, _type: 'synonymEntry', root: 'socket', synonyms: [marker]}]})
    await this.site.delivery.sent()
    const delivered = this.site.deliveries.slice(from).find((entry) => entry.notification._id === id)?.status
    await this.settle()
    const health = await this.site.health()
    const after = this.site.served()
    let indexed = false
    try {
      // The editors' synonyms travel in each locale's default shard.
      indexed = readFileSync(path.join(after, '_search/en/default.json'), 'utf8').includes(marker)
    } catch {
      indexed = false
    }
    const ok = delivered === 202 && health.lastRun?.ok === true && health.runs === runsBefore + 1 && after !== before && indexed
    this.scenarios.push({
      name,
      expected,
      observed: ok
        ? expected
        : `webhook ${delivered ?? 'not sent'}; run ${health.lastRun?.ok ? 'succeeded' : `failed at ${health.lastRun?.failedStep ?? '?'}`}; ${after !== before ? 'a new release served' : 'the release before still served'}; ${indexed ? 'synonym indexed' : 'synonym not in the search index'}`,
      ok,
      seconds: (performance.now() - started) / 1000,
    })
  }

  /** A full build of the content now, compared with the release served. */
  async check(after: number): Promise<ReleaseCheck> {
    await this.settle()
    this.say(`comparing the release served after publish ${after} with a full build of the same content`)
    const dir = await this.site.fullBuildAside(`compare-${after}`)
    try {
      const expected = await fingerprints(dir)
      const differences = releaseDifferences(expected, await fingerprints(this.site.served()))
      const check = {after, files: expected.size, differences: differences.slice(0, 20)}
      this.checks.push(check)
      this.say(
        `  ${differences.length === 0 ? `identical (${expected.size} files)` : `${differences.length} differences: ${differences.slice(0, 5).join(', ')}`}`,
      )
      return check
    } finally {
      await rm(dir, {recursive: true, force: true})
    }
  }

  async run(): Promise<SoakReport> {
    const {options} = this
    this.targets = findTargets(this.site.standin.documents(), await siteAddresses(this.site.standin.api), this.site.served())
    this.editors = new Editors(this.site.standin, this.site.token, this.targets, options.navbarEvery, options.seed)
    const urls = readerUrls(this.targets)
    this.say(
      `${this.targets.length} documents to edit (${Object.entries(this.editors.kinds())
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ')}); readers ask ${urls.length} URLs, ${options.rate} a second`,
    )
    await this.site.startLoad(urls, options.rate, options.connections)
    let reads: ReadLoadReport | undefined
    try {
      let nextCheck = options.checkEvery
      const deadline = options.minutes ? this.started + options.minutes * 60_000 : Number.POSITIVE_INFINITY
      while (this.editors.made < options.publishes) {
        if (performance.now() > deadline) {
          this.say(`${options.minutes} minutes are up after ${this.editors.made} publishes: stopping there`)
          break
        }
        if (options.stop?.aborted) {
          this.say(`asked to stop (SIGTERM) after ${this.editors.made} publishes: stopping there`)
          break
        }
        const upcoming = this.editors.made + 1
        if (options.kills && upcoming === (options.killsAfter ?? 3) + 1) {
          this.kills = await runKillTable(this.site, this.editors, this.say, {chained: options.chainedKills ?? false})
          await this.tenWithinASecond()
          this.say(`  ${this.scenarios.at(-1)!.observed}`)
          await this.nothingToRender()
          this.say(`  ${this.scenarios.at(-1)!.observed}`)
        } else if (options.navbarEvery > 0 && upcoming % options.navbarEvery === 0) {
          this.say(`publish ${upcoming}: a navbar change (a full build), and a doc edit during it`)
          await this.navbarWithEditDuring()
          this.say(`  ${this.scenarios.at(-1)!.observed}`)
        } else {
          const sample = await this.publishOne()
          this.say(
            `publish ${sample.number} (${sample.kind} ${sample.id}): live in ${(sample.latencyMs / 1000).toFixed(1)} s; server ${(sample.serverRss / 2 ** 20).toFixed(0)} MB (${(sample.serverLive / 2 ** 20).toFixed(1)} MB held after a full GC), receiver ${(sample.receiverRss / 2 ** 20).toFixed(0)} MB (${(sample.receiverLive / 2 ** 20).toFixed(1)} MB), releases ${(sample.diskBytes / 2 ** 20).toFixed(0)} MB`,
          )
        }
        if (options.checkEvery > 0 && this.editors.made >= nextCheck && this.editors.made < options.publishes) {
          await this.check(this.editors.made)
          nextCheck += options.checkEvery
        }
      }
      await this.check(this.editors.made)
    } finally {
      reads = await this.site.stopLoad()
    }
    return {
      edits: this.editors.made,
      publishes: this.samples,
      runs: (await this.site.health()).runs,
      failedRuns: this.failedRuns,
      reads,
      checks: this.checks,
      kills: this.kills,
      scenarios: this.scenarios,
      seconds: (performance.now() - this.started) / 1000,
      targets: this.editors.kinds(),
      urls,
    }
  }
}

/**
 * Medians of a figure over the first `window` samples (the warm-up), the `window` after them (the
 * baseline memory is held to) and the last `window`.
 */
export function firstAndLast(
  samples: readonly PublishSample[],
  pick: (sample: PublishSample) => number,
  window: number,
): {first: number; afterWarmUp: number; last: number} {
  const values = samples.map(pick).filter((value) => Number.isFinite(value))
  return {
    first: percentile(values.slice(0, window), 0.5),
    afterWarmUp: percentile(values.slice(window, 2 * window), 0.5),
    last: percentile(values.slice(-window), 0.5),
  }
}

/** The short soak's options (`npm test`, `npm run soak -- --short`), publishes aside. */
export const SHORT_SOAK = {checkEvery: 0, navbarEvery: 0, rate: 100, connections: 4, kills: true, killsAfter: 1, chainedKills: true} as const

/**
 * The short soak of `npm test` (run by scripts/src/publish/incremental-check.ts): from a build made
 * from the Sanity API stand-in (moved into the soak's folder and served), `publishes` edits under a
 * read load of 100 requests a second: one edit, then the crash table (the kills before the swap
 * chained, kill-table.ts) and the overlap cases, then edits up to `publishes` if the table made fewer,
 * and the release served compared with a full build of the same content.
 */
export async function runShortSoak(options: {
  existing: {standin: SanityApiServer; env: Record<string, string>; token: string}
  adopt: string
  publishes: number
  say: (line: string) => void
}): Promise<SoakReport> {
  const site = new SoakSite({say: options.say, existing: options.existing})
  try {
    await site.prepare()
    await site.adopt(options.adopt)
    await site.start()
    return await new Soak(site, {...SHORT_SOAK, publishes: options.publishes, say: options.say}).run()
  } finally {
    await site.close()
  }
}
