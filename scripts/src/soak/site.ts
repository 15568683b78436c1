/**
 * The site the soak publishes, as a site with Sanity runs it: a copy of content/ imported into the
 * Sanity API stand-in, which every build and publish reads; the static server of `npm start` serving
 * the link the publishes swap; the publish webhook's receiver in a process of its own, each edit
 * announced to it by a signed webhook (webhook-delivery.ts); and readers (read-load.ts). Its builds
 * folder and link are its own (web/.soak-<pid>/builds and …/out), never web/out.
 */
import {fork, spawn, type ChildProcess} from 'node:child_process'
import {createWriteStream, readFileSync, readlinkSync, type WriteStream} from 'node:fs'
import {cp, mkdir, mkdtemp, rename, rm, symlink} from 'node:fs/promises'
import path from 'node:path'
import type {SanityApiServer} from '@site/test-support/sanity-api'
import {HOOK_PATH} from '../sanity/webhook'
import {serveDatasetFromStandIn} from '../sanity/dataset-stand-in'
import type {ReadLoadCounts, ReadLoadOptions, ReadLoadReport} from './read-load'
import {deliverWebhooks, type Delivery} from './webhook-delivery'

export const ROOT = path.resolve(import.meta.dirname, '../../..')
const WEB = path.join(ROOT, 'web')
const TSX = ['--import', 'tsx']
/** The server and the receiver: TSX, and the memory probe that reports their memory after a full collection. */
const PROBED = ['--expose-gc', ...TSX, '--import', path.join(import.meta.dirname, 'memory-probe.ts')]

export interface ReceiverHealth {
  ok: boolean
  running: boolean
  queued: boolean
  runs: number
  lastRun: {ok: boolean; failedStep?: string; exitCode?: number} | null
}

/** Runs a command, its output appended to `log`; resolves with its exit code, or the signal that ended it. */
export function runLogged(
  command: string,
  args: readonly string[],
  options: {env: NodeJS.ProcessEnv; log: WriteStream; detached?: boolean; cwd?: string},
): Promise<{code: number | null; signal: NodeJS.Signals | null}> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false})
    child.stdout.pipe(options.log, {end: false})
    child.stderr.pipe(options.log, {end: false})
    child.on('error', reject)
    child.on('exit', (code, signal) => resolve({code, signal}))
  })
}

/** The resident memory of a process (VmRSS of /proc/<pid>/status), in bytes; NaN when it is gone. */
export function residentBytes(pid: number | undefined): number {
  if (!pid) return Number.NaN
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : Number.NaN
  } catch {
    return Number.NaN
  }
}

export interface SoakSiteOptions {
  /** Lines for the soak's own log (progress). */
  say: (line: string) => void
  /** Where the publishes' output goes (a file). */
  logFile?: string
  /** A stand-in serving the content already (and the settings that read it, with its read token): used as it is, and left open. */
  existing?: {standin: SanityApiServer; env: Record<string, string>; token: string}
}

export class SoakSite {
  token = `soak-read-token-${process.pid}`
  readonly secret = `soak-webhook-secret-${process.pid}`
  /** web/.soak-<pid>, relative to the project. */
  readonly folder = `web/.soak-${process.pid}`
  readonly buildsDir = `${this.folder}/builds`
  readonly link = `${this.folder}/out`
  standin!: SanityApiServer
  env!: NodeJS.ProcessEnv
  log!: WriteStream
  base = ''
  hookUrl = ''
  private server: ChildProcess | undefined
  private receiver: ChildProcess | undefined
  private load: ChildProcess | undefined
  delivery!: ReturnType<typeof deliverWebhooks>
  readonly deliveries: Delivery[] = []
  private work = ''

  constructor(private readonly options: SoakSiteOptions) {}

