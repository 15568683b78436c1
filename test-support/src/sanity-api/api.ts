/**
 * The stand-in of Sanity's HTTP API (not Sanity itself: api.sanity.io is unreachable here), apart from
 * how requests reach it. It holds a dataset in memory and answers the documented endpoints the site's
 * programs call: GROQ queries (groq-js, with perspectives), documents by id, the dataset's export (NDJSON), mutations (applied with
 * @sanity/mutator, Sanity's own patch semantics, one transaction all or nothing), the Actions API's create,
 * edit and publish, Content Releases and document versions (./releases.ts: `sanity.action.release.*`,
 * `sanity.action.document.version.*`, release perspectives such as `rX,drafts`), image and file uploads
 * (content-addressed, served at their CDN path), the listener's events, the Live Content API's events (sync tags of
 * changed documents, which query answers list as `syncTags`), GROQ-powered webhooks (./webhooks.ts), tokens and
 * their grants (./grants.ts: a write no grant allows is refused), and what the studio asks about the user, the
 * project, its features and its grants. Anything else is a 404 that names the endpoint. Every request is recorded
 * for the tests' assertions.
 * The transports: ./http.ts (a node:http server), ./playwright.ts (a browser context's routing),
 * ./dataset-client.ts (the in-process client that the studio's validation rules get).
 */
import {createHash, randomUUID} from 'node:crypto'
import {imageSize} from 'image-size'
import {Mutation} from '@sanity/mutator'
import {evaluate, parse} from 'groq-js'
import {fileAssetFileName, fileAssetId, imageAssetFileName, imageAssetId} from '@site/schemas/assets'
import {ALL_DOCUMENTS, allows, readsEverything, type Grant, type Permission} from './grants'
import {ActionRefused, applyReleaseAction, applyVersionAction, isSystemId, publishedIdOf, type ArchivedVersions} from './releases'
import {deliver, webhookBodies, type ChangedDocument, type WebhookDefinition, type WebhookDelivery} from './webhooks'

export type {Grant, Permission} from './grants'
export type {WebhookDefinition, WebhookDelivery} from './webhooks'

/** The query API's Content Source Map (`resultSourceMap`): the documents and fields a result's strings came from. */
export interface ContentSourceMap {
  documents: Array<{_id: string; _type: string}>
  paths: string[]
  mappings: Record<string, {type: 'value'; source: {type: 'documentValue'; document: number; path: number}}>
}

/** A document as the API stores and returns it. */
export type StoredDocument = {_id: string; _type: string; [field: string]: unknown}

export const STAND_IN_USER = {
  id: 'pStandInEditor',
  name: 'Stand-in Editor',
  email: 'editor@stand-in.invalid',
  profileImage: null,
  provider: 'sanity',
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator', description: 'Full access (stand-in)'}],
}

/** The user a token other than the editor's stands for (a robot token made in sanity.io/manage). */
export const STAND_IN_ROBOT = {
  id: 'pStandInRobot',
  name: 'Publish service (stand-in robot token)',
  email: null,
  profileImage: null,
  provider: 'sanity',
  role: 'editor',
}

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  txt: 'text/plain',
  pdf: 'application/pdf',
}

export interface SanityApiOptions {
  projectId: string
  dataset: string
  documents?: readonly StoredDocument[]
  /**
   * The one token the API accepts: a request with another bearer token gets 401, writes need it, and so
   * do reads when `aclMode` is private. Without a token every request is let through.
   */
  token?: string
  /** A public dataset is readable without a token (the default); a private one is not. */
  aclMode?: 'public' | 'private'
  /** Document ids whose creation is refused, with the reason the mutation error gives. */
  rejectDocuments?: Record<string, string>
  /** Files served at their CDN path (`/images|files/<project>/<dataset>/<name>`, public): path → bytes and type. */
  files?: ReadonlyMap<string, {bytes: Buffer; mimeType: string}>
  /** Called with each request as it arrives, before it is answered. */
  onRequest?: (request: RecordedRequest) => void
  /** The grants of `token` (the editor's), which the dataset's `acl` endpoint answers; every document by default. */
  grants?: readonly Grant[]
  /** More tokens the API accepts (robot tokens, such as a service's write token), each with its grants (every document by default). */
  tokens?: Readonly<Record<string, {grants?: readonly Grant[]}>>
  /** The project's features (`/features`): `contentReleases` turns on the studio's releases. */
  features?: readonly string[]
  /** GROQ-powered webhooks sent after each transaction (see ./webhooks.ts). */
  webhooks?: readonly WebhookDefinition[]
}

/** A request as a transport hands it over. */
export interface ApiRequest {
  method: string
  /** The Host: `<projectId>.api.sanity.io`, `<projectId>.localhost:<port>`, or an address standing for the whole API. */
  host: string
  /** Path and query string. */
  url: string
  headers: Record<string, string | undefined>
  body: Buffer
}

export interface RecordedRequest {
  method: string
  host: string
  path: string
  query: Record<string, string>
  authorization: string | undefined
  /** Whether it carried an accepted token (always false when the stand-in has none). */
  authorized: boolean
  /** Which accepted token: the editor's, or another of `tokens` (a robot's). */
  principal?: 'editor' | 'robot'
  contentType: string | undefined
  bytes: number
  /** The parsed body of JSON requests (mutations, actions, POSTed queries). */
  json: unknown
  /** The answer's status; 0 until answered. */
  status: number
}

export interface ApiAnswer {
  status: number
  json?: unknown
  bytes?: Buffer
  contentType?: string
  /** A listener's opening: the transport keeps the stream open and passes it the events of later writes. */
  stream?: string
  /** Which events an open stream gets: see `StreamChannel`. */
  channel?: StreamChannel
}

