/**
 * A stand-in for the Sanity HTTP API (api.sanity.io is unreachable here), installed with Playwright's
 * context.route(): it answers the documented endpoints the studio calls from an in-memory dataset,
 * evaluates GROQ with groq-js, applies edit and publish actions (echoed to the studio through its
 * listener) and answers anything else with a clear 404.
 */
import type {BrowserContext, Request, Route} from '@playwright/test'
import {Mutation} from '@sanity/mutator'
import {evaluate, parse} from 'groq-js'

export const STAND_IN_TOKEN = 'stand-in-editor-token'

export const STAND_IN_USER = {
  id: 'pStandInEditor',
  name: 'Stand-in Editor',
  email: 'editor@stand-in.invalid',
  profileImage: null,
  provider: 'sanity',
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator', description: 'Full access (stand-in)'}],
}

/** What the grants endpoint answers: an editor who may read and write every document. */
const EDITOR_GRANTS = [{filter: '_id in path("**")', permissions: ['read', 'create', 'history', 'update']}]

export type StandInDocument = Record<string, unknown> & {_id: string; _type: string}

export interface RecordedMutation {
  /** The endpoint the studio wrote through: `mutate` (mutations) or `actions` (the Actions API). */
  endpoint: 'mutate' | 'actions'
  body: unknown
}

/** One document's share of a transaction, as the listener reports it. */
interface MutationEvent {
  documentId: string
  transition: 'appear' | 'update' | 'disappear'
  mutations: Record<string, unknown>[]
  previousRev?: string
  resultRev?: string
}

interface EditAction {
  actionType: string
  draftId?: string
  publishedId?: string
  patch?: Record<string, unknown>
}

export interface SanityApiStandInOptions {
  projectId: string
  dataset: string
  documents: readonly StandInDocument[]
}

export interface SanityApiStandIn {
  /** Every request the studio made to the API, as "METHOD host/path", in order. */
  readonly requests: string[]
  /** Requests no handler knew, answered with 404: what the studio asked that the stand-in lacks. */
  readonly unanswered: string[]
  /** Request bodies of /data/mutate and /data/actions (both applied; actions: edit and publish only). */
  readonly mutations: RecordedMutation[]
  /** GROQ queries evaluated, each followed by its parameters as JSON, for tests that check what the studio looked up. */
  readonly queries: string[]
  /** A document as the stand-in holds it now (after the studio's edits and publishes), or undefined. */
  document(id: string): StandInDocument | undefined
  /** Requests the stand-in answered with an error (a query groq-js rejected), with the reason. */
  readonly failures: string[]
  install(context: BrowserContext): Promise<void>
}

interface Answer {
  status?: number
  json?: unknown
  body?: string
  contentType?: string
  /** Listener events to push into the page's open event streams once the answer is sent. */
  after?: string
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers().origin ?? '*'
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'authorization, content-type, x-sanity-app, last-event-id, cache-control, x-sanity-client',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-expose-headers': 'x-sanity-shard, content-type',
  }
}

/** Query-string GROQ parameters are sent as `$name=<JSON>`. */
function paramsFrom(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of search) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(value)
    } catch {
      throw new Error(`GROQ parameter ${key} is not JSON: ${value}`)
    }
  }
  return params
}

/**
 * The documents a perspective sees. `raw` sees drafts and published alike; `published` hides drafts;
 * `drafts` (and a release stack, which this dataset has none of) shows a draft in place of its
 * published document, under the published id.
 */
function inPerspective(documents: readonly StandInDocument[], perspective: string | null): StandInDocument[] {
  if (!perspective || perspective === 'raw') return [...documents]
  const published = documents.filter((document) => !document._id.startsWith('drafts.') && !document._id.includes('versions.'))
  if (perspective === 'published') return published
  const byId = new Map(published.map((document) => [document._id, document]))
  for (const document of documents) {
    if (document._id.startsWith('drafts.')) byId.set(document._id.slice('drafts.'.length), {...document, _id: document._id.slice('drafts.'.length)})
  }
  return [...byId.values()]
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

/**
 * Runs in the page. Playwright fulfils a routed request with a whole body, so a listener's event
 * stream would end after `welcome` and the studio would reconnect for ever. Here the stand-in's
 * stream is passed on and then held open, as the API's stays open, and the stand-in pushes the
 * listener events of each write into every open stream (window.__sanityStandInEmit).
 */
function holdListenStreamsOpen() {
  const realFetch = window.fetch.bind(window)
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  const encoder = new TextEncoder()
  Object.assign(window, {
    __sanityStandInEmit: (text: string) => {
      for (const controller of open) controller.enqueue(encoder.encode(text))
    },
  })
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!/\.api\.sanity\.io\/v[^/]+\/data\/listen\//.test(url)) return realFetch(input, init)
    const response = await realFetch(input, init)
    if (!response.ok) return response
    const head = new Uint8Array(await response.arrayBuffer())
    const signal = init?.signal
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
        open.add(controller)
        signal?.addEventListener('abort', () => {
          open.delete(controller)
          controller.close()
        })
      },
    })
    return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers})
  }
}

