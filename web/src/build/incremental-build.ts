/**
 * The build steps of publishing (run by tools/build-aside.sh, with --conditions react-server):
 *
 *   inputs <reads-log-dir>              before a full build: the hash of its code and settings
 *   manifest <export-dir>               after a full build: its dependency manifest, from the reads log;
 *                                       then the build and its manifest are flushed to disk
 *   flush <export-dir>                  the flush alone (a full build without a manifest)
 *   incremental <previous-dir> <out>    renders what changed since the build being served into web/<out>
 *                [--changes <json>]     and assembles the rest from it; exits 3 when the full build is needed
 *                [--plan-file <file>]   (the plan, every route of it, is written to <file> as JSON);
 *                                       the release and its manifest are flushed to disk at the end
 */
import {spawn} from 'node:child_process'
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {contentEnv, readSanityToken} from '../content/env'
import {answerFromDatasetExport, fetchContent} from '../content/source'
import {openContentTransport, type KnownQuery} from '../content/transports'
import {routeSegments} from '@site/schemas/routing'
import {assembleRelease} from './assemble-release'
import {COMPILED_APP_DIR, exportEntriesFor, loadCompiledApp, markCompiledApp, renderWithCompiledApp, routeHandlerFiles} from './compiled-render'
import {copyFolderInto, exists} from './files'
import {flushRelease} from './flush-release'
import {killPoint} from './kill-point'
import {exportDir} from './out-dir'
import {writePagePolicy} from './page-policy'
import {
  inputsHash,
  manifestFromLog,
  manifestPathFor,
  mergeManifests,
  readManifest,
  readReadsLog,
  readsLogDirFor,
  removeReadsLog,
  writeManifest,
} from './publish-manifest'
import {planPublish, type DocumentChange} from './publish-plan'
import {MAX_EVENT_ROUTES, recordPublishEvent} from './publish-events'
import {ReadEvaluator} from './read-evaluator'
import {routeFile, routeKey} from './route-filter'

const WEB_DIR = path.resolve(import.meta.dirname, '../..')
const ROOT = path.resolve(WEB_DIR, '..')
/** Exit code of `incremental` when the publish needs the full build (the reason is printed). */
export const FULL_BUILD_NEEDED = 3

const INPUTS_FILE = 'inputs.txt'

