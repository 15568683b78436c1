// The readers' check: an answer must be, status and bytes, what one of the releases served during the
// request gives for its URL. Checked against the static server over a link swapped between releases,
// and against a release rewritten in place (what a publish must never do), which the check must catch.
import {mkdir, mkdtemp, rename, rm, symlink, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {createStaticServer, type StaticServer} from '../../serve'
import {judgeAnswer, ReleaseTimeline, startReadLoad} from '../read-load'
import {expectedAnswer, sha256} from '../release-files'

let dir: string
let server: StaticServer | undefined

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
  await rm(dir, {recursive: true, force: true})
})

const POLICY = JSON.stringify({scriptHashes: [], connectSrc: [], imgSrc: [], frameSrc: []})

async function release(name: string, pages: Record<string, string>) {
  for (const [file, text] of Object.entries({'_site/page-policy.json': POLICY, '404.html': `missing ${name}`, ...pages})) {
    await mkdir(path.dirname(path.join(dir, 'builds', name, file)), {recursive: true})
    await writeFile(path.join(dir, 'builds', name, file), text)
  }
}

async function swapTo(name: string) {
  await symlink(path.join('builds', name), path.join(dir, 'next'))
  await rename(path.join(dir, 'next'), path.join(dir, 'out'))
}

describe('expectedAnswer', () => {
  it('is the file a URL maps to, or the not-found page with 404', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-load-'))
    await release('a', {'docs/rooms/index.html': 'rooms'})
    expect(expectedAnswer(path.join(dir, 'builds/a'), '/docs/rooms/')).toEqual({status: 200, hash: sha256('rooms')})
    expect(expectedAnswer(path.join(dir, 'builds/a'), '/nope/')).toEqual({status: 404, hash: sha256('missing a')})
  })
})

describe('judgeAnswer', () => {
  const allowed = [
    {status: 200, hash: sha256('old')},
    {status: 200, hash: sha256('new')},
  ]
  it('accepts the bytes of any release served during the request, and nothing else', () => {
    expect(judgeAnswer('/', 200, Buffer.from('new'), allowed)).toBeNull()
    expect(judgeAnswer('/', 200, Buffer.from('ne'), allowed)).toMatchObject({kind: 'mixed'})
    expect(judgeAnswer('/', 500, Buffer.from('new'), allowed)).toMatchObject({kind: 'failed'})
  })
})

describe('ReleaseTimeline', () => {
  it('allows, between two looks at the link, the releases seen in that stretch', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-load-'))
    for (const name of ['a', 'b', 'c']) await release(name, {'index.html': name})
    await swapTo('a')
    const timeline = new ReleaseTimeline(path.join(dir, 'out'), ['/'])
    const a = timeline.look()
    await swapTo('b')
    const b = timeline.look()
    await swapTo('c')
    const c = timeline.look()
    expect(timeline.allowed('/', a, a).map((answer) => answer.hash)).toEqual([sha256('a')])
    expect(timeline.allowed('/', a, c).map((answer) => answer.hash)).toEqual(['a', 'b', 'c'].map(sha256))
    expect(timeline.allowed('/', b, c).map((answer) => answer.hash)).toEqual(['b', 'c'].map(sha256))
    expect(timeline.seen).toBe(3)
  })
})

describe('startReadLoad against the static server', () => {
  it('counts no failed or mixed read while whole releases are swapped in', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-load-'))
    await release('0', {'index.html': 'home 0', 'docs/index.html': 'docs 0'.repeat(200)})
    await swapTo('0')
    server = createStaticServer({dir: path.join(dir, 'out')})
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const load = startReadLoad({
      base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      link: path.join(dir, 'out'),
      urls: ['/', '/docs/', '/missing/'],
      rate: 400,
      connections: 4,
    })
    for (let index = 1; index <= 10; index++) {
      await release(String(index), {'index.html': `home ${index}`, 'docs/index.html': `docs ${index}`.repeat(200)})
      await swapTo(String(index))
      await new Promise((resolve) => setTimeout(resolve, 40))
    }
    const report = await load.stop()
    expect(report.requests).toBeGreaterThan(50)
    expect(report).toMatchObject({failed: 0, mixed: 0, problems: []})
    expect(report.releases).toBeGreaterThan(5)
  })

  it('counts as mixed the reads of a release rewritten in place while it is served', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'read-load-'))
    await release('0', {'index.html': 'home 0'})
    await swapTo('0')
    server = createStaticServer({dir: path.join(dir, 'out')})
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const load = startReadLoad({
      base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      link: path.join(dir, 'out'),
      urls: ['/'],
      rate: 200,
      connections: 2,
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await writeFile(path.join(dir, 'builds/0/index.html'), 'home 0, half')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const report = await load.stop()
    expect(report.mixed).toBeGreaterThan(0)
    expect(report.problems[0]).toMatch(/^\/: \d+ bytes .* of no release served during the request$/)
  })
})
