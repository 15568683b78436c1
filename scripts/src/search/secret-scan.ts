/**
 * Proves that secrets stay out of the site. `npx tsx scripts/src/search/secret-scan.ts --build`
 * builds the web with fake values of every secret (TYPESENSE_ADMIN_API_KEY, SANITY_API_READ_TOKEN)
 * and of the public Typesense settings, scans every file of web/out for the secret values, checks
 * that the browser code does hold the search-only key (so the scan did see a Typesense build), then
 * rebuilds the normal site. It holds /tmp/build.lock throughout. `npm test` runs it with
 * `--no-rebuild` (the normal build follows anyway); scanOutput itself is unit-tested.
 */
import {spawnSync} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'

export interface ScanResult {
  files: number
  /** Files holding a forbidden value, with the variable it belongs to. */
  leaks: Array<{file: string; name: string}>
  /** For each required value, the files holding it. */
  found: Record<string, string[]>
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true})
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

/** Looks for each value in every file's bytes (HTML, RSC payloads, JS, JSON, maps: all of them). */
export async function scanOutput(outDir: string, forbidden: Record<string, string>, required: Record<string, string> = {}): Promise<ScanResult> {
  const files = await listFiles(outDir)
  const leaks: ScanResult['leaks'] = []
  const found: ScanResult['found'] = Object.fromEntries(Object.keys(required).map((name) => [name, []]))
  for (const file of files) {
    const bytes = await readFile(file)
    const relative = path.relative(outDir, file)
    for (const [name, value] of Object.entries(forbidden)) if (bytes.includes(value)) leaks.push({file: relative, name})
    for (const [name, value] of Object.entries(required)) if (bytes.includes(value)) found[name]?.push(relative)
  }
  return {files: files.length, leaks, found}
}

function build(root: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@site/web'], {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`The web build failed:\n${result.stdout}\n${result.stderr}`)
}

async function main() {
  if (!process.argv.includes('--build')) throw new Error('usage: npx tsx scripts/src/search/secret-scan.ts --build  (builds web/out twice under /tmp/build.lock)')
  if (!process.env.SECRET_SCAN_LOCKED) {
    // Re-run under the build lock: web/out and web/.next are shared with other builds.
    const result = spawnSync('flock', ['/tmp/build.lock', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {stdio: 'inherit', env: {...process.env, SECRET_SCAN_LOCKED: '1'}})
    process.exit(result.status ?? 1)
  }
  const root = path.resolve(import.meta.dirname, '../../..')
  const fake = (label: string) => `${label}-${randomBytes(12).toString('hex')}`
  const secrets = {TYPESENSE_ADMIN_API_KEY: fake('fake-admin-key'), SANITY_API_READ_TOKEN: fake('fake-sanity-token')}
  const searchKey = fake('fake-search-only-key')
  const {SECRET_SCAN_LOCKED: _locked, ...base} = process.env
  console.log('Building web/out with fake secrets and a fake Typesense search-only key…')
  build(root, {...base, ...secrets, NEXT_PUBLIC_TYPESENSE_HOST: 'search.invalid', NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: searchKey})
  const result = await scanOutput(path.join(root, 'web/out'), secrets, {NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: searchKey})
  if (!process.argv.includes('--no-rebuild')) {
    console.log('Rebuilding the normal site (embedded index)…')
    build(root, base)
  }
  const browserFiles = result.found.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY ?? []
  console.log(`Scanned ${result.files} files of web/out.`)
  if (result.leaks.length > 0) throw new Error(`Secrets reached the static output:\n${result.leaks.map((leak) => `  ${leak.name} in ${leak.file}`).join('\n')}`)
  if (!browserFiles.some((file) => file.startsWith('_next/static/') && file.endsWith('.js'))) throw new Error('The search-only key is not in the browser code: the scan did not see a Typesense build')
  console.log(`No secret in the output; the search-only key is in ${browserFiles.length} file(s): ${browserFiles.join(', ')}`)
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
