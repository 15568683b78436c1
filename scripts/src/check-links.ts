/**
 * Checks the links of the static export: crawls every HTML file and checks that each site-relative
 * link and each image, video, icon or stylesheet it loads resolves to a file (as scripts/src/serve.ts
 * resolves it), and each #fragment to an element id of the target page. External links are never
 * fetched. What a broken link, file or anchor does follows the site's settings, as in Docusaurus
 * (onBrokenLinks, throw by default; onBrokenAnchors, warn by default).
 */
import {readdir, readFile, realpath} from 'node:fs/promises'
import {join, relative, resolve, sep} from 'node:path'
import {pathToFileURL} from 'node:url'
import {Parser} from 'htmlparser2'
import {fileInodes} from '@site/web/build/files'
import {recordPublishEvent} from '@site/publish/publish-events'
import {REDIRECTS_FILE} from '@site/web/build/redirect-files'
import {refusedScheme, schemeOf} from '@site/schemas/link-schemes'
import {ForbiddenPathError, resolveUrlPath} from './serve'

export interface PageLink {
  /** The attribute value as written in the page. */
  href: string
  /** `a`, `link rel=…`, `img`…, to say where the link came from. */
  tag: string
  /** A file the page loads (an image, a video, an icon) rather than a page it links to. */
  resource?: boolean
}

export interface ParsedPage {
  ids: Set<string>
  links: PageLink[]
  /** Addresses with a scheme a page must not hold (see refusedSchemeLinks), in any URL attribute. */
  refusedSchemes?: PageLink[]
  /** The page's `<base href>`, when it has one. */
  base?: string
}

/** `scheme`: an address a browser would run or open locally (javascript:, data:, file: …), refused whatever the settings. */
/**
 * The addresses of a srcset, read as HTML's parser does: an address runs to the next white space
 * (so `data:image/png;base64,AAAA 1x` is one address), trailing commas end a candidate, and a
 * descriptor runs to the next comma outside parentheses.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = []
  let at = 0
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at] ?? '')) at++
    if (at >= srcset.length) break
    let end = at
    while (end < srcset.length && !/\s/.test(srcset[end] ?? '')) end++
    let url = srcset.slice(at, end)
    at = end
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '')
    } else {
      let depth = 0
      while (at < srcset.length) {
        const char = srcset[at]
        if (char === '(') depth++
        else if (char === ')') depth = Math.max(0, depth - 1)
        else if (char === ',' && depth === 0) break
        at++
      }
    }
    if (url) urls.push(url)
  }
  return urls
}

export type BrokenKind = 'link' | 'anchor' | 'resource' | 'scheme'

export interface BrokenLink {
  /** URL path of the page holding the link (`/fr/docs/v4/rooms/`). */
  page: string
  link: string
  reason: string
  /** A missing page, a missing #anchor on an existing page, or a missing file the page loads. */
  kind: BrokenKind
}

export type LinkPolicy = 'ignore' | 'log' | 'warn' | 'throw'

/** What each kind of broken link does; Docusaurus's defaults. */
export interface LinkPolicies {
  onBrokenLinks: LinkPolicy
  onBrokenAnchors: LinkPolicy
}

export const DEFAULT_POLICIES: LinkPolicies = {onBrokenLinks: 'throw', onBrokenAnchors: 'warn'}

export interface LinkCheckResult {
  pages: number
  links: number
  broken: BrokenLink[]
  /** With `since`: pages not checked again because they are the checked release's own files (hard links). */
  unchanged?: number
  /** With `since`, when every page was checked all the same: why. */
  checkedAll?: string
}

export interface LinkCheckOptions {
  /** The site's public origin (`https://socket.io`): absolute links to it are checked as internal. */
  siteUrl?: string
  /**
   * A release whose links were checked, from which this one was assembled (an incremental publish): its
   * pages that this one shares as hard links are not checked again, when nothing they could point at is
   * gone: no file of it is missing here, and no page written again lost an element id.
   */
  since?: string
}

const CHECKED_REL = new Set(['alternate', 'canonical'])
/** `<link rel>` values whose href the page loads. */
const LOADED_REL = new Set(['icon', 'shortcut', 'apple-touch-icon', 'stylesheet', 'manifest', 'preload'])
/** Attributes of elements that load a file. */
const RESOURCE_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  script: ['src'],
  iframe: ['src'],
  track: ['src'],
}

