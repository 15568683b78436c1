/**
 * An incremental publish's render without `next build`: the few pages a publish changes are rendered
 * with the app the last build compiled (web/.next), by Next's own page export (`exportPages`, the
 * function its render workers run), handed the very input that build gave its workers. The full build
 * records that input (compiled-app-capture.ts); once the build has succeeded, `markCompiledApp` says
 * which code it was compiled from. A publish whose code is the same then skips Next's compile, its
 * route collection and its worker start-up, and the pages are the bytes a full build would write.
 *
 * A route the build did not render (a new post) is rendered by the app's catch-all page, from its path,
 * as next build would. Anything that does not fit (no recorded input, another compile in web/.next, a new
 * route that page cannot be known to render) says why, and the publish runs `next build` instead.
 */
import {spawn} from 'node:child_process'
import {copyFile, mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {availableParallelism} from 'node:os'
import path from 'node:path'
import {deserialize, serialize} from 'node:v8'
import {NEXT_BUILD_DIR} from './build-stage'
import {CAPTURE_FOLDER} from './compiled-app-capture'
import {routeKey} from './route-filter'

const WEB_DIR = path.resolve(import.meta.dirname, '../..')
/** Where compiled-app-capture.ts writes, inside the compile it describes (next build empties .next first). */
export const COMPILED_APP_DIR = path.join(WEB_DIR, NEXT_BUILD_DIR, CAPTURE_FOLDER)
const READY_FILE = 'ready.json'
const INPUT_FILE = /^input-\d+-\d+\.bin$/
/** Next's export worker hands a process at least this many pages before it starts another (its own default). */
const PAGES_PER_PROCESS = 25

/** One page of Next's export (its `ExportPathEntry`): the app page that renders it and its path. */
export interface ExportPathEntry {
  page: string
  path: string
  [option: string]: unknown
}

/** What Next hands a render worker (its `ExportPagesInput`), as far as this module reads it. */
export interface ExportInput {
  buildId: string
  distDir: string
  exportPaths: ExportPathEntry[]
  [option: string]: unknown
}

interface CapturedCall {
  input: ExportInput
  env: Record<string, string>
}

interface ReadyRecord {
  buildId: string
  inputs: string
}

export interface CompiledApp {
  buildId: string
  /** The input of one recorded call, whose paths are replaced per job. */
  template: ExportInput
  env: Record<string, string>
  /** Every page the build rendered, by route key (route-filter.ts). */
  entries: Map<string, ExportPathEntry>
  /** The app's route handlers the export writes as files (app/icon.svg): rendered again with every publish's pages. */
  handlers: ExportPathEntry[]
}

/** Whether an export entry is a route handler (its page is app/…/route), whose response body the export writes as a file. */
export function isRouteHandler(entry: ExportPathEntry): boolean {
  return entry.page.endsWith('/route')
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null
    throw error
  }
}

async function readCalls(dir: string): Promise<CapturedCall[]> {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => INPUT_FILE.test(name)).sort()
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return []
    throw error
  }
  return Promise.all(names.map(async (name) => deserialize(await readFile(path.join(dir, name))) as CapturedCall))
}

/** The route key of an export path ('' for the home page). */
export function exportPathKey(exportPath: string): string {
  return routeKey(exportPath.split('/').filter(Boolean))
}

/**
 * After a build whose render input was recorded has succeeded: notes the code it was compiled from
 * (inputsHash of publish-manifest.ts), so that a publish uses it only for that code. Returns false,
 * writing nothing, when the build recorded nothing (not run through tools/build-aside.sh).
 */
export async function markCompiledApp(inputs: string, dir = COMPILED_APP_DIR, distDir = path.dirname(dir)): Promise<boolean> {
  const buildId = (await readText(path.join(distDir, 'BUILD_ID')))?.trim()
  const calls = await readCalls(dir)
  if (!buildId || calls.length === 0 || calls.some((call) => call.input.buildId !== buildId)) return false
  const ready: ReadyRecord = {buildId, inputs}
  await writeFile(path.join(dir, READY_FILE), `${JSON.stringify(ready)}\n`)
  return true
}

/** The compiled app of web/.next when it was built from `inputs`, or why it cannot render this publish. */
export async function loadCompiledApp(inputs: string, dir = COMPILED_APP_DIR, distDir = path.dirname(dir)): Promise<CompiledApp | {unusable: string}> {
  const readyText = await readText(path.join(dir, READY_FILE))
  if (!readyText) return {unusable: `no render input recorded by a successful build in ${path.relative(WEB_DIR, dir)}`}
  const ready = JSON.parse(readyText) as ReadyRecord
  if (ready.inputs !== inputs) return {unusable: 'web/.next was compiled from other code or settings'}
  const buildId = (await readText(path.join(distDir, 'BUILD_ID')))?.trim()
  if (buildId !== ready.buildId) return {unusable: `web/.next holds another compile (${buildId ?? 'none'}, recorded ${ready.buildId})`}
  const calls = (await readCalls(dir)).filter((call) => call.input.buildId === buildId)
  const first = calls[0]
  if (!first) return {unusable: 'the recorded render input is missing'}
  const entries = new Map<string, ExportPathEntry>()
  const handlers: ExportPathEntry[] = []
  for (const call of calls)
    for (const entry of call.input.exportPaths) {
      if (isRouteHandler(entry)) handlers.push(entry)
      else entries.set(exportPathKey(entry.path), entry)
    }
  return {buildId, template: {...first.input, exportPaths: []}, env: first.env, entries, handlers}
}

