/**
 * The two ways of answering the site's GROQ queries, behind one typed interface: groq-js over
 * the local dataset, and @sanity/client over a Sanity project's query API. Results are typed by
 * the query string through TypeGen's SanityQueries map, so no result is ever cast.
 */
import {createClient, type ClientConfig, type StegaConfig} from '@sanity/client'
import type {ContentEnv} from './env'
import {IndexedDataset} from './indexed-dataset'
import {loadLocalDataset, type DatasetDocument} from './local-dataset'
import {SettledAnswer} from './settled-answer'

export type QueryParams = Record<string, string | number | boolean | readonly string[] | null>
export type KnownQuery = Extract<keyof SanityQueries, string>
export type QueryResult<Q extends KnownQuery> = SanityQueries[Q]

export interface ContentTransport {
  readonly name: string
  fetch<Q extends KnownQuery>(query: Q, params: QueryParams): Promise<QueryResult<Q>>
}

/** Evaluates queries with groq-js over documents held in memory, through indexes built once (see indexed-dataset). */
export function createLocalTransport(documents: readonly DatasetDocument[]): ContentTransport {
  const dataset = new IndexedDataset(documents)
  return {
    name: 'local dataset (groq-js)',
    fetch(query, params) {
      return dataset.query(query, params)
    },
  }
}

export interface SanityTransportConfig {
  projectId: string
  dataset: string
  apiVersion: string
  apiHost?: string | undefined
  token?: string | undefined
  /**
   * What the build shows: published documents (the public site), or drafts over them (a preview; needs a token), or
   * a Content Release's stack (`['rX', 'drafts']`: the release over the drafts over the published documents; the
   * preview of a release).
   */
  perspective?: 'published' | 'drafts' | string[]
  /** Whether the project's own hostname is used: by default only without an apiHost (see apiHostOptions). */
  useProjectHostname?: boolean
  /** The wait before asking a query again after a network failure, times the attempt (250 ms). */
  networkRetryDelayMs?: number
  /** Click-to-edit markers in the answers' strings (the preview server in draft mode only, never a build). */
  stega?: StegaConfig
}

/**
 * The client options for an API address of the environment's (SANITY_API_HOST: the test stand-in, a
 * proxy): requests go to that address as it is, not to the project's hostname under it. Every Sanity
 * client of the site (the transports, the preview's live relay) is made with these.
 */
export function apiHostOptions(apiHost: string | undefined, useProjectHostname = false): Pick<ClientConfig, 'apiHost' | 'useProjectHostname'> {
  return apiHost ? {apiHost, useProjectHostname} : {}
}

/** Asks a Sanity project (or anything answering the same query API) over HTTP. */
export function createSanityTransport(config: SanityTransportConfig): ContentTransport {
  const clientConfig: ClientConfig = {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    useCdn: false,
    // Retries are withNetworkRetries' alone (one policy, no retries of retries).
    maxRetries: 0,
    perspective: config.perspective ?? 'published',
    ...apiHostOptions(config.apiHost, config.useProjectHostname),
    ...(config.token ? {token: config.token} : {}),
    ...(config.stega ? {stega: config.stega} : {}),
  }
  const client = createClient(clientConfig)
  return {
    name: `Sanity project ${config.projectId}/${config.dataset}`,
    fetch(query, params) {
      // No cache option: Next then fetches at every build without keeping answers between builds (a
      // rebuild after a publish must see it), and the pages stay static ('no-store' would make them dynamic, which an export refuses).
      return withNetworkRetries(() => client.fetch<QueryResult<typeof query>>(query, params), config.networkRetryDelayMs ?? 250)
    },
  }
}

/** How many times a query is asked again after its connection failed. */
export const QUERY_NETWORK_RETRIES = 3

/**
 * A query is read-only, so asking it again is safe after a failed connection or an answer that says
 * "later" (429, 502, 503). @sanity/client retries GET requests on some socket errors only; long
 * queries go as POST, and a kept-alive connection the server closes just as the request leaves
 * ("other side closed") is not retried by it at all. Any other HTTP answer (a bad query, a refused token)
 * is final.
 */
export async function withNetworkRetries<T>(ask: () => Promise<T>, delayMs: number, retries = QUERY_NETWORK_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ask()
    } catch (error) {
      if (attempt >= retries || !(isNetworkFailure(error) || isBusyAnswer(error))) throw error
      await new Promise((resolve) => setTimeout(resolve, delayMs * (attempt + 1)))
    }
  }
}

/** An HTTP answer asking to come back later. */
function isBusyAnswer(error: unknown): boolean {
  const status = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined
  return status === 429 || status === 502 || status === 503
}

/** A failure of the connection itself, not an answer of the API. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if ('statusCode' in error || 'status' in error) return false
  const cause: unknown = 'cause' in error ? error.cause : undefined
  const code = (cause instanceof Error && 'code' in cause ? cause.code : undefined) ?? ('code' in error ? error.code : undefined)
  return (
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (typeof code === 'string' && /^(UND_ERR_SOCKET|UND_ERR_CLOSED|ECONNRESET|EPIPE|ECONNREFUSED|ETIMEDOUT)$/.test(code))
  )
}

/**
 * The transport an environment names (see env.ts): the local dataset through groq-js, or the Sanity
 * project over HTTP with the read token when there is one. SANITY_API_HOST is the whole query API
 * address (a proxy, or a local stand-in in the tests): no project subdomain goes in front of it.
 */
export async function openContentTransport(env: ContentEnv, token?: string): Promise<ContentTransport> {
  if (env.mode === 'sanity') return createSanityTransport({...env, token})
  return createLocalTransport((await loadLocalDataset(env.datasetDir)).documents)
}

type AnswerCache = {[Q in KnownQuery]?: Map<string, SettledAnswer<QueryResult<Q>>>}

/** Answers kept per query: every list a build asks for, and the last pages' own documents. */
export const ANSWERS_PER_QUERY = 256

/**
 * Answers identical (query, params) pairs once: a build asks the same things for many pages. Each
 * query keeps its most recently used answers only, so that a page's document (asked for twice, by
 * its metadata and its body) is not held until the end of the build. An answer is kept as its value
 * once it has one (settled-answer.ts): the promise would keep the page that first asked alive.
 */
export function memoizeTransport(transport: ContentTransport, limit = ANSWERS_PER_QUERY): ContentTransport {
  // One map per query string, so each stored answer keeps the type of its own query.
  const cache: AnswerCache = {}
  return {
    name: transport.name,
    fetch<Q extends KnownQuery>(query: Q, params: QueryParams): Promise<QueryResult<Q>> {
      const existing = cache[query]
      const byParams = existing ?? new Map<string, SettledAnswer<QueryResult<Q>>>()
      // TypeScript cannot check writes through a generic key of a mapped type; the entry for Q is a map of Q's results.
      if (!existing) Object.assign(cache, {[query]: byParams})
      const key = stableJson(params)
      const known = byParams.get(key)
      if (known) {
        // Maps keep insertion order: moving the answer to the end makes the first one the least recently used.
        byParams.delete(key)
        byParams.set(key, known)
        return known.get()
      }
      const answer = transport.fetch(query, params)
      const entry: SettledAnswer<QueryResult<Q>> = new SettledAnswer(answer, () => {
        if (byParams.get(key) === entry) byParams.delete(key)
      })
      byParams.set(key, entry)
      if (byParams.size > limit) byParams.delete(byParams.keys().next().value ?? key)
      return answer
    },
  }
}

function stableJson(value: QueryParams): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key]]),
  )
}
