/**
 * Sorts the markdown files into docs, blog posts, releases, pages and the home page, each with its
 * locale, its path in the default-locale layout (translations share their source's), validated front
 * matter and the facts derived from its path (doc id and slug, post date and slug, page path).
 */
import {PAGE_SECTIONS, type Locale} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import {
  BLOG_FIELDS,
  DOC_FIELDS,
  type FrontMatter,
  type FrontMatterRules,
  HOME_FIELDS,
  isValidDate,
  PAGE_FIELDS,
  readFrontMatter,
  RELEASE_FIELDS,
} from '../front-matter'
import type {SourceFile} from '../read-sources'
import type {DocsVersionInfo, SiteConfig} from './site-config'

export interface MarkdownEntry {
  file: SourceFile
  locale: Locale
  /** Path of the default-locale file this one is (or translates): docs/rooms.md. */
  canonicalPath: string
  frontMatter: FrontMatter
}

export interface DocEntry extends MarkdownEntry {
  version: DocsVersionInfo
  /** Path inside the version folder: 02-server/rooms.md. */
  relativePath: string
  /** Docusaurus doc id: server/rooms. */
  docId: string
  slug: string
  position?: number
}

export interface PostEntry extends MarkdownEntry {
  slug: string
  date: string
}

export interface ReleaseEntry extends MarkdownEntry {
  version: string
}

export interface PageEntry extends MarkdownEntry {
  path: string
  section: (typeof PAGE_SECTIONS)[number]
}

export interface SiteEntries {
  docs: DocEntry[]
  posts: PostEntry[]
  releases: ReleaseEntry[]
  pages: PageEntry[]
  home: MarkdownEntry[]
}

const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*(?=[^-_.\s])/
const EXTENSION = /\.mdx?$/

export function stripNumberPrefix(segment: string): string {
  return segment.replace(NUMBER_PREFIX, '')
}

export function numberPrefix(segment: string): number | undefined {
  const match = NUMBER_PREFIX.exec(segment)
  return match ? Number(match[1]) : undefined
}

/** Where a file sits: which kind, which locale, and its path in the default-locale layout. */
interface Placement {
  kind: 'doc' | 'post' | 'release' | 'page' | 'home'
  locale: Locale
  canonicalPath: string
  version?: DocsVersionInfo
  relativePath: string
}

function place(filePath: string, site: SiteConfig, log: DiagnosticLog): Placement | null {
  let locale: Locale = site.defaultLocale
  let canonical = filePath
  const i18n = /^i18n\/([^/]+)\/(.+)$/.exec(filePath)
  if (i18n) {
    const [, code = '', rest = ''] = i18n
    const known = site.locales.find((candidate) => candidate === code)
    if (!known || known === site.defaultLocale) {
      log.warn({file: filePath, message: `locale "${code}" is not a locale of the site; the file is not imported`})
      return null
    }
    locale = known
    const docs = /^docusaurus-plugin-content-docs\/([^/]+)\/(.+)$/.exec(rest)
    const blog = /^docusaurus-plugin-content-blog\/(.+)$/.exec(rest)
    const pages = /^docusaurus-plugin-content-pages\/(.+)$/.exec(rest)
    const changelog = /^changelog\/(.+)$/.exec(rest)
    if (docs) {
      const version = site.versions.find((candidate) => candidate.i18nDir === docs[1])
      if (!version) {
        log.warn({file: filePath, message: `no docs version "${docs[1]}"; the translation is not imported`})
        return null
      }
      canonical = `${version.docsDir}/${docs[2]}`
    } else if (blog) canonical = `blog/${blog[1]}`
    else if (pages) canonical = `src/pages/${pages[1]}`
    else if (changelog) canonical = `changelog/${changelog[1]}`
    else {
      log.warn({file: filePath, message: 'not a place for translated markdown (see content/README.md); not imported'})
      return null
    }
  }
  for (const version of site.versions) {
    if (canonical.startsWith(`${version.docsDir}/`)) {
      return {kind: 'doc', locale, canonicalPath: canonical, version, relativePath: canonical.slice(version.docsDir.length + 1)}
    }
  }
  if (canonical.startsWith('versioned_docs/')) {
    log.warn({file: filePath, message: 'its version is not listed in versions.json; not imported'})
    return null
  }
  if (canonical.startsWith('blog/')) return {kind: 'post', locale, canonicalPath: canonical, relativePath: canonical.slice(5)}
  if (canonical.startsWith('changelog/')) return {kind: 'release', locale, canonicalPath: canonical, relativePath: canonical.slice(10)}
  if (canonical.startsWith('src/pages/')) {
    const relativePath = canonical.slice(10)
    return {kind: /^index\.mdx?$/.test(relativePath) ? 'home' : 'page', locale, canonicalPath: canonical, relativePath}
  }
  log.warn({file: filePath, message: 'not in a folder the importer reads; not imported'})
  return null
}

const RULES: Record<Placement['kind'], FrontMatterRules> = {
  doc: DOC_FIELDS,
  post: BLOG_FIELDS,
  release: RELEASE_FIELDS,
  page: PAGE_FIELDS,
  home: HOME_FIELDS,
}

