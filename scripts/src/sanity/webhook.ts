/**
 * The publish → site path: a small HTTP receiver for Sanity's GROQ-powered webhooks. A request
 * whose signature checks out with SANITY_WEBHOOK_SECRET, was signed less than five minutes ago and
 * was not received before queues a publish of the site (`npm run publish:site`, which renders only
 * the pages the named documents reach, see publish/src/publish-plan.ts) and an incremental search
 * reindex; publishes that arrive during a run are folded into one more run. Each step has a time limit, and
 * `GET /health` says whether the last run failed without naming any document.
 */
import {spawn} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {decodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const HOOK_PATH = '/hooks/sanity'
/** Larger bodies are not webhook notifications (the suggested projection is a few ids). */
const MAX_BODY_BYTES = 1024 * 1024
/** Bodies read at once; more concurrent requests are turned away, so that memory stays bounded. */
const MAX_CONCURRENT_BODIES = 8
/** A signature older than this is a replay, not a delivery (Sanity signs each delivery when it sends it). */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000
/** How far ahead of this machine's clock a signature may be: clock drift, not a signature "from the future". */
export const SIGNATURE_MAX_SKEW_MS = 30_000
/**
 * Documents remembered for the next run. The publish finds what changed by asking the content again
 * (the ids only let it fall back to the full build sooner, and name what it renders), so past the cap
 * the ids are dropped, not the run.
 */
export const MAX_PENDING_IDS = 100
/** The variable that gives each step the run's documents as JSON ([{id, type, operation}]): `npm run publish:site` reads it. */
export const CHANGES_VARIABLE = 'SITE_PUBLISH_CHANGES'
/** Default time limit of one step (WEBHOOK_STEP_TIMEOUT, in seconds, changes it). */
export const DEFAULT_STEP_TIMEOUT_MS = 30 * 60_000
/** Time a step gets to end after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 10_000

/** One step of a run: a command and its arguments, run in the project folder. */
export type Step = [command: string, ...args: string[]]

/** A document a notification names: its id, and its type and operation when the projection gives them. */
export interface DocumentChange {
  id: string
  type?: string
  operation?: string
}

/** Publish the site from Sanity (only what the changes reach), then reindex what changed (the search helper owns search:index). */
export const DEFAULT_STEPS: Step[] = [
  ['npm', 'run', 'publish:site'],
  ['npm', 'run', 'search:index', '--', '--incremental'],
]

export interface RunRecord {
  startedAt: string
  finishedAt: string
  ok: boolean
  /** The step that failed, as typed, when one did. */
  failedStep?: string
  /** Its exit code (124 when it ran out of time, 127 when it could not start). */
  exitCode?: number
  timedOut?: boolean
  /** Document ids of the notifications this run covers, each once, at most MAX_PENDING_IDS of them. */
  documents: string[]
  /** True when the notifications named more ids than were kept. */
  moreDocuments: boolean
}

/** Runs one step for the run's documents (with `env` added to its environment); ends it when `signal` aborts (the step ran out of time). Resolves with its exit code. */
export type StepRunner = (step: Step, signal: AbortSignal, changes: readonly DocumentChange[], env?: Readonly<Record<string, string>>) => Promise<number>

/** A run as it begins, for a RunObserver. */
export interface RunStart {
  /** Unique per run: `<time in base 36>-<random>`. */
  id: string
  startedAt: string
  changes: readonly DocumentChange[]
  moreDocuments: boolean
}

/**
 * Told of each run (the editors' publish status, scripts/src/publish/status): what it is for, the documents of later
 * notifications it covers, and how it ended. What it returns at the start is added to each step's environment. Its
 * calls are time-limited and their failures logged: an observer never fails or holds up a publish.
 */
export interface RunObserver {
  runStarted(run: RunStart): Promise<Readonly<Record<string, string>>> | Readonly<Record<string, string>>
  /** Documents of notifications that the running run already covers (their transaction was written before it started). */
  runCovers?(runId: string, changes: readonly DocumentChange[]): void
  runEnded(runId: string, record: RunRecord): Promise<void> | void
}

/** What the queue did with a request: started a run, queued one more, or found it covered by the run going on. */
export type RequestOutcome = 'started' | 'queued' | 'covered'

/** How long an observer's call may take before the run goes on without it. */
const OBSERVER_TIMEOUT_MS = 15_000

export const TIMED_OUT_EXIT_CODE = 124

/** Process groups of the steps running now, ended with the receiver (their own group does not get its Ctrl+C). */
const runningGroups = new Set<number>()
let endGroupsOnExit = false

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is gone already.
  }
}

