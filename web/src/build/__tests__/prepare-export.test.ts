// Before each render, Next's data cache is emptied: with Sanity, each query is a fetch that Next keeps
// there, and a later build or publish would otherwise be answered with what an earlier one read.
import {mkdir, mkdtemp, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {NEXT_DATA_CACHE, prepareExport} from '../prepare-export'

let dir = ''

afterEach(async () => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  if (dir) await rm(dir, {recursive: true, force: true})
})

describe('prepareExport', () => {
  it("empties Next's data cache before a Sanity build renders", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'data-cache-'))
    const cache = path.join(dir, 'fetch-cache')
    await mkdir(cache, {recursive: true})
    await writeFile(path.join(cache, 'a1b2c3'), '{"kind":"FETCH","data":{"body":"an earlier answer"}}')
    vi.stubEnv('SANITY_PROJECT_ID', 'abc123')
    vi.stubEnv('SANITY_DATASET', 'production')
    vi.spyOn(console, 'log').mockImplementation(() => {})
    await prepareExport(cache)
    expect(await readdir(dir)).toEqual([])
  })

  it('is the cache in the compile folder the build and the publishes render with', () => {
    expect(path.relative(path.resolve(import.meta.dirname, '../../..'), NEXT_DATA_CACHE)).toBe(path.join('.next', 'cache', 'fetch-cache'))
  })
})
