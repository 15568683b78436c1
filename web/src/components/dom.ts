/**
 * The small DOM helpers every part of the page script uses (listeners and their cleanups, storage,
 * the connection's fetch-ahead restraint): a module of their own, so that the modules a page
 * fetches apart (client/features/) share them with the core without taking the core's behaviours.
 */

export type Cleanup = () => void

/** The events a target dispatches, by type (a target of no known map: any event by any name, such as the site's own). */
type EventsOf<T> = T extends Window
  ? WindowEventMap
  : T extends Document
    ? DocumentEventMap
    : T extends HTMLElement
      ? HTMLElementEventMap
      : T extends MediaQueryList
        ? MediaQueryListEventMap
        : Record<string, Event>

/** Adds an event listener and returns what removes it: every behaviour's cleanup is made of these. */
export function listen<T extends EventTarget, K extends keyof EventsOf<T> & string>(
  target: T,
  type: K,
  handler: (event: EventsOf<T>[K]) => void,
  options?: AddEventListenerOptions,
): Cleanup {
  const listener = handler as EventListener
  target.addEventListener(type, listener, options)
  return () => target.removeEventListener(type, listener, options)
}

/** One cleanup that runs all of these. */
export function cleanupAll(cleanups: readonly Cleanup[]): Cleanup {
  return () => cleanups.forEach((cleanup) => cleanup())
}

/** localStorage, or nothing when the browser refuses it (private modes). */
export function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function storageSet(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

/** The element an event happened in (its target or the target's nearest ancestor) that matches `selector`. */
export function eventClosest<E extends Element = Element>(event: Event, selector: string): E | null {
  return event.target instanceof Element ? event.target.closest<E>(selector) : null
}

interface NetworkInformationLike {
  saveData?: boolean
  effectiveType?: string
}

/** Prefetching wastes a slow or metered connection: skipped on 2g (and slower) and with save-data. */
export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true
  if (connection.saveData) return false
  return !/(^|-)2g$/.test(connection.effectiveType ?? '')
}

/** prefetchAllowed for this browser's connection: whether anything may be fetched ahead (pages, the search island). */
export function fetchAheadAllowed(): boolean {
  return prefetchAllowed((navigator as Navigator & {connection?: NetworkInformationLike}).connection)
}
