/**
 * What of Docusaurus's official math, Mermaid and ideal-image support a site turns on, read from its
 * config as Docusaurus reads it: remark-math in a content plugin's `remarkPlugins` (math is only
 * parsed where it is), `markdown.mermaid: true` (```mermaid fences are diagrams only then), and the
 * options of `@docusaurus/plugin-ideal-image`.
 */
import type {MagicComment} from '../code-fence'
import {readFileSync} from 'node:fs'
import path from 'node:path'
import {isRecord} from '../../front-matter'
import type {ConfigRecord} from '../../site/site-config'
import type {IdealImageOptions} from './ideal-image'

export interface MarkdownFeatures {
  /** Whether `$…$` and `$$…$$` are math in the files of a plugin's options (docs, blog, pages…). */
  math: (options: ConfigRecord) => boolean
  mermaid: boolean
  /** The ideal-image plugin's options; undefined when the site does not use the plugin. */
  idealImage?: IdealImageOptions
  /**
   * Whether a file's markdown has indented code blocks: CommonMark's markdown does (Docusaurus 2's
   * MDX 1, and `.md` files under `markdown.format: 'detect'`); MDX's, Docusaurus 3's default for
   * `.md` and `.mdx` alike, does not.
   */
  indentedCode: (file: string) => boolean
  /** Whether a file is CommonMark rather than MDX (Docusaurus 3's `markdown.format: 'md'`, or `.md` under `'detect'`); Docusaurus 2 compiles every file with MDX 1. */
  commonMark: (file: string) => boolean
  /**
   * Whether `:::tip Title` (a title after the keyword, Docusaurus 2's syntax) is an admonition with that title: Docusaurus 3's
   * `markdown.mdx1Compat.admonitions`, true unless the config turns it off, or turns on `future.v4` (Docusaurus 3.10 and later),
   * whose `mdx1CompatDisabledByDefault` makes it false. Without it, Docusaurus shows those lines as text.
   */
  legacyAdmonitionTitles: boolean
  /** `themeConfig.prism.defaultLanguage`: the language of a code block that names none, as Docusaurus's code block takes it. */
  defaultCodeLanguage?: string
  /** `themeConfig.prism.magicComments`, when the config sets it (it replaces Docusaurus's default highlight comments). */
  magicComments?: MagicComment[]
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

/** The major version of Docusaurus the site's package.json asks for (`@docusaurus/core`), or undefined when it names none. */
export function docusaurusMajor(siteDir: string): number | undefined {
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8'))
  } catch {
    return undefined
  }
  if (!isRecord(manifest)) return undefined
  for (const field of ['dependencies', 'devDependencies']) {
    const deps = manifest[field]
    const range = isRecord(deps) ? deps['@docusaurus/core'] : undefined
    const major = typeof range === 'string' ? /(\d+)/.exec(range)?.[1] : undefined
    if (major) return Number(major)
  }
  return undefined
}

/** The config's magic comments (`{className, line, block: {start, end}}` each), or undefined when it sets none. */
export function magicCommentsOf(config: ConfigRecord): MagicComment[] | undefined {
  const prism = isRecord(config.themeConfig) && isRecord(config.themeConfig.prism) ? config.themeConfig.prism : {}
  if (!Array.isArray(prism.magicComments)) return undefined
  return prism.magicComments.filter(isRecord).map((comment) => {
    const block = isRecord(comment.block) ? comment.block : {}
    return {
      ...(typeof comment.className === 'string' ? {className: comment.className} : {}),
      ...(typeof comment.line === 'string' ? {line: comment.line} : {}),
      ...(typeof block.start === 'string' ? {start: block.start} : {}),
      ...(typeof block.end === 'string' ? {end: block.end} : {}),
    }
  })
}

function defaultCodeLanguageOf(config: ConfigRecord): string | undefined {
  const prism = isRecord(config.themeConfig) && isRecord(config.themeConfig.prism) ? config.themeConfig.prism : {}
  return typeof prism.defaultLanguage === 'string' && prism.defaultLanguage.trim() !== '' ? prism.defaultLanguage.trim() : undefined
}

/** The Docusaurus version installed in the site folder (`node_modules/@docusaurus/core`), or undefined. */
export function installedDocusaurus(siteDir: string): {major: number; minor: number} | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8')) as {version?: unknown}
    const match = typeof manifest.version === 'string' ? /^(\d+)\.(\d+)/.exec(manifest.version) : null
    return match ? {major: Number(match[1]), minor: Number(match[2])} : undefined
  } catch {
    return undefined
  }
}

/** See MarkdownFeatures.legacyAdmonitionTitles; a version not known is read as the newest (3.10 and later). */
export function legacyAdmonitionTitlesOf(config: ConfigRecord, version: {major: number; minor: number} | undefined): boolean {
  const markdown = isRecord(config.markdown) ? config.markdown : {}
  const compat = isRecord(markdown.mdx1Compat) ? markdown.mdx1Compat : {}
  if (typeof compat.admonitions === 'boolean') return compat.admonitions
  if (version && (version.major < 3 || (version.major === 3 && version.minor < 10))) return true
  const v4 = isRecord(config.future) ? config.future.v4 : undefined
  return !(v4 === true || (isRecord(v4) && v4.mdx1CompatDisabledByDefault === true))
}

/** Whether the site's markdown has indented code, per file (see MarkdownFeatures.indentedCode); Docusaurus 3 when the version is not known. */
export function indentedCodeOf(config: ConfigRecord, major: number | undefined): (file: string) => boolean {
  if (major !== undefined && major < 3) return () => true
  const format = isRecord(config.markdown) ? config.markdown.format : undefined
  return format === 'md' ? () => true : format === 'detect' ? (file) => !file.endsWith('.mdx') : () => false
}

/** Whether a file is CommonMark rather than MDX (see MarkdownFeatures.commonMark). */
export function commonMarkOf(config: ConfigRecord, major: number | undefined): (file: string) => boolean {
  if (major !== undefined && major < 3) return () => false
  const format = isRecord(config.markdown) ? config.markdown.format : undefined
  return format === 'md' ? () => true : format === 'detect' ? (file) => !file.endsWith('.mdx') : () => false
}

export function markdownFeatures(config: ConfigRecord, siteDir?: string): MarkdownFeatures {
  const idealImage = idealImageOptionsOf(config)
  const defaultLanguage = defaultCodeLanguageOf(config)
  const magicComments = magicCommentsOf(config)
  return {
    math: hasRemarkMath,
    mermaid: mermaidEnabled(config),
    indentedCode: indentedCodeOf(config, siteDir ? docusaurusMajor(siteDir) : undefined),
    commonMark: commonMarkOf(config, siteDir ? docusaurusMajor(siteDir) : undefined),
    legacyAdmonitionTitles: legacyAdmonitionTitlesOf(config, siteDir ? installedDocusaurus(siteDir) : undefined),
    ...(defaultLanguage ? {defaultCodeLanguage: defaultLanguage} : {}),
    ...(magicComments ? {magicComments} : {}),
    ...(idealImage ? {idealImage} : {}),
  }
}
