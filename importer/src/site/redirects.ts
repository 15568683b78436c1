/**
 * `@docusaurus/plugin-client-redirects` → `redirect` documents, as the plugin makes them: its
 * `redirects` ({from, to}, `from` one path or several), `createRedirects(existingPath)` called with
 * every page's path, `fromExtensions` (/page.html → /page) and `toExtensions` (/page → /page.html).
 * As the plugin does, a redirect from an existing page or to itself is left out, the first of two
 * from one path is kept. A redirect to a page that does not exist, or one that loops, is reported with
 * the config's file and line and left out (Docusaurus's build refuses the first; the second would never
 * reach a page).
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {documentId} from '@site/schemas/model'
import {sameSitePath} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import type {ImportedRedirect, SanityDocument} from './sanity-document'
import type {ConfigRecord} from './site-config'

export interface RedirectOptions {
  redirects?: unknown
  createRedirects?: unknown
  fromExtensions?: unknown
  toExtensions?: unknown
}

/** A redirect as made from the options, before it is checked. */
export interface PlannedRedirect {
  from: string
  to: string
  /** The option it comes from, for messages and the studio: redirects[2], createRedirects, fromExtensions. */
  origin: string
}

/** The plugin's options in the config's plugins (undefined when the site does not use it). */
export function clientRedirectOptions(config: ConfigRecord): {options: RedirectOptions; field: string} | undefined {
  const plugins: unknown[] = Array.isArray(config.plugins) ? (config.plugins as unknown[]) : []
  for (const [index, plugin] of plugins.entries()) {
    const name: unknown = Array.isArray(plugin) ? (plugin as unknown[])[0] : plugin
    if (typeof name === 'string' && /(^|\/)plugin-client-redirects$/.test(name)) {
      const second: unknown = Array.isArray(plugin) ? (plugin as unknown[])[1] : undefined
      const options = isRecord(second) ? second : {}
      return {options, field: `plugins[${index}]`}
    }
  }
  return undefined
}

/** A path as Docusaurus gives it to createRedirects: no trailing slash, except the root. */
function docusaurusPath(url: string): string {
  return url === '/' ? '/' : url.replace(/\/+$/, '')
}

/** A site path written without its leading slash or with a doubled one, as the plugin reads it. */
function normalizeFrom(value: string): string {
  return `/${value.trim().replace(/^\/+/, '')}`
}

function extensionsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '').map((item) => item.replace(/^\./, '')) : []
}

/**
 * Every redirect the options make for these page addresses (site paths without locale, as the
 * importer gives pages: /docs/v4/rooms/). `onError` hears an option that throws or is malformed.
 */
export function planRedirects(options: RedirectOptions, pageUrls: readonly string[], onError: (field: string, message: string) => void): PlannedRedirect[] {
  const planned: PlannedRedirect[] = []
  const paths = [...new Set(pageUrls.map(docusaurusPath))]
  if (options.redirects !== undefined && !Array.isArray(options.redirects)) onError('redirects', 'is not a list of {from, to}')
  for (const [index, entry] of (Array.isArray(options.redirects) ? options.redirects : []).entries()) {
    if (!isRecord(entry) || typeof entry.to !== 'string' || (typeof entry.from !== 'string' && !Array.isArray(entry.from))) {
      onError(`redirects[${index}]`, 'is not {from: string | string[], to: string}')
      continue
    }
    const froms = (Array.isArray(entry.from) ? entry.from : [entry.from]).filter((from): from is string => typeof from === 'string')
    for (const from of froms) planned.push({from: normalizeFrom(from), to: entry.to.trim(), origin: `redirects[${index}]`})
  }
  for (const extension of extensionsOf(options.fromExtensions)) {
    for (const page of paths) {
      if (page === '/' || /\.[a-z0-9]+$/i.test(page)) continue
      planned.push({from: `${page}.${extension}`, to: page, origin: 'fromExtensions'})
    }
  }
  for (const extension of extensionsOf(options.toExtensions)) {
    for (const page of paths) {
      if (page.endsWith(`.${extension}`)) planned.push({from: page.slice(0, -extension.length - 1), to: page, origin: 'toExtensions'})
    }
  }
  if (typeof options.createRedirects === 'function') {
    const create = options.createRedirects as (existingPath: string) => unknown
    for (const page of paths) {
      let result: unknown
      try {
        result = create(page)
      } catch (error) {
        onError('createRedirects', `threw for ${page}: ${error instanceof Error ? error.message : String(error)}`)
        continue
      }
      const froms = result === undefined || result === null ? [] : Array.isArray(result) ? result : [result]
      for (const from of froms)
        if (typeof from === 'string' && from.trim() !== '') planned.push({from: normalizeFrom(from), to: page, origin: 'createRedirects'})
    }
  } else if (options.createRedirects !== undefined) {
    onError('createRedirects', 'is not a function (existingPath) => string | string[] | undefined')
  }
  return planned
}

export type RedirectProblem = {kind: 'loop'; chain: string[]} | {kind: 'missing'; to: string}

/** Keys a site path by its page: /docs/x, /docs/x/ and /docs/x/#a are one page. */
function pageKey(value: string): string {
  return value.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/'
}

/**
 * The redirects to keep, in order, and what is wrong with the others: `pages` are the site's addresses.
 * A redirect may lead to another redirect's `from` (a chain): a chain that comes back on itself is a loop.
 */
