/**
 * Facts of the content model that code on every side needs: the site's locales, how document ids
 * are derived, how heading anchors are made. Plain data and pure functions, no Sanity imports.
 */

export const LOCALES = ['en', 'fr', 'pt-br', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Field name of a locale inside a `localeString`/`localeText` object (`pt-br` → `pt_br`). */
export function localeField(locale: Locale): string {
  return locale.replace('-', '_')
}

/** Document types translated per document: one document per language, linked to its source. */
export const TRANSLATED_DOCUMENT_TYPES = ['doc', 'blogPost', 'release', 'page', 'homePage'] as const
export type TranslatedDocumentType = (typeof TRANSLATED_DOCUMENT_TYPES)[number]

/** Portable Text heading levels that the table of contents can show. */
export const HEADING_LEVELS = [2, 3, 4, 5, 6] as const

const ID_PART = /[^a-zA-Z0-9_-]+/g

/**
 * Deterministic document ids, so that a re-import updates documents instead of duplicating them.
 * Sanity ids may hold letters, digits, `_` and `-` (a `.` would make the document private), so path
 * separators become `--` and anything else becomes `_`.
 */
export function documentId(type: string, ...parts: string[]): string {
  const cleaned = parts
    .filter((part) => part !== '')
    .map((part) => part.replace(/\//g, '--').replace(ID_PART, '_'))
  const id = [type, ...cleaned].join('-')
  if (id.length <= 120) return id
  // Sanity caps ids at 128 characters; keep a readable head and a stable hash of the whole.
  return `${id.slice(0, 100)}-${fnv1a(id)}`
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
