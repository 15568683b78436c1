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
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {contentEnv, readSanityToken} from '@site/content-source/env'
import {answerFromDatasetExport, fetchContent} from '@site/content-source/source'
import {openContentTransport, type KnownQuery} from '@site/content-source/transports'
import {exists} from '@site/web/build/files'
import {compiledAppUnusable, markCompiledApp, NEXT_BUILD_DIR, renderRoutes as renderWithNext} from '@site/web/build/next-adapter'
import {exportDir} from '@site/web/build/out-dir'
import {writePagePolicy} from '@site/web/build/page-policy'
import {routeFile, routeKey, routeParams} from '@site/web/build/route-filter'
import {assembleRelease} from './assemble-release'
import {flushRelease} from './flush-release'
import {killPoint} from './kill-point'
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

const ROOT = path.resolve(import.meta.dirname, '../..')
/** Exit code of `incremental` when the publish needs the full build (the reason is printed). */
export const FULL_BUILD_NEEDED = 3

const INPUTS_FILE = 'inputs.txt'

/** Every route of the content as it is now: its key, and the file its page is exported to. */
async function currentRoutes(): Promise<Map<string, string>> {
  const [{listAllRoutes}, {loadRoutingTable}] = await Promise.all([import('@site/web/site/all-routes'), import('@site/web/site/routing-table-loader')])
  const table = await loadRoutingTable()
  const routes = new Map<string, string>()
  const all = await listAllRoutes()
  // The same checks of every address as a full build's generateStaticParams, which here renders only the listed routes.
  const params = routeParams(table, all)
  all.forEach((route, index) => routes.set(routeKey(params[index]!), routeFile(table, route)))
  return routes
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
  if (await markCompiledApp(inputs)) console.log(`Compiled app kept for publishes (web/${NEXT_BUILD_DIR})`)
}

/**
 * Renders these routes into the export folder web/<outRelative>, through the adapter (web/src/build/next-adapter.ts):
 * Next's generate step alone over the app the last full build compiled, when it was compiled from this
 * code (no compile: seconds); else `next build`'s compile step first, whose compile is then kept for the
 * next publish.
 */
async function renderRoutes(routes: readonly string[], outRelative: string, inputs: string, env: NodeJS.ProcessEnv): Promise<void> {
  const unusable = await compiledAppUnusable(inputs)
  if (unusable === null) console.log(`publish: rendering ${routes.length} routes with the compiled app of the last full build (next build's generate step)`)
  else console.log(`publish: next build renders the routes (${unusable})`)
  await renderWithNext({routes, outDir: outRelative, env, compiled: unusable === null})
  if (unusable !== null && (await markCompiledApp(inputs))) console.log('publish: compiled app kept for the next publish')
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

  // A change no page shows (search synonyms) still needs the export's other files (the public files, the
  // bundles, the files of the app's route handlers), which only Next's export writes: the home page is
  // rendered with them. Its reads answer as recorded, so its bytes are those of the page being served.
  const render = plan.render.length > 0 ? plan.render : [routes.has('') ? '' : ([...routes.keys()][0] ?? '')]
  const keep = plan.keep.filter((key) => !render.includes(key))
  const logDir = readsLogDirFor(outDir)
  await rm(logDir, {recursive: true, force: true})
  await rm(outDir, {recursive: true, force: true})
  const env: NodeJS.ProcessEnv = {...process.env, SITE_READS_LOG: logDir, NEXT_TELEMETRY_DISABLED: '1'}
  // In this process (run with the react-server condition, as the build's own steps are): no start-up of its own.
  const [{prepareExport}, {finalizeRelease}] = await Promise.all([import('@site/web/build/prepare-export'), import('@site/web/build/finalize-export')])
  await prepareExport()
  stepDone('dataset files')
  recordPublishEvent({event: 'step', step: 'render', at: Date.now()})
  await renderRoutes(render, outRelative, inputs, env)
  stepDone('render')
  killPoint('render')
  await finalizeRelease(outDir, new Set(render))
  stepDone('static pages')
  console.log(`publish: rendered in ${seconds()}`)
  const keepFiles = keep.flatMap((key) => {
    const file = routes.get(key)
    return file ? [file] : []
  })
  const assembled = await assembleRelease({previousDir, targetDir: outDir, keepFiles})
  console.log(
    `publish: ${assembled.pages} kept pages and ${assembled.assets} assets shared with ${path.basename(previousDir)} (hard links${assembled.copied ? `, ${assembled.copied} copied` : ''})`,
  )
  // The resized widths of the images the kept pages show: the new build's _dataset holds only the rendered
  // pages' (a width already there is kept, so this makes the missing ones only).
  const {writeImageVariants} = await import('@site/web/build/image-variants')
  await writeImageVariants(outDir)
  stepDone('assemble')
  killPoint('assemble')
  // What lists pages (sitemap, feeds, search shards) and what covers all pages (the page policy), over the whole release.
  const [{writeSeoFiles}, {writeSearchIndexes}] = await Promise.all([import('@site/web/build/seo-files'), import('@site/web/build/search-index')])
  await writePagePolicy(outDir, {since: previousDir})
  killPoint('policy-files')
  await writeSeoFiles(outDir, {since: previousDir})
  await writeSearchIndexes(outDir, {since: previousDir})
  stepDone('page policy, sitemap, feeds, search shards')
  const partial = manifestFromLog(await readReadsLog(logDir), render, inputs)
  if (!previous) throw new Error('unreachable: an incremental plan without a manifest')
  await writeManifest(manifestPathFor(outDir), mergeManifests(previous, partial, keep))
  await removeReadsLog(logDir)
  stepDone('manifest')
  await flush(outDir)
  stepDone('flush')
  console.log(`publish: assembled ${path.basename(outDir)} in ${seconds()}`)
  console.log(`publish: steps: ${steps.join(', ')}`)
  return 0
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