function endRunningGroupsWithTheReceiver(): void {
  if (endGroupsOnExit) return
  endGroupsOnExit = true
  process.on('exit', () => runningGroups.forEach((pid) => killGroup(pid, 'SIGTERM')))
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code))
  }
}

/**
 * Runs a step as a process group in `cwd`, so that a time-out ends the whole build (npm, next and
 * its workers): SIGTERM to the group, SIGKILL after a grace period. The groups still running when
 * the receiver exits are ended with it.
 */
export function spawnStep(cwd: string, env: NodeJS.ProcessEnv = process.env, graceMs = KILL_GRACE_MS): StepRunner {
  endRunningGroupsWithTheReceiver()
  return (step, signal, changes, extra = {}) =>
    new Promise((resolve) => {
      const [command, ...args] = step
      const child = spawn(command, args, {cwd, env: {...env, ...extra, [CHANGES_VARIABLE]: JSON.stringify(changes)}, stdio: 'inherit', detached: true})
      const pid = child.pid
      if (pid) runningGroups.add(pid)
      let killTimer: NodeJS.Timeout | undefined
      const onAbort = () => {
        if (!pid) return
        killGroup(pid, 'SIGTERM')
        killTimer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs)
        killTimer.unref()
      }
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, {once: true})
      const settle = (code: number) => {
        if (pid) runningGroups.delete(pid)
        signal.removeEventListener('abort', onAbort)
        if (killTimer) clearTimeout(killTimer)
        resolve(code)
      }
      child.on('error', () => settle(127))
      child.on('exit', (code) => settle(signal.aborted ? TIMED_OUT_EXIT_CODE : (code ?? 1)))
    })
}

export interface RebuildQueueOptions {
  /** Time limit of each step. */
  stepTimeoutMs?: number
  /** How long to wait for a timed-out step to end before going on without it. */
  killWaitMs?: number
  /** Told of each run (the publish status); never fails a run. */
  observer?: RunObserver
}

/** What the queue shows of itself: no document ids. */
export interface QueueStatus {
  running: boolean
  queued: boolean
  /** How many document ids the queued run holds (at most MAX_PENDING_IDS). */
  queuedDocuments: number
  runs: number
  lastRun: Omit<RunRecord, 'documents' | 'moreDocuments'> | null
}

/**
 * Runs the steps one run at a time: a request during a run asks for exactly one more run after
 * it, whatever the number of requests, since each run builds everything published by then. The ids
 * of those requests are merged without repeats and capped.
 */
export class RebuildQueue {
  private running: Promise<void> | null = null
  private pending: Batch | null = null
  /** The batch of the run going on, and its id. */
  private current: {batch: Batch; id: string} | null = null
  private readonly observer: RunObserver | undefined
  /** Kept runs, newest last; older ones are dropped so that a long-lived receiver stays small. */
  readonly history: RunRecord[] = []
  private totalRuns = 0
  private readonly stepTimeoutMs: number
  private readonly killWaitMs: number

  constructor(
    private readonly steps: Step[],
    private readonly runStep: StepRunner,
    private readonly log: (line: string) => void = console.log,
    options: RebuildQueueOptions = {},
  ) {
    this.stepTimeoutMs = options.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS
    this.killWaitMs = options.killWaitMs ?? KILL_GRACE_MS * 2
    this.observer = options.observer
  }

