/**
 * The Docusaurus plugins, themes and presets a config uses, by package name, and what of each the
 * imported site carries over. Docusaurus's official ones are known one by one: those whose content
 * is imported (docs, blog, pages, the classic theme, the sitemap, SVG components) need no word; those
 * that add to every page something this site does not (analytics tags, offline support) are named
 * in the reader report with what readers miss; those that only serve the site's developers or its
 * build (debug pages, build analysis, the faster bundler) are said in one progress line. Plugins that
 * are not Docusaurus's own are named too: they are not run here.
 *
 * The constructs other modules carry over (math, Mermaid diagrams, ideal-image, client redirects)
 * are only listed in the set of plugins here; what they do with them is reported where they do it.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {isRecord} from '../front-matter'
import type {ReaderReport} from '../reader-report'
import {asList, type ConfigRecord, type SiteConfig} from './site-config'

export interface ConfiguredPlugin {
  /** The package name (`@docusaurus/plugin-pwa`), the path of a local plugin (`./src/plugins/x`), or a function's name. */
  name: string
  kind: 'preset' | 'plugin' | 'theme'
  options: unknown
  /** The config field it is written in (`plugins[2]`, `presets[0].gtag`). */
  field: string
  /** Set for a plugin a preset adds. */
  preset?: string
}

/**
 * The package a plugin, theme or preset name gives: Docusaurus's shorthands of its own packages
 * (`classic` → `@docusaurus/preset-classic`, `@docusaurus/mermaid` → `@docusaurus/theme-mermaid`), other
 * names as written (Docusaurus tries the name itself first, and finds the package installed by it).
 */
export function packageOf(kind: ConfiguredPlugin['kind'], written: string): string {
  // A path into node_modules (`require.resolve('x')`) names the package it is in (the innermost one).
  const inModules = written.replace(/\\/g, '/').split('/node_modules/')
  if (inModules.length > 1) return /^(?:@[^/]+\/)?[^/]+/.exec(inModules.at(-1) ?? '')?.[0] ?? written
  const short = written.startsWith('@docusaurus/') ? written.slice('@docusaurus/'.length) : written.includes('/') ? undefined : written
  const official = short === undefined ? undefined : `@docusaurus/${kind}-${short}`
  return official && OFFICIAL.has(official) ? official : written
}

/** Docusaurus 3's official plugins, themes and presets (its documentation's list). */
const OFFICIAL = new Set([
  '@docusaurus/plugin-content-docs',
  '@docusaurus/plugin-content-blog',
  '@docusaurus/plugin-content-pages',
  '@docusaurus/plugin-client-redirects',
  '@docusaurus/plugin-debug',
  '@docusaurus/plugin-google-analytics',
  '@docusaurus/plugin-google-gtag',
  '@docusaurus/plugin-google-tag-manager',
  '@docusaurus/plugin-ideal-image',
  '@docusaurus/plugin-pwa',
  '@docusaurus/plugin-sitemap',
  '@docusaurus/plugin-svgr',
  '@docusaurus/plugin-rsdoctor',
  '@docusaurus/plugin-vercel-analytics',
  '@docusaurus/theme-classic',
  '@docusaurus/theme-search-algolia',
  '@docusaurus/theme-live-codeblock',
  '@docusaurus/theme-mermaid',
  '@docusaurus/preset-classic',
  '@docusaurus/faster',
])

/** Official ones whose content or behaviour the import carries over as it is: nothing to say. */
const CARRIED = new Set([
  '@docusaurus/plugin-content-docs',
  '@docusaurus/plugin-content-blog',
  '@docusaurus/plugin-content-pages',
  '@docusaurus/plugin-svgr',
  '@docusaurus/theme-classic',
  '@docusaurus/preset-classic',
])

/** Official ones that other parts of the import carry over, and report on themselves. */
const CARRIED_ELSEWHERE = new Set([
  '@docusaurus/plugin-client-redirects',
  '@docusaurus/plugin-ideal-image',
  '@docusaurus/theme-mermaid',
  // Live code blocks are reported per page, where they are (markdown/handlers/live-code.ts).
  '@docusaurus/theme-live-codeblock',
])

/** Official ones for the site's developers or its build only: readers see nothing of them in Docusaurus either. */
const FOR_DEVELOPERS: Record<string, string> = {
  '@docusaurus/plugin-debug': 'the /__docusaurus/debug pages (config, routes and content as JSON, for the site’s developers)',
  '@docusaurus/plugin-rsdoctor': 'a build analysis report',
  '@docusaurus/faster': 'a faster bundler for `docusaurus build`',
}

