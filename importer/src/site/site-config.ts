/**
 * The Docusaurus site configuration as the importer needs it: docusaurus.config.js (docs and blog
 * plugin options, i18n, themeConfig), versions.json, and the docs versions derived from both.
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {
  BLOG_PATH,
  DEFAULT_BLOG_PATH,
  DEFAULT_DOCS_PATH,
  DOCS_PATH,
  isLocaleCode,
  type Locale,
  RESERVED_FIRST_SEGMENTS,
  VERSION_ID,
  VERSION_URL_PATH,
} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {docusaurusMajor, installedDocusaurus, magicCommentsOf} from '../markdown/handlers/features'
import {isRecord} from '../front-matter'
import {readDataFile} from '../read-sources'
import {loadSiteModule, ModuleLoadError} from './load-module'
import {describeCalls, type NetworkCall} from './offline'
import {unwrapContentPlugins} from './wrapped-plugins'

export type ConfigRecord = Record<string, unknown>

export interface DocsVersionInfo {
  /** Docusaurus name: `current` for docs/, else the name in versions.json (3.x). */
  name: string
  label: string
  /** Identifier that docs and sidebars name the version by: the configured path when there is one (v4), else the name (current, 1.0). */
  path: string
  /** URL segment as Docusaurus serves the version: the configured path, else '' for the last version (/docs/), next for current, the name for others. */
  urlPath: string
  isLast: boolean
  /** 1 for the newest. */
  order: number
  banner: 'none' | 'unmaintained' | 'unreleased'
  /** Folder of its docs in the default locale: docs or versioned_docs/version-3.x. */
  docsDir: string
  /** Folder name under i18n/<locale>/docusaurus-plugin-content-docs/: current or version-3.x. */
  i18nDir: string
  /**
   * Sidebars file relative to the site: sidebars.js (the docs options' sidebarPath) or
   * versioned_sidebars/version-3.x-sidebars.json; null when the site generates one sidebar from the
   * whole docs folder (no sidebarPath), false when it has no sidebars (sidebarPath: false).
   */
  sidebarsFile: string | null | false
  /**
   * Set on a version of a second docs instance (`id: 'community'`): the instance, whose docs are a
   * set of their own served under its routeBasePath (the docsVersion's docsPath), with its options
   * (sidebars, collapsing) and its i18n folder (docusaurus-plugin-content-docs-community).
   */
  instance?: ContentInstance
  /** Where the instance's docs are served ("community"), for versionBasePath; undefined for the site's docs. */
  docsPath?: string
}

/** The folder of a version's translations under i18n/<locale>/: the docs plugin's, or an instance's (docusaurus-plugin-content-docs-community). */
export function docsI18nFolder(version: DocsVersionInfo): string {
  return version.instance ? `docusaurus-plugin-content-docs-${version.instance.id}` : 'docusaurus-plugin-content-docs'
}

/** The options of the docs plugin a version belongs to: the main docs' or its instance's. */
export function docsOptionsOf(site: SiteConfig, version: DocsVersionInfo): ConfigRecord {
  return version.instance?.options ?? site.docsOptions
}

export interface SiteConfig {
  /** The config file as found in the site folder (docusaurus.config.js, .ts, .mjs, .cjs). */
  configFile: string
  config: ConfigRecord
  themeConfig: ConfigRecord
  docsOptions: ConfigRecord
  blogOptions: ConfigRecord
  /** The pages plugin's options (its remark plugins); absent in sites made by hand for tests. */
  pagesOptions?: ConfigRecord
  /** Whether the pages plugin serves a markdown page at its front matter's `slug` (Docusaurus 3.8 and later; a version not known is the newest). */
  pageSlugs?: boolean
  defaultLocale: Locale
  /** Every locale of the site's i18n config, default first. */
  locales: Locale[]
  versions: DocsVersionInfo[]
  /** Versions the docs plugin's `onlyIncludeVersions` leaves out: their files are not read (one warning names them). */
  leftOutVersions?: Array<{docsDir: string; i18nDir: string}>
  /** Where the docs are served, from their `routeBasePath`: "docs" (the default), "api/docs", or '' for the site root. */
  docsPath: string
  /** Where the blog is served, from its `routeBasePath`: "blog" (the default), "news". */
  blogPath?: string
  /** The preset's `blog: false` (or `docs: false`): Docusaurus builds no blog (docs), so none is imported. */
  disabled?: {docs: boolean; blog: boolean}
  /** Addresses the config called while loading (each failed: the import runs offline). */
  networkCalls?: NetworkCall[]
  /**
   * Docs and blog plugin instances beside the main ones (`@docusaurus/plugin-content-docs` with
   * `id: 'community'`): imported as pages at the addresses Docusaurus gives them (see entries.ts).
   */
  instances?: ContentInstance[]
}

