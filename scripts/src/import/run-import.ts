/**
 * The import job: config → read → front matter → documents and bodies → links and assets →
 * sidebars and settings → schema check → write. Every stage reports into one diagnostic log;
 * nothing is written when there is an error.
 */
import {writeFile} from 'node:fs/promises'
import path from 'node:path'
import {translationStatus} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import {DiagnosticLog, type Diagnostic} from './diagnostics'
import {withKeys} from './keys'
import {isExcludedMarkdown, listFiles, readMarkdownFiles} from './read-sources'
import {checkDocument} from './schema-check'
import {loadAuthors, reportAuthorPageOptions} from './site/authors'
import {loadBlogTags, tagDefinitionsForSettings} from './site/blog-tags'
import {
  buildAllMarkdownDocuments,
  buildHomePages,
  buildPages,
  convertEntry,
  type BuildEnvironment,
  type DocsEditOptions,
  type MarkdownLinkPolicy,
} from './site/documents'
import type {SanityDocument} from './site/sanity-document'
import {readCodeMessages, renderedPageEntry, renderReactPage, usedCodeMessageIds} from './site/react-pages'
import {SiteComponents} from './site/site-components'
import {buildDocsVersions} from './site/docs-versions'
import {docsTagDefinitionsForSettings, docTags, loadDocsTagFiles, type ResolvedDocTag} from './site/docs-tags'
import {classifyFiles, type DocEntry, hasMainDoc, instanceListPages, type PostEntry} from './site/entries'
import {contentFileFilter} from './site/content-globs'
import {RemarkPluginRunner} from './site/remark-plugins'
import {buildHomeSections, homePageFromConfig, homeSectionsFromBody} from './site/home-page'
import {applyLastUpdated} from './site/last-updated'
import {AssetStore, buildUrlIndex} from './site/resolvers'
import {
  blogDirOf,
  contentFoldersOutside,
  type DocsVersionInfo,
  docsOptionsOf,
  i18nFolder,
  isOutsideSite,
  latestVersion,
  loadSiteConfig,
  type SiteConfig,
  staticDirsOf,
  baseUrlOf,
} from './site/site-config'
import {versionBasePath} from '@site/schemas/model'
import {buildSiteSettings, latestDocIndex} from './site/site-settings'
import {buildTheme} from './site/theme/theme'
import {buildInstanceTargets, buildSidebars} from './site/sidebars'
import {applyTranslationHistory, type HistoryCounts} from './site/translation-history'
import {buildTranslationMetadata} from './site/translation-metadata'
import {buildUiStrings} from './site/ui-strings'
import {writeDataset} from './write-dataset'
import {UnknownCodeLanguages} from './site/code-languages'
import type {AdmonitionKeywords} from './markdown/to-portable-text'
import {buildSearchSynonyms} from '../search/synonyms-import'
import {markdownFeatures} from './markdown/handlers/features'
import {DiagramChecks} from './markdown/handlers/mermaid'
import {buildRedirects} from './site/redirects'
import {blogBasePath, DEFAULT_BLOG_PATH} from '@site/schemas/model'
import {ReaderReport, type ReaderReportEntry} from './reader-report'
import {reportPlugins} from './site/official-plugins'
import {describeCalls} from './site/offline'
import {detectPackageManager, runInstall} from './site/package-manager'
import {reportedPages, reportSwizzled} from './site/swizzled'

export interface ImportOptions {
  contentDir: string
  outDir: string
  /** Progress lines (stage, counts); silent when absent. */
  progress?: (line: string) => void
  /** When false, documents are built and checked but nothing is written. */
  write?: boolean
  /** Installs the site's dependencies first, with its own package manager (package-manager.ts). */
  install?: boolean
}

export interface ImportResult {
  filesRead: number
  documents: SanityDocument[]
  /** Files copied into the dataset: images/ and files/ names → absolute source paths. */
  assets: {images: [string, string][]; files: [string, string][]}
  warnings: Diagnostic[]
  errors: Diagnostic[]
  written: boolean
  /** React pages of the site (src/pages/*.js…) that were not imported (the home page, pages that cannot render here): their site paths. */
  reactPages: string[]
  /** What readers of the imported site will miss, feature by feature, with the pages each touches (also written to import-report.json). */
  readerReport: ReaderReportEntry[]
}

