/**
 * A full build with nothing changed reuses the release being served. `npm run build` (tools/run.sh)
 * imports the content, builds it, checks its links and serves it; when every input of that is as it was
 * for the build being served, the result would be the same bytes, and the build is skipped: web/out keeps
 * the release it links to.
 *
 * The inputs of a full build, hashed together (fullBuildKey):
 * - the web build's code and settings: publish-manifest.ts's inputsHash (web's app and code, public files,
 *   schemas, the publish's own code, the lock file with every dependency's version, the build settings of the
 *   environment);
 * - the Next and React actually installed (a node_modules out of step with the lock file), and Node's version;
 * - the importer's code (what turns the content folder into the dataset);
 * - the content folder the import reads (every file's path and bytes: where the folder is does not count,
 *   a Docusaurus site builds the same from any folder), the importer's other arguments, and what git knows
 *   of that folder (the import dates translations and pages from its commits): the last commit that touched
 *   it and its uncommitted changes. With `--git-history-of <folder>` (the content folder is a copy, dated
 *   by its original's history: importer/src/git-history.ts), what git knows of the original, and the
 *   original's files when they are not the copy's: a copy of content/ then has content/'s key.
 * Content read from Sanity is never known here: such a build always builds (a publish compares its reads).
 *
 * `check <builds-dir> <out-link> [import arguments]` exits 0 when the build can be skipped, 1 when it must
 * run (the reason printed either way), and keeps the key it computed as pending; `record <builds-dir>
 * <out-link>` after a successful build records that key for the release the link now serves. The
 * incremental publish check (scripts/src/publish/incremental-check.ts) asks `servedRelease` whether the
 * release served is the full build it would make first.
 */
import {execFile} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync} from 'node:fs'
import {mkdir, readFile, readlink, rename, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {promisify} from 'node:util'
import {fileURLToPath} from 'node:url'
import {installedVersions} from '@site/web/build/next-adapter'
import {hashFiles, inputsHash} from './publish-manifest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The importer's code: a change of it can change the dataset of the same content. */
export const IMPORTER_INPUTS = ['importer/src', 'scripts/src/search', 'scripts/src/security', 'scripts/package.json', 'importer/package.json']

/** Where the key of the build being served is kept: the site's build records, beside Next's build folder (web/.site-build). */
export const RECORD_FILE = 'web/.site-build/full-build.json'
const PENDING_FILE = 'web/.site-build/full-build.pending.json'

/** The key of a full build and what it was computed for. */
export interface FullBuildRecord {
  key: string
  /** The builds folder and the served link (tools/build-aside.sh), relative to the root: the soak builds elsewhere. */
  buildsDir: string
  outLink: string
  /** The build the link serves (its folder's name in buildsDir); absent while pending. */
  build?: string
}

export interface FullBuildInputs {
  /** The repository (the content folder may be elsewhere). */
  root: string
  /** The content folder the import reads. */
  contentDir: string
  /** The importer's arguments. */
  args: readonly string[]
  env: Record<string, string | undefined>
  /** What git knows of the content folder; by default asked of git. */
  gitState?: (contentDir: string) => Promise<string>
}

/** The hash of every file under `inputs` (relative to `root`), tests and git's and npm's folders left out. */
async function filesHash(root: string, inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha256')
  await hashFiles(hash, root, inputs)
  return hash.digest('hex')
}

const run = promisify(execFile)

/** The last commit that touched the folder and its uncommitted changes, as git lists them ('' outside a work tree). */
export async function contentGitState(contentDir: string): Promise<string> {
  try {
    const [{stdout: last}, {stdout: status}] = await Promise.all([
      run('git', ['log', '-1', '--format=%H %cI', '--', '.'], {cwd: contentDir}),
      run('git', ['status', '--porcelain', '--untracked-files=all', '--', '.'], {cwd: contentDir, maxBuffer: 64 * 1024 * 1024}),
    ])
    return `${last.trim()}\n${status}`
  } catch {
    return ''
  }
}

/** The importer's options that name folders, whose content (not whose place) the key holds. */
const FOLDER_OPTIONS = ['--content', '--git-history-of']

/** The value of an importer option (`--name value` or `--name=value`), or undefined. */
function optionOf(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1)
}

/** The importer's arguments but the folders they name. */
function argsBesideFolders(args: readonly string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (FOLDER_OPTIONS.includes(arg)) i++
    else if (!FOLDER_OPTIONS.some((name) => arg.startsWith(`${name}=`))) kept.push(arg)
  }
  return kept
}

/** The hash of every input of a full build (see the top of this file). */
export async function fullBuildKey({root, contentDir, args, env, gitState = contentGitState}: FullBuildInputs): Promise<string> {
  const historyOf = historyOfArg(root, args)
  const [code, importer, content, git, original] = await Promise.all([
    inputsHash(root, env),
    filesHash(root, IMPORTER_INPUTS),
    filesHash(contentDir, ['.']),
    gitState(historyOf ?? contentDir),
    historyOf === undefined ? undefined : filesHash(historyOf, ['.']),
  ])
  const hash = createHash('sha256')
  const parts = {
    code,
    importer,
    content,
    git,
    // A copy dated by another folder's history: which of its files are the original's is known from both folders' files.
    ...(original !== undefined && original !== content ? {copyOf: original} : {}),
    versions: installedVersions(path.join(root, 'web')),
    node: process.version,
    args: argsBesideFolders(args),
    dataset: env.DATASET_DIR ?? '',
  }
  hash.update(JSON.stringify(parts))
  return hash.digest('hex').slice(0, 32)
}

/** The content folder `npm run build -- <arguments>` imports: --content's, else content/. */
export function contentDirOf(root: string, args: readonly string[]): string {
  return path.resolve(root, optionOf(args, '--content') ?? 'content')
}

