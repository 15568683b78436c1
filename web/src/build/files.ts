/** File-system questions the build steps share: whether a path exists, the files under a folder, and their inodes. */
import {cp, link, mkdir, readdir, readFile, rm, stat, writeFile} from 'node:fs/promises'
import path from 'node:path'

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file)
    return true
  } catch {
    return false
  }
}

/** The files under `dir`, as paths relative to it with "/" separators (`prefix` before each); none when `dir` does not exist. */
export async function* filesUnder(dir: string, prefix = ''): AsyncGenerator<string> {
  let entries
  try {
    entries = await readdir(dir, {withFileTypes: true})
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), relative)
    else if (entry.isFile()) yield relative
  }
}

/**
 * The files under `dir` that `keep` accepts (relative paths, as filesUnder gives them), each with its inode:
 * a file an incremental publish shares with the release it was assembled from (a hard link) keeps its
 * inode, one written again gets another.
 */
export async function fileInodes(dir: string, keep: (file: string) => boolean = () => true): Promise<Map<string, string>> {
  const inodes = new Map<string, string>()
  for await (const file of filesUnder(dir)) {
    if (!keep(file)) continue
    const info = await stat(path.join(dir, file))
    inodes.set(file, `${info.dev}:${info.ino}`)
  }
  return inodes
}

/**
 * Copies a folder's files into `to`, as next build copies public/ into its export; nothing when the
 * folder does not exist (a checkout that builds from Sanity has no web/public: the local dataset's
 * images are what fills it). Returns whether there was a folder.
 */
export async function copyFolderInto(from: string, to: string): Promise<boolean> {
  if (!(await exists(from))) return false
  await cp(from, to, {recursive: true})
  return true
}

/**
 * Writes `data` at `relative` in the release `outDir`, or, when the release `since` holds the same bytes
 * at the same place, hard-links that file instead: a file a publish writes again unchanged (a search
 * shard, a feed of another locale) keeps its inode, its date and so its ETag, and the static server's
 * compressed copy of it. Returns whether the file was shared.
 */
export async function writeOrShare(outDir: string, relative: string, data: string | Buffer, since?: string): Promise<boolean> {
  const file = path.join(outDir, relative)
  await mkdir(path.dirname(file), {recursive: true})
  // Never write through a link into another release: the path is made anew.
  await rm(file, {force: true})
  if (since) {
    const previous = path.join(since, relative)
    const before = await readFile(previous).catch(() => null)
    if (before && before.equals(typeof data === 'string' ? Buffer.from(data) : data)) {
      await link(previous, file)
      return true
    }
  }
  await writeFile(file, data)
  return false
}
