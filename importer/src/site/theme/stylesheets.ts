/**
 * A site's custom CSS read into flat rules, each declaration with the file and line it is written at:
 * plain CSS with its local @import files followed in place, CSS nesting flattened, and SCSS or Sass
 * compiled with Dart Sass (variables, nesting, mixins, functions, @use and @import: all of the language)
 * with a source map, so that what Sass wrote is traced back to the line of the .scss file.
 */
import {existsSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {pathToFileURL, fileURLToPath} from 'node:url'
import postcss, {type AtRule, type ChildNode, type Container, type Node, type Root, type Rule} from 'postcss'
import * as sass from 'sass'
import type {DiagnosticLog} from '../../diagnostics'
import {parseSelectorList, splitSelectorList, type ComplexSelector} from './selectors'

export interface SourcePosition {
  /** Relative to the site folder, with / separators. */
  file: string
  line: number
}

export interface Declaration {
  property: string
  value: string
  important: boolean
  at: SourcePosition
}

export interface StyleRule {
  /** One selector of the rule's list (a list is split into one rule per selector, as the cascade weighs each alone). */
  selector: string
  /** The selector read into parts; null when it is not one the importer reads. */
  parsed: ComplexSelector | null
  declarations: Declaration[]
  at: SourcePosition
  /** At-rules the rule sits in, outermost first (`@media (max-width: 996px)`). */
  conditions: string[]
  /** Infima's defaults come first, then the site's files in their order. */
  origin: 'infima' | 'site'
  /** Position in the cascade: later wins among equal specificity. */
  order: number
}

export interface FontFaceRule {
  declarations: Declaration[]
  at: SourcePosition
  /** The stylesheet it is written in (absolute), for its relative url()s. */
  stylesheet: string
}

export interface RemoteImport {
  url: string
  at: SourcePosition
}

export interface SiteStylesheets {
  rules: StyleRule[]
  fontFaces: FontFaceRule[]
  remoteImports: RemoteImport[]
  /** At-rules the theme has no place for (@keyframes, @counter-style…), by name. */
  otherAtRules: Array<{name: string; at: SourcePosition}>
  /** Every file read, relative to the site folder. */
  files: string[]
}

/** The site-relative name of an absolute path (a file outside the site keeps its ../ path). */
function relativeName(contentDir: string, absolute: string): string {
  return path.relative(contentDir, absolute).split(path.sep).join('/')
}

function isPackageFile(absolute: string): boolean {
  return absolute.split(path.sep).includes('node_modules')
}

/** Where an `@import` of a stylesheet leads: a local file, a package's file, or another site. */
function importTarget(params: string): {url: string; media: string} | null {
  const match = /^\s*(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|"([^"]*)"|'([^']*)')\s*(.*)$/s.exec(params)
  if (!match) return null
  const url = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? ''
  return {url, media: (match[6] ?? '').trim()}
}

/** The URL of a package's file in the nearest node_modules holding the package (Sass then tries its extensions and partials). */
function packageUrl(contentDir: string, specifier: string): URL | null {
  const [scope = '', name = ''] = specifier.split('/')
  const packageName = scope.startsWith('@') ? `${scope}/${name}` : scope
  for (let dir = path.resolve(contentDir); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules', packageName))) return pathToFileURL(path.join(dir, 'node_modules', specifier))
    if (path.dirname(dir) === dir) return null
  }
}

/** A package stylesheet as a bundler finds it: in node_modules of the site folder or of a folder above it. */
function resolvePackageFile(contentDir: string, specifier: string): string | null {
  const name = specifier.replace(/^~/, '')
  for (let dir = path.resolve(contentDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name)
    for (const file of [candidate, `${candidate}.css`, path.join(candidate, 'index.css')]) if (existsSync(file) && statSync(file).isFile()) return file
    if (path.dirname(dir) === dir) return null
  }
}

