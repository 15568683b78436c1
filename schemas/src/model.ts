/**
 * Facts of the content model that code on every side needs: the site's locales, how document ids
 * are derived, how heading anchors are made. Plain data and pure functions, no Sanity imports.
 */
import {kebabCase} from './kebab-case'

/**
 * A locale code as the site's i18n configuration writes it (Docusaurus style: `en`, `fr`, `pt-br`,
 * `zh-CN`, `es`...). The list of locales is content, not code: it lives in the site settings
 * (`locales`, `defaultLocale`) and reaches code as a LocaleTable.
 */
/**
 * The Sanity HTTP API version every client of this project asks for (web build, scripts, studio,
 * validation): dated, so that a change of Sanity's API behaviour never reaches the site unannounced.
 */
export const SANITY_API_VERSION = '2025-02-19'

export type Locale = string

/** What a locale needs to be shown and addressed. */
export interface LocaleEntry {
  code: Locale
  /** Its name in the language dropdown, in its own language. */
  label: string
  /** URL prefix without slashes; '' for the default locale. */
  path: string
  htmlLang: string
  direction: 'ltr' | 'rtl'
  calendar: string
}

/** The site's locales, default first. */
export interface LocaleTable {
  defaultLocale: Locale
  locales: readonly LocaleEntry[]
}

/** Locale codes the content model accepts: a BCP 47-like tag (`en`, `pt-br`, `zh-Hans-CN`). */
export const LOCALE_CODE = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/

export function isLocaleCode(value: unknown): value is Locale {
  return typeof value === 'string' && LOCALE_CODE.test(value)
}

/** The entry of a locale of the table, or undefined when the site does not have that locale. */
export function localeEntry(table: LocaleTable, code: string): LocaleEntry | undefined {
  return table.locales.find((entry) => entry.code === code)
}

/** `/fr`, `/pt-br`; '' for the default locale (and for a locale the table does not know). */
export function localePathPrefix(table: LocaleTable, code: Locale): string {
  if (code === table.defaultLocale) return ''
  const path = localeEntry(table, code)?.path ?? ''
  return path ? `/${path}` : ''
}

/** The locale whose URL prefix is `segment`, if any (never the default locale, which has none). */
export function localeOfPrefix(table: LocaleTable, segment: string | undefined): Locale | undefined {
  if (!segment) return undefined
  return table.locales.find((entry) => entry.code !== table.defaultLocale && entry.path !== '' && entry.path === segment)?.code
}

/** The locale fields of the site settings as stored (every field optional, as a query returns them). */
export interface StoredLocaleSettings {
  defaultLocale?: string | null
  locales?: ReadonlyArray<{
    code?: string | null
    label?: string | null
    path?: string | null
    htmlLang?: string | null
    direction?: string | null
    calendar?: string | null
  }> | null
}

/**
 * The locale table of stored settings: default locale first with an empty path, each other locale's
 * path defaulting to its code as Docusaurus does. Throws, naming the field, when the settings
 * cannot address every locale (no locale at all, a missing or shared path).
 */
export function localeTableFrom(stored: StoredLocaleSettings | null | undefined): LocaleTable {
  const entries: LocaleEntry[] = (stored?.locales ?? []).flatMap((entry) =>
    entry.code
      ? [
          {
            code: entry.code,
            label: entry.label || entry.code,
            path: entry.path ?? entry.code,
            htmlLang: entry.htmlLang || entry.code,
            direction: entry.direction === 'rtl' ? 'rtl' : 'ltr',
            calendar: entry.calendar || 'gregory',
          },
        ]
      : [],
  )
  const defaultLocale = stored?.defaultLocale || entries[0]?.code
  if (!defaultLocale) throw new Error('siteSettings: no locales and no defaultLocale: the site needs at least its default locale')
  const own = entries.find((entry) => entry.code === defaultLocale) ?? {
    code: defaultLocale,
    label: defaultLocale,
    path: '',
    htmlLang: defaultLocale,
    direction: 'ltr' as const,
    calendar: 'gregory',
  }
  const others = entries.filter((entry) => entry.code !== defaultLocale)
  const paths = new Map<string, string>()
  for (const entry of others) {
    if (!entry.path) throw new Error(`siteSettings.locales: the locale ${entry.code} needs a URL path (only the default locale has none)`)
    const taken = paths.get(entry.path)
    if (taken) throw new Error(`siteSettings.locales: ${taken} and ${entry.code} have the same URL path "${entry.path}"`)
    paths.set(entry.path, entry.code)
  }
  return {defaultLocale, locales: [{...own, path: ''}, ...others]}
}