function welcomeStream(lastEventId: string | undefined): string {
  // A resumed connection (Last-Event-ID) is answered as the API does: `welcomeback`, so nothing is refetched.
  const event = lastEventId ? 'welcomeback' : 'welcome'
  // The fulfilled body ends the stream; `retry` spaces the client's reconnections.
  return `retry: 2000\nid: stand-in-1\nevent: ${event}\ndata: ${JSON.stringify({listenerName: 'stand-in-listener'})}\n\n`
}

export function createSanityApiStandIn(options: SanityApiStandInOptions): SanityApiStandIn {
  const {projectId, dataset} = options
  const documents = new Map(options.documents.map((document) => [document._id, document]))
  const requests: string[] = []
  const unanswered: string[] = []
  const mutations: RecordedMutation[] = []
  const queries: string[] = []
  const failures: string[] = []

  async function query(groq: string, params: Record<string, unknown>, perspective: string | null): Promise<Answer> {
    queries.push(`${groq} ${JSON.stringify(params)}`)
    try {
      const tree = parse(withoutTextSearch(groq, params), {params})
      const value = await evaluate(tree, {dataset: inPerspective([...documents.values()], perspective), params})
      return {json: {ms: 1, query: groq, result: await value.get()}}
    } catch (error) {
      const description = error instanceof Error ? error.message : String(error)
      failures.push(`query ${groq} ${JSON.stringify(params)}: ${description}`)
      return {status: 400, json: {error: {description, type: 'queryParseError', query: groq}}}
    }
  }

  /**
   * Applies a transaction's actions to the dataset, as the API does: every document it touches ends at
   * revision = transaction id, and the listener reports one event per document with all its mutations.
   * Actions other than edit and publish throw (answered 500, naming the action).
   */
  function transact(transactionId: string, actions: readonly EditAction[]): MutationEvent[] {
    const touched = new Map<string, {before: StandInDocument | null; mutations: Record<string, unknown>[]}>()
    const write = (id: string, mutations: Record<string, unknown>[]) => {
      const before = documents.get(id) ?? null
      const entry = touched.get(id) ?? {before, mutations: []}
      entry.mutations.push(...mutations)
      touched.set(id, entry)
      const after = new Mutation({mutations: structuredClone(mutations)}).apply(before ? structuredClone(before) : null)
      if (after) documents.set(id, after)
      else documents.delete(id)
    }
    for (const action of actions) {
      const {draftId, publishedId} = action
      if (!draftId || !publishedId) throw new Error(`stand-in: ${action.actionType} without draftId and publishedId`)
      const draft = documents.get(draftId)
      const published = documents.get(publishedId)
      if (action.actionType === 'sanity.action.document.edit') {
        const base = draft ?? (published ? {...published, _id: draftId} : undefined)
        if (!base) throw new Error(`stand-in: edit of ${publishedId}, which has neither a draft nor a published version`)
        write(draftId, [...(draft ? [] : [{createIfNotExists: structuredClone(base)}]), {patch: {...action.patch, id: draftId}}])
      } else if (action.actionType === 'sanity.action.document.publish') {
        if (!draft) throw new Error(`stand-in: publish of ${publishedId} without a draft`)
        write(publishedId, [{createOrReplace: {...structuredClone(draft), _id: publishedId}}])
        write(draftId, [{delete: {id: draftId}}])
      } else {
        throw new Error(`stand-in: the action ${action.actionType} is not implemented`)
      }
    }
    return [...touched].map(([documentId, {before, mutations}]) => {
      const after = documents.get(documentId)
      if (after) documents.set(documentId, {...after, _rev: transactionId})
      const transition = !before ? 'appear' : after ? 'update' : 'disappear'
      return {documentId, transition, mutations, previousRev: before?._rev as string | undefined, resultRev: transactionId}
    })
  }

  /**
   * Applies a transaction of mutations (create, createOrReplace, createIfNotExists, delete, patch by id)
   * as the mutate endpoint does: all or nothing, `create` refused when the document exists. Answers
   * the documented `results` ({id, operation}) and the listener events.
   */
  function mutate(transactionId: string, list: readonly Record<string, unknown>[]): {events: MutationEvent[]; results: {id: string; operation: string}[]} {
    const planned: {id: string; operation: string; mutation: Record<string, unknown>}[] = []
    const exists = new Set(documents.keys())
    for (const mutation of list) {
      const [kind, value] = Object.entries(mutation)[0] ?? []
      const target = value as {_id?: string; id?: string} | undefined
      const id = kind === 'delete' || kind === 'patch' ? target?.id : target?._id
      if (!kind || !id) throw new Error(`stand-in: a mutation without a document id: ${JSON.stringify(mutation).slice(0, 200)}`)
      if (!['create', 'createOrReplace', 'createIfNotExists', 'delete', 'patch'].includes(kind)) throw new Error(`stand-in: the mutation ${kind} is not implemented`)
      if (kind === 'create' && exists.has(id)) throw new Error(`stand-in: create of ${id}, which already exists (documentAlreadyExistsError)`)
      if (kind === 'patch' && !exists.has(id)) throw new Error(`stand-in: patch of ${id}, which does not exist (documentNotFoundError)`)
      if (kind === 'delete') exists.delete(id)
      else exists.add(id)
      planned.push({id, operation: kind === 'delete' ? 'delete' : kind === 'patch' ? 'update' : 'create', mutation})
    }
    const before = new Map(planned.map(({id}) => [id, documents.get(id) ?? null]))
    const perDocument = new Map<string, Record<string, unknown>[]>()
    for (const {id, mutation} of planned) perDocument.set(id, [...(perDocument.get(id) ?? []), mutation])
    const events: MutationEvent[] = []
    for (const [id, documentMutations] of perDocument) {
      const previous = before.get(id) ?? null
      const after = new Mutation({mutations: structuredClone(documentMutations)}).apply(previous ? structuredClone(previous) : null)
      if (after) documents.set(id, {...after, _rev: transactionId})
      else documents.delete(id)
      events.push({documentId: id, transition: !previous ? 'appear' : after ? 'update' : 'disappear', mutations: documentMutations, previousRev: previous?._rev as string | undefined, resultRev: transactionId})
    }
    return {events, results: planned.map(({id, operation}) => ({id, operation}))}
  }

  /** The server-sent events of one transaction, one per document it touched. */
  function listenerEvents(transactionId: string, events: MutationEvent[]): string {
    const timestamp = new Date().toISOString()
    return events
      .map((event, index) => {
        const data = {...event, eventId: `${transactionId}#${event.documentId}`, transactionId, identity: STAND_IN_USER.id, timestamp, visibility: 'transaction', transactionTotalEvents: events.length, transactionCurrentEvent: index + 1}
        return `id: ${data.eventId}\nevent: mutation\ndata: ${JSON.stringify(data)}\n\n`
      })
      .join('')
  }

  function project() {
    return {
      id: projectId,
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
      members: [{id: STAND_IN_USER.id, role: 'administrator', roles: STAND_IN_USER.roles, isCurrentUser: true, isRobot: false, createdAt: '2026-01-01T00:00:00Z'}],
    }
  }

  /** The answer for one API request, or null when the stand-in does not know the endpoint. */
  async function answer(request: Request, url: URL): Promise<Answer | null> {
    // Paths are /v<api version>/<endpoint>; the version does not change what the stand-in answers.
    const path = url.pathname.replace(/^\/v[^/]+/, '')
    const authorized = request.headers().authorization === `Bearer ${STAND_IN_TOKEN}`
    if (path === '/users/me') return authorized ? {json: STAND_IN_USER} : {status: 401, json: {error: 'Unauthorized', message: 'stand-in: no valid token', statusCode: 401}}
    if (path === '/auth/providers') return {json: {thirdPartyLogin: false, sso: {saml: false}, providers: [{name: 'sanity', title: 'E-mail / password (stand-in)', url: `https://api.sanity.io/v1/auth/login/sanity`}]}}
    if (!authorized) return {status: 401, json: {error: 'Unauthorized', message: 'stand-in: no valid token', statusCode: 401}}

    if (path.startsWith(`/data/query/${dataset}`)) {
      if (request.method() === 'POST') {
        const body = JSON.parse(request.postData() ?? '{}') as {query?: string; params?: Record<string, unknown>}
        return query(body.query ?? '', body.params ?? {}, url.searchParams.get('perspective'))
      }
      return query(url.searchParams.get('query') ?? '', paramsFrom(url.searchParams), url.searchParams.get('perspective'))
    }
    if (path.startsWith(`/data/doc/${dataset}/`)) {
      const ids = decodeURIComponent(path.slice(`/data/doc/${dataset}/`.length)).split(',').filter(Boolean)
      const found = ids.map((id) => documents.get(id)).filter((document) => document !== undefined)
      const omitted = ids.filter((id) => !documents.has(id)).map((id) => ({id, reason: 'existence'}))
      return {json: {documents: found, omitted}}
    }
    if (path.startsWith(`/data/listen/${dataset}`)) {
      return {body: welcomeStream(request.headers()['last-event-id']), contentType: 'text/event-stream'}
    }
    if (path.startsWith(`/data/actions/${dataset}`)) {
      const body = JSON.parse(request.postData() ?? 'null') as {transactionId?: string; actions?: EditAction[]} | null
      mutations.push({endpoint: 'actions', body})
      const transactionId = body?.transactionId ?? `stand-in-tx-${mutations.length}`
      const events = transact(transactionId, body?.actions ?? [])
      return {json: {transactionId, results: []}, after: events.length > 0 ? listenerEvents(transactionId, events) : undefined}
    }
    if (path.startsWith(`/data/mutate/${dataset}`)) {
      // Raw mutations (what @sanity/client's mutate() sends, as the "Cut a new version" action does),
      // applied as one transaction; the document forms write through the Actions API instead.
      const body = JSON.parse(request.postData() ?? 'null') as {transactionId?: string; mutations?: Record<string, unknown>[]} | null
      mutations.push({endpoint: 'mutate', body})
      const transactionId = body?.transactionId ?? `stand-in-tx-${mutations.length}`
      const {events, results} = mutate(transactionId, body?.mutations ?? [])
      return {json: {transactionId, results}, after: events.length > 0 ? listenerEvents(transactionId, events) : undefined}
    }
    if (path === `/projects/${projectId}`) return {json: project()}
    if (path === `/projects/${projectId}/datasets`) return {json: [{name: dataset, aclMode: 'public', createdAt: '2026-01-01T00:00:00Z'}]}
    if (path === `/projects/${projectId}/datasets/${dataset}/acl`) return {json: EDITOR_GRANTS}
    if (path === `/projects/${projectId}/grants`) return {json: {}}
    if (path === '/features') return {json: []}
    // The editor's stored studio preferences (layouts, time zones): none.
    if (path.startsWith('/users/me/keyvalue')) return {json: []}
    if (path.startsWith('/users/')) {
      const ids = path.slice('/users/'.length).split(',')
      // Always a list (the studio's user loader batches ids), with the editor for each id that is theirs.
      return {json: ids.filter((id) => id === STAND_IN_USER.id).map(() => STAND_IN_USER)}
    }
    return null
  }

  async function handle(route: Route) {
    const request = route.request()
    const url = new URL(request.url())
    requests.push(`${request.method()} ${url.host}${url.pathname}`)
    const headers = corsHeaders(request)
    if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers})
    let result: Answer | null
    try {
      result = await answer(request, url)
    } catch (error) {
      result = {status: 500, json: {error: 'stand-in error', message: error instanceof Error ? error.message : String(error)}}
    }
    if (!result) {
      unanswered.push(`${request.method()} ${url.host}${url.pathname}${url.search}`)
      return route.fulfill({status: 404, headers, contentType: 'application/json', body: JSON.stringify({error: 'Not Found', message: `The Sanity API stand-in does not implement ${request.method()} ${url.pathname}`, statusCode: 404})})
    }
    const body = result.body ?? JSON.stringify(result.json)
    await route.fulfill({status: result.status ?? 200, headers, contentType: result.contentType ?? 'application/json; charset=utf-8', body})
    const events = result.after
    const frame = request.frame()
    if (events) await frame.page().evaluate((text) => (window as unknown as {__sanityStandInEmit: (text: string) => void}).__sanityStandInEmit(text), events)
  }

  return {
    requests,
    unanswered,
    mutations,
    queries,
    failures,
    document: (id) => documents.get(id),
    async install(context) {
      await context.addInitScript(holdListenStreamsOpen)
      await context.route((url) => url.hostname === 'api.sanity.io' || url.hostname.endsWith('.api.sanity.io') || url.hostname.endsWith('.apicdn.sanity.io'), handle)
    },
  }
}
