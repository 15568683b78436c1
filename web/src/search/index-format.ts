/**
 * The embedded index files of one locale, one shard per contextual tag: /_search/<locale>/default.json
 * (pages, blog, changelog) and /_search/<locale>/docs-<version>.json, so a page fetches only what its
 * contextual filter can match. A shard stores each page once with its headings and text in order;
 * the browser expands them into records and indexes them with MiniSearch (figures: docs/search.md).
 */
import {createAnchorAllocator, type Locale} from '@site/schemas/model'
import type {FlatSearchRecord, PageKind, RecordType, SearchRecord, SynonymItem} from '@site/schemas/search'
import {flattenRecord} from '@site/schemas/search'

export const INDEX_FORMAT_VERSION = 4

/** The shard of the records that are not docs: every contextual filter includes it. */
export const DEFAULT_SHARD = 'default'

export function docsShard(version: string): string {
  return `docs-${version}`
}

/** The shard of a record: the contextual tag it is filtered by (`default` or `docs-<version>`). */
export function shardOf(record: Pick<SearchRecord, 'version'>): string {
  return record.version ? docsShard(record.version) : DEFAULT_SHARD
}

/** The shards the contextual filter of a docs version matches (see contextualFacetFilters). */
export function contextShards(version: string): string[] {
  return [DEFAULT_SHARD, docsShard(version)]
}

/** Every shard of a locale whose docs have these versions. */
export function allShards(versions: readonly string[]): string[] {
  return [DEFAULT_SHARD, ...versions.map(docsShard)]
}

/** The URL of a shard in the export. */
export function searchShardUrl(locale: Locale, shard: string): string {
  return `/_search/${locale}/${shard}.json`
}

/** The URL of a locale's list of shards (for clients not told the docs versions, and for the bench). */
export function searchManifestUrl(locale: Locale): string {
  return `/_search/${locale}/shards.json`
}

export interface SearchManifest {
  format: number
  locale: Locale
  /** The latest docs version: pages outside the docs search in its shard and the default one. */
  latest: string
  shards: string[]
}

/** What the pages of a class share: section label, kind, docs version ('' elsewhere) and ranking priority. */
type PageClass = [lvl0: string, kind: PageKind, version: string, priority: number]
/** A heading record: level 2 or 3, its text and the text under it ('' when none), plus its anchor when the heading text does not give it (explicit anchors). */
type HeadingEntry = [level: 2 | 3, text: string, content: string] | [level: 2 | 3, text: string, content: string, anchor: string]
/** A text record (a string) under the latest heading, or a heading. */
type Entry = string | HeadingEntry
/** A page: its class, title, address and first paragraphs (the lvl1 record), then its headings and text in order. */
type PageRow = [pageClass: number, title: string, url: string, intro: string, ...entries: Entry[]]

export interface SearchShardFile {
  format: number
  locale: Locale
  shard: string
  classes: PageClass[]
  pages: PageRow[]
  /** The editors' synonyms of the locale, in the default shard only (every context fetches it). */
  synonyms?: SynonymItem[]
}

const LEVEL_BONUS: Record<RecordType, number> = {lvl1: 3, lvl2: 2, lvl3: 1, content: 0}
const KINDS: readonly PageKind[] = ['doc', 'blog', 'page', 'changelog']

/**
 * The shards of a locale's records, in the builder's order, and their manifest. Each shard is decoded
 * again and compared with its records, so a record the format cannot hold fails the build by its URL.
 */
export function encodeSearchIndex(
  locale: Locale,
  records: readonly SearchRecord[],
  docs: {latest: string; versions: readonly string[]},
  synonyms: readonly SynonymItem[] = [],
): {manifest: SearchManifest; shards: SearchShardFile[]} {
  // Every shard a client may ask for exists, even empty, so that no context meets a missing file.
  const byShard = new Map<string, SearchRecord[]>(allShards(docs.versions).map((shard) => [shard, []]))
  for (const record of records) {
    if (record.language !== locale) throw new Error(`Search record ${record.url} is in ${record.language}, not in ${locale}`)
    const list = byShard.get(shardOf(record))
    if (!list) throw new Error(`Search record ${record.url} is in docs version "${record.version}", which is not one of ${docs.versions.join(', ')}`)
    list.push(record)
  }
  const shards = [...byShard].map(([shard, list]) => {
    const file: SearchShardFile = {...encodeShard(locale, shard, list), ...(shard === DEFAULT_SHARD && synonyms.length > 0 ? {synonyms: [...synonyms]} : {})}
    const decoded = decodeSearchShard(JSON.parse(JSON.stringify(file)), `${shard} shard`)
    list.forEach((record, position) => {
      const {id: _id, ...expected} = flattenRecord(record)
      const {id: _decodedId, ...actual} = decoded[position] ?? {id: ''}
      if (JSON.stringify(sortKeys(actual)) !== JSON.stringify(sortKeys(expected)))
        throw new Error(`Search record ${record.url} (${record.type}) does not survive the index format: ${JSON.stringify(actual)}`)
    })
    return file
  })
  return {manifest: {format: INDEX_FORMAT_VERSION, locale, latest: docs.latest, shards: shards.map((file) => file.shard)}, shards}
}

