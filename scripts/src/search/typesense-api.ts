/**
 * The calls of Typesense's API the index job makes (health, collections, documents import and delete,
 * aliases, keys, synonym sets, stop words, multi_search), through the `typesense` client, with errors
 * that say what to fix: an unreachable server, a refused key, the call that failed and its status, a
 * rejected document. The client's own retries are off (`numRetries: 0`): the job decides what to try
 * again (a collection delete three times) and what a failure means (an incremental run falling back to
 * a full one), and a retried import could half-apply a batch twice.
 */
import {Client, Errors} from 'typesense'
import type {CollectionFieldSchema} from 'typesense/lib/Typesense/Collection'
import type {CollectionCreateSchema} from 'typesense/lib/Typesense/Collections'
import type {ImportResponse} from 'typesense/lib/Typesense/Documents'
import type {KeyCreateSchema} from 'typesense/lib/Typesense/Key'
import type {StopwordCreateSchema} from 'typesense/lib/Typesense/Stopwords'
import type {SynonymItemSchema} from 'typesense/lib/Typesense/SynonymSets'

export interface TypesenseConfig {
  /** http://host:port, without a trailing slash. */
  url: string
  adminKey: string
  /** Per request, imports excepted (the client never times them out); Typesense answers in well under this. */
  timeoutMs?: number
}

/** A failed call, named in words a reader can act on; `status` is the HTTP status when the server answered. */
export class TypesenseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'TypesenseError'
  }
}

export type CollectionField = CollectionFieldSchema
/** An item of a synonym set (Typesense 30): two-way without a root, one-way from the root. */
export type SynonymSetItem = SynonymItemSchema
export type ImportLine = ImportResponse

/** What a search of multi_search answers, as far as the job reads it. */
export interface SearchResult {
  found?: number
  error?: string
  code?: number
  [field: string]: unknown
}

/** The server's own words in the client's error ("Request failed with HTTP code 500 | Server said: …"). */
function serverMessage(error: Errors.TypesenseError): string {
  const said = / \| Server said: ([\s\S]*)$/.exec(error.message)?.[1]
  return said?.trim() || '(empty body)'
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
  const inner = error.cause instanceof Error ? error.cause.message : ''
  return [code, inner || error.message].filter(Boolean).join(': ') || 'no reason given'
}

export function createTypesenseApi(config: TypesenseConfig) {
  const client = new Client({
    nodes: [{url: config.url}],
    apiKey: config.adminKey,
    connectionTimeoutSeconds: (config.timeoutMs ?? 60_000) / 1000,
    numRetries: 0,
    // Failures reach the caller as errors naming the call; the client's own log lines would repeat them.
    logLevel: 'silent',
  })

  /** Runs one call of the client; `call` names it in errors as a request line ("PUT /aliases/site"). */
  const run = async <T>(call: string, perform: () => Promise<T>): Promise<T> => {
    try {
      return await perform()
    } catch (error) {
      if (error instanceof Errors.TypesenseError && typeof error.httpStatus === 'number') {
        const status = error.httpStatus
        if (status === 401 || status === 403) {
          throw new TypesenseError(
            `Typesense at ${config.url} refused the API key (${status}: ${serverMessage(error)}): TYPESENSE_ADMIN_API_KEY must be the server's admin key`,
            status,
          )
        }
        throw new TypesenseError(`Typesense ${call} failed with ${status}: ${serverMessage(error)}`, status)
      }
      if (error instanceof Errors.TypesenseError) throw new TypesenseError(`Typesense ${call} failed: ${error.message}`)
      throw new TypesenseError(
        `Cannot reach Typesense at ${config.url} (${causeOf(error)}): is the server running, and are TYPESENSE_HOST, TYPESENSE_PORT and TYPESENSE_PROTOCOL right?`,
      )
    }
  }
  const path = (...segments: string[]) => `/${segments.map(encodeURIComponent).join('/')}`

  return {
    health: () => run('GET /health', () => client.health.retrieve()),
    /** The collection an alias points at, or null when the alias does not exist yet. */
    async getAlias(name: string): Promise<string | null> {
      try {
        return (await run(`GET ${path('aliases', name)}`, () => client.aliases(name).retrieve())).collection_name
      } catch (error) {
        if (error instanceof TypesenseError && error.status === 404) return null
        throw error
      }
    },
    setAlias: (name: string, collection: string) => run(`PUT ${path('aliases', name)}`, () => client.aliases().upsert(name, {collection_name: collection})),
    createCollection: (schema: CollectionCreateSchema) => run('POST /collections', () => client.collections().create(schema)),
    /** Creates or replaces a synonym set (Typesense 30's /synonym_sets); collections name the sets they use. */
    putSynonymSet: (name: string, items: readonly SynonymSetItem[]) =>
      run(`PUT ${path('synonym_sets', name)}`, () => client.synonymSets(name).upsert({items: [...items]})),
    /** Creates or replaces a stop words set; searches name it in their `stopwords` parameter. */
    putStopwords: (name: string, set: StopwordCreateSchema) => run(`PUT ${path('stopwords', name)}`, () => client.stopwords().upsert(name, set)),
    getCollection: (name: string) => run(`GET ${path('collections', name)}`, () => client.collections(name).retrieve()),
    listCollections: () => run('GET /collections', () => client.collections().retrieve()),
    deleteCollection: (name: string) => run(`DELETE ${path('collections', name)}`, () => client.collections(name).delete()),
    /**
     * Imports documents (JSONL); Typesense answers 200 with one result line per document, failures
     * included: the lines are returned in document order, for the caller to name a rejected one.
     */
    importDocuments: (collection: string, documents: readonly object[], action: 'create' | 'upsert'): Promise<ImportLine[]> =>
      run(`POST ${path('collections', collection, 'documents', 'import')}?action=${action}`, async () => {
        try {
          return await client
            .collections(collection)
            .documents()
            .import([...documents], {action})
        } catch (error) {
          // The client throws when a line says success: false; the lines themselves are what the caller reports.
          if (error instanceof Errors.ImportError) return error.importResults
          throw error
        }
      }),
    deleteDocuments: (collection: string, ids: readonly string[]) =>
      run(`DELETE ${path('collections', collection, 'documents')}`, () =>
        client
          .collections(collection)
          .documents()
          .delete({filter_by: `id:[${ids.map((id) => '`' + id + '`').join(',')}]`}),
      ),
    listKeys: () => run('GET /keys', () => client.keys().retrieve()),
    createKey: (key: KeyCreateSchema) => run('POST /keys', () => client.keys().create(key)),
    deleteKey: (id: number) => run(`DELETE /keys/${id}`, () => client.keys(id).delete()),
    multiSearch: (searches: ReadonlyArray<{collection: string; q?: string; [parameter: string]: unknown}>) =>
      run('POST /multi_search', async (): Promise<{results: SearchResult[]}> => {
        const response = await client.multiSearch.perform({searches: [...searches]})
        return {results: response.results}
      }),
  }
}

export type TypesenseApi = ReturnType<typeof createTypesenseApi>
