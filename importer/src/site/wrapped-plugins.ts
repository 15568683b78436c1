/**
 * Plugins of the site's own that wrap an official content plugin: a local module (`./plugins/blog-plugin`)
 * that requires `@docusaurus/plugin-content-blog` (or -docs), calls it with the options it is given and adds
 * data or routes of its own (featured posts, categories). Docusaurus builds the content as the official
 * plugin does, so the import reads such an entry as that plugin with the same options, and says what the
 * wrapper adds is not carried over.
 */
import {existsSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'

type ConfigRecord = Record<string, unknown>

const EXTENSIONS = ['', '.js', '.cjs', '.mjs', '.ts', '.cts', '.mts']

/** The official content plugin a module requires or imports by its package name (not a path inside it), when it names exactly one. */
export function wrappedContentKind(source: string): 'docs' | 'blog' | undefined {
  const kinds = new Set([...source.matchAll(/['"]@docusaurus\/plugin-content-(docs|blog)['"]/g)].map((match) => match[1] as 'docs' | 'blog'))
  return kinds.size === 1 ? [...kinds][0] : undefined
}

/** The file of a local plugin module (`./plugins/x` → plugins/x.js or plugins/x/index.js), as Node resolves it; undefined for a package. */
export function localModuleFile(contentDir: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return undefined
  const base = path.resolve(contentDir, specifier)
  for (const candidate of [
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.slice(1).map((extension) => path.join(base, `index${extension}`)),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** The config with each local plugin that wraps an official content plugin written as that plugin, with its options. */
export function unwrapContentPlugins(contentDir: string, configFile: string, config: ConfigRecord, log: DiagnosticLog): ConfigRecord {
  if (!Array.isArray(config.plugins)) return config
  let changed = false
  const plugins = (config.plugins as unknown[]).map((entry, index) => {
    const [specifier, options] = Array.isArray(entry) ? [entry[0] as unknown, entry[1] as unknown] : [entry, undefined]
    if (typeof specifier !== 'string') return entry
    const file = localModuleFile(contentDir, specifier)
    const kind = file ? wrappedContentKind(readFileSync(file, 'utf8')) : undefined
    if (!kind) return entry
    changed = true
    const own = isRecord(options) ? options : {}
    const instance = typeof own.id === 'string' && own.id !== 'default' ? `the "${own.id}" ${kind} instance` : `the ${kind === 'blog' ? 'blog' : 'docs'}`
    log.warn({
      file: configFile,
      field: `plugins[${index}]`,
      message: `${specifier} wraps @docusaurus/plugin-content-${kind}: its content is imported as ${instance} with the options given to it; what the wrapper adds of its own (routes, data its pages show) is not carried over`,
    })
    return [`@docusaurus/plugin-content-${kind}`, own]
  })
  return changed ? {...config, plugins} : config
}
