/**
 * `npm run bench -- --only preview`: the preview's update latency, keystroke in the studio → the
 * Presentation tool's frame showing it, through the Sanity API stand-in's live events. Runs the studio
 * e2e's machinery (studio/e2e/preview-latency.bench.ts with studio/playwright.bench.config.ts: the built
 * studio, the stand-in, the preview server of web/.next-preview in the frame, Debian's Chromium) for
 * --runs rounds, and prints the median and p95 of each part. Builds what is missing first (the dataset,
 * the studio, the preview server); with --no-build it measures the builds there are.
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {renderTable} from './format'
import {percentile} from './publish'

export interface PreviewRound {
  /** Keystroke → the stand-in holding the draft with it (the studio's save), ms; null when not seen. */
  saved: number | null
  /** Keystroke → the frame asking the preview server for the page again, ms; null when not seen. */
  refreshRequested: number | null
  /** Keystroke → the frame's heading showing the new title, ms. */
  shown: number
}

export interface PreviewBenchReport {
  rounds: PreviewRound[]
}

interface Step {
  what: string
  done: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** The directory it runs in, under the repository root (the root itself when absent). */
  cwd?: string
}

function run(root: string, step: Step, verbose: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: Buffer[] = []
    const child = spawn(step.command, step.args, {
      cwd: path.join(root, step.cwd ?? ''),
      env: {...process.env, ...step.env},
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) return resolve()
      if (!verbose) process.stderr.write(Buffer.concat(output))
      reject(new Error(`${step.what} (${step.command} ${step.args.join(' ')}) exited with ${code}`))
    })
  })
}

/** What must exist before the rounds, and how each is made. */
function buildSteps(root: string, build: boolean): Step[] {
  const missing = (file: string) => !existsSync(path.join(root, file))
  const steps: Step[] = []
  if (missing('.generated/dataset/data.ndjson')) steps.push({what: 'import', done: '.generated/dataset/data.ndjson', command: 'npm', args: ['run', 'import']})
  if (build || missing('studio/dist/index.html'))
    steps.push({what: 'studio build', done: 'studio/dist/index.html', command: 'npm', args: ['run', 'build', '-w', '@site/studio']})
  if (build || missing('web/.next-preview/BUILD_ID'))
    steps.push({
      what: 'preview server build',
      done: 'web/.next-preview/BUILD_ID',
      command: 'npx',
      args: ['next', 'build'],
      cwd: 'web',
      env: {SITE_PREVIEW: '1', NEXT_TELEMETRY_DISABLED: '1'},
    })
  return steps
}

export async function runPreviewBench(options: {
  root: string
  runs: number
  build: boolean
  verbose: boolean
  progress: (line: string) => void
}): Promise<PreviewBenchReport> {
  const {root, runs, build, verbose, progress} = options
  for (const step of buildSteps(root, build)) {
    progress(`${step.what}…`)
    await run(root, step, verbose)
    if (!existsSync(path.join(root, step.done))) throw new Error(`${step.what} made no ${step.done}`)
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'preview-bench-'))
  const out = path.join(dir, 'rounds.json')
  try {
    progress(`${runs} rounds of typing in the Presentation tool (studio, stand-in, preview server, Chromium)…`)
    await run(
      root,
      {
        what: 'the preview latency rounds',
        done: '',
        command: 'npx',
        args: ['playwright', 'test', '--config', 'studio/playwright.bench.config.ts', 'studio/e2e/preview-latency.bench.ts'],
        env: {PREVIEW_BENCH_OUT: out, PREVIEW_BENCH_ROUNDS: String(runs)},
      },
      verbose,
    )
    const report = JSON.parse(await readFile(out, 'utf8')) as PreviewBenchReport
    if (!Array.isArray(report.rounds) || report.rounds.length === 0) throw new Error(`The rounds wrote no figures to ${out}`)
    return report
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–'
}

/** The figures: median, p95, min and max of each part over the rounds. */
export function previewBenchTable(report: PreviewBenchReport): string {
  const rows = [['Preview update (from the last keystroke in the studio)', 'Rounds', 'Median', 'p95', 'Min', 'Max']]
  const parts: Array<[string, (round: PreviewRound) => number | null]> = [
    ['draft saved in the stand-in (the studio’s save)', (round) => round.saved],
    ['the frame asks the preview server for the page', (round) => round.refreshRequested],
    ['the frame shows the new title (goal ≤ 2 s)', (round) => round.shown],
  ]
  for (const [name, of] of parts) {
    const samples = report.rounds.map(of).filter((value): value is number => value !== null)
    rows.push([
      name,
      String(samples.length),
      seconds(percentile(samples, 0.5)),
      seconds(percentile(samples, 0.95)),
      seconds(samples.length ? Math.min(...samples) : Number.NaN),
      seconds(samples.length ? Math.max(...samples) : Number.NaN),
    ])
  }
  return renderTable(rows)
}
