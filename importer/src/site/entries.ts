/**
 * Sorts the markdown files into docs, blog posts, releases, pages and the home page, each with its
 * locale, its path in the default-locale layout (translations share their source's), validated front
 * matter and the facts derived from its path (doc id and slug, post date and slug, page path).
 */
import {PAGE_SECTIONS} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {
  BLOG_FIELDS,
  DOC_FIELDS,
  type FrontMatter,
  type FrontMatterRules,
  HOME_FIELDS,
  frontMatterDate,
  isRecord,
  isValidDate,
  PAGE_FIELDS,
  readFrontMatter,
  RELEASE_FIELDS,
} from '../front-matter'
import type {SourceFile} from '../read-sources'
import {TRUNCATE_MARKER_ANYWHERE} from '../markdown/blocks'
import {blogDirOf, type ContentInstance, docsOptionsOf, type DocsVersionInfo, i18nFolder, type SiteConfig} from './site-config'

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
  /** Docusaurus's address of the doc ends with a slash (a category's index, `slug: /`, a slug written with one). */
  slashAddress?: true
}

export interface PostEntry extends MarkdownEntry {
  slug: string
  date: string
  /** The title Docusaurus gives a post without one (neither in the front matter nor as a level-1 heading): its file name without the date. */
  fileTitle: string
}

export interface ReleaseEntry extends MarkdownEntry {
  version: string
}

export interface PageEntry extends MarkdownEntry {
  path: string
  section: (typeof PAGE_SECTIONS)[number]
  /** A post of a second blog instance imported as a page: its instance and date, for the list page made of them. */
  instancePost?: {instance: ContentInstance; date: string}
  /**
   * A page of `src/pages`, markdown or React: Docusaurus shows its text (or what its component renders)
   * as written, with no title heading of its own above it (the title is the browser tab's), so a page
   * without a level-1 heading has none.
   */
  asWritten?: true
}

export interface SiteEntries {
  docs: DocEntry[]
  posts: PostEntry[]
  releases: ReleaseEntry[]
  pages: PageEntry[]
  home: MarkdownEntry[]
}

/** Whether a docs version has its main doc (a doc at `slug: /`) in the default locale. */
export function hasMainDoc(docs: readonly DocEntry[], version: DocsVersionInfo, defaultLocale: Locale): boolean {
  return docs.some((doc) => doc.version.path === version.path && doc.locale === defaultLocale && doc.slug === 'index')
}

const EXTENSION = /\.mdx?$/

// Docusaurus's default number prefix parser: `01-intro` → 1 and `intro`, but names that look like a
// version or a date (`4.5.0`, `2021-01-31-post`) keep their whole name.
const IGNORED_PREFIX = /^\d+[-_.]\d+/
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/

export function parseNumberPrefix(name: string): {name: string; numberPrefix?: number} {
  if (IGNORED_PREFIX.test(name)) return {name}
  const match = NUMBER_PREFIX.exec(name)
  return match?.[2] !== undefined ? {name: match[2], numberPrefix: Number(match[1])} : {name}
}

export type NumberPrefixParser = (name: string) => {name: string; numberPrefix?: number}

/**
 * A docs plugin's `numberPrefixParser` option as a parser: Docusaurus's default (absent or true), none
 * (false: `01-intro` keeps its whole name, in ids, addresses and sidebar labels), or the site's own
 * function (file or folder name → {filename, numberPrefix}). What the site's function gets wrong is
 * reported once, and the name is then kept whole.
 */
export function numberPrefixParserOf(option: unknown, report: (message: string) => void): NumberPrefixParser {
  if (option === false) return (name) => ({name})
  if (typeof option !== 'function') return parseNumberPrefix
  const parse = option as (filename: string) => unknown
  let reported = false
  return (name) => {
    let result: unknown
    try {
      result = parse(name)
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error))
    }
    if (isRecord(result) && typeof result.filename === 'string') {
      return {name: result.filename, ...(typeof result.numberPrefix === 'number' ? {numberPrefix: result.numberPrefix} : {})}
    }
    if (!reported) {
      reported = true
      const what =
        result instanceof Error
          ? `threw "${result.message}" for "${name}"`
          : `returned ${JSON.stringify(result) ?? String(result)} for "${name}", not {filename, numberPrefix}`
      report(`the site's number prefix parser ${what}; names are kept whole`)
    }
    return {name}
  }
}

