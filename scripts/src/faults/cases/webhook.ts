/**
 * Faults of the publish webhook (scripts/src/sanity/webhook.ts): replayed and stale signatures, a
 * flood of large signed bodies, a failed and a hung build, the address it listens on.
 */
import {fork} from 'node:child_process'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {createWebhookServer, HOOK_PATH, MAX_PENDING_IDS, readListenSettings, RebuildQueue, spawnStep, type Step} from '../../sanity/webhook'
import type {FaultCase} from '../fault-case'

const SECRET = 'fault-suite-webhook-secret'
const STEPS: Step[] = [
  ['npm', 'run', 'build'],
  ['npm', 'run', 'search:index', '--', '--incremental'],
]

/** A receiver whose steps are recorded and end when told (or at once), on an ephemeral port. */
async function receiver(options: {finishAtOnce?: boolean; failBuild?: boolean} = {}) {
  const started: Step[] = []
  const pending: Array<() => void> = []
  const runner = (step: Step) =>
    new Promise<number>((resolve) => {
      started.push(step)
      const code = options.failBuild && step[2] === 'build' ? 1 : 0
      if (options.finishAtOnce) resolve(code)
      else pending.push(() => resolve(code))
    })
  const queue = new RebuildQueue(STEPS, runner, () => {})
  const server: Server = createWebhookServer(SECRET, queue)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const post = async (body: string, signature: string) => {
    const response = await fetch(`${base}${HOOK_PATH}`, {
      method: 'POST',
      headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature},
      body,
    })
    await response.arrayBuffer()
    return response.status
  }
  const finishAll = async () => {
    while (pending.length > 0) {
      pending.shift()!()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await queue.idle()
  }
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return {base, queue, started, post, finishAll, close}
}

const runsOf = (started: Step[]) => started.filter((step) => step[2] === 'build').length

async function staleSignature(timestamp: number): Promise<string> {
  const hook = await receiver()
  try {
    const body = JSON.stringify({_id: 'doc-v4-en-rooms'})
    const status = await hook.post(body, await encodeSignatureHeader(body, timestamp, SECRET))
    return `${status}, ${runsOf(hook.started)} runs`
  } finally {
    await hook.close()
  }
}

interface ReceiverReport {
  runs: number
  queuedIds: number
  /** Heap and external memory after a full garbage collection. */
  heldMb: number
  rssMb: number
}

/**
 * The receiver in a process of its own (its memory measured alone), with a build that never ends,
 * flooded in three rounds of 100 replays and 10 distinct publishes of the same 614 KB body. The
 * memory it holds after a full garbage collection, once idle, grows with the requests only if it keeps them.
 */
async function floodedReceiver(): Promise<ReceiverReport[]> {
  const child = fork(path.join(import.meta.dirname, '../webhook-under-load.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {...process.env, FAULT_WEBHOOK_SECRET: SECRET},
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as {port: number}).port))
      child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)))
    })
    // Asked once the requests are answered and the sockets idle, so that only what it keeps is counted.
    const report = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200))
      return new Promise<ReceiverReport>((resolve) => {
        child.once('message', (message) => resolve(message as ReceiverReport))
        child.send('report')
      })
    }
    const base = `http://127.0.0.1:${port}`
    // 614 KB of ids, as in the issue: 20,000 document ids in one signed body.
    const ids = Array.from({length: 20_000}, (_, i) => `doc-${String(i).padStart(20, '0')}`)
    const body = JSON.stringify({_id: 'doc-first', ids})
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
    const send = async (text: string, header: string) =>
      (
        await fetch(`${base}${HOOK_PATH}`, {method: 'POST', headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: header}, body: text})
      ).arrayBuffer()
    await send(body, signature)
    const reports = [await report()]
    for (let round = 0; round < 3; round++) {
      for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({length: 10}, () => send(body, signature)))
      for (let i = 0; i < 10; i++) {
        const other = JSON.stringify({_id: `doc-publish-${round}-${i}`, ids})
        await send(other, await encodeSignatureHeader(other, Date.now(), SECRET))
      }
      reports.push(await report())
    }
    return reports
  } finally {
    child.kill()
  }
}

