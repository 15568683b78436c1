/**
 * A local stand-in for the write side of Sanity's HTTP API (not Sanity itself), for running the real
 * `sanity dataset import` against: the mutate endpoint (transactions applied with @sanity/mutator, Sanity's
 * own patch semantics), image and file uploads, the query endpoint (groq-js), and asset files by URL.
 * It records every request so that tests can check what the CLI sent, and can be told to reject documents.
 */
import {createHash, randomUUID} from 'node:crypto'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {imageSize} from 'image-size'
import {Mutation} from '@sanity/mutator'
import {evaluate, parse} from 'groq-js'

/** A stored document: what the API keeps and returns. */
export type StoredDocument = {_id: string; _type: string; [field: string]: unknown}

export interface RecordedRequest {
  method: string
  /** The Host header: `<projectId>.localhost:<port>` when the client uses project hostnames. */
  host: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  contentType: string | undefined
  bytes: number
  /** The parsed body of JSON requests (mutations, POSTed queries). */
  json: unknown
  status: number
}

export interface SanityWriteApiStandInOptions {
  projectId: string
  dataset: string
  /** The one token with write access; any other bearer token gets 401. */
  token: string
  /** Document ids the stand-in refuses to write, with the reason it gives (as a mutation error). */
  rejectDocuments?: Record<string, string>
  /** Called with each request as it arrives, while the client is still running. */
  onRequest?: (request: RecordedRequest) => void
}

export interface SanityWriteApiStandIn {
  /** http://localhost:<port>: the value for SANITY_INTERNAL_ENV, which the Sanity CLI takes as its API host. */
  apiHost: string
  /** http://127.0.0.1:<port>, for clients configured with useProjectHostname: false. */
  url: string
  requests: RecordedRequest[]
  /** Every accepted upload, in order (a repeated upload of the same bytes is listed again). */
  uploads: Array<{type: 'image' | 'file'; assetId: string; sha1hash: string; size: number; filename: string | undefined}>
  /** A copy of the stored documents, sorted by id. */
  documents(): StoredDocument[]
  close(): Promise<void>
}

