/**
 * Puts a finished release on disk before it is served: every file and folder of it is fsync'ed, so
 * that a power loss after the swap (tools/build-aside.sh renames the served link over to it) finds
 * whole pages, never the empty or truncated files a write still in the page cache leaves. The files
 * beside it that the next publish reads (its manifest) and the folder holding them are flushed too.
 */
import {open, readdir} from 'node:fs/promises'
import path from 'node:path'

/** The few calls a flush makes, replaceable so that a test can see their order. */
export interface FlushFs {
  readdir(dir: string): Promise<Array<{name: string; isDirectory(): boolean; isFile(): boolean}>>
  /** Opens `file` (a file or a folder) read-only, fsyncs it and closes it. */
  fsync(file: string): Promise<void>
}

export const nodeFlushFs: FlushFs = {
  readdir: (dir) => readdir(dir, {withFileTypes: true}),
  fsync: async (file) => {
    const handle = await open(file, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  },
}

/** Files fsync'ed at once: enough to keep the disk busy, few enough to stay far below the open-files limit. */
const PARALLEL = 32

export interface FlushReport {
  files: number
  folders: number
  ms: number
}

/**
 * fsyncs every file under `dir`, then every folder of it, then `extra` files
 * (a manifest beside the release) and the folder holding `dir`: once it resolves, the release and its
 * name in that folder survive a power loss. Links inside the release are left as they are.
 */
export async function flushRelease(dir: string, extra: readonly string[] = [], fs: FlushFs = nodeFlushFs): Promise<FlushReport> {
  const started = performance.now()
  const files: string[] = []
  const folders: string[] = []
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.readdir(folder)
    const below: Promise<void>[] = []
    for (const entry of entries) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) below.push(walk(full))
      else if (entry.isFile()) files.push(full)
    }
    await Promise.all(below)
    folders.push(folder)
  }
  await walk(dir)
  const inTurn = async (list: readonly string[]) => {
    let next = 0
    const worker = async () => {
      while (next < list.length) await fs.fsync(list[next++]!)
    }
    await Promise.all(Array.from({length: Math.min(PARALLEL, list.length)}, worker))
  }
  await inTurn(files)
  // The folders' entries name files whose data is on disk by now.
  await inTurn(folders)
  await inTurn(extra)
  await fs.fsync(path.dirname(dir))
  return {files: files.length + extra.length, folders: folders.length + 1, ms: performance.now() - started}
}