/** Every route of the content as it is now: its key, and the file its page is exported to. */
async function currentRoutes(): Promise<Map<string, string>> {
  const [{listAllRoutes}, {loadRoutingTable}] = await Promise.all([import('../site/all-routes'), import('../site/routing-table-loader')])
  const table = await loadRoutingTable()
  const routes = new Map<string, string>()
  for (const route of await listAllRoutes()) routes.set(routeKey(routeSegments(table, route)), routeFile(table, route))
  return routes
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: WEB_DIR, env, stdio: 'inherit'})
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${code}`))))
  })
}

/** The release and its manifest on disk before tools/build-aside.sh serves it (flush-release.ts). */
async function flush(outDir: string): Promise<void> {
  const manifest = manifestPathFor(outDir)
  const report = await flushRelease(outDir, (await exists(manifest)) ? [manifest] : [])
  console.log(`publish: ${report.files} files and ${report.folders} folders flushed to disk in ${(report.ms / 1000).toFixed(1)} s`)
}

async function recordInputs(logDir: string): Promise<void> {
  await rm(logDir, {recursive: true, force: true})
  await mkdir(logDir, {recursive: true})
  await writeFile(path.join(logDir, INPUTS_FILE), await inputsHash(ROOT))
}

async function writeFullManifest(outDir: string): Promise<void> {
  const logDir = readsLogDirFor(outDir)
  const inputs = (await readFile(path.join(logDir, INPUTS_FILE), 'utf8')).trim()
  const routes = await currentRoutes()
  const manifest = manifestFromLog(await readReadsLog(logDir), [...routes.keys()], inputs)
  await writeManifest(manifestPathFor(outDir), manifest)
  await removeReadsLog(logDir)
  recordPublishEvent({event: 'rendered', count: Object.keys(manifest.routes).length, at: Date.now()})
  await flush(outDir)
  console.log(
    `Publish manifest: ${Object.keys(manifest.routes).length} routes, ${manifest.reads.length} distinct reads of their own content, ${manifest.global.length} shared reads (${path.basename(manifestPathFor(outDir))})`,
  )
  if (await markCompiledApp(inputs)) console.log(`Compiled app kept for publishes (${path.relative(WEB_DIR, COMPILED_APP_DIR)})`)
}

/**
 * Renders the plan's routes into the new release: with the app the last build compiled when it was
 * compiled from this code (compiled-render.ts: no compile, a few seconds), else with `next build` of
 * those routes alone, which compiles the app again (and records it for the next publish).
 */
async function renderRoutes(routes: readonly string[], outDir: string, inputs: string, env: NodeJS.ProcessEnv): Promise<void> {
  const app = await loadCompiledApp(inputs)
  let reason: string
  if ('unusable' in app) reason = app.unusable
  else {
    const {entries, added, unknown} = exportEntriesFor(app, routes)
    if (unknown.length === 0) {
      const fresh =
        added.length > 0 ? ` (${added.length} new to it, by its catch-all page: /${added.slice(0, 3).join(', /')}${added.length > 3 ? ', …' : ''})` : ''
      console.log(`publish: rendering ${entries.length} routes with the compiled app of build ${app.buildId}${fresh}`)
      // As next build would: the public files first, then the pages.
      await mkdir(outDir, {recursive: true})
      await copyFolderInto(path.join(WEB_DIR, 'public'), outDir)
      await renderWithCompiledApp(app, [...app.handlers, ...entries], outDir, env)
      return
    }
    reason = `${unknown.length} new routes its catch-all page cannot be known to render (/${unknown.slice(0, 3).join(', /')})`
  }
  console.log(`publish: next build renders the routes (${reason})`)
  await run(path.join(ROOT, 'node_modules/.bin/next'), ['build'], env)
  if (await markCompiledApp(inputs)) console.log('publish: compiled app kept for the next publish')
}

export function parseChanges(text: string | undefined): DocumentChange[] | null {
  if (!text) return null
  const parsed: unknown = JSON.parse(text)
  if (!Array.isArray(parsed)) throw new Error('--changes must be a JSON list of {id, type, operation}')
  return parsed.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as {id?: unknown}).id !== 'string') return []
    const {id, type, operation} = entry as {id: string; type?: unknown; operation?: unknown}
    return [{id, ...(typeof type === 'string' ? {type} : {}), ...(typeof operation === 'string' ? {operation} : {})}]
  })
}

async function incremental(previousDir: string, outRelative: string, changesText: string | undefined, planFile: string | undefined): Promise<number> {
  const started = performance.now()
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
  // Each step's time, printed at the end (`publish: steps: …`).
  const steps: string[] = []
  let stepStarted = started
  const stepDone = (name: string) => {
    const now = performance.now()
    steps.push(`${name} ${((now - stepStarted) / 1000).toFixed(1)} s`)
    stepStarted = now
  }
  const outDir = exportDir({SITE_OUT_DIR: outRelative})
  const previous = await readManifest(manifestPathFor(previousDir))
  // With a Sanity project, this process reads one export of the dataset (the pages rendered below still ask the query API).
  const exported = await answerFromDatasetExport()
  if (exported) console.log(`publish: ${exported.documents} documents read from an export of the dataset in ${exported.ms} ms`)
  const [inputs, routes] = await Promise.all([inputsHash(ROOT), currentRoutes()])
  const changes = parseChanges(changesText)
  const evaluator = new ReadEvaluator(
    (query, params) => fetchContent(query as KnownQuery, params),
    exported ? await openContentTransport(contentEnv(), readSanityToken()) : null,
  )
  const plan = await planPublish({previous, inputs, changes, routes: [...routes.keys()], evaluate: (read) => evaluator.hash(read)})
  // The whole plan, for tools and tests (the log shows the first routes only).
  if (planFile) await writeFile(planFile, JSON.stringify(plan, null, 2))
  stepDone('plan')
  killPoint('plan')
  if (plan.mode === 'full') {
    recordPublishEvent({event: 'plan', mode: 'full', reason: plan.reason, at: Date.now()})
    console.log(`publish: full build: ${plan.reason}`)
    return FULL_BUILD_NEEDED
  }
  recordPublishEvent({event: 'plan', mode: 'incremental', routes: plan.render.slice(0, MAX_EVENT_ROUTES), count: plan.render.length, at: Date.now()})
  console.log(
    `publish: ${plan.render.length} routes to render, ${plan.keep.length} kept, ${plan.remove.length} removed (${evaluator.size} reads checked in ${seconds()}${exported ? `, ${evaluator.asked} asked again of the query API` : ''})`,
  )
  for (const read of plan.changedReads.slice(0, 20)) console.log(`  changed: ${read}`)
  for (const route of plan.render.slice(0, 40)) console.log(`  render /${route}  (${plan.why[route]})`)
  if (plan.render.length > 40) console.log(`  … and ${plan.render.length - 40} more`)
  for (const route of plan.remove) console.log(`  remove /${route}`)

  const logDir = readsLogDirFor(outDir)
  await rm(logDir, {recursive: true, force: true})
  await rm(outDir, {recursive: true, force: true})
  const routesFile = `${outDir}.routes.json`
  await writeFile(routesFile, JSON.stringify(plan.render))
  const handlerFiles: string[] = []
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_OUT_DIR: outRelative,
    SITE_BUILD_ROUTES: routesFile,
    SITE_READS_LOG: logDir,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  try {
    // In this process (run with the react-server condition, as the build's own steps are): no start-up of its own.
    const [{prepareExport}, {finalizeRelease}] = await Promise.all([import('./prepare-export'), import('./finalize-export')])
    await prepareExport()
    stepDone('dataset files')
    if (plan.render.length > 0) {
      recordPublishEvent({event: 'step', step: 'render', at: Date.now()})
      await renderRoutes(plan.render, outDir, inputs, env)
      stepDone('render')
      killPoint('render')
      await finalizeRelease(outDir, new Set(plan.render))
      stepDone('static pages')
    } else {
      // Nothing to render: the export's public files, as next build would copy them; the bundles, and the files the
      // app's route handlers wrote (app/icon.svg), come from the build being served.
      const app = await loadCompiledApp(inputs)
      if ('unusable' in app) {
        console.log(`publish: full build: nothing to render, but the files of the app's route handlers are not known (${app.unusable})`)
        return FULL_BUILD_NEEDED
      }
      handlerFiles.push(...routeHandlerFiles(app, outDir))
      await mkdir(outDir, {recursive: true})
      await copyFolderInto(path.join(WEB_DIR, 'public'), outDir)
      const {writeStaticFiles} = await import('./static-files')
      await writeStaticFiles(outDir)
    }
    console.log(`publish: rendered in ${seconds()}`)
    const keepFiles = [
      ...plan.keep.flatMap((key) => {
        const file = routes.get(key)
        return file ? [file] : []
      }),
      ...handlerFiles,
    ]
    const assembled = await assembleRelease({previousDir, targetDir: outDir, keepFiles})
    console.log(
      `publish: ${assembled.pages} kept pages and ${assembled.assets} assets shared with ${path.basename(previousDir)} (hard links${assembled.copied ? `, ${assembled.copied} copied` : ''})`,
    )
    // The resized widths of the images the kept pages show: the new build's _dataset holds only the rendered
    // pages' (a width already there is kept, so this makes the missing ones only).
    const {writeImageVariants} = await import('./image-variants')
    await writeImageVariants(outDir)
    if (plan.render.length === 0) {
      // No finalizeRelease ran: the redirect pages and files (no route's, so not kept), written anew from the
      // redirect documents once the kept pages are in place (a redirect never hides a page).
      const {writeRedirectPages} = await import('./redirect-pages')
      await writeRedirectPages(outDir)
    }
    stepDone('assemble')
    killPoint('assemble')
    // What lists pages (sitemap, feeds, search shards) and what covers all pages (the page policy), over the whole release.
    const [{writeSeoFiles}, {writeSearchIndexes}] = await Promise.all([import('./seo-files'), import('./search-index')])
    await writePagePolicy(outDir, {since: previousDir})
    killPoint('policy-files')
    await writeSeoFiles(outDir)
    await writeSearchIndexes(outDir)
    stepDone('page policy, sitemap, feeds, search shards')
    const partial = manifestFromLog(await readReadsLog(logDir), plan.render, inputs)
    if (!previous) throw new Error('unreachable: an incremental plan without a manifest')
    await writeManifest(manifestPathFor(outDir), mergeManifests(previous, partial, plan.keep))
    await removeReadsLog(logDir)
    stepDone('manifest')
    await flush(outDir)
    stepDone('flush')
    console.log(`publish: assembled ${path.basename(outDir)} in ${seconds()}`)
    console.log(`publish: steps: ${steps.join(', ')}`)
    return 0
  } finally {
    await rm(routesFile, {force: true})
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === 'inputs' && args[0]) {
    await recordInputs(path.resolve(args[0]))
    return 0
  }
  if (command === 'manifest' && args[0]) {
    await writeFullManifest(path.resolve(args[0]))
    return 0
  }
  if (command === 'flush' && args[0]) {
    await flush(path.resolve(args[0]))
    return 0
  }
  if (command === 'incremental' && args[0] && args[1]) {
    const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
    return incremental(path.resolve(args[0]), args[1], option('--changes'), option('--plan-file'))
  }
  console.error(
    'usage: incremental-build.ts inputs <reads-log-dir> | manifest <export-dir> | flush <export-dir> | incremental <previous-dir> <out-dir-in-web> [--changes <json>] [--plan-file <file>]',
  )
  return 2
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(`publish: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    })
}