/** A second (third…) docs or blog plugin instance of the config. */
export interface ContentInstance {
  kind: 'docs' | 'blog'
  id: string
  /** Folder of its markdown relative to the site (community). */
  path: string
  /** URL path of its pages, without slashes ('' for the site root). */
  routeBasePath: string
  /** Where the config declares it, for messages: plugins[0]. */
  field: string
  options: ConfigRecord
}

/** Names of the config file Docusaurus looks for, in its order. */
export const CONFIG_FILES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
] as const
export async function loadSiteConfig(contentDir: string, log: DiagnosticLog): Promise<SiteConfig | null> {
  const configFile = CONFIG_FILES.find((name) => existsSync(path.join(contentDir, name)))
  if (!configFile) {
    log.error({file: 'docusaurus.config.js', message: `not found in ${contentDir}: a Docusaurus site has a docusaurus.config.js (or .ts, .mjs, .cjs)`})
    return null
  }
  let config: ConfigRecord
  let networkCalls: NetworkCall[] = []
  try {
    const loaded = await loadSiteModule(contentDir, configFile, {
      onLateError: (message, line) =>
        log.error({file: configFile, ...(line === undefined ? {} : {line}), message: `code of the config that ran later threw: ${message}`}),
    })
    networkCalls = loaded.networkCalls
    if (networkCalls.length > 0)
      log.warn({
        file: configFile,
        message: `called ${describeCalls(networkCalls)} while loading: the import runs offline, so ${networkCalls.length === 1 ? 'the call' : 'each call'} failed as it does without a network, and the config was imported with what it gives then`,
      })
    for (const name of loaded.ignored) {
      log.warn({
        file: configFile,
        message: `requires "${name}", which is not installed: a code block theme, ignored (the site highlights code with its own light and dark themes)`,
      })
    }
    if (!isRecord(loaded.value)) {
      log.error({file: configFile, message: 'the default export (module.exports) must be the config object, or a function returning it'})
      return null
    }
    config = unwrapContentPlugins(contentDir, configFile, loaded.value, log)
  } catch (error) {
    log.error({
      file: configFile,
      ...(error instanceof ModuleLoadError && error.line !== undefined ? {line: error.line} : {}),
      message: error instanceof ModuleLoadError ? error.message : `cannot be loaded: ${error instanceof Error ? error.message : String(error)}`,
    })
    return null
  }
  const docsOptions = withSiteRelativePath(contentDir, findPluginOptions(config, 'docs'))
  const blogOptions = withSiteRelativePath(contentDir, findPluginOptions(config, 'blog'))
  // The preset's `blog: false` with a blog plugin of its own in `plugins` (an official one, or one wrapping it) is a blog.
  const disabled = {
    docs: presetOption(config, 'docs') === false && !hasMainPlugin(config, 'docs'),
    blog: presetOption(config, 'blog') === false && !hasMainPlugin(config, 'blog'),
  }
  const instances = findInstances(config).map((instance) => {
    const options = withSiteRelativePath(contentDir, instance.options)
    return typeof options.path === 'string' ? {...instance, path: options.path, options} : instance
  })
  warnAboutAddresses(configFile, config, blogOptions, instances, log)
  warnAboutPageExtras(configFile, config, log)
  const docsPath = docsRouteOf(configFile, docsOptions, log)
  const blogPath = blogRouteOf(configFile, blogOptions, docsPath, log)
  const themeConfig = isRecord(config.themeConfig) ? config.themeConfig : {}
  const {defaultLocale, locales} = readLocales(configFile, config, log)
  let versionNames: string[] = []
  try {
    const versionsJson = await readDataFile(contentDir, 'versions.json')
    if (versionsJson !== null) {
      if (!Array.isArray(versionsJson) || !versionsJson.every((name) => typeof name === 'string')) {
        log.error({file: 'versions.json', message: 'expected a list of version names such as ["3.x", "2.x"]'})
      } else {
        versionNames = versionsJson
      }
    }
  } catch (error) {
    log.error({file: 'versions.json', message: error instanceof Error ? error.message : String(error)})
  }
  const leftOutVersions: Array<{docsDir: string; i18nDir: string}> = []
  const versions = buildVersions(contentDir, configFile, docsOptions, versionNames, log, leftOutVersions)
  for (const instance of instances.filter((candidate) => candidate.kind === 'docs'))
    versions.push(...(await instanceVersions(contentDir, configFile, instance, versions, log, leftOutVersions)))
  const pagesOptions = findPluginOptions(config, 'pages')
  const installed = installedDocusaurus(contentDir)
  const major = installed?.major ?? docusaurusMajor(contentDir)
  const pageSlugs = major === undefined || major > 3 || (major === 3 && (installed === undefined || installed.minor >= 8))
  return {
    configFile,
    config,
    themeConfig,
    docsOptions,
    blogOptions,
    pagesOptions,
    pageSlugs,
    defaultLocale,
    locales,
    versions,
    leftOutVersions,
    docsPath,
    blogPath,
    disabled,
    instances,
    ...(networkCalls.length > 0 ? {networkCalls} : {}),
  }
}

