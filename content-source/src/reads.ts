/**
 * What each route read while it was rendered: every query of the content source (name, parameters,
 * a hash of the answer the page got) is recorded for the page being rendered, so that a publish can
 * tell which pages a changed document reaches (publish/src/publish-plan.ts). Recording is on only
 * when SITE_READS_LOG names a folder: each build process appends its reads there as NDJSON.
 */
import {AsyncLocalStorage} from 'node:async_hooks'
import {createHash} from 'node:crypto'
import {appendFileSync, mkdirSync} from 'node:fs'
import path from 'node:path'
import {cache} from 'react'
import * as queries from '@site/schemas/queries'

/** One recorded read: which query, with which parameters, and the hash of the answer. */
export interface ContentRead {
  query: string
  params: Record<string, unknown>
  hash: string
}

/** A line of the reads log: a read made while rendering `route` (null: outside any page). */
export interface ReadLogLine extends ContentRead {
  route: string | null
}

const QUERY_NAMES = new Map<string, string>(Object.entries(queries).flatMap(([name, value]) => (typeof value === 'string' ? [[value, name] as const] : [])))

/** The export name of a query of @site/schemas/queries (its text when it is not one of them). */
export function queryName(query: string): string {
  return QUERY_NAMES.get(query) ?? query
}

/** A stable key of a read: query name and parameters in key order. */
export function readKey(query: string, params: Record<string, unknown>): string {
  return JSON.stringify([
    query,
    Object.keys(params)
      .sort()
      .map((key) => [key, params[key]]),
  ])
}

/** The hash of an answer as the page got it (JSON of groq results is stable: same content, same text). */
export function answerHash(answer: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(answer ?? null))
    .digest('hex')
    .slice(0, 20)
}

/** Reads gathered by a memoized loader (once.ts), replayed into each caller's scope. */
export type ReadSet = Map<string, ContentRead>

const loaderScope = new AsyncLocalStorage<ReadSet>()

/** The page being rendered and what it read before it said which page it is (React's per-request cache). */
interface RequestReads {
  route: string | null
  pending: ReadSet
  logged: Set<string>
}

// Outside a React server render, cache() calls through: every call gets a fresh, unnamed record whose reads are dropped.
const requestReads = cache((): RequestReads => ({route: null, pending: new Map(), logged: new Set()}))

function logFile(): string | null {
  const dir = process.env.SITE_READS_LOG?.trim()
  if (!dir) return null
  mkdirSync(dir, {recursive: true})
  return path.join(dir, `reads-${process.pid}.ndjson`)
}

function logRead(route: string | null, read: ContentRead, logged: Set<string>): void {
  const key = readKey(read.query, read.params)
  if (logged.has(key)) return
  logged.add(key)
  const file = logFile()
  if (file) appendFileSync(file, `${JSON.stringify({route, ...read} satisfies ReadLogLine)}\n`)
}

/** Reads made outside any page (route lists, build steps), logged once per process. */
const outsideLogged = new Set<string>()

/** Records one read for the loader or the page it is made for. */
export function recordRead(read: ContentRead): void {
  if (!process.env.SITE_READS_LOG) return
  const scope = loaderScope.getStore()
  if (scope) {
    scope.set(readKey(read.query, read.params), read)
    return
  }
  const request = requestReads()
  if (request.route !== null) logRead(request.route, read, request.logged)
  else {
    request.pending.set(readKey(read.query, read.params), read)
    // Also kept as a read outside pages: a page that never names itself still leaves a trace.
    logRead(null, read, outsideLogged)
  }
}

/** Says which page the current React render is (its path segments joined by /): its reads are logged under it. */
export function recordRoute(route: string): void {
  if (!process.env.SITE_READS_LOG) return
  const request = requestReads()
  if (request.route === route) return
  request.route = route
  logRead(route, {query: '@route', params: {}, hash: ''}, request.logged)
  for (const read of request.pending.values()) logRead(route, read, request.logged)
  request.pending.clear()
}

/**
 * Runs a loader whose result is shared between pages, gathering what it reads into `reads`
 * (once.ts keeps them beside the result and replays them for every page that uses it).
 */
export function gatherReads<T>(reads: ReadSet, load: () => Promise<T>): Promise<T> {
  return loaderScope.run(reads, load)
}

/** Records again, for the current caller, the reads a shared loader made. */
export function replayReads(reads: ReadSet): void {
  for (const read of reads.values()) recordRead(read)
}

/** Whether reads are being recorded (SITE_READS_LOG is set). */
export function recordingReads(): boolean {
  return Boolean(process.env.SITE_READS_LOG)
}