export function checkRedirects(
  planned: readonly PlannedRedirect[],
  pages: readonly string[],
): {kept: PlannedRedirect[]; dropped: Array<{redirect: PlannedRedirect; reason: 'existing-page' | 'self' | 'duplicate' | RedirectProblem}>} {
  const pageKeys = new Set(pages.map(pageKey))
  const kept: PlannedRedirect[] = []
  const dropped: Array<{redirect: PlannedRedirect; reason: 'existing-page' | 'self' | 'duplicate' | RedirectProblem}> = []
  const byFrom = new Map<string, PlannedRedirect>()
  for (const redirect of planned) {
    const key = pageKey(redirect.from)
    if (sameSitePath(redirect.from, redirect.to)) dropped.push({redirect, reason: 'self'})
    else if (pageKeys.has(key)) dropped.push({redirect, reason: 'existing-page'})
    else if (byFrom.has(key)) dropped.push({redirect, reason: 'duplicate'})
    else byFrom.set(key, redirect)
  }
  for (const redirect of byFrom.values()) {
    const problem = redirectProblem(redirect, byFrom, pageKeys)
    if (problem) dropped.push({redirect, reason: problem})
    else kept.push(redirect)
  }
  return {kept, dropped}
}

/** Follows a redirect (through other redirects) to a page: null when it reaches one or another site. */
export function redirectProblem(
  redirect: {from: string; to: string},
  byFrom: ReadonlyMap<string, {from: string; to: string}>,
  pageKeys: ReadonlySet<string>,
): RedirectProblem | null {
  const chain = [redirect.from]
  let to = redirect.to
  for (;;) {
    if (/^https?:\/\//i.test(to)) return null
    const key = pageKey(to)
    if (pageKeys.has(key)) return null
    const next = byFrom.get(key)
    if (!next) return {kind: 'missing', to}
    if (chain.some((from) => pageKey(from) === key)) return {kind: 'loop', chain: [...chain, to]}
    chain.push(to)
    to = next.to
  }
}

/** The `to` of a redirect written as the site writes page addresses: /docs/x → /docs/x/ when that is the page. */
function sitePathOf(to: string, pages: ReadonlyMap<string, string>): string {
  if (/^https?:\/\//i.test(to)) return to
  const [, pathPart = to, rest = ''] = /^([^?#]*)(.*)$/.exec(to) ?? []
  return `${pages.get(pageKey(pathPart)) ?? pathPart}${rest}`
}

/** The line of the config where `needle` is written (a path in quotes, an option's name), else undefined. */
function lineIn(text: string | undefined, needle: string): number | undefined {
  if (!text) return undefined
  const quoted = [`'${needle}'`, `"${needle}"`, `\`${needle}\``].map((candidate) => text.indexOf(candidate)).find((index) => index !== -1)
  const at = quoted ?? text.search(new RegExp(`\\b${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`))
  return at === undefined || at < 0 ? undefined : text.slice(0, at).split('\n').length
}

/** The line where a `from` path is written (`from: '/old'`, or in a list of froms), with or without its leading slash. */
function fromLineIn(text: string | undefined, from: string): number | undefined {
  if (!text) return undefined
  const bare = from.replace(/^\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`from\\s*:\\s*(?:\\[[^\\]]*?)?['"\`]/?${bare}['"\`]`).exec(text)
  if (!match) return undefined
  const at = match.index + match[0].lastIndexOf(bare.replace(/\\/g, '')[0] ?? '')
  return text.slice(0, at).split('\n').length
}

/**
 * The redirect documents of a site: its plugin options, checked against its page addresses. Every
 * redirect left out is reported (loops and missing pages as warnings with the config's file and line).
 */
export function buildRedirects(siteDir: string, configFile: string, config: ConfigRecord, pageUrls: readonly string[], log: DiagnosticLog): SanityDocument[] {
  const found = clientRedirectOptions(config)
  if (!found) return []
  let text: string | undefined
  try {
    text = readFileSync(path.join(siteDir, configFile), 'utf8')
  } catch {
    text = undefined
  }
  const where = (origin: string, from: string) => {
    const line = fromLineIn(text, from) ?? lineIn(text, origin.replace(/\[\d+\]$/, ''))
    return {file: configFile, ...(line ? {line} : {}), field: `${found.field}[1].${origin}`}
  }
  const planned = planRedirects(found.options, pageUrls, (field, message) =>
    log.warn({
      file: configFile,
      ...(lineIn(text, field.replace(/\[\d+\]$/, '')) ? {line: lineIn(text, field.replace(/\[\d+\]$/, ''))} : {}),
      field: `${found.field}[1].${field}`,
      message: `${message}: no redirect made from it`,
    }),
  )
  const {kept, dropped} = checkRedirects(planned, pageUrls)
  for (const {redirect, reason} of dropped) {
    if (reason === 'duplicate' || reason === 'self') continue
    const at = where(redirect.origin, redirect.from)
    if (reason === 'existing-page') {
      log.warn({
        ...at,
        message: `a redirect from ${redirect.from} is not made: that address is a page of the site (as the plugin, which never hides a page behind a redirect)`,
      })
    } else if (reason.kind === 'loop') {
      log.warn({...at, message: `the redirects ${reason.chain.join(' → ')} loop without reaching a page: not imported; make the last one lead to a page`})
    } else {
      log.warn({
        ...at,
        message: `the redirect ${redirect.from} → ${redirect.to} leads to ${reason.to}, which is not a page of the site: not imported (Docusaurus's build refuses it too)`,
      })
    }
  }
  const pages = new Map(pageUrls.map((url) => [pageKey(url), url]))
  return kept.map(
    (redirect) =>
      ({
        _id: documentId('redirect', redirect.from.replace(/^\//, '') || 'root'),
        _type: 'redirect',
        from: redirect.from,
        to: sitePathOf(redirect.to, pages),
        origin: `${configFile}, ${found.field}[1].${redirect.origin}`,
      }) satisfies ImportedRedirect,
  )
}
