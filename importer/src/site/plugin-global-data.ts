/**
 * The global data the site's own plugins give its pages. A React page or component reads it with
 * `useGlobalData()` or `usePluginData(name, id)` (`@docusaurus/useGlobalData`): Docusaurus fills it from each plugin's
 * `contentLoaded`, which calls `actions.setGlobalData`. Each plugin of the config that is a local module or a function of
 * the config (never a package: those are named in the report as not run) is called here as Docusaurus calls it,
 * `plugin(context, options)`, and its `loadContent` and `contentLoaded` run; the routes and data files it would add are
 * not kept (the report names the plugin). A plugin that fails or takes longer than PLUGIN_TIMEOUT_MS gives no data, with
 * a warning naming it and why.
 */
import path from 'node:path'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import {loadSiteModule} from './load-module'
import {asList, type SiteConfig} from './site-config'
import {firstLine} from './site-components'
import {localModuleFile} from './wrapped-plugins'

/** Global data by plugin name, then by plugin id (`default` when none is given), as Docusaurus keeps it. */
export type GlobalData = Record<string, Record<string, unknown>>

/** How long one plugin's loading may take before it is left out. */
export const PLUGIN_TIMEOUT_MS = 30_000

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${PLUGIN_TIMEOUT_MS / 1000} s`)), PLUGIN_TIMEOUT_MS)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Runs the site's own plugins' `loadContent` and `contentLoaded` for the global data they set. */
export async function pluginGlobalData(contentDir: string, site: SiteConfig, log: DiagnosticLog): Promise<GlobalData> {
  const data: GlobalData = {}
  const config = site.config
  const context = {
    siteDir: contentDir,
    siteConfig: config,
    baseUrl: typeof config.baseUrl === 'string' ? config.baseUrl : '/',
    outDir: path.join(contentDir, 'build'),
    generatedFilesDir: path.join(contentDir, '.docusaurus'),
    i18n: {defaultLocale: site.defaultLocale, currentLocale: site.defaultLocale, locales: [...site.locales], localeConfigs: {}},
    localizationDir: path.join(contentDir, 'i18n', site.defaultLocale),
    siteStorage: {type: 'localStorage', namespace: ''},
  }
  for (const [index, entry] of asList(config.plugins).entries()) {
    const [written, options] = Array.isArray(entry) ? [entry[0] as unknown, entry[1] as unknown] : [entry, undefined]
    const field = `plugins[${index}]`
    let factory: unknown = written
    let name = typeof written === 'function' ? written.name || 'a plugin function' : ''
    if (typeof written === 'string') {
      const file = localModuleFile(contentDir, written)
      if (!file) continue
      name = written
      try {
        const loaded = await loadSiteModule(contentDir, path.relative(contentDir, file), {call: false})
        factory = isRecord(loaded.value) && typeof loaded.value.default === 'function' ? loaded.value.default : loaded.value
      } catch (error) {
        log.warn({file: site.configFile, field, message: `${name} cannot be loaded for the global data it gives pages: ${firstLine(error)}`})
        continue
      }
    }
    if (typeof factory !== 'function') continue
    try {
      await withTimeout(
        (async () => {
          const plugin: unknown = await (factory as (context: unknown, options: unknown) => unknown)(context, isRecord(options) ? options : {})
          if (!isRecord(plugin) || typeof plugin.contentLoaded !== 'function') return
          const pluginName = typeof plugin.name === 'string' ? plugin.name : name
          const id = isRecord(options) && typeof options.id === 'string' ? options.id : 'default'
          const content: unknown = typeof plugin.loadContent === 'function' ? await (plugin.loadContent as () => unknown)() : undefined
          const actions = {
            setGlobalData: (value: unknown) => {
              data[pluginName] = {...data[pluginName], [id]: value}
            },
            addRoute: () => undefined,
            createData: () => Promise.resolve(path.join(context.generatedFilesDir, 'unused.json')),
          }
          await (plugin.contentLoaded as (args: unknown) => unknown)({content, actions, allContent: {}})
        })(),
        name,
      )
    } catch (error) {
      log.warn({
        file: site.configFile,
        field,
        message: `${name}: its loadContent or contentLoaded failed here (${firstLine(error)}): the global data it gives pages is left out`,
      })
    }
  }
  return data
}
