/**
 * The site's one point of contact with Next.js's build. Everything here goes through Next's documented
 * surface: its command line (`next build`, `--experimental-build-mode compile|generate`), its config
 * (web/next.config.ts calls the functions below) and its output, the static export folder (`distDir`
 * with `output: 'export'`). Nothing imports `next/dist/…`, replaces Node's module loader or reads the
 * files Next keeps in its build folder; the site's own records are kept beside it (web/.site-build). One
 * file of that folder is still named, the prerender manifest, below: Next offers no option for what its
 * removal does.
 *
 * - Versions: the Next and React this code is known to work with are declared once (SUPPORTED), and
 *   every build and publish checks the installed ones against them first (`checkFrameworkVersions`),
 *   with a message that names both; `npm run check:framework` tries the newest of the same major.
 * - The full build (web/package.json) runs `next build --experimental-build-mode compile`, then
 *   `--experimental-build-mode generate` in a fresh process. Two things Next 16 does not do for a static
 *   export split that way are done by the config with `buildStageOf` and `forgetCompileStageManifest`:
 *   - the compile step exports too, and without generateStaticParams (not run in that step) it renders
 *     the catch-all page once at its own pattern (/[[...path]]). The page renders nothing in that step
 *     (build-stage.ts's `isCompileStage`); the generate step's export empties the folder before writing;
 *   - the generate step `require`s the prerender manifest of the build folder while it renders (Node
 *     keeps what it requires), then writes it anew, then exports: its export would read the copy an
 *     earlier process left, which lists no page or other pages. The config removes a manifest older than
 *     the generate step's process when it starts, as a one-step build starts without one. No documented
 *     option avoids it: in export mode the build folder is always web/.next (`distDir` names the export
 *     folder), the compile step always writes a manifest, and the data cache, build id and route segment
 *     options do not reach that read. What would: Next's build adapter (`adapterPath`, `onBuildComplete`,
 *     which lists each prerendered file) in place of `output: 'export'`, or an export that reads the
 *     manifest from disk rather than through `require`.
 * - An incremental publish renders its few routes with the app the last full build compiled: the same
 *   documented generate step, over that compile, with SITE_BUILD_ROUTES naming the routes (the page's
 *   generateStaticParams lists those alone, route-filter.ts). It reads nothing but the export folder it
 *   names. A compile is used only once a successful build marked it as compiled from the code being
 *   published (`markCompiledApp`, a file of ours in web/.site-build, beside Next's build folder); any
 *   compile removes that mark first.
 * - Next's data cache: the config names a handler of Next's documented `cacheHandler` interface that
 *   keeps nothing (DATA_CACHE_HANDLER), so that no build or publish is answered with an earlier one's reads.
 */
import {spawn} from 'node:child_process'
import {existsSync, readFileSync, rmSync, statSync} from 'node:fs'
import {mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import path from 'node:path'
import {BUILD_STAGE_VARIABLE} from './build-stage'

/** web/, the Next project. */
export const WEB_DIR = path.resolve(import.meta.dirname, '../..')

/**
 * The versions of Next and React the site is built and tested with: a caret range (the same major, this
 * release or a later one). `npm run check:framework` builds the site with the newest release of each
 * major and says whether it passes; widen a range only to what that check proved.
 */
export const SUPPORTED = {next: '^16.4.6', react: '^19.3.1', 'react-dom': '^19.3.1'} as const
export type FrameworkPackage = keyof typeof SUPPORTED

/** Next's build folder in export mode (a custom distDir names the export folder instead). */
export const NEXT_BUILD_DIR = '.next'

/**
 * Next's data cache in the static build: a handler of Next's documented `cacheHandler` interface that keeps
 * nothing (data-cache-handler.mjs says why). next.config.ts names it, with no in-memory cache beside it.
 */
export const DATA_CACHE_HANDLER = path.join(WEB_DIR, 'src', 'build', 'data-cache-handler.mjs')

/**
 * The site's own build records, beside Next's build folder and never inside it: the mark on the compile a
 * publish may render with, the client bundle's metafile (client-bundle.ts), the last full build's inputs
 * (publish/src/build-reuse.ts). Never deployed.
 */
export const SITE_BUILD_STATE_DIR = '.site-build'

/** Our mark on the compile a successful build made (in SITE_BUILD_STATE_DIR): the code it was compiled from. */
const COMPILED_APP_MARK = 'compiled-app.json'

function compiledAppMarkPath(webDir: string): string {
  return path.join(webDir, SITE_BUILD_STATE_DIR, COMPILED_APP_MARK)
}

interface Version {
  major: number
  minor: number
  patch: number
  prerelease: string
}

function parseVersion(text: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim())
  if (!match) return null
  return {major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] ?? ''}
}

