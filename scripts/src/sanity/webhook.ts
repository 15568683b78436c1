/**
 * The publish → site path: a small HTTP receiver for Sanity's GROQ-powered webhooks. A request
 * whose signature checks out with SANITY_WEBHOOK_SECRET queues a rebuild of the site and an
 * incremental search reindex; publishes that arrive during a run are folded into one more run.
 */
import {spawn} from 'node:child_process'
import {createServer, type IncomingMessage, type Server} from 'node:http'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
export const HOOK_PATH = '/hooks/sanity'
/** Larger bodies are not webhook notifications (the suggested projection is a few ids). */
const MAX_BODY_BYTES = 1024 * 1024

/** One step of a run: a command and its arguments, run in the project folder. */
export type Step = [command: string, ...args: string[]]

/** Build the site from Sanity, then reindex what changed (the search helper owns search:index). */
export const DEFAULT_STEPS: Step[] = [
  ['npm', 'run', 'build'],
  ['npm', 'run', 'search:index', '--', '--incremental'],
]

export interface RunRecord {
  startedAt: string
  finishedAt: string
  ok: boolean
  /** The step that failed, as typed, when one did. */
  failedStep?: string
  /** Document ids of the notifications this run covers. */
  documents: string[]
}

export type StepRunner = (step: Step) => Promise<number>

export function spawnStep(cwd: string, env: NodeJS.ProcessEnv = process.env): StepRunner {
  return (step) =>
    new Promise((resolve) => {
      const [command, ...args] = step
      const child = spawn(command, args, {cwd, env, stdio: 'inherit'})
      child.on('error', () => resolve(127))
      child.on('exit', (code) => resolve(code ?? 1))
    })
}

/**
 * Runs the steps one run at a time: a request during a run asks for exactly one more run after
 * it, whatever the number of requests, since each run builds everything published by then.
 */
export class RebuildQueue {
  private running: Promise<void> | null = null
  private pending: string[] | null = null
  readonly history: RunRecord[] = []

  constructor(
    private readonly steps: Step[],
    private readonly runStep: StepRunner,
    private readonly log: (line: string) => void = console.log,
  ) {}

  request(documents: string[]): void {
    if (this.running) {
      this.pending = [...(this.pending ?? []), ...documents]
      return
    }
    this.running = this.run(documents)
  }

  /** Resolves when no run is going on or queued (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private async run(documents: string[]): Promise<void> {
    const startedAt = new Date().toISOString()
    let failedStep: string | undefined
    this.log(`rebuild: started for ${documents.length > 0 ? documents.join(', ') : 'a publish'}`)
    for (const step of this.steps) {
      const code = await this.runStep(step)
      if (code !== 0) {
        failedStep = step.join(' ')
        this.log(`rebuild: \`${failedStep}\` exited with ${code}; later steps skipped`)
        break
      }
    }
    this.history.push({startedAt, finishedAt: new Date().toISOString(), ok: failedStep === undefined, ...(failedStep ? {failedStep} : {}), documents})
    this.log(`rebuild: ${failedStep ? 'failed' : 'done'}`)
    const next = this.pending
    this.pending = null
    this.running = next ? this.run(next) : null
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The ids a notification names: `_id`, or `ids` from the suggested projection. */
export function documentIdsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as {_id?: unknown; ids?: unknown}
    const ids = [parsed._id, ...(Array.isArray(parsed.ids) ? parsed.ids : [])]
    return ids.filter((id): id is string => typeof id === 'string')
  } catch {
    return []
  }
}

export function createWebhookServer(secret: string, queue: RebuildQueue): Server {
  if (!secret) throw new Error('SANITY_WEBHOOK_SECRET is empty: set it to the secret of the webhook in sanity.io/manage → API → Webhooks')
  return createServer(async (request, response) => {
    const reply = (status: number, body: Record<string, unknown>) => {
      response.writeHead(status, {'content-type': 'application/json'})
      response.end(JSON.stringify(body))
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (request.method === 'GET' && url.pathname === '/health') return reply(200, {ok: true, runs: queue.history.length, last: queue.history.at(-1) ?? null})
    if (url.pathname !== HOOK_PATH) return reply(404, {error: `not found; webhooks go to POST ${HOOK_PATH}`})
    if (request.method !== 'POST') return reply(405, {error: 'use POST'})
    let body: string
    try {
      body = await readBody(request)
    } catch {
      return reply(413, {error: 'body too large'})
    }
    const signature = request.headers[SIGNATURE_HEADER_NAME]
    if (typeof signature !== 'string' || !(await isValidSignature(body, signature, secret).catch(() => false))) {
      return reply(401, {error: `missing or invalid ${SIGNATURE_HEADER_NAME} header`})
    }
    const documents = documentIdsOf(body)
    queue.request(documents)
    return reply(202, {queued: true, documents})
  })
}

async function main(): Promise<void> {
  const secret = process.env.SANITY_WEBHOOK_SECRET ?? ''
  if (!secret) {
    console.error('webhook: SANITY_WEBHOOK_SECRET is required (the secret set on the webhook in sanity.io/manage → API → Webhooks)')
    process.exit(2)
  }
  const port = Number(process.env.WEBHOOK_PORT ?? 4100)
  const queue = new RebuildQueue(DEFAULT_STEPS, spawnStep(ROOT))
  const server = createWebhookServer(secret, queue)
  server.listen(port, process.env.WEBHOOK_HOST ?? '0.0.0.0', () => console.log(`webhook: listening on port ${port}, POST ${HOOK_PATH}`))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
