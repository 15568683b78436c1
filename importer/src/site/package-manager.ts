/**
 * The package manager a site installs its dependencies with, and the install itself (`--install`).
 *
 * Found where the site's packages are installed from: the site folder, or the root of the workspace
 * it belongs to (a site in website/ of a monorepo whose package.json lists it among its `workspaces`,
 * or a pnpm-workspace.yaml). The site folder decides when it says anything, else that root: the
 * `packageManager` field of its package.json (what Corepack enforces, so the maintainers' own choice),
 * else its lock files. When a folder carries several lock
 * files (npm's, pnpm's and bun's, left by contributors), the one its package.json scripts run
 * (`"build": "pnpm copy-docs && …"`) is chosen, else the one git changed last (the one kept up to
 * date), else the first of pnpm, yarn, bun, npm.
 */
import {spawn, spawnSync} from 'node:child_process'
import {existsSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {minimatch} from 'minimatch'

export type PackageManagerName = 'npm' | 'pnpm' | 'yarn' | 'bun'

export interface PackageManager {
  name: PackageManagerName
  /** The folder to install in: the one whose package.json or lock file decided. */
  dir: string
  /** Why this one, for messages: `the packageManager field of package.json ("pnpm@9.15.0")`, `its lock file pnpm-lock.yaml`. */
  reason: string
  /** The command that installs the site's dependencies as its lock file records them. */
  command: string[]
  /** The version the packageManager field names (`9.15.0`), or the major its lock file's format was written by (`9`). */
  version?: string
}

/**
 * The pnpm major that writes a pnpm-lock.yaml of this `lockfileVersion`, for a site that names no version: the
 * newest pnpm may refuse an older lock file (pnpm 11 checks every entry against its registry's release dates).
 */
const PNPM_FOR_LOCKFILE: Array<[RegExp, string]> = [
  [/^9\./, '9'],
  [/^6\./, '8'],
  [/^5\.4$/, '7'],
  [/^5\.[0-3]$/, '6'],
]

function pnpmForLockFile(dir: string): string | undefined {
  let head = ''
  try {
    head = readFileSync(path.join(dir, 'pnpm-lock.yaml'), 'utf8').slice(0, 200)
  } catch {
    return undefined
  }
  const version = /^lockfileVersion:\s*['"]?([\d.]+)/m.exec(head)?.[1]
  return version === undefined ? undefined : PNPM_FOR_LOCKFILE.find(([pattern]) => pattern.test(version))?.[1]
}

/** A manager found from lock files, with the pnpm major its lock file asks for. */
function fromLockFiles(name: PackageManagerName, dir: string, reason: string): PackageManager {
  const version = name === 'pnpm' ? pnpmForLockFile(dir) : undefined
  return {name, dir, reason, command: commandOf(name), ...(version ? {version} : {})}
}

const LOCK_FILES: Array<[string, PackageManagerName]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
]
const PREFERENCE: PackageManagerName[] = ['pnpm', 'yarn', 'bun', 'npm']

function readManifest(dir: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function commandOf(name: PackageManagerName): string[] {
  return [name, 'install']
}

/** When git last changed a file (seconds), or its modification time when git does not know it. */
function lastChanged(dir: string, file: string): number {
  const result = spawnSync('git', ['log', '-1', '--format=%ct', '--', file], {cwd: dir, encoding: 'utf8', timeout: 10_000})
  const seconds = Number.parseInt(result.stdout?.trim() ?? '', 10)
  if (result.status === 0 && !Number.isNaN(seconds)) return seconds
  try {
    return Math.floor(statSync(path.join(dir, file)).mtimeMs / 1000)
  } catch {
    return 0
  }
}

/** The manager one folder names, or null when it names none. */
function managerIn(dir: string): PackageManager | null {
  const manifest = readManifest(dir)
  const declared = typeof manifest?.packageManager === 'string' ? manifest.packageManager : undefined
  const declaredName = declared ? /^(npm|pnpm|yarn|bun)@/.exec(declared)?.[1] : undefined
  if (declared && declaredName) {
    const name = declaredName as PackageManagerName
    const version = /^[a-z]+@([^+\s]+)/.exec(declared)?.[1]
    return {
      name,
      dir,
      reason: `the packageManager field of ${path.join(dir, 'package.json')} ("${declared}")`,
      command: commandOf(name),
      ...(version ? {version} : {}),
    }
  }
  const locks = LOCK_FILES.filter(([file]) => existsSync(path.join(dir, file)))
  const names = [...new Set(locks.map(([, name]) => name))]
  if (names.length === 0) return null
  const files = locks.map(([file]) => file)
  if (names.length === 1) {
    return fromLockFiles(names[0] as PackageManagerName, dir, `its lock file ${files.join(' and ')} in ${dir}`)
  }
  // Several lock files: the manager the site's own scripts run…
  const scripts = typeof manifest?.scripts === 'object' && manifest.scripts !== null ? Object.values(manifest.scripts as Record<string, unknown>) : []
  const used = names.filter((name) => scripts.some((script) => typeof script === 'string' && new RegExp(`(^|[\\s;&|(])${name} `).test(script)))
  if (used.length === 1) {
    const name = used[0] as PackageManagerName
    return fromLockFiles(name, dir, `${dir} has the lock files ${files.join(', ')}; its package.json scripts run ${name}`)
  }
  // …else the lock file changed last, the one its maintainers keep up to date.
  const dated = locks.map(([file, name]) => ({file, name, at: lastChanged(dir, file)})).sort((a, b) => b.at - a.at)
  const newest = dated[0]
  if (newest && dated.filter((entry) => entry.name !== newest.name).every((entry) => entry.at < newest.at)) {
    return fromLockFiles(
      newest.name,
      dir,
      `${dir} has the lock files ${files.join(', ')}; ${newest.file} is the one changed last (${new Date(newest.at * 1000).toISOString().slice(0, 10)})`,
    )
  }
  const name = PREFERENCE.find((candidate) => names.includes(candidate)) ?? 'npm'
  return fromLockFiles(name, dir, `${dir} has the lock files ${files.join(', ')}, none more recent than the others: ${name} is taken`)
}

/** Whether `root` is a workspace root that holds `siteDir` (its package.json's `workspaces` match it, or it has a pnpm-workspace.yaml). */
function holdsWorkspace(root: string, siteDir: string): boolean {
  if (existsSync(path.join(root, 'pnpm-workspace.yaml'))) return true
  const workspaces = readManifest(root)?.workspaces
  const patterns = Array.isArray(workspaces)
    ? workspaces
    : typeof workspaces === 'object' && workspaces !== null && Array.isArray((workspaces as {packages?: unknown}).packages)
      ? ((workspaces as {packages: unknown[]}).packages ?? [])
      : []
  const relative = path.relative(root, siteDir).split(path.sep).join('/')
  return patterns.some((pattern) => typeof pattern === 'string' && minimatch(relative, pattern.replace(/^\.\//, '').replace(/\/+$/, '')))
}

/** The package manager of the site in `siteDir`: npm in the site folder when nothing says otherwise. */
export function detectPackageManager(siteDir: string): PackageManager {
  const site = path.resolve(siteDir)
  const own = managerIn(site)
  if (own) return own
  // A workspace root above the site (up to the repository's root) installs its packages.
  for (let dir = site; ;) {
    const parent = path.dirname(dir)
    if (existsSync(path.join(dir, '.git')) || parent === dir) break
    dir = parent
    if (holdsWorkspace(dir, site)) {
      const root = managerIn(dir)
      if (root) return {...root, reason: `${root.reason} (the site is a workspace of ${dir})`}
    }
  }
  return {name: 'npm', dir: site, reason: 'no lock file or packageManager field says otherwise', command: commandOf('npm')}
}

/** The command to give in a message, with the folder to run it in when that is not the site folder. */
export function describeInstall(manager: PackageManager, siteDir: string): string {
  const where = path.resolve(manager.dir) === path.resolve(siteDir) ? '' : ` in ${manager.dir}`
  return `\`${manager.command.join(' ')}\`${where}`
}

/** What a run of an install command gave: its exit, or why it could not start, and its last lines. */
interface InstallRun {
  code: number | null
  signal: NodeJS.Signals | null
  error?: NodeJS.ErrnoException
  tail: string[]
}

/**
 * Runs one install command in `dir`, passing its output on as progress lines (counters a package
 * manager rewrites in place at most every 5 s) and saying every 15 s that it still runs.
 */
function spawnInstall(command: string, args: readonly string[], dir: string, progress: (line: string) => void, started: number): Promise<InstallRun> {
  return new Promise((resolve) => {
    // CI=1: package managers print plain lines, not redrawn bars. npm's audit and funding notes are not the import's business.
    const env = {...process.env, CI: process.env.CI ?? '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false'}
    const child = spawn(command, args, {cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe']})
    let lastOutput = Date.now()
    let lastCounter = 0
    const tail: string[] = []
    const onData = (chunk: Buffer) => {
      for (const raw of chunk.toString('utf8').split(/\r\n|\r|\n/)) {
        // eslint-disable-next-line no-control-regex -- the escape character is what a terminal colour starts with
        const line = raw.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').trimEnd()
        if (line.trim() === '') continue
        tail.push(line)
        if (tail.length > 20) tail.shift()
        if (/^(Progress|Resolving|Fetching|Downloading|\[\d+\/\d+\])/i.test(line.trim())) {
          if (Date.now() - lastCounter < 5000) continue
          lastCounter = Date.now()
        }
        lastOutput = Date.now()
        progress(`install │ ${line}`)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    const ticker = setInterval(() => {
      if (Date.now() - lastOutput >= 15_000) {
        lastOutput = Date.now()
        progress(`install: still running, ${Math.round((Date.now() - started) / 1000)} s so far`)
      }
    }, 1000)
    let settled = false
    const finish = (run: InstallRun) => {
      if (settled) return
      settled = true
      clearInterval(ticker)
      resolve(run)
    }
    child.on('error', (error: NodeJS.ErrnoException) => finish({code: null, signal: null, error, tail}))
    child.on('close', (code, signal) => finish({code, signal, tail}))
  })
}

/**
 * Runs the site's install in its folder, with its output as progress lines. pnpm or Yarn that is not
 * on the machine is run through npx (the version the packageManager field names, else for pnpm the
 * major that writes its lock file's format, from the npm registry). Resolves with an error message when it fails or cannot start, null when it succeeds.
 */
export async function runInstall(manager: PackageManager, progress: (line: string) => void): Promise<string | null> {
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 1000)
  const [command = 'npm', ...args] = manager.command
  progress(`install: running \`${manager.command.join(' ')}\` in ${manager.dir} (${manager.reason})`)
  let run = await spawnInstall(command, args, manager.dir, progress, started)
  let ran = manager.command.join(' ')
  if (run.error?.code === 'ENOENT' && (manager.name === 'pnpm' || manager.name === 'yarn')) {
    const spec = `${manager.name}@${manager.version ?? (manager.name === 'yarn' ? '1' : 'latest')}`
    ran = `npx --yes ${spec} ${args.join(' ')}`
    progress(`install: ${command} is not on this machine: running ${spec} through npx (from the npm registry)`)
    run = await spawnInstall('npx', ['--yes', spec, ...args], manager.dir, progress, started)
  }
  if (run.error) {
    return run.error.code === 'ENOENT'
      ? `${command} is not installed on this machine: install it (${command === 'npm' ? 'it comes with Node.js' : `npm install -g ${command}, or corepack enable`}), or install the site's packages yourself, then import again`
      : `${ran} could not start: ${run.error.message}`
  }
  if (run.code !== 0) {
    return `\`${ran}\` in ${manager.dir} failed (${run.signal ? `signal ${run.signal}` : `exit code ${run.code}`}) after ${seconds()} s; its last lines:\n${run.tail.slice(-8).join('\n')}`
  }
  progress(`install: done in ${seconds()} s`)
  return null
}
