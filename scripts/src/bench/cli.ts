/**
 * `npm run bench`: builds the site with the same steps as `npm run build` (tools/run.sh), times each
 * step and prints figures: step times, pages per locale, pages per second, output size, the search
 * index, the first-load weight of three sample pages and their Lighthouse scores. No thresholds.
 * `npm run bench -- --only search` imports the content and rewrites only the search index of the
 * existing web/out (seconds, not a full build), then prints only the search figures.
 * `npm run bench -- --only relevance` imports the content and prints only the relevance set's figures.
 * `npm run bench -- --only publish [--runs N] [--embedded]` prints publish → live through the webhook (publish.ts).
 * `npm run bench -- --only serve [--seconds N]` prints the static server beside nginx under load (static-server.ts).
 * `npm run bench -- --only preview [--runs N]` prints the preview's update latency in the studio (preview.ts).
 * `npm run bench -- --only publish-studio [--runs N]` prints Publish in the studio → "Live" shown there (publish-studio.ts).
 * `npm run bench -- --help` says what each option does (options.ts).
 */
import {spawn} from 'node:child_process'
import {cpus} from 'node:os'
import {resolve} from 'node:path'
import {existsSync, readFileSync} from 'node:fs'
import {rm, stat} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import type {LocaleTable} from '@site/schemas/model'
import {formatBytes, formatRate, formatSeconds, renderTable} from './format'
import {FILE_KINDS, measureOutput, type FileKind} from './measure-output'
import {clientBundleImports, clientBundleModules, measureFirstLoad, type FirstLoadFigures} from './first-load'
import {CATEGORIES, runLighthouse, type LighthouseFigures} from './lighthouse'
import {measureCommand, type RunFigures} from './process-tree'
import {publishBenchTable, runPublishBench} from './publish'
import {runServeBench, serveBenchTable} from './static-server'
import {previewBenchTable, runPreviewBench} from './preview'
import {publishStudioBenchTable, runPublishStudioBench} from './publish-studio'
import {runScaleBench, scaleBenchTable, webBuildCommands} from './scale'
import {measureSearch, searchBenchTable} from './search'
import {contentTransportFromEnv, readLocaleTable} from '@site/content-source'
import {firstUseTable, measureFirstUse} from './search-first-use'
import {measureRelevance, relevanceTable} from './relevance'
import {BENCH_HELP, parseBenchOptions, type BenchOptions} from './options'

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)))
const OUT_DIR = 'web/out'
/** The esbuild metafile of the site's own bundle, which the web build leaves among its records (web/src/build/client-bundle.ts). */
const CLIENT_META = 'web/.site-build/client-bundle.meta.json'
/** Where the import step writes the dataset the build reads (the relevance figures read it too). */
const DATASET_DIR = '.generated/dataset'

interface Step {
  name: string
  command: string
  args: string[]
  /** Where it runs (default: the repository). */
  cwd?: string
}

/** The build as run_build in tools/run.sh runs it: the import, each command of web's build script, the link check. */
function buildSteps(): Step[] {
  const web = webBuildCommands(ROOT).map((command) => ({name: command.name, command: command.command, args: command.args, cwd: command.cwd}))
  return [IMPORT_STEP, ...web, {name: 'link check', command: 'npx', args: ['tsx', 'scripts/src/check-links.ts', OUT_DIR, '--settings']}]
}
const IMPORT_STEP: Step = {name: 'import', command: 'npx', args: ['tsx', 'importer/src/cli.ts']}
// The last step of the web build alone (see build in web/package.json).
const SEARCH_STEPS: Step[] = [
  IMPORT_STEP,
  {name: 'search index', command: 'npx', args: ['tsx', '--conditions', 'react-server', 'web/src/build/search-index.ts']},
]

const KIND_LABELS: Record<FileKind, string> = {
  html: 'HTML',
  rsc: 'Framework leftovers (RSC .txt, runtime .js)',
  js: 'JS',
  css: 'CSS',
  images: 'Images',
  fonts: 'Fonts',
  other: 'Other',
}

