/**
 * What Sanity's GROQ-powered webhook does for a project, done for the Sanity API stand-in: every
 * transaction that changes published documents of the filtered types is announced to the receiver
 * (scripts/src/sanity/webhook.ts) by a signed POST per document, with the projection the docs ask
 * for, `{_id, _type, "operation": delta::operation()}`, and drafts off. A delivery can be held back
 * (the crash tests publish a change themselves first) and sent later.
 */
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {WEBHOOK_DOCUMENT_TYPES} from '@site/schemas/webhook'
import type {SanityApiStandIn} from '@site/test-support/sanity-api'

/** The webhook's filter: the types of the operators' webhook. */
export const WEBHOOK_TYPES: ReadonlySet<string> = new Set(WEBHOOK_DOCUMENT_TYPES)

export interface Notification {
  _id: string
  _type: string
  operation: 'create' | 'update' | 'delete'
}

export interface Delivery {
  notification: Notification
  /** The receiver's status (0 when it could not be reached). */
  status: number
  /** performance.now() when the receiver answered. */
  answeredAt: number
}

interface ListenerEvent {
  documentId: string
  transition: 'appear' | 'update' | 'disappear'
}

/** The mutation events of one listener write (server-sent events text). */
export function mutationEvents(text: string): ListenerEvent[] {
  return text
    .split('\n\n')
    .filter((event) => /^event: mutation$/m.test(event))
    .flatMap((event) => {
      const data = /^data: (.*)$/m.exec(event)?.[1]
      return data ? [JSON.parse(data) as ListenerEvent] : []
    })
}

const OPERATIONS = {appear: 'create', update: 'update', disappear: 'delete'} as const

export interface WebhookDeliveryOptions {
  /** The receiver's URL (…/hooks/sanity). */
  url: string
  secret: string
  /** Called with each delivery once answered. */
  onDelivery?: (delivery: Delivery) => void
}

/**
 * Starts announcing the stand-in's writes. `hold()` keeps the next notifications back until `release()`,
 * which sends them; `sent()` resolves when every delivery so far has been answered.
 */
export function deliverWebhooks(api: SanityApiStandIn, options: WebhookDeliveryOptions) {
  const types = new Map<string, string>()
  const inFlight = new Set<Promise<void>>()
  let held: Notification[] | null = null
  const send = (notification: Notification) => {
    const delivery = (async () => {
      const body = JSON.stringify(notification)
      let status = 0
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), options.secret)},
          body,
        })
        await response.arrayBuffer()
        status = response.status
      } catch {
        status = 0
      }
      options.onDelivery?.({notification, status, answeredAt: performance.now()})
    })()
    inFlight.add(delivery)
    void delivery.finally(() => inFlight.delete(delivery))
  }
  const unlisten = api.listen((text, channel) => {
    if (channel !== 'listen') return
    for (const event of mutationEvents(text)) {
      const id = event.documentId
      // Drafts off: only published documents are announced.
      if (id.startsWith('drafts.') || id.startsWith('versions.')) continue
      const type = api.document(id)?._type ?? types.get(id)
      if (!type || !WEBHOOK_TYPES.has(type)) continue
      types.set(id, type)
      const notification: Notification = {_id: id, _type: type, operation: OPERATIONS[event.transition]}
      if (held) held.push(notification)
      else send(notification)
    }
  })
  return {
    /** Keeps the next notifications back (see `release` and `take`). */
    hold: () => {
      held ??= []
    },
    /** Sends what was held back, in order, and stops holding. */
    release: () => {
      const pending = held ?? []
      held = null
      for (const notification of pending) send(notification)
      return pending
    },
    /** Stops holding and gives what was held back, unsent (to be sent later with `send`). */
    take: () => {
      const pending = held ?? []
      held = null
      return pending
    },
    send: (notifications: readonly Notification[]) => notifications.forEach(send),
    sent: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    close: () => unlisten(),
  }
}
