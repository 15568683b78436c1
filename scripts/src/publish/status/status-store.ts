/**
 * Where the publish service writes the status documents and reads what it explains: the Sanity project, through
 * @sanity/client with the service's write token (SANITY_API_WRITE_TOKEN, never an editor's). Every call has a time
 * limit, so that an unreachable Sanity delays no publish.
 */
import {createClient, type SanityClient} from '@sanity/client'
import {SANITY_API_VERSION} from '@site/schemas/model'

/** What the service needs of the Content Lake. */
export interface StatusStore {
  /** Writes a document whole (createOrReplace). */
  save(document: {_id: string; _type: string}): Promise<void>
  /** Deletes documents by id. */
  remove(ids: readonly string[]): Promise<void>
  /** Asks GROQ, in the raw perspective unless told (drafts and versions included: the token reads them). */
  fetch<T>(query: string, params?: Record<string, unknown>, perspective?: 'raw' | 'published' | 'drafts'): Promise<T>
}

/** A time limit for each request. */
export const STORE_TIMEOUT_MS = 10_000

export interface StatusStoreSettings {
  projectId: string
  dataset: string
  token: string
  apiHost?: string
  apiVersion?: string
}

/**
 * The settings from the environment, or why the status is not written: SANITY_PROJECT_ID, SANITY_DATASET and
 * SANITY_API_WRITE_TOKEN (SANITY_API_HOST and SANITY_API_VERSION as the build reads them).
 */
export function statusStoreSettings(env: Record<string, string | undefined>): StatusStoreSettings | {missing: string} {
  const value = (name: string) => env[name]?.trim() || undefined
  const projectId = value('SANITY_PROJECT_ID')
  const dataset = value('SANITY_DATASET')
  const token = value('SANITY_API_WRITE_TOKEN')
  const missing = [!projectId && 'SANITY_PROJECT_ID', !dataset && 'SANITY_DATASET', !token && 'SANITY_API_WRITE_TOKEN'].filter(Boolean)
  if (!projectId || !dataset || !token) return {missing: missing.join(', ')}
  const apiHost = value('SANITY_API_HOST')
  const apiVersion = value('SANITY_API_VERSION')
  return {projectId, dataset, token, ...(apiHost ? {apiHost} : {}), ...(apiVersion ? {apiVersion} : {})}
}

export function sanityStatusStore(settings: StatusStoreSettings): StatusStore {
  const client: SanityClient = createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    token: settings.token,
    // Release perspectives and versions need 2025-02-19 or later.
    apiVersion: settings.apiVersion && settings.apiVersion >= SANITY_API_VERSION ? settings.apiVersion : SANITY_API_VERSION,
    useCdn: false,
    perspective: 'raw',
    timeout: STORE_TIMEOUT_MS,
    maxRetries: 1,
    ...(settings.apiHost ? {apiHost: settings.apiHost, useProjectHostname: false} : {}),
  })
  return {
    save: async (document) => {
      await client.createOrReplace(document, {visibility: 'async'})
    },
    remove: async (ids) => {
      if (ids.length === 0) return
      const transaction = client.transaction()
      for (const id of ids) transaction.delete(id)
      await transaction.commit({visibility: 'async'})
    },
    fetch: <T>(query: string, params: Record<string, unknown> = {}, perspective: 'raw' | 'published' | 'drafts' = 'raw') =>
      client.fetch<T>(query, params, {perspective, signal: AbortSignal.timeout(STORE_TIMEOUT_MS)}),
  }
}