/**
 * The event streams a transport keeps open: `listen` (/data/listen: every mutation), `live` (the Live
 * Content API's /data/live/events: sync tags of changed published documents) and `live-drafts` (the same
 * with `includeDrafts=true`, which needs the token: drafts' changes too).
 */
export type StreamChannel = 'listen' | 'live' | 'live-drafts'

export interface RecordedWrite {
  /** The endpoint written through: `mutate` (mutations) or `actions` (the Actions API). */
  endpoint: 'mutate' | 'actions'
  body: unknown
}

export interface Upload {
  type: 'image' | 'file'
  assetId: string
  sha1hash: string
  size: number
  filename: string | undefined
}

/** One document's share of a transaction, as the listener reports it. */
interface DocumentChange {
  documentId: string
  transition: 'appear' | 'update' | 'disappear'
  mutations: Record<string, unknown>[]
  previousRev: string | undefined
  resultRev: string
}

interface EditAction {
  actionType?: string
  draftId?: string
  publishedId?: string
  patch?: Record<string, unknown>
  /** Of `sanity.action.document.create`: the new document, its `_id` a draft id or a release version's. */
  attributes?: Record<string, unknown>
  /** Of `sanity.action.document.create`: what to do when the document exists ('fail' or 'ignore'). */
  ifExists?: 'fail' | 'ignore'
  [field: string]: unknown
}

/** Who a request comes from: an accepted token's grants, or nobody (no token). */
interface Principal {
  kind: 'editor' | 'robot'
  grants: readonly Grant[]
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}

const unauthorized = () => new ApiError(401, {statusCode: 401, error: 'Unauthorized', message: 'Session not found'})
const notFound = (message: string) => new ApiError(404, {statusCode: 404, error: 'Not Found', message})
const badRequest = (description: string, type = 'httpBadRequest', extra: Record<string, unknown> = {}) =>
  new ApiError(400, {error: {description, type, ...extra}})

export class SanityApiStandIn {
  readonly projectId: string
  readonly dataset: string
  /** Every request, in order of arrival. */
  readonly requests: RecordedRequest[] = []
  /** Requests of endpoints the stand-in does not implement (answered 404): what a client asked that it lacks. */
  readonly unanswered: RecordedRequest[] = []
  /** Bodies of /data/mutate and /data/actions requests, applied or refused. */
  readonly writes: RecordedWrite[] = []
  /** GROQ queries evaluated, each followed by its parameters as JSON. */
  readonly queries: string[] = []
  /** Requests answered with an error other than 401/404 (a query groq-js rejected, a refused mutation), with the reason. */
  readonly failures: string[] = []
  /** Every accepted upload, in order (a repeated upload of the same bytes is listed again). */
  readonly uploads: Upload[] = []
  /** Every webhook delivery made, in order, with the receiver's answer. */
  readonly webhookDeliveries: WebhookDelivery[] = []
  /** Webhooks sent after each transaction; tests may add one once the receiver listens. */
  readonly webhooks: WebhookDefinition[]
  /** Deliveries under way (see `settled`). */
  private readonly sending = new Set<Promise<unknown>>()
  private readonly archived: ArchivedVersions = new Map()
  /** The last revision of each deleted document, for the history endpoint's `lastRevision`. */
  private readonly deleted = new Map<string, StoredDocument>()
  /** The origin asset URLs are built on (`url` of asset documents); the HTTP transport sets its own. */
  assetOrigin = 'https://cdn.sanity.io'
  private readonly store = new Map<string, StoredDocument>()
  private readonly files = new Map<string, {bytes: Buffer; mimeType: string}>()
  private readonly listeners = new Set<(events: string, channel: StreamChannel) => void>()
  private snapshot: StoredDocument[] | undefined

  constructor(private readonly options: SanityApiOptions) {
    this.projectId = options.projectId
    this.dataset = options.dataset
    this.webhooks = [...(options.webhooks ?? [])]
    for (const document of options.documents ?? []) this.store.set(document._id, document)
    for (const [path, file] of options.files ?? []) this.files.set(path, file)
  }

  /** A document as the stand-in holds it now, or undefined. */
  document(id: string): StoredDocument | undefined {
    return this.store.get(id)
  }

  /** A copy of the stored documents, sorted by id. */
  documents(): StoredDocument[] {
    return [...this.store.values()].map((document) => structuredClone(document)).sort((a, b) => a._id.localeCompare(b._id))
  }

