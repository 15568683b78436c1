/**
 * `npm run check:framework`: does the site build with the newest Next and React of the majors it uses?
 * Asks the npm registry for the newest release of `next`, `react` and `react-dom` within the major of
 * web/package.json's version, copies the repository (its source files and content/; node_modules as hard
 * links) into a scratch folder outside it (os.tmpdir(), or --dir), builds the site there with the pinned
 * versions (`npm run build`: import, the two steps of next build, the link check), installs the newest
 * versions in every workspace that names them, builds it again, and compares: the same pages, and a few of
 * them with the same element structure, with no framework runtime loaded. When the newest releases are
 * the pinned ones, the one build is checked alone. With --incremental, the incremental publish check runs there too (about 15
 * minutes more). Prints PASS or FAIL with the versions; exits 0 on PASS. Not in `npm test`: it needs the
 * registry.
 *
 * Options: --dir <folder> (the scratch parent; the copy is removed afterwards unless --keep),
 * --incremental, --keep, --versions next@X,react@Y,react-dom@Y (skip the registry lookup: those versions).
 */
import {execFile, spawn} from 'node:child_process'
import {copyFile, cp, link, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, utimes, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {Parser} from 'htmlparser2'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const PACKAGES = ['next', 'react', 'react-dom'] as const
type FrameworkPackage = (typeof PACKAGES)[number]
const WORKSPACES = ['web', 'publish', 'scripts', 'studio', 'schemas', 'content-source', 'importer', 'test-support']

/** Pages whose element structure is compared between the two builds: home, docs, a translation, the blog, a not-found page. */
export const SAMPLE_PAGES = ['index.html', 'docs/v4/index.html', 'docs/v4/rooms/index.html', 'fr/docs/v4/rooms/index.html', 'blog/index.html', '404.html']

function say(line: string): void {
  process.stderr.write(`check:framework: ${line}\n`)
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, env: {...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env}, stdio: ['ignore', 'inherit', 'inherit']})
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`\`${command} ${args.join(' ')}\` exited with ${signal ?? code}`))))
  })
}

/** The major of a version spec as package.json writes it (16.4.6, ^16.4.6, ~16.4.0). */
export function majorOf(spec: string): number {
  const match = /^[\^~=v]*(\d+)\./.exec(spec.trim())
  if (!match) throw new Error(`web/package.json: cannot read a major version from "${spec}"`)
  return Number(match[1])
}

/** The newest release (no pre-release) of `name` within `major`, as the registry lists it. */
async function newestOfMajor(name: string, major: number): Promise<string> {
  const {stdout} = await promisify(execFile)('npm', ['view', `${name}@^${major}.0.0`, 'version', '--json'], {cwd: ROOT, maxBuffer: 16 * 1024 * 1024})
  const parsed = JSON.parse(stdout) as string | string[]
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((version) => /^\d+\.\d+\.\d+$/.test(version))
  const newest = versions.sort((a, b) => {
    const [x, y] = [a, b].map((version) => version.split('.').map(Number))
    return (x?.[0] ?? 0) - (y?.[0] ?? 0) || (x?.[1] ?? 0) - (y?.[1] ?? 0) || (x?.[2] ?? 0) - (y?.[2] ?? 0)
  })
  const last = newest.at(-1)
  if (!last) throw new Error(`the registry lists no release of ${name}@^${major}`)
  return last
}