/**
 * Where the blog is served, from the blog plugin's `routeBasePath`: '' for the site root
 * (Docusaurus's blog-only mode, its list page being the home page). Addresses of this site's own
 * or of the docs (the root too, when the docs are there) are reported, and the blog stays at /blog/.
 */
function blogRouteOf(configFile: string, blogOptions: ConfigRecord, docsPath: string, log: DiagnosticLog): string {
  if (blogOptions.routeBasePath === undefined) return DEFAULT_BLOG_PATH
  const field = 'blog.routeBasePath'
  const given = typeof blogOptions.routeBasePath === 'string' ? blogOptions.routeBasePath : JSON.stringify(blogOptions.routeBasePath)
  const route = typeof blogOptions.routeBasePath === 'string' ? blogOptions.routeBasePath.replace(/^\/+|\/+$/g, '') : ''
  if (route === '' && typeof blogOptions.routeBasePath === 'string') {
    if (docsPath !== '') return ''
    log.warn({file: configFile, field, message: `"${given}": the docs are served at the site root already, so the blog is imported at /blog/`})
    return DEFAULT_BLOG_PATH
  }
  if (!BLOG_PATH.test(route)) {
    log.warn({
      file: configFile,
      field,
      message: `"${given}" is not an address this site can serve the blog at (segments of letters, digits, ".", "_" or "-"): the blog is imported at /blog/`,
    })
    return DEFAULT_BLOG_PATH
  }
  const first = route.split('/')[0] ?? ''
  const docsFirst = docsPath.split('/')[0] ?? ''
  if ((first !== 'blog' && RESERVED_FIRST_SEGMENTS.includes(first)) || (docsFirst !== '' && first === docsFirst)) {
    log.warn({
      file: configFile,
      field,
      message: `"${given}": /${first}/ belongs to ${first === docsFirst ? 'the docs' : 'this site itself'}, so the blog is imported at /blog/`,
    })
    return DEFAULT_BLOG_PATH
  }
  return route
}

/**
 * Where the docs are served, from the docs plugin's `routeBasePath` ('/' for the site root, Docusaurus's
 * docs-only mode). An address this site cannot give the docs (one of its own, such as /blog/) is
 * reported naming the field, and the docs stay at /docs/.
 */
function docsRouteOf(configFile: string, docsOptions: ConfigRecord, log: DiagnosticLog): string {
  if (docsOptions.routeBasePath === undefined) return DEFAULT_DOCS_PATH
  const field = 'docs.routeBasePath'
  if (typeof docsOptions.routeBasePath !== 'string') {
    log.error({file: configFile, field, message: `must be a string such as "docs" or "/", got ${JSON.stringify(docsOptions.routeBasePath)}`})
    return DEFAULT_DOCS_PATH
  }
  const route = docsOptions.routeBasePath.replace(/^\/+|\/+$/g, '')
  if (!DOCS_PATH.test(route)) {
    log.warn({
      file: configFile,
      field,
      message: `"${docsOptions.routeBasePath}" is not an address this site can serve docs at (segments of letters, digits, ".", "_" or "-"): the docs are imported at /docs/`,
    })
    return DEFAULT_DOCS_PATH
  }
  const first = route.split('/')[0] ?? ''
  if (RESERVED_FIRST_SEGMENTS.includes(first)) {
    log.warn({
      file: configFile,
      field,
      message: `"${docsOptions.routeBasePath}": /${first}/ belongs to this site itself (${RESERVED_FIRST_SEGMENTS.map((segment) => `/${segment}/`).join(', ')}), so the docs are imported at /docs/`,
    })
    return DEFAULT_DOCS_PATH
  }
  return route
}

