/**
 * The Sanity API stand-in (./api.ts) as a node:http server on 127.0.0.1, for clients that really
 * connect: @sanity/client, the Sanity CLI (through SANITY_INTERNAL_ENV), a site build. Listener
 * streams stay open and get the events of each write, as the API's do.
 */
import {readFile} from 'node:fs/promises'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {SanityApiStandIn, type SanityApiOptions, type StoredDocument, type StreamChannel} from './api'

export interface SanityApiServerOptions extends Omit<SanityApiOptions, 'files'> {
  /**
   * A stand-in to serve instead of a new one (the other options but files and port are then ignored):
   * the same dataset seen through two doors, e.g. a browser's routing (./playwright.ts) and this server.
   */
  api?: SanityApiStandIn
  /** Files on disk served at their CDN path (see `assetPath`): path → absolute file name, read when asked for. */
  files?: ReadonlyMap<string, string>
  /** The port on 127.0.0.1 (a free one when not given). */
  port?: number
}

export interface SanityApiServer {
  readonly api: SanityApiStandIn
  /** http://127.0.0.1:<port>: the whole API at one address, for clients configured with useProjectHostname: false (SANITY_API_HOST). */
  readonly url: string
  /** http://localhost:<port>: for SANITY_INTERNAL_ENV, which the Sanity CLI takes as its API host (it prefixes the project). */
  readonly apiHost: string
  readonly dataset: string
  readonly requests: SanityApiStandIn['requests']
  readonly uploads: SanityApiStandIn['uploads']
  documents(): StoredDocument[]
  /** The URL an asset file is served at: `<url>/<images|files>/<project>/<dataset>/<name>`. */
  assetUrl(folder: 'images' | 'files', fileName: string): string
  close(): Promise<void>
}

export async function startSanityApiStandIn(options: SanityApiServerOptions): Promise<SanityApiServer> {
  const {files, port: wantedPort = 0, api: given, ...rest} = options
  const api = given ?? new SanityApiStandIn(rest)
  const open = new Map<ServerResponse, {channel: StreamChannel; queryVisibility: boolean}>()
  const unlisten = api.listen((events, channel) => {
    for (const [response, its] of open) {
      if (its.channel !== channel) continue
      // The stand-in's writes are visible to queries at once: a listener that asked for query visibility gets events marked so.
      response.write(its.queryVisibility ? events.replaceAll('"visibility":"transaction"', '"visibility":"query"') : events)
    }
  })

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, {'content-type': 'application/json; charset=utf-8'})
      response.end(JSON.stringify({error: {description: error instanceof Error ? error.message : String(error), type: 'internalError'}}))
    })
  })

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request)
    const method = request.method ?? 'GET'
    const pathname = new URL(request.url ?? '/', 'http://stand-in').pathname
    const onDisk = (method === 'GET' || method === 'HEAD') && files?.get(pathname)
    if (onDisk) {
      // Recorded like any request, then served from disk.
      api.requests.push({
        method,
        host: request.headers.host ?? '',
        path: pathname,
        query: {},
        authorization: request.headers.authorization,
        authorized: false,
        contentType: undefined,
        bytes: 0,
        json: undefined,
        status: 200,
      })
      const bytes = await readFile(onDisk)
      response.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': String(bytes.length)})
      response.end(method === 'HEAD' ? undefined : bytes)
      return
    }
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]))
    const result = await api.handle({method, host: request.headers.host ?? '', url: request.url ?? '/', headers, body})
    if (result.contentType === 'text/event-stream' && result.stream !== undefined && result.status === 200) {
      response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'})
      response.write(result.stream)
      open.set(response, {
        channel: result.channel ?? 'listen',
        queryVisibility: new URL(request.url ?? '/', 'http://stand-in').searchParams.get('visibility') === 'query',
      })
      response.on('close', () => open.delete(response))
      return
    }
    if (result.bytes) {
      response.writeHead(result.status, {'content-type': result.contentType ?? 'application/octet-stream', 'content-length': String(result.bytes.length)})
      response.end(method === 'HEAD' ? undefined : result.bytes)
      return
    }
    response.writeHead(result.status, {'content-type': 'application/json; charset=utf-8'})
    response.end(JSON.stringify(result.json))
  }

  // Longer than a client keeps an idle connection: the client closes it first, so a request never
  // leaves on a connection the server is closing (Node's 5 s default races with a busy build).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  if (!given) api.assetOrigin = url
  return {
    api,
    url,
    apiHost: `http://localhost:${port}`,
    dataset: api.dataset,
    requests: api.requests,
    uploads: api.uploads,
    documents: () => api.documents(),
    assetUrl: (folder, fileName) => `${url}${api.assetPath(folder, fileName)}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        unlisten()
        for (const response of open.keys()) response.end()
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}
