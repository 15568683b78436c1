/**
 * `npm run bench -- --only publish-studio`: the time from Publish pressed in the studio to "Live" shown there for
 * that publish. Runs the publish status specs' machinery (studio/e2e/publish-status.bench.ts with
 * studio/playwright.bench.config.ts: the built studio against the Sanity API stand-in, whose webhook reaches the real
 * receiver, its incremental publish and swap of web/out, and the publish status service) for --runs rounds after a
 * full build from the stand-in, and prints the median and p95 of each part. Builds the dataset and the studio first
 * (the studio unless --no-build finds one). web/out is put back as it was afterwards.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {roundsTable, runBenchCommand, runStudioRounds} from './studio-rounds'

export interface PublishStudioRound {
  /** Publish pressed → the webhook's delivery answered by the receiver, ms. */
  webhook: number | null
  /** Publish pressed → the publish live (the swap, as its status document records it), ms. */
  live: number | null
  /** Publish pressed → the studio showing "Live" for it, ms. */
  shown: number
}

export interface PublishStudioBenchReport {
  rounds: PublishStudioRound[]
}

export async function runPublishStudioBench(options: {
  root: string
  runs: number
  build: boolean
  verbose: boolean
  progress: (line: string) => void
}): Promise<PublishStudioBenchReport> {
  const {root, runs, build, verbose, progress} = options
  if (!existsSync(path.join(root, '.generated/dataset/data.ndjson'))) {
    progress('import…')
    await runBenchCommand(root, {what: 'import', command: 'npm', args: ['run', 'import']}, verbose)
  }
  if (build || !existsSync(path.join(root, 'studio/dist/index.html'))) {
    progress('studio build…')
    await runBenchCommand(root, {what: 'studio build', command: 'npm', args: ['run', 'build', '-w', '@site/studio']}, verbose)
  }
  progress(`a full build from the stand-in, then ${runs} rounds of Publish in the studio (stand-in, webhook, publish, Chromium)…`)
  return runStudioRounds<PublishStudioRound>({
    root,
    what: 'the Publish → Live rounds',
    spec: 'studio/e2e/publish-status.bench.ts',
    outVariable: 'PUBLISH_STUDIO_BENCH_OUT',
    roundsVariable: 'PUBLISH_STUDIO_BENCH_ROUNDS',
    runs,
    verbose,
  })
}

/** The figures: median, p95, min and max of each part over the rounds. */
export function publishStudioBenchTable(report: PublishStudioBenchReport): string {
  return roundsTable<PublishStudioRound>(
    'Publish in the studio → (from Publish pressed)',
    [
      ['the webhook delivered to the receiver', (round) => round.webhook],
      ['the publish live (web/out swapped)', (round) => round.live],
      ['"Live" shown in the studio', (round) => round.shown],
    ],
    report.rounds,
  )
}
