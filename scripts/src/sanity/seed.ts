/**
 * `npm run seed:sanity`: imports the generated dataset (.generated/dataset/data.ndjson and the
 * images beside it) into the configured Sanity project and dataset with the Sanity CLI's
 * `dataset import`, replacing documents with the same ids so that a re-seed updates them.
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
  return {
    command,
    // The CLI runs in the studio folder, its project folder; it reads image paths in the NDJSON
    // (file://./images/…) relative to the NDJSON file.
    cwd: path.join(root, 'studio'),
    file,
    args: ['dataset', 'import', file, '--dataset', env.SANITY_DATASET as string, '--project-id', env.SANITY_PROJECT_ID as string, '--replace'],
    env: {SANITY_AUTH_TOKEN: token as string, SANITY_IMPORT_TOKEN: token as string},
  }
}

/** Runs the plan with the CLI's output shown; resolves to its exit code. */
export function runSeed(plan: SeedPlan, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(plan.command, plan.args, {cwd: plan.cwd, env: {...env, ...plan.env}, stdio: 'inherit'})
    child.on('error', (error) => reject(new Error(`seed:sanity could not start ${plan.command}: ${error.message}`)))
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
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
  console.log(`Importing ${path.relative(ROOT, plan.file)} into ${process.env.SANITY_PROJECT_ID}/${process.env.SANITY_DATASET} (documents with the same ids are replaced)`)
  const code = await runSeed(plan)
  if (code !== 0) console.error(`seed:sanity: the Sanity CLI exited with code ${code} (see its output above)`)
  process.exit(code)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