export function decodeSearchManifest(file: unknown, source: string): SearchManifest {
  checkFormat(file, source)
  const candidate = file as Partial<SearchManifest>
  if (typeof candidate.latest !== 'string' || !Array.isArray(candidate.shards) || !candidate.shards.every((shard) => typeof shard === 'string'))
    throw new Error(`${source} is not a search shard list`)
  return candidate as SearchManifest
}

/** A file of another format is refused by name: the page and the index come from different builds. */
function checkFormat(file: unknown, source: string): void {
  const format = typeof file === 'object' && file !== null ? (file as {format?: unknown}).format : undefined
  if (typeof format !== 'number') throw new Error(`${source} is not a search index file`)
  if (format !== INDEX_FORMAT_VERSION)
    throw new Error(`${source} has index format ${format}; this page reads format ${INDEX_FORMAT_VERSION} (rebuild the site)`)
}

function sortKeys(record: object): Array<[string, unknown]> {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1))
}

function encodeShard(locale: Locale, shard: string, records: readonly SearchRecord[]): SearchShardFile {
  const classes: PageClass[] = []
  const classIndex = new Map<string, number>()
  const pages: PageRow[] = []
  let page: PageRow | undefined
  let allocate = createAnchorAllocator()
  for (const record of records) {
    if (record.type === 'lvl1') {
      const pageClass: PageClass = [record.hierarchy.lvl0, record.tags[0] as PageKind, record.version ?? '', record.item_priority - LEVEL_BONUS.lvl1]
      if (!KINDS.includes(pageClass[1])) throw new Error(`Search record ${record.url}: unknown page kind "${record.tags[0]}" in its tags`)
      const key = JSON.stringify(pageClass)
      let index = classIndex.get(key)
      if (index === undefined) {
        index = classes.length
        classIndex.set(key, index)
        classes.push(pageClass)
      }
      page = [index, record.hierarchy.lvl1, record.url_without_anchor, record.content ?? '']
      pages.push(page)
      allocate = createAnchorAllocator()
      continue
    }
    if (!page || page[2] !== record.url_without_anchor)
      throw new Error(`Search record ${record.url} does not follow its page's record; the index format stores sections under their page`)
    if (record.type === 'content') {
      page.push(record.content ?? '')
      continue
    }
    const level = record.type === 'lvl2' ? 2 : 3
    const text = (level === 2 ? record.hierarchy.lvl2 : record.hierarchy.lvl3) ?? ''
    // The decoder allocates an anchor for every heading, as the renderer does; only those it would get wrong are stored.
    const derived = allocate(text)
    const content = record.content ?? ''
    page.push(record.anchor === derived ? [level, text, content] : [level, text, content, record.anchor ?? ''])
  }
  return {format: INDEX_FORMAT_VERSION, locale, shard, classes, pages}
}

/** The flat records of a shard: the hits of both search clients have this shape. */
export function decodeSearchShard(file: unknown, source: string): FlatSearchRecord[] {
  checkFormat(file, source)
  if (!isShardFile(file)) throw new Error(`${source} is not a search index shard`)
  const records: FlatSearchRecord[] = []
  for (const [pageClass, title, url, intro, ...entries] of file.pages) {
    const shared = file.classes[pageClass]
    if (!shared) throw new Error(`${source}: page ${url} has class ${pageClass}, which the file does not have`)
    const [lvl0, kind, version, priority] = shared
    const tags = [kind, version ? docsShard(version) : DEFAULT_SHARD]
    const allocate = createAnchorAllocator()
    let lvl2 = ''
    let lvl3 = ''
    let anchor = ''
    const push = (type: RecordType, content: string) =>
      records.push({
        id: `${file.shard}:${records.length}`,
        'hierarchy.lvl0': lvl0,
        'hierarchy.lvl1': title,
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
      })
    push('lvl1', intro)
    for (const entry of entries) {
      if (typeof entry === 'string') {
        push('content', entry)
        continue
      }
      const [level, text, content, stored] = entry
      if (level === 2) {
        lvl2 = text
        lvl3 = ''
      } else {
        lvl3 = text
      }
      const derived = allocate(text)
      anchor = stored ?? derived
      push(level === 2 ? 'lvl2' : 'lvl3', content)
    }
  }
  return records
}

/** The synonyms a shard carries (the default shard), checked: a malformed rule is refused by the file's name. */
export function shardSynonyms(file: unknown): SynonymItem[] | undefined {
  if (typeof file !== 'object' || file === null || !('synonyms' in file)) return undefined
  const list: unknown = file.synonyms
  const valid =
    Array.isArray(list) &&
    list.every((item: unknown) => {
      if (typeof item !== 'object' || item === null) return false
      const candidate = item as Record<string, unknown>
      return (
        typeof candidate.id === 'string' &&
        (candidate.root === undefined || typeof candidate.root === 'string') &&
        Array.isArray(candidate.synonyms) &&
        candidate.synonyms.every((term) => typeof term === 'string')
      )
    })
  const shard = (file as {shard?: unknown}).shard
  if (!valid) throw new Error(`${typeof shard === 'string' ? shard : 'search'} shard: its synonyms are not a list of {id, root?, synonyms}`)
  return list as SynonymItem[]
}

function isShardFile(value: unknown): value is SearchShardFile {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.locale === 'string' && typeof candidate.shard === 'string' && Array.isArray(candidate.classes) && Array.isArray(candidate.pages)
}
