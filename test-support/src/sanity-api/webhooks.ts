/**
 * GROQ-powered webhooks, as the stand-in sends them: after each transaction, every changed document that a
 * webhook's filter matches is POSTed to its URL as the webhook's projection of it, signed with its secret in the
 * `sanity-webhook-signature` header (@sanity/webhook's format), with the documented `sanity-*` and
 * `idempotency-key` headers. Drafts and release versions are left out unless the webhook includes them; system
 * documents (`_.` ids) never go out. `delta::operation()`, `before()` and `after()` are available to the filter and
 * the projection. What the stand-in does not do: retries of failed deliveries, and the per-project rate limits.
 */
import {randomUUID} from 'node:crypto'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {evaluate, parse} from 'groq-js'
import type {StoredDocument} from './api'

export type WebhookOperation = 'create' | 'update' | 'delete'

export interface WebhookDefinition {
  /** Where deliveries are POSTed. */
  url: string
  /** A GROQ filter on the document, as entered in sanity.io/manage (empty: every document). */
  filter?: string
  /** A GROQ projection (`{_id, ...}`) giving the body; without one the body is the whole document. */
  projection?: string
  /** Signs each delivery when set. */
  secret?: string
  /** The operations that trigger it (default: all three). */
  on?: readonly WebhookOperation[]
  /** Deliver changes to drafts too (off by default, as in manage). */
  includeDrafts?: boolean
  /** Deliver changes to release versions too (off by default). */
  includeAllVersions?: boolean
}

export interface WebhookDelivery {
  url: string
  documentId: string
  operation: WebhookOperation
  transactionId: string
  body: unknown
  /** The receiver's answer; 0 when it could not be reached. */
  status: number
  /** When the delivery was sent and when the receiver answered it (Date.now()). */
  sentAt: number
  answeredAt?: number
  error?: string
}

/** A document's change within one transaction. */
export interface ChangedDocument {
  documentId: string
  before: StoredDocument | null
  after: StoredDocument | null
}

const trees = new Map<string, ReturnType<typeof parse>>()
function treeOf(query: string): ReturnType<typeof parse> {
  let tree = trees.get(query)
  if (!tree) {
    tree = parse(query, {mode: 'delta'})
    trees.set(query, tree)
  }
  return tree
}

function eligible(webhook: WebhookDefinition, id: string): boolean {
  if (id.startsWith('_.')) return false
  if (id.startsWith('drafts.')) return webhook.includeDrafts === true
  if (id.startsWith('versions.')) return webhook.includeAllVersions === true
  return true
}

/** The bodies one webhook sends for a transaction's changes, in the order of the changes. */
export async function webhookBodies(
  webhook: WebhookDefinition,
  changes: readonly ChangedDocument[],
): Promise<Array<{documentId: string; operation: WebhookOperation; body: unknown}>> {
  const bodies: Array<{documentId: string; operation: WebhookOperation; body: unknown}> = []
  for (const {documentId, before, after} of changes) {
    if (!eligible(webhook, documentId) || (!before && !after)) continue
    const operation: WebhookOperation = !before ? 'create' : !after ? 'delete' : 'update'
    if (webhook.on && !webhook.on.includes(operation)) continue
    const document = (after ?? before) as StoredDocument
    const context = {dataset: [document], before, after}
    const filter = webhook.filter?.trim()
    if (filter && (await (await evaluate(treeOf(`count(*[${filter}]) > 0`), context)).get()) !== true) continue
    const projection = webhook.projection?.trim()
    const body: unknown = projection ? await (await evaluate(treeOf(`*[0]${projection}`), {...context, dataset: [document]})).get() : document
    bodies.push({documentId, operation, body})
  }
  return bodies
}

/** POSTs one delivery; resolves with what it recorded (never rejects). */
export async function deliver(
  webhook: WebhookDefinition,
  delivery: {documentId: string; operation: WebhookOperation; body: unknown},
  transaction: {id: string; timestamp: string; projectId: string; dataset: string},
): Promise<WebhookDelivery> {
  const text = JSON.stringify(delivery.body)
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': randomUUID(),
    'sanity-project-id': transaction.projectId,
    'sanity-dataset': transaction.dataset,
    'sanity-document-id': delivery.documentId,
    'sanity-operation': delivery.operation,
    'sanity-transaction-id': transaction.id,
    'sanity-transaction-time': transaction.timestamp,
  }
  if (webhook.secret) headers[SIGNATURE_HEADER_NAME] = await encodeSignatureHeader(text, Date.now(), webhook.secret)
  const record: WebhookDelivery = {
    url: webhook.url,
    documentId: delivery.documentId,
    operation: delivery.operation,
    transactionId: transaction.id,
    body: delivery.body,
    status: 0,
    sentAt: Date.now(),
  }
  try {
    const response = await fetch(webhook.url, {method: 'POST', headers, body: text, signal: AbortSignal.timeout(30_000)})
    record.status = response.status
    record.answeredAt = Date.now()
    await response.arrayBuffer()
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error)
  }
  return record
}
