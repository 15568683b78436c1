/**
 * `npm run bench -- --only preview`: the preview's update latency, keystroke in the studio → the
 * Presentation tool's frame showing it, through the Sanity API stand-in's live events. Runs the studio
 * e2e's machinery (studio/e2e/preview-latency.bench.ts with studio/playwright.bench.config.ts: the built
 * studio, the stand-in, the preview server of web/.next-preview in the frame, Debian's Chromium) for
 * --runs rounds, and prints the median and p95 of each part. Builds what is missing first (the dataset,
 * the studio, the preview server); with --no-build it measures the builds there are.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {type BenchCommand, roundsTable, runBenchCommand, runStudioRounds} from './studio-rounds'

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

/** A build the rounds need, and the file it makes. */
interface Step extends BenchCommand {
  done: string
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
    await runBenchCommand(root, step, verbose)
    if (!existsSync(path.join(root, step.done))) throw new Error(`${step.what} made no ${step.done}`)
  }
  progress(`${runs} rounds of typing in the Presentation tool (studio, stand-in, preview server, Chromium)…`)
  return runStudioRounds<PreviewRound>({
    root,
    what: 'the preview latency rounds',
    spec: 'studio/e2e/preview-latency.bench.ts',
    outVariable: 'PREVIEW_BENCH_OUT',
    roundsVariable: 'PREVIEW_BENCH_ROUNDS',
    runs,
    verbose,
  })
}

/** The figures: median, p95, min and max of each part over the rounds. */
export function previewBenchTable(report: PreviewBenchReport): string {
  return roundsTable<PreviewRound>(
    'Preview update (from the last keystroke in the studio)',
    [
      ['draft saved in the stand-in (the studio’s save)', (round) => round.saved],
      ['the frame asks the preview server for the page', (round) => round.refreshRequested],
      ['the frame shows the new title (goal ≤ 2 s)', (round) => round.shown],
    ],
    report.rounds,
  )
}