/** The classic preset's `docs`/`blog`/`pages` option as written (an object, false, or undefined). */
function presetOption(config: ConfigRecord, kind: 'docs' | 'blog' | 'pages'): unknown {
  for (const preset of asList(config.presets)) {
    const options: unknown = Array.isArray(preset) ? preset[1] : undefined
    if (isRecord(options) && kind in options) return options[kind]
  }
  return undefined
}

/** The plugin id of an instance: undefined and 'default' name the main one. */
function instanceId(options: ConfigRecord): string {
  return typeof options.id === 'string' && options.id !== '' ? options.id : 'default'
}

/** Whether `plugins` has a content-docs/-blog plugin without an id: the main instance, the preset's own turned off or not. */
function hasMainPlugin(config: ConfigRecord, kind: 'docs' | 'blog'): boolean {
  return mainPluginOptions(config, kind) !== undefined
}

/** The options of a content-docs/-blog/-pages plugin of `plugins` without an id (the main instance). */
function mainPluginOptions(config: ConfigRecord, kind: 'docs' | 'blog' | 'pages'): ConfigRecord | undefined {
  for (const plugin of asList(config.plugins)) {
    if (!Array.isArray(plugin) || typeof plugin[0] !== 'string' || !plugin[0].includes(`content-${kind}`)) continue
    const options = isRecord(plugin[1]) ? plugin[1] : {}
    if (instanceId(options) === 'default') return options
  }
  return undefined
}

/** Options of the main docs/blog/pages instance: the classic preset's `docs`/`blog`/`pages`, or a content-docs/-blog/-pages plugin without an id. */
function findPluginOptions(config: ConfigRecord, kind: 'docs' | 'blog' | 'pages'): ConfigRecord {
  const preset = presetOption(config, kind)
  if (isRecord(preset) && instanceId(preset) === 'default') return preset
  return mainPluginOptions(config, kind) ?? {}
}

/**
 * The options with their content folder (`path`) written relative to the site folder, as Docusaurus
 * resolves it: `./docs`, `path.resolve(__dirname, 'docs')` and, in a repository whose site lives in
 * website/, `../docs` (a folder beside the site, which the import then reads too: contentFoldersOutside).
 */
function withSiteRelativePath(contentDir: string, options: ConfigRecord): ConfigRecord {
  if (typeof options.path !== 'string' || options.path.trim() === '') return options
  const relative = path.relative(path.resolve(contentDir), path.resolve(contentDir, options.path)).split(path.sep).join('/')
  return {...options, path: relative === '' ? '.' : relative}
}

/**
 * The content folders the config names outside the site folder (`path: '../docs'`), relative to it:
 * Docusaurus reads them as part of the site, and so does the import (and nothing else outside it).
 */
export function contentFoldersOutside(site: SiteConfig): string[] {
  const folders = [...site.versions.map((version) => version.docsDir), blogDirOf(site), ...(site.instances ?? []).map((instance) => instance.path)]
  return [...new Set(folders.filter(isOutsideSite))].sort()
}

/** Whether a site-relative folder lies outside the site folder (`../docs`). */
export function isOutsideSite(folder: string): boolean {
  return folder === '..' || folder.startsWith('../')
}

/** The content-docs and content-blog plugins with an id of their own (`id: 'community'`). */
function findInstances(config: ConfigRecord): ContentInstance[] {
  const instances: ContentInstance[] = []
  asList(config.plugins).forEach((plugin, index) => {
    if (!Array.isArray(plugin) || typeof plugin[0] !== 'string' || !isRecord(plugin[1])) return
    const kind = plugin[0].includes('content-docs') ? 'docs' : plugin[0].includes('content-blog') ? 'blog' : undefined
    const options = plugin[1]
    const id = instanceId(options)
    if (!kind || id === 'default') return
    const folder = typeof options.path === 'string' ? options.path.replace(/^\.\/|\/+$/g, '') : kind === 'docs' ? 'docs' : 'blog'
    const route = typeof options.routeBasePath === 'string' ? options.routeBasePath.replace(/^\/+|\/+$/g, '') : kind === 'docs' ? 'docs' : 'blog'
    instances.push({kind, id, path: folder, routeBasePath: route, field: `plugins[${index}]`, options})
  })
  return instances
}

