/**
 * The oracle of a corpus site: the site built by its own Docusaurus, in a scratch folder outside the
 * repository. Cloned from the mirror at the manifest's commit, installed from the npm registry with
 * the Docusaurus version its lock file names, built niced, timed (wall and CPU seconds), and cached:
 * a build whose record matches the commit and locales is reused.
 */
import {existsSync} from 'node:fs'
import {cp, mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {dirname, join, relative, resolve} from 'node:path'
import {runLogged, StepFailedError} from '../compare/build-ours'
import {mirrorOf, type CorpusSite} from './manifest'

export interface OracleRecord {
  commit: string | null
  locales: 'all' | string[]
  docusaurusVersion: string | null
  /** Wall-clock seconds of the build (not the install). */
  seconds: number
  /** User + system CPU seconds of the build and its children. */
  cpuSeconds: number | null
  installSeconds: number
  builtAt: string
}

export interface SitePaths {
  root: string
  repo: string
  site: string
  build: string
  record: string
  logs: string
}

export function sitePaths(scratch: string, site: CorpusSite): SitePaths {
  const root = join(scratch, site.id)
  const repo = join(root, 'repo')
  const siteDir = join(repo, site.siteDir)
  return {root, repo, site: siteDir, build: join(siteDir, 'build'), record: join(root, 'oracle.json'), logs: join(root, 'logs')}
}

export class StepError extends Error {
  constructor(
    message: string,
    readonly log: string | null,
  ) {
    super(message)
  }
}

interface ShellResult {
  seconds: number
  cpuSeconds: number | null
}

/**
 * Runs a shell command niced, its output into a log file, and measures it: wall seconds, and the CPU
 * seconds of its children from bash's `times`.
 */
export async function runShell(
  command: string,
  options: {cwd: string; log: string; env?: NodeJS.ProcessEnv; nice?: number; say?: (line: string) => void},
): Promise<ShellResult> {
  const timesFile = `${options.log}.times`
  const niced = options.nice ? `nice -n ${options.nice} ` : ''
  const script = `${niced}bash -c ${shellQuote(command)}; rc=$?; times > ${shellQuote(timesFile)}; exit $rc`
  let seconds: number
  try {
    ;({seconds} = await runLogged(command, 'bash', ['-c', script], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      log: options.log,
      heartbeatSeconds: 60,
      onHeartbeat: (elapsed, lastLine) => options.say?.(`    ${elapsed} s: ${lastLine.slice(0, 110)}`),
    }))
  } catch (error) {
    await rm(timesFile, {force: true})
    if (!(error instanceof StepFailedError)) throw error
    throw new StepError(
      error.exitCode === null
        ? `\`${command}\` could not start: ${error.tail.split('\n').at(-1)}`
        : `\`${command}\` exited with ${error.exitCode} after ${error.seconds.toFixed(0)} s (log: ${options.log})`,
      options.log,
    )
  }
  let cpuSeconds: number | null = null
  try {
    cpuSeconds = parseTimes(await readFile(timesFile, 'utf8'))
    await rm(timesFile, {force: true})
  } catch {
    cpuSeconds = null
  }
  return {seconds, cpuSeconds}
}

/**
 * The build's locale options. Docusaurus 3 builds every locale given with `--locale`, each in its folder; Docusaurus 2
 * reads the last one only and builds it alone at the site root, as if it were the default locale: a list is refused.
 */