/** A table of the given codes with Docusaurus's defaults (path and htmlLang = the code), for tools and tests. */
export function localeTableOf(codes: readonly Locale[], defaultLocale: Locale = codes[0] ?? 'en'): LocaleTable {
  return localeTableFrom({defaultLocale, locales: codes.map((code) => ({code}))})
}

/** One language's value of a translated label (`localeString`/`localeText`), as stored. */
export interface LocalizedValue {
  _key?: string
  language?: string | null
  value?: string | null
}

/**
 * A translated label in `locale`, falling back to the default locale, then to any value, so that
 * a reader never sees an empty label where the content has one.
 */
export function pickLocalized(values: readonly LocalizedValue[] | null | undefined, locale: Locale, defaultLocale: Locale): string {
  if (!values || values.length === 0) return ''
  const of = (language: string) => values.find((entry) => entry.language === language && entry.value)?.value
  return of(locale) ?? of(defaultLocale) ?? values.find((entry) => entry.value)?.value ?? ''
}

/**
 * An author page's address under /blog/authors/: path segments without a leading or trailing
 * slash, no `.`/`..` segment, and not ending in page/<n> (the address of its further list pages).
 */
export const AUTHOR_PERMALINK = /^(?!(?:.*\/)?page\/\d+$)(?!(?:.*\/)?\.{1,2}(?:\/|$))[^\s/?#]+(?:\/[^\s/?#]+)*$/u

/** Document types translated per document: one document per language, linked to its source. */
export const TRANSLATED_DOCUMENT_TYPES = ['doc', 'blogPost', 'release', 'page', 'homePage'] as const
export type TranslatedDocumentType = (typeof TRANSLATED_DOCUMENT_TYPES)[number]

/** Portable Text heading levels that the table of contents can show. */
export const HEADING_LEVELS = [2, 3, 4, 5, 6] as const

const ID_PART = /[^a-zA-Z0-9_-]+/g
const NON_ASCII = /[\u0080-\uffff]/

/**
 * Deterministic document ids, so that a re-import updates documents instead of duplicating them.
 * Sanity ids may hold letters, digits, `_` and `-` (a `.` would make the document private), so path
 * separators become `--` and anything else becomes `_`.
 */
/** A docs version's identifier, as docs and sidebars name it: v4, current, 1.0, 2.x. */
export const VERSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
/** A docs version's segment in URLs; empty for the version served at the docs' root (/docs/ itself by default). */
export const VERSION_URL_PATH = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*)?$/

/** A docs version as URLs need it: its identifier and its segment (`urlPath` when the version sets one). */
export interface VersionAddress {
  path: string
  urlPath?: string | null
  /**
   * Set only on a version of a docs set of its own (a second Docusaurus docs instance, such as
   * community docs beside the product's): the place its docs are served instead of the site's docs
   * path ("community"; "" for the site root). Such a version has its own sidebars and is never
   * the latest version, in the version dropdown or under a version banner.
   */
  docsPath?: string | null
}

/** The docs path of a docs set of its own (VersionAddress.docsPath), slashes trimmed; undefined for a version of the site's docs. */
export function ownDocsPath(version: {path?: string | null; docsPath?: string | null}): string | undefined {
  return typeof version.docsPath === 'string' ? version.docsPath.replace(/^\/+|\/+$/g, '') : undefined
}

/** Whether a version belongs to the site's docs (the version dropdown's), not to a docs set of its own. */
export function isSiteDocsVersion(version: {path?: string | null; docsPath?: string | null}): boolean {
  return ownDocsPath(version) === undefined
}

/** Whether a version is the latest of the site's docs: marked so, and not of a docs set of its own (which is never the latest). */
export function isLatestVersion(version: {path?: string | null; docsPath?: string | null; isLast?: boolean | null}): boolean {
  return version.isLast === true && isSiteDocsVersion(version)
}

