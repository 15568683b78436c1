/**
 * The embedded index file of one locale (/_search/<locale>.json): the search records in a compact
 * form, pages once and their sections as rows. The browser indexes them with MiniSearch on load,
 * which the measurements in scripts/src/search/compare-libraries.ts found smaller to ship than
 * any serialized index (README, "Search").
 */
import type {Locale} from '@site/schemas/model'
import type {FlatSearchRecord, RecordType, SearchRecord} from '@site/schemas/search'

export const INDEX_FORMAT_VERSION = 2

/** The URL of a locale's index file in the export. */
export function searchIndexUrl(locale: Locale): string {
  return `/_search/${locale}.json`
}

/** A page's priority is stored once; a record's is that plus its level bonus (see @site/schemas' builder). */
type PageRow = [lvl0: string, lvl1: string, url: string, version: string, tags: string[], priority: number]
/** Record ids are left out: they are random-looking, so they do not compress (a fifth of the gzipped file); the browser numbers records instead. */
type RecordRow = [page: number, type: RecordType, lvl2: string, lvl3: string, anchor: string, content: string]

const LEVEL_BONUS: Record<RecordType, number> = {lvl1: 3, lvl2: 2, lvl3: 1, content: 0}

export interface SearchIndexFile {
  format: number
  locale: Locale
  pages: PageRow[]
  records: RecordRow[]
}

export function encodeSearchIndex(locale: Locale, records: readonly SearchRecord[]): SearchIndexFile {
  const pages: PageRow[] = []
  const pageIndex = new Map<string, number>()
  const rows: RecordRow[] = records.map((record) => {
    if (record.language !== locale) throw new Error(`Search record ${record.objectID} is in ${record.language}, not in ${locale}`)
    let index = pageIndex.get(record.url_without_anchor)
    if (index === undefined) {
      index = pages.length
      pageIndex.set(record.url_without_anchor, index)
      pages.push([record.hierarchy.lvl0, record.hierarchy.lvl1, record.url_without_anchor, record.version ?? '', record.tags, record.item_priority - LEVEL_BONUS[record.type]])
    }
    const page = pages[index]
    if (page && record.item_priority - LEVEL_BONUS[record.type] !== page[5]) throw new Error(`Search record ${record.objectID}: its priority does not follow its page's (${page[2]}); the index format cannot store it`)
    return [index, record.type, record.hierarchy.lvl2 ?? '', record.hierarchy.lvl3 ?? '', record.anchor ?? '', record.content ?? '']
  })
  return {format: INDEX_FORMAT_VERSION, locale, pages, records: rows}
}

/** Back to the flat records both search clients return as hits; a file of another format is refused by name. */
export function decodeSearchIndex(file: unknown, source: string): FlatSearchRecord[] {
  if (!isIndexFile(file)) throw new Error(`${source} is not a search index file`)
  if (file.format !== INDEX_FORMAT_VERSION) throw new Error(`${source} has index format ${file.format}; this page reads format ${INDEX_FORMAT_VERSION} (rebuild the site)`)
  return file.records.map(([page, type, lvl2, lvl3, anchor, content], position) => {
    const row = file.pages[page]
    if (!row) throw new Error(`${source}: record ${position} points at page ${page}, which the file does not have`)
    const [lvl0, lvl1, url, version, tags, priority] = row
    const id = `${file.locale}-${position}`
    return {
      id,
      'hierarchy.lvl0': lvl0,
      'hierarchy.lvl1': lvl1,
      ...(lvl2 ? {'hierarchy.lvl2': lvl2} : {}),
      ...(lvl3 ? {'hierarchy.lvl3': lvl3} : {}),
      ...(content ? {content} : {}),
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      ...(anchor ? {anchor} : {}),
      type,
      language: file.locale,
      ...(version ? {version} : {}),
      tags,
      item_priority: priority + LEVEL_BONUS[type],
    }
  })
}

function isIndexFile(value: unknown): value is SearchIndexFile {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.format === 'number' && typeof candidate.locale === 'string' && Array.isArray(candidate.pages) && Array.isArray(candidate.records)
}
