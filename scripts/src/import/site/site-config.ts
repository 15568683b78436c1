/**
 * The Docusaurus site configuration as the importer needs it: docusaurus.config.js (docs and blog
 * plugin options, i18n, themeConfig), versions.json, and the docs versions derived from both.
 */
import {DEFAULT_LOCALE, isLocale, type Locale} from '@site/schemas'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {loadJsModule, readDataFile} from '../read-sources'

export type ConfigRecord = Record<string, unknown>

export interface DocsVersionInfo {
  /** Docusaurus name: `current` for docs/, else the name in versions.json (3.x). */
  name: string
  label: string
  /** URL segment, v4. */
  path: string
  isLast: boolean
  /** 1 for the newest. */
  order: number
  banner: 'none' | 'unmaintained'
  /** Folder of its docs in the default locale: docs or versioned_docs/version-3.x. */
  docsDir: string
  /** Folder name under i18n/<locale>/docusaurus-plugin-content-docs/: current or version-3.x. */
  i18nDir: string
  /** Sidebars file: sidebars.js (from the docs options) or versioned_sidebars/version-3.x-sidebars.json. */
  sidebarsFile: string
}

export interface SiteConfig {
  config: ConfigRecord
  themeConfig: ConfigRecord
  docsOptions: ConfigRecord
  blogOptions: ConfigRecord
  defaultLocale: Locale
  /** Locales of the site that the content model knows, default first. */
  locales: Locale[]
  versions: DocsVersionInfo[]
}

export const CONFIG_FILE = 'docusaurus.config.js'

export async function loadSiteConfig(contentDir: string, log: DiagnosticLog): Promise<SiteConfig | null> {
  let config: ConfigRecord
  try {
    const loaded = await loadJsModule(contentDir, CONFIG_FILE)
    if (loaded === null) {
      log.error({file: CONFIG_FILE, message: 'not found: the content folder needs a Docusaurus config'})
      return null
    }
    if (!isRecord(loaded)) {
      log.error({file: CONFIG_FILE, message: 'the default export must be the config object'})
      return null
    }
    config = loaded
  } catch (error) {
    log.error({file: CONFIG_FILE, message: `cannot be loaded: ${error instanceof Error ? error.message : String(error)}`})
    return null
  }
  const docsOptions = findPluginOptions(config, 'docs')
  const blogOptions = findPluginOptions(config, 'blog')
  const themeConfig = isRecord(config.themeConfig) ? config.themeConfig : {}
  const {defaultLocale, locales} = readLocales(config, log)
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
  const versions = buildVersions(docsOptions, versionNames, log)
  return {config, themeConfig, docsOptions, blogOptions, defaultLocale, locales, versions}
}

/** Options of the classic preset's `docs`/`blog`, or of a content-docs/content-blog plugin. */
function findPluginOptions(config: ConfigRecord, kind: 'docs' | 'blog'): ConfigRecord {
  for (const preset of asList(config.presets)) {
    const options = Array.isArray(preset) ? preset[1] : undefined
    if (isRecord(options) && isRecord(options[kind])) return options[kind]
  }
  for (const plugin of asList(config.plugins)) {
    if (Array.isArray(plugin) && typeof plugin[0] === 'string' && plugin[0].includes(`content-${kind}`) && isRecord(plugin[1])) {
      return plugin[1]
    }
  }
  return {}
}

function readLocales(config: ConfigRecord, log: DiagnosticLog): {defaultLocale: Locale; locales: Locale[]} {
  const i18n = isRecord(config.i18n) ? config.i18n : {}
  const declared = asList(i18n.locales).filter((locale): locale is string => typeof locale === 'string')
  const defaultLocale = typeof i18n.defaultLocale === 'string' ? i18n.defaultLocale : DEFAULT_LOCALE
  if (defaultLocale !== DEFAULT_LOCALE) {
    log.error({file: CONFIG_FILE, field: 'i18n.defaultLocale', message: `must be "${DEFAULT_LOCALE}" (the content model's default locale), got "${defaultLocale}"`})
  }
  const locales: Locale[] = [DEFAULT_LOCALE]
  for (const locale of declared) {
    if (locale === DEFAULT_LOCALE) continue
    if (isLocale(locale)) locales.push(locale)
    else log.warn({file: CONFIG_FILE, field: 'i18n.locales', message: `locale "${locale}" is not one of the content model's locales; its files are not imported`})
  }
  return {defaultLocale: DEFAULT_LOCALE, locales}
}

function buildVersions(docsOptions: ConfigRecord, versionNames: string[], log: DiagnosticLog): DocsVersionInfo[] {
  const options = isRecord(docsOptions.versions) ? docsOptions.versions : {}
  const includeCurrent = docsOptions.includeCurrentVersion !== false
  const names = [...(includeCurrent ? ['current'] : []), ...versionNames]
  const lastVersion = typeof docsOptions.lastVersion === 'string' ? docsOptions.lastVersion : (versionNames[0] ?? 'current')
  const sidebarPath = typeof docsOptions.sidebarPath === 'string' ? docsOptions.sidebarPath : 'sidebars.js'
  return names.map((name, index) => {
    const own = isRecord(options[name]) ? options[name] : {}
    const label = typeof own.label === 'string' ? own.label : name === 'current' ? 'Next' : name
    const major = /(\d+)/.exec(name === 'current' ? label : name)?.[1]
    let path = typeof own.path === 'string' ? own.path.replace(/^\/+|\/+$/g, '') : major ? `v${major}` : ''
    if (!/^v\d+$/.test(path)) {
      log.error({
        file: CONFIG_FILE,
        field: `docs versions.${name}.path`,
        message: `the content model needs version paths like v4; set one for "${name}" (got "${path}")`,
      })
      path = `v${index}`
    }
    const isLast = name === lastVersion
    const banner = !isLast ? (own.banner === 'none' ? 'none' : 'unmaintained') : 'none'
    return {
      name,
      label,
      path,
      isLast,
      order: index + 1,
      banner,
      docsDir: name === 'current' ? (typeof docsOptions.path === 'string' ? docsOptions.path : 'docs') : `versioned_docs/version-${name}`,
      i18nDir: name === 'current' ? 'current' : `version-${name}`,
      sidebarsFile: name === 'current' ? sidebarPath.replace(/^\.\//, '') : `versioned_sidebars/version-${name}-sidebars.json`,
    }
  })
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

export function latestVersion(site: SiteConfig): DocsVersionInfo | undefined {
  return site.versions.find((version) => version.isLast) ?? site.versions[0]
}