/**
 * What of the config's addresses this site does not keep, each named: it is served from the root of
 * its host, its blog under /blog/, trailing slashes as Docusaurus writes them by default (the docs
 * keep their `routeBasePath`, see docsPathOf).
 */
function warnAboutAddresses(configFile: string, config: ConfigRecord, blogOptions: ConfigRecord, instances: ContentInstance[], log: DiagnosticLog): void {
  const baseUrl = typeof config.baseUrl === 'string' ? config.baseUrl : '/'
  if (baseUrl.replace(/\/+$/, '') !== '') {
    log.warn({
      file: configFile,
      field: 'baseUrl',
      message: `"${baseUrl}" is not kept: this site is built to be served from the root of its host, so a page at ${baseUrl.replace(/\/+$/, '')}/x is at /x (serve it under ${baseUrl} with a proxy, or from a host of its own)`,
    })
  }
  if (typeof config.trailingSlash === 'boolean') {
    log.warn({
      file: configFile,
      field: 'trailingSlash',
      message: `${String(config.trailingSlash)} is not kept: pages keep Docusaurus's default addresses, a folder per page (/docs/x/), which most static hosts also serve at /docs/x by a redirect`,
    })
  }
  for (const instance of instances) {
    if (instance.kind === 'docs') {
      // Imported as docs of their own (instanceVersions): only an address this site cannot serve them at is reported.
      const first = instance.routeBasePath.split('/')[0] ?? ''
      if (RESERVED_FIRST_SEGMENTS.includes(first) || !DOCS_PATH.test(instance.routeBasePath)) {
        log.error({
          file: configFile,
          field: `${instance.field}[1].routeBasePath`,
          message: `"${instance.routeBasePath}": the "${instance.id}" docs cannot be served there (${RESERVED_FIRST_SEGMENTS.map((segment) => `/${segment}/`).join(', ')} belong to this site itself; segments are letters, digits, ".", "_" or "-")`,
        })
      }
      continue
    }
    log.warn({
      file: configFile,
      field: instance.field,
      message: `a second blog plugin instance (id "${instance.id}", folder ${instance.path}/): the content model has one blog, so its posts are imported as pages at the same addresses (/${instance.routeBasePath}/…) and /${instance.routeBasePath} as a page listing them; its tags, authors, pagination and feeds are not kept`,
    })
  }
}

/**
 * What the config adds to every Docusaurus page besides its content (`scripts`, `headTags`, `clientModules`; its
 * `stylesheets` are the theme import's): none is carried over, and each field is named once with what it holds.
 * Pages here run only the site's own scripts, under its Content-Security-Policy.
 */
function warnAboutPageExtras(configFile: string, config: ConfigRecord, log: DiagnosticLog): void {
  const listed = (items: string[]) => (items.length > 4 ? `${items.slice(0, 4).join(', ')} and ${items.length - 4} more` : items.join(', '))
  const address = (item: unknown, key: 'src' | 'href') =>
    typeof item === 'string' ? item : isRecord(item) && typeof item[key] === 'string' ? item[key] : isRecord(item) ? 'an inline one' : String(item)
  const scripts = asList(config.scripts)
  if (scripts.length > 0)
    log.warn({
      file: configFile,
      field: 'scripts',
      message: `${listed(scripts.map((item) => address(item, 'src')))}: not carried over. Pages here run only the site's own scripts (Content-Security-Policy), so what these do on Docusaurus's pages (embeds and widgets they fill in, analytics) is not there`,
    })
  const headTags = asList(config.headTags)
  if (headTags.length > 0) {
    const described = headTags.map((tag) => {
      if (!isRecord(tag)) return String(tag)
      const attributes = isRecord(tag.attributes) ? tag.attributes : {}
      const detail = ['rel', 'type', 'name', 'property'].flatMap((key) => (typeof attributes[key] === 'string' ? [`${key}="${attributes[key]}"`] : []))[0]
      return `<${typeof tag.tagName === 'string' ? tag.tagName : '?'}${detail ? ` ${detail}` : ''}>`
    })
    log.warn({file: configFile, field: 'headTags', message: `${listed(described)}: not carried over into the pages' head`})
  }
  const looks = (magicCommentsOf(config) ?? [])
    .map((comment) => comment.className)
    .filter((className): className is string => className !== undefined && className !== 'theme-code-block-highlighted-line')
  if (looks.length > 0)
    log.warn({
      file: configFile,
      field: 'themeConfig.prism.magicComments',
      message: `the lines that ${looks.join(', ')} ${looks.length === 1 ? 'marks' : 'mark'} are shown as highlighted lines, the one look this site has for marked lines`,
    })
  const clientModules = asList(config.clientModules)
  if (clientModules.length > 0)
    log.warn({
      file: configFile,
      field: 'clientModules',
      message: `${listed(clientModules.map((item) => (typeof item === 'string' ? item : String(item))))}: not carried over. Docusaurus runs them in the browser on every page; what they do there is not on this site's pages`,
    })
}