/** Where a file sits: which kind, which locale, and its path in the default-locale layout. */
interface Placement {
  kind: 'doc' | 'post' | 'release' | 'page' | 'home'
  locale: Locale
  canonicalPath: string
  version?: DocsVersionInfo
  /** A post of a second blog plugin instance, imported as a page. */
  instance?: ContentInstance
  relativePath: string
}

function place(filePath: string, site: SiteConfig, log: DiagnosticLog): Placement | null {
  let locale: Locale = site.defaultLocale
  let canonical = filePath
  // The blog's folder as the config names it (blog/ by default; news/, ../blog/ …).
  const blogDir = `${blogDirOf(site)}/`
  const i18n = /^i18n\/([^/]+)\/(.+)$/.exec(filePath)
  if (i18n) {
    const [, folder = '', rest = ''] = i18n
    const known = site.locales.find((candidate) => i18nFolder(site, candidate) === folder)
    if (!known) {
      log.warn({file: filePath, message: `i18n/${folder}/ is not the folder of a locale of the site (i18n.locales); the file is not imported`})
      return null
    }
    locale = known
    const docs = /^docusaurus-plugin-content-docs\/([^/]+)\/(.+)$/.exec(rest)
    const blog = /^docusaurus-plugin-content-blog\/(.+)$/.exec(rest)
    const pages = /^docusaurus-plugin-content-pages\/(.+)$/.exec(rest)
    const changelog = /^changelog\/(.+)$/.exec(rest)
    // A plugin instance's translations: docusaurus-plugin-content-docs-<id>/current/…, docusaurus-plugin-content-blog-<id>/….
    const instanceMatch = /^docusaurus-plugin-content-(docs|blog)-([^/]+)\/(.+)$/.exec(rest)
    const instance = instanceMatch
      ? (site.instances ?? []).find((candidate) => candidate.kind === instanceMatch[1] && candidate.id === instanceMatch[2])
      : undefined
    if (instance && instanceMatch) {
      const inner = instanceMatch[3] ?? ''
      if (instance.kind === 'docs') {
        // Like the site's docs: <version folder>/<path in the version>.
        const slash = inner.indexOf('/')
        const version = site.versions.find((candidate) => candidate.instance === instance && candidate.i18nDir === inner.slice(0, slash))
        if (slash === -1 || !version) {
          log.warn({
            file: filePath,
            message: `no version "${inner.slice(0, Math.max(slash, 0))}" of the "${instance.id}" docs (current, or version-<name> of ${instance.id}_versions.json); the translation is not imported`,
          })
          return null
        }
        canonical = `${version.docsDir}/${inner.slice(slash + 1)}`
      } else {
        canonical = `${instance.path}/${inner}`
      }
    } else if (docs) {
      const version = site.versions.find((candidate) => !candidate.instance && candidate.i18nDir === docs[1])
      // A translation of a version onlyIncludeVersions leaves out: the option's warning names the version.
      if (!version && site.leftOutVersions?.some((leftOut) => leftOut.i18nDir === docs[1])) return null
      if (!version) {
        log.warn({file: filePath, message: `no docs version "${docs[1]}"; the translation is not imported`})
        return null
      }
      canonical = `${version.docsDir}/${docs[2]}`
    } else if (blog) canonical = `${blogDir}${blog[1]}`
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
  const instance = (site.instances ?? []).find((candidate) => candidate.kind === 'blog' && canonical.startsWith(`${candidate.path}/`))
  if (instance) return {kind: 'page', instance, locale, canonicalPath: canonical, relativePath: canonical.slice(instance.path.length + 1)}
  if (site.leftOutVersions?.some((leftOut) => canonical.startsWith(`${leftOut.docsDir}/`))) return null
  if (canonical.startsWith('versioned_docs/')) {
    log.warn({file: filePath, message: 'its version is not listed in versions.json; not imported'})
    return null
  }
  if (canonical.startsWith(blogDir)) {
    if (site.disabled?.blog) {
      log.warn({file: filePath, message: 'the config disables the blog (blog: false): Docusaurus does not build it, so it is not imported'})
      return null
    }
  }
  if (canonical.startsWith(blogDir)) return {kind: 'post', locale, canonicalPath: canonical, relativePath: canonical.slice(blogDir.length)}
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

/**
 * The date of a post whose front matter and file name give none, as Docusaurus dates it: its file's first commit, else
 * the file's creation time. Absent: such a post is an error.
 */
export type UndatedPostDate = (file: string) => string | undefined

export function classifyFiles(files: SourceFile[], site: SiteConfig, log: DiagnosticLog, undatedPostDate?: UndatedPostDate): SiteEntries {
  const entries: SiteEntries = {docs: [], posts: [], releases: [], pages: [], home: []}
  const parsers = new Map<DocsVersionInfo, NumberPrefixParser>()
  const prefixParserOf = (version: DocsVersionInfo): NumberPrefixParser => {
    let parser = parsers.get(version)
    if (!parser) {
      parser = numberPrefixParserOf(docsOptionsOf(site, version).numberPrefixParser, (message) =>
        log.error({file: site.configFile, field: `${version.instance ? `${version.instance.id} docs` : 'docs'}.numberPrefixParser`, message}),
      )
      parsers.set(version, parser)
    }
    return parser
  }
  for (const file of files) {
    const placement = place(file.path, site, log)
    if (!placement) continue
    const rules = placement.instance ? BLOG_FIELDS : RULES[placement.kind]
    const frontMatter = readFrontMatter(file.path, file.text, rules, log)
    if (!frontMatter) continue
    const base = {file, locale: placement.locale, canonicalPath: placement.canonicalPath, frontMatter}
    // Docusaurus's production build leaves drafts out (docs, posts and pages alike).
    if (frontMatter.data.draft === true) {
      log.warn({file: file.path, line: frontMatter.lineOf('draft'), field: 'draft', message: 'true: a draft, which Docusaurus does not publish; not imported'})
      continue
    }
    if (placement.instance) {
      const page = instancePageEntry(base, placement.instance, placement.relativePath, log, undatedPostDate)
      if (page) entries.pages.push(page)
      continue
    }
    switch (placement.kind) {
      case 'doc':
        if (placement.version) entries.docs.push(docEntry(base, placement.version, placement.relativePath, prefixParserOf(placement.version), log))
        break
      case 'post': {
        const post = postEntry(base, placement.relativePath, log, undatedPostDate)
        if (post) entries.posts.push(post)
        break
      }
      case 'release':
        if (typeof frontMatter.data.version === 'string') entries.releases.push({...base, version: frontMatter.data.version})
        break
      case 'page': {
        const page = pageEntry(base, placement.relativePath, log, site.pageSlugs !== false)
        if (page) entries.pages.push(page)
        break
      }
      case 'home':
        entries.home.push(base)
        break
    }
  }
  for (const list of [entries.docs, entries.posts, entries.releases, entries.pages, entries.home] as MarkdownEntry[][]) preferLocalizedDefault(list, site)
  useSourceSlugs(entries.docs, log)
  useSourcePaths(entries.pages)
  return entries
}

/**
 * Docusaurus reads a file of i18n/<default locale>/ in place of its source for the default locale too (a site writing
 * its sources in one language and its default locale's text in another): such a file's entry replaces its source's
 * there, and the source, which every other locale without a file of its own shows, becomes their entry.
 */
function preferLocalizedDefault(list: MarkdownEntry[], site: SiteConfig): void {
  const key = (locale: Locale, canonicalPath: string) => `${locale}\0${canonicalPath}`
  const localized = new Set(
    list.filter((entry) => entry.locale === site.defaultLocale && entry.file.path !== entry.canonicalPath).map((entry) => entry.canonicalPath),
  )
  if (localized.size === 0) return
  const present = new Set(list.map((entry) => key(entry.locale, entry.canonicalPath)))
  for (let index = list.length - 1; index >= 0; index--) {
    const entry = list[index]!
    if (entry.locale !== site.defaultLocale || entry.file.path !== entry.canonicalPath || !localized.has(entry.canonicalPath)) continue
    const others = site.locales.filter((locale) => locale !== site.defaultLocale && !present.has(key(locale, entry.canonicalPath)))
    list.splice(index, 1, ...others.map((locale) => ({...entry, locale})))
  }
}

/** A translated page of a plugin instance lives at its source's address too, whatever its front matter says. */
function useSourcePaths(pages: PageEntry[]): void {
  const sources = new Map(pages.filter((page) => page.canonicalPath === page.file.path && page.instancePost).map((page) => [page.canonicalPath, page]))
  for (const page of pages) {
    const source = sources.get(page.canonicalPath)
    if (source && source !== page) {
      page.path = source.path
      if (page.instancePost && source.instancePost) page.instancePost = source.instancePost
    }
  }
}

/**
 * A doc's id, slug and position by Docusaurus's rules: the id is the folder path without number
 * prefixes plus the front matter id or the file name without its prefix; the slug is the front
 * matter slug (absolute, or relative to the folder), the folder itself for a category index (index,
 * README or a file named like its folder), else the folder plus the id's last part. Case is kept.
 */
function docEntry(base: MarkdownEntry, version: DocsVersionInfo, relativePath: string, parseNumberPrefixOf: NumberPrefixParser, log: DiagnosticLog): DocEntry {
  const data = base.frontMatter.data
  const segments = relativePath.replace(EXTENSION, '').split('/')
  const fileName = segments.pop() ?? ''
  const folders = segments.map((segment) => parseNumberPrefixOf(segment).name)
  const parsedFileName = parseNumberPrefixOf(fileName)
  const ownId = typeof data.id === 'string' ? data.id : parsedFileName.name
  if (ownId.includes('/'))
    log.error({
      file: base.file.path,
      line: base.frontMatter.lineOf('id'),
      field: 'id',
      message: `"${ownId}" cannot contain a slash (Docusaurus refuses it too)`,
    })
  const docId = [...folders, ownId].join('/')
  const folderSlug = folders.length > 0 ? `/${folders.join('/')}/` : '/'
  const rawFolder = segments.at(-1)
  const isCategoryIndex = /^(index|readme)$/i.test(fileName) || (rawFolder !== undefined && fileName.toLowerCase() === rawFolder.toLowerCase())
  let slug: string
  if (typeof data.slug === 'string' && data.slug.startsWith('/')) slug = data.slug
  else if (typeof data.slug !== 'string' && isCategoryIndex) slug = folderSlug
  else slug = resolvePathname(typeof data.slug === 'string' ? data.slug : ownId, folderSlug)
  const slashAddress = slug.endsWith('/')
  slug = slug.replace(/^\/+|\/+$/g, '') || 'index'
  if (/\s/.test(slug)) {
    // Docusaurus serves such a doc at an address with %20 in it; addresses here have no white space.
    const spaced = slug
    slug = slug.replace(/\s+/g, '-')
    log.warn({
      file: base.file.path,
      line: base.frontMatter.lineOf('slug'),
      field: 'slug',
      message: `"${spaced}" has white space, which this site's addresses cannot hold: the doc is at "${slug}" (links to its file follow it; a link to Docusaurus's address of it, with %20, does not)`,
    })
  }
  if (/[?#]|(^|\/)\.\.?(\/|$)|\/\//.test(slug)) {
    log.error({file: base.file.path, line: base.frontMatter.lineOf('slug'), field: 'slug', message: `"${slug}" cannot be a doc address`})
  }
  const position = typeof data.sidebar_position === 'number' ? data.sidebar_position : parsedFileName.numberPrefix
  return {...base, version, relativePath, docId, slug, ...(position === undefined ? {} : {position}), ...(slashAddress ? {slashAddress: true as const} : {})}
}

/**
 * A post of a second blog instance as a page at the address Docusaurus gives it: the instance's
 * route base path, then the post's address. (A second docs instance's docs are docs of their own:
 * see instanceVersions in site-config.ts.)
 */
function instancePageEntry(
  base: MarkdownEntry,
  instance: ContentInstance,
  relativePath: string,
  log: DiagnosticLog,
  undatedPostDate?: UndatedPostDate,
): PageEntry | null {
  const post = postEntry(base, relativePath, log, undatedPostDate)
  if (!post) return null
  const path = [instance.routeBasePath, post.slug].filter(Boolean).join('/')
  return {...base, path, section: 'other', instancePost: {instance, date: post.date}}
}

/** Resolves a relative path against a folder path the way URLs resolve (`../x` goes up). */
function resolvePathname(relative: string, folder: string): string {
  const parts = folder.split('/').filter(Boolean)
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return `/${parts.join('/')}`
}

/**
 * A translated doc lives at its source's address, whatever its own front matter says: a slug of its own that gives
 * another address (Docusaurus serves that locale's page there) is reported.
 */
function useSourceSlugs(docs: DocEntry[], log: DiagnosticLog): void {
  const sources = new Map(docs.filter((doc) => doc.canonicalPath === doc.file.path).map((doc) => [doc.canonicalPath, doc]))
  for (const doc of docs) {
    const source = sources.get(doc.canonicalPath)
    if (source && source !== doc) {
      if (doc.slug !== source.slug && typeof doc.frontMatter.data.slug === 'string')
        log.warn({
          file: doc.file.path,
          line: doc.frontMatter.lineOf('slug'),
          field: 'slug',
          message: `"${doc.frontMatter.data.slug}" is not kept: a translation is at its source's address (${source.file.path}'s), where this locale's page is here; Docusaurus serves it at its own slug`,
        })
      doc.slug = source.slug
      doc.docId = source.docId
    }
  }
}

/**
 * A date in a post's path (relative to the blog folder, without its extension): the last one, after
 * any folders, as Docusaurus finds it (`2025/launch/2025-03-19-news` → 2025-03-19, folders `2025/launch/`, name `news`).
 */
const BLOG_NAME = /^(.*)(\d{4})[-/](\d\d?)[-/](\d\d?)[-/]?(.*?)(?:\/index)?$/

/**
 * A post's date and address by Docusaurus's rules: the date from the front matter or the file (or
 * folder) name; the address from the front matter slug, else the date as folders and the name
 * (`2021-03-10-hello.md` → 2021/03/10/hello), the name being kept as written.
 */
function postEntry(base: MarkdownEntry, relativePath: string, log: DiagnosticLog, undatedPostDate?: UndatedPostDate): PostEntry | null {
  const data = base.frontMatter.data
  const withoutExtension = relativePath.replace(EXTENSION, '')
  const match = BLOG_NAME.exec(withoutExtension)
  const [, folders = '', year, month, day, name = withoutExtension.replace(/\/index$/, '')] = match ?? []
  const fileDate = `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`
  let date: string
  if (data.date !== undefined) {
    // An invalid front matter date was reported by readFrontMatter.
    const written = frontMatterDate(data.date)
    if (written === null) return null
    date = written
  } else if (!year) {
    const dated = undatedPostDate?.(base.file.path)
    if (dated === undefined) {
      log.error({file: base.file.path, line: 1, field: 'date', message: 'is required: name the file YYYY-MM-DD-name.md or set date in the front matter'})
      return null
    }
    date = dated
  } else if (!isValidDate(fileDate)) {
    log.error({file: base.file.path, line: 1, field: 'date', message: `the file name's date ${fileDate} is not a valid date`})
    return null
  } else {
    date = fileDate
  }
  const slug = (typeof data.slug === 'string' ? data.slug : year ? `${year}/${month}/${day}/${folders}${name}` : name).replace(/^\/+|\/+$/g, '')
  if (!isPostSlug(slug)) {
    log.error({
      file: base.file.path,
      line: base.frontMatter.lineOf('slug'),
      field: 'slug',
      message: `"${slug}" cannot be a post address (it is empty, has spaces, or is taken by the blog's own pages)`,
    })
    return null
  }
  return {...base, slug, date, fileTitle: fileTitleOf(relativePath)}
}

/** Whether a slug can be a post's address: not empty, no spaces, not one of the blog's own pages. */
function isPostSlug(slug: string): boolean {
  return !(slug === '' || /[?#\s]|\/\/|(^|\/)\.\.?(\/|$)/.test(slug) || /^(page|archive|tags|authors)(\/|$)/.test(slug))
}

/** Docusaurus's title of a post file without one: `2016-03-11-unit-testing.md` → unit-testing, `notes/index.md` → notes. */
function fileTitleOf(relativePath: string): string {
  const dated = /^(?:.*?)\d{4}[-/]\d{1,2}[-/]\d{1,2}[-/]?(.*?)(?:\/index)?\.mdx?$/.exec(relativePath)
  return dated ? (dated[1] ?? '') : relativePath.replace(/(?:\/index)?\.mdx?$/, '')
}

function pageEntry(base: MarkdownEntry, relativePath: string, log: DiagnosticLog, slugs: boolean): PageEntry | null {
  // The pages plugin serves a page at its front matter's slug, from the site's root (Docusaurus 3.8 and later), else at its file's path.
  const slug = base.frontMatter.data.slug
  const written = slugs && typeof slug === 'string' ? slug.replace(/^\/+|\/+$/g, '') : relativePath.replace(EXTENSION, '').replace(/(^|\/)index$/, '')
  // Docusaurus serves such a page at an address with %20 in it; addresses here have no white space.
  const path = written.replace(/\s+/g, '-')
  if (path !== written)
    log.warn({
      file: base.file.path,
      field: 'path',
      message: `"${written}" has white space, which this site's addresses cannot hold: the page is at "/${path}" (a link to Docusaurus's address of it, with %20, does not follow it)`,
    })
  if (path === '' || /[?#\s]|\/\//.test(path)) {
    log.error({file: base.file.path, field: 'path', message: `"${path}" cannot be a page address`})
    return null
  }
  const first = path.split('/')[0] ?? ''
  const section = (PAGE_SECTIONS as readonly string[]).includes(first) ? (first as PageEntry['section']) : 'other'
  return {...base, path, section, asWritten: true}
}

/**
 * The list page of a second blog instance (/releases), in each locale, as Docusaurus's blog list
 * shows it with `postsPerPage: 'ALL'`: newest first, each post's title linking to it, its date and
 * the text before its truncate marker. Made as markdown and converted like any page.
 */
export function instanceListPages(pages: PageEntry[], site: SiteConfig): PageEntry[] {
  const lists: PageEntry[] = []
  for (const instance of (site.instances ?? []).filter((candidate) => candidate.kind === 'blog')) {
    const posts = pages.filter((page) => page.instancePost?.instance === instance)
    const sources = posts.filter((post) => post.locale === site.defaultLocale)
    if (sources.length === 0) continue
    const title = typeof instance.options.blogTitle === 'string' ? instance.options.blogTitle : 'Blog'
    const description = typeof instance.options.blogDescription === 'string' ? instance.options.blogDescription : undefined
    for (const locale of site.locales) {
      // A locale shows its translation of a post where there is one, else the post itself; unlisted posts are in no list.
      const shown = sources
        .map((source) => posts.find((post) => post.locale === locale && post.canonicalPath === source.canonicalPath) ?? source)
        .filter((post) => post.frontMatter.data.unlisted !== true)
        .sort((a, b) => (b.instancePost?.date ?? '').localeCompare(a.instancePost?.date ?? '') || a.path.localeCompare(b.path))
      const dateFormat = new Intl.DateTimeFormat(locale, {dateStyle: 'long', timeZone: 'UTC'})
      const items = shown.map((post) => {
        const postTitle = typeof post.frontMatter.data.title === 'string' ? post.frontMatter.data.title : (post.path.split('/').at(-1) ?? post.path)
        const date = dateFormat.format(new Date(`${post.instancePost?.date ?? ''}T00:00:00Z`))
        return `## [${postTitle.replace(/([[\]])/g, '\\$1')}](/${post.path})\n\n${date}\n\n${excerpt(post.file.text)}`
      })
      const text = `# ${title}\n\n${items.join('\n\n')}\n`
      const modifiedAt = sources[0]?.file.modifiedAt ?? new Date(0)
      const made = (canonicalPath: string, path: string, pageTitle: string, body: string, pageDescription?: string): PageEntry => ({
        file: {path: canonicalPath, text: body, modifiedAt},
        locale,
        canonicalPath,
        frontMatter: {data: {title: pageTitle, ...(pageDescription ? {description: pageDescription} : {})}, lineOf: () => 1},
        path,
        section: 'other',
      })
      lists.push(made(`${instance.path}/`, instance.routeBasePath, title, text, description))
      // The archive: every post by year, newest year first, oldest post first within a year, as Docusaurus's /archive lists them.
      const monthDay = new Intl.DateTimeFormat(locale, {month: 'long', day: 'numeric', timeZone: 'UTC'})
      const years = [...new Set(shown.map((post) => (post.instancePost?.date ?? '').slice(0, 4)))].sort().reverse()
      const archive = years.map((year) => {
        const inYear = shown.filter((post) => post.instancePost?.date.startsWith(year)).reverse()
        const lines = inYear.map((post) => {
          const postTitle = typeof post.frontMatter.data.title === 'string' ? post.frontMatter.data.title : (post.path.split('/').at(-1) ?? post.path)
          return `- ${monthDay.format(new Date(`${post.instancePost?.date ?? ''}T00:00:00Z`))} - [${postTitle.replace(/([[\]])/g, '\\$1')}](/${post.path})`
        })
        return `## ${year} {#${year}}\n\n${lines.join('\n')}`
      })
      lists.push(made(`${instance.path}/archive`, `${instance.routeBasePath}/archive`, 'Archive', `# Archive\n\n${archive.join('\n\n')}\n`))
    }
  }
  return lists
}

/**
 * The body of a post before its truncate marker (the whole body without one), front matter and import
 * lines left out. The marker is found anywhere in a line, as plugin-content-blog cuts the excerpt.
 */
function excerpt(text: string): string {
  const body = text.replace(/^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, '')
  const marker = TRUNCATE_MARKER_ANYWHERE.exec(body)
  const head = marker ? body.slice(0, marker.index) : body
  return head
    .split('\n')
    .filter((line) => !/^(import|export)\s/.test(line))
    .join('\n')
    .trim()
}
