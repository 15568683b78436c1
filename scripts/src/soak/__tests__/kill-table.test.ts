// Reading a publish's strace: which files and folders of the release it wrote were not fsync'ed
// before the served link was renamed to it.
import {link, mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {tracedCalls, unflushedBeforeSwap} from '../kill-table'

let dir: string

afterEach(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('unflushedBeforeSwap', () => {
  it('lists what the publish wrote and did not fsync before the rename of the link; shared files (hard links) are not its own', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'strace-'))
    const release = path.join(dir, 'builds/r2')
    await mkdir(path.join(release, 'docs'), {recursive: true})
    await mkdir(path.join(dir, 'builds/r1'), {recursive: true})
    await writeFile(path.join(dir, 'builds/r1/shared.html'), 'shared')
    await link(path.join(dir, 'builds/r1/shared.html'), path.join(release, 'shared.html'))
    await writeFile(path.join(release, 'index.html'), 'new')
    await writeFile(path.join(release, 'docs/index.html'), 'new too')
    const log = [
      `1234  fsync(21<${release}/index.html> <unfinished ...>`,
      `1236  fsync(25<${release}/shared.html>) = -1 EIO (Input/output error)`,
      `1234  <... fsync resumed>) = 0`,
      `[pid  1235] fsync(22<${release}/docs>) = 0`,
      `1235  fsync(23<${release}>) = 0`,
      `1240  rename("web/.soak/.out-next-1240", "web/.soak/out") = 0`,
      `1241  fsync(24<${release}/docs/index.html>) = 0`,
    ].join('\n')
    const calls = tracedCalls(log)
    expect(calls.map((call) => call.call)).toEqual(['fsync', 'fsync', 'fsync', 'rename', 'fsync'])
    expect(unflushedBeforeSwap(calls, release, path.join(dir, 'web/.soak/out'))).toEqual(['docs/index.html'])
  })

  it('counts a syncfs before the rename as flushing everything, and needs the rename', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'strace-'))
    await writeFile(path.join(dir, 'index.html'), 'x')
    const calls = tracedCalls(`1 syncfs(3</work>) = 0\n1 renameat2(AT_FDCWD, "a/.out-next-1", AT_FDCWD, "a/out", 0) = 0`)
    expect(unflushedBeforeSwap(calls, dir, '/elsewhere/a/out')).toEqual([])
    expect(() => unflushedBeforeSwap(tracedCalls('1 fsync(3</x>) = 0'), dir, 'a/out')).toThrow(/no rename of the served link/)
  })
})
