/**
 * What git knows about the content files: the last commit that touched a file, whether it has
 * uncommitted changes, a file's text as it was at a commit, and the day it was first committed. Used to date
 * translations against their sources and posts that give no date; everything degrades to "not known" when the
 * folder is not in a git work tree.
 *
 * A copy of a folder kept outside git (or where git ignores it) can be read with its original's history
 * (`historyOf`): each file of the copy stands for the file at the same path in the original, as a file of
 * a checkout does for its committed version. Docusaurus dates a page by `git log` of the committed file,
 * so a copy whose bytes are the original's has the original's state (its last commit, or its uncommitted
 * changes); a file whose bytes differ is an uncommitted change, and one the original lacks was never committed.
 */
import {execFile, execFileSync} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import {promisify} from 'node:util'

const run = promisify(execFile)

export type FileState =
  | {kind: 'committed'; commit: string; date: string}
  /** Changed in the work tree or the index since its last commit. */
  | {kind: 'uncommitted'}
  /** Never committed (new, or ignored). */
  | {kind: 'untracked'}

export interface GitHistoryOptions {
  /** The folder the opened one is a copy of, whose git history dates the copy's files (see the top of this file). */
  historyOf?: string
}

async function git(cwd: string, args: string[]): Promise<string> {
  const {stdout} = await run('git', args, {cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8'})
  return stdout
}

/**
 * The day (UTC) of the first commit that added `file` (relative to `folder`), following renames, as Docusaurus dates a
 * post that gives no date; undefined without git or history. Synchronous: the entries stage asks only for such posts.
 */
export function firstCommitDay(folder: string, file: string): string | undefined {
  try {
    const dates = execFileSync('git', ['log', '--follow', '--diff-filter=A', '--format=%cI', '--', file], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split('\n')
      .filter(Boolean)
    const oldest = dates.at(-1)
    return oldest ? new Date(oldest).toISOString().slice(0, 10) : undefined
  } catch {
    return undefined
  }
}

/** The top folder of the git work tree holding `folder`, or null when there is none (or no git). */
export async function workTreeRoot(folder: string): Promise<string | null> {
  try {
    return (await git(folder, ['rev-parse', '--show-toplevel'])).trim()
  } catch {
    return null
  }
}

/**
 * The last commit (id and committer date) that touched each file under `relativeFolder` of the work
 * tree at `root`, from one `git log` walk (a call per file would cost seconds on a few hundred files).
 * Keys are git's paths (relative to `root`, `/` separators).
 */
export async function lastCommitOfEachFile(root: string, relativeFolder: string): Promise<Map<string, {commit: string; date: string}>> {
  // Without rename detection git compares trees only and reads no file contents: faster, and it works
  // in a clone that lacks some of them. A renamed file is listed under its new name either way.
  const log = await git(root, ['log', '--no-renames', '--format=%x00%H %cI', '--name-only', '--', relativeFolder])
  const last = new Map<string, {commit: string; date: string}>()
  for (const entry of log.split('\0')) {
    const [head, ...files] = entry.trim().split('\n')
    if (!head) continue
    const [commit = '', date = ''] = head.split(' ')
    for (const file of files) {
      const name = file.trim()
      if (name && !last.has(name)) last.set(name, {commit, date})
    }
  }
  return last
}

/** Whether two files hold the same bytes (false when either is missing). */
async function sameBytes(a: string, b: string): Promise<boolean> {
  try {
    const [first, second] = await Promise.all([readFile(a), readFile(b)])
    return first.equals(second)
  } catch {
    return false
  }
}

/** Maps the files of a folder to those of another with the same relative paths; files outside it stay as they are. */
function mapper(from: string, to: string): (file: string) => string {
  return (file) => {
    const absolute = path.resolve(file)
    const relative = path.relative(from, absolute)
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative)) ? path.join(to, relative) : absolute
  }
}

export class GitHistory {
  /** For a copy: whether each file asked about differs from its original. */
  private readonly differs = new Map<string, Promise<boolean>>()

  private constructor(
    /** The work tree's top folder: git's paths are relative to it. */
    readonly root: string,
    private readonly changed: ReadonlySet<string>,
    /** The file git knows for a file of the folder opened: the same one, or for a copy its original. */
    private readonly original: (file: string) => string,
    /** The reverse: the file of the folder opened for a file git knows. */
    private readonly opened: (file: string) => string,
    private readonly isCopy: boolean,
  ) {}

  /** The history of the work tree holding `folder` (or the folder `historyOf` names), or null when there is none (or no git). */
  static async open(folder: string, options: GitHistoryOptions = {}): Promise<GitHistory | null> {
    const copy = path.resolve(folder)
    const source = options.historyOf === undefined ? copy : path.resolve(options.historyOf)
    const root = await workTreeRoot(source)
    if (root === null) return null
    // One status call for the whole folder; -z keeps unusual file names intact.
    const status = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', path.relative(root, source) || '.'])
    const changed = new Set<string>()
    const records = status.split('\0')
    for (let i = 0; i < records.length; i++) {
      const record = records[i] ?? ''
      if (record.length < 4) continue
      changed.add(record.slice(3))
      // A rename is followed by its old path, which is not a file of the work tree any more.
      if (record[0] === 'R' || record[0] === 'C') i++
    }
    return new GitHistory(root, changed, mapper(copy, source), mapper(source, copy), source !== copy)
  }

  /** The file's path as git names it (relative to the work tree, `/` separators): for a copy, its original's. */
  gitPath(file: string): string {
    return path.relative(this.root, this.original(file)).split(path.sep).join('/')
  }

  /** True when the file differs from its last commit (modified, staged or never committed); for a copy, also when its bytes differ from its original's. */
  async isChanged(file: string): Promise<boolean> {
    if (this.changed.has(this.gitPath(file))) return true
    if (!this.isCopy) return false
    const absolute = path.resolve(file)
    let differs = this.differs.get(absolute)
    if (differs === undefined) {
      differs = sameBytes(absolute, this.original(absolute)).then((same) => !same)
      this.differs.set(absolute, differs)
    }
    return differs
  }

  async state(file: string): Promise<FileState> {
    const gitPath = this.gitPath(file)
    if (await this.isChanged(file)) {
      const tracked = await git(this.root, ['ls-files', '--', gitPath])
      return tracked.trim() === '' ? {kind: 'untracked'} : {kind: 'uncommitted'}
    }
    const line = (await git(this.root, ['log', '-1', '--format=%H %cI', '--', gitPath])).trim()
    const [commit, date] = line.split(' ')
    if (!commit || !date) return {kind: 'untracked'}
    return {kind: 'committed', commit, date}
  }

  /** The date of the last commit that touched each file under `folder` (lastCommitOfEachFile). Keys are absolute paths (for a copy, the copy's). */
  async lastCommitDates(folder: string): Promise<Map<string, string>> {
    const last = await lastCommitOfEachFile(this.root, path.relative(this.root, this.original(folder)) || '.')
    return new Map([...last].map(([file, {date}]) => [this.opened(path.join(this.root, file)), date]))
  }

  /** The file's text at a commit, or null when it did not exist then. */
  async readAt(commit: string, file: string): Promise<string | null> {
    try {
      return await git(this.root, ['show', `${commit}:${this.gitPath(file)}`])
    } catch {
      return null
    }
  }
}