  /** Called with the events (server-sent event text) of each write, once per stream channel; returns the unsubscribe. */
  listen(listener: (events: string, channel: StreamChannel) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Evaluates GROQ over the documents a perspective sees (`raw` unless told), as the query endpoint does; with a principal, those its grants may read. */
  async query(groq: string, params: Record<string, unknown>, perspective: string | null = 'raw', principal?: Principal): Promise<unknown> {
    this.queries.push(`${groq} ${JSON.stringify(params)}`)
    const tree = parse(withoutTextSearch(groq, params), {params})
    return (await evaluate(tree, {dataset: await this.readable(this.inPerspective(perspective), principal), params})).get()
  }

  /** Resolves when every webhook delivery sent so far has been answered (or failed). */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending])
  }

  /** The documents of `documents` that a principal's grants let it read (all of them without a principal or with a read-everything grant). */
  private async readable(documents: StoredDocument[], principal: Principal | undefined): Promise<StoredDocument[]> {
    if (!principal || readsEverything(principal.grants)) return documents
    const kept: StoredDocument[] = []
    for (const document of documents) if (await allows(principal.grants, 'read', document)) kept.push(document)
    return kept
  }

  /** The principal of a bearer token: the editor's token, another accepted one, none; an unknown token is refused. */
  private principalOf(bearer: string | undefined): Principal | undefined {
    if (bearer === undefined) return undefined
    if (bearer === this.options.token) return {kind: 'editor', grants: this.options.grants ?? ALL_DOCUMENTS}
    const other = this.options.tokens?.[bearer]
    if (other) return {kind: 'robot', grants: other.grants ?? ALL_DOCUMENTS}
    throw unauthorized()
  }

  private get anyToken(): boolean {
    return this.options.token !== undefined || Object.keys(this.options.tokens ?? {}).length > 0
  }

  /** Answers one request (never throws: errors are answers). */
  async handle(request: ApiRequest): Promise<ApiAnswer> {
    const url = new URL(request.url, 'http://stand-in')
    const contentType = request.headers['content-type']
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const record: RecordedRequest = {
      method: request.method,
      host: request.host,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      authorized: bearer !== undefined && (bearer === this.options.token || Boolean(this.options.tokens?.[bearer])),
      contentType,
      bytes: request.body.length,
      json: undefined,
      status: 0,
    }
    this.requests.push(record)
    let answer: ApiAnswer
    try {
      if (contentType?.startsWith('application/json') && request.body.length > 0) {
        try {
          record.json = JSON.parse(request.body.toString('utf8'))
        } catch {
          throw badRequest('The request body is not JSON')
        }
      }
      this.options.onRequest?.(record)
      answer = await this.route(request, record, url, bearer)
    } catch (error) {
      answer =
        error instanceof ApiError
          ? {status: error.status, json: error.body}
          : {status: 500, json: {error: {description: error instanceof Error ? error.message : String(error), type: 'internalError'}}}
      if (answer.status !== 401 && answer.status !== 404) this.failures.push(`${record.method} ${record.path}: ${JSON.stringify(answer.json)}`)
    }
    record.status = answer.status
    return answer
  }

  private async route(request: ApiRequest, record: RecordedRequest, url: URL, bearer: string | undefined): Promise<ApiAnswer> {
    const {method} = record
    // Asset files, as the CDN serves them: public, no token.
    if ((method === 'GET' || method === 'HEAD') && /^\/(images|files)\/[\w-]+\/[\w-]+\/[\w.-]+$/.test(url.pathname)) {
      const file = this.files.get(url.pathname)
      if (!file) throw notFound('Asset not found')
      return {status: 200, bytes: file.bytes, contentType: file.mimeType}
    }
    const versioned = /^\/v(\d{4}-\d{2}-\d{2}|1|X)(\/.*)$/.exec(url.pathname)
    const [, version = '', path] = versioned ?? []
    if (!path) return this.unknown(record)

    const token = this.options.token
    const principal = this.anyToken ? this.principalOf(bearer) : undefined
    if (principal) record.principal = principal.kind
    const authorized = !this.anyToken || principal !== undefined
    const readable = authorized || this.options.aclMode !== 'private'

    // Not about a project: who is signing in, and how.
    if (path === '/auth/providers')
      return {
        status: 200,
        json: {
          thirdPartyLogin: false,
          sso: {saml: false},
          providers: [{name: 'sanity', title: 'E-mail / password (stand-in)', url: 'https://api.sanity.io/v1/auth/login/sanity'}],
        },
      }
    if (path === '/users/me') {
      if (!authorized || token === undefined || !principal) throw unauthorized()
      return {status: 200, json: principal.kind === 'editor' ? STAND_IN_USER : STAND_IN_ROBOT}
    }

    const data = /^\/(data\/(?:query|doc|mutate|actions|listen|live\/events|export|history)|assets\/(?:images|files))\/([\w-]+)(?:\/(.*))?$/.exec(path)
    if (data) {
      const [, endpoint, dataset, rest] = data
      const projectId = projectOf(record.host, request.headers['x-sanity-project-id'])
      if (projectId !== undefined && projectId !== this.projectId) throw notFound(`Project "${projectId}" not found`)
      if (dataset !== this.dataset)
        throw new ApiError(404, {error: {description: `Dataset "${dataset}" not found for project ID "${this.projectId}"`, type: 'httpNotFound'}})
      // The Live Content API's events need no token (sync tags are opaque), except with drafts included.
      if (endpoint === 'data/live/events') {
        if (method !== 'GET') throw new ApiError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed here`})
        const includeDrafts = url.searchParams.get('includeDrafts') === 'true'
        if (includeDrafts && !authorized) throw unauthorized()
        return {status: 200, contentType: 'text/event-stream', stream: liveWelcome(), channel: includeDrafts ? 'live-drafts' : 'live'}
      }
      const reads = endpoint === 'data/query' || endpoint === 'data/doc' || endpoint === 'data/listen' || endpoint === 'data/export'
      if (reads ? !readable : !authorized) throw unauthorized()
      if (endpoint === 'data/export') {
        if (method !== 'GET') throw new ApiError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed here`})
        return this.answerExport(url, authorized, principal)
      }
      if (endpoint === 'data/query') return this.answerQuery(record, url, version, principal)
      if (endpoint === 'data/doc') return this.answerDocuments(rest ?? '', principal)
      if (endpoint === 'data/history') return this.answerHistory(rest ?? '', url, record)
      if (endpoint === 'data/listen')
        return {status: 200, contentType: 'text/event-stream', stream: welcome(request.headers['last-event-id']), channel: 'listen'}
      if (method !== 'POST') throw new ApiError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${method} is not allowed here`})
      // Writes one at a time: a transaction is staged against the store as it is, and written whole.
      if (endpoint === 'data/mutate') return this.serialized(() => this.answerMutate(record, principal))
      if (endpoint === 'data/actions') return this.serialized(() => this.answerActions(record, principal))
      return {status: 200, json: {document: this.upload(endpoint === 'assets/images' ? 'image' : 'file', request.body, record.query.filename)}}
    }

    // What the studio asks about the user, the project and its grants.
    const project = `/projects/${this.projectId}`
    const known = path === project || path.startsWith(`${project}/`) || path === '/features' || path.startsWith('/users/')
    if (!known) return this.unknown(record)
    if (!authorized) throw unauthorized()
    if (path === project) return {status: 200, json: this.project()}
    if (path === `${project}/datasets`)
      return {status: 200, json: [{name: this.dataset, aclMode: this.options.aclMode ?? 'public', createdAt: '2026-01-01T00:00:00Z'}]}
    if (path === `${project}/datasets/${this.dataset}/acl`) return {status: 200, json: principal?.grants ?? ALL_DOCUMENTS}
    if (path === `${project}/grants`) return {status: 200, json: {}}
    if (path === '/features') return {status: 200, json: this.options.features ?? []}
    // The user's stored studio preferences (layouts, time zones): none.
    if (path.startsWith('/users/me/keyvalue')) return {status: 200, json: []}
    if (path.startsWith('/users/')) {
      // Always a list (the studio's user loader batches ids), with the stand-in's user for each id that is theirs.
      const ids = path.slice('/users/'.length).split(',')
      return {status: 200, json: ids.filter((id) => id === STAND_IN_USER.id).map(() => STAND_IN_USER)}
    }
    return this.unknown(record)
  }

  private writing: Promise<unknown> = Promise.resolve()
  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writing.then(work, work)
    this.writing = result.catch(() => undefined)
    return result
  }

  private unknown(record: RecordedRequest): never {
    this.unanswered.push(record)
    throw notFound(`Unknown endpoint ${record.method} ${record.path} (the Sanity API stand-in does not implement it)`)
  }

  private async answerQuery(record: RecordedRequest, url: URL, version: string, principal: Principal | undefined): Promise<ApiAnswer> {
    let groq = record.query.query ?? ''
    const params: Record<string, unknown> = {}
    if (record.method === 'GET' || record.method === 'HEAD') {
      // Query-string parameters are sent as `$name=<JSON>`.
      for (const [name, value] of url.searchParams) {
        if (!name.startsWith('$')) continue
        try {
          params[name.slice(1)] = JSON.parse(value)
        } catch {
          throw badRequest(`The parameter ${name} is not JSON: ${value}`, 'queryParseError')
        }
      }
    } else if (record.method === 'POST') {
      if (!isRecord(record.json) || typeof record.json.query !== 'string') throw badRequest('The POST body must be {query, params}', 'queryParseError')
      groq = record.json.query
      if (isRecord(record.json.params)) Object.assign(params, record.json.params)
    } else {
      throw new ApiError(405, {statusCode: 405, error: 'Method Not Allowed', message: `${record.method} is not allowed here`})
    }
    if (!groq) throw badRequest('The query parameter is required', 'queryParseError')
    const started = performance.now()
    // Drafts are private: a request without the token sees published documents whatever perspective it asks for.
    const mayReadDrafts = !this.anyToken || record.authorized
    const perspective = mayReadDrafts ? (url.searchParams.get('perspective') ?? defaultPerspective(version)) : 'published'
    // Release ids in a perspective (a stack such as `rX,drafts`) came with API version 2025-02-19.
    if (!['raw', 'published', 'drafts', 'previewDrafts'].includes(perspective) && version !== 'X' && (version === '1' || version < '2025-02-19'))
      throw badRequest('Complex perspectives are not supported for this version', 'queryParseError')
    let result: unknown
    try {
      result = await this.query(groq, params, perspective, principal)
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : String(error), 'queryParseError', {query: groq})
    }
    // Asked for by clients with stega on (visual editing): which document field each string of the result came from.
    const resultSourceMap = url.searchParams.has('resultSourceMap') ? this.sourceMap(result, perspective) : undefined
    // The sync tags of the documents in the result, which the Live Content API's events name when they change.
    const syncTags = [...new Set(idsIn(result).map(syncTagOf))].sort()
    return {
      status: 200,
      json: {ms: Math.round(performance.now() - started), query: groq, result, syncTags, ...(resultSourceMap ? {resultSourceMap} : {})},
    }
  }

  /**
   * A Content Source Map of a result (the `resultSourceMap` of the query API), as far as a stand-in can
   * tell without GROQ's own lineage: below every object of the result whose `_id` names a document the
   * perspective sees, each string equal to that document's value at the same path (fields by name,
   * array items by `_key`, else by index) maps to that field of the stored document (a draft's id when
   * the perspective shows the draft). Strings computed by the query are not mapped, as they would not be by
   * the API either; renamed projections are not mapped here, which the API would map.
   */
  sourceMap(result: unknown, perspective: string | null): ContentSourceMap {
    const map: ContentSourceMap = {documents: [], paths: [], mappings: {}}
    const documentIndex = new Map<string, number>()
    const pathIndex = new Map<string, number>()
    const sourceOf = (id: string): StoredDocument | undefined => {
      if (perspective === 'drafts' && !id.startsWith('drafts.')) return this.store.get(`drafts.${id}`) ?? this.store.get(id)
      if (perspective === 'published' && (id.startsWith('drafts.') || id.startsWith('versions.'))) return undefined
      return this.store.get(id)
    }
    const walk = (value: unknown, resultPath: string, source: {document: number; value: unknown; path: string} | undefined) => {
      if (typeof value === 'string') {
        if (!source || source.value !== value) return
        let path = pathIndex.get(source.path)
        if (path === undefined) {
          path = map.paths.push(source.path) - 1
          pathIndex.set(source.path, path)
        }
        map.mappings[resultPath] = {type: 'value', source: {type: 'documentValue', document: source.document, path}}
        return
      }
      if (Array.isArray(value)) {
        const stored = source && Array.isArray(source.value) ? (source.value as unknown[]) : undefined
        value.forEach((item, index) => {
          const key = isRecord(item) && typeof item._key === 'string' ? item._key : undefined
          const storedIndex = key === undefined ? index : (stored?.findIndex((candidate) => isRecord(candidate) && candidate._key === key) ?? -1)
          const segment = key === undefined ? `[${index}]` : `[?(@._key=='${escapePathKey(key)}')]`
          walk(
            item,
            `${resultPath}[${index}]`,
            source && stored && storedIndex >= 0 ? {document: source.document, value: stored[storedIndex], path: `${source.path}${segment}`} : undefined,
          )
        })
        return
      }
      if (!isRecord(value)) return
      let here = source
      const stored = typeof value._id === 'string' ? sourceOf(value._id) : undefined
      if (stored) {
        let document = documentIndex.get(stored._id)
        if (document === undefined) {
          document = map.documents.push({_id: stored._id, _type: stored._type}) - 1
          documentIndex.set(stored._id, document)
        }
        here = {document, value: stored, path: '$'}
      }
      for (const [key, child] of Object.entries(value)) {
        const storedChild = here && isRecord(here.value) ? here.value[key] : undefined
        walk(
          child,
          `${resultPath}['${escapePathKey(key)}']`,
          here && storedChild !== undefined ? {document: here.document, value: storedChild, path: `${here.path}['${escapePathKey(key)}']`} : undefined,
        )
      }
    }
    walk(result, '$', undefined)
    return map
  }

  /**
   * The export endpoint: every document the caller may read, one JSON per line (NDJSON), in a single
   * answer; `types` (comma-separated) keeps those types only. Drafts and versions go to the token's holder
   * alone, as the query endpoint's drafts do. Sanity streams it and may end the stream with an error line;
   * the stand-in has no such failure and no cursor mode.
   */
  private async answerExport(url: URL, authorized: boolean, principal: Principal | undefined): Promise<ApiAnswer> {
    const types = url.searchParams.get('types')?.split(',').filter(Boolean)
    const documents = (await this.readable(this.inPerspective(authorized ? 'raw' : 'published'), principal)).filter(
      (document) => !isSystemId(document._id) && (!types || types.includes(document._type)),
    )
    const ndjson = documents.map((document) => `${JSON.stringify(document)}\n`).join('')
    return {status: 200, bytes: Buffer.from(ndjson), contentType: 'application/x-ndjson'}
  }

  private async answerDocuments(ids: string, principal: Principal | undefined): Promise<ApiAnswer> {
    const wanted = decodeURIComponent(ids).split(',').filter(Boolean)
    const documents = await this.readable(
      wanted.flatMap((id) => this.store.get(id) ?? []),
      principal,
    )
    const omitted = wanted.filter((id) => !documents.some((document) => document._id === id)).map((id) => ({id, reason: 'existence'}))
    return {status: 200, json: {documents, omitted}}
  }

  /**
   * The history API as far as the studio's releases need it: `documents/<ids>?lastRevision=true` gives each
   * document's last revision, deleted ones included (a published release's versions). Other history requests are
   * not implemented (404, listed as unanswered).
   */
  private answerHistory(rest: string, url: URL, record: RecordedRequest): ApiAnswer {
    const match = /^documents\/(.+)$/.exec(rest)
    if (!match?.[1] || url.searchParams.get('lastRevision') !== 'true') return this.unknown(record)
    const ids = decodeURIComponent(match[1]).split(',').filter(Boolean)
    const documents = ids.flatMap((id) => this.store.get(id) ?? this.deleted.get(id) ?? [])
    return {status: 200, json: {documents}}
  }

  /**
   * A transaction of mutations (create, createOrReplace, createIfNotExists, delete, patch by id), as the
   * mutate endpoint applies it: all or nothing, `create` refused when the document exists, `patch` when
   * it does not. Answers the documented `{transactionId, results: [{id, operation}]}`.
   */
  private async answerMutate(record: RecordedRequest, principal: Principal | undefined): Promise<ApiAnswer> {
    this.writes.push({endpoint: 'mutate', body: record.json})
    if (!isRecord(record.json) || !Array.isArray(record.json.mutations)) throw badRequest('The request body must be {"mutations": [...]}')
    const transactionId = this.transactionId(record.json)
    const transaction = this.begin(transactionId)
    const results: Array<{id: string; operation: string}> = []
    const failures: Array<{error: {description: string; id: string; type: string}; index: number}> = []
    // A delete by query (`{delete: {query, params}}`, as the studio sends to remove expired preview secrets) names its documents by GROQ.
    const mutations: unknown[] = []
    for (const item of record.json.mutations as unknown[]) {
      const value: unknown = isRecord(item) ? item.delete : undefined
      if (!isRecord(value) || typeof value.query !== 'string') {
        mutations.push(item)
        continue
      }
      const params = isRecord(value.params) ? value.params : {}
      const found = await this.query(value.query, params, 'raw')
      for (const document of Array.isArray(found) ? found : [found])
        if (isRecord(document) && typeof document._id === 'string') mutations.push({delete: {id: document._id}})
    }
    mutations.forEach((item: unknown, index: number) => {
      const [kind, value] = isRecord(item) ? (Object.entries(item)[0] ?? []) : []
      const id = isRecord(value) ? (typeof value._id === 'string' ? value._id : typeof value.id === 'string' ? value.id : undefined) : undefined
      const fail = (description: string, type: string) => failures.push({error: {description, id: id ?? '', type}, index})
      if (!kind || !id || !isRecord(item)) return fail(`Mutation ${index} names no document id`, 'invalidMutationError')
      if (!['create', 'createOrReplace', 'createIfNotExists', 'delete', 'patch'].includes(kind))
        return fail(`Mutation ${index}: ${kind} is not a mutation the stand-in implements`, 'invalidMutationError')
      const reason = this.options.rejectDocuments?.[id]
      if (reason && kind.startsWith('create')) return fail(`Document "${id}" ${reason}`, 'documentValidationError')
      const before = transaction.current(id)
      if (kind === 'create' && before) return fail(`Document by ID "${id}" already exists`, 'documentAlreadyExistsError')
      if (kind === 'patch' && !before) return fail(`Document "${id}" not found`, 'documentNotFoundError')
      const after = transaction.apply(id, [item])
      results.push({id, operation: after === null ? 'delete' : before === null ? 'create' : kind === 'createIfNotExists' ? 'none' : 'update'})
    })
    if (failures.length > 0) {
      throw badRequest(`The mutation(s) failed: ${failures.map((failure) => failure.error.description).join('; ')}`, 'mutationError', {items: failures})
    }
    // `dryRun=true`: checked (the mutations and the grants) as if written, and answered alike, but nothing is written.
    return {status: 200, json: {transactionId, results}, stream: await transaction.commit(principal, {dryRun: record.query.dryRun === 'true'})}
  }

  /**
   * The Actions API (what the studio's document forms and releases send), applied as one transaction: a
   * document's create, edit and publish; the releases' and versions' actions (./releases.ts). An edit or a
   * publish names the draft or the release version it works on in `draftId`.
   */
  private async answerActions(record: RecordedRequest, principal: Principal | undefined): Promise<ApiAnswer> {
    this.writes.push({endpoint: 'actions', body: record.json})
    if (!isRecord(record.json) || !Array.isArray(record.json.actions)) throw badRequest('The request body must be {"actions": [...]}')
    const transactionId = this.transactionId(record.json)
    const transaction = this.begin(transactionId)
    const now = new Date().toISOString()
    const dryRun = record.json.dryRun === true
    // The versions an archived release keeps aside: a dry run archives or unarchives on a copy.
    const archived = dryRun ? new Map(this.archived) : this.archived
    for (const action of record.json.actions as EditAction[]) {
      const {draftId, publishedId, actionType} = action
      try {
        if (typeof actionType === 'string' && actionType.startsWith('sanity.action.release.')) {
          applyReleaseAction(action, transaction, archived, now)
          continue
        }
        if (typeof actionType === 'string' && actionType.startsWith('sanity.action.document.version.')) {
          applyVersionAction(action, transaction)
          continue
        }
      } catch (error) {
        if (error instanceof ActionRefused) throw new ApiError(error.status, {error: {description: error.description, type: 'actionError'}})
        throw error
      }
      if (actionType === 'sanity.action.document.create') {
        const attributes = action.attributes
        if (!publishedId || !isRecord(attributes) || typeof attributes._id !== 'string' || typeof attributes._type !== 'string')
          throw badRequest('document.create needs a publishedId and attributes with _id and _type', 'actionError')
        if (publishedIdOf(attributes._id) !== publishedId) throw badRequest(`${attributes._id} is not a version of ${publishedId}`, 'actionError')
        if (transaction.current(attributes._id)) {
          if (action.ifExists === 'ignore') continue
          throw badRequest(`Document by ID "${attributes._id}" already exists`, 'actionError')
        }
        transaction.apply(attributes._id, [{create: structuredClone(attributes)}])
        continue
      }
      if (!draftId || !publishedId) throw badRequest(`${String(actionType)} without draftId and publishedId`, 'actionError')
      const draft = transaction.current(draftId)
      const published = transaction.current(publishedId)
      if (actionType === 'sanity.action.document.edit') {
        const base = draft ?? (published ? {...published, _id: draftId} : null)
        if (!base) throw badRequest(`Edit of ${publishedId}, which has neither a draft nor a published version`, 'actionError')
        transaction.apply(draftId, [...(draft ? [] : [{createIfNotExists: structuredClone(base)}]), {patch: {...action.patch, id: draftId}}])
      } else if (actionType === 'sanity.action.document.publish') {
        if (!draft) throw badRequest(`Publish of ${publishedId} without a draft`, 'actionError')
        const {_system: _dropped, ...content} = draft
        transaction.apply(publishedId, [{createOrReplace: {...structuredClone(content), _id: publishedId}}])
        transaction.apply(draftId, [{delete: {id: draftId}}])
      } else {
        throw new ApiError(501, {error: {description: `The action ${String(actionType)} is not implemented by the stand-in`, type: 'actionError'}})
      }
    }
    // `dryRun: true` (what the studio sends to learn whether the user may publish a release, create one...): the
    // actions are checked against the content and the grants as if applied, and nothing is written.
    return {status: 200, json: {transactionId, results: []}, stream: await transaction.commit(principal, {dryRun})}
  }

  private transactionId(body: Record<string, unknown>): string {
    return typeof body.transactionId === 'string' ? body.transactionId : randomUUID()
  }

  /**
   * A transaction staged apart from the store: `commit` writes it (every document it touched ends at
   * revision = transaction id) and sends the listener one event per document with all its mutations.
   */
  private begin(transactionId: string) {
    const timestamp = new Date().toISOString()
    const staged = new Map<string, StoredDocument | null>()
    const changes = new Map<string, {before: StoredDocument | null; mutations: Record<string, unknown>[]}>()
    const current = (id: string) => (staged.has(id) ? (staged.get(id) ?? null) : (this.store.get(id) ?? null))
    return {
      current,
      idsStartingWith: (prefix: string): string[] => {
        const ids = new Set([...this.store.keys(), ...staged.keys()].filter((id) => id.startsWith(prefix)))
        return [...ids].filter((id) => current(id) !== null).sort()
      },
      apply: (id: string, mutations: Record<string, unknown>[]): StoredDocument | null => {
        const before = current(id)
        const change = changes.get(id) ?? {before, mutations: []}
        change.mutations.push(...mutations)
        changes.set(id, change)
        const after = new Mutation({mutations: structuredClone(mutations), resultRev: transactionId, timestamp}).apply(before ? structuredClone(before) : null)
        staged.set(id, after)
        return after
      },
      /**
       * Writes the transaction when the principal's grants allow every change (else refuses it whole); returns the
       * listener's events. A dry run stops after the grants' check: nothing is stored, told to listeners or sent to webhooks.
       */
      commit: async (principal?: Principal, options: {dryRun?: boolean} = {}): Promise<string | undefined> => {
        if (principal) {
          for (const [documentId, {before}] of changes) {
            const after = staged.get(documentId) ?? null
            const needed: Array<[Permission, StoredDocument]> = before
              ? [['update', before], ...(after ? [['update', after] as [Permission, StoredDocument]] : [])]
              : after
                ? [['create', after]]
                : []
            for (const [permission, document] of needed) {
              if (await allows(principal.grants, permission, document)) continue
              throw new ApiError(403, {
                error: {
                  description: `Insufficient permissions; permission "${permission}" required`,
                  type: 'mutationError',
                  items: [
                    {
                      error: {
                        description: `Insufficient permissions; permission "${permission}" required on "${documentId}"`,
                        type: 'insufficientPermissionsError',
                        permission,
                      },
                    },
                  ],
                },
              })
            }
          }
        }
        if (options.dryRun) return undefined
        const events: DocumentChange[] = []
        const changed: ChangedDocument[] = []
        for (const [documentId, {before, mutations}] of changes) {
          const after = staged.get(documentId) ?? null
          if (after) this.store.set(documentId, {...after, _rev: transactionId})
          else {
            this.store.delete(documentId)
            if (before) this.deleted.set(documentId, before)
          }
          changed.push({documentId, before, after: after ? {...after, _rev: transactionId} : null})
          events.push({
            documentId,
            transition: !before ? 'appear' : after ? 'update' : 'disappear',
            mutations,
            previousRev: typeof before?._rev === 'string' ? before._rev : undefined,
            resultRev: transactionId,
          })
        }
        this.snapshot = undefined
        if (events.length === 0) return undefined
        this.sendWebhooks(transactionId, timestamp, changed)
        const text = listenerEvents(transactionId, timestamp, events)
        const ids = events.map((event) => event.documentId)
        const live = liveMessage(
          `${transactionId}#published`,
          ids.filter((id) => !id.startsWith('drafts.') && !id.startsWith('versions.')),
        )
        const liveDrafts = liveMessage(`${transactionId}#drafts`, ids)
        for (const listener of this.listeners) {
          listener(text, 'listen')
          if (live) listener(live, 'live')
          if (liveDrafts) listener(liveDrafts, 'live-drafts')
        }
        return text
      },
    }
  }

  /** Sends the transaction's webhook deliveries, one document after the other for each webhook, without holding up the answer. */
  private sendWebhooks(transactionId: string, timestamp: string, changed: ChangedDocument[]): void {
    for (const webhook of this.webhooks) {
      const sending = (async () => {
        for (const body of await webhookBodies(webhook, changed))
          this.webhookDeliveries.push(await deliver(webhook, body, {id: transactionId, timestamp, projectId: this.projectId, dataset: this.dataset}))
      })().catch((error: unknown) => this.failures.push(`webhook ${webhook.url}: ${error instanceof Error ? error.message : String(error)}`))
      this.sending.add(sending)
      void sending.finally(() => this.sending.delete(sending))
    }
  }

  // What Sanity's asset pipeline does with an upload, as far as its clients rely on it: content-addressed
  // ids and paths (same bytes → same asset), an asset document in the dataset, the file served at its URL.
  private upload(type: 'image' | 'file', bytes: Buffer, filename: string | undefined): StoredDocument {
    if (bytes.length === 0) throw badRequest('Empty upload')
    const sha1hash = createHash('sha1').update(bytes).digest('hex')
    let document: StoredDocument
    if (type === 'image') {
      let measured: ReturnType<typeof imageSize>
      try {
        measured = imageSize(bytes)
      } catch {
        throw badRequest('Invalid image, could not read metadata')
      }
      const extension = measured.type === 'jpg' || measured.type === 'jpeg' ? 'jpg' : (measured.type ?? 'bin')
      const {width, height} = measured
      const name = {sha1: sha1hash, width, height, extension}
      document = this.assetDocument('sanity.imageAsset', imageAssetId(name), 'images', imageAssetFileName(name), sha1hash, bytes.length, extension, filename)
      document.metadata = {_type: 'sanity.imageMetadata', dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height}}
    } else {
      const extension = (filename?.split('.').pop() ?? 'bin').toLowerCase()
      const name = {sha1: sha1hash, extension}
      document = this.assetDocument('sanity.fileAsset', fileAssetId(name), 'files', fileAssetFileName(name), sha1hash, bytes.length, extension, filename)
    }
    this.files.set(`/${String(document.path)}`, {bytes, mimeType: String(document.mimeType)})
    const existing = this.store.get(document._id)
    if (!existing) {
      this.store.set(document._id, document)
      this.snapshot = undefined
    }
    this.uploads.push({type, assetId: document._id, sha1hash, size: bytes.length, filename})
    return existing ?? document
  }

  private assetDocument(
    type: string,
    id: string,
    folder: string,
    fileName: string,
    sha1hash: string,
    size: number,
    extension: string,
    filename: string | undefined,
  ): StoredDocument {
    const now = new Date().toISOString()
    const path = `${folder}/${this.projectId}/${this.dataset}/${fileName}`
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
      path,
      size,
      url: `${this.assetOrigin}/${path}`,
      uploadId: randomUUID(),
    }
  }

  /** The path an asset file is served at (as on Sanity's CDN): `/<images|files>/<project>/<dataset>/<name>`. */
  assetPath(folder: 'images' | 'files', fileName: string): string {
    return `/${folder}/${this.projectId}/${this.dataset}/${fileName}`
  }

  private project() {
    return {
      id: this.projectId,
      displayName: 'Socket.IO website (stand-in)',
      studioHost: null,
      organizationId: null,
      isBlocked: false,
      isDisabled: false,
      isDisabledByUser: false,
      metadata: {},
      maxRetentionDays: 3,
      activityFeedEnabled: false,
      pendingInvites: 0,
      features: [],
      members: [
        {id: STAND_IN_USER.id, role: 'administrator', roles: STAND_IN_USER.roles, isCurrentUser: true, isRobot: false, createdAt: '2026-01-01T00:00:00Z'},
      ],
    }
  }

  /**
   * The documents a perspective sees. `raw` sees drafts, versions, published and system documents (releases) alike;
   * `published` hides all but published documents; `drafts` shows a draft in place of its published document, under
   * the published id; a stack (`rA,rB,drafts`, from the highest priority to the lowest, over the published documents)
   * shows each document as the first layer that has it, a release version marked for unpublishing hiding it.
   */
  private inPerspective(perspective: string | null): StoredDocument[] {
    this.snapshot ??= [...this.store.values()]
    if (!perspective || perspective === 'raw') return this.snapshot
    const published = this.snapshot.filter(
      (document) => !document._id.startsWith('drafts.') && !document._id.startsWith('versions.') && !isSystemId(document._id),
    )
    const layers = perspective === 'drafts' || perspective === 'previewDrafts' ? ['drafts'] : perspective.split(',').map((layer) => layer.trim())
    const byId = new Map(published.map((document) => [document._id, document]))
    for (const layer of [...layers].reverse()) {
      if (layer === 'published' || layer === '') continue
      const prefix = layer === 'drafts' ? 'drafts.' : `versions.${layer}.`
      for (const document of this.snapshot) {
        if (!document._id.startsWith(prefix)) continue
        const id = document._id.slice(prefix.length)
        if ((document._system as {delete?: unknown} | undefined)?.delete === true) byId.delete(id)
        else byId.set(id, {...document, _id: id})
      }
    }
    return [...byId.values()]
  }
}