export interface ReadOptions {
  contentDir: string
  log: DiagnosticLog
  /** The config file, for messages about the files it names. */
  configFile: string
  /** Where the config names the files (theme.customCss, stylesheets). */
  field: string
}

/** Reads rules of stylesheets in order; Infima's defaults (given as CSS text) come first. */
export class StylesheetReader {
  readonly result: SiteStylesheets = {rules: [], fontFaces: [], remoteImports: [], otherAtRules: [], files: []}
  private order = 0
  private readonly visited = new Set<string>()

  constructor(private readonly options: ReadOptions) {}

  /** Infima's defaults: rules of origin 'infima', before every rule of the site. */
  addDefaults(css: string): void {
    const root = postcss.parse(css, {from: undefined})
    this.walk(root, [], 'infima', {stylesheet: '', packageFile: false})
  }

  /** A stylesheet of the site given as text, as if read from `file` (relative to the site folder). */
  addSiteCss(css: string, file: string): void {
    const absolute = path.resolve(this.options.contentDir, file)
    this.walk(postcss.parse(css, {from: absolute}), [], 'site', {stylesheet: absolute, packageFile: false})
  }

  /** Reads one file the config names (absolute or relative to the site folder). */
  readFile(file: string): void {
    const {contentDir, log, configFile, field} = this.options
    const absolute = path.resolve(contentDir, file)
    const name = relativeName(contentDir, absolute)
    if (!existsSync(absolute) || !statSync(absolute).isFile()) {
      log.warn({file: configFile, field, message: `${name}: no such file; the site's look is imported without it`})
      return
    }
    if (isPackageFile(absolute)) {
      log.warn({
        file: configFile,
        field,
        message: `${name} is a package's stylesheet: its rules style that package's components, which this site does not have; only its @font-face rules are read`,
      })
    }
    this.readStylesheet(absolute, [], isPackageFile(absolute))
  }

  private position(node: Node, fallbackFile: string): SourcePosition {
    const start = node.source?.start
    const line = start?.line ?? 1
    const origin = start && node.source?.input.map ? node.source.input.origin(start.line, start.column) : false
    if (origin && typeof origin.file === 'string') {
      const file = origin.file.startsWith('file:') ? fileURLToPath(origin.file) : origin.file
      return {file: relativeName(this.options.contentDir, path.resolve(file)), line: origin.line}
    }
    return {file: fallbackFile ? relativeName(this.options.contentDir, fallbackFile) : 'infima', line}
  }

  private parse(absolute: string): Root | null {
    const {log, contentDir} = this.options
    const name = relativeName(contentDir, absolute)
    const text = readFileSync(absolute, 'utf8')
    if (/\.(scss|sass)$/i.test(absolute)) {
      try {
        const compiled = sass.compile(absolute, {
          style: 'expanded',
          sourceMap: true,
          sourceMapIncludeSources: false,
          loadPaths: [path.dirname(absolute), contentDir, path.join(contentDir, 'node_modules')],
          // webpack's `~package/file` imports, as docusaurus-plugin-sass's sass-loader resolves them.
          importers: [{findFileUrl: (url) => (url.startsWith('~') ? packageUrl(contentDir, url.slice(1)) : null)}],
          logger: sass.Logger.silent,
        })
        this.result.files.push(name)
        return postcss.parse(compiled.css, {from: absolute, map: {prev: compiled.sourceMap}})
      } catch (error) {
        const span = error instanceof sass.Exception ? error.span : undefined
        const where = span?.url ? relativeName(contentDir, fileURLToPath(span.url)) : name
        log.warn({
          file: where,
          ...(span ? {line: span.start.line + 1} : {}),
          message: `Sass cannot compile it (${error instanceof sass.Exception ? error.sassMessage : String(error)}): the site's look is imported without ${name}`,
        })
        return null
      }
    }
    try {
      this.result.files.push(name)
      return postcss.parse(text, {from: absolute})
    } catch (error) {
      const line = error instanceof postcss.CssSyntaxError ? error.line : undefined
      log.warn({
        file: name,
        ...(line === undefined ? {} : {line}),
        message: `not CSS a browser would read (${error instanceof Error ? error.message : String(error)}): the site's look is imported without it`,
      })
      return null
    }
  }

