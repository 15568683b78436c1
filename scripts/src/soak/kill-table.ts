/**
 * Crash consistency of a publish: for each of its steps, a doc edit is published with
 * SITE_PUBLISH_KILL_AT naming that step (publish/src/kill-point.ts, tools/build-aside.sh), which
 * kills the publish's whole process group with SIGKILL there; then what the site serves is checked
 * (the last complete release, not a byte of it changed, readers answered throughout), what the kill
 * left is listed, and the same change is announced by the webhook as usual: that publish must serve
 * the edit and remove what the killed one left. A last row runs one publish under strace and checks
 * that every file and folder it wrote was fsync'ed before the served link was renamed to it (what a
 * power loss right after the swap needs). Each row says what was expected and what was observed.
 */
import {execFileSync} from 'node:child_process'
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {KILL_POINTS, KILL_POINT_VARIABLE, type KillPoint} from '@site/publish/kill-point'
import type {Editors} from './editors'
import {fingerprints, leftoverEntries, releaseDifferences} from './release-files'
import {ROOT, runLogged, type SoakSite} from './site'
import type {Notification} from './webhook-delivery'

export interface TableRow {
  name: string
  expected: string
  observed: string
  ok: boolean
  seconds: number
}

/** What a killed build can leave beside the served link: new links never renamed over it. */
function swapLeftovers(site: SoakSite): string[] {
  const folder = path.join(ROOT, path.dirname(site.link))
  const prefix = `.${path.basename(site.link)}-next-`
  return readdirSync(folder).filter((name) => name.startsWith(prefix))
}

const changesOf = (notifications: readonly Notification[]) =>
  JSON.stringify(notifications.map((notification) => ({id: notification._id, type: notification._type, operation: notification.operation})))

/** What a publish killed at a step left, and what was seen right after the kill. */
interface Killed {
  point: KillPoint
  edit: ReturnType<Editors['next']>
  held: Notification[]
  servedAfterKill: string
  problems: string[]
  notes: string[]
  started: number
}

/** Publishes a doc edit with the publish killed at `point`, then checks what the site serves and lists what the kill left. */
async function kill(site: SoakSite, editors: Editors, point: KillPoint): Promise<Killed> {
  const started = performance.now()
  const before = site.served()
  const beforePrints = await fingerprints(before)
  const beforeEntries = new Set(readdirSync(path.join(ROOT, site.buildsDir)))

  site.delivery.hold()
  const edit = editors.next('doc')
  await editors.write(edit)
  const held = site.delivery.take()
  const killed = await runLogged('npm', ['run', 'publish:site'], {
    env: {...site.env, [KILL_POINT_VARIABLE]: point, SITE_PUBLISH_CHANGES: changesOf(held)},
    log: site.log,
    // A group of its own, as the webhook's steps run: the kill takes the group, not the soak.
    detached: true,
  })
  const problems: string[] = []
  const notes: string[] = []
  if (killed.signal !== 'SIGKILL') problems.push(`the publish was not killed (exit ${killed.code}, signal ${killed.signal})`)
  const servedAfterKill = site.served()
  // Killed after the swap, the new release is the last complete one; before it, the old one.
  const swapped = servedAfterKill !== before
  if (point === 'cleanup') {
    if (!swapped) problems.push('the new release was not served')
    else if (!readFileSync(path.join(servedAfterKill, edit.target.url, 'index.html'), 'utf8').includes(edit.marker))
      problems.push('the release served lacks the edit')
    notes.push(swapped ? 'new release served' : 'old release served')
  } else {
    if (swapped) problems.push(`another release is served: ${path.basename(servedAfterKill)}`)
    const changed = releaseDifferences(beforePrints, await fingerprints(before))
    if (changed.length > 0) problems.push(`the served release changed: ${changed.slice(0, 3).join(', ')}`)
    notes.push(swapped ? 'another release served' : `old release served${changed.length === 0 ? ', unchanged' : ', CHANGED'}`)
  }
  const left = [...readdirSync(path.join(ROOT, site.buildsDir)).filter((name) => !beforeEntries.has(name)), ...swapLeftovers(site)]
  notes.push(left.length > 0 ? `left ${left.map((name) => name.replace(/^\d{8}T\d{6}Z-\d+/, '<id>')).join(', ')}` : 'left nothing')
  return {point, edit, held, servedAfterKill, problems, notes, started}
}

