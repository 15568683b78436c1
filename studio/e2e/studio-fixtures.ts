/**
 * Playwright fixtures for the studio's browser tests: the built studio served on 127.0.0.1, a
 * browser context whose every request to Sanity's hosts is answered by the API stand-in, and an
 * editor already signed in (the stand-in's token in the studio's auth storage).
 */
import {readDatasetDocuments} from '@site/schemas/dataset'
import {test as base, expect, type Page} from '@playwright/test'
import {studioEnv} from '../env'
import {DATASET_DIR, STUDIO_DIST, studioE2eSkipReason} from './environment'
import {type BrowserSanityApiStandIn, createBrowserSanityApiStandIn, STAND_IN_TOKEN, type StoredDocument} from '@site/test-support/sanity-api/playwright'
import {type RunningServer, startSpaServer} from './spa-server'

interface WorkerFixtures {
  studioServer: RunningServer
  documents: readonly StoredDocument[]
}

interface TestFixtures {
  /** Skips the test, with the reason, when the machine lacks Chromium, the studio build or the dataset. */
  skipWhenUnavailable: void
  standIn: BrowserSanityApiStandIn
  /** Hosts outside Sanity's API that the studio tried to reach (fonts, CDN scripts), answered offline. */
  offlineRequests: string[]
  /** Whether the editor's token is put in the studio's auth storage before the studio starts. */
  signedIn: boolean
  /** Opens a studio path such as /structure/docs and waits for the studio's shell. */
  openStudio: (path: string) => Promise<Page>
}

// The key is the one sanity's auth store reads (`__studio_auth_token_<projectId>`, value {token}).
const tokenKey = `__studio_auth_token_${studioEnv.projectId}`

export const test = base.extend<TestFixtures, WorkerFixtures>({
  skipWhenUnavailable: [
    async ({}, use, testInfo) => {
      const reason = studioE2eSkipReason()
      testInfo.skip(Boolean(reason), reason)
      await use()
    },
    {auto: true},
  ],
  studioServer: [
    async ({}, use) => {
      const server = await startSpaServer(STUDIO_DIST)
      await use(server)
      await server.close()
    },
    {scope: 'worker'},
  ],
  documents: [
    async ({}, use) => {
      const {documents} = await readDatasetDocuments(DATASET_DIR)
      await use(documents)
    },
    {scope: 'worker'},
  ],
  signedIn: [true, {option: true}],
  offlineRequests: async ({}, use) => {
    await use([])
  },
  standIn: async ({documents}, use, testInfo) => {
    const standIn = createBrowserSanityApiStandIn({projectId: studioEnv.projectId, dataset: studioEnv.dataset, documents})
    await use(standIn)
    // What the studio asked for, kept with the test's results: the way to see what the stand-in lacks.
    const line = (request: {method: string; host: string; path: string; status: number}) => `${request.method} ${request.host}${request.path} ${request.status}`
    const log = [
      `requests:`,
      ...standIn.requests.map(line),
      ``,
      `unanswered (404):`,
      ...standIn.unanswered.map(line),
      ``,
      `failed:`,
      ...standIn.failures,
      ``,
      `writes:`,
      ...standIn.writes.map((m) => `${m.endpoint} ${JSON.stringify(m.body)}`),
    ].join('\n')
    await testInfo.attach('sanity-api-stand-in.log', {body: log, contentType: 'text/plain'})
    if (process.env.STUDIO_E2E_LOG) console.log(log)
  },
  context: async ({context, standIn, offlineRequests, signedIn}, use) => {
    // Registered first, so matched last: everything that is neither the studio nor the API stand-in.
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        const url = route.request().url()
        offlineRequests.push(url)
        // The studio injects Sanity's dashboard bridge as an optional module; an empty module keeps it quiet.
        if (url.startsWith('https://core.sanity-cdn.com/'))
          return route.fulfill({status: 200, contentType: 'text/javascript', body: '// empty: no Sanity dashboard in the stand-in setup\n'})
        return route.fulfill({status: 404, contentType: 'text/plain', body: `offline in the studio tests: ${url}`})
      },
    )
    await standIn.install(context)
    // Presence (bifur) runs over a WebSocket: accepted and left silent, so that the editor is alone.
    await context.routeWebSocket(/\.api\.sanity\.io\/.*\/socket\//, () => undefined)
    // The studio's window only: a sandboxed frame (the Presentation tool's preview) may not touch localStorage.
    if (signedIn)
      await context.addInitScript(
        ([key, token]) => {
          if (window === window.top) window.localStorage.setItem(key, JSON.stringify({token}))
        },
        [tokenKey, STAND_IN_TOKEN] as const,
      )
    await use(context)
  },
  page: async ({page}, use, testInfo) => {
    const messages: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => messages.push(`page error: ${error.message}`))
    await use(page)
    await testInfo.attach('studio-console.log', {body: messages.join('\n'), contentType: 'text/plain'})
    if (process.env.STUDIO_E2E_LOG) console.log(messages.join('\n'))
  },
  openStudio: async ({page, studioServer}, use) => {
    await use(async (path) => {
      await page.goto(`${studioServer.url}${path}`)
      return page
    })
  },
})

/**
 * Takes the studio open in `page` to another of its addresses (a path such as /publishes or /intent/edit/id=…) without
 * loading it again: the address is pushed and the studio's router told, as the browser's back and forward buttons tell
 * it (it follows `popstate`). Loading the studio again (page.goto) starts it anew, 10–30 s here.
 */
export async function goInStudio(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}))
  }, path)
}

export {expect}