  /** The content in the stand-in (a copy of content/ imported, or the dataset given). */
  async prepare(): Promise<void> {
    // Inside the repository (web/.soak-*/ is ignored by git): content/'s config imports packages
    // (remark-math) that resolve from the repository's node_modules, not from a copy in /tmp.
    this.work = await mkdtemp(path.join(ROOT, 'web', '.soak-work-'))
    this.log = createWriteStream(this.options.logFile ?? path.join(this.work, 'publishes.log'), {flags: 'a'})
    let standinEnv: Record<string, string>
    if (this.options.existing) {
      ;({standin: this.standin, env: standinEnv, token: this.token} = this.options.existing)
    } else {
      const content = path.join(this.work, 'content')
      const dataset = path.join(this.work, 'dataset')
      await cp(path.join(ROOT, 'content'), content, {recursive: true})
      this.options.say('importing a copy of content/ into the Sanity API stand-in')
      const imported = await runLogged(process.execPath, [...TSX, 'importer/src/cli.ts', '--content', content, '--out', dataset], {
        env: process.env,
        log: this.log,
      })
      if (imported.code !== 0) throw new Error(`the import of content/ failed (see ${this.log.path as string})`)
      const served = await serveDatasetFromStandIn(dataset, {projectId: 'soak', token: this.token})
      this.standin = served.standin
      standinEnv = served.env
    }
    this.env = {
      ...process.env,
      ...standinEnv,
      SITE_BUILDS_DIR: this.buildsDir,
      SITE_OUT_LINK: this.link,
      NEXT_TELEMETRY_DISABLED: '1',
    }
    delete this.env.SITE_PUBLISH_KILL_AT
    delete this.env.SITE_PUBLISH_FULL
    await mkdir(path.join(ROOT, this.buildsDir), {recursive: true})
  }

  /** The first release: a full build, as an operator's `npm run publish:site -- --full` makes it. */
  async buildFirst(): Promise<void> {
    const built = await runLogged('npm', ['run', 'publish:site', '--', '--full'], {env: this.env, log: this.log})
    if (built.code !== 0) throw new Error(`the first full build failed (see ${this.log.path as string})`)
  }

  /** Serves a build made elsewhere (with its manifest beside it) as the first release: moved into the soak's builds folder. */
  async adopt(buildDir: string): Promise<void> {
    const id = path.basename(buildDir)
    await rename(buildDir, path.join(ROOT, this.buildsDir, id))
    await rename(`${buildDir}.publish.json`, path.join(ROOT, this.buildsDir, `${id}.publish.json`))
    await symlink(path.join('builds', id), path.join(ROOT, this.link))
  }

  /** The folder of the release served now. */
  served(): string {
    return path.resolve(path.dirname(path.join(ROOT, this.link)), readlinkSync(path.join(ROOT, this.link)))
  }

