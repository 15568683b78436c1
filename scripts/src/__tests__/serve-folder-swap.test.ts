/**
 * A plain folder at web/out that a build turns into a link (tools/build-aside.sh) while a request for one of its
 * files is under way: the file found and the file opened are then two files at one path. The swap is made to fall
 * exactly between the two, by running it when the server looks the file up.
 */
import {mkdtemp, mkdir, rename, rm, symlink, writeFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, expect, it, vi} from 'vitest'
import {createStaticServer} from '../serve'

const swap = vi.hoisted(() => ({run: undefined as undefined | (() => Promise<void>)}))

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...actual,
    // The server's look-up of a file ends with its stat: the swap, when one is armed, happens right after it.
    stat: async (...args: Parameters<typeof actual.stat>) => {
      const info = await actual.stat(...args)
      const run = swap.run
      if (run && String(args[0]).endsWith('index.html')) {
        swap.run = undefined
        await run()
      }
      return info
    },
  }
})

let base: string

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'serve-folder-swap-'))
  // The folder the web build wrote on its own, and the build that replaces it (a shorter page).
  await mkdir(join(base, 'out'))
  await writeFile(join(base, 'out/index.html'), 'the folder’s page, longer')
  await mkdir(join(base, 'out/_site'))
  await writeFile(join(base, 'out/_site/page-policy.json'), '{"scriptHashes":[],"connectSrc":[],"imgSrc":[],"frameSrc":[]}')
  await mkdir(join(base, '.builds/next'), {recursive: true})
  await writeFile(join(base, '.builds/next/index.html'), 'new page')
})

afterAll(async () => {
  await rm(base, {recursive: true, force: true})
})

it('answers with one file whole when a folder becomes a link between finding and opening the file', async () => {
  const server = createStaticServer({dir: join(base, 'out')})
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  try {
    swap.run = async () => {
      await rename(join(base, 'out'), join(base, '.builds/folder'))
      await symlink('.builds/next', join(base, 'out'))
    }
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {signal: AbortSignal.timeout(5_000)})
    const body = await response.text()
    expect(swap.run).toBe(undefined)
    expect(response.status).toBe(200)
    expect(['the folder’s page, longer', 'new page']).toContain(body)
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body))
  } finally {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
})
