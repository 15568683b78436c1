/**
 * The one search record builder: from the result of searchDocumentsQuery (one locale) to
 * DocSearch-shaped records. Pure, so the build's local index and the Typesense job get the same
 * records. One record per page, per heading and per group of paragraphs under a heading.
 */
import {blogPathOf, DEFAULT_BLOG_PATH, DEFAULT_DOCS_PATH, docsPathOf, isLatestVersion, type Locale, ownDocsPath, versionSegment} from '../model'
import {docTarget, targetPath} from '../routing'
import {blockText, bodyHeadings, isHeadingBlock, walkBlocks, type HeadingSourceBlock} from './body-headings'
import {inlinePlainText, parseCellMarkup, parseInlineMarkup} from './inline-markup'
import {diagramSearchText, texSearchText} from './math-diagram-text'
import {RAW_HTML_SLOT_MARKERS, SITE_COMPONENT_CONTENT_MARKER} from '../objects/site-component-marker'

/** DocSearch's record level: the page (lvl1), a heading (lvl2, lvl3) or text under one (content). */
export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'content'
export type PageKind = 'doc' | 'blog' | 'page' | 'changelog'

export interface SearchRecord {
  objectID: string
  hierarchy: {lvl0: string; lvl1: string; lvl2: string | null; lvl3: string | null}
  content: string | null
  url: string
  url_without_anchor: string
  anchor: string | null
  type: RecordType
  language: Locale
  /** The docs version path (v4); null outside the docs. */
  version: string | null
  /** For contextual search: the page kind, then `docs-<version>` on docs or `default` elsewhere. */
  tags: string[]
  /** Ranks equal text matches: latest docs first, then pages, older docs, blog, changelog; pages above their sections. */
  item_priority: number
}

/** A body block as searchDocumentsQuery returns it (bodies nest: admonitions, tab panels, details). */
export interface SearchBodyBlock extends HeadingSourceBlock {
  listItem?: string | null
  title?: string | null
  summary?: string | null
  /** A site component's rendered HTML. */
  markup?: string | null
  rows?: ReadonlyArray<{cells?: readonly string[] | null}> | null
  /** A math block's TeX. */
  tex?: string | null
  /** A Mermaid diagram's source. */
  code?: string | null
  body?: readonly SearchBodyBlock[] | null
  panels?: ReadonlyArray<{label?: string | null; body?: readonly SearchBodyBlock[] | null}> | null
  slots?: ReadonlyArray<{body?: readonly SearchBodyBlock[] | null}> | null
  /** The notes of footnotes that a table's cells or a heading's text refer to (`[^label]`). */
  notes?: readonly FootnoteChild[] | null
}

interface SearchDocument {
  _id: string
  title: string | null
  description?: string | null
  summary?: string | null
  /** An unlisted page (Docusaurus's `unlisted: true`) is reachable by its address but never found by search. */
  unlisted?: boolean | null
  body: readonly SearchBodyBlock[] | null
}

/** The shape of searchDocumentsQuery's result that the builder reads. */
export interface SearchSource {
  /** Where the docs are served, as the site settings store it (absent: /docs/). */
  docsPath?: string | null
  /** Where the blog is served, as the site settings store it (absent: /blog/). */
  blogPath?: string | null
  versions: ReadonlyArray<{
    path: string | null
    urlPath?: string | null
    docsPath?: string | null
    label: string | null
    isLast: boolean | null
    mainDoc: string | null
  }>
  docs: ReadonlyArray<{version: string | null; slug: string | null; doc: SearchDocument | null}>
  posts: ReadonlyArray<{slug: string | null; post: SearchDocument | null}>
  pages: ReadonlyArray<{path: string | null; page: SearchDocument | null}>
  releases: ReadonlyArray<{version: string | null; release: SearchDocument | null}>
}

export interface BuildRecordsOptions {
  locale: Locale
  /** The locale's URL prefix (`/fr`; '' for the default locale), as the site's routes write it. */
  urlPrefix: string
  /** lvl0 of the pages that are not docs (docs use their version label), in the locale. */
  labels: {blog: string; changelog: string; page: string}
}

/** Paragraph groups close once they reach this many characters; records stay small and precise. */
const GROUP_CHARS = 320
/** A record's content is cut here: the index budget (150 KB gzipped for fr) matters more than long snippets. */
const MAX_CONTENT_CHARS = 480

const KIND_PRIORITY: Record<PageKind, number> = {doc: 60, page: 50, blog: 30, changelog: 20}
const TYPE_BONUS: Record<RecordType, number> = {lvl1: 3, lvl2: 2, lvl3: 1, content: 0}

