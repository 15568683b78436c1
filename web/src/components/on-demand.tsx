'use client'
/**
 * What the site loads on demand shows a loading indicator once the load has taken 200 ms (spec
 * §9), and on failure an error with a retry. `useOnDemand` runs any loader with those states;
 * `LoadingState` is their view; `LazyEmbed` uses both for embedded demos.
 */
import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react'

export const LOADING_DELAY_MS = 200

export type OnDemandState<T> = {status: 'loading'; pastDelay: boolean} | {status: 'error'; error: unknown} | {status: 'loaded'; value: T}

/** Runs `load` once `enabled`, tracking loading (past the delay or not), error and loaded; `retry` starts again. */
export function useOnDemand<T>(load: () => Promise<T>, enabled = true): {state: OnDemandState<T>; retry: () => void} {
  const [state, setState] = useState<OnDemandState<T>>({status: 'loading', pastDelay: false})
  const [attempt, setAttempt] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    if (!enabled) return
    let live = true
    setState({status: 'loading', pastDelay: false})
    const timer = setTimeout(() => {
      if (live) setState((previous) => (previous.status === 'loading' ? {status: 'loading', pastDelay: true} : previous))
    }, LOADING_DELAY_MS)
    loadRef.current().then(
      (value) => live && setState({status: 'loaded', value}),
      (error: unknown) => live && setState({status: 'error', error}),
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [attempt, enabled])
  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return {state, retry}
}

export interface LoadingLabels {
  loading: string
  error: string
  retry: string
}

/** The spinner (nothing during the first 200 ms) or the error with its retry button. */
export function LoadingState({state, labels, retry}: {state: OnDemandState<unknown>; labels: LoadingLabels; retry: () => void}): ReactNode {
  if (state.status === 'loaded') return null
  if (state.status === 'error') {
    return (
      <div className="load-error" role="alert">
        <p>{labels.error}</p>
        <button type="button" className="button" onClick={retry}>{labels.retry}</button>
      </div>
    )
  }
  if (!state.pastDelay) return null
  return (
    <div className="loader" role="status">
      <svg className="loader-spinner" viewBox="0 0 50 50" aria-hidden="true">
        <circle className="loader-track" cx="25" cy="25" r="20" />
        <circle className="loader-arc" cx="25" cy="25" r="20" />
      </svg>
      <span className="visually-hidden">{labels.loading}</span>
    </div>
  )
}

/** Checks that a same-origin embed answers before showing it, so that a failure can be told and retried. */
async function probe(url: string): Promise<void> {
  if (!url.startsWith('/')) return
  const response = await fetch(url, {cache: 'no-store'})
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
}

/** An embedded demo, loaded when it comes near the viewport. */
export function LazyEmbed({url, title, height, sandbox, labels}: {url: string; title: string; height: number; sandbox: string; labels: LoadingLabels}) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  const [frameLoaded, setFrameLoaded] = useState(false)
  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true)
        observer.disconnect()
      }
    }, {rootMargin: '200px'})
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const {state, retry} = useOnDemand(() => probe(url), near)
  // Until the frame itself has loaded, the reader still waits: keep the loader's states.
  const shown: OnDemandState<unknown> = state.status === 'loaded' && !frameLoaded ? {status: 'loading', pastDelay: true} : state
  return (
    <div ref={box} className="lazy-embed" style={{minHeight: height}} aria-busy={shown.status === 'loading'}>
      <LoadingState state={shown} labels={labels} retry={retry} />
      {state.status === 'loaded' ? <iframe src={url} title={title} height={height} sandbox={sandbox} onLoad={() => setFrameLoaded(true)} className={frameLoaded ? undefined : 'lazy-embed-pending'} /> : null}
    </div>
  )
}
