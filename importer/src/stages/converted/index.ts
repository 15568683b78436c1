/**
 * Stage 4, converted: the documents of the markdown entries (docs, posts, releases, pages, home pages)
 * with their bodies converted to Portable Text, in the environment the conversion needs (addresses,
 * assets, tags, authors, the site's components and remark plugins, math and diagrams), dated by git.
 */
import {translationStatus} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import {GitHistory} from '../../git-history'
import {loadAuthors, reportAuthorPageOptions} from '../../site/authors'
import {loadBlogTags} from '../../site/blog-tags'
import {hiddenElementsOf} from '../../site/theme/hidden-elements'
import {buildAllMarkdownDocuments, type BuildEnvironment, type DocsEditOptions, docusaurusMarkdownLinks, type MarkdownLinkPolicy} from '../../site/documents'
import type {SanityDocument} from '../../site/sanity-document'
import {readCodeMessages, renderReactPage} from '../../site/react-pages'
import {pluginGlobalData} from '../../site/plugin-global-data'
import {SiteComponents} from '../../site/site-components'
import {mdxComponentsImports} from '../../site/swizzled'
import {docTags, loadDocsTagFiles, type ResolvedDocTag} from '../../site/docs-tags'
import type {DocEntry, PostEntry} from '../../site/entries'
import {RemarkPluginRunner} from '../../site/remark-plugins'
import {buildHomeSections} from '../../site/home-page'
import {applyLastUpdated} from '../../site/last-updated'
import {AssetStore, buildUrlIndex} from '../../site/resolvers'
import {contentFoldersOutside, docsOptionsOf, i18nFolder, type SiteConfig, staticDirsOf, baseUrlOf} from '../../site/site-config'
import {applyTranslationHistory, type HistoryCounts} from '../../site/translation-history'
import {UnknownCodeLanguages} from '../../site/code-languages'
import type {AdmonitionKeywords} from '../../markdown/to-portable-text'
import {markdownFeatures} from '../../markdown/handlers/features'
import {DiagramChecks} from '../../markdown/handlers/mermaid'
import type {ImportRun} from '../import-run'
import type {EntriesStage} from '../entries'

export interface ConvertedStage extends EntriesStage {
  assets: AssetStore
  env: BuildEnvironment
  docTagsByEntry: Map<DocEntry, readonly ResolvedDocTag[]>
  /** How the site's own React code renders here (its pages and the components its markdown uses). */
  renderOptions: Parameters<typeof renderReactPage>[2]
  authors: Awaited<ReturnType<typeof loadAuthors>>
  markdown: ReturnType<typeof buildAllMarkdownDocuments>
}

