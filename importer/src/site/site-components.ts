/**
 * The site's own components used in its markdown (`import PlanCard from '@site/src/components/PlanCard'`
 * then `<PlanCard name="Team" price="0.40">…</PlanCard>`), rendered at import time into the HTML they
 * show, as `docusaurus build` renders them: the module is loaded once with jiti from the site folder
 * (Docusaurus's own modules as the React pages' stand-ins), and each use is rendered with its props
 * and, where its children go, a marker that the site replaces with the converted, editable content.
 *
 * Loading is asynchronous and done for every file before conversion (`preload`); rendering is
 * synchronous, as the converter is. What cannot be loaded or rendered (a package the site has not
 * installed, browser APIs while rendering, a prop that refers to the page's JavaScript) is said with
 * its reason, and the use keeps its content without the component.
 */
import {readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {SITE_COMPONENT_CONTENT_MARKER} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import {
  componentImports,
  type ElementChild,
  type ImportedComponent,
  type ImportedProps,
  importStatements,
  partialImports,
  RAW_LOADER,
  type RenderedComponent,
} from '../markdown/component-imports'
import {flowExpressionsIn, importsUsedBy} from '../markdown/flow-expression'
import {evaluateLiteral} from '../markdown/js-string'
import {loadSiteModule, ModuleLoadError} from './load-module'
import {
  enterPageContext,
  type PageDoc,
  type PageDocsVersion,
  pageAliases,
  type PageRenderOptions,
  registerAssetHooks,
  renderStaticMarkup,
  resolveRootsOf,
  siteElement,
} from './react-pages'

const MODULE_EXTENSIONS = ['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs']
/** The key of a file read with raw-loader: its path and this. */
const RAW_KEY = '?raw-loader'

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile()
  } catch {
    return false
  }
}

export interface SiteComponentsOptions extends PageRenderOptions {
  siteDir: string
  /** Where the site serves its docs (routeBasePath: "docs", or '' at the root), for the version's address. */
  docsPath?: string
}

/** The docs version of a doc, as the import knows it (site-config.ts's DocsVersionInfo). */
export interface DocVersion {
  name: string
  label: string
  urlPath: string
  isLast: boolean
  /** A docs instance's own routeBasePath. */
  docsPath?: string
}

/** The doc a component renders on, as the docs plugin's hooks give it: its version, its id and its file (`@site/docs/intro.md`). */
export interface RenderedDoc extends PageDoc {
  version: DocVersion
}

export class SiteComponents {
  /** Loaded modules (their namespace) or why they could not be, by absolute path without extension. */
  private readonly modules = new Map<string, {namespace: Record<string, unknown>} | {problem: string}>()
  /** The block expressions of each file, compiled with the imports they use, by file and expression. */
  private readonly expressions = new Map<string, {component: unknown} | {problem: string}>()
  /** Uses rendered, by component name, for the import's summary. */
  readonly rendered = new Map<string, number>()

  constructor(private readonly options: SiteComponentsOptions) {}

  /** Loads every site module that `files` import as components, and those the partials they import do. */
  async preload(files: ReadonlyArray<{path: string; text: string}>): Promise<void> {
    registerAssetHooks(this.options.staticDirs.map((dir) => path.resolve(this.options.siteDir, dir)))
    const queue = [...files]
    const seen = new Set(files.map((file) => path.resolve(this.options.siteDir, file.path)))
    for (let index = 0; index < queue.length; index++) {
      const file = queue[index]!
      if (!/\.mdx?$/.test(file.path)) continue
      for (const specifier of partialImports(file.text)) {
        const absolute = this.moduleKey(file.path, specifier)
        if (seen.has(absolute) || !isFile(absolute)) continue
        seen.add(absolute)
        queue.push({path: path.relative(this.options.siteDir, absolute), text: readFileSync(absolute, 'utf8')})
      }
      await this.preloadExpressions(file)
      for (const used of componentImports(file.text)) {
        const key = this.moduleKey(file.path, used.specifier)
        if (this.modules.has(key)) continue
        if (RAW_LOADER.test(used.specifier)) {
          // webpack's raw-loader: the file's text is the module's default export.
          const text = key.slice(0, -RAW_KEY.length)
          this.modules.set(key, isFile(text) ? {namespace: {default: readFileSync(text, 'utf8')}} : {problem: `${used.specifier} names no file`})
          continue
        }
        try {
          const loaded = await loadSiteModule(this.options.siteDir, path.relative(this.options.siteDir, key), {
            call: false,
            jsx: true,
            namespace: true,
            alias: pageAliases(this.options.siteDir),
            resolveRoots: resolveRootsOf(this.options.siteDir, this.options.staticDirs),
          })
          const namespace = loaded.value
          this.modules.set(
            key,
            typeof namespace === 'object' && namespace !== null
              ? {namespace: namespace as Record<string, unknown>}
              : typeof namespace === 'function'
                ? {namespace: {default: namespace}}
                : {problem: 'the module exports no component'},
          )
        } catch (error) {
          this.modules.set(key, {
            problem: error instanceof ModuleLoadError ? error.message : firstLine(error),
          })
        }
      }
    }
  }

