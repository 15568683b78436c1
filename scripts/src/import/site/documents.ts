/**
 * Stage 3 and 4, documents: docs, blog posts, releases, pages and the home page built from their
 * entries, bodies converted to Portable Text, translations linked to their default-locale source.
 */
import {documentId, type Locale, translationFingerprint} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord, isValidDate} from '../front-matter'
import {markdownToPortableText} from '../markdown/to-portable-text'
import type {RichTextBlock} from '../portable-text'
import type {DocEntry, MarkdownEntry, PageEntry, PostEntry, ReleaseEntry, SiteEntries} from './entries'
import {type ImageStore, resolveLink} from './resolvers'

export type SanityDocument = {_id: string; _type: string} & Record<string, unknown>

export interface BuildEnvironment {
  urls: ReadonlyMap<string, string>
  images: ImageStore
  log: DiagnosticLog
  defaultLocale: Locale
}

export function convertBody(entry: MarkdownEntry, title: string | undefined, env: BuildEnvironment): RichTextBlock[] {
  return markdownToPortableText(entry.file.text, {
    file: entry.file.path,
    ...(title === undefined ? {} : {title}),
    resolveLink: (href, line) => resolveLink(href, entry.file.path, entry.canonicalPath, line, env.urls, env.log),
    resolveImage: (src) => env.images.resolve(src, entry.file.path),
    warn: (diagnostic) => env.log.warn(diagnostic),
  })
}

/**
 * The revision a translation records: the fingerprint of its source's translatable content as
 * imported now. The importer replaces it with the source's fingerprint at the translation's last
 * commit when git knows it (translation-history.ts).
 */
export function sourceRevision(source: SanityDocument): string {
  return translationFingerprint(source)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
}

/** Drops undefined fields so that documents hold only what the content says. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T
}

/**
 * Builds one document per entry: default-locale entries first, so that each translation can point
 * at its source and record the source's revision.
 */
function buildTranslated<E extends MarkdownEntry>(
  entries: E[],
  build: (entry: E) => SanityDocument,
  env: BuildEnvironment,
  kind: string,
): SanityDocument[] {
  const sources = new Map<string, SanityDocument>()
  const documents: SanityDocument[] = []
  const ordered = [...entries].sort((a, b) => Number(a.locale !== env.defaultLocale) - Number(b.locale !== env.defaultLocale))
  for (const entry of ordered) {
    const document = build(entry)
    if (entry.locale === env.defaultLocale) {
      sources.set(entry.canonicalPath, document)
    } else {
      const source = sources.get(entry.canonicalPath)
      if (source) {
        document.translation = {
          _type: 'translationOrigin',
          source: {_type: 'reference', _ref: source._id, _weak: true},
          sourceRevision: sourceRevision(source),
          translatedAt: entry.file.modifiedAt.toISOString(),
        }
      } else {
        env.log.warn({file: entry.file.path, message: `a ${kind} translation without its source ${entry.canonicalPath}; readers of the default locale do not see it`})
      }
    }
    documents.push(document)
  }
  return documents
}

export function buildDocs(entries: DocEntry[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const title = text(data.title) ?? ''
      const lastUpdate = isRecord(data.last_update) ? data.last_update.date : undefined
      if (lastUpdate !== undefined && !isValidDate(typeof lastUpdate === 'string' ? lastUpdate : '')) {
        env.log.error({file: entry.file.path, line: entry.frontMatter.lineOf('last_update'), field: 'last_update.date', message: `expected a date such as 2024-07-12, got ${JSON.stringify(lastUpdate)}`})
      }
      return compact({
        _id: documentId('doc', entry.version.path, entry.locale, entry.slug),
        _type: 'doc',
        title,
        description: text(data.description),
        body: convertBody(entry, title, env),
        version: entry.version.path,
        language: entry.locale,
        slug: entry.slug,
        sidebarLabel: text(data.sidebar_label),
        sidebarPosition: entry.position,
        tocMinLevel: typeof data.toc_min_heading_level === 'number' ? data.toc_min_heading_level : undefined,
        tocMaxLevel: typeof data.toc_max_heading_level === 'number' ? data.toc_max_heading_level : undefined,
        keywords: Array.isArray(data.keywords) ? data.keywords : undefined,
        lastUpdatedAt: typeof lastUpdate === 'string' && isValidDate(lastUpdate) ? new Date(lastUpdate).toISOString() : undefined,
        sourcePath: entry.file.path,
      })
    },
    env,
    'doc',
  )
}

export function buildPosts(entries: PostEntry[], authorIds: (entry: PostEntry) => string[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const title = text(data.title) ?? ''
      const tags = Array.isArray(data.tags)
        ? data.tags.map((tag) => (isRecord(tag) ? String(tag.label) : String(tag)))
        : undefined
      return compact({
        _id: documentId('blogPost', entry.locale, entry.slug),
        _type: 'blogPost',
        title,
        slug: entry.slug,
        language: entry.locale,
        date: entry.date,
        authors: authorIds(entry).map((id) => ({_type: 'reference', _ref: id})),
        tags,
        description: text(data.description),
        body: convertBody(entry, title, env),
        sourcePath: entry.file.path,
      })
    },
    env,
    'blog post',
  )
}

export function buildReleases(entries: ReleaseEntry[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const title = text(data.title)
      return compact({
        _id: documentId('release', entry.locale, entry.version),
        _type: 'release',
        version: entry.version,
        language: entry.locale,
        date: text(data.date)?.slice(0, 10),
        title,
        summary: text(data.summary) ?? text(data.description),
        body: convertBody(entry, title ?? entry.version, env),
        diffUrl: text(data.diff_url),
        sourcePath: entry.file.path,
      })
    },
    env,
    'release',
  )
}

export function buildPages(entries: PageEntry[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const title = text(data.title) ?? ''
      return compact({
        _id: documentId('page', entry.locale, entry.path),
        _type: 'page',
        title,
        path: entry.path,
        language: entry.locale,
        section: entry.section,
        position: typeof data.sidebar_position === 'number' ? data.sidebar_position : undefined,
        description: text(data.description),
        body: convertBody(entry, title, env),
        sourcePath: entry.file.path,
      })
    },
    env,
    'page',
  )
}

export function buildHomePages(
  entries: MarkdownEntry[],
  sections: (entry: MarkdownEntry) => unknown[],
  env: BuildEnvironment,
): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) =>
      compact({
        _id: documentId('homePage', entry.locale),
        _type: 'homePage',
        language: entry.locale,
        title: text(entry.frontMatter.data.title) ?? '',
        description: text(entry.frontMatter.data.description),
        sections: sections(entry),
        sourcePath: entry.file.path,
      }),
    env,
    'home page',
  )
}

export function buildAllMarkdownDocuments(
  entries: SiteEntries,
  authorIds: (entry: PostEntry) => string[],
  homeSections: (entry: MarkdownEntry) => unknown[],
  env: BuildEnvironment,
): Record<'docs' | 'posts' | 'releases' | 'pages' | 'home', SanityDocument[]> {
  return {
    docs: buildDocs(entries.docs, env),
    posts: buildPosts(entries.posts, authorIds, env),
    releases: buildReleases(entries.releases, env),
    pages: buildPages(entries.pages, env),
    home: buildHomePages(entries.home, homeSections, env),
  }
}
