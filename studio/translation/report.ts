/**
 * Which translations are missing or stale, per locale: the data of the studio's "Translation
 * status" view and of each document's badge. Pure, over documents as GROQ returns them.
 */
import {TRANSLATED_DOCUMENT_TYPES, type Locale, type LocaleTable} from '@site/schemas/model'
import {translationStatus, type TranslationStatus} from '@site/schemas'
import {publishedId} from '../structure/sidebar-order'

export const REPORT_QUERY = `*[_type in $types]{_id, _type, language, title, slug, path, version, description, summary, body, sections, translation{sourceRevision, "source": source._ref}}`
export const REPORT_PARAMS = {types: [...TRANSLATED_DOCUMENT_TYPES]}

export interface ReportDocument {
  _id: string
  _type: string
  language?: string | null
  title?: unknown
  slug?: unknown
  path?: unknown
  version?: unknown
  translation?: {sourceRevision?: string | null; source?: string | null} | null
  [field: string]: unknown
}

/**
 * The studio hands the badge the stored document, whose `translation.source` is a reference
 * ({_ref}); the report logic works on query results where it is the referenced id.
 */
export function asReportDocument(document: Record<string, unknown> & {_id: string; _type: string}): ReportDocument {
  const translation = document.translation as {source?: unknown; sourceRevision?: string | null} | null | undefined
  if (!translation) return document
  const source = translation.source
  const sourceId =
    typeof source === 'string'
      ? source
      : typeof source === 'object' && source !== null && typeof (source as {_ref?: unknown})._ref === 'string'
        ? (source as {_ref: string})._ref
        : null
  return {...document, translation: {...translation, source: sourceId}}
}

export interface ReportEntry {
  sourceId: string
  type: string
  title: string
  status: Exclude<TranslationStatus, 'current'>
  /** The translation's id when it exists (stale). */
  translationId?: string
}

function label(document: ReportDocument): string {
  const title = typeof document.title === 'string' && document.title ? document.title : null
  const where = [document.version, document.slug ?? document.path].filter((part) => typeof part === 'string' && part).join('/')
  return [title, where ? `(${where})` : null].filter(Boolean).join(' ') || document._id
}

/**
 * Every source document (default locale) against each other locale. A draft stands for its
 * document: editors see the state they are working on.
 */
export function translationReport(documents: readonly ReportDocument[], table: LocaleTable): Map<Locale, ReportEntry[]> {
  const {defaultLocale} = table
  const latest = new Map<string, ReportDocument>()
  for (const document of documents) {
    const id = publishedId(document._id)
    if (!latest.has(id) || document._id.startsWith('drafts.')) latest.set(id, {...document, _id: id})
  }
  const translationsBySource = new Map<string, ReportDocument[]>()
  for (const document of latest.values()) {
    const source = document.translation?.source
    if (source) translationsBySource.set(source, [...(translationsBySource.get(source) ?? []), document])
  }
  const report = new Map<Locale, ReportEntry[]>(table.locales.filter((entry) => entry.code !== defaultLocale).map((entry) => [entry.code, []]))
  const sources = [...latest.values()]
    .filter((document) => document.language === defaultLocale)
    .sort((a, b) => a._type.localeCompare(b._type) || label(a).localeCompare(label(b)))
  for (const source of sources) {
    const translations = translationsBySource.get(source._id) ?? []
    for (const [locale, entries] of report) {
      const translation = translations.find((candidate) => candidate.language === locale)
      const status = translationStatus(source, translation ?? null)
      if (status === 'current') continue
      entries.push({sourceId: source._id, type: source._type, title: label(source), status, ...(translation ? {translationId: translation._id} : {})})
    }
  }
  return report
}

export interface BadgeSummary {
  label: string
  title: string
  color: 'success' | 'warning' | 'danger'
}

/**
 * The badge of one document: for a source, its missing and stale locales; for a translation,
 * whether its source changed since. Null for documents of no translated type or no language.
 */
export function badgeSummary(document: ReportDocument, related: readonly ReportDocument[], table: LocaleTable): BadgeSummary | null {
  if (!document.language) return null
  if (document.language !== table.defaultLocale) {
    const source = related.find((candidate) => publishedId(candidate._id) === document.translation?.source)
    if (!source) return {label: 'No source', title: 'This translation is not linked to a source document', color: 'warning'}
    return translationStatus(source, document) === 'current'
      ? {label: 'Translation current', title: 'Made from the source as it is now', color: 'success'}
      : {
          label: 'Translation stale',
          title: 'The source changed since this translation was made: update it, then use “Mark translation current”',
          color: 'warning',
        }
  }
  const report = translationReport([document, ...related], table)
  const missing = [...report].filter(([, entries]) => entries.some((entry) => entry.status === 'missing')).map(([locale]) => locale)
  const stale = [...report].filter(([, entries]) => entries.some((entry) => entry.status === 'stale')).map(([locale]) => locale)
  if (missing.length === 0 && stale.length === 0) return {label: 'Translations current', title: 'Every locale has a current translation', color: 'success'}
  const parts = [stale.length > 0 ? `stale: ${stale.join(', ')}` : null, missing.length > 0 ? `missing: ${missing.join(', ')}` : null].filter(Boolean)
  return {
    label: `Translations ${parts.join('; ')}`,
    title: 'Locales whose translation is missing or older than this document',
    color: stale.length > 0 ? 'warning' : 'danger',
  }
}
