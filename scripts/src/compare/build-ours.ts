/**
 * Builds this site from a Docusaurus site's folder, apart from the project's own build: the import
 * writes `<work>/dataset`, the web app is built from it (DATASET_DIR) in web/, and its output is
 * moved to `<work>/out`. web/out, if it existed, is set aside during the build and put back after,
 * so the developer's own build survives; two builds in web/ at once (this and `npm run build`) would
 * overwrite each other's files and must not run together.
 */
import {spawn} from 'node:child_process'
import {createWriteStream, existsSync} from 'node:fs'
import {cp, mkdir, rename, rm} from 'node:fs/promises'
import {join, resolve} from 'node:path'

export interface StepResult {
  seconds: number
  /** The step's full output. */
  log: string
}

export interface ImportFigures extends StepResult {
  documents: number | null
  warnings: number | null
  errors: number | null
}

export class StepFailedError extends Error {
  constructor(
    readonly step: string,
    readonly log: string,
    readonly tail: string,
    /** The command's exit code; null when it could not start. */
    readonly exitCode: number | null = null,
    readonly seconds = 0,
  ) {
    super(`${step} failed (full output: ${log})`)
  }
}

interface RunOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  log: string
  /** Called every `heartbeatSeconds` while the step runs, with the elapsed seconds and the step's last output line. */
  onHeartbeat?: (seconds: number, lastLine: string) => void
  heartbeatSeconds?: number
}

const TAIL_LINES = 40

/** Runs a command with its output into a log file; resolves with the output, rejects with its tail. */
export function runLogged(step: string, command: string, args: readonly string[], options: RunOptions): Promise<StepResult & {output: string}> {
  return new Promise((done, fail) => {
    const started = performance.now()
    const file = createWriteStream(options.log)
    const chunks: string[] = []
    let lastLine = ''
    const child = spawn(command, [...args], {cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe']})
    const take = (chunk: Buffer) => {
      file.write(chunk)
      const text = chunk.toString('utf8')
      chunks.push(text)
      const lines = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      if (lines.length > 0) lastLine = lines[lines.length - 1] ?? lastLine
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    const every = (options.heartbeatSeconds ?? 30) * 1000
    const timer = setInterval(() => options.onHeartbeat?.(Math.round((performance.now() - started) / 1000), lastLine), every)
    const finish = (error: Error | null, code: number | null) => {
      clearInterval(timer)
      file.end(() => {
        const output = chunks.join('')
        if (error || code !== 0) {
          const tail = output.split('\n').slice(-TAIL_LINES).join('\n')
          const seconds = (performance.now() - started) / 1000
          fail(new StepFailedError(step, options.log, error ? `${tail}\n${error.message}` : tail, error ? null : code, seconds))
          return
        }
        done({seconds: (performance.now() - started) / 1000, log: options.log, output})
      })
    }
    child.on('error', (error) => finish(error, null))
    child.on('close', (code) => finish(null, code))
  })
}

/** The figures of the importer's summary (importer/src/cli.ts), when it printed them. */
export function parseImportSummary(output: string): {documents: number | null; warnings: number | null; errors: number | null} {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output)
    return match?.[1] ? Number(match[1]) : null
  }
  return {
    documents: number(/^\s*documents: (\d+)/m),
    warnings: number(/^\s*warnings: (\d+)/m),
    errors: number(/^\s*errors: (\d+)/m),
  }
}

/** The environment of the web build: the local dataset of the comparison, never a Sanity project. */
export function buildEnvironment(base: NodeJS.ProcessEnv, datasetDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...base, DATASET_DIR: datasetDir, NEXT_TELEMETRY_DISABLED: '1'}
  for (const name of ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_API_READ_TOKEN', 'SANITY_PERSPECTIVE']) delete env[name]
  return env
}

export interface BuildOursOptions {
  repoRoot: string
  site: string
  work: string
  say: (line: string) => void
}

export interface BuildOursResult {
  import: ImportFigures
  build: StepResult
  outDir: string
}

async function moveDir(from: string, to: string): Promise<void> {
  await rm(to, {recursive: true, force: true})
  try {
    await rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await cp(from, to, {recursive: true})
    await rm(from, {recursive: true, force: true})
  }
}

/** Imports the site into `<work>/dataset` and builds it into `<work>/out`. */
export async function buildOurSite({repoRoot, site, work, say}: BuildOursOptions): Promise<BuildOursResult> {
  const workDir = resolve(work)
  const datasetDir = join(workDir, 'dataset')
  const logs = join(workDir, 'logs')
  await mkdir(logs, {recursive: true})
  const heartbeat = (step: string) => (seconds: number, lastLine: string) => say(`  ${step}: ${seconds} s${lastLine ? ` (${lastLine.slice(0, 100)})` : ''}`)

  say(`Importing ${site} into ${datasetDir}`)
  const imported = await runLogged('import', 'npx', ['tsx', 'importer/src/cli.ts', '--content', resolve(site), '--out', datasetDir], {
    cwd: repoRoot,
    env: process.env,
    log: join(logs, 'import.log'),
    onHeartbeat: heartbeat('import'),
  })
  const summary = parseImportSummary(imported.output)
  say(
    `  imported in ${imported.seconds.toFixed(1)} s: ${summary.documents ?? '?'} documents, ${summary.warnings ?? '?'} warnings, ${summary.errors ?? '?'} errors (${join(logs, 'import.log')})`,
  )

  const webOut = join(repoRoot, 'web', 'out')
  const setAside = join(repoRoot, 'web', 'out.before-compare')
  if (existsSync(setAside))
    throw new Error(`${setAside} exists: an earlier comparison was interrupted. Move it back to web/out (or delete it), then run again.`)
  const hadOut = existsSync(webOut)
  if (hadOut) {
    say(`Setting web/out aside as ${setAside} during the build`)
    await rename(webOut, setAside)
  }
  const outDir = join(workDir, 'out')
  try {
    say(`Building the site from ${datasetDir} in web/ (next build)`)
    const built = await runLogged('web build', 'npm', ['run', 'build', '-w', '@site/web'], {
      cwd: repoRoot,
      env: buildEnvironment(process.env, datasetDir),
      log: join(logs, 'build.log'),
      onHeartbeat: heartbeat('build'),
    })
    say(`  built in ${built.seconds.toFixed(1)} s (${join(logs, 'build.log')})`)
    await moveDir(webOut, outDir)
    return {import: {seconds: imported.seconds, log: imported.log, ...summary}, build: {seconds: built.seconds, log: built.log}, outDir}
  } finally {
    await rm(webOut, {recursive: true, force: true})
    if (hadOut) await rename(setAside, webOut)
  }
}