  private readStylesheet(absolute: string, conditions: string[], packageFile: boolean): void {
    const real = path.resolve(absolute)
    if (this.visited.has(real)) return
    this.visited.add(real)
    const root = this.parse(real)
    if (root) this.walk(root, conditions, 'site', {stylesheet: real, packageFile})
  }

  private walk(
    container: Container,
    conditions: string[],
    origin: StyleRule['origin'],
    context: {stylesheet: string; packageFile: boolean},
    parents: string[] = [],
  ): void {
    container.each((node: ChildNode) => {
      if (node.type === 'rule') this.rule(node, conditions, origin, context, parents)
      else if (node.type === 'atrule') this.atRule(node, conditions, origin, context, parents)
    })
  }

  private declarationsOf(container: Container, stylesheet: string): Declaration[] {
    const list: Declaration[] = []
    container.each((node) => {
      if (node.type === 'decl')
        list.push({
          property: node.prop.startsWith('--') ? node.prop : node.prop.toLowerCase(),
          value: node.value.trim(),
          important: node.important === true,
          at: this.position(node, stylesheet),
        })
    })
    return list
  }

  private rule(node: Rule, conditions: string[], origin: StyleRule['origin'], context: {stylesheet: string; packageFile: boolean}, parents: string[]): void {
    // CSS nesting: each selector of the rule, under each selector of its parent (`&` where written).
    const own = splitSelectorList(node.selector)
    const selectors =
      parents.length === 0
        ? own
        : parents.flatMap((parent) => own.map((selector) => (selector.includes('&') ? selector.replaceAll('&', parent) : `${parent} ${selector}`)))
    const declarations = this.declarationsOf(node, context.stylesheet)
    if (declarations.length > 0 && !context.packageFile) {
      const at = this.position(node, context.stylesheet)
      const order = this.order++
      for (const selector of selectors) {
        this.result.rules.push({selector, parsed: parseSelectorList(selector)?.[0] ?? null, declarations, at, conditions, origin, order})
      }
    }
    this.walk(node, conditions, origin, context, selectors)
  }

  private atRule(
    node: AtRule,
    conditions: string[],
    origin: StyleRule['origin'],
    context: {stylesheet: string; packageFile: boolean},
    parents: string[],
  ): void {
    const name = node.name.toLowerCase()
    const at = this.position(node, context.stylesheet)
    switch (name) {
      case 'import': {
        const target = importTarget(node.params)
        if (!target) return
        if (/^(?:https?:)?\/\//i.test(target.url)) {
          this.result.remoteImports.push({url: target.url.startsWith('//') ? `https:${target.url}` : target.url, at})
          return
        }
        const local = path.resolve(path.dirname(context.stylesheet), target.url)
        const file = existsSync(local) && statSync(local).isFile() ? local : resolvePackageFile(this.options.contentDir, target.url)
        if (!file) {
          this.options.log.warn({file: at.file, line: at.line, message: `@import of ${target.url}: no such file; the site's look is imported without it`})
          return
        }
        this.readStylesheet(file, target.media ? [...conditions, `@media ${target.media}`] : conditions, context.packageFile || isPackageFile(file))
        return
      }
      case 'font-face':
        this.result.fontFaces.push({declarations: this.declarationsOf(node, context.stylesheet), at, stylesheet: context.stylesheet})
        return
      case 'media':
      case 'supports':
      case 'layer':
      case 'container':
      case 'document':
        if (!node.nodes) return
        this.walk(node, [...conditions, `@${name} ${node.params}`.trim()], origin, context, parents)
        return
      case 'charset':
      case 'namespace':
        return
      default:
        if (!context.packageFile && origin === 'site') this.result.otherAtRules.push({name: `@${name}${node.params ? ` ${node.params}` : ''}`, at})
    }
  }
}
