/**
 * The importer's step for search synonyms: `search-synonyms.json` (default locale) and
 * `i18n/<locale>/search-synonyms.json` beside a site's other translations become one
 * `searchSynonyms` document per locale, which editors then maintain in the studio. A file is a list
 * of entries: `{"synonyms": ["a", "b"]}` (two-way) or `{"root": "salle", "synonyms": ["room"]}` (one-way).
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'
import {documentId} from '@site/schemas'
import {synonymItems} from '@site/schemas/search'

interface Log {
  error(diagnostic: {file: string; line?: number; field?: string; message: string}): void
}

export interface SynonymsDocumentOut {
  _id: string
  _type: 'searchSynonyms'
  language: string
  entries: Array<{_type: 'synonymEntry'; _key: string; root?: string; synonyms: string[]}>
  [field: string]: unknown
}

export function synonymsFile(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? 'search-synonyms.json' : `i18n/${locale}/search-synonyms.json`
}

/** One document per locale that has a file; a malformed file is an error naming it (and the entry), nothing is dropped. */
export async function buildSearchSynonyms(contentDir: string, locales: readonly string[], defaultLocale: string, log: Log): Promise<SynonymsDocumentOut[]> {
  const documents: SynonymsDocumentOut[] = []
  for (const locale of locales) {
    const file = synonymsFile(locale, defaultLocale)
    let text: string
    try {
      text = await readFile(path.join(contentDir, file), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      log.error({file, message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`})
      continue
    }
    if (!Array.isArray(parsed)) {
      log.error({file, message: 'expected a list of entries such as {"root": "salle", "synonyms": ["room"]}'})
      continue
    }
    const entries: SynonymsDocumentOut['entries'] = []
    parsed.forEach((entry: unknown, index) => {
      const value = (typeof entry === 'object' && entry !== null ? entry : {}) as {root?: unknown; synonyms?: unknown}
      const line = lineOfEntry(text, index)
      const root = value.root === undefined ? undefined : value.root
      if ((root !== undefined && typeof root !== 'string') || !Array.isArray(value.synonyms) || !value.synonyms.every((term) => typeof term === 'string')) {
        log.error({file, line, field: `[${index}]`, message: 'an entry is {"root"?: string, "synonyms": string[]}'})
        return
      }
      const synonyms = value.synonyms
      try {
        synonymItems({_id: file, entries: [{root: root ?? null, synonyms}]})
      } catch (error) {
        log.error({file, line, field: `[${index}]`, message: (error instanceof Error ? error.message : String(error)).replace(/^.*entries\[0\][^:]*: /, '')})
        return
      }
      entries.push({_type: 'synonymEntry', _key: `entry-${index}`, ...(root?.trim() ? {root: root.trim()} : {}), synonyms: synonyms.map((term) => term.trim())})
    })
    documents.push({_id: documentId('searchSynonyms', locale), _type: 'searchSynonyms', language: locale, entries})
  }
  return documents
}

/** The line of the index-th top-level object of a JSON list, for messages. */
function lineOfEntry(text: string, index: number): number | undefined {
  let depth = 0
  let seen = -1
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (inString) {
      if (char === '\\') at++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') inString = true
    else if (char === '[' || char === '{') {
      if (depth === 1 && char === '{' && ++seen === index) return text.slice(0, at).split('\n').length
      depth++
    } else if (char === ']' || char === '}') depth--
  }
  return undefined
}