/**
 * The site path of an indexed page, built by the URL module (`../routing`) as the site's pages are.
 * A doc's or release's `version` is the version's URL segment (empty for the docs' root), `docsPath`
 * where the docs are served ("docs", or "" for the site root), `blogPath` the blog ("blog").
 */
export function searchPageUrl(
  prefix: string,
  target:
    | {kind: 'doc'; docsPath: string; version: string; slug: string; mainDoc: string}
    | {kind: 'blog'; blogPath: string; slug: string}
    | {kind: 'page'; path: string; index: boolean}
    | {kind: 'changelog'; docsPath: string; version: string; release: string},
): string {
  // A table of the one version or blog the target names, for the URL module.
  const table = (docsPath: string, version: string) => ({docsPath, blogPath: DEFAULT_BLOG_PATH, versions: [{path: version, segment: version}]})
  switch (target.kind) {
    case 'doc':
      return `${prefix}${targetPath(table(target.docsPath, target.version), docTarget({path: target.version, mainDoc: target.mainDoc}, target.slug))}`
    case 'blog':
      return `${prefix}${targetPath({docsPath: DEFAULT_DOCS_PATH, blogPath: target.blogPath, versions: []}, {kind: 'blogPost', slug: target.slug})}`
    case 'page':
      return `${prefix}${targetPath({docsPath: DEFAULT_DOCS_PATH, blogPath: DEFAULT_BLOG_PATH, versions: []}, {kind: 'page', path: target.path, index: target.index})}`
    case 'changelog':
      return `${prefix}${targetPath(table(target.docsPath, target.version), {kind: 'release', version: target.version, release: target.release})}`
  }
}

export function buildSearchRecords(source: SearchSource, options: BuildRecordsOptions): SearchRecord[] {
  const docsPath = docsPathOf(source.docsPath)
  // A docs set of its own (community docs) is served under its own path and is never the latest.
  const versions = source.versions.flatMap((version) => {
    if (!version.path) return []
    const own = ownDocsPath(version)
    return [
      {
        path: version.path,
        segment: versionSegment({path: version.path, urlPath: version.urlPath ?? null}),
        docsPath: own ?? docsPath,
        label: version.label || version.path,
        isLast: isLatestVersion(version),
        mainDoc: version.mainDoc || 'index',
      },
    ]
  })
  const latest = versions.find((version) => version.isLast) ?? versions[0]
  const blogPath = blogPathOf(source.blogPath)
  const records: SearchRecord[] = []
  for (const row of source.docs) {
    const version = versions.find((candidate) => candidate.path === row.version)
    if (!version || !row.slug || !row.doc || row.doc.unlisted === true) continue
    const url = searchPageUrl(options.urlPrefix, {kind: 'doc', docsPath: version.docsPath, version: version.segment, slug: row.slug, mainDoc: version.mainDoc})
    const priority = KIND_PRIORITY.doc + (version.isLast ? 40 : 0)
    records.push(
      ...pageRecords(row.doc, {kind: 'doc', url, lvl0: version.label, version: version.path, priority, locale: options.locale, intro: row.doc.description}),
    )
  }
  const pagePaths = source.pages.flatMap((row) => (row.path ? [row.path] : []))
  for (const row of source.pages) {
    if (!row.path || !row.page || row.page.unlisted === true) continue
    const index = pagePaths.some((other) => other.startsWith(`${row.path}/`))
    const url = searchPageUrl(options.urlPrefix, {kind: 'page', path: row.path, index})
    records.push(
      ...pageRecords(row.page, {
        kind: 'page',
        url,
        lvl0: options.labels.page,
        version: null,
        priority: KIND_PRIORITY.page,
        locale: options.locale,
        intro: row.page.description,
      }),
    )
  }
  for (const row of source.posts) {
    if (!row.slug || !row.post || row.post.unlisted === true) continue
    const url = searchPageUrl(options.urlPrefix, {kind: 'blog', blogPath, slug: row.slug})
    records.push(
      ...pageRecords(row.post, {
        kind: 'blog',
        url,
        lvl0: options.labels.blog,
        version: null,
        priority: KIND_PRIORITY.blog,
        locale: options.locale,
        intro: row.post.description,
      }),
    )
  }
  if (latest) {
    for (const row of source.releases) {
      if (!row.version || !row.release) continue
      const url = searchPageUrl(options.urlPrefix, {kind: 'changelog', docsPath, version: latest.segment, release: row.version})
      const release = {...row.release, title: row.release.title || row.version}
      records.push(
        ...pageRecords(release, {
          kind: 'changelog',
          url,
          lvl0: options.labels.changelog,
          version: null,
          priority: KIND_PRIORITY.changelog,
          locale: options.locale,
          intro: row.release.summary,
        }),
      )
    }
  }
  return records
}

