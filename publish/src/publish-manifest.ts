/**
 * The dependency manifest of a build: for every route, the content reads its page was rendered from
 * (query, parameters, hash of the answer), and the reads every page shares (site settings, interface
 * strings, versions, sidebars...). Written beside the export (web/.builds/<id>.publish.json, never
 * published) from the reads log the render workers append to (content-source/src/reads.ts); read by the next
 * publish to decide what to render again (publish-plan.ts).
 */
import {createHash, type Hash} from 'node:crypto'
import {readdir, readFile, rename, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {ContentRead, ReadLogLine} from '@site/content-source/reads'
import {readKey} from '@site/content-source/reads'

export const MANIFEST_FORMAT = 1

/**
 * Queries whose answer a page's own content comes from: a change reaches the pages that read it.
 * Every other query (site settings, locales, interface strings, versions, the list of doc routes,
 * sidebars, link checks, static files) is read by every page, directly or through its locale's
 * context: a change of one of those rebuilds the whole site.
 */
export const ROUTE_QUERIES: ReadonlySet<string> = new Set([
  'docQuery',
  'docsNavigationQuery',
  'blogPostsQuery',
  'blogPostTextQuery',
  'blogAuthorsQuery',
  'releasesQuery',
  'releaseTextQuery',
  'pageRoutesQuery',
  'pageQuery',
  'homePageQuery',
])

/**
 * Queries of the steps after rendering (search shards, static files, link checks): every publish runs
 * those steps again over the whole site, so their reads outside pages are no dependency of a page.
 */
export const AFTER_RENDER_QUERIES: ReadonlySet<string> = new Set(['searchDocumentsQuery', 'searchSynonymsQuery', 'staticFilesQuery', 'linkChecksQuery'])

export interface PublishManifest {
  format: typeof MANIFEST_FORMAT
  /** Hash of the code and the build settings the pages were rendered with (inputsHash). */
  inputs: string
  /** Reads shared by every page, each once. */
  global: ContentRead[]
  /** Distinct reads of routes' own content. */
  reads: ContentRead[]
  /** Route key (path segments joined by /) → indexes into `reads`. */
  routes: Record<string, number[]>
}

/** Where the manifest of an export folder lives: beside it, so that publishing the folder never ships it. */
export function manifestPathFor(exportDir: string): string {
  return `${exportDir.replace(/[\\/]+$/, '')}.publish.json`
}

/** Where the render workers log their reads during the build of an export folder. */
export function readsLogDirFor(exportDir: string): string {
  return `${exportDir.replace(/[\\/]+$/, '')}.reads`
}

function sameRead(a: ContentRead, b: ContentRead): boolean {
  return a.hash === b.hash
}

/**
 * Builds a manifest from the lines of a reads log. `rendered` lists the routes the build rendered:
 * each must have named itself (an `@route` line), or the manifest would say it read nothing. Two
 * answers of one query that differ (the content changed while the build ran) make the manifest
 * unusable: the error says so, and the next publish builds everything.
 */
export function manifestFromLog(lines: readonly ReadLogLine[], rendered: readonly string[], inputs: string): PublishManifest {
  const global = new Map<string, ContentRead>()
  const routeReads = new Map<string, Map<string, ContentRead>>()
  const named = new Set<string>()
  const conflict = (read: ContentRead, other: ContentRead) => {
    if (!sameRead(read, other))
      throw new Error(`${read.query} ${JSON.stringify(read.params)} gave two different answers during the build (the content changed while it ran)`)
  }
  for (const line of lines) {
    const {route, ...read} = line
    if (read.query === '@route') {
      if (route !== null) named.add(route)
      continue
    }
    const key = readKey(read.query, read.params)
    if (route === null && AFTER_RENDER_QUERIES.has(read.query)) continue
    if (!ROUTE_QUERIES.has(read.query)) {
      const known = global.get(key)
      if (known) conflict(read, known)
      else global.set(key, read)
      continue
    }
    // Reads of a route's own content outside any page (the route list) say nothing of a page.
    if (route === null) continue
    const reads = routeReads.get(route) ?? new Map<string, ContentRead>()
    const known = reads.get(key)
    if (known) conflict(read, known)
    else reads.set(key, read)
    routeReads.set(route, reads)
  }
  const missing = rendered.filter((route) => !named.has(route))
  if (missing.length > 0) throw new Error(`${missing.length} rendered routes recorded no reads (first: /${missing[0]}): the reads log is incomplete`)
  const reads: ContentRead[] = []
  const index = new Map<string, number>()
  const routes: Record<string, number[]> = {}
  for (const route of [...rendered].sort()) {
    const list: number[] = []
    for (const [key, read] of [...(routeReads.get(route) ?? new Map<string, ContentRead>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const id = `${key}\u0000${read.hash}`
      let at = index.get(id)
      if (at === undefined) {
        at = reads.push(read) - 1
        index.set(id, at)
      }
      list.push(at)
    }
    routes[route] = list
  }
  const sortedGlobal = [...global].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, read]) => read)
  return {format: MANIFEST_FORMAT, inputs, global: sortedGlobal, reads, routes}
}