export const WEBHOOK_CASES: FaultCase[] = [
  {
    name: 'webhook: a request signed in 2021 (a replay)',
    expected: '401, 0 runs',
    run: () => staleSignature(Date.UTC(2021, 5, 1)),
  },
  {
    name: 'webhook: a request signed ten years ahead',
    expected: '401, 0 runs',
    run: () => staleSignature(Date.now() + 10 * 365 * 24 * 3600_000),
  },
  {
    name: 'webhook: the same signed request sent twice',
    expected: '202 then 200 (duplicate), 1 run',
    run: async () => {
      const hook = await receiver({finishAtOnce: true})
      try {
        const body = JSON.stringify({_id: 'doc-v4-en-rooms'})
        const signature = await encodeSignatureHeader(body, Date.now(), SECRET)
        const first = await hook.post(body, signature)
        const second = await hook.post(body, signature)
        await hook.queue.idle()
        return `${first} then ${second}${second === 200 ? ' (duplicate)' : ''}, ${runsOf(hook.started)} run${runsOf(hook.started) === 1 ? '' : 's'}`
      } finally {
        await hook.close()
      }
    },
  },
  {
    name: 'webhook: 300 replays of a signed 614 KB body and 30 more publishes of it, during a build',
    expected: `holds under 10 MB more; 1 run going, at most ${MAX_PENDING_IDS} ids queued`,
    run: async () => {
      const reports = await floodedReceiver()
      const first = reports[0]!
      const last = reports.at(-1)!
      const grew = last.heldMb - first.heldMb
      return {
        observed: `${grew < 10 ? 'holds under 10 MB more' : `holds ${Math.round(grew)} MB more`}; ${last.runs} run going, ${last.queuedIds <= MAX_PENDING_IDS ? `at most ${MAX_PENDING_IDS}` : last.queuedIds} ids queued`,
        note: `memory held after a full GC: ${reports.map((entry) => entry.heldMb.toFixed(1)).join(' → ')} MB (after the first request, then after each round of 100 replays and 10 publishes); RSS ${first.rssMb.toFixed(0)} → ${last.rssMb.toFixed(0)} MB; ${last.queuedIds} ids queued for the next run`,
      }
    },
  },
  {
    name: 'webhook: /health after a failed build',
    expected: '503, names the failed step, no document id',
    run: async () => {
      const hook = await receiver({finishAtOnce: true, failBuild: true})
      try {
        const body = JSON.stringify({_id: 'doc-unpublished-plans'})
        await hook.post(body, await encodeSignatureHeader(body, Date.now(), SECRET))
        await hook.queue.idle()
        const response = await fetch(`${hook.base}/health`)
        const text = await response.text()
        return `${response.status}, ${text.includes('"failedStep":"npm run build"') ? 'names the failed step' : 'does not name the failed step'}, ${text.includes('doc-unpublished-plans') ? 'shows the document id' : 'no document id'}`
      } finally {
        await hook.close()
      }
    },
  },
  {
    name: 'webhook: a build step that hangs (a real process and its child)',
    expected: 'stopped at the time limit (exit 124); the next publish runs',
    run: async () => {
      const ran: string[] = []
      const real = spawnStep(process.cwd(), process.env, 200)
      const queue = new RebuildQueue(
        [['sh', '-c', 'sleep 60 & wait']],
        (step, signal, changes) => (ran.push(step.join(' ')), real(step, signal, changes)),
        () => {},
        {stepTimeoutMs: 500},
      )
      queue.request(['first'])
      await queue.idle()
      const first = queue.history[0]
      const hungOk = first?.timedOut === true && first.exitCode === 124
      // The next publish is not blocked: its run starts (and is stopped the same way).
      queue.request(['second'])
      await queue.idle()
      return `${hungOk ? 'stopped at the time limit (exit 124)' : `not stopped (${JSON.stringify(first)})`}; ${ran.length === 2 ? 'the next publish runs' : 'the next publish is blocked'}`
    },
  },
  {
    name: 'webhook: started without WEBHOOK_HOST',
    expected: 'listens on 127.0.0.1',
    run: async () => `listens on ${readListenSettings({}).host}`,
  },
]