/** The locales of the i18n config: every one of them, default first (Docusaurus's default: English only). */
function readLocales(configFile: string, config: ConfigRecord, log: DiagnosticLog): {defaultLocale: Locale; locales: Locale[]} {
  const i18n = isRecord(config.i18n) ? config.i18n : {}
  const declared = asList(i18n.locales).filter((locale): locale is string => typeof locale === 'string')
  let defaultLocale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : 'en'
  if (!isLocaleCode(defaultLocale)) {
    log.error({file: configFile, field: 'i18n.defaultLocale', message: `${JSON.stringify(defaultLocale)} is not a locale code such as en, fr or pt-BR`})
    defaultLocale = 'en'
  }
  const locales: Locale[] = [defaultLocale]
  for (const locale of declared) {
    if (locale === defaultLocale || locales.includes(locale)) continue
    if (isLocaleCode(locale)) locales.push(locale)
    else log.error({file: configFile, field: 'i18n.locales', message: `${JSON.stringify(locale)} is not a locale code such as en, fr or pt-BR`})
  }
  if (declared.length > 0 && !declared.includes(defaultLocale)) {
    log.warn({file: configFile, field: 'i18n.locales', message: `does not list the default locale "${defaultLocale}"; it is imported first anyway`})
  }
  return {defaultLocale, locales}
}

/**
 * The versions of a second docs instance, by Docusaurus's rules for its own files (<id>_versions.json,
 * <id>_versioned_docs/, <id>_versioned_sidebars/), as a docs set of its own: served under the
 * instance's routeBasePath, after the site's versions, never the latest, with no banner (a banner
 * leads to the site's latest docs). Identifiers are prefixed by the instance id, so that they never
 * clash with the site's versions: community, community-1.0.
 */
async function instanceVersions(
  contentDir: string,
  configFile: string,
  instance: ContentInstance,
  siteVersions: readonly DocsVersionInfo[],
  log: DiagnosticLog,
  leftOut: Array<{docsDir: string; i18nDir: string}>,
): Promise<DocsVersionInfo[]> {
  const file = `${instance.id}_versions.json`
  let names: string[] = []
  try {
    const listed = await readDataFile(contentDir, file)
    if (listed !== null) {
      if (Array.isArray(listed) && listed.every((name) => typeof name === 'string')) names = listed
      else log.error({file, message: 'expected a list of version names such as ["1.0"]'})
    }
  } catch (error) {
    log.error({file, message: error instanceof Error ? error.message : String(error)})
  }
  const built = buildVersions(contentDir, configFile, instance.options, names, log, leftOut, instance)
  const dropped = built.filter((version) => version.banner !== 'none')
  if (dropped.length > 0) {
    log.warn({
      file: configFile,
      field: instance.field,
      message: `the "${instance.id}" docs are a set of their own, outside the version dropdown: the ${dropped.map((version) => version.label).join(', ')} ${dropped.length === 1 ? 'version shows' : 'versions show'} no banner`,
    })
  }
  const unversioned = names.length === 0
  return built.map((version, index) => ({
    ...version,
    path: version.name === 'current' ? instance.id : `${instance.id}-${version.path}`,
    // Without versions the label is seen only where search names the docs a result is from.
    label: unversioned && !hasOwnLabel(instance.options, 'current') ? titleCase(instance.id) : version.label,
    isLast: false,
    order: siteVersions.length + index + 1,
    banner: 'none',
    instance,
    docsPath: instance.routeBasePath,
  }))
}

