/**
 * The client that the studio's custom validation rules receive (`context.getClient()`), answered
 * in process by the Sanity API stand-in's GROQ evaluation (./api.ts), so that the rules run offline.
 * Only what validation uses is there; anything else throws, so that a rule relying on it shows.
 */
import type {SanityClient} from '@sanity/client'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {SanityApiStandIn, type StoredDocument} from './api'

export interface DatasetClientStandIn {
  fetch: <R>(query: string, params?: Record<string, unknown>) => Promise<R>
  /** The queries asked, for tests that check a rule really looked something up. */
  queries: string[]
}

export function datasetClientStandIn(documents: readonly Record<string, unknown>[], apiVersion = SANITY_API_VERSION): DatasetClientStandIn & SanityClient {
  const api = new SanityApiStandIn({projectId: 'stand-in', dataset: 'stand-in', documents: documents as readonly StoredDocument[]})
  const queries: string[] = []
  const fetch = async <R>(query: string, params: Record<string, unknown> = {}): Promise<R> => {
    queries.push(query)
    return (await api.query(query, params)) as R
  }
  const unsupported = (name: string) => () => {
    throw new Error(`the dataset client stand-in has no ${name}()`)
  }
  const client = {
    fetch,
    queries,
    getDataUrl: unsupported('getDataUrl'),
    observable: {fetch: unsupported('observable.fetch'), request: unsupported('observable.request')},
    withConfig: () => client,
    config: () => ({apiVersion, projectId: 'stand-in', dataset: 'stand-in'}),
  }
  // Only the members above exist; the cast tells TypeScript what the rules will be handed.
  return client as unknown as DatasetClientStandIn & SanityClient
}