/** The pages whose weight and scores the bench reports: the home page, a doc page and a blog post. */
export const SAMPLE_PAGES = ['/', '/docs/v4/rooms/', '/blog/socket-io-4-8-preview/']
const LIGHTHOUSE_RUNS = 3
/** The goal for a page's whole first load (docs/reading-experience.md, "What a page weighs"): a tenth of what Docusaurus ships for a doc page (about 200 KB). */
const FIRST_LOAD_BUDGET_GZIP = 20 * 1024

/** The locales of the dataset the site was built from (DATASET_DIR or .generated/dataset, or the Sanity project). */
async function siteLocales(): Promise<LocaleTable> {
  return readLocaleTable(await contentTransportFromEnv(process.env, ROOT))
}

/** Runs one step; its output is shown only with --verbose or when it fails, so the figures stay readable. */
function runStep(step: Step, verbose: boolean): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now()
    const child = spawn(step.command, step.args, {cwd: ROOT, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env})
    const captured: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => captured.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => captured.push(chunk))
    child.on('error', fail)
    child.on('close', (code) => {
      const elapsed = performance.now() - started
      if (code === 0) {
        done(elapsed)
        return
      }
      if (!verbose) process.stderr.write(Buffer.concat(captured))
      fail(new Error(`${step.name} (${step.command} ${step.args.join(' ')}) exited with code ${code}`))
    })
  })
}