/** What readers of every page miss, for official plugins that add something to every page. */
function everyPageLoss(name: string, options: unknown): string | undefined {
  const value = (key: string) => (isRecord(options) && typeof options[key] === 'string' ? String(options[key]) : undefined)
  const ids = (key: string) => {
    const raw = isRecord(options) ? options[key] : undefined
    const list = Array.isArray(raw) ? raw.filter((id) => typeof id === 'string') : typeof raw === 'string' ? [raw] : []
    return list.length > 0 ? ` (${list.join(', ')})` : ''
  }
  switch (name) {
    case '@docusaurus/plugin-google-analytics':
      return `the Google Analytics script${ids('trackingID')} is not added to the pages: visits are not counted by it`
    case '@docusaurus/plugin-google-gtag':
      return `the Google tag, gtag.js${ids('trackingID')}, is not added to the pages: visits are not counted by it`
    case '@docusaurus/plugin-google-tag-manager':
      return `the Google Tag Manager container${value('containerId') ? ` (${value('containerId')})` : ''} is not added to the pages: the tags it loads do not run`
    case '@docusaurus/plugin-vercel-analytics':
      return 'the Vercel Web Analytics script is not added to the pages: visits are not counted by it'
    case '@docusaurus/plugin-pwa':
      return 'the site is not a progressive web app here: no web app manifest or service worker, so readers cannot install it or read it offline'
    case '@docusaurus/theme-search-algolia':
      return 'search runs on the site’s own index of its pages (in the browser, or Typesense), not on Algolia DocSearch: results and their order may differ, and Algolia’s own features (its AI answers, analytics) are not there'
    default:
      return undefined
  }
}

/** The sitemap options this site does not apply (it writes its own sitemap.xml of every listed page). */
function sitemapLoss(options: unknown): string | undefined {
  if (!isRecord(options)) return undefined
  const ignored = ['changefreq', 'priority', 'ignorePatterns', 'filename', 'lastmod', 'createSitemapItems'].filter((key) => options[key] !== undefined)
  if (ignored.length === 0) return undefined
  return `its options ${ignored.join(', ')} are not applied: the site writes sitemap.xml itself, listing every page but unlisted ones`
}

/** Every plugin, theme and preset of the config, with the plugins the classic preset adds. */
export function configuredPlugins(config: ConfigRecord): ConfiguredPlugin[] {
  const found: ConfiguredPlugin[] = []
  for (const kind of ['preset', 'plugin', 'theme'] as const) {
    asList(config[`${kind}s`]).forEach((entry, index) => {
      const field = `${kind}s[${index}]`
      const pair: unknown[] = Array.isArray(entry) ? entry : [entry]
      const [written, options] = [pair[0], pair[1]]
      const name =
        typeof written === 'string'
          ? packageOf(kind, written)
          : typeof written === 'function'
            ? `${written.name || 'an anonymous function'} (a plugin function of the config)`
            : isRecord(written) && typeof written.name === 'string'
              ? written.name
              : '(a plugin object)'
      found.push({name, kind, options, field})
      if (name === '@docusaurus/preset-classic') found.push(...classicPresetParts(options, field, config))
    })
  }
  if (isRecord(config.future) && (config.future.experimental_faster || config.future.faster))
    found.push({name: '@docusaurus/faster', kind: 'plugin', options: undefined, field: 'future.faster'})
  return found
}

/** The plugins and themes @docusaurus/preset-classic adds, as its options and the theme config turn them on. */
function classicPresetParts(options: unknown, field: string, config: ConfigRecord): ConfiguredPlugin[] {
  const given = isRecord(options) ? options : {}
  const preset = '@docusaurus/preset-classic'
  const part = (name: string, key: string, on: boolean): ConfiguredPlugin[] =>
    on ? [{name, kind: name.includes('/theme-') ? 'theme' : 'plugin', options: given[key], field: `${field}[1].${key}`, preset}] : []
  const themeConfig = isRecord(config.themeConfig) ? config.themeConfig : {}
  return [
    ...part('@docusaurus/plugin-content-docs', 'docs', given.docs !== false),
    ...part('@docusaurus/plugin-content-blog', 'blog', given.blog !== false),
    ...part('@docusaurus/plugin-content-pages', 'pages', given.pages !== false),
    ...part('@docusaurus/plugin-sitemap', 'sitemap', given.sitemap !== false),
    ...part('@docusaurus/plugin-svgr', 'svgr', given.svgr !== false),
    ...part('@docusaurus/theme-classic', 'theme', true),
    // The debug pages are in the production build only when asked for (`debug: true`).
    ...part('@docusaurus/plugin-debug', 'debug', given.debug === true),
    ...part('@docusaurus/plugin-google-analytics', 'googleAnalytics', given.googleAnalytics !== undefined && given.googleAnalytics !== false),
    ...part('@docusaurus/plugin-google-gtag', 'gtag', given.gtag !== undefined && given.gtag !== false),
    ...part('@docusaurus/plugin-google-tag-manager', 'googleTagManager', given.googleTagManager !== undefined && given.googleTagManager !== false),
    ...part('@docusaurus/theme-search-algolia', 'algolia', isRecord(themeConfig.algolia)),
  ]
}

