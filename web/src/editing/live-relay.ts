/**
 * The preview's live updates, relayed: the preview server listens to Sanity's Live Content API with
 * drafts included (`/data/live/events/<dataset>?includeDrafts=true`, which needs the read token) and
 * passes each event on to the editor's browser as a server-sent event of its own, with nothing but the
 * event's kind and sync tags. The browser (the preview bridge) renders the page anew at each change,
 * as next-sanity's `<SanityLive includeDrafts>` does in draft mode, without the token leaving the
 * server (next-sanity's own way would hand the browser a token to open that stream itself).
 */
import {createClient, type LiveEvent} from '@sanity/client'
import {apiHostOptions} from '@site/content-source/transports'
import type {PreviewSettings} from '@site/content-source/preview-env'

/** The kinds of event the relay passes on: the Live Content API's own. */
export type RelayedEvent =
  {type: 'welcome'} | {type: 'message'; id: string; tags: string[]} | {type: 'restart'} | {type: 'reconnect'} | {type: 'goaway'; reason: string}

/** One relayed event as the text of a server-sent event (the `id` of a message kept, so the browser may resume). */
export function formatRelayedEvent(event: RelayedEvent): string {
  const {type, ...data} = event
  const id = event.type === 'message' ? `id: ${event.id}\n` : ''
  return `${id}event: ${type}\ndata: ${JSON.stringify(event.type === 'message' ? {tags: event.tags} : data)}\n\n`
}

/** A Live Content API event reduced to what the browser may see (its tags are opaque; no document content is in any). */
export function relayedEventOf(event: LiveEvent): RelayedEvent | undefined {
  switch (event.type) {
    case 'welcome':
    case 'restart':
    case 'reconnect':
      return {type: event.type}
    case 'message':
      return {type: 'message', id: event.id, tags: [...event.tags]}
    case 'goaway':
      return {type: 'goaway', reason: event.reason}
    default:
      return undefined
  }
}

/**
 * The relayed streams open now. `next start` stops on SIGTERM or SIGINT by closing its HTTP server,
 * which waits for every response to end: these never would, so they are ended then. Only when
 * something (Next) handles the signal: a listener of ours alone would keep the process from stopping.
 */
const open = new Set<() => void>()
let endOnStop = false

function endAllOnStop(): void {
  if (endOnStop) return
  endOnStop = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) if (process.listenerCount(signal) > 0) process.on(signal, () => [...open].forEach((close) => close()))
}

/**
 * The relayed stream's body: the Live Content API's events with drafts, read with the settings' token,
 * until the browser goes away (`signal`). An error of the upstream stream ends the relayed one with a
 * `goaway` naming it: the bridge then falls back to the studio's own refresh messages.
 */
export function relayLiveEvents(settings: PreviewSettings, signal: AbortSignal): ReadableStream<Uint8Array> {
  endAllOnStop()
  const {projectId, dataset, apiVersion, apiHost, token} = settings
  const client = createClient({projectId, dataset, apiVersion, token, useCdn: false, ...apiHostOptions(apiHost)})
  const encoder = new TextEncoder()
  let stop = () => {}
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let running = true
      const close = () => {
        if (!running) return
        running = false
        open.delete(close)
        subscription.unsubscribe()
        controller.close()
      }
      const send = (event: RelayedEvent) => {
        if (running) controller.enqueue(encoder.encode(formatRelayedEvent(event)))
      }
      // A comment line first: the response's headers and a first byte reach the browser at once.
      controller.enqueue(encoder.encode(': the preview server relays Sanity Live Content API events (drafts included)\n\n'))
      const subscription = client.live.events({includeDrafts: true, tag: 'site-preview.live'}).subscribe({
        next: (event) => {
          const relayed = relayedEventOf(event)
          if (relayed) send(relayed)
        },
        error: (error: unknown) => {
          send({type: 'goaway', reason: `the preview server lost the Live Content API: ${error instanceof Error ? error.message : String(error)}`})
          close()
        },
        complete: close,
      })
      stop = close
      open.add(close)
      signal.addEventListener('abort', close, {once: true})
    },
    cancel() {
      stop()
    },
  })
}