  /**
   * Asks for a run for `documents`. With the id of the transaction that changed them (Sanity's
   * `sanity-transaction-id` header): a notification of a transaction that the run going on already covers (it was
   * written before the run started, as the documents of one Content Release's publish are) asks for nothing more, so
   * that a release is published by one run.
   */
  request(documents: ReadonlyArray<string | DocumentChange>, transactionId?: string): RequestOutcome {
    const changesOf = () => documents.map((document) => (typeof document === 'string' ? {id: document} : document))
    const current = this.current
    if (transactionId && current?.batch.transactions.has(transactionId)) {
      void this.callObserver('runCovers', () => this.observer?.runCovers?.(current.id, changesOf()))
      return 'covered'
    }
    if (transactionId && this.pending?.transactions.has(transactionId)) {
      this.addTo(this.pending, changesOf())
      return 'queued'
    }
    const batch: Batch = this.running ? (this.pending ??= newBatch()) : newBatch()
    if (transactionId) batch.transactions.add(transactionId)
    this.addTo(batch, changesOf())
    if (this.running) return 'queued'
    this.running = this.run(batch)
    return 'started'
  }

  private addTo(batch: Batch, changes: readonly DocumentChange[]): void {
    for (const change of changes) {
      // Past the cap only the fact that a run is wanted matters: the publish compares the content itself.
      if (batch.ids.has(change.id)) batch.ids.set(change.id, {...batch.ids.get(change.id), ...change})
      else if (batch.ids.size < MAX_PENDING_IDS) batch.ids.set(change.id, change)
      else batch.more = true
    }
  }

