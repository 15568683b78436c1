/**
 * The few calls of Typesense's HTTP API the index job makes (collections: create, list, delete;
 * documents import and delete, aliases, keys, multi_search), over fetch, with errors that say what to fix: an
 * unreachable server, a refused key, a rejected document.
 */

export interface TypesenseConfig {
  /** http://host:port, without a trailing slash. */
  url: string
  adminKey: string
  /** Per request; Typesense answers imports of a batch in well under this. */
  timeoutMs?: number
}

export class TypesenseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'TypesenseError'
  }
}

export interface CollectionField {
  name: string
  type: string
  facet?: boolean
  optional?: boolean
  sort?: boolean
  /** false: stored for display, not searchable. */
  index?: boolean
  /** The language Typesense tokenizes the field in ('fr', 'zh'). */
  locale?: string
  /** Snowball stemming in the field's locale. */
  stem?: boolean
}

/** An item of a synonym set (Typesense 30): two-way without a root, one-way from the root. */
export interface SynonymSetItem {
  id: string
  synonyms: string[]
  root?: string
  locale?: string
}

export interface ImportLine {
  success: boolean
  error?: string
  document?: string
  id?: string
}

export function createTypesenseApi(config: TypesenseConfig) {
  const request = async (method: string, path: string, body?: unknown, raw = false): Promise<string> => {
    let response: Response
    try {
      response = await fetch(`${config.url}${path}`, {
        method,
        headers: {'x-typesense-api-key': config.adminKey, 'content-type': raw ? 'text/plain' : 'application/json'},
        ...(body === undefined ? {} : {body: raw ? String(body) : JSON.stringify(body)}),
        signal: AbortSignal.timeout(config.timeoutMs ?? 60_000),
      })
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause instanceof Error ? error.cause.message : '') || error.message) : String(error)
      throw new TypesenseError(`Cannot reach Typesense at ${config.url} (${cause}): is the server running, and are TYPESENSE_HOST, TYPESENSE_PORT and TYPESENSE_PROTOCOL right?`)
    }
    const text = await response.text()
    if (response.status === 401 || response.status === 403) {
      throw new TypesenseError(`Typesense at ${config.url} refused the API key (${response.status}: ${messageOf(text)}): TYPESENSE_ADMIN_API_KEY must be the server's admin key`, response.status)
    }
    if (!response.ok) throw new TypesenseError(`Typesense ${method} ${path} failed with ${response.status}: ${messageOf(text)}`, response.status)
    return text
  }
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => JSON.parse(await request(method, path, body)) as T

  return {
    health: () => json<{ok: boolean}>('GET', '/health'),
    /** The collection an alias points at, or null when the alias does not exist yet. */
    async getAlias(name: string): Promise<string | null> {
      try {
        return (await json<{collection_name: string}>('GET', `/aliases/${encodeURIComponent(name)}`)).collection_name
      } catch (error) {
        if (error instanceof TypesenseError && error.status === 404) return null
        throw error
      }
    },
    setAlias: (name: string, collection: string) => json<{name: string; collection_name: string}>('PUT', `/aliases/${encodeURIComponent(name)}`, {collection_name: collection}),
    createCollection: (schema: {name: string; fields: CollectionField[]; default_sorting_field?: string; token_separators?: string[]; synonym_sets?: string[]}) => json<{name: string}>('POST', '/collections', schema),
    /** Creates or replaces a synonym set (Typesense 30's /synonym_sets); collections name the sets they use. */
    putSynonymSet: (name: string, items: readonly SynonymSetItem[]) => json<{name: string}>('PUT', `/synonym_sets/${encodeURIComponent(name)}`, {items}),
    /** Creates or replaces a stop words set; searches name it in their `stopwords` parameter. */
    putStopwords: (name: string, set: {stopwords: readonly string[]; locale?: string}) => json<{id: string}>('PUT', `/stopwords/${encodeURIComponent(name)}`, set),
    getCollection: (name: string) => json<{name: string; num_documents: number}>('GET', `/collections/${encodeURIComponent(name)}`),
    listCollections: () => json<Array<{name: string; num_documents?: number}>>('GET', '/collections'),
    deleteCollection: (name: string) => json<{name: string}>('DELETE', `/collections/${encodeURIComponent(name)}`),
    /** Imports JSONL; Typesense answers 200 with one result line per document, failures included. */
    async importDocuments(collection: string, documents: readonly object[], action: 'create' | 'upsert'): Promise<ImportLine[]> {
      const body = documents.map((document) => JSON.stringify(document)).join('\n')
      const text = await request('POST', `/collections/${encodeURIComponent(collection)}/documents/import?action=${action}`, body, true)
      return text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as ImportLine)
    },
    deleteDocuments: (collection: string, ids: readonly string[]) =>
      json<{num_deleted: number}>('DELETE', `/collections/${encodeURIComponent(collection)}/documents?filter_by=${encodeURIComponent(`id:[${ids.map((id) => '`' + id + '`').join(',')}]`)}`),
    listKeys: () => json<{keys: Array<{id: number; description?: string; actions: string[]; collections: string[]}>}>('GET', '/keys'),
    createKey: (key: {description: string; actions: string[]; collections: string[]; value?: string}) => json<{id: number; value: string}>('POST', '/keys', key),
    deleteKey: (id: number) => json<{id: number}>('DELETE', `/keys/${id}`),
    multiSearch: (searches: object[]) => json<{results: Array<{found?: number; error?: string; code?: number}>}>('POST', '/multi_search', {searches}),
  }
}

export type TypesenseApi = ReturnType<typeof createTypesenseApi>

function messageOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') return parsed.message
  } catch {
    // Not JSON: show the text itself.
  }
  return text.slice(0, 200) || '(empty body)'
}
