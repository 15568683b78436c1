/**
 * The studio fixtures (./studio-fixtures.ts) plus the site's preview server for editors: the last
 * preview build (web/.next-preview, made by `npm run preview` or the preview e2e's server) run with
 * `next start` on a free port of 127.0.0.1, reading the test's own Sanity API stand-in through the
 * stand-in's HTTP door, so that the studio (through the browser's routing) and the preview see one
 * dataset. The built studio looks for its preview at SANITY_STUDIO_PREVIEW_URL (http://localhost:3200
 * unless set at build time): the browser's requests there are answered by the server started here.
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'
import {createServer} from 'node:net'
import {join} from 'node:path'
import {startSanityApiStandIn} from '@site/test-support/sanity-api'
import {STAND_IN_TOKEN} from '@site/test-support/sanity-api/playwright'
import {studioEnv} from '../env'
import {REPO_ROOT} from './environment'
import {expect, test as studioTest} from './studio-fixtures'

const WEB_DIR = join(REPO_ROOT, 'web')
const PREVIEW_BUILD = join(WEB_DIR, '.next-preview/BUILD_ID')
const NEXT_BIN = join(REPO_ROOT, 'node_modules/next/dist/bin/next')

export interface PreviewServer {
  /** Where the studio loads its preview from (its SANITY_STUDIO_PREVIEW_URL). */
  studioSeesItAt: string
  /** Where the preview server really listens. */
  url: string
  /** The requests of the studio's frame to the preview server, in order. */
  requests: URL[]
  /** The preview server's output, for a failure's report. */
  output: string[]
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('No free port on 127.0.0.1')
  return address.port
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

export const test = studioTest.extend<{previewServer: PreviewServer}>({
  previewServer: async ({context, standIn, studioServer}, use, testInfo) => {
    testInfo.skip(
      !existsSync(PREVIEW_BUILD),
      'web/.next-preview is not built: run npm run preview (or the preview e2e, npx playwright test --config web/playwright.preview.config.ts) first',
    )
    // The preview server reads the very stand-in the studio's requests are routed to.
    const door = await startSanityApiStandIn({api: standIn, projectId: standIn.projectId, dataset: standIn.dataset})
    const port = await freePort()
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
    const server: PreviewServer = {studioSeesItAt: new URL(studioEnv.previewUrl).origin, url, requests: [], output}
    try {
      await waitForServer(url, output, () => exitCode)
      await context.route(
        (requested) => requested.origin === server.studioSeesItAt,
        async (route) => {
          const requested = new URL(route.request().url())
          server.requests.push(requested)
          // Fetched here and answered as if from the studio's preview address, so the frame stays on the origin the
          // studio talks to (its messages name that origin): the Host header kept, redirects handed to the frame.
          const request = route.request()
          const response = await route.fetch({url: `${url}${requested.pathname}${requested.search}`, headers: await request.allHeaders(), maxRedirects: 0})
          const headers = response.headers()
          if (headers.location) headers.location = headers.location.replace(url, server.studioSeesItAt)
          // The body comes decoded: it is passed on as it is.
          delete headers['content-encoding']
          delete headers['content-length']
          await route.fulfill({response, headers})
        },
      )
      await use(server)
    } finally {
      child.kill('SIGTERM')
      await door.close()
      await testInfo.attach('preview-server.log', {body: output.join(''), contentType: 'text/plain'})
    }
  },
})

export {expect}
