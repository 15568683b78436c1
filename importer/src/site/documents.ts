/**
 * Stage 3 and 4, documents: docs, blog posts, releases, pages and the home page built from their
 * entries, bodies converted to Portable Text, translations linked to their default-locale source.
 */
import type {UnknownCodeLanguages} from './code-languages'
import type {RemarkPluginRunner} from './remark-plugins'
import {translationFingerprint} from '@site/schemas'
import {documentId, type Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {frontMatterDate, isRecord, isValidDate} from '../front-matter'
import type {BlogTagDefinition} from './blog-tags'
import type {ResolvedDocTag} from './docs-tags'
import {markdownExcerpt} from './excerpt'
import type {RenderedDoc, SiteComponents} from './site-components'
import {type AdmonitionKeywords, type BlockFeatures, type ConversionContext, type ConvertedBody, convertMarkdown} from '../markdown/to-portable-text'
import type {RichTextBlock} from '../portable-text'
import type {DocEntry, MarkdownEntry, PageEntry, PostEntry, ReleaseEntry, SiteEntries} from './entries'
import {refusedScheme} from '@site/schemas/link-schemes'
import {type DocsVersionInfo, docsI18nFolder} from './site-config'
import {type AssetStore, EXTERNAL, resolveLink} from './resolvers'
import type {ReaderReport} from '../reader-report'
import type {ImportedBlogPost, ImportedDoc, ImportedDocPaginationLink, ImportedHomePage, ImportedPage, ImportedRelease, SanityDocument} from './sanity-document'

/** What a broken markdown link does (Docusaurus's onBrokenMarkdownLinks). */
export type MarkdownLinkPolicy = 'ignore' | 'log' | 'warn' | 'throw'

export interface BuildEnvironment {
  urls: ReadonlyMap<string, string>
  assets: AssetStore
  log: DiagnosticLog
  defaultLocale: Locale
  onBrokenMarkdownLinks: MarkdownLinkPolicy
  /** The config's baseUrl when it is not `/`: links written under it are read from the root (resolvers.ts). */
  baseUrl?: string
  /** The config's `trailingSlash` is true: Docusaurus's page addresses end with a slash (links relative to a page read against it). */
  trailingSlash?: boolean
  /** The `admonitions` option of the docs and blog plugins (keywords the site adds), by the kind of file. */
  admonitions?: {docs?: AdmonitionKeywords; blog?: AdmonitionKeywords; blogDir: string}
  /** The blog's predefined tags (tags.yml) by key: a post naming a key gets the tag's label. */
  blogTags?: ReadonlyMap<string, BlogTagDefinition>
  /** Each doc's tags as its front matter and its version's tags file give them (docs-tags.ts). */
  docTags?: ReadonlyMap<DocEntry, readonly ResolvedDocTag[]>
  /** How the docs' "Edit this page" links pick their file (the docs plugin's editLocalizedFiles and editCurrentVersion). */
  docsEdit?: DocsEditOptions
  /** The site's own components used in its markdown, loaded and rendered as Docusaurus renders them. */
  siteComponents?: SiteComponents
  /** Import lines of the components the site's MDXComponents gives every page without an import. */
  globalImports?: string
  /** The trees the site's remark plugins changed (npm2yarn tabs…), made before the bodies are converted. */
  remarkPlugins?: RemarkPluginRunner
  /** Math, Mermaid and ideal-image as the config turns them on for a file's plugin (markdown/handlers/features.ts). */
  blockFeatures?: (entry: MarkdownEntry) => BlockFeatures
  /** The site's Docusaurus plugins and themes by package name (official-plugins.ts). */
  plugins?: ReadonlySet<string>
  /** What readers will miss, per page (reader-report.ts). */
  report?: ReaderReport
  /** The sites whose pages the site's iframes show, for the site settings' Embedded sites (filled as bodies are converted). */
  embedHosts?: Set<string>
  /** Code languages the highlighter does not know, reported once per language of the site (code-languages.ts). */
  codeLanguages?: UnknownCodeLanguages
}

export interface DocsEditOptions {
  /** The site's docs' editUrl: the site settings' "Edit this page" base, which edit paths follow. */
  siteEditUrl: string | undefined
  /** The options of the docs plugin a version belongs to (the site's docs, or a second instance). */
  forVersion: (version: DocsVersionInfo) => {
    editUrl: string | undefined
    /** A translation's link opens its own file (i18n/<locale>/…), not its source's. */
    localizedFiles: boolean
    /** Every version's link opens the current version's file (docs/…). */
    currentVersion: boolean
    /** The current version of the version's set: its folder and its translations' folder name. */
    current: {docsDir: string; i18nDir: string}
  }
  /** A locale's folder under i18n/. */
  i18nFolder: (locale: Locale) => string
}

/** The folder a file's kind of content lives in, which bare `.md` links are resolved from. */
function contentRootOf(entry: MarkdownEntry): string {
  const docs = 'version' in entry && isRecord(entry.version) && typeof entry.version.docsDir === 'string' ? entry.version.docsDir : undefined
  if (docs) return docs
  const first = entry.canonicalPath.split('/')[0] ?? ''
  return first === 'src' ? 'src/pages' : first
}

export function convertEntry(entry: MarkdownEntry, env: BuildEnvironment): ConvertedBody {
  const file = entry.file.path
  try {
    return convertBodyOf(entry, env)
  } catch (error) {
    // One file the converter cannot handle stops neither the others nor the report.
    const message =
      error instanceof RangeError && /call stack/i.test(error.message)
        ? 'is nested too deeply to be read (quotes, lists or elements inside each other thousands of times: the markdown parser ran out of stack): nothing of this file was imported; nest them less deeply'
        : `could not be converted (${error instanceof Error ? error.message : String(error)}): nothing of this file was imported`
    env.log.error({file, message})
    return {blocks: []}
  }
}

function convertBodyOf(entry: MarkdownEntry, env: BuildEnvironment): ConvertedBody {
  const preparedRoot = env.remarkPlugins?.rootFor(entry.file.text)
  return convertMarkdown(entry.file.text, {...conversionContext(entry, entry.file.path, entry.canonicalPath, env), ...(preparedRoot ? {preparedRoot} : {})})
}

/**
 * What converting `file` needs: links, images and components resolved from it (and from its source
 * `canonicalPath` for a translation). A partial it imports gets a context of its own, as Docusaurus
 * compiles each MDX file apart: its links and images are relative to the partial's folder.
 */
function conversionContext(entry: MarkdownEntry, file: string, canonicalPath: string, env: BuildEnvironment): ConversionContext {
  const components = env.siteComponents
  return {
    file,
    resolveLink: (href, line) => {
      // As the studio does: a link is a site path, a #fragment or an http(s), mailto or tel address.
      const scheme = /^pathname:\/\//i.test(href) ? null : refusedScheme(href)
      if (scheme) {
        env.log.warn({
          file,
          line,
          message: `link with the scheme "${scheme}:" refused (${href.length > 60 ? `${href.slice(0, 60)}…` : href}): only http, https, mailto, tel and site paths are links; its text is kept without the link`,
        })
        return null
      }
      let outside: string | undefined
      const linked = env.assets.linkedFile(href, file, canonicalPath, (problem) => (outside = problem))
      if (linked) return linked
      if (outside) {
        env.log.warn({file, line, message: `${outside}; its text is kept without the link`})
        return null
      }
      return resolveLink(
        href,
        {file, canonicalPath, contentRoot: contentRootOf(entry), line, pageAddress: pageAddressOf(entry, env), baseUrl: env.baseUrl},
        env.urls,
        (message) => {
          const diagnostic = {file, line, message}
          if (env.onBrokenMarkdownLinks === 'throw') env.log.error(diagnostic)
          else if (env.onBrokenMarkdownLinks !== 'ignore') env.log.warn(diagnostic)
        },
      )
    },
    resolveImage: (src) => env.assets.image(src, file, canonicalPath),
    ...(env.embedHosts ? {allowEmbedHost: (host: string) => env.embedHosts?.add(host)} : {}),
    resolveFile: (src) => env.assets.file(src, file, canonicalPath),
    imageAddress: (src) => (/^(https?:)?\/\//.test(src) || src.startsWith('/') ? src : (env.assets.linkedFile(src, file, canonicalPath) ?? src)),
    ...(components
      ? {
          renderComponent: (component, attributes, expressions, withContent, imported) =>
            components.render(file, entry.locale, component, attributes, expressions, withContent, docOf(entry), imported),
          renderExpression: (expression) => components.renderExpression(file, entry.locale, expression, docOf(entry)),
          importedValue: (component, member, args) => components.value(file, entry.locale, component, member, args, docOf(entry)),
        }
      : {}),
    loadPartial: (specifier) => env.assets.readText(specifier.replace(/^@site\//, '/'), file, canonicalPath),
    ...(env.globalImports ? {globalImports: env.globalImports} : {}),
    ...(env.remarkPlugins ? {preparedRootOf: (markdown: string) => env.remarkPlugins?.rootFor(markdown)} : {}),
    forPartial: (partialFile) => conversionContext(entry, partialFile, partialFile, env),
    resolveModule: (specifier) => env.assets.modulePath(specifier),
    ...(env.plugins ? {plugins: env.plugins} : {}),
    missed: (feature, line, missing) => env.report?.onPage(entry.file.path, {feature, missing}, {file, line}),
    warn: (diagnostic) => env.log.warn(diagnostic),
    ...(env.codeLanguages ? {unknownLanguage: (language: string, line: number) => env.codeLanguages?.add(language, file, line)} : {}),
    ...(admonitionsOf(entry, env) ? {admonitions: admonitionsOf(entry, env)} : {}),
    ...(env.blockFeatures ? {features: env.blockFeatures(entry)} : {}),
  }
}

/**
 * Docusaurus's address of the page an entry is, which links relative to it are read against: this site's address
 * (a React page's from its path: the markdown files' index does not hold it) without the folder's slash, except where
 * Docusaurus keeps one (`trailingSlash: true`, a category's index doc or a slug written with one, a page of
 * `src/pages` written as a folder's index; not a doc or post file named index whose front matter gives its slug).
 */
function pageAddressOf(entry: MarkdownEntry, env: Pick<BuildEnvironment, 'urls' | 'trailingSlash'>): string | undefined {
  const address =
    env.urls.get(entry.canonicalPath) ?? ('path' in entry && typeof entry.path === 'string' ? `/${entry.path}/`.replace(/\/{2,}/g, '/') : undefined)
  if (address === undefined || address === '/') return address
  const slash =
    env.trailingSlash === true ||
    ('slashAddress' in entry && entry.slashAddress === true) ||
    ('section' in entry && /(^|\/)index\.(mdx?|[jt]sx?)$/.test(entry.canonicalPath))
  const bare = address.replace(/\/+$/, '')
  return slash ? `${bare}/` : bare
}

/**
 * Docusaurus's own plugin for markdown links, which runs before a site's `remarkPlugins`: a `.md` link written in a file of
 * `entry` (its own, or a partial it imports) becomes the address Docusaurus serves the linked page at, under the config's
 * baseUrl, with the link's query and fragment kept. Plugins that read links (Electron's API structure previews) see them
 * so. Undefined for any other link, and for one to no markdown file of the site, which Docusaurus leaves as written.
 */
export function docusaurusMarkdownLinks(
  entries: readonly MarkdownEntry[],
  env: Pick<BuildEnvironment, 'urls' | 'trailingSlash' | 'baseUrl'>,
): (entry: MarkdownEntry, file: string, href: string) => string | undefined {
  const addresses = new Map<string, string>()
  for (const entry of entries) {
    const url = env.urls.get(entry.canonicalPath)
    const address = pageAddressOf(entry, env)
    if (url !== undefined && address !== undefined && !addresses.has(url)) addresses.set(url, address)
  }
  const base = (env.baseUrl ?? '/').replace(/\/+$/, '')
  return (entry, file, href) => {
    const [, pathname = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(href) ?? []
    if (!/\.mdx?$/.test(pathname) || EXTERNAL.test(pathname)) return undefined
    let broken = false
    const own = file === entry.file.path
    const url = resolveLink(pathname, {file, canonicalPath: own ? entry.canonicalPath : file, contentRoot: contentRootOf(entry), line: 0}, env.urls, () => {
      broken = true
    })
    return broken || url === pathname ? undefined : `${base}${addresses.get(url) ?? url}${rest}`
  }
}

/** The doc a file's components render on (its version, its id and file, as the docs plugin's hooks give them); undefined off the docs. */
function docOf(entry: MarkdownEntry): RenderedDoc | undefined {
  if (!('version' in entry)) return undefined
  const doc = entry as DocEntry
  return {version: doc.version, id: doc.docId, source: `@site/${doc.file.path}`}
}

/** The admonition keywords of the plugin a file belongs to: the docs' for docs, the blog's for posts. */
function admonitionsOf(entry: MarkdownEntry, env: BuildEnvironment): AdmonitionKeywords | undefined {
  if ('version' in entry) return env.admonitions?.docs
  if (env.admonitions && entry.canonicalPath.startsWith(`${env.admonitions.blogDir}/`)) return env.admonitions.blog
  return undefined
}

export function convertBody(entry: MarkdownEntry, env: BuildEnvironment): RichTextBlock[] {
  return convertEntry(entry, env).blocks
}

/**
 * The title of a page as Docusaurus gives it: the front matter's, else the level-1 heading that opens
 * the body (after import lines only), else the file's name; and the heading shown on the page when the
 * body's title heading differs from that title (Docusaurus shows the body's heading, not the title).
 */
function titles(entry: MarkdownEntry, converted: ConvertedBody, fallback: string): {title: string; heading?: string} {
  const own = text(entry.frontMatter.data.title)
  const title = own ?? (converted.contentTitleOpens ? converted.contentTitle : undefined) ?? fallback
  return converted.contentTitle !== undefined && converted.contentTitle !== title ? {title, heading: converted.contentTitle} : {title}
}

/**
 * Whether a page hides its title heading: with hide_title, or always for a markdown page of
 * `src/pages` (shown as written). As in Docusaurus, only the title made from the front matter is
 * hidden: a level-1 heading of the text's own is shown all the same, above the text when it opens
 * it, and where it is written otherwise (then the page shows no title above the text).
 */
function hidesTitle(entry: MarkdownEntry & {asWritten?: true}, converted: ConvertedBody): true | undefined {
  if (converted.titleInText) return true
  return (entry.frontMatter.data.hide_title === true || entry.asWritten === true) && converted.contentTitle === undefined ? true : undefined
}

/** Docusaurus's `unlisted: true`: reachable by its address, listed nowhere. */
function unlistedFlag(entry: MarkdownEntry): true | undefined {
  return entry.frontMatter.data.unlisted === true ? true : undefined
}

/**
 * The revision a translation records: the fingerprint of its source's translatable content as
 * imported now. The importer replaces it with the source's fingerprint at the translation's last
 * commit when git knows it (translation-history.ts).
 */
export function sourceRevision(source: SanityDocument): string {
  return translationFingerprint(source)
}

/** A paragraph with a date written out in the locale (June 1, 2025; 2025年6月1日). */
function datedLine(date: string, locale: string): RichTextBlock {
  const written = new Intl.DateTimeFormat(locale, {dateStyle: 'long', timeZone: 'UTC'}).format(new Date(`${date}T00:00:00Z`))
  return {_type: 'block', style: 'normal', markDefs: [], children: [{_type: 'span', text: written, marks: []}]}
}

/** The content model's limit for a description. */
const DESCRIPTION_MAX = 300

/** A text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
function capped(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value
  const cut = value.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
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
function buildTranslated<E extends MarkdownEntry>(entries: E[], build: (entry: E) => SanityDocument, env: BuildEnvironment, kind: string): SanityDocument[] {
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
        env.log.warn({
          file: entry.file.path,
          message: `a ${kind} translation without its source ${entry.canonicalPath}; readers of the default locale do not see it`,
        })
      }
    }
    documents.push(document)
  }
  return documents
}

/**
 * A doc's pagination_prev or pagination_next as the content model keeps it: a reference to the doc
 * with that id in the same version (its translation in the entry's locale where there is one), or
 * "none" for null. Undefined when the front matter does not set it; an id that names no doc is an
 * error, as Docusaurus's build fails on it.
 */
function paginationOf(
  entry: DocEntry,
  field: 'pagination_prev' | 'pagination_next',
  docs: ReadonlyMap<string, DocEntry>,
  env: BuildEnvironment,
): ImportedDocPaginationLink | undefined {
  const data = entry.frontMatter.data
  if (!(field in data)) return undefined
  const value = data[field]
  if (value === null || value === '') return {_type: 'docPaginationLink', mode: 'none'}
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const id = String(value)
  const key = (locale: string) => `${entry.version.path}\u0000${locale}\u0000${id}`
  const target = docs.get(key(entry.locale)) ?? docs.get(key(env.defaultLocale))
  if (!target) {
    env.log.error({
      file: entry.file.path,
      line: entry.frontMatter.lineOf(field),
      field,
      message: `"${id}" is not the id of a doc of version ${entry.version.name} (Docusaurus's build fails on it too)`,
    })
    return undefined
  }
  return {
    _type: 'docPaginationLink',
    mode: 'doc',
    doc: {_type: 'reference', _ref: documentId('doc', target.version.path, target.locale, target.slug), _weak: true},
  }
}

export function buildDocs(entries: DocEntry[], env: BuildEnvironment): SanityDocument[] {
  // Docs by version, locale and id, for pagination_prev / pagination_next.
  const byId = new Map(entries.map((entry) => [`${entry.version.path}\u0000${entry.locale}\u0000${entry.docId}`, entry]))
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const converted = convertEntry(entry, env)
      const {title, heading} = titles(entry, converted, entry.docId.split('/').at(-1) ?? entry.docId)
      const lastUpdate = isRecord(data.last_update) ? data.last_update.date : undefined
      if (lastUpdate !== undefined && !isValidDate(typeof lastUpdate === 'string' ? lastUpdate : '')) {
        env.log.error({
          file: entry.file.path,
          line: entry.frontMatter.lineOf('last_update'),
          field: 'last_update.date',
          message: `expected a date such as 2024-07-12, got ${JSON.stringify(lastUpdate)}`,
        })
      }
      return compact<ImportedDoc>({
        _id: documentId('doc', entry.version.path, entry.locale, entry.slug),
        _type: 'doc',
        title,
        heading,
        hideTitle: hidesTitle(entry, converted),
        // Without one in the front matter, Docusaurus describes a doc by the first line of its text.
        description: text(data.description) ?? capped(markdownExcerpt(entry.file.text), DESCRIPTION_MAX),
        body: converted.blocks,
        version: entry.version.path,
        language: entry.locale,
        slug: entry.slug,
        sidebarLabel: text(data.sidebar_label),
        sidebarPosition: entry.position,
        unlisted: unlistedFlag(entry),
        paginationPrev: paginationOf(entry, 'pagination_prev', byId, env),
        paginationNext: paginationOf(entry, 'pagination_next', byId, env),
        tocMinLevel: typeof data.toc_min_heading_level === 'number' ? data.toc_min_heading_level : undefined,
        tocMaxLevel: typeof data.toc_max_heading_level === 'number' ? data.toc_max_heading_level : undefined,
        keywords: Array.isArray(data.keywords) ? data.keywords : undefined,
        lastUpdatedAt: typeof lastUpdate === 'string' && isValidDate(lastUpdate) ? new Date(lastUpdate).toISOString() : undefined,
        sourcePath: entry.file.path,
        ...docDisplayFields(entry, env),
      })
    },
    env,
    'doc',
  )
}

/**
 * What a doc's front matter says of its page beyond its text: tags, the label its neighbours'
 * previous/next links give it, the table of contents, the sidebar shown, the "Edit this page" link
 * and the sidebar item's custom props. Wrong kinds were reported and dropped by readFrontMatter.
 */
function docDisplayFields(entry: DocEntry, env: BuildEnvironment): Partial<ImportedDoc> {
  const data = entry.frontMatter.data
  const tags = env.docTags?.get(entry)?.map((tag) => tag.label)
  const edit = docEditLink(entry, env.docsEdit)
  return compact<Partial<ImportedDoc>>({
    tags: tags && tags.length > 0 ? tags : undefined,
    paginationLabel: text(data.pagination_label) || undefined,
    hideTableOfContents: data.hide_table_of_contents === true ? true : undefined,
    // null (or empty) shows no sidebar, as in Docusaurus; a name shows that sidebar.
    displayedSidebar: text(data.displayed_sidebar) || undefined,
    hideSidebar: 'displayed_sidebar' in data && !text(data.displayed_sidebar) ? true : undefined,
    customEditUrl: customEditUrlOf(entry, env) ?? edit.customEditUrl,
    hideEditLink: ('custom_edit_url' in data && !text(data.custom_edit_url)) || edit.hide ? true : undefined,
    // Part of an address: white space in a file name percent-encoded, as a code host's address of the file has it.
    editPath: edit.path !== undefined && edit.path !== entry.file.path ? edit.path.replace(/\s/g, encodeURIComponent) : undefined,
    sidebarCustomProps: isRecord(data.sidebar_custom_props) ? JSON.stringify(data.sidebar_custom_props) : undefined,
  })
}

/** custom_edit_url when it is an address a page may link to (http, https, a site path); another scheme is refused with a warning. */
function customEditUrlOf(entry: DocEntry, env: BuildEnvironment): string | undefined {
  const value = text(entry.frontMatter.data.custom_edit_url)
  if (!value) return undefined
  const scheme = refusedScheme(value)
  if (scheme === null) return value
  env.log.warn({
    file: entry.file.path,
    line: entry.frontMatter.lineOf('custom_edit_url'),
    field: 'custom_edit_url',
    message: `a ${scheme}: address is not a link a page may have: no "Edit this page" link of its own`,
  })
  return undefined
}

/**
 * The file a doc's "Edit this page" link opens, relative to the site, as Docusaurus builds it: the
 * version's folder (its set's current version's with editCurrentVersion), a translation's own folder
 * only with editLocalizedFiles, then the doc's path inside the version.
 */
export function docEditPath(entry: DocEntry, options: DocsEditOptions | undefined): string {
  if (!options) return entry.file.path
  const own = options.forVersion(entry.version)
  const version = own.currentVersion ? own.current : entry.version
  // A translation's file is not its canonical (default-locale) path.
  const localized = own.localizedFiles && entry.file.path !== entry.canonicalPath
  const folder = localized ? `i18n/${options.i18nFolder(entry.locale)}/${docsI18nFolder(entry.version)}/${version.i18nDir}` : version.docsDir
  return `${folder}/${entry.relativePath}`
}

/**
 * A doc's edit link as the content model keeps it: a path after the site settings' base when its
 * docs plugin has the site's editUrl; the whole address when its plugin (a second docs instance)
 * has an editUrl of its own; no link when its plugin has none but the site's docs do.
 */
function docEditLink(entry: DocEntry, options: DocsEditOptions | undefined): {path?: string; customEditUrl?: string; hide?: true} {
  if (!options) return {path: entry.file.path}
  const {editUrl} = options.forVersion(entry.version)
  const path = docEditPath(entry, options)
  if (editUrl === options.siteEditUrl) return {path}
  if (editUrl === undefined) return {hide: true}
  return {customEditUrl: `${editUrl.replace(/\/+$/, '')}/${path}`}
}

export function buildPosts(entries: PostEntry[], authorIds: (entry: PostEntry) => string[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) => {
      const data = entry.frontMatter.data
      const converted = convertEntry(entry, env)
      const {title, heading} = titles(entry, converted, entry.fileTitle || entry.slug)
      // A post shows its title as its header: a different opening heading stays in the body.
      const body = heading
        ? [{_type: 'block', style: 'h1', markDefs: [], children: [{_type: 'span', text: heading, marks: []}]} as RichTextBlock, ...converted.blocks]
        : converted.blocks
      if (!text(data.title) && !converted.contentTitleOpens) {
        env.log.warn({
          file: entry.file.path,
          line: 1,
          field: 'title',
          message: `no title in the front matter nor as a level-1 heading opening the body: titled "${title}" after its file name, as Docusaurus titles it; give it a title in the studio`,
        })
      }
      const tags = Array.isArray(data.tags)
        ? data.tags.map((tag) => (isRecord(tag) ? String(tag.label) : (env.blogTags?.get(String(tag))?.label ?? String(tag))))
        : undefined
      return compact<ImportedBlogPost>({
        _id: documentId('blogPost', entry.locale, entry.slug),
        _type: 'blogPost',
        title,
        slug: entry.slug,
        language: entry.locale,
        date: entry.date,
        authors: authorIds(entry).map((id) => ({_type: 'reference', _ref: id})),
        tags,
        description: text(data.description),
        unlisted: unlistedFlag(entry),
        body,
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
      const converted = convertEntry(entry, env)
      return compact<ImportedRelease>({
        _id: documentId('release', entry.locale, entry.version),
        _type: 'release',
        version: entry.version,
        language: entry.locale,
        date: frontMatterDate(data.date) ?? undefined,
        title,
        summary: text(data.summary) ?? text(data.description),
        body:
          converted.contentTitle !== undefined && converted.contentTitle !== (title ?? entry.version)
            ? [{_type: 'block', style: 'h2', markDefs: [], children: [{_type: 'span', text: converted.contentTitle, marks: []}]}, ...converted.blocks]
            : converted.blocks,
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
      const converted = convertEntry(entry, env)
      const {title, heading} = titles(entry, converted, entry.path.split('/').at(-1) ?? entry.path)
      return compact<ImportedPage>({
        _id: documentId('page', entry.locale, entry.path),
        _type: 'page',
        title,
        heading,
        hideTitle: hidesTitle(entry, converted),
        unlisted: unlistedFlag(entry),
        path: entry.path,
        language: entry.locale,
        section: entry.section,
        position: typeof data.sidebar_position === 'number' ? data.sidebar_position : undefined,
        description: text(data.description),
        // A post of a second blog instance shows its date above its text, as Docusaurus's post header does.
        body: entry.instancePost ? [datedLine(entry.instancePost.date, entry.locale), ...converted.blocks] : converted.blocks,
        sourcePath: entry.file.path,
      })
    },
    env,
    'page',
  )
}

export function buildHomePages(entries: MarkdownEntry[], sections: (entry: MarkdownEntry) => unknown[], env: BuildEnvironment): SanityDocument[] {
  return buildTranslated(
    entries,
    (entry) =>
      compact<ImportedHomePage>({
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
