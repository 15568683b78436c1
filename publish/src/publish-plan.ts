/**
 * What a publish renders again. The manifest of the build being served says what each route read;
 * every recorded read is asked again of the content as it is now, and the routes whose answers
 * changed are rendered again, with the routes that are new; routes that are gone are left out.
 * What can touch every page falls back to the full build, with the reason: code or build settings
 * that changed, a shared read that changed (site settings, navbar, the theme, interface strings, versions,
 * sidebars...), a changed document of a type every page reads, no usable manifest, or most pages.
 */
import type {ContentRead} from '@site/content-source/reads'
import {readKey} from '@site/content-source/reads'
import {routeReadsOf, type PublishManifest} from './publish-manifest'

/** A document named by the publish webhook (its projection gives `_id`, `_type` and `delta::operation()`). */
export interface DocumentChange {
  id: string
  type?: string
  operation?: string
}

/** Types every page reads (settings, navbar and footer, the theme, interface strings, sidebars, versions, static files). */
export const SITE_WIDE_TYPES: ReadonlySet<string> = new Set(['siteSettings', 'theme', 'uiStrings', 'sidebar', 'docsVersion', 'staticFile'])

/** Above this share of the routes, rendering them one by one is no quicker than the full build. */
export const FULL_BUILD_SHARE = 0.5

export type PublishPlan =
  | {mode: 'full'; reason: string}
  | {
      mode: 'incremental'
      /** Routes to render: their reads changed, or they are new. */
      render: string[]
      /** Routes served now whose files are kept as they are. */
      keep: string[]
      /** Routes served now that no longer exist. */
      remove: string[]
      /** Why each rendered route is rendered (a changed read, or "new route"). */
      why: Record<string, string>
      /** Changed reads, as "query params". */
      changedReads: string[]
    }

export interface PlanInput {
  previous: PublishManifest | null
  /** Hash of the code and settings now (publish-manifest inputsHash). */
  inputs: string
  /** The documents the publish names, when it names them (null: a publish without a list). */
  changes: readonly DocumentChange[] | null
  /** Every route key of the site as the content is now. */
  routes: readonly string[]
  /** The hash of a read's answer as the content is now. */
  evaluate: (read: ContentRead) => Promise<string>
}

function describe(read: ContentRead): string {
  return `${read.query} ${JSON.stringify(read.params)}`
}

/** Reads evaluated at once: enough to keep Sanity's API (or its stand-in) busy, few enough not to flood it. */
export const EVALUATIONS_AT_ONCE = 8

/** `map` over `items` with at most `limit` calls pending at once; the results in the items' order. */
export async function mapAtMost<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++
      results[at] = await map(items[at] as T)
    }
  }
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, lane))
  return results
}

export async function planPublish({previous, inputs, changes, routes, evaluate}: PlanInput): Promise<PublishPlan> {
  if (!previous)
    return {
      mode: 'full',
      reason: 'the build being served has no dependency manifest (built before incremental publishing, or its manifest could not be written)',
    }
  if (previous.inputs !== inputs) return {mode: 'full', reason: 'the code or the build settings changed since the build being served'}
  const siteWide = (changes ?? []).find((change) => change.type && SITE_WIDE_TYPES.has(change.type))
  if (siteWide) return {mode: 'full', reason: `${siteWide.type} ${siteWide.id} changed: every page shows it`}
  // Every recorded read is asked again, EVALUATIONS_AT_ONCE at a time: with Sanity each is a request.
  const globalHashes = await mapAtMost(previous.global, EVALUATIONS_AT_ONCE, evaluate)
  const changedGlobal = previous.global.find((read, at) => globalHashes[at] !== read.hash)
  if (changedGlobal) return {mode: 'full', reason: `${describe(changedGlobal)} changed: every page reads it`}
  const hashes = await mapAtMost(previous.reads, EVALUATIONS_AT_ONCE, evaluate)
  const changedReads = new Set<number>()
  for (const [at, read] of previous.reads.entries()) if (hashes[at] !== read.hash) changedReads.add(at)
  const now = new Set(routes)
  const why: Record<string, string> = {}
  const render: string[] = []
  const keep: string[] = []
  for (const route of routes) {
    const reads = previous.routes[route]
    if (!reads) {
      render.push(route)
      why[route] = 'new route'
      continue
    }
    const changed = reads.find((at) => changedReads.has(at))
    if (changed === undefined) keep.push(route)
    else {
      render.push(route)
      const read = previous.reads[changed]
      why[route] = read ? describe(read) : 'a changed read'
    }
  }
  const remove = Object.keys(previous.routes)
    .filter((route) => !now.has(route))
    .sort()
  if (render.length > routes.length * FULL_BUILD_SHARE)
    return {mode: 'full', reason: `${render.length} of ${routes.length} pages changed: the full build is as quick`}
  return {
    mode: 'incremental',
    render: render.sort(),
    keep: keep.sort(),
    remove,
    why,
    changedReads: [...changedReads].sort((a, b) => a - b).flatMap((at) => (previous.reads[at] ? [describe(previous.reads[at])] : [])),
  }
}

/** The routes whose recorded reads include a document id's query: for logs ("doc X → these pages"). */
export function routesReading(manifest: PublishManifest, predicate: (read: ContentRead) => boolean): string[] {
  return Object.keys(manifest.routes).filter((route) => routeReadsOf(manifest, route).some(predicate))
}

/** A key for caching evaluations: one query with one set of parameters is asked once per publish. */
export function evaluationKey(read: ContentRead): string {
  return readKey(read.query, read.params)
}