/** The reads of one route, as (query, params, hash). */
export function routeReadsOf(manifest: PublishManifest, route: string): ContentRead[] {
  return (manifest.routes[route] ?? []).map((at) => {
    const read = manifest.reads[at]
    if (!read) throw new Error(`publish manifest: route /${route} refers to read ${at}, which it does not have`)
    return read
  })
}

/**
 * The manifest after an incremental build: kept routes keep what they were rendered from, rendered
 * routes get what they read now, removed routes are gone; shared reads are those of both builds
 * (the publish checked that the previous ones still hold).
 */
export function mergeManifests(previous: PublishManifest, partial: PublishManifest, kept: readonly string[]): PublishManifest {
  // Shared reads of both builds; where both have one, the partial build's answer is the current one.
  const global = new Map<string, ContentRead>()
  for (const read of [...previous.global, ...partial.global]) global.set(readKey(read.query, read.params), read)
  const lines: ReadLogLine[] = [...global.values()].map((read) => ({route: null, ...read}))
  const addRoute = (manifest: PublishManifest, route: string) => {
    lines.push({route, query: '@route', params: {}, hash: ''})
    for (const read of routeReadsOf(manifest, route)) lines.push({route, ...read})
  }
  for (const route of kept) addRoute(previous, route)
  for (const route of Object.keys(partial.routes)) addRoute(partial, route)
  return manifestFromLog(lines, [...kept, ...Object.keys(partial.routes)], partial.inputs)
}

/** Reads every line of the reads log folder (one file per build process). */
export async function readReadsLog(dir: string): Promise<ReadLogLine[]> {
  const lines: ReadLogLine[] = []
  let files: string[]
  try {
    files = (await readdir(dir)).filter((name) => name.endsWith('.ndjson')).sort()
  } catch {
    return lines
  }
  for (const name of files) {
    const text = await readFile(path.join(dir, name), 'utf8')
    text.split('\n').forEach((line, at) => {
      if (!line.trim()) return
      try {
        lines.push(JSON.parse(line) as ReadLogLine)
      } catch {
        throw new Error(`${path.join(dir, name)}:${at + 1}: not a JSON line of the reads log`)
      }
    })
  }
  return lines
}

export async function readManifest(file: string): Promise<PublishManifest | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return null
  }
  const parsed = JSON.parse(text) as Partial<PublishManifest>
  if (parsed.format !== MANIFEST_FORMAT || typeof parsed.inputs !== 'string' || !parsed.routes || !parsed.reads || !parsed.global) return null
  return parsed as PublishManifest
}

export async function writeManifest(file: string, manifest: PublishManifest): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, JSON.stringify(manifest))
  await rename(temporary, file)
}

/**
 * Settings a page can show, hashed, never stored (public values anyway). Where the content comes
 * from (DATASET_DIR) is not one: what it holds is compared read by read.
 */
const BUILD_SETTINGS = /^(NEXT_PUBLIC_\w+|STUDIO_URL|SANITY_PROJECT_ID|SANITY_DATASET|SANITY_API_VERSION|SANITY_API_HOST|SANITY_PERSPECTIVE)$/

/** Folders and files whose change is a change of code: a publish after one builds everything. */
export const CODE_INPUTS = [
  'web/app',
  'web/src',
  'web/public',
  'web/next.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'schemas/src',
  'schemas/package.json',
  'content-source/src',
  'content-source/package.json',
  'publish/src',
  'publish/package.json',
  'package-lock.json',
  'tsconfig.json',
]

async function* filesUnder(root: string, relative: string): AsyncGenerator<string> {
  const full = path.join(root, relative)
  let entries
  try {
    entries = await readdir(full, {withFileTypes: true})
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOTDIR') {
      yield relative
      return
    }
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return
    throw error
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    // Tests do not reach pages, git's and npm's folders are neither code nor content; what prepare-export copies
    // into public/ is no code: the dataset's images are content, KaTeX's assets come with its version (in the lock file).
    const skipped = entry.name === '__tests__' || entry.name === 'node_modules' || entry.name === '.git'
    if (skipped || (relative === 'web/public' && (entry.name === '_dataset' || entry.name === '_katex'))) continue
    const child = path.join(relative, entry.name)
    if (entry.isDirectory()) yield* filesUnder(root, child)
    else yield child
  }
}

/** Adds every file under `inputs` (folders or files, relative to `root`) to `hash`: its path, then its bytes. */
export async function hashFiles(hash: Hash, root: string, inputs: readonly string[]): Promise<void> {
  for (const input of inputs) {
    for await (const file of filesUnder(root, input)) {
      hash.update(`${file.split(path.sep).join('/')}\u0000`)
      hash.update(await readFile(path.join(root, file)))
      hash.update('\u0000')
    }
  }
}

/** A hash of the code and the build settings: equal hashes, same pages for the same content. */
export async function inputsHash(root: string, env: Record<string, string | undefined> = process.env): Promise<string> {
  const hash = createHash('sha256')
  await hashFiles(hash, root, CODE_INPUTS)
  for (const name of Object.keys(env)
    .filter((key) => BUILD_SETTINGS.test(key))
    .sort())
    hash.update(`${name}=${env[name] ?? ''}\u0000`)
  return hash.digest('hex').slice(0, 24)
}

/** Removes a reads log folder once its manifest is written. */
export async function removeReadsLog(dir: string): Promise<void> {
  await rm(dir, {recursive: true, force: true})
}
