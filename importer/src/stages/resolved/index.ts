/**
 * Stage 5, resolved: the rest of the site around the converted documents: sidebars, site settings,
 * React pages rendered, the home page, interface strings, the theme, static files, redirects, search
 * synonyms, docs versions and authors; every document of the dataset, with keys.
 */
import {DiagnosticLog} from '../../diagnostics'
import {withKeys} from '../../keys'
import {isExcludedMarkdown, listFiles} from '../../read-sources'
import {tagDefinitionsForSettings} from '../../site/blog-tags'
import {buildHomePages, buildPages, convertEntry} from '../../site/documents'
import {buildDocsVersions} from '../../site/docs-versions'
import type {SanityDocument} from '../../site/sanity-document'
import {renderedPageEntry, renderReactPage, usedCodeMessageIds} from '../../site/react-pages'
import {docsTagDefinitionsForSettings} from '../../site/docs-tags'
import {type DocEntry, hasMainDoc} from '../../site/entries'
import {homePageFromConfig, homeSectionsFromBody} from '../../site/home-page'
import {type DocsVersionInfo, latestVersion} from '../../site/site-config'
import {versionBasePath} from '@site/schemas/model'
import {buildSiteSettings, latestDocIndex} from '../../site/site-settings'
import {buildTheme} from '../../site/theme/theme'
import {buildInstanceTargets, buildSidebars} from '../../site/sidebars'
import {buildUiStrings} from '../../site/ui-strings'
import {buildSearchSynonyms} from '../../site/synonyms-import'
import {buildRedirects} from '../../site/redirects'
import {blogBasePath, DEFAULT_BLOG_PATH} from '@site/schemas/model'
import type {ImportRun} from '../import-run'
import type {ConvertedStage} from '../converted'

export interface ResolvedStage extends ConvertedStage {
  /** Every document of the dataset, before the schema check. */
  documents: SanityDocument[]
  /** React pages that were not imported: their site paths. */
  reactPaths: string[]
}

export async function resolveSite(run: ImportRun, stage: ConvertedStage): Promise<ResolvedStage> {
  const {contentDir, log, progress} = run
  const {site, entries, env, assets, docTagsByEntry, renderOptions, authors, markdown} = stage
  const sidebars = await buildSidebars(contentDir, site, entries.docs, log, new Map(markdown.docs.map((document) => [document._id, String(document.title)])))
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

  // Every body is converted by now (the React pages above too): one warning per unknown code language.
  env.codeLanguages?.report(log, {contentDir, themeConfig: site.themeConfig, configFile: site.configFile})
  // The sites the pages' iframes show are the settings' Embedded sites, which the pages' policy frames.
  if (env.embedHosts && env.embedHosts.size > 0) {
    settings.embedHosts = [...env.embedHosts].sort()
    log.warn({
      file: site.configFile,
      message: `iframes of ${[...env.embedHosts].sort().join(', ')} are shown as embeds (sandboxed); these sites are listed in the site settings' Embedded sites, which editors can change`,
    })
  }
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
  return {...stage, documents, reactPaths}
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
