/**
 * What a studio component reads once from the dataset (the locale table, a report, a version to cut):
 * loading, loaded or failed with the reason, read again when `deps` change. An answer that arrives
 * after the inputs changed or the component left is dropped.
 */
import {useEffect, useState, type DependencyList} from 'react'

export type Loaded<T> = {state: 'loading'} | {state: 'loaded'; value: T} | {state: 'failed'; error: string}

export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [result, setResult] = useState<Loaded<T>>({state: 'loading'})
  useEffect(
    () => {
      let live = true
      load().then(
        (value) => live && setResult({state: 'loaded', value}),
        (reason: unknown) => live && setResult({state: 'failed', error: reason instanceof Error ? reason.message : String(reason)}),
      )
      return () => {
        live = false
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps say when to read again (load is a new closure each render)
    deps,
  )
  return result
}