/** Ids and links of one HTML document, in one pass of a streaming tokenizer. */
export function parsePage(html: string): ParsedPage {
  const page: ParsedPage = {ids: new Set(), links: []}
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const refused = refusedSchemeLinks(name, attributes)
        if (refused.length > 0) (page.refusedSchemes ??= []).push(...refused)
        const id = attributes.id
        if (id !== undefined && id !== '') page.ids.add(id)
        // A demo loaded on demand (the site's lazy embed) is a frame the page will load.
        const embedUrl = attributes['data-embed-url']
        if (embedUrl) page.links.push({href: embedUrl, tag: `${name} data-embed-url`, resource: true})
        if (name === 'a') {
          // <a name> is an older way to make a fragment target, still honoured by browsers.
          if (attributes.name) page.ids.add(attributes.name)
          if (attributes.href !== undefined) page.links.push({href: attributes.href, tag: 'a'})
        } else if (name === 'link' && attributes.href !== undefined) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/)
          if (rel.some((token) => CHECKED_REL.has(token))) page.links.push({href: attributes.href, tag: `link rel=${attributes.rel}`})
          else if (rel.some((token) => LOADED_REL.has(token))) page.links.push({href: attributes.href, tag: `link rel=${attributes.rel}`, resource: true})
        } else if (RESOURCE_ATTRIBUTES[name]) {
          for (const attribute of RESOURCE_ATTRIBUTES[name] ?? []) {
            const value = attributes[attribute]
            if (value) page.links.push({href: value, tag: name, resource: true})
          }
          const srcset = attributes.srcset
          if (srcset) for (const url of srcsetUrls(srcset)) page.links.push({href: url, tag: `${name} srcset`, resource: true})
        } else if (name === 'base' && attributes.href && page.base === undefined) {
          page.base = attributes.href
        }
      },
    },
    {decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true},
  )
  parser.end(html)
  return page
}