export function classifyFiles(files: SourceFile[], site: SiteConfig, log: DiagnosticLog): SiteEntries {
  const entries: SiteEntries = {docs: [], posts: [], releases: [], pages: [], home: []}
  for (const file of files) {
    const placement = place(file.path, site, log)
    if (!placement) continue
    const frontMatter = readFrontMatter(file.path, file.text, RULES[placement.kind], log)
    if (!frontMatter) continue
    const base = {file, locale: placement.locale, canonicalPath: placement.canonicalPath, frontMatter}
    switch (placement.kind) {
      case 'doc':
        if (placement.version) entries.docs.push(docEntry(base, placement.version, placement.relativePath, log))
        break
      case 'post': {
        const post = postEntry(base, placement.relativePath, log)
        if (post) entries.posts.push(post)
        break
      }
      case 'release':
        if (typeof frontMatter.data.version === 'string') entries.releases.push({...base, version: frontMatter.data.version})
        break
      case 'page': {
        const page = pageEntry(base, placement.relativePath, log)
        if (page) entries.pages.push(page)
        break
      }
      case 'home':
        entries.home.push(base)
        break
    }
  }
  useSourceSlugs(entries.docs)
  return entries
}

function docEntry(base: MarkdownEntry, version: DocsVersionInfo, relativePath: string, log: DiagnosticLog): DocEntry {
  const data = base.frontMatter.data
  const segments = relativePath.replace(EXTENSION, '').split('/')
  const fileName = segments.pop() ?? ''
  const folders = segments.map(stripNumberPrefix)
  const ownId = typeof data.id === 'string' ? data.id : stripNumberPrefix(fileName)
  const docId = [...folders, ownId].join('/')
  const isCategoryIndex = /^(index|readme)$/i.test(stripNumberPrefix(fileName)) || stripNumberPrefix(fileName) === folders.at(-1)
  let slug: string
  if (typeof data.slug === 'string') {
    slug = data.slug.startsWith('/') ? data.slug : [...folders, data.slug].join('/')
  } else {
    slug = isCategoryIndex && typeof data.id !== 'string' ? folders.join('/') : docId
  }
  slug = slug.replace(/^\/+|\/+$/g, '') || 'index'
  if (!/^[a-z0-9][a-z0-9._/-]*$/.test(slug)) {
    const lower = slug.toLowerCase()
    if (/^[a-z0-9][a-z0-9._/-]*$/.test(lower)) {
      log.warn({file: base.file.path, field: 'slug', message: `"${slug}" has capitals; the doc's address is /${lower}/`})
      slug = lower
    } else {
      log.error({file: base.file.path, line: base.frontMatter.lineOf('slug'), field: 'slug', message: `"${slug}" cannot be a doc address (letters, digits, ., _, - and /)`})
    }
  }
  const position = typeof data.sidebar_position === 'number' ? data.sidebar_position : numberPrefix(fileName)
  return {...base, version, relativePath, docId, slug, ...(position === undefined ? {} : {position})}
}

/** A translated doc lives at its source's address, whatever its own front matter says. */
function useSourceSlugs(docs: DocEntry[]): void {
  const sources = new Map(docs.filter((doc) => doc.canonicalPath === doc.file.path).map((doc) => [doc.canonicalPath, doc]))
  for (const doc of docs) {
    const source = sources.get(doc.canonicalPath)
    if (source && source !== doc) {
      doc.slug = source.slug
      doc.docId = source.docId
    }
  }
}

const BLOG_NAME = /^(?:(\d{4})[-/](\d{2})[-/](\d{2})[-/])?(.+?)(?:\/index)?$/

function postEntry(base: MarkdownEntry, relativePath: string, log: DiagnosticLog): PostEntry | null {
  const data = base.frontMatter.data
  const match = BLOG_NAME.exec(relativePath.replace(EXTENSION, ''))
  const [, year, month, day, name = ''] = match ?? []
  if (data.date !== undefined) {
    // An invalid front matter date was reported by readFrontMatter.
    if (typeof data.date !== 'string' || !isValidDate(data.date)) return null
  } else if (!year) {
    log.error({file: base.file.path, line: 1, field: 'date', message: 'is required: name the file YYYY-MM-DD-name.md or set date in the front matter'})
    return null
  } else if (!isValidDate(`${year}-${month}-${day}`)) {
    log.error({file: base.file.path, line: 1, field: 'date', message: `the file name's date ${year}-${month}-${day} is not a valid date`})
    return null
  }
  const date = typeof data.date === 'string' ? data.date.slice(0, 10) : `${year}-${month}-${day}`
  const rawSlug = typeof data.slug === 'string' ? data.slug.replace(/^\/+|\/+$/g, '') : name
  const slug = rawSlug.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')
  if (slug !== rawSlug) {
    log.warn({file: base.file.path, field: 'slug', message: `"${rawSlug}" is not a valid post address; /blog/${slug}/ is used`})
  }
  if (slug === '') {
    log.error({file: base.file.path, line: base.frontMatter.lineOf('slug'), field: 'slug', message: 'the post has no usable address'})
    return null
  }
  return {...base, slug, date}
}

function pageEntry(base: MarkdownEntry, relativePath: string, log: DiagnosticLog): PageEntry | null {
  const path = relativePath.replace(EXTENSION, '').replace(/(^|\/)index$/, '')
  if (!/^[a-z0-9][a-z0-9/-]*[a-z0-9]$/.test(path)) {
    log.error({file: base.file.path, field: 'path', message: `"${path}" cannot be a page address (lower-case letters, digits, - and /)`})
    return null
  }
  const first = path.split('/')[0] ?? ''
  const section = (PAGE_SECTIONS as readonly string[]).includes(first) ? (first as PageEntry['section']) : 'other'
  return {...base, path, section}
}
