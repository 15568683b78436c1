/**
 * A STAND-IN for a Typesense server, for tests and the bench only: an in-memory HTTP server
 * answering the part of Typesense's documented API the site uses (health, collections, documents
 * import and delete by filter, aliases, keys, synonym sets and stop words of Typesense 30,
 * multi_search), recording every request. It is not Typesense: it checks only the schema rules the
 * job relies on (required fields, types, unique ids, searched fields that exist and are indexed),
 * and its search is a model of the documented behaviour (typesense-stand-in-search.ts). The live
 * server is the docker-compose one. Faults are injected by rules (a method and path, which of the
 * matching requests, the status to answer) to test what the job does when a call fails.
 */
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {SynonymItem} from '@site/schemas/search'
import {loadStemmers, searchCollection, StandInSearchError, type StandInField} from './typesense-stand-in-search'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  apiKey: string | undefined
  body: string
}

type Field = StandInField

interface Collection {
  name: string
  fields: Field[]
  documents: Map<string, Record<string, unknown>>
  synonymSets: string[]
}

/** A request to answer with an error instead of doing what it asks. */
export interface FaultRule {
  method: string
  /** Matched against the path, e.g. /^\/aliases\// */
  path: RegExp
  /** Which matching requests fail, 1-based (default: every one). */
  nth?: number[]
  status?: number
  message?: string
}

/**
 * Something to do at a request: when it arrives (`received`: the request is then dropped, as if it
 * never reached the server), or once it has been done, just before its answer is sent (`applied`).
 * The crash tests kill the job's process there.
 */
export interface RequestHook {
  method: string
  path: RegExp
  /** Which matching requests, 1-based (default: every one). */
  nth?: number[]
  when: 'received' | 'applied'
  run: () => void
}

export interface StandInOptions {
  adminKey: string
  /** Import answers {success:false} for documents with these ids, as Typesense does for bad documents. */
  rejectIds?: string[]
  /** Answers 500 on the nth import request (1-based). */
  failImportAt?: number
  /** More faults; rules can also be added while the stand-in runs (`faults`). */
  faults?: FaultRule[]
  /** Hooks; they can also be added while the stand-in runs (`hooks`). */
  hooks?: RequestHook[]
}