/** A route whose export path is the route itself: no character Next's export would percent-encode. */
const PLAIN_ROUTE = /^[A-Za-z0-9._~/-]*$/

/**
 * The one catch-all page of the app (app/[[...path]]/page) when the compiled app has exactly one: every
 * route of the site is rendered by it, a new one too, from the path alone (Next's export reads the
 * parameters from the path). Null when there is none, or several (which of them a new route belongs to is
 * then not known here).
 */
function catchAllEntry(app: CompiledApp): ExportPathEntry | null {
  const byPage = new Map<string, ExportPathEntry>()
  for (const entry of app.entries.values()) if (/\[\[?\.\.\./.test(entry.page)) byPage.set(entry.page, entry)
  return byPage.size === 1 ? ([...byPage.values()][0] ?? null) : null
}

/**
 * The export entries of these routes. A route the compiled app never rendered (a new post, a new tag) gets
 * the entry Next's build would give it: the catch-all page's, with its path; `added` lists them. `unknown`
 * lists the routes for which that cannot be made (no single catch-all page, or a path Next would encode),
 * which next build must render.
 */
export function exportEntriesFor(app: CompiledApp, routes: readonly string[]): {entries: ExportPathEntry[]; added: string[]; unknown: string[]} {
  const entries: ExportPathEntry[] = []
  const added: string[] = []
  const unknown: string[] = []
  const catchAll = catchAllEntry(app)
  for (const route of routes) {
    const entry = app.entries.get(route)
    if (entry) entries.push(entry)
    else if (catchAll && PLAIN_ROUTE.test(route)) {
      const exportPath = `/${route}`
      entries.push({...catchAll, path: exportPath, ...('_ssgPath' in catchAll ? {_ssgPath: exportPath} : {})})
      added.push(route)
    } else unknown.push(route)
  }
  return {entries, added, unknown}
}

/**
 * Where Next's export writes an entry's output in the compile (server/app/<path>.html for a page,
 * <path>.body for a route handler), and where the export copies it.
 */
export function exportedFiles(distDir: string, outDir: string, entry: ExportPathEntry): {rendered: string; exported: string} {
  const route = entry.path === '/' ? '/index' : entry.path.replace(/\/+$/, '')
  if (isRouteHandler(entry)) return {rendered: path.join(distDir, 'server', 'app', `${route}.body`), exported: path.join(outDir, route)}
  return {
    rendered: path.join(distDir, 'server', 'app', `${route}.html`),
    exported: entry.path === '/' ? path.join(outDir, 'index.html') : path.join(outDir, route, 'index.html'),
  }
}

/** The export paths (with /) of the files the app's route handlers write (app/icon.svg → icon.svg). */
export function routeHandlerFiles(app: CompiledApp, outDir: string): string[] {
  return app.handlers.map((entry) =>
    path
      .relative(outDir, exportedFiles(app.template.distDir, outDir, entry).exported)
      .split(path.sep)
      .join('/'),
  )
}

/** Splits pages over processes as Next's export does: at least PAGES_PER_PROCESS each, at most `processes`. */
export function batches<T>(items: readonly T[], processes: number): T[][] {
  const count = Math.max(1, Math.min(processes, Math.ceil(items.length / PAGES_PER_PROCESS)))
  const size = Math.ceil(items.length / count)
  return Array.from({length: count}, (_, index) => items.slice(index * size, (index + 1) * size)).filter((batch) => batch.length > 0)
}

function renderProcesses(env: NodeJS.ProcessEnv): number {
  const configured = Number(env.SITE_BUILD_WORKERS)
  return Number.isInteger(configured) && configured > 0 ? configured : availableParallelism()
}

function runWorker(jobFile: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'compiled-render-worker.ts'), jobFile], {cwd: WEB_DIR, env, stdio: 'inherit'})
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the render process exited with ${signal ?? code}`))))
  })
}

/**
 * Renders `entries` with the compiled app into `outDir` (page files at their export paths; route
 * handlers' bodies as files), in as many processes as the build's workers; throws naming what failed. `env` is the environment the pages
 * render with (the content settings, the reads log).
 */
export async function renderWithCompiledApp(app: CompiledApp, entries: readonly ExportPathEntry[], outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const jobDir = `${outDir.replace(/[\\/]+$/, '')}.render-jobs`
  await rm(jobDir, {recursive: true, force: true})
  await mkdir(jobDir, {recursive: true})
  // Next's environment of the recorded worker; not NODE_OPTIONS's capture preload: these processes render, they do not record.
  const {NODE_OPTIONS: _options, ...inherited} = env
  const processEnv = {...inherited, ...app.env, NEXT_TELEMETRY_DISABLED: '1'}
  try {
    const jobs = batches(entries, renderProcesses(env))
    await Promise.all(
      jobs.map(async (batch, index) => {
        const jobFile = path.join(jobDir, `job-${index}.bin`)
        await writeFile(jobFile, serialize({webDir: WEB_DIR, input: {...app.template, exportPaths: batch}}))
        await runWorker(jobFile, processEnv)
      }),
    )
  } finally {
    await rm(jobDir, {recursive: true, force: true})
  }
  for (const entry of entries) {
    const {rendered, exported} = exportedFiles(app.template.distDir, outDir, entry)
    await mkdir(path.dirname(exported), {recursive: true})
    await copyFile(rendered, exported)
  }
}
