/**
 * A local stand-in for Sanity's HTTP query API (not Sanity itself): a node:http server answering
 * `GET /v<apiVersion>/data/query/<dataset>?query=…&$param=<JSON>` and `POST` with `{query, params}`
 * with `{ms, query, result}`, evaluated by groq-js over a dataset held in memory. Tests point
 * @sanity/client at it to check that the Sanity transport returns what the local one does.
 */
import {readFile} from 'node:fs/promises'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {evaluate, parse} from 'groq-js'
import type {DatasetDocument} from '../local-dataset'

export interface SanityApiStandin {
  /** http://127.0.0.1:<port>, for @sanity/client's apiHost. */
  url: string
  dataset: string
  /** Every request received, for assertions on the transport (method, path, whether it carried a token). */
  requests: Array<{method: string; path: string; authorized: boolean}>
  close(): Promise<void>
}

const QUERY_PATH = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/data\/query\/([\w-]+)$/

export interface StandinOptions {
  /** When set, a request without `Authorization: Bearer <token>` gets Sanity's 401 answer. */
  token?: string
  /** Asset files served under /files/<name> (as Sanity's CDN serves them, no token needed): name → absolute path. */
  files?: ReadonlyMap<string, string>
}

export async function startSanityApiStandin(documents: readonly DatasetDocument[], dataset = 'production', options: StandinOptions = {}): Promise<SanityApiStandin> {
  const requests: SanityApiStandin['requests'] = []
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => reply(response, 500, {error: {description: error instanceof Error ? error.message : String(error)}}))
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://standin')
    const file = url.pathname.startsWith('/files/') ? options.files?.get(decodeURIComponent(url.pathname.slice('/files/'.length))) : undefined
    if (file) {
      requests.push({method: request.method ?? 'GET', path: url.pathname, authorized: false})
      response.writeHead(200, {'content-type': 'application/octet-stream'})
      response.end(await readFile(file))
      return
    }
    const authorized = options.token !== undefined && request.headers.authorization === `Bearer ${options.token}`
    requests.push({method: request.method ?? 'GET', path: url.pathname, authorized})
    if (options.token !== undefined && !authorized) return reply(response, 401, {statusCode: 401, error: 'Unauthorized', message: 'Session not found'})
    const match = QUERY_PATH.exec(url.pathname)
    if (!match) return reply(response, 404, {error: {description: `Unknown endpoint ${url.pathname}`}})
    if (match[2] !== dataset) return reply(response, 404, {error: {description: `Dataset "${match[2]}" not found`}})
    let query: string
    const params: Record<string, unknown> = {}
    if (request.method === 'GET') {
      query = url.searchParams.get('query') ?? ''
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value)
      }
    } else if (request.method === 'POST') {
      const body: unknown = JSON.parse(await readBody(request))
      if (typeof body !== 'object' || body === null || !('query' in body) || typeof body.query !== 'string') {
        return reply(response, 400, {error: {description: 'POST body must be {query, params}'}})
      }
      query = body.query
      if ('params' in body && typeof body.params === 'object' && body.params !== null) Object.assign(params, body.params)
    } else {
      return reply(response, 405, {error: {description: `Method ${request.method} not allowed`}})
    }
    if (!query) return reply(response, 400, {error: {description: 'The query parameter is required'}})
    const started = performance.now()
    let result: unknown
    try {
      result = await (await evaluate(parse(query, {params}), {dataset: documents, params})).get()
    } catch (error) {
      return reply(response, 400, {error: {description: error instanceof Error ? error.message : String(error), type: 'queryParseError'}})
    }
    reply(response, 200, {ms: Math.round(performance.now() - started), query, result})
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    dataset,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {'content-type': 'application/json; charset=utf-8'})
  response.end(JSON.stringify(body))
}
