/**
 * The webhook receiver over real HTTP on an ephemeral port: Sanity's signature is checked with
 * @sanity/webhook's own encoder, a valid publish queues one build + incremental reindex, and
 * publishes during a run fold into one more run. Steps are recorded instead of run, except where
 * the time limit is tested on real processes. Replays, stale signatures, floods and hung builds too.
 */
import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {request as httpRequest, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterEach, describe, expect, it} from 'vitest'
import {
  CHANGES_VARIABLE,
  createWebhookServer,
  DEFAULT_STEPS,
  documentChangesOf,
  documentIdsOf,
  type DocumentChange,
  HOOK_PATH,
  MAX_PENDING_IDS,
  RebuildQueue,
  readListenSettings,
  ReplayGuard,
  signatureAgeProblem,
  spawnStep,
  TIMED_OUT_EXIT_CODE,
  type Step,
} from '../webhook'

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

async function listen(queue: RebuildQueue, now?: () => number): Promise<string> {
  server = createWebhookServer(SECRET, queue, now ? {now} : {})
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
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
  it('runs the site publish (incremental where it can be), then the incremental search reindex', () => {
    expect(DEFAULT_STEPS).toEqual([
      ['npm', 'run', 'publish:site'],
      ['npm', 'run', 'search:index', '--', '--incremental'],
    ])
  })

  it('gives each step the documents of its run, with their types and operations, as SITE_PUBLISH_CHANGES', async () => {
    const seen: Array<readonly DocumentChange[]> = []
    const queue = new RebuildQueue(
      DEFAULT_STEPS,
      async (_step, _signal, changes) => (seen.push(changes), 0),
      () => {},
    )
    const base = await listen(queue)
    const body = JSON.stringify({_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'update'})
    expect((await post(base, body, await encodeSignatureHeader(body, Date.now(), SECRET))).status).toBe(202)
    await queue.idle()
    expect(seen).toEqual([[{id: 'doc-v4-en-rooms', type: 'doc', operation: 'update'}], [{id: 'doc-v4-en-rooms', type: 'doc', operation: 'update'}]])
    // A real step gets them in its environment (npm run publish:site reads CHANGES_VARIABLE).
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-changes-'))
    const file = path.join(dir, 'changes.json')
    const controller = new AbortController()
    const code = await spawnStep(dir)(['sh', '-c', `printf %s "$${CHANGES_VARIABLE}" > changes.json`], controller.signal, [
      {id: 'navbar', type: 'siteSettings', operation: 'update'},
    ])
    expect(code).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{id: 'navbar', type: 'siteSettings', operation: 'update'}])
    rmSync(dir, {recursive: true, force: true})
  })

  it('reads the documented projection {_id, _type, operation} and lists of ids, each document once', () => {
    expect(documentChangesOf('{"_id":"post-en-a","_type":"blogPost","operation":"delete"}')).toEqual([{id: 'post-en-a', type: 'blogPost', operation: 'delete'}])
    expect(documentChangesOf('{"_id":"a","_type":"doc","ids":["a","b",3]}')).toEqual([{id: 'a', type: 'doc'}, {id: 'b'}])
    expect(documentChangesOf('null')).toEqual([])
    expect(documentChangesOf('[1,2]')).toEqual([])
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

  it('remembers each document once, however many notifications name it', async () => {
    const {runner, finishAll} = controlledRunner()
    const queue = new RebuildQueue(DEFAULT_STEPS, runner, () => {})
    queue.request(['first'])
    for (let i = 0; i < 50; i++) queue.request(['a', 'b', 'a'])
    expect(queue.status()).toMatchObject({running: true, queued: true})
    await finishAll()
    await queue.idle()
    expect(queue.history.map((run) => run.documents)).toEqual([['first'], ['a', 'b']])
    expect(documentIdsOf('{"_id":"a","ids":["a","b"]}')).toEqual(['a', 'b'])
  })

  it('skips the reindex when the build fails, and records the failed step', async () => {
    const {runner, started, finishAll} = controlledRunner()
    const queue = new RebuildQueue(
      [
        ['npm', 'run', 'fail'],
        ['npm', 'run', 'search:index'],
      ],
      runner,
      () => {},
    )
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

const sign = (body: string, at: number) => encodeSignatureHeader(body, at, SECRET)

describe('replays and stale signatures', () => {
  it('refuses a signature from 2021, one ten years ahead, and one a minute ahead; takes one four minutes old', async () => {
    const {runner, started} = controlledRunner()
    const now = Date.now()
    const base = await listen(new RebuildQueue(DEFAULT_STEPS, runner, () => {}), () => now)
    const body = JSON.stringify({_id: 'doc-v4-en-rooms'})
    const old = await post(base, body, await sign(body, Date.UTC(2021, 5, 1)))
    expect(old.status).toBe(401)
    expect(old.json.error).toMatch(/older than 5 minutes are refused as replays/)
    const future = await post(base, body, await sign(body, now + 10 * 365 * 24 * 3600_000))
    expect(future.status).toBe(401)
    expect(future.json.error).toMatch(/in the future/)
    expect((await post(base, body, await sign(body, now + 60_000))).status).toBe(401)
    expect(started).toEqual([])
    expect((await post(base, body, await sign(body, now - 4 * 60_000))).status).toBe(202)
    expect(started).toHaveLength(1)
  })

  it('queues the same signed request only once', async () => {
    const {runner, started, finishAll} = controlledRunner()
    const queue = new RebuildQueue(DEFAULT_STEPS, runner, () => {})
    const base = await listen(queue)
    const body = JSON.stringify({_id: 'doc-v4-en-rooms'})
    const signature = await sign(body, Date.now())
    expect((await post(base, body, signature)).status).toBe(202)
    for (let i = 0; i < 5; i++) expect(await post(base, body, signature)).toEqual({status: 200, json: {queued: false, duplicate: true}})
    await finishAll()
    await queue.idle()
    expect(started).toEqual(DEFAULT_STEPS)
    expect(queue.status().runs).toBe(1)
  })

  it('forgets signatures once they are too old to be accepted, and never holds more than its bound', () => {
    const guard = new ReplayGuard(3)
    const t = Date.now()
    expect(guard.firstTime('a', t, t)).toBe(true)
    expect(guard.firstTime('a', t, t + 1000)).toBe(false)
    for (const name of ['b', 'c', 'd', 'e']) guard.firstTime(name, t, t)
    expect(guard.size).toBeLessThanOrEqual(3)
    guard.firstTime('f', t + 10 * 60_000, t + 10 * 60_000)
    expect(guard.size).toBe(1)
    expect(signatureAgeProblem(t, t + 299_000)).toBeNull()
  })

  it('keeps what it queues bounded: 300 signed publishes naming 2,000 documents during a run make one more run with at most the cap of ids', async () => {
    const {runner, finishAll} = controlledRunner()
    const queue = new RebuildQueue(DEFAULT_STEPS, runner, () => {})
    const base = await listen(queue)
    const ids = Array.from({length: 2000}, (_, i) => `doc-${i}`)
    const body = JSON.stringify({_id: 'first', ids})
    expect((await post(base, body, await sign(body, Date.now()))).status).toBe(202)
    for (let i = 0; i < 300; i++) {
      const again = JSON.stringify({_id: `publish-${i}`, ids})
      expect((await post(base, again, await sign(again, Date.now()))).status).toBe(202)
    }
    await finishAll()
    await queue.idle()
    expect(queue.history).toHaveLength(2)
    expect(queue.history[1]?.documents).toHaveLength(MAX_PENDING_IDS)
    expect(queue.history[1]?.moreDocuments).toBe(true)
  })

  it('turns away bodies beyond the few it reads at once, and bodies over 1 MB', async () => {
    const base = await listen(new RebuildQueue(DEFAULT_STEPS, controlledRunner().runner, () => {}))
    const {port} = new URL(base)
    // Eight clients that announce a body and send it slowly.
    const slow = Array.from({length: 8}, () => {
      const request = httpRequest({host: '127.0.0.1', port, path: HOOK_PATH, method: 'POST', headers: {'content-length': '100'}})
      request.on('error', () => {})
      request.write('{')
      return request
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const turnedAway = await fetch(`${base}${HOOK_PATH}`, {method: 'POST', body: '{}'})
    expect(turnedAway.status).toBe(503)
    for (const request of slow) request.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const large = await fetch(`${base}${HOOK_PATH}`, {method: 'POST', body: 'x'.repeat(1024 * 1024 + 1)}).catch((error: Error) => error)
    expect(large instanceof Error ? 'closed' : String(large.status)).toMatch(/^(413|closed)$/)
  })
})

describe('/health', () => {
  it('names no document, and says 503 with the failed step after a failed run, 200 after the next good one', async () => {
    let fail = true
    const queue = new RebuildQueue(
      [['npm', 'run', 'build']],
      async () => (fail ? 1 : 0),
      () => {},
    )
    const base = await listen(queue)
    const body = JSON.stringify({_id: 'doc-secret-draft-name'})
    await post(base, body, await sign(body, Date.now()))
    await queue.idle()
    const failed = await fetch(`${base}/health`)
    const text = await failed.text()
    expect(failed.status).toBe(503)
    expect(JSON.parse(text)).toMatchObject({ok: false, runs: 1, lastRun: {ok: false, failedStep: 'npm run build', exitCode: 1}})
    expect(text).not.toContain('doc-secret-draft-name')
    fail = false
    const next = JSON.stringify({_id: 'doc-other'})
    await post(base, next, await sign(next, Date.now()))
    await queue.idle()
    const healthy = await fetch(`${base}/health`)
    expect(healthy.status).toBe(200)
    expect(await healthy.json()).toMatchObject({ok: true, runs: 2, lastRun: {ok: true}})
  })
})

describe('time limit of a step', () => {
  it('stops a hung step, records the run as timed out, and runs the next publish', async () => {
    const ran: string[] = []
    const runner = (step: Step, signal: AbortSignal) =>
      new Promise<number>((resolve) => {
        ran.push(step.join(' '))
        if (step[2] === 'hang') signal.addEventListener('abort', () => resolve(TIMED_OUT_EXIT_CODE))
        else resolve(0)
      })
    const queue = new RebuildQueue(
      [
        ['npm', 'run', 'hang'],
        ['npm', 'run', 'search:index'],
      ],
      runner,
      () => {},
      {stepTimeoutMs: 50},
    )
    queue.request(['a'])
    await queue.idle()
    expect(queue.history[0]).toMatchObject({ok: false, timedOut: true, exitCode: TIMED_OUT_EXIT_CODE, failedStep: 'npm run hang'})
    expect(ran).toEqual(['npm run hang'])
  })

  it('goes on even when a step ignores being stopped', async () => {
    const queue = new RebuildQueue(
      [['stuck']],
      () => new Promise<number>(() => {}),
      () => {},
      {stepTimeoutMs: 30, killWaitMs: 30},
    )
    queue.request([])
    await queue.idle()
    expect(queue.history[0]).toMatchObject({ok: false, timedOut: true})
  })

  it('kills the whole process group of a real step, grandchildren included', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-step-'))
    try {
      // A build that starts a worker in the background and waits: as npm starting next starting workers.
      const script = `sleep 30 & echo $! > worker.pid; wait`
      const queue = new RebuildQueue([['sh', '-c', script]], spawnStep(dir, process.env, 200), () => {}, {stepTimeoutMs: 300})
      const started = Date.now()
      queue.request([])
      await queue.idle()
      expect(Date.now() - started).toBeLessThan(5000)
      expect(queue.history[0]).toMatchObject({ok: false, timedOut: true, exitCode: TIMED_OUT_EXIT_CODE})
      const worker = Number(readFileSync(path.join(dir, 'worker.pid'), 'utf8'))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(existsSync(`/proc/${worker}`) && !readFileSync(`/proc/${worker}/stat`, 'utf8').includes(') Z ')).toBe(false)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})

describe('a receiver that stops', () => {
  it('ends the steps it was running (they run in a process group of their own, which its Ctrl+C does not reach)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-exit-'))
    try {
      const module = path.resolve(import.meta.dirname, '../webhook.ts')
      const script = `import {spawnStep} from ${JSON.stringify(module)}; spawnStep(${JSON.stringify(dir)})(['sh', '-c', 'sleep 30 & echo $! > worker.pid; wait'], new AbortController().signal); setInterval(() => {}, 1000)`
      const receiver = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {stdio: 'ignore'})
      const pidFile = path.join(dir, 'worker.pid')
      await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '', {timeout: 10_000}).toBe(true)
      const worker = Number(readFileSync(pidFile, 'utf8'))
      receiver.kill('SIGTERM')
      await new Promise((resolve) => receiver.once('exit', resolve))
      const alive = () => existsSync(`/proc/${worker}`) && !readFileSync(`/proc/${worker}/stat`, 'utf8').includes(') Z ')
      await expect.poll(alive, {timeout: 5000}).toBe(false)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})

describe('listen settings', () => {
  it('listens on 127.0.0.1 unless WEBHOOK_HOST says otherwise, with a 30-minute step limit by default', () => {
    expect(readListenSettings({})).toEqual({host: '127.0.0.1', port: 4100, stepTimeoutMs: 1_800_000})
    expect(readListenSettings({WEBHOOK_HOST: '0.0.0.0', WEBHOOK_PORT: '0', WEBHOOK_STEP_TIMEOUT: '90'})).toEqual({
      host: '0.0.0.0',
      port: 0,
      stepTimeoutMs: 90_000,
    })
    expect(() => readListenSettings({WEBHOOK_STEP_TIMEOUT: 'soon'})).toThrow(/WEBHOOK_STEP_TIMEOUT must be a number of seconds, got "soon"/)
    expect(() => readListenSettings({WEBHOOK_PORT: 'http'})).toThrow(/WEBHOOK_PORT must be a port number/)
  })
})