function hasOwnLabel(options: ConfigRecord, name: string): boolean {
  const versions = isRecord(options.versions) ? options.versions : {}
  const own = versions[name]
  return isRecord(own) && typeof own.label === 'string'
}

function titleCase(id: string): string {
  const words = id.split(/[-_\s]+/).filter(Boolean)
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || id
}

function buildVersions(
  contentDir: string,
  configFile: string,
  docsOptions: ConfigRecord,
  versionNames: string[],
  log: DiagnosticLog,
  leftOut: Array<{docsDir: string; i18nDir: string}>,
  instance?: ContentInstance,
): DocsVersionInfo[] {
  // Docusaurus's file names for an instance's versions: community_versioned_docs/version-1.0.
  const prefix = instance ? `${instance.id}_` : ''
  const optionsField = instance ? `${instance.field}[1]` : 'docs'
  const options = isRecord(docsOptions.versions) ? docsOptions.versions : {}
  const includeCurrent = docsOptions.includeCurrentVersion !== false
  const allNames = [...(includeCurrent ? ['current'] : []), ...versionNames]
  // Docusaurus refuses a config that names versions the site does not have.
  const available = `the site's versions are ${allNames.map((name) => `"${name}"`).join(', ')} (current, then versions.json)`
  for (const name of Object.keys(options).filter((key) => !allNames.includes(key))) {
    log.error({file: configFile, field: `${optionsField}.versions.${name}`, message: `"${name}" is not a docs version of the site: ${available}`})
  }
  const names = onlyIncludedVersions(allNames, docsOptions, {configFile, field: `${optionsField}.onlyIncludeVersions`, available}, log)
  // Where a version's markdown and its translations are.
  const folders = (name: string) => ({
    docsDir:
      name === 'current'
        ? typeof docsOptions.path === 'string'
          ? docsOptions.path.replace(/^\.\/|\/+$/g, '')
          : 'docs'
        : `${prefix}versioned_docs/version-${name}`,
    i18nDir: name === 'current' ? 'current' : `version-${name}`,
  })
  for (const name of allNames.filter((candidate) => !names.includes(candidate))) leftOut.push(folders(name))
  // Docusaurus: the last version is the newest released one it builds, or the current docs when it builds none.
  const lastVersion = typeof docsOptions.lastVersion === 'string' ? docsOptions.lastVersion : (names.find((name) => name !== 'current') ?? 'current')
  if (!allNames.includes(lastVersion))
    log.error({file: configFile, field: `${optionsField}.lastVersion`, message: `"${lastVersion}" is not a docs version of the site: ${available}`})
  else if (!names.includes(lastVersion))
    log.error({
      file: configFile,
      field: `${optionsField}.lastVersion`,
      message: `"${lastVersion}" is not in onlyIncludeVersions: Docusaurus refuses a last version it does not build`,
    })
  const sidebarsFile = sidebarsFileOf(contentDir, configFile, docsOptions.sidebarPath, log, `${optionsField}.sidebarPath`)
  return names.map((name, index) => {
    const own = isRecord(options[name]) ? options[name] : {}
    const isLast = name === lastVersion
    const label = typeof own.label === 'string' ? own.label : name === 'current' ? 'Next' : name
    // Docusaurus's paths: the last version at the docs root, the current one under "next", others under their name.
    const defaultPath = isLast ? '' : name === 'current' ? 'next' : name
    const configured = typeof own.path === 'string' ? own.path.replace(/^\/+|\/+$/g, '') : undefined
    let urlPath = configured ?? defaultPath
    if (!VERSION_URL_PATH.test(urlPath)) {
      log.error({
        file: configFile,
        field: `${optionsField}.versions.${name}.path`,
        message: `"${urlPath}" is not one URL segment (letters, digits, ".", "_" and "-"): the version would have no address`,
      })
      urlPath = defaultPath.replace(/[^A-Za-z0-9._-]/g, '-')
    }
    // The identifier stays the configured path when there is one (v4), so that a site's content keeps its names.
    const id =
      configured && VERSION_ID.test(configured) ? configured : name.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || `version-${index + 1}`
    // Docusaurus's default banners: none on the last version, "unreleased" above it (current), "unmaintained" below it.
    const lastIndex = names.indexOf(lastVersion)
    const defaultBanner = isLast ? 'none' : index < lastIndex ? 'unreleased' : 'unmaintained'
    const banner = own.banner === 'none' || own.banner === 'unreleased' || own.banner === 'unmaintained' ? own.banner : defaultBanner
    return {
      name,
      label,
      path: id,
      urlPath,
      isLast,
      order: index + 1,
      banner,
      ...folders(name),
      sidebarsFile: name === 'current' ? sidebarsFile : `${prefix}versioned_sidebars/version-${name}-sidebars.json`,
    }
  })
}