  /** Calls the observer, within OBSERVER_TIMEOUT_MS; its failure is logged, never thrown. */
  private async callObserver<T>(what: string, call: () => T | Promise<T>): Promise<T | undefined> {
    if (!this.observer) return undefined
    let timer: NodeJS.Timeout | undefined
    try {
      return await Promise.race([
        Promise.resolve().then(call),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => {
            this.log(`rebuild: the publish status (${what}) took more than ${OBSERVER_TIMEOUT_MS / 1000} s; going on without it`)
            resolve(undefined)
          }, OBSERVER_TIMEOUT_MS)
          timer.unref()
        }),
      ])
    } catch (error) {
      this.log(`rebuild: the publish status (${what}) failed: ${error instanceof Error ? error.message : String(error)}; the publish goes on`)
      return undefined
    } finally {
      clearTimeout(timer)
    }
  }

  /** Resolves when no run is going on or queued (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  status(): QueueStatus {
    const last = this.history.at(-1)
    const lastRun = last ? (({documents: _ids, moreDocuments: _more, ...rest}) => rest)(last) : null
    return {running: this.running !== null, queued: this.pending !== null, queuedDocuments: this.pending?.ids.size ?? 0, runs: this.totalRuns, lastRun}
  }

  /** Runs one step within the time limit; a step that will not end is left behind after killWaitMs. */
  private async runWithTimeout(
    step: Step,
    changes: readonly DocumentChange[],
    env: Readonly<Record<string, string>>,
  ): Promise<{code: number; timedOut: boolean}> {
    const controller = new AbortController()
    const outcome = this.runStep(step, controller.signal, changes, env).then((code) => ({code, timedOut: false}))
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.stepTimeoutMs)))
    const first = await Promise.race([outcome, timeout])
    clearTimeout(timer)
    if (first !== 'timeout') return first
    controller.abort()
    this.log(`rebuild: \`${step.join(' ')}\` ran for more than ${Math.round(this.stepTimeoutMs / 1000)} s: stopping it`)
    const ended = await Promise.race([outcome, new Promise<null>((resolve) => setTimeout(() => resolve(null), this.killWaitMs).unref())])
    if (!ended) this.log(`rebuild: \`${step.join(' ')}\` did not end ${Math.round(this.killWaitMs / 1000)} s after being stopped; going on without it`)
    return {code: TIMED_OUT_EXIT_CODE, timedOut: true}
  }

  private async run(batch: Batch): Promise<void> {
    const startedAt = new Date().toISOString()
    const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
    this.current = {batch, id}
    const changes = [...batch.ids.values()]
    const documents = changes.map((change) => change.id)
    let failure: {step: string; code: number; timedOut: boolean} | undefined
    this.log(`rebuild: started for ${documents.length > 0 ? `${documents.join(', ')}${batch.more ? ' and more' : ''}` : 'a publish'}`)
    // Without an observer the first step starts at once, as the request that started the run returns.
    const env = this.observer
      ? ((await this.callObserver('start', () => this.observer?.runStarted({id, startedAt, changes, moreDocuments: batch.more}))) ?? {})
      : {}
    for (const step of this.steps) {
      const {code, timedOut} = await this.runWithTimeout(step, changes, env).catch(() => ({code: 1, timedOut: false}))
      if (code !== 0) {
        failure = {step: step.join(' '), code, timedOut}
        this.log(`rebuild: \`${failure.step}\` ${timedOut ? 'timed out' : `exited with ${code}`}; later steps skipped`)
        break
      }
    }
    this.totalRuns++
    const record: RunRecord = {
      startedAt,
      finishedAt: new Date().toISOString(),
      ok: failure === undefined,
      ...(failure ? {failedStep: failure.step, exitCode: failure.code, ...(failure.timedOut ? {timedOut: true} : {})} : {}),
      documents,
      moreDocuments: batch.more,
    }
    this.history.push(record)
    if (this.history.length > 50) this.history.splice(0, this.history.length - 50)
    this.current = null
    if (this.observer) await this.callObserver('end', () => this.observer?.runEnded(id, record))
    this.log(`rebuild: ${failure ? 'failed' : 'done'}`)
    const next = this.pending
    this.pending = null
    this.running = next ? this.run(next) : null
  }
}

class BodyTooLarge extends Error {}

/** The documents of one run, each once, whether more were named than kept, and the transactions it covers. */
interface Batch {
  ids: Map<string, DocumentChange>
  more: boolean
  transactions: Set<string>
}

const newBatch = (): Batch => ({ids: new Map(), more: false, transactions: new Set()})

async function readBody(request: IncomingMessage): Promise<string> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new BodyTooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The documents a notification names: `_id` with `_type` and `operation` (the projection
 * `{_id, _type, "operation": delta::operation()}` of the README), or a list of `ids`; each once.
 */
export function documentChangesOf(body: string): DocumentChange[] {
  let parsed: {_id?: unknown; _type?: unknown; operation?: unknown; ids?: unknown}
  try {
    parsed = JSON.parse(body) as typeof parsed
  } catch {
    return []
  }
  if (typeof parsed !== 'object' || parsed === null) return []
  const changes = new Map<string, DocumentChange>()
  if (typeof parsed._id === 'string') {
    changes.set(parsed._id, {
      id: parsed._id,
      ...(typeof parsed._type === 'string' ? {type: parsed._type} : {}),
      ...(typeof parsed.operation === 'string' ? {operation: parsed.operation} : {}),
    })
  }
  for (const id of Array.isArray(parsed.ids) ? parsed.ids : []) if (typeof id === 'string' && !changes.has(id)) changes.set(id, {id})
  return [...changes.values()]
}

/** Written by the publish service itself: a status document, or the removal of a retry request it took. */
export function isPublishServiceWrite(change: DocumentChange): boolean {
  if (change.type === 'publishStatus' || change.id.startsWith('publishStatus.')) return true
  return (change.type === 'publishRequest' || change.id.startsWith('publishRequest.')) && change.operation === 'delete'
}