/** What the publish after one or more kills must leave: no leftover beside the release it served and the one before. */
function leftAfter(site: SoakSite, previous: string): string[] {
  const servedNow = path.basename(site.served())
  return [...leftoverEntries(path.join(ROOT, site.buildsDir), [servedNow, path.basename(previous)]), ...swapLeftovers(site)]
}

function expectedOf(point: KillPoint, next: string): string {
  return point === 'cleanup'
    ? `new release served; reads all answered from a whole release; ${next} served the edit and removed the leftovers`
    : `old release served, unchanged; reads all answered from a whole release; ${next} served the edit and removed the leftovers`
}

/** Kills a publish at `point` and checks the site and the next publish (announced by the webhook as usual). */
async function killAt(site: SoakSite, editors: Editors, point: KillPoint): Promise<TableRow> {
  const readsBefore = await site.loadSnapshot()
  const killed = await kill(site, editors, point)
  const {problems, notes, edit} = killed
  // The webhook announces the change as it would have: the next publish.
  site.delivery.send(killed.held)
  await site.delivery.sent()
  await site.until(edit.target.url, edit.marker)
  const health = await site.idle()
  if (!health.lastRun?.ok) problems.push(`the next publish failed at ${health.lastRun?.failedStep ?? '?'}`)
  const remaining = leftAfter(site, killed.servedAfterKill)
  if (remaining.length > 0) problems.push(`left after the next publish: ${remaining.join(', ')}`)
  const reads = await site.loadSnapshot()
  const failed = reads.failed - readsBefore.failed
  const mixed = reads.mixed - readsBefore.mixed
  const requests = reads.requests - readsBefore.requests
  if (failed + mixed > 0) problems.push(`${failed} failed and ${mixed} mixed reads: ${reads.problems.slice(-2).join('; ')}`)
  notes.push(`${requests} reads, ${failed} failed, ${mixed} mixed`)
  notes.push(remaining.length === 0 ? 'next publish served the edit and removed the leftovers' : 'next publish left some')
  return {
    name: `publish killed (SIGKILL) at: ${point}`,
    expected: expectedOf(point, 'next publish'),
    observed: problems.length === 0 ? notes.join('; ') : `${problems.join('; ')} (${notes.join('; ')})`,
    ok: problems.length === 0,
    seconds: (performance.now() - killed.started) / 1000,
  }
}

interface TracedCall {
  call: string
  paths: string[]
  line: number
}

/**
 * The fsync, fdatasync, syncfs and rename calls of an strace -f -y log, in the order they were made,
 * with the paths they name. A call that another process interrupted in the log (`<unfinished ...>`,
 * its result on a later `resumed` line) counts where it started; a call that failed does not count.
 */
export function tracedCalls(log: string): TracedCall[] {
  const calls: TracedCall[] = []
  log.split('\n').forEach((text, line) => {
    const match = /^(?:\[pid\s+\d+\]\s+|\d+\s+)?(fsync|fdatasync|rename|renameat2?|syncfs)\((.*?)(?:\)\s+=\s+(-?\d+)\b.*|\s*<unfinished \.\.\.>)$/.exec(text)
    if (!match || (match[3] !== undefined && match[3] !== '0')) return
    const paths = [...(match[2] ?? '').matchAll(/<([^>]*)>|"([^"]*)"/g)].map((found) => found[1] ?? found[2] ?? '')
    calls.push({call: match[1]!, paths, line})
  })
  return calls
}

/**
 * Which files and folders of a release (those it wrote itself: one link to their inode, and every
 * folder) were not fsync'ed before the call that renamed `link`'s new name over it; throws when the
 * log holds no such rename.
 */
