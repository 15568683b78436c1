/**
 * `npm run bench -- --only publish`: publish → live. A copy of content/ is built and served (web/out
 * through scripts/src/serve.ts, as `npm start` serves it); the publish webhook's receiver runs here
 * with its real queue and steps (`npm run publish:site` on the copy, which imports it again and
 * publishes incrementally). Each run edits one paragraph, sends the signed notification Sanity would
 * send, and polls the page until the new text is served: the time from the webhook's arrival to the
 * new page. A v4 doc (--runs N, default 10), a blog post (3 runs) and a navbar label (1 run: a full
 * build). Printed as median and p95; afterwards web/out holds the copy's build without the edits.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {createWebhookServer, HOOK_PATH, RebuildQueue, spawnStep} from '../sanity/webhook'
import {renderTable} from './format'
import {editLine} from '../publish/edit-content'

export interface PublishCase {
  name: string
  runs: number[]
}

export interface PublishBenchReport {
  cases: PublishCase[]
  /** The first full build of the copy (import, build, link check), for comparison. */
  fullBuildMs: number
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN
}

function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '–'
}

export function publishBenchTable(report: PublishBenchReport): string {
  const rows = [['Publish → live (webhook arrival to new page served)', 'Runs', 'Median', 'p95', 'Min', 'Max']]
  for (const entry of report.cases)
    rows.push([
      entry.name,
      String(entry.runs.length),
      seconds(percentile(entry.runs, 0.5)),
      seconds(percentile(entry.runs, 0.95)),
      seconds(Math.min(...entry.runs)),
      seconds(Math.max(...entry.runs)),
    ])
  rows.push(['Full build of the same content (import, build, link check)', '1', seconds(report.fullBuildMs), '', '', ''])
  const doc = report.cases[0]
  if (doc && doc.runs.length > 0)
    rows.push([`${doc.name}: p95 against the full build`, '', `${(percentile(doc.runs, 0.95) / report.fullBuildMs).toFixed(2)}×`, '', '', ''])
  return renderTable(rows)
}

function run(command: string, args: string[], cwd: string, verbose: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, stdio: verbose ? 'inherit' : 'ignore'})
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

async function startServer(root: string): Promise<{base: string; child: ChildProcess}> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/src/serve.ts', '--dir', 'web/out', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const base = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const match = /https?:\/\/[\w.:[\]-]+/.exec(text)
      if (match) resolve(match[0].replace('localhost', '127.0.0.1'))
    })
    child.on('exit', (code) => reject(new Error(`serve.ts exited with ${code}`)))
  })
  return {base, child}
}

/** Polls a page until it holds `text`; the time it took. */
async function untilServed(url: string, text: string, since: number, limitMs: number): Promise<number> {
  for (;;) {
    const body = await fetch(url)
      .then((response) => response.text())
      .catch(() => '')
    if (body.includes(text)) return performance.now() - since
    if (performance.now() - since > limitMs) throw new Error(`${url} did not show "${text}" within ${limitMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function runPublishBench({
  root,
  runs,
  verbose,
  progress,
}: {
  root: string
  runs: number
  verbose: boolean
  progress: (line: string) => void
}): Promise<PublishBenchReport> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-publish-'))
  const content = path.join(work, 'content')
  await cp(path.join(root, 'content'), content, {recursive: true})
  const doc = path.join(content, 'docs/rooms.md')
  const post = path.join(content, 'blog/2014-05-28-socket-io-1-0.md')
  const config = path.join(content, 'docusaurus.config.js')
  const originals = new Map<string, string>()
  for (const file of [doc, post, config]) originals.set(file, await readFile(file, 'utf8'))

  progress('full build of a copy of content/ (the build being served)')
  const started = performance.now()
  await run('bash', ['tools/run.sh', 'build', '--content', content], root, verbose)
  const fullBuildMs = performance.now() - started
  progress(`  built in ${seconds(fullBuildMs)}`)

  const secret = 'bench-secret'
  const queue = new RebuildQueue([['bash', 'tools/run.sh', 'publish:site', '--content', content]], spawnStep(root), verbose ? console.error : () => {})
  const hook = createWebhookServer(secret, queue)
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}${HOOK_PATH}`
  const server = await startServer(root)
  const notify = async (body: Record<string, string>) => {
    const text = JSON.stringify(body)
    const response = await fetch(hookUrl, {
      method: 'POST',
      headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(text, Date.now(), secret)},
      body: text,
    })
    if (response.status !== 202) throw new Error(`the webhook answered ${response.status}`)
  }
  const measure = async (edit: () => Promise<void>, marker: string, page: string, body: Record<string, string>, limitMs: number) => {
    await edit()
    const since = performance.now()
    await notify(body)
    const ms = await untilServed(`${server.base}${page}`, marker, since, limitMs)
    await queue.idle()
    const last = queue.history.at(-1)
    if (!last?.ok) throw new Error(`the publish failed at ${last?.failedStep ?? 'a step'}`)
    progress(`  live after ${seconds(ms)}`)
    return ms
  }
  const cases: PublishCase[] = []
  try {
    const docRuns: number[] = []
    for (let index = 1; index <= runs; index++) {
      progress(`v4 doc edit ${index}/${runs}`)
      const marker = `Bench edit ${index} of the doc.`
      docRuns.push(
        await measure(
          () => editLine(doc, /^Every socket is also in a room/, (line) => `${line.replace(/ Bench edit \d+ of the doc\.$/, '')} ${marker}`),
          marker,
          '/docs/v4/rooms/',
          {_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'update'},
          10 * 60_000,
        ),
      )
    }
    cases.push({name: 'One paragraph of a v4 doc (Rooms)', runs: docRuns})
    const postRuns: number[] = []
    for (let index = 1; index <= 3; index++) {
      progress(`blog post edit ${index}/3`)
      const marker = `Bench edit ${index} of the post.`
      postRuns.push(
        await measure(
          () => editLine(post, /^Socket\.IO 1\.0 is available on npm today/, (line) => `${line.replace(/ Bench edit \d+ of the post\.$/, '')} ${marker}`),
          marker,
          '/blog/socket-io-1-0/',
          {_id: 'blogPost-en-socket-io-1-0', _type: 'blogPost', operation: 'update'},
          15 * 60_000,
        ),
      )
    }
    cases.push({name: 'One paragraph of a blog post', runs: postRuns})
    progress('navbar label change (a full build)')
    const navbarMs = await measure(
      () => editLine(config, /label: 'Tutorial'/, (line) => line.replace("label: 'Tutorial'", "label: 'Tutorial (bench)'")),
      'Tutorial (bench)',
      '/',
      {_id: 'siteSettings', _type: 'siteSettings', operation: 'update'},
      30 * 60_000,
    )
    cases.push({name: 'A navbar label (falls back to the full build)', runs: [navbarMs]})
    // Leave web/out as content/ builds it: the edits undone, published once more.
    progress('undoing the edits (one more publish)')
    for (const [file, text] of originals) await writeFile(file, text)
    await notify({_id: 'siteSettings', _type: 'siteSettings', operation: 'update'})
    await queue.idle()
  } finally {
    server.child.kill('SIGTERM')
    await new Promise<void>((resolve) => hook.close(() => resolve()))
    await rm(work, {recursive: true, force: true})
  }
  return {cases, fullBuildMs}
}
