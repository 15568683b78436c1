/**
 * `npm run bench -- --only publish`: publish → live. A copy of content/ is built and served (web/out
 * through scripts/src/serve.ts, as `npm start` serves it); the publish webhook's receiver runs here
 * with its real queue and steps (`npm run publish:site`, which publishes incrementally). The content
 * is where a site with Sanity has it: in the Sanity API stand-in (imported there once from the copy),
 * which every build and publish reads, and each edit is a mutation of the published document there;
 * with --embedded, the copy's files are edited and each publish imports them again. Each run edits one
 * paragraph, sends the signed notification Sanity would send, and polls the page until the new text
 * is served: the time from the webhook's arrival to the new page. A v4 doc (--runs N, default 10), a
 * blog post (3 runs) and a navbar label (1 run: a full build). Printed as median and p95; afterwards
 * web/out holds the copy's build without the edits.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {createWebhookServer, HOOK_PATH, RebuildQueue, spawnStep, type Step} from '../sanity/webhook'
import {renderTable} from './format'
import {editLine} from '../publish/edit-content'
import {serveDatasetFromStandIn} from '../sanity/dataset-stand-in'

export interface PublishCase {
  name: string
  runs: number[]
}

export interface PublishBenchReport {
  cases: PublishCase[]
  /** The first full build of the copy (import, build, link check), for comparison. */
  fullBuildMs: number
  /** Where the content was: the Sanity API stand-in, or content/ imported by each publish. */
  source?: 'sanity' | 'embedded'
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
  // Against the full build a publish runs (the navbar case: webhook to live, as the doc edit is measured), else the first build.
  const doc = report.cases[0]
  const full = report.cases.find((entry) => /full build/.test(entry.name))?.runs[0] ?? report.fullBuildMs
  if (doc && doc.runs.length > 0)
    rows.push([`${doc.name}: p95 against a full build's publish`, '', `${(percentile(doc.runs, 0.95) / full).toFixed(2)}×`, '', '', ''])
  if (report.source)
    rows.push([
      `Content: ${report.source === 'sanity' ? 'the Sanity API stand-in (no import)' : 'content/, imported again by each publish'}`,
      '',
      '',
      '',
      '',
      '',
    ])
  return renderTable(rows)
}

function run(command: string, args: string[], cwd: string, verbose: boolean, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, env, stdio: verbose ? 'inherit' : 'ignore'})
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

/** One edit the bench makes, each time with a new marker sentence, and the document the webhook names. */
interface BenchEdit {
  /** In content/: the file and the line to change. */
  file: string
  line: RegExp
  /** In the dataset (Sanity): the document, and the string in it to change (the same text as the line). */
  id: string
  type: string
  text: (value: string) => boolean
}

/** Where the content lives and how an editor's change reaches it. */
interface BenchContent {
  /** The settings of every build and publish. */
  env: NodeJS.ProcessEnv
  /** The webhook's step (`npm run publish:site` as the receiver runs it). */
  step: Step
  /** The build being served before the first edit. */
  fullBuild: () => Promise<void>
  /** Makes the edit: `change` turns the text found into the new text. */
  edit: (edit: BenchEdit, change: (value: string) => string) => Promise<void>
  /** Puts every edited document or file back. */
  restore: () => Promise<void>
  close: () => Promise<void>
}

/** The first string of a JSON value (depth first) that `matches`, replaced by `change`; false when none. */
export function replaceFirstString(value: unknown, matches: (text: string) => boolean, change: (text: string) => string): boolean {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index]
      if (typeof item === 'string' && matches(item)) {
        value[index] = change(item)
        return true
      }
      if (replaceFirstString(item, matches, change)) return true
    }
    return false
  }
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === 'string' && matches(item)) {
      record[key] = change(item)
      return true
    }
    if (replaceFirstString(item, matches, change)) return true
  }
  return false
}