/** The ids a notification names: `_id`, or `ids` from the suggested projection; each once. */
export function documentIdsOf(body: string): string[] {
  return documentChangesOf(body).map((change) => change.id)
}

/** Why a signature's time is refused, or null when it is recent: older than the limit, or ahead of the clock. */
export function signatureAgeProblem(timestamp: number, now: number): string | null {
  if (!Number.isFinite(timestamp)) return 'the signature has no time'
  const age = now - timestamp
  if (age > SIGNATURE_MAX_AGE_MS)
    return `the signature is ${Math.round(age / 1000)} s old; signatures older than ${SIGNATURE_MAX_AGE_MS / 60_000} minutes are refused as replays`
  if (-age > SIGNATURE_MAX_SKEW_MS) return `the signature is dated ${Math.round(-age / 1000)} s in the future; check the clock of this machine`
  return null
}

/**
 * Signatures already received, until they are too old to be accepted anyway: a request sent again
 * within the five minutes is recognised and queues nothing. Bounded (oldest forgotten first).
 */
export class ReplayGuard {
  private readonly seen = new Map<string, number>()

  constructor(private readonly maxEntries = 10_000) {}

  /** Whether a signature was received already (and is still within the time it could be accepted). */
  has(signature: string, now: number): boolean {
    const signedAt = this.seen.get(signature)
    return signedAt !== undefined && now - signedAt <= SIGNATURE_MAX_AGE_MS
  }

  /** True the first time a signature is offered, false after. */
  firstTime(signature: string, timestamp: number, now: number): boolean {
    for (const [key, signedAt] of this.seen) {
      if (now - signedAt <= SIGNATURE_MAX_AGE_MS && this.seen.size < this.maxEntries) break
      this.seen.delete(key)
    }
    if (this.seen.has(signature)) return false
    this.seen.set(signature, timestamp)
    return true
  }

  get size(): number {
    return this.seen.size
  }
}

export interface WebhookServerOptions {
  now?: () => number
}

