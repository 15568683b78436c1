/**
 * The static server over many releases swapped in, as publishes swap them all day: what it keeps in
 * memory is bounded (compressed bodies of files that later releases replaced age out), and a file the
 * releases share as a hard link is compressed once.
 */
import {randomBytes} from 'node:crypto'
import {link, mkdir, mkdtemp, rename, rm, symlink, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterEach, describe, expect, it} from 'vitest'
import {createStaticServer, GzipCache, type StaticServer} from '../serve'

let dir: string
let server: StaticServer | undefined

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
  await rm(dir, {recursive: true, force: true})
})

/** A page of about 40 KB that compresses to about 10 KB, different each time. */
const page = () => `<p>${randomBytes(7_500).toString('hex')}</p>`.padEnd(40_000, ' ')

const POLICY = JSON.stringify({scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []})

async function swapTo(release: string) {
  await mkdir(path.join(dir, 'releases', release, '_site'), {recursive: true})
  await writeFile(path.join(dir, 'releases', release, '_site/page-policy.json'), POLICY)
  const next = path.join(dir, 'out-next')
  await symlink(path.join('releases', release), next)
  await rename(next, path.join(dir, 'out'))
}

async function get(url: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${(server!.address() as AddressInfo).port}${url}`, {headers: {'accept-encoding': 'gzip'}})
  return response.text()
}

describe('a static server serving release after release', () => {
  it('keeps its compressed bodies within the limit, however many releases were served', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'serve-releases-'))
    await mkdir(path.join(dir, 'releases/0'), {recursive: true})
    await writeFile(path.join(dir, 'releases/0/index.html'), page())
    await swapTo('0')
    server = createStaticServer({dir: path.join(dir, 'out'), gzipCacheBytes: 100_000})
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    for (let release = 1; release <= 40; release++) {
      const text = page()
      await mkdir(path.join(dir, 'releases', String(release)), {recursive: true})
      await writeFile(path.join(dir, 'releases', String(release), 'index.html'), text)
      await swapTo(String(release))
      expect(await get('/')).toBe(text)
    }
    // 40 pages of about 10 KB compressed went through it; it holds what fits in 100 KB.
    expect(server.gzipCache.bytes).toBeLessThanOrEqual(100_000)
    expect(server.gzipCache.size).toBeLessThan(40)
  })

  it('compresses a file that the releases share as a hard link once', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'serve-releases-'))
    await mkdir(path.join(dir, 'releases/0'), {recursive: true})
    const shared = page()
    await writeFile(path.join(dir, 'releases/0/index.html'), shared)
    await swapTo('0')
    server = createStaticServer({dir: path.join(dir, 'out')})
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    for (let release = 1; release <= 10; release++) {
      await mkdir(path.join(dir, 'releases', String(release)), {recursive: true})
      await link(path.join(dir, 'releases/0/index.html'), path.join(dir, 'releases', String(release), 'index.html'))
      await swapTo(String(release))
      expect(await get('/')).toBe(shared)
    }
    expect(server.gzipCache.size).toBe(1)
  })
})

describe('GzipCache', () => {
  it('drops the least recently used bodies first, and never keeps one larger than its limit', () => {
    const cache = new GzipCache(10)
    cache.set('a', Buffer.alloc(4))
    cache.set('b', Buffer.alloc(4))
    expect(cache.get('a')?.length).toBe(4)
    cache.set('c', Buffer.alloc(4))
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true])
    expect(cache.bytes).toBe(8)
    cache.set('huge', Buffer.alloc(11))
    expect(cache.get('huge')).toBeUndefined()
    cache.set('a', Buffer.alloc(2))
    expect(cache.bytes).toBe(6)
  })

  it('keeps each body in memory of its own size, not the whole output buffer zlib returns a small result in', () => {
    const compressed = gzipSync(Buffer.from('a page that compresses very well '.repeat(200)))
    // What the cache is given: a view of zlib's 16 KB output buffer (the reason for the copy).
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length * 10)
    const cache = new GzipCache(1024 * 1024)
    cache.set('page', compressed)
    const kept = cache.get('page')
    expect(kept?.equals(compressed)).toBe(true)
    expect(kept?.buffer.byteLength).toBe(compressed.length)
    // A body that is its whole buffer already is kept as it is.
    const whole = Buffer.allocUnsafeSlow(64).fill(1)
    cache.set('whole', whole)
    expect(cache.get('whole')).toBe(whole)
  })
})
