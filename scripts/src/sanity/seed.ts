/**
 * `npm run seed:sanity`: imports the generated dataset (.generated/dataset/data.ndjson and the
 * images beside it) into the configured Sanity project and dataset with the Sanity CLI's
 * `dataset import`, replacing documents with the same ids so that a re-seed updates them; when the
 * CLI fails, says in one line what to fix (token, network, a rejected document, a missing dataset).
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface SeedPlan {
  command: string
  args: string[]
  cwd: string
  /** The environment the CLI gets: the token travels here, never on the command line. */
  env: Record<string, string>
  file: string
  projectId: string
  dataset: string
}

export class SeedConfigError extends Error {}

/** Variables the seed reads, with what each is for (printed when one is missing). */
export const SEED_VARIABLES = {
  SANITY_PROJECT_ID: 'the project to import into (sanity.io/manage → project → Project ID)',
  SANITY_DATASET: 'the dataset to import into, e.g. production (create it first: npx sanity dataset create <name>)',
  SANITY_AUTH_TOKEN: 'a token with write access (sanity.io/manage → API → Tokens → Editor)',
} as const

/**
 * What to run, from the environment: fails with every missing setting named at once. The dataset
 * folder is DATASET_DIR or .generated/dataset; SANITY_CLI overrides the CLI binary (tests use a stub).
 */
export function seedPlan(env: NodeJS.ProcessEnv, root = ROOT): SeedPlan {
  const token = env.SANITY_AUTH_TOKEN || env.SANITY_API_WRITE_TOKEN
  const missing = Object.entries({SANITY_PROJECT_ID: env.SANITY_PROJECT_ID, SANITY_DATASET: env.SANITY_DATASET, SANITY_AUTH_TOKEN: token})
    .filter(([, value]) => !value)
    .map(([name]) => `  ${name}: ${SEED_VARIABLES[name as keyof typeof SEED_VARIABLES]}`)
  if (missing.length > 0) {
    throw new SeedConfigError(`seed:sanity needs these settings (in .env or the environment):\n${missing.join('\n')}`)
  }
  const datasetDir = path.resolve(root, env.DATASET_DIR || '.generated/dataset')
  const file = path.join(datasetDir, 'data.ndjson')
  if (!existsSync(file)) {
    throw new SeedConfigError(`seed:sanity: no dataset at ${file}; run \`npm run import\` first (or set DATASET_DIR)`)
  }
  const command = env.SANITY_CLI || path.join(root, 'node_modules/.bin/sanity')
  const projectId = env.SANITY_PROJECT_ID as string
  const dataset = env.SANITY_DATASET as string
  return {
    command,
    // The CLI runs in the studio folder, its project folder; it reads image paths in the NDJSON
    // (file://./images/…) relative to the NDJSON file.
    cwd: path.join(root, 'studio'),
    file,
    projectId,
    dataset,
    args: ['dataset', 'import', file, '--dataset', dataset, '--project-id', projectId, '--replace'],
    env: {
      SANITY_AUTH_TOKEN: token as string,
      SANITY_IMPORT_TOKEN: token as string,
      // CLI 8.12.0's `dataset import` takes the project from the studio's sanity.cli.ts and ignores
      // --project-id; sanity.cli.ts reads these first, so a studio .env cannot send the seed elsewhere.
      SANITY_STUDIO_PROJECT_ID: projectId,
      SANITY_STUDIO_DATASET: dataset,
      // Unwrapped error lines, so that explainSeedFailure finds ids and messages whole.
      OCLIF_COLUMNS: '10000',
    },
  }
}

/** Where the CLI sends requests: https://<projectId>.api.sanity.io, or the host SANITY_INTERNAL_ENV names. */
export function seedApiUrl(projectId: string, env: NodeJS.ProcessEnv): string {
  const internal = env.SANITY_INTERNAL_ENV
  if (internal === 'staging') return `https://${projectId}.api.sanity.work`
  if (internal && internal !== 'production') {
    const [protocol, host] = internal.split('://', 2)
    return host ? `${protocol}://${projectId}.${host}` : internal
  }
  return `https://${projectId}.api.sanity.io`
}

const NETWORK_ERROR = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)\b[^\n]*/

/** Whether the CLI gave up on the network rather than on an answer of the API. */
export function isNetworkFailure(output: string): boolean {
  return NETWORK_ERROR.test(output) || /\bfetch failed\b/.test(output)
}

/**
 * Why `url` cannot be reached (e.g. "connect ECONNREFUSED 127.0.0.1:443"), or undefined when it answers:
 * the CLI prints only "fetch failed" and leaves the reason out.
 */
