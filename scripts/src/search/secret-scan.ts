/**
 * Proves that secrets stay out of the site. `npx tsx scripts/src/search/secret-scan.ts --build`
 * builds the web in Sanity mode with fake values of every secret (TYPESENSE_ADMIN_API_KEY,
 * SANITY_API_READ_TOKEN, SANITY_API_WRITE_TOKEN) and of the public Typesense settings, reading the content from a local
 * stand-in of the Sanity query API that serves the generated dataset and accepts only that token (so
 * the build really holds and uses it). It checks that the build read every page through the
 * stand-in, scans every file of web/out for the secret values, checks that the browser code does
 * hold the search-only key (so the scan did see a Typesense build) and that nothing of the preview
 * server (stega markers, the visual-editing bridge, the draft-mode routes) is there, then rebuilds the normal site.
 * It holds /tmp/build.lock throughout. `npm test` runs it with `--no-rebuild` (the normal build
 * follows anyway); scanOutput itself is unit-tested.
 */
import {spawn, spawnSync} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'
import {checkLinks, formatBrokenLinks} from '../check-links'
import {serveDatasetFromStandIn} from '../sanity/dataset-stand-in'

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

/** Runs of zero-width characters as stega (click-to-edit markers, @vercel/stega) encodes them: never four in a row in real text. */
// An alternation, not a character class: ESLint reads a class holding U+200D as a joined emoji sequence.
const STEGA_RUN = /(?:\u200B|\u200C|\u200D|\u2060|\uFEFF){4,}/
/** Strings of the preview server's visual-editing bridge (@sanity/visual-editing's messages with the Presentation tool) and of draft mode. */
export const PREVIEW_MARKERS = ['visual-editing/refreshed', 'presentation/focus', '__prerender_bypass', 'sanity-preview-secret', '/api/draft-mode/live/']
const TEXT_FILE = /\.(html|js|mjs|css|json|txt|xml|rss|atom|map|webmanifest|svg)$/

export interface PreviewFinding {
  file: string
  what: string
}

/**
 * What the preview server for editors has and the public export must not: stega markers in the text,
 * the visual-editing bridge, the draft-mode routes (api/draft-mode/). Text files are read as UTF-8.
 */
export async function scanForPreview(outDir: string): Promise<PreviewFinding[]> {
  const findings: PreviewFinding[] = []
  for (const file of await listFiles(outDir)) {
    const relative = path.relative(outDir, file)
    if (/(^|\/)api\/draft-mode(\/|$)/.test(relative.split(path.sep).join('/'))) findings.push({file: relative, what: 'a draft-mode route'})
    if (!TEXT_FILE.test(file)) continue
    const text = await readFile(file, 'utf8')
    const run = STEGA_RUN.exec(text)
    if (run) findings.push({file: relative, what: `stega markers (${run[0].length} zero-width characters at offset ${run.index})`})
    for (const marker of PREVIEW_MARKERS) if (text.includes(marker)) findings.push({file: relative, what: `the preview's "${marker}"`})
  }
  return findings
}

/** Runs the web build without blocking this process, whose stand-in must answer the build's queries meanwhile. */
function build(root: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@site/web'], {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']})
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`The web build failed:\n${output}`))))
  })
}

/** Fake values of the secrets a build's environment may hold, and the public Typesense settings that go with them. */
export interface FakeSecrets {
  /** Never in the output: TYPESENSE_ADMIN_API_KEY, SANITY_API_READ_TOKEN, SANITY_API_WRITE_TOKEN. */
  secrets: Record<'TYPESENSE_ADMIN_API_KEY' | 'SANITY_API_READ_TOKEN' | 'SANITY_API_WRITE_TOKEN', string>
  /** NEXT_PUBLIC_TYPESENSE_HOST and the search-only key, which the browser code must hold. */
  publicSettings: {NEXT_PUBLIC_TYPESENSE_HOST: string; NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: string}
}

/** Random fake values: found in a file, each can only have come from the build's environment. */
export function fakeSecrets(): FakeSecrets {
  const fake = (label: string) => `${label}-${randomBytes(12).toString('hex')}`
  return {
    secrets: {
      TYPESENSE_ADMIN_API_KEY: fake('fake-admin-key'),
      SANITY_API_READ_TOKEN: fake('fake-sanity-token'),
      // The publish service's token, in the environment of a build as careless set-ups might leave it.
      SANITY_API_WRITE_TOKEN: fake('fake-sanity-write-token'),
    },
    publicSettings: {NEXT_PUBLIC_TYPESENSE_HOST: 'search.invalid', NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: fake('fake-search-only-key')},
  }
}

