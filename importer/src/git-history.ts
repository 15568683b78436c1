/**
 * What git knows about the content files: the last commit that touched a file, whether it has
 * uncommitted changes, and a file's text as it was at a commit. Used to date translations against
 * their sources; everything degrades to "not known" when the folder is not in a git work tree.
 */
import {execFile} from 'node:child_process'
import path from 'node:path'
import {promisify} from 'node:util'

const run = promisify(execFile)

export type FileState =
  | {kind: 'committed'; commit: string; date: string}
  /** Changed in the work tree or the index since its last commit. */
  | {kind: 'uncommitted'}
  /** Never committed (new, or ignored). */
  | {kind: 'untracked'}

async function git(cwd: string, args: string[]): Promise<string> {
  const {stdout} = await run('git', args, {cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8'})
  return stdout
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

export class GitHistory {
  private constructor(
    /** The work tree's top folder: git's paths are relative to it. */
    readonly root: string,
    private readonly changed: ReadonlySet<string>,
  ) {}

  /** The history of the work tree holding `folder`, or null when there is none (or no git). */
  static async open(folder: string): Promise<GitHistory | null> {
    const root = await workTreeRoot(folder)
    if (root === null) return null
    // One status call for the whole folder; -z keeps unusual file names intact.
    const status = await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', path.relative(root, path.resolve(folder)) || '.'])
    const changed = new Set<string>()
    const records = status.split('\0')
    for (let i = 0; i < records.length; i++) {
      const record = records[i] ?? ''
      if (record.length < 4) continue
      changed.add(record.slice(3))
      // A rename is followed by its old path, which is not a file of the work tree any more.
      if (record[0] === 'R' || record[0] === 'C') i++
    }
    return new GitHistory(root, changed)
  }

  /** The file's path as git names it (relative to the work tree, `/` separators). */
  gitPath(file: string): string {
    return path.relative(this.root, path.resolve(file)).split(path.sep).join('/')
  }

  /** True when the file differs from its last commit (modified, staged or never committed). */
  isChanged(file: string): boolean {
    return this.changed.has(this.gitPath(file))
  }

  async state(file: string): Promise<FileState> {
    const gitPath = this.gitPath(file)
    if (this.changed.has(gitPath)) {
      const tracked = await git(this.root, ['ls-files', '--', gitPath])
      return tracked.trim() === '' ? {kind: 'untracked'} : {kind: 'uncommitted'}
    }
    const line = (await git(this.root, ['log', '-1', '--format=%H %cI', '--', gitPath])).trim()
    const [commit, date] = line.split(' ')
    if (!commit || !date) return {kind: 'untracked'}
    return {kind: 'committed', commit, date}
  }

  /** The date of the last commit that touched each file under `folder` (lastCommitOfEachFile). Keys are absolute paths. */
  async lastCommitDates(folder: string): Promise<Map<string, string>> {
    const last = await lastCommitOfEachFile(this.root, path.relative(this.root, path.resolve(folder)) || '.')
    return new Map([...last].map(([file, {date}]) => [path.join(this.root, file), date]))
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