export async function startTypesenseStandIn(options: StandInOptions) {
  const collections = new Map<string, Collection>()
  const aliases = new Map<string, string>()
  const keys: Array<{id: number; value: string; description: string; actions: string[]; collections: string[]}> = []
  const requests: RecordedRequest[] = []
  const synonymSets = new Map<string, Array<SynonymItem & {locale?: string}>>()
  const stopwords = new Map<string, {stopwords: string[]; locale?: string}>()
  const faults: FaultRule[] = [...(options.faults ?? [])]
  const faultMatches = new Map<FaultRule, number>()
  const hooks: RequestHook[] = [...(options.hooks ?? [])]
  const hookMatches = new Map<RequestHook, number>()
  let imports = 0
  let nextKey = 1

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })
  const resolveName = (name: string) => collections.get(aliases.get(name) ?? name)

  const check = (collection: Collection, document: Record<string, unknown>): string | null => {
    if (typeof document.id !== 'string') return 'Document is missing the string field `id`.'
    for (const field of collection.fields) {
      const value = document[field.name]
      if (value === undefined) {
        if (!field.optional) return `Field \`${field.name}\` has been declared in the schema, but is not found in the document.`
        continue
      }
      const ok =
        field.type === 'string'
          ? typeof value === 'string'
          : field.type === 'string[]'
            ? Array.isArray(value) && value.every((item) => typeof item === 'string')
            : field.type === 'int64'
              ? Number.isInteger(value)
              : true
      if (!ok) return `Field \`${field.name}\` must be ${field.type === 'string' ? 'a string' : field.type === 'string[]' ? 'an array of string' : 'an int64'}.`
    }
    return null
  }

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const body = await read(request)
    const apiKey = request.headers['x-typesense-api-key'] ?? url.searchParams.get('x-typesense-api-key') ?? undefined
    const key = Array.isArray(apiKey) ? apiKey[0] : apiKey
    requests.push({method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), apiKey: key, body})
    const method = request.method ?? 'GET'
    const hooked = hooks.filter((hook) => {
      if (hook.method !== method || !hook.path.test(url.pathname)) return false
      const count = (hookMatches.get(hook) ?? 0) + 1
      hookMatches.set(hook, count)
      return !hook.nth || hook.nth.includes(count)
    })
    if (hooked.some((hook) => hook.when === 'received')) {
      for (const hook of hooked) if (hook.when === 'received') hook.run()
      response.destroy()
      return
    }
    // Every answer starts with its head: the request has been done by then.
    const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse
    response.writeHead = (...args: unknown[]) => {
      for (const hook of hooked) hook.run()
      return writeHead(...args)
    }
    const send = (status: number, value: unknown) => {
      response.writeHead(status, {'content-type': 'application/json'})
      response.end(JSON.stringify(value))
    }
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    for (const rule of faults) {
      if (rule.method !== method || !rule.path.test(url.pathname)) continue
      const count = (faultMatches.get(rule) ?? 0) + 1
      faultMatches.set(rule, count)
      if (!rule.nth || rule.nth.includes(count)) return send(rule.status ?? 500, {message: rule.message ?? 'Stand-in: injected fault'})
    }
    if (parts[0] === 'health') return send(200, {ok: true})
    const searchKey = keys.find((candidate) => candidate.value === key)
    const isAdmin = key === options.adminKey
    if (!isAdmin && !(searchKey && parts[0] === 'multi_search')) return send(401, {message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.'})

    if (parts[0] === 'collections' && parts.length === 1 && method === 'POST') {
      const schema = JSON.parse(body) as {name: string; fields: Field[]; synonym_sets?: string[]}
      if (collections.has(schema.name)) return send(409, {message: `A collection with name \`${schema.name}\` already exists.`})
      const unindexed = schema.fields.find((field) => field.index === false && !field.optional)
      if (unindexed) return send(400, {message: `Field \`${unindexed.name}\` must be an optional field since it is not indexed.`})
      const missingSet = (schema.synonym_sets ?? []).find((name) => !synonymSets.has(name))
      if (missingSet) return send(404, {message: `Synonym set \`${missingSet}\` not found.`})
      await loadStemmers(schema.fields)
      collections.set(schema.name, {name: schema.name, fields: schema.fields, documents: new Map(), synonymSets: schema.synonym_sets ?? []})
      return send(201, {name: schema.name, num_documents: 0, fields: schema.fields, synonym_sets: schema.synonym_sets ?? []})
    }
    if (parts[0] === 'synonym_sets' && parts.length === 2) {
      const name = parts[1] ?? ''
      if (method === 'PUT') {
        const {items} = JSON.parse(body) as {items?: Array<SynonymItem & {locale?: string}>}
        const bad = (items ?? []).find((item) => typeof item.id !== 'string' || !Array.isArray(item.synonyms) || item.synonyms.length === 0)
        if (!Array.isArray(items) || bad) return send(400, {message: 'Stand-in: a synonym set is {items: [{id, synonyms: [...], root?, locale?}]}'})
        synonymSets.set(name, items)
        return send(200, {name, items})
      }
      if (method === 'GET') return synonymSets.has(name) ? send(200, {name, items: synonymSets.get(name)}) : send(404, {message: 'Not Found'})
    }
    if (parts[0] === 'stopwords' && parts.length === 2 && method === 'PUT') {
      const set = JSON.parse(body) as {stopwords?: string[]; locale?: string}
      if (!Array.isArray(set.stopwords)) return send(400, {message: 'Parameter `stopwords` is required'})
      stopwords.set(parts[1] ?? '', {stopwords: set.stopwords, ...(set.locale ? {locale: set.locale} : {})})
      return send(200, {id: parts[1], stopwords: set.stopwords, locale: set.locale ?? ''})
    }
    if (parts[0] === 'collections' && parts.length === 1 && method === 'GET') {
      return send(
        200,
        [...collections.values()].map((collection) => ({name: collection.name, num_documents: collection.documents.size, fields: collection.fields})),
      )
    }
    if (parts[0] === 'collections' && parts.length === 2) {
      const collection = resolveName(parts[1] ?? '')
      if (!collection) return send(404, {message: 'Not Found'})
      if (method === 'GET') return send(200, {name: collection.name, num_documents: collection.documents.size})
      if (method === 'DELETE') {
        collections.delete(collection.name)
        return send(200, {name: collection.name})
      }
    }
    if (parts[0] === 'collections' && parts[2] === 'documents') {
      const collection = resolveName(parts[1] ?? '')
      if (!collection) return send(404, {message: 'Not Found'})
      if (parts[3] === 'import' && method === 'POST') {
        imports++
        if (options.failImportAt === imports) return send(500, {message: 'Stand-in: simulated server error'})
        const action = url.searchParams.get('action') ?? 'create'
        const lines = body
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => {
            const document = JSON.parse(line) as Record<string, unknown>
            const problem = options.rejectIds?.includes(String(document.id)) ? 'Field `content` must be a string.' : check(collection, document)
            if (problem) return {success: false, error: problem, document: line}
            if (action === 'create' && collection.documents.has(String(document.id)))
              return {success: false, error: 'A document with id already exists.', document: line}
            collection.documents.set(String(document.id), document)
            return {success: true}
          })
        response.writeHead(200, {'content-type': 'text/plain'})
        return response.end(lines.map((line) => JSON.stringify(line)).join('\n'))
      }
      if (parts.length === 3 && method === 'DELETE') {
        const match = /^id:\[(.*)\]$/.exec(url.searchParams.get('filter_by') ?? '')
        if (!match) return send(400, {message: 'Stand-in: only filter_by=id:[...] is supported'})
        const ids = (match[1] ?? '').split(',').map((id) => id.replace(/^`|`$/g, ''))
        let deleted = 0
        for (const id of ids) if (collection.documents.delete(id)) deleted++
        return send(200, {num_deleted: deleted})
      }
    }
    if (parts[0] === 'aliases' && parts.length === 2) {
      const name = parts[1] ?? ''
      if (method === 'GET') return aliases.has(name) ? send(200, {name, collection_name: aliases.get(name)}) : send(404, {message: 'Not Found'})
      if (method === 'PUT') {
        const {collection_name: target} = JSON.parse(body) as {collection_name: string}
        if (!collections.has(target)) return send(404, {message: `Collection \`${target}\` not found.`})
        aliases.set(name, target)
        return send(200, {name, collection_name: target})
      }
    }
    if (parts[0] === 'keys') {
      if (method === 'GET' && parts.length === 1) return send(200, {keys: keys.map(({value, ...rest}) => ({...rest, value_prefix: value.slice(0, 4)}))})
      if (method === 'POST' && parts.length === 1) {
        const spec = JSON.parse(body) as {description: string; actions: string[]; collections: string[]; value?: string}
        const created = {id: nextKey++, ...spec, value: spec.value ?? `search-only-${nextKey}-${Math.random().toString(36).slice(2, 10)}`}
        keys.push(created)
        return send(201, created)
      }
      if (method === 'DELETE' && parts.length === 2) {
        const index = keys.findIndex((candidate) => candidate.id === Number(parts[1]))
        if (index === -1) return send(404, {message: 'Not Found'})
        keys.splice(index, 1)
        return send(200, {id: Number(parts[1])})
      }
    }
    if (parts[0] === 'multi_search' && method === 'POST') {
      // Parameters common to every search may come in the query string (typesense-instantsearch-adapter sends the key there too).
      const common = Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'x-typesense-api-key'))
      const {searches} = JSON.parse(body) as {searches: Array<Record<string, unknown> & {collection: string}>}
      return send(200, {
        results: searches.map((search) => {
          if (searchKey && !searchKey.collections.includes(search.collection))
            return {code: 401, error: 'Forbidden - a valid `x-typesense-api-key` header must be sent.'}
          const collection = resolveName(search.collection)
          if (!collection) return {code: 404, error: `Could not find a collection named \`${search.collection}\`.`}
          try {
            return searchCollection(collection, {...common, ...search}, {synonymSets, stopwords})
          } catch (error) {
            if (error instanceof StandInSearchError) return {code: error.code, error: error.message}
            throw error
          }
        }),
      })
    }
    return send(404, {message: 'Not Found'})
  }
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // A bug of the stand-in itself: a 500 naming it, so that the test fails on it rather than hangs.
      if (!response.headersSent) response.writeHead(500, {'content-type': 'application/json'})
      response.end(JSON.stringify({message: `stand-in error: ${error instanceof Error ? error.message : String(error)}`}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    collections,
    aliases,
    keys,
    synonymSets,
    stopwords,
    faults,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
