/**
 * `npm run bench -- --only publish-studio`: the time from Publish pressed in the studio to "Live" shown there for
 * that publish. Runs the publish status specs' machinery (studio/e2e/publish-status.bench.ts with
 * studio/playwright.bench.config.ts: the built studio against the Sanity API stand-in, whose webhook reaches the real
 * receiver, its incremental publish and swap of web/out, and the publish status service) for --runs rounds after a
 * full build from the stand-in, and prints the median and p95 of each part. Builds the dataset and the studio first
 * (the studio unless --no-build finds one). web/out is put back as it was afterwards.
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {renderTable} from './format'
import {percentile} from './publish'

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

function run(root: string, command: string, args: string[], env: NodeJS.ProcessEnv, verbose: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: Buffer[] = []
    const child = spawn(command, args, {cwd: root, env: {...process.env, ...env}, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe']})
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) return resolve()
      if (!verbose) process.stderr.write(Buffer.concat(output))
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))
    })
  })
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
    await run(root, 'npm', ['run', 'import'], {}, verbose)
  }
  if (build || !existsSync(path.join(root, 'studio/dist/index.html'))) {
    progress('studio build…')
    await run(root, 'npm', ['run', 'build', '-w', '@site/studio'], {}, verbose)
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'publish-studio-bench-'))
  const out = path.join(dir, 'rounds.json')
  try {
    progress(`a full build from the stand-in, then ${runs} rounds of Publish in the studio (stand-in, webhook, publish, Chromium)…`)
    await run(
      root,
      'npx',
      ['playwright', 'test', '--config', 'studio/playwright.bench.config.ts', 'studio/e2e/publish-status.bench.ts'],
      {PUBLISH_STUDIO_BENCH_OUT: out, PUBLISH_STUDIO_BENCH_ROUNDS: String(runs)},
      verbose,
    )
    const report = JSON.parse(await readFile(out, 'utf8')) as PublishStudioBenchReport
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
export function publishStudioBenchTable(report: PublishStudioBenchReport): string {
  const rows = [['Publish in the studio → (from Publish pressed)', 'Rounds', 'Median', 'p95', 'Min', 'Max']]
  const parts: Array<[string, (round: PublishStudioRound) => number | null]> = [
    ['the webhook delivered to the receiver', (round) => round.webhook],
    ['the publish live (web/out swapped)', (round) => round.live],
    ['"Live" shown in the studio', (round) => round.shown],
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