/**
 * What a Sanity-mode build made with `fake` in its environment must show: it read its content with the token
 * (`authorizedQueries` of the stand-in's requests), the French Rooms page has its title, no internal link is broken,
 * no secret is in any file, the browser code holds the search-only key (so the scan saw a Typesense build), and
 * nothing of the preview server is there. The problems found (none when it passes) and what was seen.
 */
export async function checkSanityModeBuild(outDir: string, fake: FakeSecrets, authorizedQueries: number): Promise<{problems: string[]; seen: string}> {
  const problems: string[] = []
  if (authorizedQueries === 0) problems.push('the Sanity-mode build sent no query with the read token to the stand-in: it did not read from Sanity')
  const frenchRooms = await readFile(path.join(outDir, 'fr/docs/v4/rooms/index.html'), 'utf8').catch(() => '')
  if (!frenchRooms.includes('Les rooms')) problems.push('no French "rooms" page with its title (fr/docs/v4/rooms/index.html)')
  const links = await checkLinks(outDir)
  if (links.broken.length > 0) problems.push(`broken internal links:\n${formatBrokenLinks(links.broken).join('\n')}`)
  const result = await scanOutput(outDir, fake.secrets, {NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: fake.publicSettings.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY})
  if (result.leaks.length > 0) problems.push(`secrets reached the static output:\n${result.leaks.map((leak) => `  ${leak.name} in ${leak.file}`).join('\n')}`)
  const browserFiles = result.found.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY ?? []
  if (!browserFiles.some((file) => file.startsWith('_site/') && file.endsWith('.js')))
    problems.push('the search-only key is not in the browser code (_site/*.js): the scan did not see a Typesense build')
  // The same build (content read with the token, as the preview server reads it) shows nothing of the preview.
  const preview = await scanForPreview(outDir)
  if (preview.length > 0)
    problems.push(`the static export holds what only the preview server may:\n${preview.map((finding) => `  ${finding.what} in ${finding.file}`).join('\n')}`)
  return {
    problems,
    seen: `${authorizedQueries} authorized queries, ${links.pages} pages, no broken link; ${result.files} files scanned: no secret, the search-only key in ${browserFiles.length} browser file(s), nothing of the preview`,
  }
}

async function main() {
  if (!process.argv.includes('--build'))
    throw new Error('usage: npx tsx scripts/src/search/secret-scan.ts --build  (builds web/out twice under /tmp/build.lock)')
  if (!process.env.SECRET_SCAN_LOCKED) {
    // Re-run under the build lock: web/out and web/.next are shared with other builds.
    const result = spawnSync('flock', ['/tmp/build.lock', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: {...process.env, SECRET_SCAN_LOCKED: '1'},
    })
    process.exit(result.status ?? 1)
  }
  const root = path.resolve(import.meta.dirname, '../../..')
  const fake = fakeSecrets()
  const {SECRET_SCAN_LOCKED: _locked, ...base} = process.env
  // The stand-in serves the dataset as Sanity would (a private dataset: every query must carry the read token).
  const projectId = 'secretscan'
  const {standin, env} = await serveDatasetFromStandIn(path.join(root, '.generated/dataset'), {projectId, token: fake.secrets.SANITY_API_READ_TOKEN})
  console.log(`Building web/out in Sanity mode (a local stand-in of the query API at ${standin.url}) with fake secrets and a fake Typesense search-only key…`)
  try {
    await build(root, {...base, ...env, ...fake.secrets, ...fake.publicSettings})
  } finally {
    await standin.close()
  }
  const {problems, seen} = await checkSanityModeBuild(path.join(root, 'web/out'), fake, standin.requests.filter((request) => request.authorized).length)
  if (!process.argv.includes('--no-rebuild')) {
    console.log('Rebuilding the normal site (embedded index)…')
    await build(root, base)
  }
  if (problems.length > 0) throw new Error(`The Sanity-mode build of web/out:\n${problems.join('\n')}`)
  console.log(`The Sanity-mode build of web/out: ${seen}.`)
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
