/**
 * Translation status, shared by the studio, the importer and the site: a fingerprint of a source
 * document's translatable content, and whether a translation was made from the source as it is now.
 * Pure and synchronous (no Node or browser crypto) so that all three can run it.
 */

/** Fields whose change makes a translation out of date. Structure fields (slug, order) do not. */
export const TRANSLATABLE_FIELDS = ['title', 'description', 'summary', 'body', 'sections'] as const

export type TranslationStatus = 'missing' | 'stale' | 'current'

/** Any document: only the translatable fields are read (a plain record is accepted as well). */
export type TranslatableDocument = {title?: unknown; description?: unknown; summary?: unknown; body?: unknown; sections?: unknown} | Record<string, unknown>

export interface TranslatedDocument {
  translation?: {sourceRevision?: string | null} | null
}

type Json = null | boolean | number | string | Json[] | {[key: string]: Json}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Keys that change without a translator having anything to do: array keys, mark definition lists
 * (folded into the marks below), and image assets, which the dataset import turns from file paths
 * into asset references (an image's alt text and caption still count).
 */
const IGNORED_KEYS = new Set(['_key', 'markDefs', 'asset', '_sanityAsset', 'crop', 'hotspot'])

/** Absent, null and empty arrays read the same: editors' tools and the importer differ there. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0)
}

/**
 * The content with everything an editor's session changes without changing meaning removed:
 * `_key`s (the studio makes random ones, the importer derives them) and the keys that tie span
 * marks to their mark definitions, which are replaced by the definitions themselves.
 */
function canonical(value: unknown, markDefs: Map<string, Json> = new Map()): Json {
  if (Array.isArray(value)) return value.map((item) => canonical(item, markDefs))
  if (!isRecord(value)) {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null
  }
  let definitions = markDefs
  if (Array.isArray(value.markDefs)) {
    definitions = new Map(markDefs)
    for (const definition of value.markDefs) {
      if (isRecord(definition) && typeof definition._key === 'string') definitions.set(definition._key, canonical(definition, markDefs))
    }
  }
  const result: {[key: string]: Json} = {}
  for (const key of Object.keys(value).sort()) {
    if (IGNORED_KEYS.has(key) || isEmpty(value[key])) continue
    if (key === 'marks' && Array.isArray(value.marks)) {
      result.marks = value.marks.map((mark) => (typeof mark === 'string' ? (definitions.get(mark) ?? mark) : null))
      continue
    }
    result[key] = canonical(value[key], definitions)
  }
  return result
}

const FNV_OFFSET = 0xcbf29ce484222325n
const FNV_PRIME = 0x100000001b3n
const MASK_64 = (1n << 64n) - 1n

/** 64-bit FNV-1a over the UTF-8 bytes: not for security, only to notice that content changed. */
function fnv1a64(text: string): string {
  let hash = FNV_OFFSET
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte)
    hash = (hash * FNV_PRIME) & MASK_64
  }
  return hash.toString(16).padStart(16, '0')
}

/** The fingerprint of a source document's translatable content, e.g. "fp1-3f2a…" (16 hex digits). */
export function translationFingerprint(source: TranslatableDocument): string {
  const content: Record<string, Json> = {}
  for (const field of TRANSLATABLE_FIELDS) {
    const value = (source as Record<string, unknown>)[field]
    // An empty field and an absent one read the same to a translator.
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue
    content[field] = canonical(value)
  }
  return `fp1-${fnv1a64(JSON.stringify(content))}`
}

/**
 * Whether a translation matches its source: missing (no translation document), stale (recorded
 * from another version of the source, or with no record at all) or current.
 */
export function translationStatus(source: TranslatableDocument, translation: TranslatedDocument | null | undefined): TranslationStatus {
  if (!translation) return 'missing'
  const recorded = translation.translation?.sourceRevision
  if (!recorded) return 'stale'
  return recorded === translationFingerprint(source) ? 'current' : 'stale'
}

export interface LocalizedTranslation extends TranslatedDocument {
  language?: string | null
}

/** The status of every locale other than the source's, in the order of `locales`. */
export function translationStatusByLocale(
  source: TranslatableDocument & {language?: unknown},
  translations: readonly LocalizedTranslation[],
  locales: readonly string[],
): {locale: string; status: TranslationStatus}[] {
  const fingerprint = translationFingerprint(source)
  return locales
    .filter((locale) => locale !== source.language)
    .map((locale) => {
      const translation = translations.find((candidate) => candidate.language === locale)
      const recorded = translation?.translation?.sourceRevision
      const status: TranslationStatus = !translation ? 'missing' : recorded === fingerprint ? 'current' : 'stale'
      return {locale, status}
    })
}