/** The perspective of a query that names none: `published` from API version 2025-02-19 on (and `X`, the experimental one), `raw` before. */
function defaultPerspective(version: string): string {
  return version === 'X' || (version !== '1' && version >= '2025-02-19') ? 'published' : 'raw'
}

/** The project a request is for: from a `<projectId>.<api host>` Host header, else from X-Sanity-Project-ID; undefined when neither names one. */
function projectOf(host: string, header: string | undefined): string | undefined {
  const subdomain = /^([a-z0-9-]+)\.(?:localhost|api\.sanity\.io|apicdn\.sanity\.io)(?::\d+)?$/i.exec(host)?.[1]
  return subdomain ?? header
}

/**
 * groq-js has no text::query(), which the studio's document lists and search send. The stand-in
 * reads it as a plain `match` of the search terms; the lists' "match everything" (`*`) as true.
 */
function withoutTextSearch(groq: string, params: Record<string, unknown>): string {
  return groq.replace(/\[@, _id\] match text::query\((\$\w+)\)/g, (_whole, name: string) => {
    const terms = params[name.slice(1)]
    return terms === '*' || terms === '' ? 'true' : `[title, _id] match ${name}`
  })
}

/** The opening of a listener's event stream; a resumed connection (Last-Event-ID) gets `welcomeback`, so nothing is refetched. */
function welcome(lastEventId: string | undefined): string {
  const event = lastEventId ? 'welcomeback' : 'welcome'
  return `retry: 2000\nid: stand-in-1\nevent: ${event}\ndata: ${JSON.stringify({listenerName: 'stand-in-listener'})}\n\n`
}