export async function convertBodies(run: ImportRun, stage: EntriesStage): Promise<ConvertedStage> {
  const {contentDir, log, report, progress} = run
  const {site, plugins, blogDir, read, entries} = stage
  const assets = new AssetStore(contentDir, staticDirsOf(site), contentFoldersOutside(site), baseUrlOf(site))
  if (stage.preprocess) assets.preprocess = stage.preprocess
  const onBrokenMarkdownLinks = markdownLinkPolicy(site.config)
  const docsTagFiles = await loadDocsTagFiles(contentDir, site, log)
  const docTagsByEntry = new Map<DocEntry, readonly ResolvedDocTag[]>()
  for (const entry of entries.docs) {
    const tags = docTags(entry, docsTagFiles, site.defaultLocale, log)
    if (tags && tags.length > 0) docTagsByEntry.set(entry, tags)
  }
  const codeMessages = new Map<string, Record<string, string>>()
  for (const locale of site.locales) codeMessages.set(locale, await readCodeMessages(contentDir, i18nFolder(site, locale)))
  // How the site's own React code renders here: its pages and the components its markdown uses.
  const renderOptions = {
    locales: site.locales,
    defaultLocale: site.defaultLocale,
    siteConfig: site.config,
    messages: (locale: Locale) => codeMessages.get(locale) ?? {},
    staticDirs: staticDirsOf(site),
    // What the site's own plugins give its pages as global data (a list of recent posts for the home page).
    globalData: await pluginGlobalData(contentDir, site, log),
  }
  const siteComponents = new SiteComponents({siteDir: contentDir, docsPath: site.docsPath, ...renderOptions})
  await siteComponents.preload(read.files)
  // The components the site's MDXComponents gives every page (its lines name them from the site folder, so the file
  // they are read as is only a name).
  const globalImports = mdxComponentsImports(contentDir)
  if (globalImports) await siteComponents.preload([{path: 'src/theme/MDXComponents.mdx', text: globalImports}])
  // Math, Mermaid and ideal-image as the config turns them on; every diagram checked with mermaid's parser first.
  const features = markdownFeatures(site.config, contentDir)
  // The site's remark plugins (npm2yarn…) run over every body first: they may be asynchronous, the conversion is not.
  const remarkPlugins = new RemarkPluginRunner(site, log, contentDir, features, stage.preprocess)
  const urls = buildUrlIndex(entries, site)
  const trailingSlash = site.config.trailingSlash === true
  // The config's baseUrl when it is not `/` (`/docs/`).
  const base = baseUrlOf(site).replace(/\/+$/, '')
  const baseUrl = base === '' ? undefined : `${base}/`
  const allEntries = [...entries.docs, ...entries.posts, ...entries.releases, ...entries.pages, ...entries.home]
  await remarkPlugins.prepareAll(entries, docusaurusMarkdownLinks(allEntries, {urls, trailingSlash, ...(baseUrl ? {baseUrl} : {})}))
  // The components the plugins put on pages, imported by the lines they wrote (Electron's <FiddleEmbed>).
  await siteComponents.preload(remarkPlugins.writtenImports())
  const hiddenElements = hiddenElementsOf(contentDir, site.config)
  const diagrams = new DiagramChecks()
  if (features.mermaid) progress(`diagrams: ${await diagrams.checkAll(read.files.map((file) => file.text))} Mermaid diagrams checked with mermaid's parser`)
  const postEntries = new Set<unknown>(entries.posts)
  const docOf = new Map<unknown, DocEntry>(entries.docs.map((doc) => [doc, doc]))
  const pageOf = new Map<unknown, (typeof entries.pages)[number]>(entries.pages.map((page) => [page, page]))
  const env: BuildEnvironment = {
    urls,
    embedHosts: new Set(),
    assets,
    log,
    defaultLocale: site.defaultLocale,
    onBrokenMarkdownLinks,
    ...(trailingSlash ? {trailingSlash} : {}),
    ...(baseUrl ? {baseUrl} : {}),
    blogTags: site.disabled?.blog
      ? new Map()
      : await loadBlogTags(
          contentDir,
          blogDir,
          site.blogOptions,
          log,
          site.locales
            .filter((locale) => locale !== site.defaultLocale)
            .map((locale) => ({locale, dir: `i18n/${i18nFolder(site, locale)}/docusaurus-plugin-content-blog`})),
        ),
    admonitions: {
      docs: admonitionKeywords(site.configFile, 'docs', site.docsOptions),
      blog: admonitionKeywords(site.configFile, 'blog', site.blogOptions),
      blogDir,
    },
    docTags: docTagsByEntry,
    docsEdit: docsEditOptions(site),
    siteComponents,
    ...(globalImports ? {globalImports} : {}),
    remarkPlugins,
    blockFeatures: (entry) => {
      const doc = docOf.get(entry)
      const page = pageOf.get(entry)
      const options = doc
        ? docsOptionsOf(site, doc.version)
        : postEntries.has(entry)
          ? site.blogOptions
          : (page?.instancePost?.instance.options ?? site.pagesOptions ?? {})
      return {
        math: features.math(options),
        mermaid: features.mermaid,
        indentedCode: features.indentedCode(entry.file.path),
        commonMark: features.commonMark(entry.file.path),
        ...(hiddenElements.size > 0 ? {hiddenElements} : {}),
        legacyAdmonitionTitles: features.legacyAdmonitionTitles,
        ...(features.defaultCodeLanguage ? {defaultCodeLanguage: features.defaultCodeLanguage} : {}),
        ...(features.magicComments ? {magicComments: features.magicComments} : {}),
        diagramProblem: (code) => diagrams.problemOf(code),
        ...(features.idealImage ? {idealImage: features.idealImage} : {}),
      }
    },
    plugins,
    report,
    codeLanguages: new UnknownCodeLanguages(),
  }
  const authors = await loadAuthors(
    contentDir,
    {
      blogDir,
      mapPath: typeof site.blogOptions.authorsMapPath === 'string' ? site.blogOptions.authorsMapPath : undefined,
      translations: site.locales.filter((locale) => locale !== site.defaultLocale).map((locale) => ({locale, folder: i18nFolder(site, locale)})),
    },
    assets,
    log,
  )
  reportAuthorPageOptions(site.blogOptions, site.configFile, log)
  const sourcePosts = new Map(entries.posts.filter((post) => post.locale === site.defaultLocale).map((post) => [post.canonicalPath, post]))
  const authorIds = (entry: PostEntry) => {
    // A translated post may leave its authors out: they are its source's.
    const source = sourcePosts.get(entry.canonicalPath)
    const own = entry.frontMatter.data.authors
    return entry.locale !== site.defaultLocale && own === undefined && source ? authors.idsFor(source) : authors.idsFor(entry)
  }
  const markdown = buildAllMarkdownDocuments(entries, authorIds, (entry) => buildHomeSections(entry, env), env)
  progress(`bodies: ${Object.values(markdown).reduce((sum, list) => sum + list.length, 0)} converted to Portable Text`)
  if (siteComponents.rendered.size > 0)
    progress(`site components: ${[...siteComponents.rendered].map(([name, uses]) => `<${name}> ${uses}×`).join(', ')} rendered as the site renders them`)
  // What git knows of the site folder, or of the folder it is a copy of (--git-history-of).
  const history = await GitHistory.open(contentDir, {historyOf: run.gitHistoryOf})
  const dated = await applyTranslationHistory(Object.values(markdown).flat(), contentDir, site, env, history)
  progress(`translations: ${describeHistory(dated)}${describeStale(Object.values(markdown).flat())}`)
  const lastUpdated = await applyLastUpdated([...markdown.docs, ...markdown.pages], contentDir, history)
  progress(`last updated: ${lastUpdated} docs and pages dated by their last commit${run.gitHistoryOf ? ` (in the history of ${run.gitHistoryOf})` : ''}`)
  return {...stage, assets, env, docTagsByEntry, renderOptions, authors, markdown}
}