export function localeArguments(locales: 'all' | readonly string[], docusaurusVersion: string | null): string {
  if (locales === 'all') return ''
  const major = Number(docusaurusVersion?.split('.')[0])
  if (locales.length > 1 && major < 3)
    throw new StepError(
      `oracleLocales lists ${locales.length} locales, but Docusaurus ${docusaurusVersion} builds one locale a run, at the site root: give "all" or one locale`,
      null,
    )
  return locales.map((locale) => ` --locale ${shellQuote(locale)}`).join('')
}

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`
}

/** The children's user + system seconds from bash's `times` (its second line: `1m2.5s 0m3.1s`). */
export function parseTimes(text: string): number | null {
  const line = text.trim().split('\n')[1]
  if (!line) return null
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)]
  if (parts.length !== 2) return null
  return parts.reduce((sum, part) => sum + Number(part[1]) * 60 + Number(part[2]), 0)
}

/**
 * The version of a package that a lock file resolved (package-lock.json, yarn.lock v1 or berry,
 * pnpm-lock.yaml), or null.
 */
export function lockedVersion(lockText: string, lockName: string, pkg: string): string | null {
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  if (lockName === 'package-lock.json') {
    try {
      const lock = JSON.parse(lockText) as {packages?: Record<string, {version?: string}>; dependencies?: Record<string, {version?: string}>}
      return lock.packages?.[`node_modules/${pkg}`]?.version ?? lock.dependencies?.[pkg]?.version ?? null
    } catch {
      return null
    }
  }
  if (lockName === 'yarn.lock') {
    const match = new RegExp(`^"?${escaped}@[^\\n]*:\\n(?:\\s+[^\\n]*\\n)*?\\s+version:? "?([^"\\n]+)"?`, 'm').exec(lockText)
    return match?.[1] ?? null
  }
  if (lockName === 'pnpm-lock.yaml') {
    const match = new RegExp(`['/]?${escaped}[@/](\\d+\\.\\d+\\.\\d+(?:-[\\w.]+)?)`).exec(lockText)
    return match?.[1] ?? null
  }
  return null
}

const LOCK_FILES = ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml']

/** The lock file nearest the site folder, up to the repository root. */
async function findLock(siteDir: string, repoRoot: string): Promise<{name: string; dir: string; text: string} | null> {
  let dir = siteDir
  for (;;) {
    for (const name of LOCK_FILES) if (existsSync(join(dir, name))) return {name, dir, text: await readFile(join(dir, name), 'utf8')}
    if (resolve(dir) === resolve(repoRoot)) return null
    dir = dirname(dir)
  }
}

interface PackageJson {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  overrides?: Record<string, string>
  scripts?: Record<string, string>
  workspaces?: unknown
  [key: string]: unknown
}

/**
 * Prepares the scratch copy's package.json for a plain `npm install`: each `@docusaurus/*` package
 * pinned to the version the site's lock file resolved (so that the oracle is the site's own
 * Docusaurus), the manifest's overrides added. Returns the pinned Docusaurus version.
 */
export async function pinPackages(site: CorpusSite, paths: SitePaths): Promise<string | null> {
  const file = join(paths.site, 'package.json')
  const pkg = JSON.parse(await readFile(file, 'utf8')) as PackageJson
  const lock = await findLock(paths.site, paths.repo)
  const core = lock ? lockedVersion(lock.text, lock.name, '@docusaurus/core') : null
  for (const field of ['dependencies', 'devDependencies'] as const) {
    const deps = pkg[field]
    if (!deps) continue
    for (const name of Object.keys(deps)) {
      // Only the packages released with core share its version; others keep their range.
      if (core && name.startsWith('@docusaurus/') && /^[\^~]?\d/.test(deps[name] ?? '')) deps[name] = core
    }
  }
  // The scratch install is npm's: a guard that refuses any other package manager (`npx only-allow pnpm`) is left out.
  if (/\bonly-allow\b/.test(pkg.scripts?.preinstall ?? '')) delete pkg.scripts?.preinstall
  for (const name of site.withoutPackages ?? []) {
    delete pkg.dependencies?.[name]
    delete pkg.devDependencies?.[name]
  }
  if (site.npmOverrides) {
    pkg.overrides = {...(pkg.overrides ?? {}), ...site.npmOverrides}
    // Also a direct dependency: installed without peer dependencies (--legacy-peer-deps), packages that
    // only name it as a peer (webpackbar names webpack) find it at the top level.
    pkg.dependencies = {...(pkg.dependencies ?? {})}
    for (const [name, version] of Object.entries(site.npmOverrides)) if (!pkg.devDependencies?.[name]) pkg.dependencies[name] = version
  }
  for (const [name, source] of Object.entries(site.standIns ?? {})) {
    const folder = join(paths.root, 'stand-ins', name)
    await mkdir(folder, {recursive: true})
    const description = `A stand-in for ${name}, which is not on the npm registry: enough for the site to build.`
    await writeFile(
      join(folder, 'package.json'),
      `${JSON.stringify({name, version: '0.0.0-stand-in', description, type: 'module', main: 'index.js'}, null, 2)}\n`,
    )
    await writeFile(join(folder, 'index.js'), `${source}\n`)
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const deps = pkg[field]
      if (deps?.[name] !== undefined) deps[name] = `file:${folder}`
    }
  }
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`)
  return core
}

/** The registry the scratch installs use: the only one reachable where the corpus runs. */
const NPM_REGISTRY = 'https://registry.npmjs.org/'

/**
 * A lock file's tarball addresses on another registry (a company's own mirror of the npm registry,
 * `registry.facebook.net` in metro's yarn.lock) pointed at the npm registry, whose paths are the same
 * (`<name>/-/<file>.tgz`) and whose tarballs have the same integrity. Other addresses (git, files) stay.
 */
export function lockOnNpmRegistry(lockText: string): {text: string; moved: number} {
  let moved = 0
  const text = lockText.replace(
    /https?:\/\/([a-z0-9.-]+)(?::\d+)?\/((?:@[^/"'\s]+\/)?[^/"'\s@]+\/-\/[^"'\s#]+\.tgz)/gi,
    (whole, host: string, rest: string) => {
      if (host.toLowerCase() === 'registry.npmjs.org') return whole
      moved += 1
      return `${NPM_REGISTRY}${rest}`
    },
  )
  return {text, moved}
}

/** The scratch copy's lock file, if its tarballs are elsewhere, moved to the npm registry. Returns how many addresses moved. */
async function moveLockToNpmRegistry(paths: SitePaths): Promise<number> {
  const lock = await findLock(paths.site, paths.repo)
  if (!lock || lock.name === 'pnpm-lock.yaml') return 0
  const {text, moved} = lockOnNpmRegistry(lock.text)
  if (moved > 0) await writeFile(join(lock.dir, lock.name), text)
  return moved
}

/** The folders a `workspaces` field names: `packages/*` (each folder with a package.json) and plain folders; deeper globs are not expanded. */
async function workspaceFolders(root: string, workspaces: unknown): Promise<string[]> {
  const patterns = Array.isArray(workspaces) ? workspaces : isObject(workspaces) && Array.isArray(workspaces.packages) ? workspaces.packages : []
  const folders: string[] = []
  for (const pattern of patterns.filter((item): item is string => typeof item === 'string')) {
    if (pattern.endsWith('/*') && !pattern.slice(0, -2).includes('*')) {
      const parent = join(root, pattern.slice(0, -2))
      const names = await readdir(parent).catch(() => [])
      for (const name of names.sort()) if (existsSync(join(parent, name, 'package.json'))) folders.push(join(parent, name))
    } else if (!pattern.includes('*') && existsSync(join(root, pattern, 'package.json'))) folders.push(join(root, pattern))
  }
  return folders
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A site folder inside a workspace monorepo installs alone: the parents' `workspaces` are removed in the scratch copy.
 * The monorepo's own packages (not on the registry) that the site's package.json or its config names are installed from
 * their folders instead (`file:`), as the workspace would have linked them (react-native-website's config imports its
 * remark plugins from plugins/*). A workspace root whose workspaces hold the site gives the site its dependencies
 * (babel's website declares Docusaurus in the root's package.json, hoisted to the site by the workspace); the site's
 * own versions win. Returns the linked packages' names.
 */
export async function isolateFromWorkspaces(paths: SitePaths): Promise<string[]> {
  const packages = new Map<string, string>()
  const hoisted: Pick<PackageJson, 'dependencies' | 'devDependencies'> = {}
  let dir = dirname(paths.site)
  while (relative(paths.repo, dir) === '' || !relative(paths.repo, dir).startsWith('..')) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(await readFile(file, 'utf8')) as PackageJson
      if (pkg.workspaces) {
        for (const folder of await workspaceFolders(dir, pkg.workspaces)) {
          if (resolve(folder) === resolve(paths.site)) {
            for (const field of ['dependencies', 'devDependencies'] as const) hoisted[field] = {...pkg[field], ...hoisted[field]}
            continue
          }
          const name = (JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {name?: unknown}).name
          if (typeof name === 'string' && !packages.has(name)) packages.set(name, folder)
        }
        delete pkg.workspaces
        await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`)
      }
    }
    if (resolve(dir) === resolve(paths.repo)) break
    dir = dirname(dir)
  }
  const siteFile = join(paths.site, 'package.json')
  const hoisting = Object.keys({...hoisted.dependencies, ...hoisted.devDependencies}).length > 0
  if ((packages.size === 0 && !hoisting) || !existsSync(siteFile)) return []
  const site = JSON.parse(await readFile(siteFile, 'utf8')) as PackageJson
  for (const field of ['dependencies', 'devDependencies'] as const) {
    const own = {...site.dependencies, ...site.devDependencies}
    const added = Object.entries(hoisted[field] ?? {}).filter(([name]) => own[name] === undefined)
    if (added.length > 0) site[field] = {...site[field], ...Object.fromEntries(added)}
  }
  const configs = (await readdir(paths.site)).filter((name) => /^docusaurus\.config\.[cm]?[jt]s$/.test(name))
  const configText = (await Promise.all(configs.map((name) => readFile(join(paths.site, name), 'utf8')))).join('\n')
  const linked: string[] = []
  for (const [name, folder] of packages) {
    const spec = `file:${relative(paths.site, folder)}`
    let named = false
    for (const field of ['dependencies', 'devDependencies'] as const) {
      const deps = site[field]
      if (deps?.[name] !== undefined) {
        deps[name] = spec
        named = true
      }
    }
    if (!named && configText.includes(`'${name}'`) === false && configText.includes(`"${name}"`) === false) continue
    if (!named) site.dependencies = {...(site.dependencies ?? {}), [name]: spec}
    linked.push(name)
  }
  await writeFile(siteFile, `${JSON.stringify(site, null, 2)}\n`)
  return linked
}

export interface OracleOptions {
  scratch: string
  mirrors: string
  repoRoot: string
  rebuild: boolean
  say: (line: string) => void
}

function sameLocales(a: 'all' | string[], b: 'all' | string[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Clones (or copies) the site into the scratch folder at the manifest's commit, once. */
export async function prepareSource(site: CorpusSite, options: OracleOptions): Promise<SitePaths> {
  const paths = sitePaths(options.scratch, site)
  await mkdir(paths.logs, {recursive: true})
  if (existsSync(paths.repo)) return paths
  if (site.repository.startsWith('local:')) {
    const from = join(options.repoRoot, site.repository.slice('local:'.length))
    options.say(`  copying ${from} into ${paths.repo}`)
    await cp(from, paths.repo, {recursive: true})
    return paths
  }
  const mirror = mirrorOf(site.repository, options.mirrors)
  if (!existsSync(mirror)) throw new StepError(`no mirror of ${site.repository} at ${mirror}: fetch it first (the search tool's fetch)`, null)
  options.say(`  cloning ${mirror} at ${site.commit?.slice(0, 12)}`)
  const log = join(paths.logs, 'clone.log')
  await runShell(
    `git clone --quiet --no-checkout ${shellQuote(mirror)} repo && cd repo && git -c advice.detachedHead=false checkout --quiet ${site.commit} && git config diff.renames false`,
    {
      cwd: paths.root,
      log,
    },
  )
  return paths
}

/**
 * For a site without a package.json of its own (this repository's `content/`): the manifest's
 * packages, written on every build so that a package the site's config came to need is installed.
 */
export async function writeLocalPackageJson(site: CorpusSite, paths: SitePaths): Promise<void> {
  const file = join(paths.site, 'package.json')
  const pkg = {name: `${site.id}-oracle`, private: true, scripts: {build: 'docusaurus build'}, dependencies: site.packages}
  await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`)
}

/** A 1×1 transparent GIF: the stand-in of an image the mirror lacks. */
const PLACEHOLDER_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * Files of the commit that the mirror lacks (snapshots leave out files of 4 MiB and more): written
 * as placeholders in the scratch copy (a 1×1 GIF for an image, else empty), so that both builds see
 * the same files. Returns their paths.
 */
export async function fillMissingFiles(paths: SitePaths, log: string): Promise<string[]> {
  const listed = join(paths.logs, 'missing-files.txt')
  await runShell(`git ls-files --deleted > ${shellQuote(listed)}`, {cwd: paths.repo, log})
  const missing = (await readFile(listed, 'utf8')).split('\n').filter(Boolean)
  for (const file of missing) {
    const target = join(paths.repo, file)
    await mkdir(dirname(target), {recursive: true})
    await writeFile(target, /\.(gif|png|jpe?g|webp|svg|ico|bmp|avif)$/i.test(file) ? PLACEHOLDER_GIF : '')
  }
  return missing
}

/**
 * The packages `npm ls --all` reports as unmet dependencies (not optional, not peers): a lock file that
 * leaves out a package another one needs (helm-www's lacks serialize-javascript, which its
 * copy-webpack-plugin requires) installs without it, and the build then stops. Each as `name@range`.
 */
export function unmetDependencies(npmLs: string): string[] {
  // One range a package (the last named): npm installs a name once.
  const ranges = new Map<string, string>()
  // A range may hold spaces (`search-insights@>= 1 < 3`): the spec runs to the end of its line.
  for (const [, spec = ''] of npmLs.matchAll(/UNMET DEPENDENCY (.+?)[ \t]*$/gm)) {
    const at = spec.lastIndexOf('@')
    if (at > 0) ranges.set(spec.slice(0, at), spec)
  }
  return [...ranges.values()]
}

/** The site's own Docusaurus build, cached. */
export async function buildOracle(site: CorpusSite, options: OracleOptions): Promise<{paths: SitePaths; record: OracleRecord; cached: boolean}> {
  const paths = await prepareSource(site, options)
  if (!options.rebuild && existsSync(paths.record) && existsSync(paths.build)) {
    const record = JSON.parse(await readFile(paths.record, 'utf8')) as OracleRecord
    if (record.commit === (site.commit ?? null) && sameLocales(record.locales, site.oracleLocales)) return {paths, record, cached: true}
  }
  const env = {...process.env, NODE_OPTIONS: '--max-old-space-size=8192', DOCUSAURUS_TELEMETRY_DISABLED: '1', CI: 'true', ...site.env}
  const missing = site.repository.startsWith('local:') ? [] : await fillMissingFiles(paths, join(paths.logs, 'missing-files.log'))
  if (missing.length > 0) options.say(`  ${missing.length} file(s) of the commit not in the mirror, written as placeholders: ${missing.slice(0, 3).join(', ')}`)
  if (site.packages) await writeLocalPackageJson(site, paths)
  const linked = await isolateFromWorkspaces(paths)
  if (linked.length > 0) options.say(`  the monorepo's own packages it names, installed from their folders: ${linked.join(', ')}`)
  const pinned = await pinPackages(site, paths)
  const moved = await moveLockToNpmRegistry(paths)
  if (moved > 0) options.say(`  ${moved} tarball address(es) of its lock file on another registry, pointed at the npm registry`)
  options.say(`  installing its packages (npm, Docusaurus ${pinned ?? 'as its package.json says'})`)
  // --install-links: a folder package (file:) is installed as a copy, with its dependencies where Node looks for them from it.
  const install = await runShell(
    'npm install --registry=https://registry.npmjs.org/ --no-audit --no-fund --loglevel=error --legacy-peer-deps --install-links',
    {
      cwd: paths.site,
      log: join(paths.logs, 'install.log'),
      env,
      nice: 15,
      say: options.say,
    },
  )
  const listLog = join(paths.logs, 'npm-ls.log')
  await runShell('npm ls --all', {cwd: paths.site, log: listLog, env}).catch(() => undefined)
  const unmet = unmetDependencies(await readFile(listLog, 'utf8').catch(() => ''))
  if (unmet.length > 0) {
    options.say(`  ${unmet.length} package(s) its lock file leaves out although another needs them, installed: ${unmet.join(', ')}`)
    await runShell(
      `npm install --no-save --registry=https://registry.npmjs.org/ --no-audit --no-fund --loglevel=error --legacy-peer-deps ${unmet.map(shellQuote).join(' ')}`,
      {
        cwd: paths.site,
        log: join(paths.logs, 'install-unmet.log'),
        env,
        nice: 15,
      },
      // The build says what is still missing if this fails: the oracle goes on.
    ).catch((error: unknown) => options.say(`  ${error instanceof Error ? error.message : String(error)}`))
  }
  const installed = join(paths.site, 'node_modules', '@docusaurus', 'core', 'package.json')
  const docusaurusVersion = existsSync(installed) ? ((JSON.parse(await readFile(installed, 'utf8')) as {version?: string}).version ?? null) : null
  for (const [index, command] of (site.preBuild ?? []).entries()) {
    options.say(`  pre-build: ${command}`)
    // $CORPUS_MIRRORS: a step that clones another repository, as the site's own script does from GitHub, takes its mirror.
    await runShell(command, {cwd: paths.site, log: join(paths.logs, `pre-build-${index + 1}.log`), env: {...env, CORPUS_MIRRORS: options.mirrors}, nice: 15})
  }
  await rm(paths.build, {recursive: true, force: true})
  const command = `${site.build ?? 'npx docusaurus build'}${localeArguments(site.oracleLocales, docusaurusVersion)}`
  options.say(`  building with Docusaurus ${docusaurusVersion ?? '?'}: ${command} (niced)`)
  const built = await runShell(command, {cwd: paths.site, log: join(paths.logs, 'docusaurus-build.log'), env, nice: 15, say: options.say})
  const record: OracleRecord = {
    commit: site.commit ?? null,
    locales: site.oracleLocales,
    docusaurusVersion,
    seconds: built.seconds,
    cpuSeconds: built.cpuSeconds,
    installSeconds: install.seconds,
    builtAt: new Date().toISOString(),
  }
  await writeFile(paths.record, `${JSON.stringify(record, null, 2)}\n`)
  return {paths, record, cached: false}
}

/** Markdown files of the site's repository (what "file count" means in the table): docs, blog, translations. */
export async function countMarkdown(dir: string): Promise<number> {
  let count = 0
  const entries = await readdir(dir, {recursive: true, withFileTypes: true})
  for (const entry of entries) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue
    if (entry.parentPath.split('/').some((part) => part === 'node_modules' || part === '.git' || part === 'build' || part === '.docusaurus')) continue
    count++
  }
  return count
}
