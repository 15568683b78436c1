/**
 * A stand-in for the Sanity client that custom validation rules receive: `fetch` answers GROQ from
 * an in-memory dataset with groq-js, so that the studio's own rules run offline. Only what
 * validation uses is implemented; anything else throws so that a rule relying on it shows.
 */
import type {SanityClient} from '@sanity/client'
import {evaluate, parse} from 'groq-js'
import {SANITY_API_VERSION} from '@site/schemas/model'

export interface DatasetClientStandIn {
  fetch: <R>(query: string, params?: Record<string, unknown>) => Promise<R>
  /** The queries asked, for tests that check a rule really looked something up. */
  queries: string[]
}

export function datasetClientStandIn(documents: readonly Record<string, unknown>[]): DatasetClientStandIn & SanityClient {
  const queries: string[] = []
  const fetch = async <R,>(query: string, params: Record<string, unknown> = {}): Promise<R> => {
    queries.push(query)
    const result = await evaluate(parse(query, {params}), {dataset: documents, params})
    return (await result.get()) as R
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
    config: () => ({apiVersion: SANITY_API_VERSION, projectId: 'stand-in', dataset: 'stand-in'}),
  }
  // Only the members above exist; the cast tells TypeScript what the rules will be handed.
  return client as unknown as DatasetClientStandIn & SanityClient
}
