/**
 * The studio fixtures (./studio-fixtures.ts) plus the site's preview server for editors: the last
 * preview build (web/.next-preview, made by `npm run preview` or the preview e2e's server) run with
 * `next start` on 127.0.0.1 at the port of the studio's SANITY_STUDIO_PREVIEW_URL (http://localhost:3200
 * unless set at build time), reading the test's own Sanity API stand-in through the stand-in's HTTP
 * door, so that the studio (through the browser's routing) and the preview see one dataset. The frame
 * reaches it over the network, as an editor's browser would (Playwright's routing would not follow the
 * draft-mode route's redirect).
 */
import {spawn} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {dirname, join} from 'node:path'
import {startSanityApiStandIn} from '@site/test-support/sanity-api'
import {STAND_IN_TOKEN} from '@site/test-support/sanity-api/playwright'
import {studioEnv} from '../env'
import {REPO_ROOT} from './environment'
import type {BrowserContext, TestInfo} from '@playwright/test'
import type {BrowserSanityApiStandIn} from '@site/test-support/sanity-api/playwright'
import type {RunningServer} from './spa-server'
import {expect, test as studioTest} from './studio-fixtures'

const WEB_DIR = join(REPO_ROOT, 'web')
const PREVIEW_BUILD = join(WEB_DIR, '.next-preview/BUILD_ID')
const NEXT_BIN = join(REPO_ROOT, 'node_modules/next/dist/bin/next')

export interface PreviewServer {
  /** Where the studio loads its preview from (its SANITY_STUDIO_PREVIEW_URL). */
  studioSeesItAt: string
  /** Where the preview server really listens. */
  url: string
  /** The requests of the studio's frame to the preview server, in order, with when they left (Date.now()). */
  requests: Array<{url: URL; at: number}>
  /** The preview server's output, for a failure's report. */
  output: string[]
}

/** Fails, naming the cause, when something already listens where the preview server must (a running `npm run preview`). */
async function ensureFree(port: number): Promise<void> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `Port ${port} of 127.0.0.1 is in use (${error.code}): the studio's Presentation tests run the preview server there, at the studio's SANITY_STUDIO_PREVIEW_URL; stop what listens there (npm run preview?)`,
        ),
      ),
    )
    server.listen(port, '127.0.0.1', resolve)
  })
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/**
 * The studio's preview address is one port for the whole run, and the studio's two workers may both want it (the
 * Presentation spec, and the publish status spec's preview of a Content Release): a lock file beside the test results,
 * made with O_EXCL and naming its holder's process, lets one preview server run there at a time; the other test waits
 * for it to end. A lock whose process is gone (a run killed midway) is taken over. Returns the lock's release.
 */
async function holdPreviewPort(port: number, waitMs: number): Promise<() => void> {
  const lock = join(REPO_ROOT, 'test-results', `.preview-server-${port}.lock`)
  mkdirSync(dirname(lock), {recursive: true})
  const holderOf = () => {
    try {
      return Number(readFileSync(lock, 'utf8').trim()) || 0
    } catch {
      return 0
    }
  }
  const remove = () => rmSync(lock, {force: true})
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), {flag: 'wx'})
      return () => {
        if (holderOf() === process.pid) remove()
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = holderOf()
    // Its process is gone (a run killed midway): removed, then taken on the next turn. (Empty: being written right now.)
    if (holder && !processAlive(holder)) {
      remove()
      continue
    }
    if (Date.now() > deadline)
      throw new Error(`Port ${port} is still held for another test's preview server (process ${holder}, ${lock}) after ${waitMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function waitForServer(url: string, output: string[], exited: () => number | null): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const code = exited()
    if (code !== null) throw new Error(`The preview server (next start) exited with ${code}:\n${output.join('')}`)
    try {
      await fetch(url, {redirect: 'manual'})
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`The preview server did not answer at ${url} within 90 s:\n${output.join('')}`)
}

/** The preview server fixture, for the specs that add it to fixtures of their own (./publish-fixtures.ts). */
export const previewServerFixture = async (
  {context, standIn, studioServer}: {context: BrowserContext; standIn: BrowserSanityApiStandIn; studioServer: RunningServer},
  use: (server: PreviewServer) => Promise<void>,
  testInfo: TestInfo,
): Promise<void> => {
  testInfo.skip(
    !existsSync(PREVIEW_BUILD),
    'web/.next-preview is not built: run npm run preview (or the preview e2e, npx playwright test --config web/playwright.preview.config.ts) first',
  )
  // Where the studio looks for it (the built studio's SANITY_STUDIO_PREVIEW_URL): the frame then talks to the origin the studio expects.
  const previewAddress = new URL(studioEnv.previewUrl)
  const port = Number(previewAddress.port || (previewAddress.protocol === 'https:' ? 443 : 80))
  // Waits longer than the other worker's test holds the port (the Presentation spec's test: 3–4 minutes here at a load average of 8–10).
  const releasePort = await holdPreviewPort(port, 8 * 60_000)
  try {
    await ensureFree(port)
    await runPreviewServer({context, standIn, studioServer, previewAddress, port}, use, testInfo)
  } finally {
    releasePort()
  }
}

/** The preview server at `port`, which this test holds, for the test's time. */
async function runPreviewServer(
  {
    context,
    standIn,
    studioServer,
    previewAddress,
    port,
  }: {context: BrowserContext; standIn: BrowserSanityApiStandIn; studioServer: RunningServer; previewAddress: URL; port: number},
  use: (server: PreviewServer) => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  // The preview server reads the very stand-in the studio's requests are routed to.
  const door = await startSanityApiStandIn({api: standIn, projectId: standIn.projectId, dataset: standIn.dataset})
  const output: string[] = []
  const child = spawn(process.execPath, [NEXT_BIN, 'start', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: WEB_DIR,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      SITE_PREVIEW: '1',
      SANITY_PROJECT_ID: standIn.projectId,
      SANITY_DATASET: standIn.dataset,
      SANITY_API_HOST: door.url,
      SANITY_API_READ_TOKEN: STAND_IN_TOKEN,
      STUDIO_URL: studioServer.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exitCode: number | null = null
  child.on('exit', (code) => (exitCode = code ?? 1))
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const server: PreviewServer = {studioSeesItAt: previewAddress.origin, url, requests: [], output}
  try {
    await waitForServer(url, output, () => exitCode)
    // The fixtures answer every host but 127.0.0.1 offline: the preview's address goes to the network, to this server.
    await context.route(
      (requested) => requested.origin === server.studioSeesItAt,
      async (route) => {
        server.requests.push({url: new URL(route.request().url()), at: Date.now()})
        await route.continue()
      },
    )
    await use(server)
  } finally {
    // Stopped before the next test starts one at the same port.
    const exited = new Promise<void>((resolve) => (exitCode !== null ? resolve() : child.once('exit', () => resolve())))
    child.kill('SIGTERM')
    // A graceful stop waits for open responses (the frame's live stream is ended by the server itself); never for ever.
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(forced)
    await door.close()
    await testInfo.attach('preview-server.log', {body: output.join(''), contentType: 'text/plain'})
  }
}

export const test = studioTest.extend<{previewServer: PreviewServer}>({previewServer: previewServerFixture})

export {expect}
