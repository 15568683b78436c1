/**
 * The server of the theme's end-to-end tests: the kitchen-sink fixture imported into its own dataset
 * and built into web/.theme-e2e-out (SITE_OUT_DIR, beside web/out, which it leaves alone) when that
 * export is missing or older than its sources, then served by scripts/src/serve.ts (the site's own
 * server, with the Content-Security-Policy of the export) on 127.0.0.1. Started by playwright.theme.config.ts.
 */
import {spawn} from 'node:child_process'
import {existsSync, statSync} from 'node:fs'
import {readdir, stat} from 'node:fs/promises'
import {join} from 'node:path'
import {REPO_ROOT, THEMED_DATASET, THEMED_OUT, THEMED_OUT_DIR, THEMED_SITE} from './settings'

const port = process.argv[2] ?? '3300'

/** The newest modification time of the files under `dir` (tests and fixtures' folders of other tests left out). */
async function newest(dir: string): Promise<number> {
  let latest = 0
  for (const entry of await readdir(dir, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile() || (entry.parentPath.includes('__tests__') && !entry.parentPath.startsWith(THEMED_SITE))) continue
    latest = Math.max(latest, (await stat(join(entry.parentPath, entry.name))).mtimeMs)
  }
  return latest
}

async function isStale(): Promise<boolean> {
  const index = join(THEMED_OUT_DIR, 'index.html')
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  for (const dir of ['web/src', 'web/app', 'schemas/src', 'content-source/src', 'importer/src', THEMED_SITE]) {
    if ((await newest(dir.startsWith('/') ? dir : join(REPO_ROOT, dir))) > built) return true
  }
  return false
}

function step(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {cwd: REPO_ROOT, env, stdio: 'inherit'})
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

async function main() {
  if (process.env.THEME_E2E_NO_BUILD !== '1' && (await isStale())) {
    console.log(`[theme e2e] importing ${THEMED_SITE} and building it into web/${THEMED_OUT}`)
    await step('npx', ['tsx', 'importer/src/cli.ts', '--content', THEMED_SITE, '--out', THEMED_DATASET])
    const env: NodeJS.ProcessEnv = {...process.env, DATASET_DIR: THEMED_DATASET, SITE_OUT_DIR: THEMED_OUT, NEXT_TELEMETRY_DISABLED: '1'}
    for (const name of ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_API_READ_TOKEN']) delete env[name]
    await step('npm', ['run', 'build', '-w', '@site/web'], env)
  }
  const server = spawn('npx', ['tsx', 'scripts/src/serve.ts', '--dir', THEMED_OUT_DIR, '--port', port, '--host', '127.0.0.1'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  })
  const stop = () => server.kill('SIGTERM')
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  server.on('close', (code) => process.exit(code ?? 1))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
