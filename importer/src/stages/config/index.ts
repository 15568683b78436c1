/**
 * Stage 1, config: the site's docusaurus.config as Docusaurus loads it (with its dependencies installed
 * first when asked), and its plugins and themes, reported where readers miss what they do.
 */
import {loadSiteConfig, type SiteConfig} from '../../site/site-config'
import {reportPlugins} from '../../site/official-plugins'
import {describeCalls} from '../../site/offline'
import {detectPackageManager, runInstall} from '../../site/package-manager'
import path from 'node:path'
import type {ImportRun} from '../import-run'

/** The site as its config describes it, and its Docusaurus plugins and themes by package name. */
export interface ConfigStage {
  site: SiteConfig
  plugins: ReturnType<typeof reportPlugins>['plugins']
}

/** The config stage; null when the site cannot be loaded (the log says why). */
export async function loadConfig(run: ImportRun, install: boolean | undefined): Promise<ConfigStage | null> {
  const {contentDir, log, report, progress} = run
  if (install) {
    const manager = detectPackageManager(contentDir)
    const problem = await runInstall(manager, progress)
    if (problem) {
      log.error({file: path.relative(contentDir, path.join(manager.dir, 'package.json')).split(path.sep).join('/'), message: `--install: ${problem}`})
      return null
    }
  }
  const site = await loadSiteConfig(contentDir, log)
  if (!site) return null
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
  return {site, plugins}
}