/** The folder whose git history dates the content (`--git-history-of`, for a copy), or undefined. */
export function historyOfArg(root: string, args: readonly string[]): string | undefined {
  const given = optionOf(args, '--git-history-of')
  return given === undefined ? undefined : path.resolve(root, given)
}

export type ReuseDecision = {reuse: true; build: string} | {reuse: false; reason: string}

/**
 * Whether the full build can be skipped: the record's key is this build's, for the same builds folder and
 * link, and the link still serves the recorded build, which is still there. `served` is the name of the
 * build the link serves (null: none), `complete` whether that build's folder holds a site.
 */
export function reuseDecision(
  record: FullBuildRecord | null,
  current: Omit<FullBuildRecord, 'build'>,
  served: string | null,
  complete: boolean,
): ReuseDecision {
  if (!record?.build) return {reuse: false, reason: 'no full build recorded'}
  if (record.buildsDir !== current.buildsDir || record.outLink !== current.outLink) return {reuse: false, reason: 'the last full build went to another folder'}
  if (served !== record.build)
    return {reuse: false, reason: `${current.outLink} does not serve the last full build (${record.build}): a publish or another build came after it`}
  if (!complete) return {reuse: false, reason: `${current.buildsDir}/${record.build} is incomplete`}
  if (record.key !== current.key) return {reuse: false, reason: 'the code, the content, the settings or the framework changed since the last full build'}
  return {reuse: true, build: record.build}
}

async function readRecord(file: string): Promise<FullBuildRecord | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<FullBuildRecord>
    if (typeof parsed.key !== 'string' || typeof parsed.buildsDir !== 'string' || typeof parsed.outLink !== 'string') return null
    return parsed as FullBuildRecord
  } catch {
    return null
  }
}

async function servedBuild(root: string, buildsDir: string, outLink: string): Promise<string | null> {
  try {
    const target = path.resolve(path.dirname(path.join(root, outLink)), await readlink(path.join(root, outLink)))
    return path.dirname(target) === path.resolve(root, buildsDir) ? path.basename(target) : null
  } catch {
    return null
  }
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), {recursive: true})
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(value)}\n`)
  await rename(temporary, file)
}

/** Why a build must run whatever its inputs, or null. */
function buildAnyway(env: Record<string, string | undefined>): string | null {
  if (env.SITE_BUILD_FRESH === '1') return 'SITE_BUILD_FRESH=1'
  if (env.SANITY_PROJECT_ID) return 'the content is read from Sanity'
  return null
}

/** Whether the release `outLink` serves is the last full build recorded, made from the inputs whose key is `key`. */
async function decide(root: string, buildsDir: string, outLink: string, key: string): Promise<ReuseDecision> {
  const served = await servedBuild(root, buildsDir, outLink)
  const complete = served !== null && existsSync(path.join(root, buildsDir, served, 'index.html'))
  return reuseDecision(await readRecord(path.join(root, RECORD_FILE)), {key, buildsDir, outLink}, served, complete)
}

async function check(buildsDir: string, outLink: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<ReuseDecision> {
  await rm(path.join(ROOT, PENDING_FILE), {force: true})
  const anyway = buildAnyway(env)
  if (anyway) return {reuse: false, reason: anyway}
  const key = await fullBuildKey({root: ROOT, contentDir: contentDirOf(ROOT, args), args, env})
  await writeJson(path.join(ROOT, PENDING_FILE), {key, buildsDir, outLink})
  return decide(ROOT, buildsDir, outLink, key)
}

/**
 * Whether `npm run build -- <args>` with this environment would keep the release `outLink` serves (as
 * `check` decides, writing nothing): the build of these inputs is that release. The builds folder and the
 * link are relative to `root`, the repository.
 */
export async function servedRelease(
  root: string,
  buildsDir: string,
  outLink: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<ReuseDecision> {
  const anyway = buildAnyway(env)
  if (anyway) return {reuse: false, reason: anyway}
  const key = await fullBuildKey({root, contentDir: contentDirOf(root, args), args, env})
  return decide(root, buildsDir, outLink, key)
}

async function record(buildsDir: string, outLink: string): Promise<string> {
  const pending = await readRecord(path.join(ROOT, PENDING_FILE))
  await rm(path.join(ROOT, PENDING_FILE), {force: true})
  const served = await servedBuild(ROOT, buildsDir, outLink)
  if (!pending || pending.buildsDir !== buildsDir || pending.outLink !== outLink || !served) {
    await rm(path.join(ROOT, RECORD_FILE), {force: true})
    return 'no key recorded: the next build builds'
  }
  await writeJson(path.join(ROOT, RECORD_FILE), {...pending, build: served})
  return `key of ${served} recorded: a build with nothing changed reuses it`
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const [command, buildsDir, outLink, ...args] = process.argv.slice(2)
  const main = async (): Promise<number> => {
    if (command === 'check' && buildsDir && outLink) {
      const decision = await check(buildsDir, outLink, args, process.env)
      console.log(
        decision.reuse
          ? `Nothing changed since ${buildsDir}/${decision.build}: ${outLink} keeps serving it (SITE_BUILD_FRESH=1 builds anyway)`
          : `Full build: ${decision.reason}`,
      )
      return decision.reuse ? 0 : 1
    }
    if (command === 'record' && buildsDir && outLink) {
      console.log(`Full build: ${await record(buildsDir, outLink)}`)
      return 0
    }
    console.error('usage: build-reuse.ts check <builds-dir> <out-link> [import arguments] | record <builds-dir> <out-link>')
    return 2
  }
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(`build-reuse: ${error instanceof Error ? error.message : String(error)}`)
      process.exit(2)
    })
}
