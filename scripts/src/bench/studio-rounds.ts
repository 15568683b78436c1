/**
 * What the benches measured in the built studio share (./preview.ts, ./publish-studio.ts): running a command for
 * them (its output shown only when it fails, unless verbose), running a studio/e2e/*.bench.ts file for a number of
 * rounds that it writes as JSON to a file named in its environment, and the table of each part's median, p95, min
 * and max over the rounds.
 */
import {spawn} from 'node:child_process'
import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {renderTable} from './format'
import {percentile} from './publish'

export interface BenchCommand {
  /** What it does, for its error. */
  what: string
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** The directory it runs in, under the repository root (the root itself when absent). */
  cwd?: string
}

/** Runs a command in the repository; rejects, naming it, when it exits with another code than 0. */
export function runBenchCommand(root: string, step: BenchCommand, verbose: boolean): Promise<void> {
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

/**
 * Runs `spec` (a studio/e2e/*.bench.ts file) with studio/playwright.bench.config.ts for `runs` rounds, telling it where
 * to write them (`outVariable`) and how many (`roundsVariable`), and returns the rounds it wrote.
 */
export async function runStudioRounds<Round>(options: {
  root: string
  what: string
  spec: string
  outVariable: string
  roundsVariable: string
  runs: number
  verbose: boolean
}): Promise<{rounds: Round[]}> {
  const {root, what, spec, outVariable, roundsVariable, runs, verbose} = options
  const dir = await mkdtemp(path.join(tmpdir(), 'studio-bench-'))
  const out = path.join(dir, 'rounds.json')
  try {
    await runBenchCommand(
      root,
      {
        what,
        command: 'npx',
        args: ['playwright', 'test', '--config', 'studio/playwright.bench.config.ts', spec],
        env: {[outVariable]: out, [roundsVariable]: String(runs)},
      },
      verbose,
    )
    const report = JSON.parse(await readFile(out, 'utf8')) as {rounds: Round[]}
    if (!Array.isArray(report.rounds) || report.rounds.length === 0) throw new Error(`The rounds wrote no figures to ${out}`)
    return report
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

function seconds(ms: number): string {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–'
}

/** The table of each part over the rounds: how many rounds saw it, median, p95, min and max (in seconds). */
export function roundsTable<Round>(title: string, parts: ReadonlyArray<[name: string, of: (round: Round) => number | null]>, rounds: readonly Round[]): string {
  const rows = [[title, 'Rounds', 'Median', 'p95', 'Min', 'Max']]
  for (const [name, of] of parts) {
    const samples = rounds.map(of).filter((value): value is number => value !== null)
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
