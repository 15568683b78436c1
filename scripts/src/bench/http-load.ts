/**
 * A closed-loop HTTP load on loopback, in a process of its own (the bench's own work is not the
 * server's): `connections` keep-alive connections, each sending its next request as soon as the last
 * answer has arrived, for `seconds` after a warm-up, asking gzip as a browser does. Prints one line
 * of JSON: requests answered, how many with another status than expected, requests a second, and the
 * latency percentiles of an answer (request sent to last byte).
 * `node --import tsx http-load.ts '<json settings>'`
 */
import {Agent, request} from 'node:http'

export interface LoadSettings {
  url: string
  status: number
  connections: number
  seconds: number
  warmupSeconds: number
}

export interface LoadFigures {
  requests: number
  unexpected: number
  errors: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  /** Bytes of an answer's body, as sent (gzipped when the server compressed it). */
  bodyBytes: number
}

/** The value below which `share` of the sorted samples lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN
}

export async function runLoad(settings: LoadSettings): Promise<LoadFigures> {
  const agent = new Agent({keepAlive: true, maxSockets: settings.connections})
  const target = new URL(settings.url)
  const latencies: number[] = []
  let unexpected = 0
  let errors = 0
  let bodyBytes = 0
  let measuring = false
  let running = true
  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now()
      const req = request({host: target.hostname, port: target.port, path: target.pathname, agent, headers: {'accept-encoding': 'gzip'}}, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => {
          if (measuring) {
            latencies.push(performance.now() - sent)
            if (res.statusCode !== settings.status) unexpected++
            bodyBytes = bytes
          }
          resolve()
        })
      })
      req.on('error', () => {
        if (measuring) errors++
        resolve()
      })
      req.end()
    })
  const loops = Array.from({length: settings.connections}, async () => {
    while (running) await once()
  })
  await new Promise((resolve) => setTimeout(resolve, settings.warmupSeconds * 1000))
  measuring = true
  const started = performance.now()
  await new Promise((resolve) => setTimeout(resolve, settings.seconds * 1000))
  measuring = false
  const elapsed = (performance.now() - started) / 1000
  running = false
  await Promise.all(loops)
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  return {
    requests: sorted.length,
    unexpected,
    errors,
    perSecond: sorted.length / elapsed,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    bodyBytes,
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const figures = await runLoad(JSON.parse(process.argv[2] ?? '{}') as LoadSettings)
  console.log(JSON.stringify(figures))
}