/** The latest of the site's docs versions: the one marked so, else the first of the site's docs (newest first). */
export function latestVersionOf<V extends {path?: string | null; docsPath?: string | null; isLast?: boolean | null}>(versions: readonly V[]): V | undefined {
  return versions.find(isLatestVersion) ?? versions.find(isSiteDocsVersion)
}

/** The version's segment in URLs: its urlPath when set (possibly empty), else its identifier. */
export function versionSegment(version: VersionAddress): string {
  return typeof version.urlPath === 'string' ? version.urlPath : version.path
}

/** Where the docs are served when the site settings say nothing: /docs/, Docusaurus's default `routeBasePath`. */
export const DEFAULT_DOCS_PATH = 'docs'
/** The docs' place in URLs: path segments joined by "/", without leading or trailing slash; empty for the site root. */
export const DOCS_PATH = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*)?$/

/** Where the blog is served when the site settings say nothing: /blog/, Docusaurus's default. */
export const DEFAULT_BLOG_PATH = 'blog'
/** The blog's place in URLs below the site root: segments joined by "/", as the docs' (the site root is stored as "/"). */
export const BLOG_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/**
 * The blog's place as the site settings store it (`blog.path`): absent or empty means /blog/, "/"
 * the site root (Docusaurus's blog-only mode, the blog's list page being the home page); slashes
 * around it are dropped. '' stands for the site root.
 */
export function blogPathOf(stored: string | null | undefined): string {
  if (typeof stored !== 'string' || stored === '') return DEFAULT_BLOG_PATH
  return stored.replace(/^\/+|\/+$/g, '')
}

/** The blog's root without trailing slash, so that callers write `${base}/…`: /blog, /news, '' at the site root. */
export function blogBasePath(blogPath: string): string {
  return blogPath === '' ? '' : `/${blogPath}`
}

/** First path segments that belong to the site itself, never to docs: the blog, the search page, Next's and the dataset's files, the demos' embeds. */
export const RESERVED_FIRST_SEGMENTS: readonly string[] = ['blog', 'search', '_next', '_dataset', 'embeds']

/** The docs' place as the site settings store it (`docsPath`): absent means /docs/, "/" the site root; slashes around it are dropped. */
export function docsPathOf(stored: string | null | undefined): string {
  return typeof stored === 'string' ? stored.replace(/^\/+|\/+$/g, '') : DEFAULT_DOCS_PATH
}

/**
 * The docs root of a version, without trailing slash: /docs/v4, /docs for the version served at the
 * docs' own root, and '' when that is the site root (docs at `routeBasePath: '/'`), so that callers
 * always write `${base}/…`.
 */
export function versionBasePath(docsPath: string, version: VersionAddress): string {
  const parts = [ownDocsPath(version) ?? docsPath, versionSegment(version)].filter(Boolean)
  return parts.length > 0 ? `/${parts.join('/')}` : ''
}

/**
 * The segments after `path` ("api/docs", "" for the site root) when `segments` start with its
 * segments, else undefined: how the docs' and the blog's places in URLs are matched.
 */
export function segmentsUnder(segments: readonly string[], path: string): string[] | undefined {
  const base = path.split('/').filter(Boolean)
  return base.every((part, index) => segments[index] === part) ? segments.slice(base.length) : undefined
}

/** A site path read as docs: the version it addresses and the segments after the version's root. */
export interface DocsAddress<V extends VersionAddress = VersionAddress> {
  version: V
  rest: string[]
}

/**
 * Reads path segments (without locale prefix) the way the site routes docs: under the docs path, a
 * version served under its own segment (docs/v3/…), else the version served at the docs root
 * (docs/rooms → its doc "rooms"), as Docusaurus does. Docs sets of their own (VersionAddress.docsPath)
 * are read the same way under their own path; the most specific path is tried first, so that
 * /community/… is the community docs' even when the site's docs are at the site root. Undefined when
 * the path is under no docs path (at the site root: when it starts with one of the site's own
 * segments, /blog/…), or no version is served at that path's root and the next segment names none.
 */