/**
 * How each version's "Edit this page" links are made, from the options of the docs plugin it belongs
 * to (the site's docs or a second instance): its editUrl, editLocalizedFiles and editCurrentVersion,
 * and its set's current version (for editCurrentVersion).
 */
function docsEditOptions(site: SiteConfig): DocsEditOptions {
  return {
    siteEditUrl: typeof site.docsOptions.editUrl === 'string' ? site.docsOptions.editUrl : undefined,
    forVersion: (version) => {
      const options = docsOptionsOf(site, version)
      const current = site.versions.find((candidate) => candidate.name === 'current' && candidate.instance === version.instance)
      return {
        editUrl: typeof options.editUrl === 'string' ? options.editUrl : undefined,
        localizedFiles: options.editLocalizedFiles === true,
        currentVersion: options.editCurrentVersion === true,
        current: {docsDir: current?.docsDir ?? (typeof options.path === 'string' ? options.path.replace(/^\.\/|\/+$/g, '') : 'docs'), i18nDir: 'current'},
      }
    },
    i18nFolder: (locale) => i18nFolder(site, locale),
  }
}

/** A plugin's `admonitions` option ({keywords, extendDefaults}); undefined when it adds nothing. */
function admonitionKeywords(file: string, plugin: 'docs' | 'blog', options: Record<string, unknown>): AdmonitionKeywords | undefined {
  const value = options.admonitions
  if (typeof value !== 'object' || value === null) return undefined
  const {keywords, extendDefaults} = value as {keywords?: unknown; extendDefaults?: unknown}
  const list = Array.isArray(keywords) ? keywords.filter((keyword): keyword is string => typeof keyword === 'string') : []
  if (list.length === 0 && extendDefaults !== false) return undefined
  return {keywords: list, extendDefaults: extendDefaults !== false, file, field: `${plugin}.admonitions`}
}

function markdownLinkPolicy(config: Record<string, unknown>): MarkdownLinkPolicy {
  const hooks =
    typeof config.markdown === 'object' && config.markdown !== null ? (config.markdown as {hooks?: {onBrokenMarkdownLinks?: unknown}}).hooks : undefined
  const value = hooks?.onBrokenMarkdownLinks ?? config.onBrokenMarkdownLinks
  return value === 'ignore' || value === 'log' || value === 'throw' ? value : 'warn'
}

/** The stale translations by file, so that whoever imports sees what needs a translator. */
function describeStale(documents: SanityDocument[]): string {
  const byId = new Map(documents.map((document) => [document._id, document]))
  const stale = documents.filter((document) => {
    const origin = document.translation as {source?: {_ref?: string}} | undefined
    const source = origin?.source?._ref ? byId.get(origin.source._ref) : undefined
    return source !== undefined && translationStatus(source, document as {translation?: {sourceRevision?: string}}) === 'stale'
  })
  if (stale.length === 0) return ''
  const names = stale.map((document) => (typeof document.sourcePath === 'string' ? document.sourcePath : document._id))
  return `; ${stale.length} stale (source changed since): ${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more (the studio's Translation status lists them all)` : ''}`
}

function describeHistory(counts: HistoryCounts): string {
  const parts = [`${counts.fromHistory} dated by git history`]
  if (counts.uncommitted > 0) parts.push(`${counts.uncommitted} with uncommitted changes taken as made from the current source`)
  if (counts.untracked > 0) parts.push(`${counts.untracked} never committed taken as made from the current source`)
  if (counts.withoutGit > 0) parts.push(`${counts.withoutGit} taken as made from the current source, as the site folder is not in a git work tree`)
  return parts.join(', ')
}
