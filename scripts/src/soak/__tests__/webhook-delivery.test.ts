// The webhook of the Sanity API stand-in: each write of a published document of the filtered types is
// announced to the real receiver (scripts/src/sanity/webhook.ts) by a signed POST with the README's
// projection, drafts left out; a delivery can be held back and sent later.
import type {AddressInfo} from 'node:net'
import {afterEach, describe, expect, it} from 'vitest'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {createWebhookServer, HOOK_PATH, RebuildQueue, type DocumentChange} from '../../sanity/webhook'
import {deliverWebhooks, mutationEvents, type Delivery} from '../webhook-delivery'

const SECRET = 'delivery-test-secret'
let standin: SanityApiServer | undefined
let receiver: ReturnType<typeof createWebhookServer> | undefined

afterEach(async () => {
  await standin?.close()
  if (receiver) await new Promise((resolve) => receiver!.close(resolve))
  standin = undefined
  receiver = undefined
})

async function setUp() {
  standin = await startSanityApiStandIn({
    projectId: 'p',
    dataset: 'production',
    token: 't',
    documents: [
      {_id: 'doc-v4-en-rooms', _type: 'doc', title: 'Rooms'},
      {_id: 'translation.metadata.x', _type: 'translation.metadata'},
    ],
  })
  const runs: DocumentChange[][] = []
  const queue = new RebuildQueue(
    [['publish']],
    async (_step, _signal, changes) => (runs.push([...changes]), 0),
    () => {},
  )
  receiver = createWebhookServer(SECRET, queue)
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve))
  const deliveries: Delivery[] = []
  const delivery = deliverWebhooks(standin.api, {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${HOOK_PATH}`,
    secret: SECRET,
    onDelivery: (entry) => deliveries.push(entry),
  })
  const mutate = async (mutations: unknown[]) => {
    const response = await fetch(`${standin!.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: {authorization: 'Bearer t', 'content-type': 'application/json'},
      body: JSON.stringify({mutations}),
    })
    expect(response.status).toBe(200)
  }
  return {queue, runs, deliveries, delivery, mutate}
}

describe('mutationEvents', () => {
  it('reads the documents and transitions of a listener write', () => {
    const text = `id: a\nevent: mutation\ndata: ${JSON.stringify({documentId: 'x', transition: 'update'})}\n\nevent: welcome\ndata: {}\n\n`
    expect(mutationEvents(text)).toEqual([{documentId: 'x', transition: 'update'}])
  })
})

describe('deliverWebhooks', () => {
  it('announces published writes of the filtered types, signed, with id, type and operation; the receiver queues them', async () => {
    const {queue, runs, deliveries, delivery, mutate} = await setUp()
    await mutate([{patch: {id: 'doc-v4-en-rooms', set: {title: 'Rooms!'}}}])
    await mutate([{create: {_id: 'drafts.doc-v4-en-events', _type: 'doc'}}])
    await mutate([{patch: {id: 'translation.metadata.x', set: {a: 1}}}])
    await mutate([{delete: {id: 'doc-v4-en-rooms'}}])
    await delivery.sent()
    await queue.idle()
    expect(deliveries.map((entry) => [entry.status, entry.notification])).toEqual([
      [202, {_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'update'}],
      [202, {_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'delete'}],
    ])
    expect(runs.flat().map((change) => `${change.id} ${change.type} ${change.operation}`)).toContain('doc-v4-en-rooms doc delete')
  })

  it('holds notifications back until told, then sends them', async () => {
    const {deliveries, delivery, mutate} = await setUp()
    delivery.hold()
    await mutate([{patch: {id: 'doc-v4-en-rooms', set: {title: 'Held'}}}])
    await delivery.sent()
    expect(deliveries).toEqual([])
    const held = delivery.take()
    expect(held).toEqual([{_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'update'}])
    delivery.send(held)
    await delivery.sent()
    expect(deliveries.map((entry) => entry.status)).toEqual([202])
  })
})