/** The opening of a Live Content API stream: a `welcome` event. */
function liveWelcome(): string {
  return `retry: 2000\nevent: welcome\ndata: {}\n\n`
}

/**
 * A document's sync tag: opaque to clients, the same for its published version and its draft (a query
 * in the drafts perspective shows the draft under the published id), `s1:` and a short hash as Sanity's look.
 */
function syncTagOf(id: string): string {
  const published = id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
  return `s1:${createHash('sha256').update(published).digest('base64url').slice(0, 6)}`
}

/** The document ids a query result holds (`_id` of any object in it). */
function idsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) idsIn(item, found)
  else if (isRecord(value)) {
    if (typeof value._id === 'string') found.push(value._id)
    for (const child of Object.values(value)) idsIn(child, found)
  }
  return found
}

/** A Live Content API `message` event naming the sync tags of the changed documents; undefined when none changed. */
function liveMessage(id: string, documentIds: string[]): string | undefined {
  if (documentIds.length === 0) return undefined
  const tags = [...new Set(documentIds.map(syncTagOf))].sort()
  return `id: ${id}\nevent: message\ndata: ${JSON.stringify({tags})}\n\n`
}

/** The server-sent events of one transaction, one per document it touched. */
function listenerEvents(transactionId: string, timestamp: string, events: DocumentChange[]): string {
  return events
    .map((event, index) => {
      const data = {
        ...event,
        eventId: `${transactionId}#${event.documentId}`,
        transactionId,
        identity: STAND_IN_USER.id,
        timestamp,
        visibility: 'transaction',
        transactionTotalEvents: events.length,
        transactionCurrentEvent: index + 1,
      }
      return `id: ${data.eventId}\nevent: mutation\ndata: ${JSON.stringify(data)}\n\n`
    })
    .join('')
}

/** A key as JSONPath quotes it in a source map: quote and backslash escaped. */
function escapePathKey(key: string): string {
  return key.replace(/['\\]/g, (match) => `\\${match}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
