/**
 * `npm run bench -- --scale N`: builds the site from a synthetic copy of the content at 1× and at N×
 * (synthetic-content.ts, in .generated/bench/, never committed) with the same steps as `npm run build`,
 * and measures each build: pages, pages per second, CPU time per page of each step, memory, the cores
 * used while rendering, and how busy the rest of the machine was. It then checks that the grown site
 * left unchanged the pages whose content did not change.
 */
import {readFileSync} from 'node:fs'
import {cp, rm} from 'node:fs/promises'
import {cpus} from 'node:os'
import path from 'node:path'
import {comparePages, type PageComparison} from './compare-pages'
import {formatBytes, formatSeconds, renderTable} from './format'
import {measureOutput} from './measure-output'
import {buildStageOf} from '@site/web/build/next-adapter'
import {contentTransportFromEnv, readLocaleTable} from '@site/content-source'
import {measureCommand, type ProcessMemory, type RunFigures} from './process-tree'
import {writeSyntheticContent} from './synthetic-content'

/** The steps the figures are split by; the link check verifies the build, like `npm run build` does. */
export const SCALE_STEPS = ['import', 'compile', 'render', 'finalize', 'search index', 'link check'] as const
export type ScaleStep = (typeof SCALE_STEPS)[number]

export interface ScaleRun {
  factor: number
  pages: number
  /** Time to write the synthetic content (not part of the build). */
  generateMs: number
  wallMs: number
  cpuMs: number
  steps: Record<ScaleStep, {cpuMs: number; wallMs: number}>
  /** The sum of the build processes' resident sets at the sample where it was largest (see RunFigures). */
  maxRssBytes: number
  /** The same sample's sum of proportional set sizes: shared pages (Node, libraries) counted once. */
  maxRssPssBytes: number
  /** The largest sum of proportional set sizes at any one sample. */
  maxPssBytes: number
  maxProcessRssBytes: number
  /** The step and the processes at the sample of maxRssBytes, largest first. */
  peak: {step: string; processes: ProcessMemory[]}
  /** Average cores busy with the build while pages rendered. */
  renderCores: number
  /**
   * How many processes shared the rendering: their CPU over the busiest one's (2 when two workers
   * did equal shares). Unlike renderCores, it does not fall when other jobs take the cores.
   */
  renderParallelism: number
  /** Most memory held at once (all build processes) during each step. */
  maxRssByStep: Record<ScaleStep, number>
  /** Average cores used by other processes of the machine during the build. */
  otherCores: number
  loadBefore: number
  loadAfter: number
  /** Paths of the docs versions the synthetic content added (v204…). */
  addedVersionPaths: string[]
}

interface Command {
  label: string
  /** The command's own name in the bench's build table (`npm run bench`): one row per command of the script. */
  name: string
  command: string
  args: string[]
  cwd: string
  /** The step its CPU counts for, or, for `next build`, a function of its output lines. */
  step: ScaleStep
  phaseOf?: (line: string) => ScaleStep | null
}

/** Next's phases, from its output: compiling (and type checking, collecting routes), rendering, finishing. */
export function nextPhaseOf(line: string): ScaleStep | null {
  if (/✓ Generating static pages|Finalizing page optimization|Collecting build traces/.test(line)) return 'finalize'
  if (/Generating static pages using/.test(line)) return 'render'
  return null
}

/** The commands of web/package.json's build script (`a && b && c`), each mapped to a step. */
export function webBuildCommands(root: string): Command[] {
  const manifest: unknown = JSON.parse(readFileSync(path.join(root, 'web/package.json'), 'utf8'))
  const script =
    typeof manifest === 'object' &&
    manifest !== null &&
    'scripts' in manifest &&
    typeof manifest.scripts === 'object' &&
    manifest.scripts !== null &&
    'build' in manifest.scripts
      ? manifest.scripts.build
      : undefined
  if (typeof script !== 'string') throw new Error('web/package.json has no build script')
  return script.split('&&').map((part) => {
    const [binary = '', ...args] = part.trim().split(/\s+/)
    const label = part.trim()
    const command = path.join(root, 'node_modules/.bin', binary)
    const cwd = path.join(root, 'web')
    // The full build's compile step (`--experimental-build-mode compile`) only compiles; the generate
    // step (or a one-step next build) renders, its phases told by its output.
    if (binary === 'next' && args[0] === 'build')
      return buildStageOf(args) === 'compile'
        ? {label, name: 'compile', command, args, cwd, step: 'compile'}
        : {label, name: 'render', command, args, cwd, step: 'compile', phaseOf: nextPhaseOf}
    // web's type check (tsc, after next build) counts with the compile, as it did inside next build.
    const known: [string, ScaleStep] | undefined =
      binary === 'tsc'
        ? ['type check', 'compile']
        : /prepare-export/.test(label)
          ? ['dataset files', 'import']
          : /search-index/.test(label)
            ? ['search index', 'search index']
            : /finalize-export/.test(label)
              ? ['finalize', 'finalize']
              : /seo-files/.test(label)
                ? ['sitemap and feeds', 'finalize']
                : undefined
    if (!known)
      throw new Error(`The bench does not know which step "${label}" of the web build belongs to: add it to webBuildCommands (scripts/src/bench/scale.ts)`)
    const [name, step] = known
    return {label, name, command, args, cwd, step}
  })
}

