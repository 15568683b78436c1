/**
 * The routes an incremental publish renders: SITE_BUILD_ROUTES names a JSON file listing their keys
 * (path segments joined by /, '' for the home page); without it every route is rendered.
 */
import {readFileSync} from 'node:fs'
import {parseRoute, routeSegments, type Route, type RoutingTable, type UrlTable} from '@site/schemas/routing'

/** A route's key: its path segments as generateStaticParams lists them, joined by /. */
export function routeKey(segments: readonly string[]): string {
  return segments.map((segment) => safeDecode(segment)).join('/')
}

// Next may hand a page its params percent-encoded; listed routes are not.
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The path segments of every route, as generateStaticParams returns them, after checking that each
 * address belongs to one route only and parses back to its kind: two documents at one address are an
 * error naming both, never a page silently replaced by the other.
 */
export function routeParams(table: RoutingTable, routes: readonly Route[]): string[][] {
  const seen = new Map<string, string>()
  return routes.map((route) => {
    const segments = routeSegments(table, route)
    const key = segments.join('/')
    const parsed = parseRoute(table, segments)
    if (parsed.kind !== route.kind)
      throw new Error(`The ${route.kind} route /${key} is shadowed by the ${parsed.kind} route with the same address; rename the content`)
    const other = seen.get(key)
    if (other) throw new Error(`Two routes have the address /${key}: ${other} and ${route.kind}`)
    seen.set(key, route.kind)
    return segments
  })
}

/** The path segments of a route key: the inverse of routeKey for the segments routeSegments makes. */
export function keySegments(key: string): string[] {
  return key === '' ? [] : key.split('/')
}

/** The keys to render, or null for all; a file that is not a list of strings is an error naming it. */
export function routeFilter(env: Record<string, string | undefined> = process.env): Set<string> | null {
  const file = env.SITE_BUILD_ROUTES?.trim()
  if (!file) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`SITE_BUILD_ROUTES: cannot read ${file} as JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'string'))
    throw new Error(`SITE_BUILD_ROUTES: ${file} must hold a JSON list of route keys (strings)`)
  return new Set(parsed)
}

/** The file a route's page is exported to (a locale's not-found page becomes its 404.html, see finalize-export). */
export function routeFile(table: UrlTable, route: Route): string {
  const segments = routeSegments(table, route)
  if (route.kind === 'notFound') return [...segments.slice(0, -1), '404.html'].join('/')
  return [...segments, 'index.html'].join('/')
}