export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const progress = options.progress ?? (() => {})
  const contentDir = path.resolve(options.contentDir)
  const log = new DiagnosticLog()
  const report = new ReaderReport()
  const noAssets = {images: [], files: []}
  const result = (
    documents: SanityDocument[],
    filesRead: number,
    assets: ImportResult['assets'] = noAssets,
    written = false,
    reactPages: string[] = [],
  ): ImportResult => ({
    filesRead,
    documents,
    assets,
    warnings: log.warnings,
    errors: log.errors,
    written,
    reactPages,
    readerReport: report.list(),
  })

  if (options.install) {
    const manager = detectPackageManager(contentDir)
    const problem = await runInstall(manager, progress)
    if (problem) {
      log.error({file: path.relative(contentDir, path.join(manager.dir, 'package.json')).split(path.sep).join('/'), message: `--install: ${problem}`})
      return result([], 0)
    }
  }
  const site = await loadSiteConfig(contentDir, log)
  if (!site) return result([], 0)
  if (site.networkCalls)
    report.onSite(
      {
        feature: `${site.configFile} calling ${describeCalls(site.networkCalls)}`,
        missing:
          'what the config makes of that service’s answer (labels, versions, locales, data it passes to pages) is what it gives offline: the import never calls the network, so the call failed',
      },
      {declaredIn: site.configFile, scope: 'what the config builds from it'},
    )
  progress(
    `config: ${site.configFile}, ${site.versions.length} docs versions (${site.versions.map((v) => `${v.label} → ${v.path}`).join(', ')}), locales ${site.locales.join(', ')}`,
  )

  const {plugins, developerOnly} = reportPlugins(contentDir, site, report)
  if (developerOnly.length > 0) progress(`plugins for the site's developers only, nothing readers see: ${developerOnly.join(', ')}`)

  const blogDir = blogDirOf(site)
  const folders = [
    ...new Set([
      // versioned_docs/version-x is read through versioned_docs; a docs folder beside the site (../docs) as it is.
      ...site.versions.map((version) => (isOutsideSite(version.docsDir) ? version.docsDir : (version.docsDir.split('/')[0] ?? version.docsDir))),
      blogDir,
      ...(site.instances ?? []).filter((instance) => instance.kind === 'blog').map((instance) => instance.path),
      'changelog',
      'src/pages',
      'i18n',
    ]),
  ]
  const read = await readMarkdownFiles(contentDir, folders, contentFileFilter(site, log))
  for (const {file, line} of read.invalidUtf8)
    log.warn({file, line, message: 'is not valid UTF-8: the bytes that are not were read as � (U+FFFD); save the file as UTF-8'})
  for (const {file, line} of read.binary)
    log.error({
      file,
      line,
      message:
        'is not a text file (it holds a NUL byte, as images and other binary files do): not imported; a markdown file must be text (UTF-8), move any other file out of the content folders',
    })
  for (const file of read.empty) log.warn({file, message: 'is empty (nothing but white space): its page would have no content; write it, or remove the file'})
  progress(
    `read: ${read.files.length} markdown files through contentlayer2${read.skippedByContentlayer.length > 0 ? ` (${read.skippedByContentlayer.length} it could not parse, read directly)` : ''}${read.leftOut > 0 ? `; ${read.leftOut} left out by the docs' or blog's include and exclude options (or docs: false), as Docusaurus leaves them out` : ''}`,
  )

  const entries = classifyFiles(read.files, site, log)
  entries.pages.push(...instanceListPages(entries.pages, site))
  progress(
    `front matter: ${entries.docs.length} docs, ${entries.posts.length} posts, ${entries.releases.length} releases, ${entries.pages.length} pages, ${entries.home.length} home pages`,
  )

  const assets = new AssetStore(contentDir, staticDirsOf(site), contentFoldersOutside(site), baseUrlOf(site))
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
  }
  const siteComponents = new SiteComponents({siteDir: contentDir, ...renderOptions})
  await siteComponents.preload(read.files)
  // The site's remark plugins (npm2yarn…) run over every body first: they may be asynchronous, the conversion is not.
  const remarkPlugins = new RemarkPluginRunner(site, log, contentDir)
  await remarkPlugins.prepareAll(entries)
  // Math, Mermaid and ideal-image as the config turns them on; every diagram checked with mermaid's parser first.
  const features = markdownFeatures(site.config, contentDir)
  const diagrams = new DiagramChecks()
  if (features.mermaid) progress(`diagrams: ${await diagrams.checkAll(read.files.map((file) => file.text))} Mermaid diagrams checked with mermaid's parser`)
  const postEntries = new Set<unknown>(entries.posts)
  const docOf = new Map<unknown, DocEntry>(entries.docs.map((doc) => [doc, doc]))
  const pageOf = new Map<unknown, (typeof entries.pages)[number]>(entries.pages.map((page) => [page, page]))
  const codeLanguages = new UnknownCodeLanguages()
  const env: BuildEnvironment = {
    urls: buildUrlIndex(entries, site),
    assets,
    log,
    defaultLocale: site.defaultLocale,
    onBrokenMarkdownLinks,
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
        diagramProblem: (code) => diagrams.problemOf(code),
        ...(features.idealImage ? {idealImage: features.idealImage} : {}),
      }
    },
    plugins,
    report,
    codeLanguages,
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
  const dated = await applyTranslationHistory(Object.values(markdown).flat(), contentDir, site, env)
  progress(`translations: ${describeHistory(dated)}${describeStale(Object.values(markdown).flat())}`)
  const lastUpdated = await applyLastUpdated([...markdown.docs, ...markdown.pages], contentDir)
  progress(`last updated: ${lastUpdated} docs and pages dated by their last commit`)

  const sidebars = await buildSidebars(contentDir, site, entries.docs, log)
  checkDisplayedSidebars(entries.docs, sidebars, log)
  const latest = latestVersion(site)
  const docIndex = latestDocIndex(
    site,
    entries.docs.map((doc) => ({
      ...doc,
      title:
        typeof doc.frontMatter.data.sidebar_label === 'string'
          ? doc.frontMatter.data.sidebar_label
          : typeof doc.frontMatter.data.title === 'string'
            ? doc.frontMatter.data.title
            : undefined,
    })),
  )
  const instanceTargets = buildInstanceTargets(
    site,
    entries.docs,
    sidebars,
    (doc) => env.urls.get(doc.canonicalPath) ?? `${versionBasePath(site.docsPath, doc.version)}/`,
  )
  const settings = await buildSiteSettings(contentDir, site, docIndex, latest ? sidebars.get(latest.path) : undefined, assets, log, instanceTargets)
  // The tags of tags.yml keep their addresses and descriptions in the blog settings.
  const tagDefinitions = tagDefinitionsForSettings(env.blogTags ?? new Map(), site.defaultLocale)
  if (tagDefinitions.length > 0) settings.blog = {...(settings.blog as Record<string, unknown>), tags: tagDefinitions}
  // The docs' tags with an address or description of their own (tags.yml, {label, permalink} tags).
  const docsTagDefinitions = docsTagDefinitionsForSettings(
    [...docTagsByEntry].map(([entry, tags]) => ({entry, tags})),
    site.defaultLocale,
    log,
  )
  if (docsTagDefinitions.length > 0) settings.docsTags = docsTagDefinitions

  // React pages are rendered as Docusaurus renders them and imported as pages; a React home page is
  // replaced by one made from the config, which editors complete in the studio.
  const reactPages = (await listFiles(contentDir, 'src/pages')).filter(
    (file) => /\.(jsx?|tsx?)$/.test(file) && !isExcludedMarkdown(file.slice('src/pages/'.length)),
  )
  const reactPaths: string[] = []
  const reactDocuments: SanityDocument[] = []
  const renderedHome: SanityDocument[] = []
  const markdownHomeLocales = new Set(markdown.home.map((document) => String(document.language)))
  // Docs at the site root (routeBasePath '/') with a version served there that has a main doc (a doc
  // at `slug: /`): that doc is the home. Without one, Docusaurus serves the site's own home page there.
  const docsAreHome = site.versions.some(
    (version) => (version.docsPath ?? site.docsPath) === '' && version.urlPath === '' && hasMainDoc(entries.docs, version, site.defaultLocale),
  )
  // A blog at the site root (blog-only mode) with posts: its first list page is the home page.
  const blogIsHome = !docsAreHome && site.blogPath === '' && entries.posts.length > 0
  const homeIs = docsAreHome
    ? 'the docs are served at the site root (routeBasePath "/"), so their main doc is the home page at /'
    : 'the blog is served at the site root (blog-only mode), so its list of posts is the home page at /'
  if (docsAreHome || blogIsHome) {
    for (const home of entries.home) log.warn({file: home.canonicalPath, message: `${homeIs}, as in Docusaurus; this page is not imported`})
  }
  for (const file of reactPages) {
    const sitePath = `/${file
      .slice('src/pages/'.length)
      .replace(/\.(jsx?|tsx?)$/, '')
      .replace(/(^|\/)index$/, '$1')}`
    if (sitePath === '/' && (docsAreHome || blogIsHome)) {
      log.warn({file, message: `${homeIs}, as in Docusaurus; this React page is not imported`})
      continue
    }
    if (sitePath === '/') {
      // A markdown home in the default locale wins; translated markdown homes (i18n/<locale>/…-pages/index.md)
      // beside a React home only replace it in their own locales.
      if (markdownHomeLocales.has(site.defaultLocale)) continue
      // Rendered too, and read into the home page's sections (hero, features, code, latest posts).
      const rendered = await renderReactPage(contentDir, file, renderOptions, log)
      let leftOut = 0
      const documents = rendered.some((page) => page.locale === site.defaultLocale)
        ? buildHomePages(
            rendered.map((page) =>
              renderedPageEntry({...page, title: page.title ?? (typeof site.config.title === 'string' ? site.config.title : '')}, {liftHeading: false}),
            ),
            (entry) => {
              const read = homeSectionsFromBody(convertEntry(entry, env).blocks)
              if (entry.locale === site.defaultLocale) leftOut = read.leftOut
              return read.sections
            },
            env,
          )
        : []
      if (documents.length > 0 && documents.every((document) => Array.isArray(document.sections) && document.sections.length > 0)) {
        renderedHome.push(...documents.filter((document) => !markdownHomeLocales.has(String(document.language))))
        log.warn({
          file,
          message: `the home page is a React page: rendered as Docusaurus renders it and read into the home page's sections (hero, features, code, sponsors, text)${leftOut > 0 ? `; ${leftOut} ${leftOut === 1 ? 'image' : 'images'} before its title or beside its features (logo, icons) left out` : ''}: review it in the studio (Home page)`,
        })
        continue
      }
      reactPaths.push(sitePath)
      log.warn({
        file,
        message:
          'the home page is a React page, which cannot be imported: a home page with the site title, tagline and calls to action was made from the config; complete it in the studio (Home page)',
      })
      continue
    }
    const rendered = await renderReactPage(contentDir, file, renderOptions, log)
    if (rendered.length === 0) {
      reactPaths.push(sitePath)
      continue
    }
    reactDocuments.push(
      ...buildPages(
        rendered.map((page) => renderedPageEntry(page)),
        env,
      ),
    )
    log.warn({
      file,
      message: `a React page: rendered as Docusaurus renders it and imported as the page ${sitePath} in ${rendered.length} ${rendered.length === 1 ? 'locale' : 'locales'}; what it does in the browser (state, effects) is not kept: review it in the studio`,
    })
  }
  // Where a latest version without a main doc starts: its first sidebar's first doc, else (no sidebar) its first doc by file path.
  const latestStartSlug = (): string | undefined => {
    if (!latest || hasMainDoc(entries.docs, latest, site.defaultLocale)) return undefined
    const latestDocs = entries.docs.filter((doc) => doc.version.path === latest.path && doc.locale === site.defaultLocale)
    const first = [...(sidebars.get(latest.path)?.firstDocSlug.values() ?? [])][0]
    return first ?? [...latestDocs].sort((a, b) => a.relativePath.localeCompare(b.relativePath))[0]?.slug
  }
  const homePages =
    docsAreHome || blogIsHome
      ? []
      : [...markdown.home, ...renderedHome].some((document) => document.language === site.defaultLocale)
        ? [...markdown.home, ...renderedHome]
        : [
            ...markdown.home,
            ...renderedHome,
            homePageFromConfig(site, firstDocsHref(settings, site.docsPath, latest, latestStartSlug()), entries.posts.length > 0),
          ]

  codeLanguages.report(log, {contentDir, themeConfig: site.themeConfig, configFile: site.configFile})
  const uiStrings = await buildUiStrings(contentDir, site, log, usedCodeMessageIds())
  // The site's look from its custom CSS, with the classes the documents above use (before the static
  // files are listed: files its CSS names beside it are served too).
  const theme = buildTheme({
    contentDir,
    site,
    documents: [
      settings,
      ...[...sidebars.values()].flatMap((version) => version.documents),
      ...Object.values(markdown).flat(),
      ...reactDocuments,
      ...homePages,
    ],
    assets,
    log,
  })
  if (theme) progress(theme.summary)
  const staticFiles = assets.staticFileDocuments(log)
  // Addresses a redirect may lead to: every page, and the lists the site makes (home, blog, version homes).
  const blogBase = blogBasePath(site.blogPath ?? DEFAULT_BLOG_PATH)
  const redirects = buildRedirects(
    contentDir,
    site.configFile,
    site.config,
    [
      ...new Set([
        '/',
        ...env.urls.values(),
        ...(site.disabled?.blog || entries.posts.length === 0 ? [] : [`${blogBase}/`, `${blogBase}/archive/`]),
        ...site.versions.map((version) => `${versionBasePath(site.docsPath, version)}/`),
      ]),
    ],
    log,
  )
  if (redirects.length > 0) progress(`redirects: ${redirects.length} from the client-redirects plugin's options`)
  const searchSynonyms = await buildSearchSynonyms(contentDir, site.locales, site.defaultLocale, log)
  const documents: SanityDocument[] = [
    settings,
    ...(theme ? [theme.document] : []),
    ...uiStrings,
    ...searchSynonyms,
    ...buildDocsVersions(site, entries.docs, log).map((version) => {
      // A version's label as other locales translate it (i18n/<locale>/docusaurus-plugin-content-docs/<version>.json).
      const labels = sidebars.get(String(version.path))?.labelTranslations ?? []
      return labels.length > 0 ? {...version, labels} : version
    }),
    ...[...sidebars.values()].flatMap((version) => version.documents),
    ...authors.documents,
    ...markdown.docs,
    ...markdown.posts,
    ...markdown.releases,
    ...markdown.pages,
    ...reactDocuments,
    ...homePages,
    ...staticFiles,
    ...redirects,
  ].map((document) => withKeys(document)) // keys for arrays outside bodies: navbar, sidebars, sections
  progress(
    `site: settings, ${uiStrings.length} interface string sets, ${[...sidebars.values()].reduce((sum, v) => sum + v.documents.length, 0)} sidebars, ${authors.documents.length} authors, ${staticFiles.length} static files`,
  )

  const swizzled = reportSwizzled(contentDir, reportedPages(documents, new Map(read.files.map((file) => [file.path, file.text]))), report)
  if (swizzled > 0)
    progress(
      `theme: ${swizzled} component${swizzled === 1 ? '' : 's'} of the site's own in src/theme (swizzled), not imported: named in the report with the pages they touch`,
    )

  const unique = checkAll(documents, log)
  // Outside the content model (the plugin's own type), so added after the schema check.
  unique.push(...buildTranslationMetadata(unique))
  const datasetFiles = assets.datasetFiles()
  progress(`assets: ${datasetFiles.images.length} images and ${datasetFiles.files.length} files to copy into the dataset`)
  if (log.errors.length > 0 || options.write === false) return result(unique, read.files.length, datasetFiles, false, reactPaths)
  await writeDataset(options.outDir, unique, datasetFiles)
  await writeFile(path.join(options.outDir, 'import-report.json'), `${JSON.stringify({readersMiss: report.list()}, null, 2)}\n`)
  progress(`wrote ${unique.length} documents to ${path.join(options.outDir, 'data.ndjson')}, and what readers will miss to import-report.json`)
  return result(unique, read.files.length, datasetFiles, true, reactPaths)
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