  /**
   * Compiles each block expression of a markdown file (flow-expression.ts) as a component of its own, placed beside
   * the file (never written), whose render is the expression with the page's imports it uses in scope.
   */
  private async preloadExpressions(file: {path: string; text: string}): Promise<void> {
    const found = flowExpressionsIn(file.text)
    if (found.length === 0) return
    const statements = importStatements(file.text)
    for (const [index, {expression}] of found.entries()) {
      const key = `${file.path}\0${expression}`
      if (this.expressions.has(key)) continue
      const source = [...importsUsedBy(statements, expression), `export default function MdxExpression() {\n  return <>{${expression}}</>\n}`].join('\n')
      const beside = path.join(path.dirname(file.path), `.${path.basename(file.path)}.expression-${index}.tsx`)
      try {
        const loaded = await loadSiteModule(this.options.siteDir, beside, {
          source,
          call: false,
          jsx: true,
          alias: pageAliases(this.options.siteDir),
          resolveRoots: resolveRootsOf(this.options.siteDir, this.options.staticDirs),
        })
        this.expressions.set(key, {component: loaded.value})
      } catch (error) {
        this.expressions.set(key, {problem: firstLine(error)})
      }
    }
  }

  /** Renders a block expression of `file` (as written between its braces) for `locale`, as MDX renders it there. */
  renderExpression(file: string, locale: Locale, expression: string, doc?: RenderedDoc): RenderedComponent {
    const loaded = this.expressions.get(`${file}\0${expression}`)
    if (!loaded) return {problem: 'it was not compiled'}
    if ('problem' in loaded) return {problem: loaded.problem}
    return this.renderInPage(locale, doc, loaded.component, null)
  }

  /**
   * Renders one use of `component` in `file` for `locale`. `props` are the tag's attributes: strings
   * as written, `{…}` expressions evaluated (a literal, an array or object of literals); `withContent`
   * passes the content marker as its children, or (a list) each marker as a child of its own.
   */
  render(
    file: string,
    locale: Locale,
    component: ImportedComponent,
    attributes: Record<string, string | true>,
    expressions: ReadonlySet<string>,
    withContent: boolean | readonly string[] | readonly ElementChild[],
    doc?: RenderedDoc,
    imported: ImportedProps = {spread: {}, named: {}},
  ): RenderedComponent {
    const type = this.componentType(file, component)
    if ('problem' in type) return type
    const props = propsOf(attributes, expressions, imported)
    if ('problem' in props) return props
    let children: unknown[]
    if (typeof withContent === 'boolean') {
      children = withContent ? [SITE_COMPONENT_CONTENT_MARKER] : []
    } else {
      children = []
      for (const child of withContent) {
        if (typeof child === 'string') {
          children.push(child)
          continue
        }
        const childType = this.componentType(file, child.component)
        if ('problem' in childType) return childType
        const childProps = propsOf(child.attributes, child.expressions, {spread: {}, named: {}})
        if ('problem' in childProps) return {problem: `its child <${child.component.local}>: ${childProps.problem}`}
        children.push(siteElement(childType.type, {...childProps.props, key: children.length}, child.marker))
      }
    }
    const rendered = this.renderInPage(locale, doc, type.type, props.props, ...children)
    if ('markup' in rendered) this.rendered.set(component.local, (this.rendered.get(component.local) ?? 0) + 1)
    return rendered
  }

  /** The markup of `type` rendered in the page's context (its locale, and the doc it is on), or why it fails. */
  private renderInPage(
    locale: Locale,
    doc: RenderedDoc | undefined,
    type: unknown,
    props: Record<string, unknown> | null,
    ...children: unknown[]
  ): RenderedComponent {
    enterPageContext(this.options, locale, this.pageVersion(doc?.version), doc ?? null)
    try {
      return {markup: renderStaticMarkup(type, props, ...children)}
    } catch (error) {
      return {problem: `it fails to render (${firstLine(error)})`}
    }
  }

  /** The component an import names (a member of an object of components included), or why it is none. */
  private componentType(file: string, component: ImportedComponent): {type: unknown} | {problem: string} {
    const loaded = this.modules.get(this.moduleKey(file, component.specifier))
    if (!loaded) return {problem: `${component.specifier} was not loaded`}
    if ('problem' in loaded) return {problem: loaded.problem}
    const namespace = loaded.namespace
    let value: unknown = component.exported === 'default' ? (namespace.default ?? namespace) : namespace[component.exported]
    for (const name of component.member ?? []) {
      const owner = unwrapDefault(value)
      value = typeof owner === 'object' && owner !== null ? (owner as Record<string, unknown>)[name] : undefined
    }
    const type = unwrapDefault(value)
    if (typeof type !== 'function' && !(typeof type === 'object' && type !== null && '$$typeof' in type))
      return {problem: `${component.specifier} has no component "${[component.exported, ...(component.member ?? [])].join('.')}"`}
    return {type}
  }