/** content/ copied: each publish imports it again (`npm run publish:site -- --content`), as without Sanity. */
async function embeddedContent(root: string, content: string, verbose: boolean): Promise<BenchContent> {
  const originals = new Map<string, string>()
  return {
    env: process.env,
    step: ['bash', 'tools/run.sh', 'publish:site', '--content', content],
    // A build, measured: never the reuse of the release being served when nothing changed.
    fullBuild: () => run('bash', ['tools/run.sh', 'build', '--content', content], root, verbose, {...process.env, SITE_BUILD_FRESH: '1'}),
    edit: async (edit, change) => {
      if (!originals.has(edit.file)) originals.set(edit.file, await readFile(edit.file, 'utf8'))
      await editLine(edit.file, edit.line, change)
    },
    restore: async () => {
      for (const [file, text] of originals) await writeFile(file, text)
    },
    close: async () => {},
  }
}

/**
 * The content in the Sanity API stand-in, as a site with Sanity has it: the builds and publishes read
 * it there (no import), and each edit is a mutation of the published document, as a publish in the
 * studio makes it.
 */
async function sanityContent(root: string, content: string, work: string, verbose: boolean): Promise<BenchContent> {
  const datasetDir = path.join(work, 'dataset')
  await run('bash', ['tools/run.sh', 'import', '--content', content, '--out', datasetDir], root, verbose)
  const token = `bench-read-token-${process.pid}`
  const {standin, env} = await serveDatasetFromStandIn(datasetDir, {projectId: 'bench', token})
  const api = `${standin.url}/v2025-02-19/data`
  const originals = new Map<string, Record<string, unknown>>()
  const send = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(url, {
      method,
      headers: {authorization: `Bearer ${token}`, ...(body ? {'content-type': 'application/json'} : {})},
      ...(body ? {body: JSON.stringify(body)} : {}),
    })
    if (!response.ok) throw new Error(`the stand-in answered ${response.status} to ${method} ${url}: ${await response.text()}`)
    return response.json()
  }
  const replace = (document: Record<string, unknown>) => send('POST', `${api}/mutate/${standin.dataset}`, {mutations: [{createOrReplace: document}]})
  return {
    env: {...process.env, ...env},
    step: ['bash', 'tools/run.sh', 'publish:site'],
    // As `npm run build` with the project's settings: the content is read from the stand-in.
    fullBuild: () => run('bash', ['tools/run.sh', 'build', '--content', content], root, verbose, {...process.env, ...env}),
    edit: async (edit, change) => {
      const answer = (await send('GET', `${api}/doc/${standin.dataset}/${edit.id}`)) as {documents?: Record<string, unknown>[]}
      const document = answer.documents?.[0]
      if (!document) throw new Error(`the stand-in has no document ${edit.id}`)
      if (!originals.has(edit.id)) originals.set(edit.id, structuredClone(document))
      if (!replaceFirstString(document, edit.text, change)) throw new Error(`${edit.id} holds no text the edit looks for`)
      await replace(document)
    },
    restore: async () => {
      for (const document of originals.values()) await replace(document)
    },
    close: () => standin.close(),
  }
}

