// A release is on disk before it is served: every file and folder of it, the manifest beside it and
// the folder holding it are fsync'ed (a power loss after the swap then finds whole pages).
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {flushRelease, nodeFlushFs, type FlushFs} from '../flush-release'

let dir: string

afterEach(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('flushRelease', () => {
  it('fsyncs every file and folder of the release, the extra files, then the folder holding it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flush-'))
    const release = path.join(dir, 'builds', 'r1')
    for (const file of ['index.html', 'docs/v4/rooms/index.html', '_site/page-policy.json', '_next/static/chunks/a.js']) {
      await mkdir(path.dirname(path.join(release, file)), {recursive: true})
      await writeFile(path.join(release, file), file)
    }
    await writeFile(path.join(dir, 'builds', 'r1.publish.json'), '{}')
    const synced: string[] = []
    const recording: FlushFs = {readdir: (folder) => nodeFlushFs.readdir(folder), fsync: async (file) => void synced.push(path.relative(dir, file))}
    const report = await flushRelease(release, [path.join(dir, 'builds', 'r1.publish.json')], recording)
    const inRelease = (names: string[]) => names.map((name) => path.join('builds/r1', name))
    expect(new Set(synced)).toEqual(
      new Set([
        ...inRelease(['index.html', 'docs/v4/rooms/index.html', '_site/page-policy.json', '_next/static/chunks/a.js']),
        ...inRelease(['docs/v4/rooms', 'docs/v4', 'docs', '_site', '_next/static/chunks', '_next/static', '_next']),
        'builds/r1',
        'builds/r1.publish.json',
        'builds',
      ]),
    )
    // Files before the folders that name them; the folder holding the release last.
    expect(synced.indexOf('builds/r1/docs/v4/rooms/index.html')).toBeLessThan(synced.indexOf('builds/r1/docs/v4/rooms'))
    expect(synced.at(-1)).toBe('builds')
    expect(report).toMatchObject({files: 5, folders: 9})
  })

  it('flushes a real folder with the system calls', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flush-'))
    await mkdir(path.join(dir, 'r/a'), {recursive: true})
    await writeFile(path.join(dir, 'r/a/index.html'), 'page')
    await expect(flushRelease(path.join(dir, 'r'))).resolves.toMatchObject({files: 1, folders: 3})
  })
})