/** Runs one step measuring its wall time, CPU and peak memory (the command and its descendants). */
async function measureStep(step: Step, verbose: boolean): Promise<RunFigures> {
  try {
    const figures = await measureCommand(step.command, step.args, {cwd: step.cwd ?? ROOT, env: process.env, phase: step.name})
    if (verbose) process.stderr.write(figures.output)
    return figures
  } catch (error) {
    throw new Error(`${step.name} (${step.command} ${step.args.join(' ')}) failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Runs `measure` behind a progress line on stderr (so that --json output stays clean) that ends with its wall time. */
async function timed<T>(label: string, measure: () => Promise<T>): Promise<T> {
  process.stderr.write(`› ${label}…`)
  const started = performance.now()
  const result = await measure()
  process.stderr.write(` ${formatSeconds(performance.now() - started)}\n`)
  return result
}

const timedFirstUse = () =>
  timed('search on first use in Chromium (throttled, 2 scenarios × 3 runs)', () => measureFirstUse(resolve(ROOT, OUT_DIR), resolve(ROOT, CLIENT_META)))
const timedRelevance = () => timed('relevance set, local index and Typesense stand-in', () => measureRelevance(resolve(ROOT, DATASET_DIR)))

async function searchOnly(options: BenchOptions): Promise<void> {
  if (!(await stat(resolve(ROOT, OUT_DIR)).catch(() => null))) throw new Error(`${OUT_DIR} does not exist; build the site first (npm run build)`)
  if (options.build) {
    for (const step of SEARCH_STEPS) {
      process.stderr.write(`› ${step.name}…`)
      process.stderr.write(` ${formatSeconds(await runStep(step, options.verbose))}\n`)
    }
  }
  const search = await measureSearch(
    resolve(ROOT, OUT_DIR),
    (await siteLocales()).locales.map((entry) => entry.code),
  )
  const firstUse = await timedFirstUse()
  const relevance = await timedRelevance()
  console.log(
    options.json
      ? JSON.stringify({machine: {cpus: cpus().length, node: process.version}, search, searchFirstUse: firstUse, relevance}, null, 2)
      : `${searchBenchTable(search)}\n\n${firstUseTable(firstUse)}\n\n${relevanceTable(relevance)}`,
  )
}

/** The relevance set's figures alone: the dataset is all they read (imported again unless --no-build). */
async function relevanceOnly(options: BenchOptions): Promise<void> {
  if (options.build) {
    const step = IMPORT_STEP
    process.stderr.write(`› ${step.name}…`)
    process.stderr.write(` ${formatSeconds(await runStep(step, options.verbose))}\n`)
  } else if (!existsSync(resolve(ROOT, DATASET_DIR, 'data.ndjson'))) {
    throw new Error(`${DATASET_DIR}/data.ndjson does not exist; run the bench without --no-build (or npm run import)`)
  }
  const relevance = await timedRelevance()
  console.log(options.json ? JSON.stringify({machine: {cpus: cpus().length, node: process.version}, relevance}, null, 2) : relevanceTable(relevance))
}

/** A step's progress line, on stderr so that --json output stays clean. */
const printProgress = (line: string) => void process.stderr.write(`› ${line}\n`)

async function scaleOnly(options: BenchOptions): Promise<void> {
  const report = await runScaleBench({
    root: ROOT,
    factors: options.scale,
    repeat: options.repeat,
    cold: options.cold,
    verbose: options.verbose,
    progress: printProgress,
  })
  console.log(options.json ? JSON.stringify(report, null, 2) : scaleBenchTable(report))
  console.log(options.json ? '' : `\nweb/out now holds the 1× build of the synthetic copy of content/ (its pages are those of content/).`)
}

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2))
  if (options.help) {
    console.log(BENCH_HELP)
    return
  }
  if (options.searchOnly) return searchOnly(options)
  if (options.relevanceOnly) return relevanceOnly(options)
  if (options.publishOnly) {
    const report = await runPublishBench({root: ROOT, runs: options.runs, verbose: options.verbose, progress: printProgress, source: options.publishSource})
    console.log(options.json ? JSON.stringify(report, null, 2) : publishBenchTable(report))
    return
  }
  if (options.serveOnly) {
    const report = await runServeBench({root: ROOT, seconds: options.seconds, progress: printProgress})
    console.log(options.json ? JSON.stringify(report, null, 2) : serveBenchTable(report))
    return
  }
  if (options.previewOnly) {
    const report = await runPreviewBench({
      root: ROOT,
      runs: options.runs,
      build: options.build,
      verbose: options.verbose,
      progress: printProgress,
    })
    console.log(options.json ? JSON.stringify(report, null, 2) : previewBenchTable(report))
    return
  }
  if (options.publishStudioOnly) {
    const report = await runPublishStudioBench({
      root: ROOT,
      runs: options.runs,
      build: options.build,
      verbose: options.verbose,
      progress: printProgress,
    })
    console.log(options.json ? JSON.stringify(report, null, 2) : publishStudioBenchTable(report))
    return
  }
  if (options.scale.length > 0) return scaleOnly(options)
  const timings: {name: string; ms: number; cpuMs?: number; maxRssBytes?: number}[] = []
  if (options.build) {
    await rm(resolve(ROOT, OUT_DIR), {recursive: true, force: true})
    const site = options.site
    const steps = buildSteps().map((step) => (site && step.name === 'import' ? {...step, args: [...step.args, '--content', site]} : step))
    for (const step of steps) {
      process.stderr.write(`› ${step.name}…`)
      const figures = await measureStep(step, options.verbose)
      process.stderr.write(` ${formatSeconds(figures.wallMs)}, CPU ${formatSeconds(figures.cpuMs)}, peak memory ${formatBytes(figures.maxRssBytes)}\n`)
      timings.push({name: step.name, ms: figures.wallMs, cpuMs: figures.cpuMs, maxRssBytes: figures.maxRssBytes})
    }
  } else if (!(await stat(resolve(ROOT, OUT_DIR)).catch(() => null))) {
    throw new Error(`${OUT_DIR} does not exist; run the bench without --no-build`)
  }
  const locales = await siteLocales()
  const output = await measureOutput(resolve(ROOT, OUT_DIR), locales)
  const search = await measureSearch(
    resolve(ROOT, OUT_DIR),
    locales.locales.map((entry) => entry.code),
  )
  if (options.site) {
    // Another site: its build and output. The search, first-load and Lighthouse figures below are
    // measured on pages of this project's own content.
    if (options.json) {
      console.log(JSON.stringify({machine: {cpus: cpus().length, node: process.version}, site: options.site, timings, output, search}, null, 2))
      return
    }
    console.log(buildTables(timings, output, locales, options.docusaurusCpuSeconds))
    console.log('')
    console.log(searchBenchTable(search))
    return
  }
  const searchFirstUse = await timedFirstUse()
  const relevance = await timedRelevance()
  const totalMs = timings.reduce((sum, step) => sum + step.ms, 0)

  // The modules of each script a page loads, from the site's own bundle: the static pages hold no script of
  // Next's (a file of Next's that one still loaded would count as framework code).
  const modules = new Map<string, Set<string>>()
  const clientMeta = resolve(ROOT, CLIENT_META)
  if (!existsSync(clientMeta)) throw new Error(`${clientMeta} is missing: the web build writes it; run the bench without --no-build`)
  for (const [chunk, inputs] of clientBundleModules(readFileSync(clientMeta, 'utf8'), ROOT)) modules.set(chunk, inputs)
  const imports = clientBundleImports(readFileSync(clientMeta, 'utf8'))
  const firstLoad: FirstLoadFigures[] = []
  for (const page of SAMPLE_PAGES) firstLoad.push(await measureFirstLoad(resolve(ROOT, OUT_DIR), page, modules, imports))
  let scores: LighthouseFigures[] = []
  if (options.lighthouse) {
    scores = await timed(`Lighthouse (${SAMPLE_PAGES.length} pages, mobile and desktop, ${LIGHTHOUSE_RUNS} runs each)`, () =>
      runLighthouse(resolve(ROOT, OUT_DIR), SAMPLE_PAGES, ['mobile', 'desktop'], LIGHTHOUSE_RUNS),
    )
  }

  if (options.json) {
    console.log(
      JSON.stringify(
        {machine: {cpus: cpus().length, node: process.version}, timings, totalMs, output, search, searchFirstUse, relevance, firstLoad, lighthouse: scores},
        null,
        2,
      ),
    )
    return
  }

  console.log(buildTables(timings, output, locales, options.docusaurusCpuSeconds))
  console.log('')
  console.log(searchBenchTable(search))
  console.log('')
  console.log(firstUseTable(searchFirstUse))
  console.log('')
  console.log(relevanceTable(relevance))
  console.log('')
  const loadRows: string[][] = [
    ['First load (gzip unless raw)', 'HTML raw', 'HTML', 'RSC inline raw', 'JS runtime', 'JS site', 'CSS site', 'site total', 'JS later (not counted)'],
  ]
  for (const figures of firstLoad) {
    loadRows.push([
      `  ${figures.page}`,
      formatBytes(figures.htmlRaw),
      formatBytes(figures.htmlGzip),
      formatBytes(figures.inlinedPayloadRaw),
      formatBytes(figures.js.framework),
      formatBytes(figures.js.site),
      formatBytes(figures.css.site + figures.css.framework),
      formatBytes(figures.js.site + figures.css.site + figures.css.framework),
      formatBytes(figures.onDemand.js),
    ])
  }
  console.log(renderTable(loadRows))
  console.log(
    '  JS site: the page script and the modules the page preloads (what runs before the page is usable); JS later: its modules fetched when idle or at first use (copy, menu, search, tabs, crash page)',
  )
  const legacy = firstLoad[0]?.legacyOnly ?? 0
  if (legacy > 0) console.log(`  (not counted: ${formatBytes(legacy)} of nomodule polyfills, loaded by legacy browsers only)`)
  const forbidden = firstLoad.flatMap((figures) =>
    figures.chunks.flatMap((chunk) => chunk.forbidden.map((name) => `${figures.page}: ${name} in ${chunk.file}`)),
  )
  console.log(
    forbidden.length === 0 ? '  search UI, highlighter, Portable Text renderer in a first load: none' : `  IN THE FIRST LOAD: ${forbidden.join('; ')}`,
  )
  // The budget: a page's whole first load (HTML, JS, CSS gzipped) within FIRST_LOAD_BUDGET_GZIP.
  for (const figures of firstLoad) {
    const total = figures.htmlGzip + figures.js.site + figures.js.framework + figures.css.site + figures.css.framework
    console.log(`  first load of ${figures.page}: ${formatBytes(total)}${total <= FIRST_LOAD_BUDGET_GZIP ? ' (≤ 20 KB ✓)' : ' (> 20 KB budget ✗)'}`)
  }
  if (scores.length > 0) {
    console.log('')
    const scoreRows: string[][] = [[`Lighthouse (median of ${LIGHTHOUSE_RUNS})`, ...CATEGORIES]]
    for (const figures of scores) scoreRows.push([`  ${figures.page} ${figures.preset}`, ...CATEGORIES.map((category) => String(figures.scores[category]))])
    console.log(renderTable(scoreRows))
  }
}

/** The build's steps (time, CPU, peak memory), its pages per locale and rate, and the output's sizes. */
function buildTables(
  timings: ReadonlyArray<{name: string; ms: number; cpuMs?: number; maxRssBytes?: number}>,
  output: Awaited<ReturnType<typeof measureOutput>>,
  locales: LocaleTable,
  docusaurusCpuSeconds: number | null = null,
): string {
  const totalMs = timings.reduce((sum, step) => sum + step.ms, 0)
  const totalCpuMs = timings.reduce((sum, step) => sum + (step.cpuMs ?? 0), 0)
  const peakBytes = Math.max(0, ...timings.map((step) => step.maxRssBytes ?? 0))
  const renderMs = timings.find((step) => step.name === 'render')?.ms ?? 0
  const rows: string[][] = [[`Build (${cpus().length} CPUs, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version})`]]
  if (timings.length > 0) {
    for (const step of timings)
      rows.push([
        `  ${step.name}`,
        `${formatSeconds(step.ms)}${step.cpuMs !== undefined ? `, CPU ${formatSeconds(step.cpuMs)}` : ''}${step.maxRssBytes !== undefined ? `, peak ${formatBytes(step.maxRssBytes)}` : ''}`,
      ])
    rows.push(['  total', `${formatSeconds(totalMs)}, CPU ${formatSeconds(totalCpuMs)}, peak ${formatBytes(peakBytes)}`])
    if (docusaurusCpuSeconds !== null)
      rows.push([`  CPU against Docusaurus's ${docusaurusCpuSeconds} s`, `${(totalCpuMs / 1000 / docusaurusCpuSeconds).toFixed(2)}×`])
  } else {
    rows.push(['  not timed (--no-build)', ''])
  }
  rows.push([''], ['Pages'], ['  HTML files', String(output.pages)])
  for (const {code} of locales.locales) rows.push([`    ${code}`, String(output.pagesByLocale[code] ?? 0)])
  if (timings.length > 0) {
    rows.push(['  pages per second, render', formatRate(output.pages, renderMs)])
    rows.push(['  pages per second, whole build', formatRate(output.pages, totalMs)])
  }
  const sizeRows: string[][] = [[`Output (${OUT_DIR}/)`, 'files', 'raw', 'gzip']]
  for (const kind of FILE_KINDS) {
    const figures = output.byKind[kind]
    sizeRows.push([`  ${KIND_LABELS[kind]}`, String(figures.files), formatBytes(figures.raw), formatBytes(figures.gzip)])
  }
  sizeRows.push(['  total', String(output.total.files), formatBytes(output.total.raw), formatBytes(output.total.gzip)])
  return `${renderTable(rows)}\n\n${renderTable(sizeRows)}`
}

main().catch((error: unknown) => {
  console.error(`\nbench: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
