/**
 * What of Docusaurus's official math, Mermaid and ideal-image support a site turns on, read from its
 * config as Docusaurus reads it: remark-math in a content plugin's `remarkPlugins` (math is only
 * parsed where it is), `markdown.mermaid: true` (```mermaid fences are diagrams only then), and the
 * options of `@docusaurus/plugin-ideal-image`.
 */
import {isRecord} from '../../front-matter'
import type {ConfigRecord} from '../../site/site-config'
import type {IdealImageOptions} from './ideal-image'

export interface MarkdownFeatures {
  /** Whether `$…$` and `$$…$$` are math in the files of a plugin's options (docs, blog, pages…). */
  math: (options: ConfigRecord) => boolean
  mermaid: boolean
  /** The ideal-image plugin's options; undefined when the site does not use the plugin. */
  idealImage?: IdealImageOptions
}

/** The name a plugin function goes by (remark-math's is remarkMath; older ones `math`). */
function isMathPlugin(plugin: unknown): boolean {
  const fn: unknown = Array.isArray(plugin) ? (plugin as unknown[])[0] : plugin
  return typeof fn === 'function' && /^(remark)?math$/i.test(fn.name)
}

/** Whether a content plugin's options run remark-math (before or after Docusaurus's own plugins). */
export function hasRemarkMath(options: ConfigRecord): boolean {
  return ['remarkPlugins', 'beforeDefaultRemarkPlugins'].some((key) => Array.isArray(options[key]) && (options[key] as unknown[]).some(isMathPlugin))
}

/** Whether a rehype plugin is rehype-katex, which the site's build does itself (math typeset with KaTeX). */
export function isRehypeKatex(plugin: unknown): boolean {
  const fn: unknown = Array.isArray(plugin) ? (plugin as unknown[])[0] : plugin
  return typeof fn === 'function' && /^(rehype)?katex$/i.test(fn.name)
}

/** `markdown.mermaid: true` of the config, which `@docusaurus/theme-mermaid` needs to draw ```mermaid fences. */
export function mermaidEnabled(config: ConfigRecord): boolean {
  return isRecord(config.markdown) && config.markdown.mermaid === true
}

/** The options of `@docusaurus/plugin-ideal-image` in the config's plugins, or undefined when it is not there. */
export function idealImageOptionsOf(config: ConfigRecord): IdealImageOptions | undefined {
  const plugins: unknown[] = Array.isArray(config.plugins) ? (config.plugins as unknown[]) : []
  for (const plugin of plugins) {
    const name: unknown = Array.isArray(plugin) ? (plugin as unknown[])[0] : plugin
    if (typeof name !== 'string' || !/(^|\/)plugin-ideal-image$/.test(name)) continue
    const second: unknown = Array.isArray(plugin) ? (plugin as unknown[])[1] : undefined
    const options = isRecord(second) ? second : {}
    const number = (key: string) => (typeof options[key] === 'number' && Number.isFinite(options[key]) ? Math.round(options[key]) : undefined)
    const result: IdealImageOptions = {}
    for (const key of ['min', 'max', 'steps', 'quality'] as const) {
      const value = number(key)
      if (value !== undefined) result[key] = value
    }
    return result
  }
  return undefined
}

export function markdownFeatures(config: ConfigRecord): MarkdownFeatures {
  const idealImage = idealImageOptionsOf(config)
  return {math: hasRemarkMath, mermaid: mermaidEnabled(config), ...(idealImage ? {idealImage} : {})}
}