/** The URL path at which a file of the export is read: `fr/docs/index.html` → `/fr/docs/`. */
export function pageUrlOf(relativeFile: string): string {
  const path = relativeFile.split(sep).join('/')
  if (path === 'index.html') return '/'
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'index.html'.length)}`
  if (/^(.*\/)?404\.html$/.test(path)) return `/${path}`
  return `/${path.replace(/\.html$/, '')}`
}

const PLACEHOLDER_ORIGIN = 'http://site.invalid'

export type LinkTarget = {kind: 'external'} | {kind: 'internal'; pathname: string; fragment: string} | {kind: 'malformed'; reason: string}

/** Where a link points, from the page at `pageUrl`: outside the site, or a path and fragment inside it. */
export function classifyLink(href: string, pageUrl: string, options: LinkCheckOptions = {}, base?: string): LinkTarget {
  const value = href.trim()
  const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : undefined
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value)
  if ((hasScheme || value.startsWith('//')) && !siteOrigin) return {kind: 'external'}
  let url: URL
  try {
    const pageBase = new URL(pageUrl, PLACEHOLDER_ORIGIN)
    url = new URL(value, base ? new URL(base, pageBase) : pageBase)
  } catch {
    return {kind: 'malformed', reason: 'not a valid URL'}
  }
  if (url.origin !== PLACEHOLDER_ORIGIN && url.origin !== siteOrigin) return {kind: 'external'}
  let fragment = ''
  if (url.hash.length > 1) {
    try {
      fragment = decodeURIComponent(url.hash.slice(1))
    } catch {
      return {kind: 'malformed', reason: 'malformed percent-encoding in the fragment'}
    }
  }
  return {kind: 'internal', pathname: url.pathname, fragment}
}

/** Attributes that browsers load or follow as an address. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'background', 'cite', 'ping']

/** The addresses of one element (`<a href>`, `<img src>`, `<form action>` …) whose scheme is not allowed, or none. */
export function refusedSchemeLinks(tag: string, attributes: Record<string, string>): PageLink[] {
  const refused: PageLink[] = []
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name]
    if (value === undefined) continue
    if (refusedScheme(value)) refused.push({href: value, tag: `${tag} ${name}`})
  }
  const srcset = attributes.srcset
  if (srcset) {
    for (const url of srcsetUrls(srcset)) {
      if (refusedScheme(url)) refused.push({href: url, tag: `${tag} srcset`})
    }
  }
  return refused
}

/**
 * The pages of `root` to check when `since` is a checked release it was assembled from: those written
 * again (not hard links of `since`'s files), or all of them (with the reason) when a file of `since` is
 * missing from `root` or a page written again lost an element id that a shared page may link to.
 */
export async function pagesChangedSince(root: string, since: string): Promise<{pages: string[]; unchanged: number} | {all: string}> {
  const [now, before] = await Promise.all([fileInodes(root), fileInodes(since)])
  const missing = [...before.keys()].find((file) => !now.has(file))
  if (missing !== undefined) return {all: `${missing} of ${since} is gone`}
  const pages: string[] = []
  let unchanged = 0
  for (const [file, inode] of now) {
    if (!file.endsWith('.html')) continue
    if (before.get(file) === inode) unchanged++
    else pages.push(join(root, file))
  }
  for (const page of pages) {
    const file = relative(root, page)
    if (!before.has(file)) continue
    const [ids, idsBefore] = await Promise.all([readFile(page, 'utf8'), readFile(join(since, file), 'utf8')]).then((texts) =>
      texts.map((text) => parsePage(text).ids),
    )
    const lost = [...(idsBefore ?? [])].find((id) => !ids?.has(id))
    if (lost !== undefined) return {all: `${pageUrlOf(file)} no longer has the element id "${lost}"`}
  }
  return {pages: pages.sort(), unchanged}
}

async function listHtmlFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({length: Math.min(limit, items.length)}, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T)
    }
  })
  await Promise.all(workers)
  return results
}

/** Checks every internal link of every HTML file under `dir`. */
/**
 * The redirects of the export (_site/redirects.json, web/src/build/redirect-pages.ts), followed to
 * the page they end at: a redirect to a page that does not exist, or a chain of redirects that comes
 * back on itself, is a broken link of the redirect's old address, naming its document and field.
 */
export async function redirectProblems(root: string, exists: (pathname: string) => Promise<boolean>): Promise<BrokenLink[]> {
  let redirects: Array<{id: string; from: string; to: string}>
  try {
    redirects = JSON.parse(await readFile(join(root, ...REDIRECTS_FILE.split('/')), 'utf8')) as Array<{id: string; from: string; to: string}>
  } catch {
    return []
  }
  const key = (value: string) => value.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/'
  const byFrom = new Map(redirects.map((redirect) => [key(redirect.from), redirect]))
  const broken: BrokenLink[] = []
  for (const redirect of redirects) {
    const chain = [key(redirect.from)]
    let to = redirect.to
    for (;;) {
      if (/^https?:\/\//i.test(to)) break
      const next = byFrom.get(key(to))
      if (next) {
        if (chain.includes(key(to))) {
          broken.push({
            page: redirect.from,
            link: redirect.to,
            reason: `the redirects ${[...chain, key(to)].join(' → ')} loop without reaching a page (redirect ${redirect.id}, field "to")`,
            kind: 'link',
          })
          break
        }
        chain.push(key(to))
        to = next.to
        continue
      }
      if (!(await exists(to.replace(/[?#].*$/, '')))) {
        broken.push({
          page: redirect.from,
          link: redirect.to,
          reason: `the redirect leads to ${to}, which is not a page of the site (redirect ${redirect.id}, field "to")`,
          kind: 'link',
        })
      }
      break
    }
  }
  return broken
}

export async function checkLinks(dir: string, options: LinkCheckOptions = {}): Promise<LinkCheckResult> {
  const root = await realpath(resolve(dir))
  let files: string[]
  let unchanged: number | undefined
  let checkedAll: string | undefined
  const changed = options.since ? await pagesChangedSince(root, await realpath(resolve(options.since))) : null
  if (changed && 'pages' in changed) ({pages: files, unchanged} = changed)
  else {
    files = await listHtmlFiles(root)
    if (changed) checkedAll = changed.all
  }
  const parsed = new Map<string, ParsedPage>()
  await mapLimited(files, 32, async (file) => {
    parsed.set(file, parsePage(await readFile(file, 'utf8')))
  })

  // Many pages share the navbar and footer: resolve each distinct path once.
  const resolved = new Map<string, Promise<{file: string | null; problem?: string}>>()
  const resolvePath = (pathname: string) => {
    let pending = resolved.get(pathname)
    if (!pending) {
      pending = resolveUrlPath(root, pathname).then(
        (file) => ({file: file?.path ?? null}),
        (error: unknown) => {
          if (error instanceof ForbiddenPathError) return {file: null, problem: error.message}
          throw error
        },
      )
      resolved.set(pathname, pending)
    }
    return pending
  }
  const idsOf = async (file: string): Promise<Set<string>> => {
    let page = parsed.get(file)
    if (!page) {
      page = parsePage(await readFile(file, 'utf8'))
      parsed.set(file, page)
    }
    return page.ids
  }

  const broken: BrokenLink[] = []
  let links = 0
  for (const file of files) {
    const page = parsed.get(file)
    if (!page) continue
    const pageUrl = pageUrlOf(relative(root, file))
    for (const link of page.refusedSchemes ?? [])
      broken.push({
        page: pageUrl,
        link: link.href,
        reason: `${link.tag}: ${schemeOf(link.href)}: addresses are not allowed (only http, https, mailto, tel and site paths)`,
        kind: 'scheme',
      })
    for (const link of page.links) {
      links++
      const target = classifyLink(link.href, pageUrl, options, page.base)
      if (target.kind === 'external') continue
      const kind: BrokenKind = link.resource ? 'resource' : 'link'
      if (target.kind === 'malformed') {
        broken.push({page: pageUrl, link: link.href, reason: target.reason, kind})
        continue
      }
      const {file: targetFile, problem} = await resolvePath(target.pathname)
      if (!targetFile) {
        broken.push({
          page: pageUrl,
          link: link.href,
          reason: problem ?? (link.resource ? `no such file in the export (<${link.tag}>)` : 'no such page in the export'),
          kind,
        })
        continue
      }
      // "#top" scrolls to the top in every browser without needing an element.
      if (link.resource || target.fragment === '' || target.fragment === 'top' || !targetFile.endsWith('.html')) continue
      if (!(await idsOf(targetFile)).has(target.fragment)) {
        const where = targetFile === file ? 'this page' : pageUrlOf(relative(root, targetFile))
        broken.push({page: pageUrl, link: link.href, reason: `no element with id "${target.fragment}" on ${where}`, kind: 'anchor'})
      }
    }
  }
  broken.push(...(await redirectProblems(root, async (pathname) => (await resolvePath(pathname)).file !== null)))
  return {pages: files.length, links, broken, ...(unchanged !== undefined ? {unchanged} : {}), ...(checkedAll ? {checkedAll} : {})}
}

/**
 * One line per broken link; a link broken on many pages (a navbar or footer entry) is shown once
 * with the number of pages, so that the real cause is not buried.
 */
export function formatBrokenLinks(broken: readonly BrokenLink[], collapseAfter = 5): string[] {
  const groups = new Map<string, BrokenLink[]>()
  for (const item of broken) {
    const key = `${item.link}\u0000${item.reason}`
    const group = groups.get(key) ?? []
    group.push(item)
    groups.set(key, group)
  }
  const lines: string[] = []
  for (const group of groups.values()) {
    const first = group[0]
    if (!first) continue
    if (group.length > collapseAfter) {
      const shown = group.slice(0, 3).map((item) => item.page)
      lines.push(`${first.link} (${first.reason}) on ${group.length} pages: ${shown.join(', ')} and ${group.length - shown.length} more`)
    } else {
      for (const item of group) lines.push(`${item.page} → ${item.link} (${item.reason})`)
    }
  }
  return lines
}

/** The policy that applies to a kind of broken link: files a page loads count as links. */
export function policyFor(kind: BrokenKind, policies: LinkPolicies): LinkPolicy {
  if (kind === 'scheme') return 'throw'
  return kind === 'anchor' ? policies.onBrokenAnchors : policies.onBrokenLinks
}

const USAGE =
  'usage: check-links.ts <export folder> [--site-url https://example.com] [--settings] [--since <checked export>] [--on-broken-links throw|warn|log|ignore] [--on-broken-anchors throw|warn|log|ignore]\n' +
  '  --settings: take the link checks from the site settings of the content the export was built from (DATASET_DIR, or the Sanity project)\n' +
  '  --since: the checked export this one was assembled from (an incremental publish): the pages it shares as hard links are not checked again'
const POLICY_VALUES = new Set(['ignore', 'log', 'warn', 'throw'])

/** The link checks of the site's settings, from the content the export was built from. */
async function settingsPolicies(): Promise<LinkPolicies> {
  const {contentTransportFromEnv} = await import('@site/content-source')
  const {linkChecksQuery} = await import('@site/schemas/queries')
  const root = resolve(import.meta.dirname, '../..')
  try {
    const source = await contentTransportFromEnv(process.env, root)
    const stored = await source.fetch(linkChecksQuery, {})
    const pick = (value: string | null | undefined, fallback: LinkPolicy): LinkPolicy => (value && POLICY_VALUES.has(value) ? (value as LinkPolicy) : fallback)
    return {
      onBrokenLinks: pick(stored?.onBrokenLinks, DEFAULT_POLICIES.onBrokenLinks),
      onBrokenAnchors: pick(stored?.onBrokenAnchors, DEFAULT_POLICIES.onBrokenAnchors),
    }
  } catch {
    return DEFAULT_POLICIES
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let dir: string | undefined
  let siteUrl: string | undefined
  const given: Partial<LinkPolicies> = {}
  let fromSettings = false
  let since: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--settings') {
      fromSettings = true
      continue
    }
    if (arg === '--since') {
      since = argv[++i]
      if (!since) {
        console.error(`check-links: --since needs the folder of a checked export\n${USAGE}`)
        return 2
      }
      continue
    }
    const policyFlag = /^--on-broken-(links|anchors)(?:=(.*))?$/.exec(arg)
    if (policyFlag) {
      const value = policyFlag[2] ?? argv[++i] ?? ''
      if (!POLICY_VALUES.has(value)) {
        console.error(`check-links: ${arg.split('=')[0]} takes throw, warn, log or ignore\n${USAGE}`)
        return 2
      }
      given[policyFlag[1] === 'links' ? 'onBrokenLinks' : 'onBrokenAnchors'] = value as LinkPolicy
    } else if (arg === '--site-url' || arg.startsWith('--site-url=')) {
      siteUrl = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]
      if (!siteUrl || !URL.canParse(siteUrl)) {
        console.error(`check-links: --site-url needs an absolute URL\n${USAGE}`)
        return 2
      }
    } else if (!arg.startsWith('-') && dir === undefined) {
      dir = arg
    } else {
      console.error(`check-links: unexpected argument "${arg}"\n${USAGE}`)
      return 2
    }
  }
  if (!dir) {
    console.error(USAGE)
    return 2
  }
  const started = performance.now()
  let result: LinkCheckResult
  try {
    result = await checkLinks(dir, {...(siteUrl ? {siteUrl} : {}), ...(since ? {since} : {})})
  } catch (error) {
    console.error(`check-links: cannot read ${dir}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  const shared = result.unchanged !== undefined ? `, ${result.unchanged} pages shared with ${since} not checked again` : ''
  const all = result.checkedAll ? `, every page checked: ${result.checkedAll}` : ''
  const summary = `${result.pages} pages, ${result.links} links${shared}${all}, ${seconds} s`
  if (result.pages === 0 && result.unchanged === undefined) {
    console.error(`check-links: no HTML files in ${dir}`)
    return 1
  }
  const policies = {...(fromSettings ? await settingsPolicies() : DEFAULT_POLICIES), ...given}
  const labels: Record<BrokenKind, string> = {
    link: 'broken links',
    resource: 'missing files (images, videos, icons)',
    anchor: 'broken anchors',
    scheme: 'addresses with a refused scheme',
  }
  let failed = false
  const refusing: BrokenLink[] = []
  for (const kind of ['scheme', 'link', 'resource', 'anchor'] as const) {
    const found = result.broken.filter((item) => item.kind === kind)
    const policy = policyFor(kind, policies)
    if (found.length === 0 || policy === 'ignore') continue
    const setting = kind === 'anchor' ? 'onBrokenAnchors' : 'onBrokenLinks'
    const heading = `check-links: ${found.length} ${labels[kind]} in ${dir} (${kind === 'scheme' ? 'refused whatever the settings' : `${setting}: ${policy}`})`
    const lines = formatBrokenLinks(found)
    if (policy === 'throw') {
      failed = true
      refusing.push(...found)
      console.error(`${heading}:`)
      for (const line of lines) console.error(`  ${line}`)
    } else {
      console.warn(`${heading}:`)
      for (const line of policy === 'log' ? lines.slice(0, 10) : lines) console.warn(`  ${line}`)
      if (policy === 'log' && lines.length > 10) console.warn(`  … and ${lines.length - 10} more`)
    }
  }
  if (failed) {
    // For the publish's status: the links that refused it, which the publish service explains to editors.
    recordPublishEvent({event: 'links-refused', broken: refusing.slice(0, 200), at: Date.now()})
    return 1
  }
  console.log(`check-links: ${result.broken.length === 0 ? 'no broken internal links' : 'no broken link that fails the build'} in ${dir} (${summary})`)
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