function emptySteps(): Record<ScaleStep, {cpuMs: number; wallMs: number}> {
  return Object.fromEntries(SCALE_STEPS.map((step) => [step, {cpuMs: 0, wallMs: 0}])) as Record<ScaleStep, {cpuMs: number; wallMs: number}>
}

export interface ScaleBuildOptions {
  root: string
  /** Where the synthetic content and its dataset go. */
  scratchDir: string
  /** Remove web/.next (Next's build folder, with Turbopack's build cache) before building. */
  cold?: boolean
  verbose?: boolean
  progress?: (line: string) => void
}

/** Generates the content `factor` times, then imports and builds it into web/out, measuring every command. */
export async function runScaleBuild(factor: number, options: ScaleBuildOptions): Promise<ScaleRun> {
  const {root} = options
  const say = options.progress ?? (() => undefined)
  const scratch = path.join(options.scratchDir, `scale-${factor}`)
  const generateStart = performance.now()
  const synthetic = await writeSyntheticContent(path.join(root, 'content'), scratch, {factor})
  const generateMs = performance.now() - generateStart
  say(`${factor}×: content written (${synthetic.files} files, ${synthetic.commitsReplayed} commits replayed) in ${formatSeconds(generateMs)}`)
  const datasetDir = path.join(scratch, 'dataset')
  const tsx = path.join(root, 'node_modules/.bin/tsx')
  const commands: Command[] = [
    {
      label: 'import',
      name: 'import',
      command: tsx,
      args: ['importer/src/cli.ts', '--content', synthetic.contentDir, '--out', datasetDir],
      cwd: root,
      step: 'import',
    },
    ...webBuildCommands(root),
    {label: 'link check', name: 'link check', command: tsx, args: ['scripts/src/check-links.ts', 'web/out'], cwd: root, step: 'link check'},
  ]
  // Without the Sanity settings, which would build from a project rather than from the synthetic dataset.
  const {SANITY_PROJECT_ID: _project, SANITY_DATASET: _dataset, ...inherited} = process.env
  const env: NodeJS.ProcessEnv = {...inherited, DATASET_DIR: datasetDir, NEXT_TELEMETRY_DISABLED: '1'}
  await rm(path.join(root, 'web/out'), {recursive: true, force: true})
  if (options.cold) await rm(path.join(root, 'web/.next'), {recursive: true, force: true})
  const steps = emptySteps()
  const maxRssByStep = Object.fromEntries(SCALE_STEPS.map((step) => [step, 0])) as Record<ScaleStep, number>
  let renderShares: number[] = []
  const runs: RunFigures[] = []
  for (const command of commands) {
    const started = performance.now()
    const figures = await measureCommand(command.command, command.args, {
      cwd: command.cwd,
      env,
      phase: command.step,
      ...(command.phaseOf ? {phaseOf: command.phaseOf} : {}),
    })
    if (options.verbose) process.stderr.write(figures.output)
    for (const phase of figures.phases) {
      const name = phase.name as ScaleStep
      steps[name].cpuMs += phase.cpuMs
      steps[name].wallMs += phase.wallMs
      maxRssByStep[name] = Math.max(maxRssByStep[name], phase.maxRssBytes)
      if (name === 'render') renderShares = phase.processCpuMs
    }
    runs.push(figures)
    say(`${factor}×: ${command.label}: ${formatSeconds(performance.now() - started)}, CPU ${formatSeconds(figures.cpuMs)}`)
  }
  const output = await measureOutput(path.join(root, 'web/out'), await readLocaleTable(await contentTransportFromEnv({DATASET_DIR: datasetDir}, root)))
  const wallMs = runs.reduce((sum, run) => sum + run.wallMs, 0)
  const peakIndex = runs.reduce((best, run, index) => (run.maxRssBytes > (runs[best]?.maxRssBytes ?? 0) ? index : best), 0)
  const peakRun = runs[peakIndex]
  const peakCommand = commands[peakIndex]
  const peakStep = peakRun && peakCommand ? (peakRun.phases.find((phase) => phase.maxRssBytes === peakRun.maxRssBytes)?.name ?? peakCommand.step) : ''
  return {
    factor,
    pages: output.pages,
    generateMs,
    wallMs,
    cpuMs: runs.reduce((sum, run) => sum + run.cpuMs, 0),
    steps,
    maxRssBytes: peakRun?.maxRssBytes ?? 0,
    maxRssPssBytes: peakRun?.maxRssPssBytes ?? 0,
    maxPssBytes: Math.max(...runs.map((run) => run.maxPssBytes)),
    peak: {step: peakCommand ? `${peakStep} (${peakCommand.label})` : '', processes: peakRun?.peakProcesses ?? []},
    maxProcessRssBytes: Math.max(...runs.map((run) => run.maxProcessRssBytes)),
    renderCores: steps.render.wallMs > 0 ? steps.render.cpuMs / steps.render.wallMs : 0,
    renderParallelism: (renderShares[0] ?? 0) > 0 ? renderShares.reduce((sum, cpu) => sum + cpu, 0) / (renderShares[0] ?? 1) : 0,
    maxRssByStep,
    otherCores: wallMs > 0 ? runs.reduce((sum, run) => sum + run.otherCores * run.wallMs, 0) / wallMs : 0,
    loadBefore: runs[0]?.loadBefore ?? 0,
    loadAfter: runs.at(-1)?.loadAfter ?? 0,
    addedVersionPaths: synthetic.plan.versionCopies.map((copy) => copy.path),
  }
}