const API_PATH = /^\/v(\d{4}-\d{2}-\d{2}|1|X)\/(data\/mutate|data\/query|assets\/images|assets\/files)\/([\w-]+)$/
const ASSET_FILE_PATH = /^\/(images|files)\/([\w-]+)\/([\w-]+)\/([\w.-]+)$/
const MIME_TYPES: Record<string, string> = {png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', avif: 'image/avif'}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}

export async function startSanityWriteApiStandIn(options: SanityWriteApiStandInOptions): Promise<SanityWriteApiStandIn> {
  const store = new Map<string, StoredDocument>()
  const files = new Map<string, {bytes: Buffer; mimeType: string}>()
  const requests: RecordedRequest[] = []
  const uploads: SanityWriteApiStandIn['uploads'] = []
  let origin = ''
  // Links each request to its record, so that the reply's status lands on the right one.
  const pending = new WeakMap<IncomingMessage, RecordedRequest>()

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => handle(request, body))
      .then(
        ({status, body, headers}) => send(response, request, status, body, headers),
        (error: unknown) =>
          error instanceof ApiError
            ? send(response, request, error.status, error.body)
            : send(response, request, 500, {error: {description: error instanceof Error ? error.message : String(error), type: 'internalError'}}),
      )
  })

  function send(response: ServerResponse, request: IncomingMessage, status: number, body: unknown, headers: Record<string, string> = {}) {
    const record = pending.get(request)
    if (record) record.status = status
    if (Buffer.isBuffer(body)) {
      response.writeHead(status, {'content-length': String(body.length), ...headers})
      response.end(request.method === 'HEAD' ? undefined : body)
      return
    }
    response.writeHead(status, {'content-type': 'application/json; charset=utf-8'})
    response.end(JSON.stringify(body))
  }

  async function handle(request: IncomingMessage, body: Buffer): Promise<{status: number; body: unknown; headers?: Record<string, string>}> {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const contentType = request.headers['content-type']
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      host: request.headers.host ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      contentType,
      bytes: body.length,
      json: contentType?.startsWith('application/json') && body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined,
      status: 0,
    }
    requests.push(record)
    pending.set(request, record)
    options.onRequest?.(record)

    // Asset files, as the CDN serves them: public, no token.
    const assetFile = ASSET_FILE_PATH.exec(url.pathname)
    if (assetFile && (record.method === 'GET' || record.method === 'HEAD')) {
      const stored = files.get(url.pathname)
      if (!stored) return {status: 404, body: {error: 'Not Found', message: 'Asset not found', statusCode: 404}}
      return {status: 200, body: stored.bytes, headers: {'content-type': stored.mimeType}}
    }

    const api = API_PATH.exec(url.pathname)
    if (!api) throw new ApiError(404, {error: 'Not Found', message: `Unknown endpoint ${record.method} ${url.pathname}`, statusCode: 404})
    const [, , endpoint, dataset] = api
    const projectId = projectOf(record.host, request.headers['x-sanity-project-id'])
    if (projectId !== options.projectId) throw new ApiError(404, {error: 'Not Found', message: `Project "${projectId ?? ''}" not found`, statusCode: 404})
    if (dataset !== options.dataset) throw new ApiError(404, {error: {description: `Dataset "${dataset}" not found for project ID "${projectId}"`, type: 'httpNotFound'}})

    // A wrong token is refused everywhere; no token may read (a public dataset) but not write.
    const bearer = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1]
    if (record.authorization !== undefined && bearer !== options.token) throw new ApiError(401, {error: 'Unauthorized', message: 'Session not found', statusCode: 401})
    const writes = endpoint !== 'data/query'
    if (writes && bearer === undefined) throw new ApiError(401, {error: 'Unauthorized', message: 'Session not found', statusCode: 401})

    if (endpoint === 'data/query') return {status: 200, body: await query(record, url)}
    if (record.method !== 'POST') throw new ApiError(405, {error: 'Method Not Allowed', message: `${record.method} is not allowed here`, statusCode: 405})
    if (endpoint === 'data/mutate') return {status: 200, body: mutate(record)}
    return {status: 200, body: {document: upload(endpoint === 'assets/images' ? 'image' : 'file', body, record.query.filename)}}
  }

  async function query(record: RecordedRequest, url: URL): Promise<unknown> {
    let groq = record.query.query ?? ''
    const params: Record<string, unknown> = {}
    if (record.method === 'GET') {
      for (const [name, value] of url.searchParams) if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value)
    } else if (isRecord(record.json) && typeof record.json.query === 'string') {
      groq = record.json.query
      if (isRecord(record.json.params)) Object.assign(params, record.json.params)
    }
    if (!groq) throw new ApiError(400, {error: {description: 'Missing query', type: 'queryParseError'}})
    const started = performance.now()
    try {
      const result = await (await evaluate(parse(groq, {params}), {dataset: [...store.values()], params})).get()
      return {ms: Math.round(performance.now() - started), query: groq, result}
    } catch (error) {
      throw new ApiError(400, {error: {description: error instanceof Error ? error.message : String(error), type: 'queryParseError'}})
    }
  }

  // One transaction: every mutation applies, or none does.
  function mutate(record: RecordedRequest): {transactionId: string; results: Array<{id: string; operation: string}>} {
    if (!isRecord(record.json) || !Array.isArray(record.json.mutations)) {
      throw new ApiError(400, {error: {description: 'The request body must be {"mutations": [...]}', type: 'httpBadRequest'}})
    }
    const transactionId = randomUUID()
    const timestamp = new Date().toISOString()
    const staged = new Map<string, StoredDocument | null>()
    const current = (id: string) => (staged.has(id) ? (staged.get(id) ?? null) : (store.get(id) ?? null))
    const results: Array<{id: string; operation: string}> = []
    const failures: Array<{error: {description: string; id: string; type: string}; index: number}> = []

    record.json.mutations.forEach((item: unknown, index: number) => {
      const [kind, value] = isRecord(item) ? (Object.entries(item)[0] ?? []) : []
      const id = isRecord(value) && typeof value._id === 'string' ? value._id : isRecord(value) && typeof value.id === 'string' ? value.id : undefined
      if (!kind || !id) {
        failures.push({error: {description: `Mutation ${index} names no document id`, id: '', type: 'invalidMutationError'}, index})
        return
      }
      const reason = options.rejectDocuments?.[id]
      if (reason && kind.startsWith('create')) {
        failures.push({error: {description: `Document "${id}" ${reason}`, id, type: 'documentValidationError'}, index})
        return
      }
      const before = current(id)
      if (kind === 'create' && before) {
        failures.push({error: {description: `Document by ID "${id}" already exists`, id, type: 'documentAlreadyExistsError'}, index})
        return
      }
      if (kind === 'patch' && !before) {
        failures.push({error: {description: `Document "${id}" not found`, id, type: 'documentNotFoundError'}, index})
        return
      }
      const copy = structuredClone(item) as ConstructorParameters<typeof Mutation>[0]['mutations'][number]
      const after = new Mutation({mutations: [copy], resultRev: transactionId, timestamp}).apply(before === null ? null : structuredClone(before))
      staged.set(id, after === null ? null : after)
      results.push({id, operation: after === null ? 'delete' : before === null ? 'create' : kind === 'createIfNotExists' ? 'none' : 'update'})
    })

    if (failures.length > 0) {
      const descriptions = failures.map((failure) => failure.error.description)
      throw new ApiError(400, {error: {description: `The mutation(s) failed: ${descriptions.join('; ')}`, items: failures, type: 'mutationError'}})
    }
    for (const [id, document] of staged) {
      if (document) store.set(id, document)
      else store.delete(id)
    }
    return {transactionId, results}
  }

  // What Sanity's asset pipeline does with an upload, as far as the import relies on it: content-addressed
  // ids and URLs (same bytes → same asset), an asset document in the dataset, the file served at its URL.
  function upload(type: 'image' | 'file', bytes: Buffer, filename: string | undefined): StoredDocument {
    if (bytes.length === 0) throw new ApiError(400, {error: {description: 'Empty upload', type: 'httpBadRequest'}})
    const sha1hash = createHash('sha1').update(bytes).digest('hex')
    let document: StoredDocument
    if (type === 'image') {
      let measured: ReturnType<typeof imageSize>
      try {
        measured = imageSize(bytes)
      } catch {
        throw new ApiError(400, {error: {description: 'Invalid image, could not read metadata', type: 'httpBadRequest'}})
      }
      const extension = measured.type === 'jpg' || measured.type === 'jpeg' ? 'jpg' : (measured.type ?? 'bin')
      const {width, height} = measured
      const fileName = `${sha1hash}-${width}x${height}.${extension}`
      document = assetDocument('sanity.imageAsset', `image-${sha1hash}-${width}x${height}-${extension}`, 'images', fileName, sha1hash, bytes.length, extension, filename)
      document.metadata = {_type: 'sanity.imageMetadata', dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height}}
    } else {
      const extension = (filename?.split('.').pop() ?? 'bin').toLowerCase()
      document = assetDocument('sanity.fileAsset', `file-${sha1hash}-${extension}`, 'files', `${sha1hash}.${extension}`, sha1hash, bytes.length, extension, filename)
    }
    files.set(`/${String(document.path)}`, {bytes, mimeType: String(document.mimeType)})
    const existing = store.get(document._id)
    if (!existing) store.set(document._id, document)
    uploads.push({type, assetId: document._id, sha1hash, size: bytes.length, filename})
    return existing ?? document
  }

  function assetDocument(type: string, id: string, folder: string, fileName: string, sha1hash: string, size: number, extension: string, filename: string | undefined): StoredDocument {
    const now = new Date().toISOString()
    const assetPath = `${folder}/${options.projectId}/${options.dataset}/${fileName}`
    return {
      _id: id,
      _type: type,
      _createdAt: now,
      _updatedAt: now,
      _rev: randomUUID(),
      assetId: sha1hash,
      sha1hash,
      extension,
      mimeType: MIME_TYPES[extension] ?? 'application/octet-stream',
      originalFilename: filename ?? fileName,
      path: assetPath,
      size,
      url: `${origin}/${assetPath}`,
      uploadId: randomUUID(),
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    apiHost: `http://localhost:${port}`,
    url: origin,
    requests,
    uploads,
    documents: () => [...store.values()].map((document) => structuredClone(document)).sort((a, b) => a._id.localeCompare(b._id)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** The project a request is for: from a `<projectId>.<host>` Host header, else from X-Sanity-Project-ID. */
function projectOf(host: string, header: string | string[] | undefined): string | undefined {
  const subdomain = /^([a-z0-9-]+)\.localhost(:\d+)?$/i.exec(host)?.[1]
  if (subdomain) return subdomain
  return typeof header === 'string' ? header : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}