export function unflushedBeforeSwap(calls: readonly TracedCall[], releaseDir: string, link: string): string[] {
  const swap = calls.findIndex(
    (call) =>
      call.call.startsWith('rename') && call.paths.some((name) => path.resolve(name) === path.resolve(link) || name.endsWith(`/${path.basename(link)}`)),
  )
  if (swap === -1) throw new Error('no rename of the served link in the trace')
  const flushed = new Set(calls.slice(0, swap).flatMap((call) => (call.call === 'fsync' || call.call === 'fdatasync' ? call.paths : [])))
  const everything = calls.slice(0, swap).some((call) => call.call === 'syncfs')
  if (everything) return []
  const missing: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile() && statSync(full).nlink === 1 && !flushed.has(full)) missing.push(path.relative(releaseDir, full))
    }
    if (!flushed.has(dir)) missing.push(`${path.relative(releaseDir, dir) || '.'}/`)
  }
  walk(releaseDir)
  return missing
}

function straceMissing(): string | undefined {
  try {
    execFileSync('strace', ['-V'], {stdio: 'ignore'})
    return undefined
  } catch {
    return 'strace is not installed (apt-get install strace)'
  }
}

const TRACE_NAME = 'power loss right after the swap (one publish traced with strace)'
const TRACE_EXPECTED = 'every file and folder the publish wrote was fsync’ed before the link was renamed to it'

/**
 * One publish of `held` (run as the webhook's step runs it, under strace when there is one): its exit
 * code, and the trace row (was every file and folder it wrote fsync'ed before the swap?).
 */
async function tracedPublish(site: SoakSite, held: readonly Notification[]): Promise<{code: number | null; row: TableRow}> {
  const started = performance.now()
  const missing = straceMissing()
  const env = {...site.env, SITE_PUBLISH_CHANGES: changesOf(held)}
  if (missing) {
    const result = await runLogged('npm', ['run', 'publish:site'], {env, log: site.log, detached: true})
    return {code: result.code, row: {name: TRACE_NAME, expected: TRACE_EXPECTED, observed: `skipped: ${missing}`, ok: true, seconds: 0}}
  }
  const work = await mkdtemp(path.join(tmpdir(), 'soak-strace-'))
  try {
    const trace = path.join(work, 'trace.log')
    const result = await runLogged(
      'strace',
      ['-f', '-qq', '-y', '-e', 'trace=fsync,fdatasync,rename,renameat,renameat2,syncfs', '-o', trace, 'npm', 'run', 'publish:site'],
      {env, log: site.log, detached: true},
    )
    const seconds = (performance.now() - started) / 1000
    if (result.code !== 0)
      return {
        code: result.code,
        row: {name: TRACE_NAME, expected: TRACE_EXPECTED, observed: `the traced publish exited with ${result.code}`, ok: false, seconds},
      }
    const calls = tracedCalls(readFileSync(trace, 'utf8'))
    const unflushed = unflushedBeforeSwap(calls, site.served(), path.join(ROOT, site.link))
    const fsyncs = calls.filter((call) => call.call === 'fsync' || call.call === 'fdatasync').length
    return {
      code: result.code,
      row: {
        name: TRACE_NAME,
        expected: TRACE_EXPECTED,
        observed:
          unflushed.length === 0
            ? TRACE_EXPECTED
            : `${unflushed.length} written and not fsync’ed before the swap (${fsyncs} fsync calls in all): ${unflushed.slice(0, 4).join(', ')}`,
        ok: unflushed.length === 0,
        seconds,
      },
    }
  } finally {
    await rm(work, {recursive: true, force: true})
  }
}

/** One doc edit published under strace. */
async function flushedBeforeSwap(site: SoakSite, editors: Editors): Promise<TableRow> {
  site.delivery.hold()
  await editors.write(editors.next('doc'))
  return (await tracedPublish(site, site.delivery.take())).row
}

/**
 * The kill points before the swap in a row, each publish killed with the edits of those killed before
 * it still unpublished, then one publish of them all (traced, as the flush row): it must serve every
 * edit and remove what all the kills left. Then the kill at cleanup with its own next publish. About
 * half the time of a row each (the short soak of `npm test`), at the cost of checking the next publish
 * once for the six kills rather than after each.
 */