export interface ScaleReport {
  machine: {cpus: number; model: string; node: string}
  /** Whether each build started without Turbopack's build cache (--cold). */
  cold: boolean
  factors: number[]
  /** Every run, in the order they ran. */
  runs: ScaleRun[]
  /** 1× pages against the same pages of the largest grown site. */
  comparison: (PageComparison & {factor: number}) | null
}

export interface ScaleBenchOptions {
  root: string
  factors: number[]
  repeat: number
  cold?: boolean
  verbose?: boolean
  progress?: (line: string) => void
}

/**
 * Runs the builds (each factor `repeat` times, interleaved so that a change of load touches all of
 * them), largest first and 1× last, so that web/out ends with the 1× site; then compares the 1×
 * pages with the largest site's.
 */
export async function runScaleBench(options: ScaleBenchOptions): Promise<ScaleReport> {
  const factors = [...new Set([1, ...options.factors])].sort((a, b) => b - a)
  const scratchDir = path.join(options.root, '.generated/bench')
  const runs: ScaleRun[] = []
  const largest = factors[0] ?? 1
  // The largest site's export stays there (until the next run) to look into any page that differs.
  const keptGrown = path.join(scratchDir, `out-${largest}`)
  for (let round = 0; round < options.repeat; round++) {
    for (const factor of factors) {
      runs.push(
        await runScaleBuild(factor, {
          root: options.root,
          scratchDir,
          ...(options.cold ? {cold: true} : {}),
          ...(options.verbose ? {verbose: true} : {}),
          ...(options.progress ? {progress: options.progress} : {}),
        }),
      )
      if (factor === largest && largest > 1 && round === options.repeat - 1) {
        await rm(keptGrown, {recursive: true, force: true})
        await cp(path.join(options.root, 'web/out'), keptGrown, {recursive: true})
      }
    }
  }
  let comparison: ScaleReport['comparison'] = null
  const grownRun = runs.find((run) => run.factor === largest)
  if (largest > 1 && grownRun) {
    comparison = {factor: largest, ...(await comparePages(path.join(options.root, 'web/out'), keptGrown, grownRun.addedVersionPaths))}
  }
  const cpu = cpus()
  return {
    machine: {cpus: cpu.length, model: cpu[0]?.model.trim() ?? 'unknown CPU', node: process.version},
    cold: options.cold ?? false,
    factors: [...factors].reverse(),
    runs,
    comparison,
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * Who held the memory at the peak of each factor's build (its last run): every process of the tree at
 * the sample where the sum of their RSS was largest, with its RSS and PSS.
 */
export function peakTable(report: ScaleReport): string {
  const parts = report.factors.map((factor) => {
    const run = report.runs.filter((candidate) => candidate.factor === factor).at(-1)
    if (!run) return ''
    const rows: string[][] = [
      [`${factor}× at its max RSS (${formatBytes(run.maxRssBytes)}, during ${run.peak.step})`],
      ['  process', 'pid', 'RSS', 'PSS'],
      ...run.peak.processes.map((entry) => [
        `  ${entry.command}`,
        String(entry.pid),
        formatBytes(entry.rssBytes),
        entry.pssBytes === null ? '?' : formatBytes(entry.pssBytes),
      ]),
    ]
    return renderTable(rows)
  })
  return [
    'Max RSS is the sum of the resident sets of all processes of a build step (the command and its descendants) at the same 0.2 s sample, the largest over the build; PSS counts pages shared between processes once.',
    ...parts.filter(Boolean),
  ].join('\n\n')
}

/** The report: one column per factor (medians over repeated runs, with their range), then N×/1×. */
export function scaleBenchTable(report: ScaleReport): string {
  const {factors, runs} = report
  const byFactor = new Map(factors.map((factor) => [factor, runs.filter((run) => run.factor === factor)]))
  const repeat = Math.max(...[...byFactor.values()].map((list) => list.length))
  const figure = (factor: number, value: (run: ScaleRun) => number) => median((byFactor.get(factor) ?? []).map(value))
  const range = (factor: number, value: (run: ScaleRun) => number, format: (n: number) => string) => {
    const values = (byFactor.get(factor) ?? []).map(value)
    return values.length > 1 ? ` (${format(Math.min(...values))}–${format(Math.max(...values))})` : ''
  }
  const ms = (n: number) => n.toFixed(1)
  const header = ['', ...factors.map((factor) => `${factor}×`), ...factors.slice(1).map((factor) => `${factor}×/1×`)]
  const rows: string[][] = [
    [
      `Scale (${report.machine.cpus} CPUs, ${report.machine.model}, Node ${report.machine.node}; median of ${repeat} build${repeat > 1 ? 's' : ''}, range in brackets; ${report.cold ? "each build without Turbopack's build cache" : 'each build with the build cache of the one before'})`,
    ],
    header,
  ]
  const line = (label: string, value: (run: ScaleRun) => number, format: (n: number) => string, ratio = true, withRange = false) => {
    const cells = factors.map((factor) => format(figure(factor, value)) + (withRange ? range(factor, value, format) : ''))
    const base = figure(1, value)
    const ratios = factors.slice(1).map((factor) => (ratio && base > 0 ? `${(figure(factor, value) / base).toFixed(2)}×` : ''))
    rows.push([label, ...cells, ...ratios])
  }
  line(
    '  pages',
    (run) => run.pages,
    (n) => String(Math.round(n)),
  )
  line(
    '  pages per second, whole build',
    (run) => run.pages / (run.wallMs / 1000),
    (n) => n.toFixed(1),
  )
  line(
    '  pages per second, rendering',
    (run) => run.pages / (run.steps.render.wallMs / 1000),
    (n) => n.toFixed(1),
  )
  rows.push(['  CPU ms per page'])
  for (const step of SCALE_STEPS) line(`    ${step}`, (run) => run.steps[step].cpuMs / run.pages, ms, true, step === 'render')
  line('    total', (run) => run.cpuMs / run.pages, ms, true, true)
  line('    total without compile', (run) => (run.cpuMs - run.steps.compile.cpuMs) / run.pages, ms, true, true)
  line('  render wall ms per page', (run) => run.steps.render.wallMs / run.pages, ms)
  line(
    '  cores busy while rendering',
    (run) => run.renderCores,
    (n) => n.toFixed(2),
    false,
  )
  line(
    '  processes sharing the rendering (CPU / busiest)',
    (run) => run.renderParallelism,
    (n) => n.toFixed(2),
    false,
  )
  line("  max RSS: sum of all build processes' RSS at one moment", (run) => run.maxRssBytes, formatBytes)
  for (const step of SCALE_STEPS) line(`    during ${step}`, (run) => run.maxRssByStep[step], formatBytes)
  line('    the same moment, shared pages counted once (PSS)', (run) => run.maxRssPssBytes, formatBytes)
  line("  max PSS: sum of all build processes' PSS at one moment", (run) => run.maxPssBytes, formatBytes)
  line('  max RSS, largest single process', (run) => run.maxProcessRssBytes, formatBytes)
  line('  build wall time', (run) => run.wallMs, formatSeconds, false)
  line('  writing the synthetic content (not in the build)', (run) => run.generateMs, formatSeconds, false)
  rows.push(['  machine while building'])
  line(
    '    other processes, cores used',
    (run) => run.otherCores,
    (n) => n.toFixed(2),
    false,
    true,
  )
  line(
    '    load average before',
    (run) => run.loadBefore,
    (n) => n.toFixed(1),
    false,
    true,
  )
  let text = renderTable(rows)
  text += `\n\n${peakTable(report)}`
  const {comparison} = report
  if (comparison) {
    text += `\n\nPages of the 1× site (web/out) in the ${comparison.factor}× site (.generated/bench/out-${comparison.factor}) (the added versions' menu entries aside): ${comparison.identical} of ${comparison.compared} identical, ${comparison.different.length} different, ${comparison.missing.length} missing; ${comparison.added} pages added`
    if (comparison.different.length > 0) text += `\n  different (they list the added posts or releases, or they are a bug): ${comparison.different.join(', ')}`
    if (comparison.missing.length > 0) text += `\n  MISSING: ${comparison.missing.join(', ')}`
  }
  return text
}
