// The embedded search index as the build writes it into a release: each shard beside its .gz copy,
// which servers send as it is (nginx's gzip_static), and a publish keeps both when they did not change.
import {mkdtemp, readFile, readdir, rm, stat} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gunzipSync} from 'node:zlib'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {useLocalDataset} from '@site/content-source/fixture-dataset'

vi.mock('server-only', () => ({}))

let writeSearchIndexes: typeof import('../search-index').writeSearchIndexes
let work: string

beforeAll(async () => {
  useLocalDataset()
  ;({writeSearchIndexes} = await import('../search-index'))
  work = await mkdtemp(path.join(tmpdir(), 'search-index-'))
})
afterAll(() => rm(work, {recursive: true, force: true}))

describe('writeSearchIndexes', () => {
  it("writes each shard with a .gz copy that decompresses to the shard's bytes, and shares both with the release before when unchanged", async () => {
    const first = path.join(work, 'first')
    const written = await writeSearchIndexes(first)
    expect(written.length).toBeGreaterThan(0)
    for (const shard of written) {
      const json = await readFile(path.join(first, shard.file))
      const gz = await readFile(path.join(first, `${shard.file}.gz`))
      expect(gunzipSync(gz).equals(json), shard.file).toBe(true)
      expect(gz.length).toBe(shard.gzipBytes)
    }
    const files = await readdir(path.join(first, '_search', written[0]!.locale))
    expect(files.filter((file) => file.endsWith('.gz')).length).toBe(written.filter((shard) => shard.locale === written[0]!.locale).length)

    const second = path.join(work, 'second')
    await writeSearchIndexes(second, {since: first})
    for (const shard of written)
      for (const file of [shard.file, `${shard.file}.gz`])
        expect((await stat(path.join(second, file))).ino, file).toBe((await stat(path.join(first, file))).ino)
  })
})
