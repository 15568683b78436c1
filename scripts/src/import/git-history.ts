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
  const {stdout} = await run('git', args, {cwd, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8'})
  return stdout
}

export class GitHistory {
  private constructor(
    /** The work tree's top folder: git's paths are relative to it. */
    readonly root: string,
    private readonly changed: ReadonlySet<string>,
  ) {}

  /** The history of the work tree holding `folder`, or null when there is none (or no git). */
  static async open(folder: string): Promise<GitHistory | null> {
    let root: string
    try {
      root = (await git(folder, ['rev-parse', '--show-toplevel'])).trim()
    } catch {
      return null
    }
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

  /**
   * The date of the last commit that touched each file under `folder`, from one `git log` walk
   * (a call per file would cost seconds on a few hundred files). Keys are absolute paths.
   */
  async lastCommitDates(folder: string): Promise<Map<string, string>> {
    const relative = path.relative(this.root, path.resolve(folder)) || '.'
    const log = await git(this.root, ['log', '--format=%x00%cI', '--name-only', '--', relative])
    const dates = new Map<string, string>()
    for (const entry of log.split('\0')) {
      const [date, ...files] = entry.trim().split('\n')
      if (!date) continue
      for (const file of files) {
        const absolute = path.join(this.root, file.trim())
        if (file.trim() && !dates.has(absolute)) dates.set(absolute, date)
      }
    }
    return dates
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
