/**
 * A GROQ query kept up to date as the dataset changes (the document store's listener: a refetch after each change
 * it hears of, at most every `throttleMs`), in the raw perspective: the publish service's documents live in paths
 * that only a signed-in editor reads.
 */
import {useEffect, useState} from 'react'
import {useDocumentStore} from 'sanity'
import {SANITY_API_VERSION} from '@site/schemas/model'
import type {Loaded} from '../use-loaded'

/** Parameters of a listened query, as the document store takes them. */
export type LiveQueryParams = Record<string, string | number | boolean | string[]>

export function useLiveQuery<T>(query: string, params: LiveQueryParams, throttleMs = 250): Loaded<T> {
  const documentStore = useDocumentStore()
  const [result, setResult] = useState<Loaded<T>>({state: 'loading'})
  const key = JSON.stringify(params)
  useEffect(() => {
    const subscription = documentStore
      .listenQuery(query, JSON.parse(key) as LiveQueryParams, {
        perspective: 'raw',
        apiVersion: SANITY_API_VERSION,
        tag: 'site.publish-status',
        throttleTime: throttleMs,
      })
      .subscribe({
        next: (value: unknown) => setResult({state: 'loaded', value: value as T}),
        error: (error: unknown) => setResult({state: 'failed', error: error instanceof Error ? error.message : String(error)}),
      })
    return () => subscription.unsubscribe()
  }, [documentStore, query, key, throttleMs])
  return result
}