interface PageContext {
  kind: PageKind
  url: string
  lvl0: string
  version: string | null
  priority: number
  locale: Locale
  intro: string | null | undefined
}

function pageRecords(document: SearchDocument, page: PageContext): SearchRecord[] {
  const title = (document.title ?? '').trim() || page.url
  const body = document.body ?? []
  const anchors = new Map(bodyHeadings(body).map((heading) => [heading.key, heading]))
  const records: SearchRecord[] = []
  let lvl2: string | null = null
  let lvl3: string | null = null
  let anchor: string | null = null
  let group: string[] = []
  let groupIndex = 0

  const make = (type: RecordType, content: string | null): SearchRecord => {
    const url = anchor ? `${page.url}#${anchor}` : page.url
    return {
      objectID: recordId(page.locale, url, type, groupIndex),
      hierarchy: {lvl0: page.lvl0, lvl1: title, lvl2, lvl3},
      content: content ? truncate(content) : null,
      url,
      url_without_anchor: page.url,
      anchor,
      type,
      language: page.locale,
      version: page.version,
      tags: [page.kind, page.version ? `docs-${page.version}` : 'default'],
      item_priority: page.priority * 10 + TYPE_BONUS[type],
    }
  }
  // The page's own record (lvl1) holds its first paragraphs (else its description) and each heading's
  // record the first paragraphs under it: a page or a section is one hit, never a heading hit plus a
  // text hit at the same address. Later paragraph groups of a section are content records.
  const pageRecord = make('lvl1', null)
  records.push(pageRecord)
  let open: SearchRecord = pageRecord
  const flush = () => {
    const text = group.join(' ').replace(/\s+/g, ' ').trim()
    group = []
    if (!text) return
    if (open.content === null) {
      open.content = truncate(text)
      return
    }
    records.push(make('content', text))
    groupIndex++
  }
  for (const block of body) {
    const heading = anchors.get(block._key)
    if (heading && isHeadingBlock(block)) {
      flush()
      groupIndex = 0
      if (heading.level <= 2) {
        lvl2 = heading.text
        lvl3 = null
      } else {
        // h4–h6 are folded into lvl3: DocSearch has three levels under the page title.
        lvl3 = heading.text
      }
      anchor = heading.anchor
      open = make(heading.level <= 2 ? 'lvl2' : 'lvl3', null)
      records.push(open)
      continue
    }
    const text = searchableText(block)
    if (!text) continue
    group.push(text)
    if (group.join(' ').length >= GROUP_CHARS) flush()
  }
  // The notes of the page's footnotes are read at its end, as the site shows them: a reference adds no
  // text to its sentence, its note is found under the last heading.
  for (const note of footnoteNotes(body)) {
    group.push(note)
    if (group.join(' ').length >= GROUP_CHARS) flush()
  }
  flush()
  if (pageRecord.content === null && page.intro?.trim()) pageRecord.content = truncate(page.intro.trim())
  return records
}

interface FootnoteChild {
  _type?: string
  _key?: string
  label?: string | null
  note?: ReadonlyArray<{children?: ReadonlyArray<{_type?: string; text?: string | null}> | null}> | null
}

/** The text of each note of a body's footnotes, in the order the site numbers them (a label's first note). */
export function footnoteNotes(body: readonly SearchBodyBlock[]): string[] {
  const seen = new Set<string>()
  const notes: string[] = []
  for (const block of walkBlocks(body)) {
    for (const child of [...((block.children ?? []) as readonly FootnoteChild[]), ...(block.notes ?? [])]) {
      if (child._type !== 'footnote' || !child.note?.length) continue
      const label = child.label || child._key || ''
      if (seen.has(label)) continue
      seen.add(label)
      notes.push(child.note.map((paragraph) => blockText(paragraph)).join(' '))
    }
  }
  return notes
}