/**
 * The versions Docusaurus builds: those `onlyIncludeVersions` names, in the site's order (current, then versions.json),
 * or all of them without the option. The others are not imported, which the import says once, with their names.
 */
function onlyIncludedVersions(
  allNames: string[],
  docsOptions: ConfigRecord,
  where: {configFile: string; field: string; available: string},
  log: DiagnosticLog,
): string[] {
  const only = docsOptions.onlyIncludeVersions
  if (only === undefined || only === null) return allNames
  if (!Array.isArray(only) || !only.every((name) => typeof name === 'string')) {
    log.error({file: where.configFile, field: where.field, message: 'expected a list of version names such as ["current", "3.x"]'})
    return allNames
  }
  if (only.length === 0) {
    log.error({file: where.configFile, field: where.field, message: 'is empty: Docusaurus needs at least one version to build'})
    return allNames
  }
  const unknown = only.filter((name) => !allNames.includes(name))
  if (unknown.length > 0)
    log.error({
      file: where.configFile,
      field: where.field,
      message: `${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a docs version' : 'are not docs versions'} of the site: ${where.available}`,
    })
  const kept = allNames.filter((name) => only.includes(name))
  const left = allNames.filter((name) => !only.includes(name))
  if (left.length > 0)
    log.warn({
      file: where.configFile,
      field: where.field,
      message: `Docusaurus builds only ${kept.map((name) => `"${name}"`).join(', ')} with this config: the ${left.map((name) => `"${name}"`).join(', ')} ${left.length === 1 ? 'version is' : 'versions are'} not imported (import with the settings that build every version to carry them over)`,
    })
  return kept.length > 0 ? kept : allNames
}

/** The docs' sidebars file relative to the site: `require.resolve('./sidebars.js')` gives an absolute path. */
function sidebarsFileOf(contentDir: string, configFile: string, sidebarPath: unknown, log: DiagnosticLog, field = 'docs.sidebarPath'): string | null | false {
  if (sidebarPath === false) return false
  if (sidebarPath === undefined || sidebarPath === null) return null
  if (typeof sidebarPath !== 'string') {
    log.error({file: configFile, field, message: 'expected a file path or false'})
    return null
  }
  const relative = path.relative(contentDir, path.resolve(contentDir, sidebarPath)).split(path.sep).join('/')
  if (relative.startsWith('../')) {
    log.error({file: configFile, field, message: `${sidebarPath} is outside the site folder`})
    return null
  }
  return relative
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** The blog's folder (the blog options' path, blog/ by default). */
export function blogDirOf(site: SiteConfig): string {
  return typeof site.blogOptions.path === 'string' ? site.blogOptions.path.replace(/^\.\/|\/+$/g, '') : 'blog'
}

/** The folders served from the site root (staticDirectories, static/ by default). */
export function staticDirsOf(site: SiteConfig): string[] {
  const dirs = site.config.staticDirectories
  return Array.isArray(dirs) && dirs.every((dir) => typeof dir === 'string') ? dirs.map((dir) => dir.replace(/^\.\/|\/+$/g, '')) : ['static']
}

/** The config's baseUrl (`/` when it has none). */
export function baseUrlOf(site: SiteConfig): string {
  return typeof site.config.baseUrl === 'string' && site.config.baseUrl !== '' ? site.config.baseUrl : '/'
}

/** The folder of a locale's translations under i18n/: its localeConfigs path, else its code (Docusaurus 3). */
export function i18nFolder(site: SiteConfig, locale: Locale): string {
  const i18n = isRecord(site.config.i18n) ? site.config.i18n : {}
  const configs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {}
  const own = isRecord(configs[locale]) ? configs[locale] : {}
  return typeof own.path === 'string' && own.path ? own.path.replace(/^\/+|\/+$/g, '') : locale
}

export function latestVersion(site: SiteConfig): DocsVersionInfo | undefined {
  return site.versions.find((version) => version.isLast) ?? site.versions[0]
}