  /**
   * What a loaded module exports, read along `member` (`constants.packageManagers`), then called with `args` when
   * given (literal arguments as written, `constants.tabsFor(["web"])`, or values already read, such as the page's
   * imports), in the page's context (for `locale`), as the page's JavaScript reads it when Docusaurus renders it. A
   * missing member is `undefined`, as in JavaScript.
   */
  value(
    file: string,
    locale: Locale,
    component: ImportedComponent,
    member: readonly string[],
    args: string | readonly unknown[] | undefined,
    doc?: RenderedDoc,
  ): {value: unknown} | {problem: string} {
    const loaded = this.modules.get(this.moduleKey(file, component.specifier))
    if (!loaded) return {problem: `${component.specifier} was not loaded`}
    if ('problem' in loaded) return {problem: loaded.problem}
    const namespace = loaded.namespace
    let owner: unknown = undefined
    let value: unknown = component.exported === 'default' ? unwrapDefault(namespace.default ?? namespace) : namespace[component.exported]
    for (const [index, name] of member.entries()) {
      if (value === null || value === undefined) return {problem: `${[component.local, ...member.slice(0, index)].join('.')} is ${String(value)}`}
      owner = value
      value = (value as Record<string, unknown>)[name]
    }
    if (args === undefined) return {value}
    if (typeof value !== 'function') return {problem: `${[component.local, ...member].join('.')} is not a function`}
    const evaluated = typeof args === 'string' ? evaluateLiteral(`[${args}]`) : {value: args}
    if ('problem' in evaluated) return {problem: `its arguments (${String(args)}) ${evaluated.problem}`}
    enterPageContext(this.options, locale, this.pageVersion(doc?.version), doc ?? null)
    try {
      return {value: (value as (...parameters: unknown[]) => unknown).apply(owner, evaluated.value as unknown[])}
    } catch (error) {
      return {problem: `${[component.local, ...member].join('.')}(…) throws (${firstLine(error)})`}
    }
  }

  /** A doc's version as the docs plugin's hooks give it, with its address (/docs/, /docs/next/, /community/). */
  private pageVersion(version: DocVersion | undefined): PageDocsVersion | null {
    if (!version) return null
    const segments = [version.docsPath ?? this.options.docsPath ?? 'docs', version.urlPath].filter(Boolean)
    return {name: version.name, label: version.label, path: `/${segments.join('/')}${segments.length > 0 ? '/' : ''}`, isLast: version.isLast}
  }

  /** The module file a specifier names, with the extensions and index files a bundler tries. */
  private moduleKey(file: string, specifier: string): string {
    const raw = RAW_LOADER.exec(specifier)
    // Its text, a module of its own beside the file's code.
    if (raw) return `${this.moduleKey(file, specifier.slice(raw[0].length))}${RAW_KEY}`
    // @site/ and an absolute path (webpack's resolve root) are from the site folder; others from the file.
    const named = specifier.startsWith('@site/')
      ? path.join(this.options.siteDir, specifier.slice('@site/'.length))
      : specifier.startsWith('/')
        ? path.join(this.options.siteDir, specifier)
        : path.resolve(this.options.siteDir, path.dirname(file), specifier)
    const candidates = [
      named,
      ...MODULE_EXTENSIONS.map((extension) => `${named}${extension}`),
      ...MODULE_EXTENSIONS.map((extension) => path.join(named, `index${extension}`)),
    ]
    return candidates.find(isFile) ?? named
  }
}

/** The first line of what was thrown. */
export function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
}

/** A use's props: spreads first, then the attributes, as JSX applies them when the spreads are written first (the usual way). */
function propsOf(
  attributes: Record<string, string | true>,
  expressions: ReadonlySet<string>,
  imported: ImportedProps,
): {props: Record<string, unknown>} | {problem: string} {
  const props: Record<string, unknown> = {...imported.spread}
  for (const [name, raw] of Object.entries(attributes)) {
    if (name in imported.named) {
      props[name] = imported.named[name]
    } else if (raw === true) {
      props[name] = true
    } else if (expressions.has(name)) {
      const evaluated = evaluateLiteral(raw)
      if ('problem' in evaluated) return {problem: `its prop ${name}={${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}} ${evaluated.problem}`}
      props[name] = evaluated.value
    } else {
      props[name] = raw
    }
  }
  return {props}
}

/** A CommonJS module's `exports.default` seen through an ES import. */
function unwrapDefault(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !('$$typeof' in value) && 'default' in value ? value.default : value
}