/**
 * A doc's displayed_sidebar must name a sidebar of its version: Docusaurus's build fails otherwise,
 * so the import does too, naming the sidebars there are.
 */
function checkDisplayedSidebars(docs: readonly DocEntry[], sidebars: ReadonlyMap<string, {documents: SanityDocument[]}>, log: DiagnosticLog): void {
  for (const doc of docs) {
    const name = doc.frontMatter.data.displayed_sidebar
    if (typeof name !== 'string' && typeof name !== 'number') continue
    if (String(name) === '') continue
    const ids = (sidebars.get(doc.version.path)?.documents ?? []).map((sidebar) => String(sidebar.sidebarId))
    if (ids.includes(String(name))) continue
    log.error({
      file: doc.file.path,
      line: doc.frontMatter.lineOf('displayed_sidebar'),
      field: 'displayed_sidebar',
      message: `"${String(name)}" is not a sidebar of version ${doc.version.name} (${ids.length > 0 ? `its sidebars: ${ids.join(', ')}` : 'it has no sidebars'}); Docusaurus's build fails on it too`,
    })
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

/** Where the made-up home page's first call to action leads: the navbar's first doc link, else the docs. */
/**
 * Where the made-up home page's "Get started" leads: the navbar's first doc link, else `startSlug` (the
 * first doc of the latest version's sidebar, given when that version has no main doc), else the
 * latest version's home.
 */
function firstDocsHref(settings: SanityDocument, docsPath: string, latest: DocsVersionInfo | undefined, startSlug?: string): string | undefined {
  const items = Array.isArray(settings.navbarItems) ? (settings.navbarItems as Array<Record<string, unknown>>) : []
  const leaves = items.flatMap((item) => (Array.isArray(item.items) ? (item.items as Array<Record<string, unknown>>) : [item]))
  const doc = leaves.find((item) => item._type === 'navDocLink' && typeof item.docSlug === 'string')
  if (!latest) return undefined
  const base = versionBasePath(docsPath, latest)
  const slug = doc && doc.docSlug !== 'index' ? String(doc.docSlug) : startSlug
  return slug ? `${base}/${slug}/` : `${base}/`
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

/**
 * Checks every document against the content model and keeps one document per id: two files that
 * give the same address (as Docusaurus's duplicate routes) are both named in a warning, and the
 * first one is kept.
 */
function checkAll(documents: SanityDocument[], log: DiagnosticLog): SanityDocument[] {
  const seen = new Map<string, SanityDocument>()
  // A file whose front matter was already reported would only repeat the same problems here.
  const reported = new Set(log.errors.map((error) => error.file))
  for (const document of documents) {
    const file = typeof document.sourcePath === 'string' ? document.sourcePath : `(${document._type} ${document._id})`
    const first = seen.get(document._id)
    if (first) {
      log.warn({
        file,
        message: `gives the same address as ${typeof first.sourcePath === 'string' ? first.sourcePath : first._id} (${document._id}); that file is kept, this one is not imported`,
      })
      continue
    }
    seen.set(document._id, document)
    if (reported.has(file)) continue
    for (const problem of checkDocument(document)) log.error({file, message: `${document._id}: ${problem}`})
  }
  return [...seen.values()]
}