/** Whether `version` is in the caret range `^X.Y.Z`: the same major X (above 0), X.Y.Z or later, no pre-release. */
export function inCaretRange(version: string, range: string): boolean {
  const found = parseVersion(version)
  const floor = range.startsWith('^') ? parseVersion(range.slice(1)) : null
  if (!found || !floor || floor.major === 0) return false
  if (found.prerelease !== '' || found.major !== floor.major) return false
  if (found.minor !== floor.minor) return found.minor > floor.minor
  return found.patch >= floor.patch
}

/** The installed version of each package, as web/ resolves it (from the package's own package.json). */
export function installedVersions(webDir = WEB_DIR): Record<FrameworkPackage, string | null> {
  const resolveFromWeb = createRequire(path.join(webDir, 'package.json'))
  const versionOf = (name: string): string | null => {
    try {
      const manifest = JSON.parse(readFileSync(resolveFromWeb.resolve(`${name}/package.json`), 'utf8')) as {version?: unknown}
      return typeof manifest.version === 'string' ? manifest.version : null
    } catch {
      return null
    }
  }
  return {next: versionOf('next'), react: versionOf('react'), 'react-dom': versionOf('react-dom')}
}

/** What is wrong with these versions, one sentence each (none when every one is supported). */
export function versionProblems(installed: Record<FrameworkPackage, string | null>, supported: Record<FrameworkPackage, string> = SUPPORTED): string[] {
  const problems: string[] = []
  for (const name of Object.keys(supported) as FrameworkPackage[]) {
    const version = installed[name]
    if (version === null) problems.push(`${name} is not installed (the site needs ${name}@${supported[name]}; run npm install)`)
    else if (!inCaretRange(version, supported[name])) problems.push(`${name} ${version} is installed, the site supports ${name}@${supported[name]}`)
  }
  return problems
}

/** An unsupported Next or React: its message says what is installed and what is supported, without a stack. */
export class FrameworkVersionError extends Error {
  constructor(problems: readonly string[]) {
    super(
      `Unsupported framework version: ${problems.join('; ')}. The supported ranges are declared in web/src/build/next-adapter.ts (SUPPORTED); ` +
        '`npm run check:framework` checks the newest release of each major before a range is widened.',
    )
    this.name = 'FrameworkVersionError'
  }
}

/** Throws FrameworkVersionError unless the installed Next and React are supported. */
export function checkFrameworkVersions(installed = installedVersions()): void {
  const problems = versionProblems(installed)
  if (problems.length > 0) throw new FrameworkVersionError(problems)
}

export type BuildStage = 'compile' | 'generate' | 'whole'

/** Which step of `next build` these command-line arguments run (`--experimental-build-mode X` or `=X`); any other mode is a whole build. */
export function buildStageOf(argv: readonly string[]): BuildStage {
  for (const [index, arg] of argv.entries()) {
    const mode =
      arg === '--experimental-build-mode' ? argv[index + 1] : arg.startsWith('--experimental-build-mode=') ? arg.slice(arg.indexOf('=') + 1) : undefined
    if (mode === 'compile' || mode === 'generate') return mode
  }
  return 'whole'
}

/**
 * Removes the prerender manifest that an earlier process (the compile step, or an earlier generate step)
 * left in `buildDir`; one written by this process (Next may load the config again) is kept. Returns
 * whether it removed one. The one file of Next's build folder the site names (see the top of this file).
 */
export function forgetCompileStageManifest(buildDir: string, processStartedMs = Date.now() - process.uptime() * 1000): boolean {
  const manifest = path.join(buildDir, 'prerender-manifest.json')
  let modifiedMs: number
  try {
    modifiedMs = statSync(manifest).mtimeMs
  } catch {
    return false
  }
  if (modifiedMs >= processStartedMs) return false
  rmSync(manifest, {force: true})
  return true
}

/**
 * What web/next.config.ts does for a production build, in the process Next loaded it in: the compile
 * step's processes are told which step they serve (its workers inherit the environment); a compile
 * (either step of a whole build) removes the mark of the compile it replaces; the generate step starts
 * without an earlier process's prerender manifest.
 */
export function prepareProductionBuild(argv: readonly string[], env: Record<string, string | undefined>, webDir = WEB_DIR): void {
  const stage = buildStageOf(argv)
  if (stage === 'compile') env[BUILD_STAGE_VARIABLE] = 'compile'
  else delete env[BUILD_STAGE_VARIABLE]
  if (stage === 'generate') forgetCompileStageManifest(path.join(webDir, NEXT_BUILD_DIR))
  // `next build`'s own process (not a worker that loads the config): it compiles.
  else if (argv.includes('build')) rmSync(compiledAppMarkPath(webDir), {force: true})
}

interface CompiledAppMark {
  /** The hash of the code and settings the app was compiled from (publish/src/publish-manifest.ts's inputsHash). */
  inputs: string
  versions: Record<FrameworkPackage, string | null>
}