/** The line of the config that matches a pattern first, trying them in order (for `file:line` in the report), else the file alone. */
function declaredAt(configFile: string, configText: string | null, patterns: readonly RegExp[]): string {
  if (configText) {
    const lines = configText.split('\n')
    for (const pattern of patterns) {
      const index = lines.findIndex((line) => pattern.test(line))
      if (index !== -1) return `${configFile}:${index + 1}`
    }
  }
  return configFile
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** A quoted string `text` ('x', "x" or `x`). */
const quoted = (text: string) => new RegExp(`['"\`]${escaped(text)}['"\`]`)
/** An object key `key` (quoted or not) followed by a colon. */
const objectKey = (key: string) => new RegExp(`(?:^|[\\s{,])['"]?${escaped(key)}['"]?\\s*:`)

/**
 * Names in the reader report what the site's plugins add that the imported site does not have, and
 * returns the package names of the plugins in use (for the converter) and a line about those that
 * only serve the site's developers.
 */
export function reportPlugins(contentDir: string, site: SiteConfig, report: ReaderReport): {plugins: Set<string>; developerOnly: string[]} {
  const configured = configuredPlugins(site.config)
  let configText: string | null = null
  try {
    configText = readFileSync(path.join(contentDir, site.configFile), 'utf8')
  } catch {
    configText = null
  }
  const developerOnly: string[] = []
  for (const plugin of configured) {
    const shortName = plugin.name.replace(/^@docusaurus\/(?:plugin-|theme-|preset-)?/, '')
    const key = plugin.field.split('.').at(-1) ?? ''
    const where = declaredAt(site.configFile, configText, [
      quoted(plugin.name),
      quoted(shortName),
      ...(plugin.preset ? [objectKey(key)] : []),
      ...(plugin.name === '@docusaurus/faster' ? [objectKey('experimental_faster'), objectKey('faster')] : []),
      ...(/ \(a plugin function of the config\)$/.test(plugin.name) ? [new RegExp(`function\\s+${escaped(plugin.name.split(' ')[0] ?? '')}\\b`)] : []),
    ])
    if (FOR_DEVELOPERS[plugin.name]) {
      developerOnly.push(`${plugin.name} (${FOR_DEVELOPERS[plugin.name]})`)
      continue
    }
    if (CARRIED.has(plugin.name) || CARRIED_ELSEWHERE.has(plugin.name)) continue
    if (plugin.name === '@docusaurus/plugin-sitemap') {
      const missing = sitemapLoss(plugin.options)
      if (missing) report.onSite({feature: plugin.name, missing}, {declaredIn: where, scope: 'sitemap.xml'})
      continue
    }
    const loss = everyPageLoss(plugin.name, plugin.options)
    if (loss) {
      report.onSite({feature: plugin.name, missing: loss}, {declaredIn: where, scope: 'every page'})
      continue
    }
    if (OFFICIAL.has(plugin.name)) continue
    const what = plugin.kind === 'theme' ? 'a theme' : plugin.kind === 'preset' ? 'a preset' : 'a plugin'
    // The site's own plugins (a local module, a function of the config) run for the global data they give pages.
    const own = plugin.kind === 'plugin' && (/ \(a plugin function of the config\)$/.test(plugin.name) || /^(?:\.|\/)/.test(plugin.name))
    report.onSite(
      {
        feature: plugin.name,
        missing: own
          ? `${what} that is not one of Docusaurus’s own: run here only for the global data it gives pages (useGlobalData, usePluginData), so the pages, scripts, styles or data files it adds to the site are not carried over (its remark plugins, if any, are run where the config gives them to the docs, blog or pages)`
          : `${what} that is not one of Docusaurus’s own: not run here, so the pages, scripts, styles or data it adds to the site are not carried over (its remark plugins, if any, are run where the config gives them to the docs, blog or pages)`,
      },
      {declaredIn: where, scope: 'what it adds'},
    )
  }
  return {plugins: new Set(configured.map((plugin) => plugin.name)), developerOnly: [...new Set(developerOnly)]}
}