export async function runPublishBench({
  root,
  runs,
  verbose,
  progress,
  source = 'sanity',
}: {
  root: string
  runs: number
  verbose: boolean
  progress: (line: string) => void
  /** Where the content is: the Sanity API stand-in (each publish reads it there) or content/ (each publish imports it). */
  source?: 'sanity' | 'embedded'
}): Promise<PublishBenchReport> {
  // Inside the repository (web/.soak-*/ is ignored by git): content/'s config imports packages (remark-math)
  // that resolve from the repository's node_modules, not from a copy in /tmp.
  const work = await mkdtemp(path.join(root, 'web', '.soak-bench-publish-'))
  const content = path.join(work, 'content')
  await cp(path.join(root, 'content'), content, {recursive: true})
  const doc: BenchEdit = {
    file: path.join(content, 'docs/rooms.md'),
    line: /^Every socket is also in a room/,
    id: 'doc-v4-en-rooms',
    type: 'doc',
    text: (value) => value.startsWith('Every socket is also in a room'),
  }
  const post: BenchEdit = {
    file: path.join(content, 'blog/2014-05-28-socket-io-1-0.md'),
    line: /^Socket\.IO 1\.0 is available on npm today/,
    id: 'blogPost-en-socket-io-1-0',
    type: 'blogPost',
    text: (value) => value.startsWith('Socket.IO 1.0 is available on npm today'),
  }
  const navbar: BenchEdit = {
    file: path.join(content, 'docusaurus.config.js'),
    line: /label: 'Tutorial'/,
    id: 'siteSettings',
    type: 'siteSettings',
    text: (value) => value === 'Tutorial',
  }

  progress(
    source === 'sanity'
      ? 'content in the Sanity API stand-in (imported once from a copy of content/)'
      : 'content: a copy of content/, imported by each publish',
  )
  const side = source === 'sanity' ? await sanityContent(root, content, work, verbose) : await embeddedContent(root, content, verbose)
  const queue = new RebuildQueue([side.step], spawnStep(root, side.env), verbose ? console.error : () => {})
  const hook = createWebhookServer('bench-secret', queue)
  let server: {base: string; child: ChildProcess} | undefined
  const cases: PublishCase[] = []
  let fullBuildMs = Number.NaN
  try {
    progress('full build (the build being served)')
    const started = performance.now()
    await side.fullBuild()
    fullBuildMs = performance.now() - started
    progress(`  built in ${seconds(fullBuildMs)}`)

    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}${HOOK_PATH}`
    server = await startServer(root)
    const base = server.base
    const notify = async (edit: BenchEdit) => {
      const text = JSON.stringify({_id: edit.id, _type: edit.type, operation: 'update'})
      const response = await fetch(hookUrl, {
        method: 'POST',
        headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(text, Date.now(), 'bench-secret')},
        body: text,
      })
      if (response.status !== 202) throw new Error(`the webhook answered ${response.status}`)
    }
    const measure = async (edit: BenchEdit, change: (value: string) => string, marker: string, page: string, limitMs: number) => {
      await side.edit(edit, change)
      const since = performance.now()
      await notify(edit)
      const ms = await untilServed(`${base}${page}`, marker, since, limitMs)
      await queue.idle()
      const last = queue.history.at(-1)
      if (!last?.ok) throw new Error(`the publish failed at ${last?.failedStep ?? 'a step'}`)
      progress(`  live after ${seconds(ms)}`)
      return ms
    }
    const docRuns: number[] = []
    for (let index = 1; index <= runs; index++) {
      progress(`v4 doc edit ${index}/${runs}`)
      const marker = `Bench edit ${index} of the doc.`
      docRuns.push(await measure(doc, (text) => `${text.replace(/ Bench edit \d+ of the doc\.$/, '')} ${marker}`, marker, '/docs/v4/rooms/', 10 * 60_000))
    }
    cases.push({name: 'One paragraph of a v4 doc (Rooms)', runs: docRuns})
    const postRuns: number[] = []
    for (let index = 1; index <= 3; index++) {
      progress(`blog post edit ${index}/3`)
      const marker = `Bench edit ${index} of the post.`
      postRuns.push(
        await measure(post, (text) => `${text.replace(/ Bench edit \d+ of the post\.$/, '')} ${marker}`, marker, '/blog/socket-io-1-0/', 15 * 60_000),
      )
    }
    cases.push({name: 'One paragraph of a blog post', runs: postRuns})
    progress('navbar label change (a full build)')
    const navbarMs = await measure(navbar, (text) => text.replace('Tutorial', 'Tutorial (bench)'), 'Tutorial (bench)', '/', 30 * 60_000)
    cases.push({name: 'A navbar label (falls back to the full build)', runs: [navbarMs]})
    // Leave web/out as the content builds it: the edits undone, published once more.
    progress('undoing the edits (one more publish)')
    await side.restore()
    await notify(navbar)
    await queue.idle()
  } finally {
    server?.child.kill('SIGTERM')
    await new Promise<void>((resolve) => hook.close(() => resolve()))
    await side.close()
    await rm(work, {recursive: true, force: true})
  }
  return {cases, fullBuildMs, source}
}
