/**
 * The Sanity API stand-in (./api.ts) installed in a Playwright browser context: every request to
 * Sanity's hosts (api.sanity.io, <project>.api.sanity.io, <project>.apicdn.sanity.io) is answered by
 * it through context.route(), with the CORS headers a browser needs. Playwright fulfils a routed
 * request with a whole body, so the page's listener streams are held open by a script in the page,
 * into which the stand-in pushes the events of each write.
 */
import type {BrowserContext, Route} from '@playwright/test'
import {SanityApiStandIn, type SanityApiOptions, type StreamChannel} from './api'

export {STAND_IN_USER, type StoredDocument} from './api'

/** The token the signed-in editor of the studio tests holds. */
export const STAND_IN_TOKEN = 'stand-in-editor-token'

const SANITY_HOST = (hostname: string) => hostname === 'api.sanity.io' || hostname.endsWith('.api.sanity.io') || hostname.endsWith('.apicdn.sanity.io')

export type BrowserSanityApiStandIn = SanityApiStandIn & {install(context: BrowserContext): Promise<void>}

/** A stand-in for a browser: private dataset, STAND_IN_TOKEN the editor's token unless told otherwise. */
export function createBrowserSanityApiStandIn(options: SanityApiOptions): BrowserSanityApiStandIn {
  const api = new SanityApiStandIn({token: STAND_IN_TOKEN, aclMode: 'private', ...options})
  const pages = new Set<import('@playwright/test').Page>()
  api.listen((events, channel) => {
    for (const page of pages) {
      void page
        .evaluate(
          ([text, to]) => (window as unknown as {__sanityStandInEmit?: (text: string, channel: StreamChannel) => void}).__sanityStandInEmit?.(text, to),
          [events, channel] as const,
        )
        .catch(() => pages.delete(page))
    }
  })

  async function handle(route: Route) {
    const request = route.request()
    const origin = request.headers().origin ?? '*'
    const headers = {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization, content-type, x-sanity-app, last-event-id, cache-control, x-sanity-client',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-expose-headers': 'x-sanity-shard, content-type',
    }
    if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers})
    const url = new URL(request.url())
    // A worker's request has no frame (frame() throws): only pages get listener events.
    try {
      pages.add(request.frame().page())
    } catch {
      // not from a page
    }
    const answer = await api.handle({
      method: request.method(),
      host: url.host,
      url: `${url.pathname}${url.search}`,
      headers: request.headers(),
      body: request.postDataBuffer() ?? Buffer.alloc(0),
    })
    const contentType = answer.contentType ?? 'application/json; charset=utf-8'
    // A stream's opening (listener, live events) is sent as its whole body; the page's script keeps the stream open (holdListenStreamsOpen).
    const body = answer.bytes ?? (answer.contentType === 'text/event-stream' ? (answer.stream ?? '') : JSON.stringify(answer.json))
    await route.fulfill({status: answer.status, headers, contentType, body})
  }

  return Object.assign(api, {
    async install(context: BrowserContext) {
      await context.addInitScript(holdListenStreamsOpen)
      await context.route((url) => SANITY_HOST(url.hostname), handle)
    },
  })
}

/**
 * Runs in the page: an event stream (the listener's, the Live Content API's; both are read with fetch by
 * @sanity/client), fulfilled whole by Playwright, is passed on and then held open, as the API's stays
 * open, and window.__sanityStandInEmit pushes the events of its channel into every open one.
 */
function holdListenStreamsOpen() {
  const realFetch = window.fetch.bind(window)
  const open = new Map<ReadableStreamDefaultController<Uint8Array>, {channel: string; queryVisibility: boolean}>()
  const encoder = new TextEncoder()
  Object.assign(window, {
    __sanityStandInEmit: (text: string, channel: string) => {
      for (const [controller, its] of open) {
        if (its.channel !== channel) continue
        // The stand-in's writes are visible to queries at once: a listener that asked for query visibility gets events marked so.
        controller.enqueue(encoder.encode(its.queryVisibility ? text.replaceAll('"visibility":"transaction"', '"visibility":"query"') : text))
      }
    },
  })
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const stream = /\.api\.sanity\.io\/v[^/]+\/data\/(listen|live\/events)\/[^?]*(\?.*)?$/.exec(url)
    if (!stream) return realFetch(input, init)
    // The same channels as the stand-in's StreamChannel (a page script cannot import it).
    const channel = stream[1] === 'listen' ? 'listen' : /[?&]includeDrafts=true(&|$)/.test(stream[2] ?? '') ? 'live-drafts' : 'live'
    const response = await realFetch(input, init)
    if (!response.ok) return response
    const head = new Uint8Array(await response.arrayBuffer())
    const signal = init?.signal
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
        open.set(controller, {channel, queryVisibility: /[?&]visibility=query(&|$)/.test(stream[2] ?? '')})
        signal?.addEventListener('abort', () => {
          open.delete(controller)
          controller.close()
        })
      },
    })
    return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers})
  }
}