/** The words of a block that a reader could search for; code and raw HTML are left out of the index. */
export function searchableText(block: SearchBodyBlock): string {
  switch (block._type) {
    case 'block':
      // Inline math by the names of its symbols, so that a reader typing "d max" finds the formula.
      return (block.children ?? [])
        .map((child) =>
          child._type === 'mathInline' ? texSearchText((child as {tex?: string | null}).tex ?? '') : typeof child.text === 'string' ? child.text : '',
        )
        .join('')
    case 'mathBlock':
      return texSearchText(block.tex ?? '')
    case 'mermaidDiagram':
      return [block.title ?? '', diagramSearchText(block.code ?? '')].filter(Boolean).join(' ')
    case 'heading':
      return inlinePlainText(parseInlineMarkup(block.text ?? ''))
    case 'admonition':
      return [block.title ?? '', ...(block.body ?? []).map(searchableText)].filter(Boolean).join(' ')
    case 'details':
      return [inlinePlainText(parseInlineMarkup(block.summary ?? '')), ...(block.body ?? []).map(searchableText)].filter(Boolean).join(' ')
    case 'quote':
      return (block.body ?? []).map(searchableText).filter(Boolean).join(' ')
    case 'siteComponent':
      return [
        markupText(block.markup ?? ''),
        ...(block.body ?? []).map(searchableText),
        ...(block.slots ?? []).flatMap((slot) => (slot.body ?? []).map(searchableText)),
      ]
        .filter(Boolean)
        .join(' ')
    case 'tabs':
      return (block.panels ?? [])
        .flatMap((panel) => (panel.body ?? []).map(searchableText))
        .filter(Boolean)
        .join(' ')
    case 'rawHtml':
      // The HTML's own text is not searched (kept markup); what the page wrote inside its tags is.
      return (block.slots ?? [])
        .flatMap((slot) => (slot.body ?? []).map(searchableText))
        .filter(Boolean)
        .join(' ')
    case 'table':
      return (block.rows ?? []).flatMap((row) => (row.cells ?? []).map((cell) => inlinePlainText(parseCellMarkup(cell)))).join(' ')
    default:
      return ''
  }
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '}

/** The words of a component's rendered markup: its text, without tags or the content marker. */
function markupText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name.startsWith('#x') || name.startsWith('#X') ? `0x${name.slice(2)}` : name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? entity),
    )
    .replace(SITE_COMPONENT_CONTENT_MARKER, ' ')
    .replace(RAW_HTML_SLOT_MARKERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function truncate(text: string): string {
  if (text.length <= MAX_CONTENT_CHARS) return text
  const cut = text.slice(0, MAX_CONTENT_CHARS)
  const space = cut.lastIndexOf(' ')
  return `${space > MAX_CONTENT_CHARS * 0.7 ? cut.slice(0, space) : cut}…`
}

/** Stable ids, so that incremental indexing can tell a changed record from a new one. */
function recordId(locale: Locale, url: string, type: RecordType, index: number): string {
  const key = `${url}|${type}|${index}`
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  let second = 5381
  for (let i = 0; i < key.length; i++) second = (Math.imul(second, 33) ^ key.charCodeAt(i)) >>> 0
  return `${locale}-${(hash >>> 0).toString(36)}${second.toString(36)}`
}

/** The flat field names Typesense and the UI use ("hierarchy.lvl1"): one hit shape for both search clients. */
export type FlatSearchRecord = {
  id: string
  'hierarchy.lvl0': string
  'hierarchy.lvl1': string
  'hierarchy.lvl2'?: string
  'hierarchy.lvl3'?: string
  content?: string
  url: string
  url_without_anchor: string
  anchor?: string
  type: RecordType
  language: Locale
  version?: string
  tags: string[]
  item_priority: number
}

/** Flattens a record; null fields are left out because Typesense's optional fields must be absent, not null. */
export function flattenRecord(record: SearchRecord): FlatSearchRecord {
  return {
    id: record.objectID,
    'hierarchy.lvl0': record.hierarchy.lvl0,
    'hierarchy.lvl1': record.hierarchy.lvl1,
    ...(record.hierarchy.lvl2 ? {'hierarchy.lvl2': record.hierarchy.lvl2} : {}),
    ...(record.hierarchy.lvl3 ? {'hierarchy.lvl3': record.hierarchy.lvl3} : {}),
    ...(record.content ? {content: record.content} : {}),
    url: record.url,
    url_without_anchor: record.url_without_anchor,
    ...(record.anchor ? {anchor: record.anchor} : {}),
    type: record.type,
    language: record.language,
    ...(record.version ? {version: record.version} : {}),
    tags: record.tags,
    item_priority: record.item_priority,
  }
}

/** The contextual filter of the spec: the locale, and the version read (docs) or the latest (elsewhere). */
export function contextualFacetFilters(locale: Locale, version: string): string[][] {
  return [[`language:${locale}`], ['tags:default', `tags:docs-${version}`]]
}
