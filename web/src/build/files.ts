/** File-system questions the build steps share: whether a path exists, and the files under a folder. */
import {readdir, stat} from 'node:fs/promises'
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