async function chainedKills(site: SoakSite, editors: Editors, say: (line: string) => void, points: readonly KillPoint[]): Promise<TableRow[]> {
  const readsBefore = await site.loadSnapshot()
  const before = site.served()
  const killed: Killed[] = []
  for (const point of points.filter((point) => point !== 'cleanup')) {
    say(`kill table: a publish killed at ${point} (the edits of the kills before it still unpublished)`)
    killed.push(await kill(site, editors, point))
    say(`  ${killed.at(-1)!.problems.length === 0 ? 'ok' : 'FAIL'}: ${killed.at(-1)!.notes.join('; ')}`)
  }
  say('kill table: one publish of every killed edit, traced (fsync before the swap)')
  const traced = await tracedPublish(
    site,
    killed.flatMap((entry) => entry.held),
  )
  const after: string[] = []
  if (traced.code !== 0) after.push(`the publish after the kills exited with ${traced.code}`)
  const missed = killed.filter((entry) => !readFileSync(path.join(site.served(), entry.edit.target.url, 'index.html'), 'utf8').includes(entry.edit.marker))
  if (missed.length > 0) after.push(`the publish after the kills does not show the edit killed at ${missed.map((entry) => entry.point).join(', ')}`)
  const remaining = leftAfter(site, before)
  if (remaining.length > 0) after.push(`left after the publish after the kills: ${remaining.join(', ')}`)
  const reads = await site.loadSnapshot()
  const failed = reads.failed - readsBefore.failed
  const mixed = reads.mixed - readsBefore.mixed
  if (failed + mixed > 0) after.push(`${failed} failed and ${mixed} mixed reads: ${reads.problems.slice(-2).join('; ')}`)
  const readNote = `${reads.requests - readsBefore.requests} reads over the ${killed.length} kills and the publish after, ${failed} failed, ${mixed} mixed`
  const rows: TableRow[] = killed.map((entry) => {
    const problems = [...entry.problems, ...after]
    const notes = [
      ...entry.notes,
      readNote,
      after.length === 0 ? 'the publish after the kills served the edit and removed the leftovers' : 'the publish after the kills did not',
    ]
    return {
      name: `publish killed (SIGKILL) at: ${entry.point}`,
      expected: expectedOf(entry.point, 'the publish after the kills'),
      observed: problems.length === 0 ? notes.join('; ') : `${problems.join('; ')} (${notes.join('; ')})`,
      ok: problems.length === 0,
      seconds: (performance.now() - entry.started) / 1000,
    }
  })
  say(`  ${traced.row.ok ? 'ok' : 'FAIL'}: ${traced.row.observed}; ${after.length === 0 ? 'every edit served, the leftovers removed' : after.join('; ')}`)
  if (points.includes('cleanup')) {
    say('kill table: a publish killed at cleanup')
    rows.push(await killAt(site, editors, 'cleanup'))
    say(`  ${rows.at(-1)!.ok ? 'ok' : 'FAIL'}: ${rows.at(-1)!.observed}`)
  }
  rows.push(traced.row)
  return rows
}

/**
 * Every kill point in turn, each followed by its next publish, then the flush check; or, `chained`,
 * the kills before the swap in a row with one publish after them that is also the flush check.
 */
export async function runKillTable(
  site: SoakSite,
  editors: Editors,
  say: (line: string) => void,
  options: {points?: readonly KillPoint[]; chained?: boolean} = {},
): Promise<TableRow[]> {
  const points = options.points ?? KILL_POINTS
  if (options.chained) return chainedKills(site, editors, say, points)
  const rows: TableRow[] = []
  for (const point of points) {
    say(`kill table: a publish killed at ${point}`)
    rows.push(await killAt(site, editors, point))
    say(`  ${rows.at(-1)!.ok ? 'ok' : 'FAIL'}: ${rows.at(-1)!.observed}`)
  }
  say('kill table: one publish traced (fsync before the swap)')
  rows.push(await flushedBeforeSwap(site, editors))
  say(`  ${rows.at(-1)!.ok ? 'ok' : 'FAIL'}: ${rows.at(-1)!.observed}`)
  return rows
}