export function createWebhookServer(secret: string, queue: RebuildQueue, options: WebhookServerOptions = {}): Server {
  if (!secret) throw new Error('SANITY_WEBHOOK_SECRET is empty: set it to the secret of the webhook in sanity.io/manage → API → Webhooks')
  const now = options.now ?? Date.now
  const replays = new ReplayGuard()
  let reading = 0
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const reply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      response.writeHead(status, {'content-type': 'application/json', 'cache-control': 'no-store', ...headers})
      response.end(JSON.stringify(body))
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && url.pathname === '/health') {
      // Open to anyone: whether the receiver and its last run are fine, never which documents were published.
      const status = queue.status()
      const healthy = status.lastRun?.ok !== false
      return reply(healthy ? 200 : 503, {ok: healthy, ...status})
    }
    if (url.pathname !== HOOK_PATH) return reply(404, {error: `not found; webhooks go to POST ${HOOK_PATH}`})
    if (request.method !== 'POST') return reply(405, {error: 'use POST'}, {allow: 'POST'})
    const signature = request.headers[SIGNATURE_HEADER_NAME]
    // A replay of a request already received (and verified) costs nothing: its body is not even read.
    if (typeof signature === 'string' && replays.has(signature, now())) {
      request.resume()
      return reply(200, {queued: false, duplicate: true})
    }
    if (reading >= MAX_CONCURRENT_BODIES) return reply(503, {error: 'busy; retry shortly'}, {'retry-after': '5'})
    let body: string
    reading++
    try {
      body = await readBody(request)
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        reply(413, {error: 'body too large'}, {connection: 'close'})
        request.destroy()
        return
      }
      return reply(400, {error: 'could not read the body'})
    } finally {
      reading--
    }
    if (typeof signature !== 'string') return reply(401, {error: `missing ${SIGNATURE_HEADER_NAME} header`})
    let timestamp: number
    try {
      timestamp = decodeSignatureHeader(signature).timestamp
    } catch {
      return reply(401, {error: `malformed ${SIGNATURE_HEADER_NAME} header`})
    }
    if (!(await isValidSignature(body, signature, secret).catch(() => false))) return reply(401, {error: `invalid ${SIGNATURE_HEADER_NAME} header`})
    const tooOld = signatureAgeProblem(timestamp, now())
    if (tooOld) return reply(401, {error: tooOld})
    if (!replays.firstTime(signature, timestamp, now())) return reply(200, {queued: false, duplicate: true})
    const named = documentChangesOf(body)
    // The publish service's own documents (its status, a taken retry request) are no reason to publish.
    const changes = named.filter((change) => !isPublishServiceWrite(change))
    if (named.length > 0 && changes.length === 0) return reply(200, {queued: false, ignored: named.map((change) => change.id)})
    const transaction = request.headers['sanity-transaction-id']
    const outcome = queue.request(changes, typeof transaction === 'string' && transaction ? transaction : undefined)
    if (outcome === 'covered') return reply(200, {queued: false, covered: true, documents: changes.map((change) => change.id)})
    return reply(202, {queued: true, documents: changes.map((change) => change.id)})
  }
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // An error no branch above expected: the sender gets a 500 (Sanity retries), the operator the reason.
      console.error(`webhook: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent) response.writeHead(500, {'content-type': 'application/json', 'cache-control': 'no-store'})
      response.end(JSON.stringify({error: 'internal error'}))
    })
  })
  // A client that sends its headers or body slowly does not hold a connection for ever.
  server.headersTimeout = 10_000
  server.requestTimeout = 30_000
  return server
}

export interface ListenSettings {
  host: string
  port: number
  stepTimeoutMs: number
}

/** WEBHOOK_HOST (default 127.0.0.1: put a TLS proxy in front), WEBHOOK_PORT (4100), WEBHOOK_STEP_TIMEOUT (seconds, 1800). */
export function readListenSettings(env: NodeJS.ProcessEnv): ListenSettings {
  const host = env.WEBHOOK_HOST?.trim() || '127.0.0.1'
  const portText = env.WEBHOOK_PORT?.trim() || '4100'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new Error(`WEBHOOK_PORT must be a port number, got "${portText}"`)
  const timeoutText = env.WEBHOOK_STEP_TIMEOUT?.trim()
  const seconds = timeoutText ? Number(timeoutText) : DEFAULT_STEP_TIMEOUT_MS / 1000
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`WEBHOOK_STEP_TIMEOUT must be a number of seconds, got "${timeoutText}"`)
  return {host, port, stepTimeoutMs: seconds * 1000}
}

async function main(): Promise<void> {
  const secret = process.env.SANITY_WEBHOOK_SECRET ?? ''
  if (!secret) {
    console.error('webhook: SANITY_WEBHOOK_SECRET is required (the secret set on the webhook in sanity.io/manage → API → Webhooks)')
    process.exit(2)
  }
  let settings: ListenSettings
  try {
    settings = readListenSettings(process.env)
  } catch (error) {
    console.error(`webhook: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  }
  // Editors see each publish in the studio when the receiver has a write token (scripts/src/publish/status).
  const {publishStatusFromEnv, withoutWriteToken} = await import('../publish/status/publish-status-service')
  const observer = publishStatusFromEnv(process.env)
  const queue = new RebuildQueue(DEFAULT_STEPS, spawnStep(ROOT, withoutWriteToken(process.env)), console.log, {
    stepTimeoutMs: settings.stepTimeoutMs,
    ...(observer ? {observer} : {}),
  })
  const server = createWebhookServer(secret, queue)
  server.listen(settings.port, settings.host, () => console.log(`webhook: listening on ${settings.host}:${settings.port}, POST ${HOOK_PATH}`))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