export async function unreachableReason(url: string, timeoutMs = 5000): Promise<string | undefined> {
  try {
    await fetch(url, {method: 'HEAD', signal: AbortSignal.timeout(timeoutMs)})
    return undefined
  } catch (error) {
    const reasons: string[] = []
    let current: unknown = error
    for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
      // Several addresses tried: AggregateError keeps one error per address.
      const inner: unknown = current instanceof AggregateError && current.errors[0] instanceof Error ? current.errors[0] : current
      const message = inner instanceof Error ? inner.message.trim() : ''
      if (message && message !== 'fetch failed') reasons.push(message)
      current = inner instanceof Error ? inner.cause : undefined
    }
    return reasons.at(-1) ?? (error instanceof Error ? error.message : String(error))
  }
}

// ANSI colours (they start with the escape character), and oclif's "›" margin, which the CLI puts in
// front of its error lines.
// eslint-disable-next-line no-control-regex -- the escape character is what an ANSI colour starts with
const COLOURS = /\u001b\[[0-9;]*m/g
const MARGIN = /^ *› {0,3}/gm

/**
 * One clear message for a failed import, from what the Sanity CLI printed: the CLI's own words
 * suggest `sanity login`, which is not how the seed authenticates.
 */
export function explainSeedFailure(
  output: string,
  context: {projectId: string; dataset: string; apiUrl: string; code: number; unreachable?: string | undefined},
): string {
  const text = output.replace(COLOURS, '').replace(MARGIN, '')
  const target = `${context.projectId}/${context.dataset}`
  if (/\b401\b|Unauthorized|Session not found/.test(text)) {
    return `seed:sanity: Sanity refused the token (401 Unauthorized): SANITY_AUTH_TOKEN is not a valid token of project ${context.projectId}. Create one with write access (sanity.io/manage → API → Tokens, Editor) and set SANITY_AUTH_TOKEN.`
  }
  const rejected = /The mutation\(s\) failed:([^\n]*)((?:\n- [^\n]*)*)/.exec(text)
  if (rejected) {
    const items = (rejected[2] ?? '')
      .split('\n- ')
      .map((line) => line.trim())
      .filter(Boolean)
    const reasons = items.length > 0 ? items : [(rejected[1] ?? '').trim()]
    return `seed:sanity: Sanity rejected documents of the import into ${target}:\n${reasons.map((reason) => `  - ${reason}`).join('\n')}`
  }
  if (/\b403\b|Forbidden|permission/i.test(text)) {
    return `seed:sanity: the token in SANITY_AUTH_TOKEN may not write to ${target} (403 Forbidden): give it the Editor role (sanity.io/manage → API → Tokens).`
  }
  if (isNetworkFailure(text)) {
    const reason = context.unreachable ?? NETWORK_ERROR.exec(text)?.[0].trim() ?? 'fetch failed'
    return `seed:sanity: could not reach the Sanity API at ${context.apiUrl} (${reason}). Check the network${context.apiUrl.endsWith('.api.sanity.io') ? '' : ' and SANITY_INTERNAL_ENV'}.`
  }
  const missingDataset = /Dataset "([^"]+)" not found[^\n]*/.exec(text)
  if (missingDataset) {
    return `seed:sanity: project ${context.projectId} has no dataset "${missingDataset[1]}": create it first (in studio/: npx sanity dataset create ${missingDataset[1]}) or fix SANITY_DATASET.`
  }
  return `seed:sanity: the Sanity CLI exited with code ${context.code} (see its output above)`
}

export interface SeedRun {
  code: number
  /** What the CLI printed (stdout and stderr, interleaved), kept to explain a failure. */
  output: string
}

const KEPT_OUTPUT = 200_000

/** Runs the plan, passing the CLI's output through as it comes; resolves to its exit code and output. */
export function runSeed(
  plan: SeedPlan,
  env: NodeJS.ProcessEnv = process.env,
  sink: {stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream} = process,
): Promise<SeedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(plan.command, plan.args, {cwd: plan.cwd, env: {...env, ...plan.env}, stdio: ['ignore', 'pipe', 'pipe']})
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT)
    }
    child.stdout.on('data', (chunk: Buffer) => (sink.stdout.write(chunk), keep(chunk)))
    child.stderr.on('data', (chunk: Buffer) => (sink.stderr.write(chunk), keep(chunk)))
    child.on('error', (error) => reject(new Error(`seed:sanity could not start ${plan.command}: ${error.message}`)))
    child.on('close', (code, signal) => resolve({code: code ?? (signal ? 1 : 0), output}))
  })
}

async function main(): Promise<void> {
  let plan: SeedPlan
  try {
    plan = seedPlan(process.env)
  } catch (error) {
    if (error instanceof SeedConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
  const {projectId, dataset} = plan
  const apiUrl = seedApiUrl(projectId, process.env)
  console.log(`Importing ${path.relative(ROOT, plan.file)} into ${projectId}/${dataset} at ${apiUrl} (documents with the same ids are replaced)`)
  const {code, output} = await runSeed(plan)
  if (code !== 0) {
    const unreachable = isNetworkFailure(output) ? await unreachableReason(apiUrl) : undefined
    console.error(explainSeedFailure(output, {projectId, dataset, apiUrl, code, unreachable}))
  }
  process.exit(code)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
