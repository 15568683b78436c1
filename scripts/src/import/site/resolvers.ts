/**
 * Link and image resolution for bodies: relative `.md` links become locale-less site URLs, images
 * become Sanity asset references to files copied into the dataset's images/ folder.
 */
import {existsSync, statSync} from 'node:fs'
import path from 'node:path'
import type {DiagnosticLog} from '../diagnostics'
import {contentHash} from '../keys'
import type {ImageValue} from '../portable-text'
import type {SiteEntries} from './entries'
import {latestVersion, type SiteConfig} from './site-config'

/** Site URL of every markdown file, by its default-locale path (docs/02-server/rooms.md → /docs/v4/rooms/). */
export function buildUrlIndex(entries: SiteEntries, site: SiteConfig): Map<string, string> {
  const urls = new Map<string, string>()
  for (const doc of entries.docs) {
    urls.set(doc.canonicalPath, `/docs/${doc.version.path}/${doc.slug === 'index' ? '' : `${doc.slug}/`}`)
  }
  for (const post of entries.posts) urls.set(post.canonicalPath, `/blog/${post.slug}/`)
  const changelogBase = `/docs/${latestVersion(site)?.path ?? 'v1'}/changelog`
  for (const release of entries.releases) urls.set(release.canonicalPath, `${changelogBase}/${release.version}`)
  for (const page of entries.pages) {
    const isIndex = /(^|\/)index\.mdx?$/.test(page.canonicalPath)
    urls.set(page.canonicalPath, isIndex ? `/${page.path}/` : `/${page.path}`)
  }
  for (const home of entries.home) urls.set(home.canonicalPath, '/')
  return urls
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/** Where `href` written in `file` (at `line`) points: a site URL for `.md` files, unchanged otherwise. */
export function resolveLink(
  href: string,
  file: string,
  canonicalPath: string,
  line: number,
  urls: ReadonlyMap<string, string>,
  log: DiagnosticLog,
): string {
  if (EXTERNAL.test(href) || href.startsWith('#')) return href
  const [target = '', hash] = splitOnce(href, '#')
  const pathPart = target.split('?')[0] ?? ''
  if (!/\.mdx?$/.test(pathPart)) return href
  const decoded = safeDecode(pathPart)
  // A translation's relative links are written against its own folder; the site has one URL per
  // page whatever the locale, so they are looked up in the default-locale layout.
  const candidates = pathPart.startsWith('/')
    ? [decoded.slice(1)]
    : [path.posix.join(path.posix.dirname(canonicalPath), decoded), path.posix.join(path.posix.dirname(file), decoded)]
  for (const candidate of candidates) {
    const url = urls.get(candidate)
    if (url) return hash ? `${url}#${hash}` : url
  }
  log.warn({file, line, message: `link to a missing file: ${href}`})
  return href
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const index = text.indexOf(separator)
  return index === -1 ? [text, undefined] : [text.slice(0, index), text.slice(index + 1)]
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Images used by the content: each file gets one stable name in the dataset's images/ folder. */
export class ImageStore {
  private readonly byAbsolute = new Map<string, string>()
  private readonly byName = new Map<string, string>()

  constructor(private readonly contentDir: string) {}

  /** An image value for `src` as written in `file`, or why there is none. */
  resolve(src: string, file: string): ImageValue | {problem: string} {
    const trimmed = src.trim()
    if (/^https?:\/\//.test(trimmed)) return {_type: 'image', _sanityAsset: `image@${trimmed}`}
    if (EXTERNAL.test(trimmed)) return {problem: `image address not supported: ${src}`}
    const clean = safeDecode(trimmed.split(/[?#]/)[0] ?? '')
    const candidates = clean.startsWith('/')
      ? [path.join(this.contentDir, 'static', clean)]
      : [path.join(this.contentDir, path.dirname(file), clean), path.join(this.contentDir, 'static', clean)]
    const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile())
    if (!found) return {problem: `image not found: ${src}`}
    return {_type: 'image', _sanityAsset: `image@file://./images/${this.nameFor(found)}`}
  }

  /** Files to copy: name in images/ → absolute source path. */
  files(): [string, string][] {
    return [...this.byName.entries()].sort(([a], [b]) => a.localeCompare(b))
  }

  private nameFor(absolute: string): string {
    const known = this.byAbsolute.get(absolute)
    if (known) return known
    const relative = path.relative(path.join(this.contentDir, 'static'), absolute)
    const readable = (relative.startsWith('..') ? path.relative(this.contentDir, absolute) : relative)
      .split(path.sep)
      .filter((segment) => segment !== 'images' && segment !== 'img')
      .join('-')
      .replace(/[^\w.-]+/g, '-')
    let name = readable
    if (this.byName.has(name)) name = `${contentHash(absolute, 8)}-${readable}`
    this.byAbsolute.set(absolute, name)
    this.byName.set(name, absolute)
    return name
  }
}
