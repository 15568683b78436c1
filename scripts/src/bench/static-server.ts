/**
 * `npm run bench -- --only serve`: the static server of `npm start` (scripts/src/serve.ts) and nginx
 * with deploy/nginx.conf (Debian's, when installed) serving the same release (web/out), each asked
 * for a doc page, a search shard and a missing page by a closed-loop load (http-load.ts, in a process
 * of its own, on loopback): requests a second and the 50th and 99th percentile latency of an answer.
 * nginx runs as the site image runs it: `worker_processes auto` (one worker per CPU); serve.ts is one
 * Node process. The load generator shares the machine's CPUs with the server it measures.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync} from 'node:fs'
import {freePort} from '@site/test-support/net'
import {availableParallelism, loadavg, tmpdir} from 'node:os'
import path from 'node:path'
import {NGINX_REDIRECTS_FILE} from '@site/web/build/redirect-files'
import {nginxBinary, writeLocalNginxConfig} from '../local-nginx'
import {renderTable} from './format'
import type {LoadFigures, LoadSettings} from './http-load'

export const SERVE_BENCH_URLS = [
  {label: 'a doc page', url: '/docs/v4/rooms/', status: 200},
  {label: 'a search shard (en, v4 docs)', url: '/_search/en/docs-v4.json', status: 200},
  {label: 'a missing page (404)', url: '/no-such-page/', status: 404},
] as const

export interface ServeBenchRow {
  server: string
  label: string
  url: string
  figures: LoadFigures
}

export interface ServeBenchReport {
  release: string
  rows: ServeBenchRow[]
  connections: number
  seconds: number
  warmupSeconds: number
  /** Why nginx was not measured, when it was not. */
  nginxSkipped?: string
  loadAverage: number
}

async function until(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.arrayBuffer().then(() => true),
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} did not answer`)
}

/** deploy/nginx.conf with its header files, the release's policy and redirects, run by a local nginx over `release` (through a `current` link, as in the site image). */
async function startNginx(root: string, nginx: string, release: string, work: string): Promise<{base: string; process: ChildProcess}> {
  const port = await freePort()
  const redirectsFile = path.join(release, NGINX_REDIRECTS_FILE)
  const redirects = existsSync(redirectsFile) ? readFileSync(redirectsFile, 'utf8') : ''
  const configFile = writeLocalNginxConfig(nginx, {repo: root, work, release, port, redirects, tuning: 'image'})
  const child = spawn(nginx, ['-p', work, '-c', configFile], {stdio: 'ignore'})
  const base = `http://127.0.0.1:${port}`
  await until(`${base}/`)
  return {base, process: child}
}

async function startServeTs(root: string, release: string): Promise<{base: string; process: ChildProcess}> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/src/serve.ts', '--dir', release, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const base = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const port = /:(\d+)\//.exec(text)?.[1]
      if (port) resolve(`http://127.0.0.1:${port}`)
    })
    child.on('exit', (code) => reject(new Error(`serve.ts exited with ${code}`)))
  })
  return {base, process: child}
}

function load(root: string, settings: LoadSettings): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/src/bench/http-load.ts'), JSON.stringify(settings)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text) as LoadFigures) : reject(new Error(`the load generator exited with ${code}`))))
  })
}

export async function runServeBench({
  root,
  out = path.join(root, 'web/out'),
  seconds = 10,
  warmupSeconds = 2,
  connections = 16,
  progress,
}: {
  root: string
  /** The release served: the one web/out links to, unless given. */
  out?: string
  seconds?: number
  warmupSeconds?: number
  connections?: number
  progress: (line: string) => void
}): Promise<ServeBenchReport> {
  if (!existsSync(path.join(out, 'index.html'))) throw new Error(`${path.relative(root, out)}/ holds no site: build it first (npm run build)`)
  const release = realpathSync(out)
  const rows: ServeBenchRow[] = []
  const servers: Array<{name: string; start: () => Promise<{base: string; process: ChildProcess}>}> = [
    {name: 'serve.ts (npm start)', start: () => startServeTs(root, release)},
  ]
  const nginx = nginxBinary()
  const work = mkdtempSync(path.join(tmpdir(), 'bench-serve-'))
  // nginx's workers run as another user (nobody, www-data) when it starts as root: they follow the link through this folder.
  chmodSync(work, 0o755)
  if (nginx) servers.push({name: 'nginx (deploy/nginx.conf)', start: () => startNginx(root, nginx, release, work)})
  const loads: number[] = []
  try {
    for (const server of servers) {
      progress(`${server.name} serving ${path.relative(root, release)}`)
      const started = await server.start()
      try {
        for (const target of SERVE_BENCH_URLS) {
          progress(`  ${target.label} (${target.url}): ${seconds} s, ${connections} connections`)
          loads.push(loadavg()[0] ?? Number.NaN)
          const figures = await load(root, {url: `${started.base}${target.url}`, status: target.status, connections, seconds, warmupSeconds})
          rows.push({server: server.name, label: target.label, url: target.url, figures})
        }
      } finally {
        started.process.kill(server.name.startsWith('nginx') ? 'SIGQUIT' : 'SIGTERM')
      }
    }
  } finally {
    rmSync(work, {recursive: true, force: true})
  }
  return {
    release: path.relative(root, release),
    rows,
    connections,
    seconds,
    warmupSeconds,
    ...(nginx ? {} : {nginxSkipped: 'nginx is not installed (apt-get install nginx)'}),
    loadAverage: loads.reduce((sum, value) => sum + value, 0) / Math.max(1, loads.length),
  }
}

export function serveBenchTable(report: ServeBenchReport): string {
  const rows: string[][] = [['Server, URL', 'Requests/s', 'p50', 'p99', 'Body', 'Not as expected']]
  for (const row of report.rows)
    rows.push([
      `${row.server}: ${row.label} ${row.url}`,
      row.figures.perSecond.toFixed(0),
      `${row.figures.p50Ms.toFixed(1)} ms`,
      `${row.figures.p99Ms.toFixed(1)} ms`,
      `${(row.figures.bodyBytes / 1024).toFixed(1)} KB`,
      String(row.figures.unexpected + row.figures.errors),
    ])
  const note = `${report.connections} keep-alive connections, closed loop, ${report.seconds} s each after ${report.warmupSeconds} s of warm-up, gzip accepted; ${report.release}; load average ${report.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs`
  return `${renderTable(rows)}\n${note}${report.nginxSkipped ? `\nnginx skipped: ${report.nginxSkipped}` : ''}`
}