export function parseDocsAddress<V extends VersionAddress>(segments: readonly string[], docsPath: string, versions: readonly V[]): DocsAddress<V> | undefined {
  const sets = new Map<string, V[]>()
  for (const version of versions) {
    const path = ownDocsPath(version) ?? docsPath
    sets.set(path, [...(sets.get(path) ?? []), version])
  }
  const depth = (path: string) => path.split('/').filter(Boolean).length
  for (const [path, members] of [...sets].sort(([a], [b]) => depth(b) - depth(a))) {
    const tail = segmentsUnder(segments, path)
    if (!tail) continue
    // At the site root, the site's own addresses (/blog/, /search…) are never docs.
    if (path === '' && segments[0] !== undefined && RESERVED_FIRST_SEGMENTS.includes(segments[0])) continue
    const named = tail[0] === undefined ? undefined : members.find((version) => versionSegment(version) !== '' && versionSegment(version) === tail[0])
    const version = named ?? members.find((version) => versionSegment(version) === '')
    if (version) return {version, rest: tail.slice(named ? 1 : 0)}
  }
  return undefined
}

/**
 * A tag's segment in URLs, as Docusaurus writes inline tags: its words, lower case, joined by
 * hyphens (`Engine.IO` → engine-io, `fetchSockets` → fetch-sockets, `读（观）后感` stays whole), by
 * the word rule of its kebab case (kebab-case.ts).
 */
export function tagPermalink(label: string): string {
  return kebabCase(label)
}

/** A tag's own address segment (tags.yml `permalink`): letters of any script, digits, "-", "_", ".". */
export const TAG_PERMALINK = /^(?!\.{1,2}$)[\p{L}\p{N}._-]+$/u

/** A tag with an address or description of its own, as the site settings hold it. */
export interface TagDefinition {
  label?: string | null
  permalink?: string | null
}

/** A tag's address segment: its definition's permalink when the site settings give one, else its label's words. */
export function tagAddress(label: string, definitions: readonly TagDefinition[] | null | undefined): string {
  const own = definitions?.find((definition) => definition.label === label)?.permalink
  return own ? own.replace(/^\/+|\/+$/g, '') : tagPermalink(label)
}

export function documentId(type: string, ...parts: string[]): string {
  const kept = parts.filter((part) => part !== '')
  const cleaned = kept.map((part) => part.replace(/\//g, '--').replace(ID_PART, '_'))
  const readable = [type, ...cleaned].join('-')
  // Letters beyond ASCII have no place in an id: replaced, two titles of one day in Chinese would give
  // the same id. A hash of the parts as written tells them apart; ASCII parts keep the plain id.
  if (kept.some((part) => NON_ASCII.test(part))) return `${readable.slice(0, 100)}-${longHash(kept.join('\u0000'))}`
  if (readable.length <= 120) return readable
  // Sanity caps ids at 128 characters; keep a readable head and a stable hash of the whole.
  return `${readable.slice(0, 100)}-${fnv1a(readable)}`
}

/** 64 bits of hash: FNV-1a of the text and of the text reversed. */
function longHash(text: string): string {
  return fnv1a(text) + fnv1a([...text].reverse().join(''))
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/**
 * The anchor of a heading, compatible with the anchors of the Docusaurus site (GitHub's slug
 * rules): lower case, punctuation removed, spaces to hyphens. Letters of every script are kept.
 */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/**
 * Hands out unique anchors within one page with GitHub's rule (the second "Usage" becomes
 * "usage-1"). Explicit anchors are reserved up front so that generated ones never take them.
 */
export function createAnchorAllocator(reserved: Iterable<string> = []) {
  const occurrences = new Map<string, number>()
  for (const anchor of reserved) occurrences.set(anchor, 0)
  return (text: string, explicit?: string | null): string => {
    if (explicit) return explicit
    const base = headingSlug(text) || 'section'
    let anchor = base
    while (occurrences.has(anchor)) {
      const count = (occurrences.get(base) ?? 0) + 1
      occurrences.set(base, count)
      anchor = `${base}-${count}`
    }
    occurrences.set(anchor, 0)
    return anchor
  }
}