  /** The static server (`npm start`'s, scripts/src/serve.ts), the receiver, and the webhook's deliveries. */
  async start(): Promise<void> {
    const server = spawn(process.execPath, [...PROBED, 'scripts/src/serve.ts', '--dir', this.link, '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, SOAK_MEMORY_FILE: this.memoryFile('server')},
    })
    this.server = server
    server.stderr.pipe(this.log, {end: false})
    this.base = await new Promise<string>((resolve, reject) => {
      let text = ''
      server.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        const port = /:(\d+)\//.exec(text)?.[1]
        if (port) resolve(`http://127.0.0.1:${port}`)
      })
      server.on('exit', (code) => reject(new Error(`serve.ts exited with ${code}`)))
    })
    const receiver = fork(path.join(import.meta.dirname, 'receiver.ts'), [], {
      cwd: ROOT,
      env: {...this.env, SOAK_WEBHOOK_SECRET: this.secret, SOAK_MEMORY_FILE: this.memoryFile('receiver')},
      execArgv: PROBED,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    this.receiver = receiver
    receiver.stdout?.pipe(this.log, {end: false})
    receiver.stderr?.pipe(this.log, {end: false})
    const port = await new Promise<number>((resolve, reject) => {
      receiver.on('message', (message: {type?: string; port?: number}) => {
        if (message.type === 'ready' && message.port) resolve(message.port)
      })
      receiver.on('exit', (code) => reject(new Error(`the receiver exited with ${code}`)))
    })
    this.hookUrl = `http://127.0.0.1:${port}${HOOK_PATH}`
    this.delivery = deliverWebhooks(this.standin.api, {url: this.hookUrl, secret: this.secret, onDelivery: (delivery) => this.deliveries.push(delivery)})
  }

  private memoryFile(which: 'server' | 'receiver'): string {
    return path.join(this.work, `memory-${which}.json`)
  }

  /**
   * What the server or the receiver still holds after a full garbage collection (JS heap in use plus
   * memory outside the heap, in bytes), as its memory probe reports it; NaN when it does not answer.
   */
  async liveBytes(which: 'server' | 'receiver'): Promise<number> {
    const pid = which === 'server' ? this.serverPid : this.receiverPid
    const file = this.memoryFile(which)
    if (!pid) return Number.NaN
    await rm(file, {force: true})
    try {
      process.kill(pid, 'SIGUSR2')
    } catch {
      return Number.NaN
    }
    for (let waited = 0; waited < 5000; waited += 50) {
      try {
        const usage = JSON.parse(readFileSync(file, 'utf8')) as NodeJS.MemoryUsage
        return usage.heapUsed + usage.external
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    return Number.NaN
  }

  get serverPid(): number | undefined {
    return this.server?.pid
  }

  get receiverPid(): number | undefined {
    return this.receiver?.pid
  }

  async health(): Promise<ReceiverHealth> {
    const response = await fetch(this.hookUrl.replace(HOOK_PATH, '/health'))
    return (await response.json()) as ReceiverHealth
  }

  /** Resolves once the receiver has no run going and none queued. */
  async idle(limitMs = 30 * 60_000): Promise<ReceiverHealth> {
    const since = performance.now()
    for (;;) {
      const health = await this.health()
      if (!health.running && !health.queued) return health
      if (performance.now() - since > limitMs) throw new Error(`the receiver was still busy after ${limitMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  /** Polls a page until it shows `text`; performance.now() when it did. */
  async until(url: string, text: string, limitMs = 30 * 60_000): Promise<number> {
    const since = performance.now()
    for (;;) {
      const body = await fetch(`${this.base}${url}`)
        .then((response) => response.text())
        .catch(() => '')
      if (body.includes(text)) return performance.now()
      if (performance.now() - since > limitMs) throw new Error(`${url} did not show "${text}" within ${limitMs / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Starts the readers (read-load.ts in a process of its own). */
  async startLoad(urls: readonly string[], rate: number, connections: number): Promise<void> {
    const options: ReadLoadOptions = {base: this.base, link: path.join(ROOT, this.link), urls, rate, connections}
    const load = fork(path.join(import.meta.dirname, 'read-load-process.ts'), [JSON.stringify(options)], {cwd: ROOT, execArgv: TSX, stdio: 'inherit'})
    this.load = load
    await new Promise<void>((resolve, reject) => {
      load.once('message', () => resolve())
      load.once('exit', (code) => reject(new Error(`the read load exited with ${code}`)))
    })
  }

  private askLoad<T>(type: 'snapshot' | 'stop', answer: 'snapshot' | 'report', pick: (message: Record<string, unknown>) => T): Promise<T> {
    const load = this.load
    if (!load) return Promise.reject(new Error('no read load'))
    return new Promise((resolve) => {
      const listen = (message: Record<string, unknown>) => {
        if (message.type !== answer) return
        load.off('message', listen)
        resolve(pick(message))
      }
      load.on('message', listen)
      load.send({type})
    })
  }

  loadSnapshot(): Promise<ReadLoadCounts> {
    return this.askLoad('snapshot', 'snapshot', (message) => message.counts as ReadLoadCounts)
  }

  async stopLoad(): Promise<ReadLoadReport> {
    const report = await this.askLoad('stop', 'report', (message) => message.report as ReadLoadReport)
    this.load = undefined
    return report
  }

  /** A full build of the content as it is now into a folder of its own (not served), for comparison. */
  async fullBuildAside(name: string): Promise<string> {
    const dir = path.join(ROOT, this.folder, name)
    await rm(dir, {recursive: true, force: true})
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx')
    const reads = `${dir}.reads`
    for (const [command, args, env] of [
      [tsx, ['--conditions', 'react-server', 'publish/src/incremental-build.ts', 'inputs', reads], this.env],
      ['npm', ['run', 'build', '-w', '@site/web'], {...this.env, SITE_OUT_DIR: path.relative(WEB, dir), SITE_READS_LOG: reads}],
      // The manifest step marks the compile of web/.next as this code's, so that the publishes after render with it again.
      [tsx, ['--conditions', 'react-server', 'publish/src/incremental-build.ts', 'manifest', dir], this.env],
    ] as const) {
      const result = await runLogged(command, args, {env, log: this.log})
      if (result.code !== 0) throw new Error(`the full build for comparison failed at ${path.basename(command)} ${args.join(' ')}`)
    }
    await rm(`${dir}.publish.json`, {force: true})
    return dir
  }

  async close(): Promise<void> {
    if (this.load) await this.stopLoad().catch(() => undefined)
    this.delivery?.close()
    this.receiver?.kill('SIGTERM')
    this.server?.kill('SIGTERM')
    if (!this.options.existing) await this.standin?.close()
    await new Promise((resolve) => this.log?.end(resolve))
    await rm(path.join(ROOT, this.folder), {recursive: true, force: true})
    if (this.work) await rm(this.work, {recursive: true, force: true})
  }
}