/** The files git knows of (tracked, or new and not ignored), as they are in the work tree. */
async function repositoryFiles(): Promise<string[]> {
  const {stdout} = await promisify(execFile)('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: ROOT, maxBuffer: 64 * 1024 * 1024})
  return stdout.split('\0').filter(Boolean)
}

/** A copy of a folder whose files are hard links (same file system), or plain copies when links cannot be made. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, {recursive: true})
  for (const entry of await readdir(from, {withFileTypes: true})) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) await linkTree(source, target)
    else if (entry.isSymbolicLink()) await cp(source, target, {verbatimSymlinks: true})
    else await link(source, target).catch(() => copyFile(source, target))
  }
}

/** The repository in `dir`: its files copied; node_modules and .tools linked (npm replaces, never rewrites, what it changes). */
async function copyRepository(dir: string): Promise<void> {
  for (const file of await repositoryFiles()) {
    const source = path.join(ROOT, file)
    const info = await stat(source).catch(() => null)
    if (!info?.isFile()) continue
    await mkdir(path.dirname(path.join(dir, file)), {recursive: true})
    await copyFile(source, path.join(dir, file))
  }
  for (const folder of ['node_modules', '.tools']) {
    const from = path.join(ROOT, folder)
    if (await stat(from).catch(() => null)) await linkTree(from, path.join(dir, folder))
  }
  // npm rewrites its record of the installed tree in place: that one file is the copy's own.
  const record = path.join(dir, 'node_modules', '.package-lock.json')
  await rm(record, {force: true})
  await copyFile(path.join(ROOT, 'node_modules', '.package-lock.json'), record).catch(() => undefined)
}

/** Sets every workspace's dependency on Next and React to these exact versions. */
async function pinVersions(dir: string, versions: Record<FrameworkPackage, string>): Promise<string[]> {
  const changed: string[] = []
  for (const workspace of WORKSPACES) {
    const file = path.join(dir, workspace, 'package.json')
    const manifest = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, Record<string, string> | undefined>
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const dependencies = manifest[field]
      if (!dependencies) continue
      for (const name of PACKAGES)
        if (dependencies[name] && dependencies[name] !== versions[name]) {
          changed.push(`${workspace}: ${name} ${dependencies[name]} → ${versions[name]}`)
          dependencies[name] = versions[name]
        }
    }
    if (manifest.name) await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`)
  }
  return changed
}

/** Every HTML file of an export, relative to it. */
async function htmlFiles(dir: string, base = dir, found: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) await htmlFiles(file, base, found)
    else if (entry.name.endsWith('.html')) found.push(path.relative(base, file))
  }
  return found
}

/**
 * A page's element structure: each element of its body as `depth tag#id.classes`, and the scripts it loads.
 * Text, attributes other than id and class, and asset names (hashed per build) are left out.
 */
export function pageStructure(html: string): {elements: string[]; scripts: string[]} {
  const elements: string[] = []
  const scripts: string[] = []
  let depth = 0
  let inBody = false
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'body') inBody = true
      if (name === 'script' && attributes.src) scripts.push(attributes.src)
      if (inBody) {
        const id = attributes.id ? `#${attributes.id}` : ''
        const classes = attributes.class ? `.${attributes.class.trim().split(/\s+/).sort().join('.')}` : ''
        elements.push(`${depth} ${name}${id}${classes}`)
      }
      depth++
    },
    onclosetag(name) {
      depth--
      if (name === 'body') inBody = false
    },
  })
  parser.write(html)
  parser.end()
  return {elements, scripts}
}

/** What differs between the site built with the newest versions and with the pinned ones (or, alone, what is wrong with it), one line each (none when they agree). */
export async function compareBuilds(built: string, reference: string | null): Promise<{problems: string[]; notes: string[]}> {
  const problems: string[] = []
  const notes: string[] = []
  const pages = new Set(await htmlFiles(built))
  for (const page of SAMPLE_PAGES) {
    if (!pages.has(page)) {
      problems.push(`${page} is missing`)
      continue
    }
    const {elements, scripts} = pageStructure(await readFile(path.join(built, page), 'utf8'))
    if (!elements.some((element) => / main/.test(element))) problems.push(`${page} has no <main>`)
    const runtime = scripts.filter((src) => src.includes('/_next/'))
    if (runtime.length > 0) problems.push(`${page} loads the framework's runtime (${runtime[0]})`)
    if (!reference) continue
    const expected = pageStructure(await readFile(path.join(reference, page), 'utf8').catch(() => ''))
    const at = expected.elements.findIndex((element, index) => elements[index] !== element)
    if (at !== -1 || expected.elements.length !== elements.length) {
      const index = at === -1 ? Math.min(expected.elements.length, elements.length) : at
      problems.push(
        `${page}: element ${index + 1} is ${elements[index] ?? 'missing'}, the build with the pinned versions has ${expected.elements[index] ?? 'nothing'}`,
      )
    }
  }
  if (reference) {
    const expected = new Set(await htmlFiles(reference))
    const missing = [...expected].filter((page) => !pages.has(page))
    const extra = [...pages].filter((page) => !expected.has(page))
    if (missing.length > 0) problems.push(`${missing.length} pages of the build with the pinned versions are missing (${missing.slice(0, 3).join(', ')})`)
    if (extra.length > 0) problems.push(`${extra.length} pages more than the build with the pinned versions (${extra.slice(0, 3).join(', ')})`)
    notes.push(`${pages.size} HTML files, against ${expected.size} with the pinned versions; ${SAMPLE_PAGES.length} pages compared element by element`)
  } else notes.push(`${pages.size} HTML files; checked alone (present, with a main element, no framework runtime)`)
  return {problems, notes}
}