/**
 * After a full build has succeeded: marks the compile in web/.next as made from `inputs`, so that a
 * publish of the same code renders with it. The mark is a file of ours beside Next's build folder, which
 * any compile removes first (prepareProductionBuild). Returns false, writing nothing, when there is no compile.
 */
export async function markCompiledApp(inputs: string, webDir = WEB_DIR): Promise<boolean> {
  if (!existsSync(path.join(webDir, NEXT_BUILD_DIR))) return false
  const mark: CompiledAppMark = {inputs, versions: installedVersions(webDir)}
  await mkdir(path.join(webDir, SITE_BUILD_STATE_DIR), {recursive: true})
  await writeFile(compiledAppMarkPath(webDir), `${JSON.stringify(mark)}\n`)
  return true
}

/** Null when web/.next holds a compile a successful build marked as made from `inputs` with these versions; else why not. */
export async function compiledAppUnusable(inputs: string, webDir = WEB_DIR): Promise<string | null> {
  let mark: CompiledAppMark
  try {
    if (!existsSync(path.join(webDir, NEXT_BUILD_DIR))) throw new Error('no build folder')
    mark = JSON.parse(await readFile(compiledAppMarkPath(webDir), 'utf8')) as CompiledAppMark
  } catch {
    return `no compile of a successful build in ${NEXT_BUILD_DIR}`
  }
  if (mark.inputs !== inputs) return `${NEXT_BUILD_DIR} was compiled from other code or settings`
  if (JSON.stringify(mark.versions) !== JSON.stringify(installedVersions(webDir))) return `${NEXT_BUILD_DIR} was compiled with other versions of Next or React`
  return null
}

/** Next's command, as npm installs it for web/ (its own node_modules/.bin, or a workspace root's). */
export function nextCommand(webDir = WEB_DIR): string {
  for (let dir = webDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', 'next')
    if (existsSync(candidate)) return candidate
    if (path.dirname(dir) === dir) throw new Error(`Next's command (node_modules/.bin/next) is not installed for ${webDir}: run npm install`)
  }
}

function runNext(args: string[], env: NodeJS.ProcessEnv, webDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(nextCommand(webDir), args, {cwd: webDir, env: {...env, NEXT_TELEMETRY_DISABLED: '1'}, stdio: 'inherit'})
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`\`next ${args.join(' ')}\` exited with ${signal ?? code}`))))
  })
}

export interface RenderRoutesOptions {
  /** Route keys (route-filter.ts): path segments joined by /, '' for the home page. */
  routes: readonly string[]
  /** The export folder, relative to web/ (SITE_OUT_DIR, checked by out-dir.ts). */
  outDir: string
  /** The environment the pages render with (content settings, the reads log). */
  env: NodeJS.ProcessEnv
  /** Whether web/.next holds a usable compile of this code: only the generate step runs. Else it is compiled first. */
  compiled: boolean
  webDir?: string
}

/**
 * Renders `routes` into the export folder `outDir` with Next's documented steps: the generate step alone
 * over the compile in web/.next when it is usable, else the compile step first. The folder then holds what
 * `next build` exports for those routes (their pages, the public files, the app's bundles and the files
 * of its route handlers). A failed step removes the compile's mark, so the next publish compiles anew.
 */
export async function renderRoutes({routes, outDir, env, compiled, webDir = WEB_DIR}: RenderRoutesOptions): Promise<void> {
  checkFrameworkVersions(installedVersions(webDir))
  const routesFile = path.join(webDir, `${outDir.replace(/[\\/]+$/, '')}.routes.json`)
  await mkdir(path.dirname(routesFile), {recursive: true})
  await writeFile(routesFile, JSON.stringify(routes))
  const stepEnv = {...env, SITE_OUT_DIR: outDir, SITE_BUILD_ROUTES: routesFile}
  try {
    if (!compiled) await runNext(['build', '--experimental-build-mode', 'compile'], stepEnv, webDir)
    await runNext(['build', '--experimental-build-mode', 'generate'], stepEnv, webDir)
  } catch (error) {
    await rm(compiledAppMarkPath(webDir), {force: true})
    throw error
  } finally {
    await rm(routesFile, {force: true})
  }
}

// `tsx src/build/next-adapter.ts check [web folder]`: the version check alone; an unsupported version prints its message, no stack.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  try {
    if (process.argv[2] !== 'check') throw new Error('usage: next-adapter.ts check [web folder]')
    const versions = installedVersions(path.resolve(process.argv[3] ?? WEB_DIR))
    checkFrameworkVersions(versions)
    console.log(`Framework: next ${versions.next}, react ${versions.react}, react-dom ${versions['react-dom']} (supported: ${JSON.stringify(SUPPORTED)})`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
