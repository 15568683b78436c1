/**
 * The webhook receiver over real HTTP on an ephemeral port: Sanity's signature is checked with
 * @sanity/webhook's own encoder, a valid publish queues one build + incremental reindex, and
 * publishes during a run fold into one more run. Steps are recorded instead of run.
 */
import type {AddressInfo} from 'node:net'
import type {Server} from 'node:http'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterEach, describe, expect, it} from 'vitest'
import {createWebhookServer, DEFAULT_STEPS, documentIdsOf, HOOK_PATH, RebuildQueue, type Step} from '../webhook'

const SECRET = 'a-webhook-secret'
let server: Server | null = null

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = null
})

/** A runner whose steps finish when the test says so, to hold a run open. */
function controlledRunner() {
  const started: Step[] = []
  const finish: (() => void)[] = []
  const runner = (step: Step) =>
    new Promise<number>((resolve) => {
      started.push(step)
      finish.push(() => resolve(step[2] === 'fail' ? 1 : 0))
    })
  const finishAll = async () => {
    while (finish.length > 0) {
      finish.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  return {runner, started, finishAll}
}

async function listen(queue: RebuildQueue): Promise<string> {
  server = createWebhookServer(SECRET, queue)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
}

async function post(base: string, body: string, signature?: string): Promise<{status: number; json: Record<string, unknown>}> {
  const response = await fetch(`${base}${HOOK_PATH}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(signature ? {[SIGNATURE_HEADER_NAME]: signature} : {})},
    body,
  })
  return {status: response.status, json: (await response.json()) as Record<string, unknown>}
}

describe('webhook receiver', () => {
  it('runs the site build, then the incremental search reindex', () => {
    expect(DEFAULT_STEPS).toEqual([
      ['npm', 'run', 'build'],
      ['npm', 'run', 'search:index', '--', '--incremental'],
    ])
  })

  it('refuses requests without a valid signature, and queues nothing', async () => {
    const {runner, started} = controlledRunner()
    const base = await listen(new RebuildQueue(DEFAULT_STEPS, runner, () => {}))
    const body = JSON.stringify({_id: 'doc-v4-en-rooms'})
    expect((await post(base, body)).status).toBe(401)
    expect((await post(base, body, await encodeSignatureHeader(body, Date.now(), 'another-secret'))).status).toBe(401)
    // A valid signature of another body does not carry over.
    expect((await post(base, body, await encodeSignatureHeader('{}', Date.now(), SECRET))).status).toBe(401)
    expect(started).toEqual([])
  })

  it('queues one build and reindex for a signed publish, and folds publishes during a run into one more', async () => {
    const {runner, started, finishAll} = controlledRunner()
    const queue = new RebuildQueue(DEFAULT_STEPS, runner, () => {})
    const base = await listen(queue)
    const first = JSON.stringify({_id: 'doc-v4-en-rooms', operation: 'update'})
    const reply = await post(base, first, await encodeSignatureHeader(first, Date.now(), SECRET))
    expect(reply).toEqual({status: 202, json: {queued: true, documents: ['doc-v4-en-rooms']}})
    for (const id of ['blogPost-en-a', 'blogPost-en-b']) {
      const body = JSON.stringify({_id: id})
      expect((await post(base, body, await encodeSignatureHeader(body, Date.now(), SECRET))).status).toBe(202)
    }
    await finishAll()
    await queue.idle()
    expect(started).toEqual([...DEFAULT_STEPS, ...DEFAULT_STEPS])
    expect(queue.history.map((run) => [run.ok, run.documents])).toEqual([
      [true, ['doc-v4-en-rooms']],
      [true, ['blogPost-en-a', 'blogPost-en-b']],
    ])
    const health = await (await fetch(`${base}/health`)).json()
    expect(health).toMatchObject({ok: true, runs: 2})
  })

  it('skips the reindex when the build fails, and records the failed step', async () => {
    const {runner, started, finishAll} = controlledRunner()
    const queue = new RebuildQueue([['npm', 'run', 'fail'], ['npm', 'run', 'search:index']], runner, () => {})
    queue.request(['x'])
    await finishAll()
    await queue.idle()
    expect(started).toEqual([['npm', 'run', 'fail']])
    expect(queue.history[0]).toMatchObject({ok: false, failedStep: 'npm run fail'})
  })

  it('answers 404 elsewhere and 405 to other methods, and needs a secret to start', async () => {
    const base = await listen(new RebuildQueue(DEFAULT_STEPS, controlledRunner().runner, () => {}))
    expect((await fetch(`${base}/other`, {method: 'POST'})).status).toBe(404)
    expect((await fetch(`${base}${HOOK_PATH}`)).status).toBe(405)
    expect(() => createWebhookServer('', new RebuildQueue([], async () => 0))).toThrow(/SANITY_WEBHOOK_SECRET is empty/)
  })

  it('reads the document ids of a notification', () => {
    expect(documentIdsOf('{"_id":"a"}')).toEqual(['a'])
    expect(documentIdsOf('{"ids":["a","b"]}')).toEqual(['a', 'b'])
    expect(documentIdsOf('not json')).toEqual([])
  })
})