/** `npm run build` in the copy; its record of the installed tree made as new as its lock file first, so tools/run.sh installs nothing more. */
async function build(dir: string): Promise<void> {
  const now = new Date()
  await utimes(path.join(dir, 'node_modules/.package-lock.json'), now, now)
  await run('npm', ['run', 'build'], dir)
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

async function main(): Promise<number> {
  const webManifest = JSON.parse(await readFile(path.join(ROOT, 'web/package.json'), 'utf8')) as {dependencies: Record<string, string>}
  const pinned = Object.fromEntries(PACKAGES.map((name) => [name, webManifest.dependencies[name] ?? ''])) as Record<FrameworkPackage, string>
  let versions: Record<FrameworkPackage, string>
  const given = option('--versions')
  if (given) {
    versions = {...pinned}
    for (const entry of given.split(',')) {
      const at = entry.lastIndexOf('@')
      const name = entry.slice(0, at) as FrameworkPackage
      if (!PACKAGES.includes(name) || at <= 0) throw new Error(`--versions takes next@X,react@Y,react-dom@Y, got "${entry}"`)
      versions[name] = entry.slice(at + 1)
    }
  } else {
    say(`asking the registry for the newest ${PACKAGES.map((name) => `${name}@${majorOf(pinned[name])}`).join(', ')}`)
    const found = await Promise.all(PACKAGES.map((name) => newestOfMajor(name, majorOf(pinned[name]))))
    versions = Object.fromEntries(PACKAGES.map((name, index) => [name, found[index] ?? ''])) as Record<FrameworkPackage, string>
  }
  const label = PACKAGES.map((name) => `${name} ${versions[name]}`).join(', ')
  const parent = option('--dir') ?? tmpdir()
  await mkdir(parent, {recursive: true})
  const dir = await mkdtemp(path.join(parent, 'site-framework-check-'))
  const problems: string[] = []
  const notes: string[] = []
  const started = performance.now()
  try {
    say(`copying the repository into ${dir}`)
    await copyRepository(dir)
    const tsx = path.join(dir, 'node_modules/.bin/tsx')
    const versionsLine = async () => (await promisify(execFile)(tsx, ['web/src/build/next-adapter.ts', 'check'], {cwd: dir})).stdout.trim()
    // The same source built with the versions package.json pins: what the newest versions must give.
    say(`building the site with the pinned versions (${await versionsLine()})`)
    await build(dir)
    const reference = path.join(dir, 'reference-out')
    await rename(await realpath(path.join(dir, 'web/out')), reference)
    const changed = await pinVersions(dir, versions)
    if (changed.length === 0) {
      notes.push(`the newest releases are the ones package.json pins: one build, checked alone`)
      const checked = await compareBuilds(reference, null)
      problems.push(...checked.problems)
      notes.push(...checked.notes)
    } else {
      say(`installing ${label} (${changed.join('; ')})`)
      await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir)
      say(`building the site with the newest versions (${await versionsLine()})`)
      await build(dir)
      const compared = await compareBuilds(path.join(dir, 'web/out'), reference)
      problems.push(...compared.problems)
      notes.push(...compared.notes)
    }
    if (process.argv.includes('--incremental')) {
      say('the incremental publish check (scripts/src/publish/incremental-check.ts)')
      await run(tsx, ['scripts/src/publish/incremental-check.ts'], dir).then(
        () => notes.push('incremental publish check: passed'),
        (error: unknown) => problems.push(`incremental publish check: ${error instanceof Error ? error.message : String(error)}`),
      )
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error))
  } finally {
    if (process.argv.includes('--keep')) say(`kept ${dir}`)
    else await rm(dir, {recursive: true, force: true})
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1)
  for (const note of notes) say(note)
  if (problems.length === 0) {
    console.log(`check:framework: PASS with ${label} (web/package.json names ${PACKAGES.map((name) => `${name} ${pinned[name]}`).join(', ')}; ${minutes} min)`)
    return 0
  }
  console.log(`check:framework: FAIL with ${label} (${minutes} min)`)
  for (const problem of problems) console.log(`  - ${problem}`)
  return 1
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(`check:framework: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    })
}
