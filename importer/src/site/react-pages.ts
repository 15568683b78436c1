/**
 * React pages of the site (src/pages/*.js|jsx|ts|tsx other than the home page) rendered once per
 * locale into the HTML they show, as `docusaurus build` renders them, then imported as pages: the
 * page module is loaded with jiti from the site folder, Docusaurus's own modules (@theme/Layout,
 * @docusaurus/Link, Translate, useDocusaurusContext, …) are stand-ins, stylesheets and media files
 * are modules (asset-hooks.mjs), and react-dom/server renders it. A page that needs what the
 * stand-ins do not give (another theme component, browser APIs while rendering, a package the site
 * has not installed) is reported with the reason and left out.
 */
import {readFile, stat} from 'node:fs/promises'
import {createRequire, register, registerHooks} from 'node:module'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {PAGE_SECTIONS} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import type {PageEntry} from './entries'
import type {GlobalData} from './plugin-global-data'
import {loadSiteModule, ModuleLoadError} from './load-module'
import {renderedMarkupAsMdx} from '../markdown/handlers/mdx-components'
import {assetModuleSource} from './react-page-stand-ins/asset-modules.mjs'

const require = createRequire(import.meta.url)
const STUBS = path.join(import.meta.dirname, 'react-page-stand-ins', 'stubs')

export interface PageContextState {
  siteConfig: Record<string, unknown>
  locale: string
  defaultLocale: string
  locales: string[]
  messages: Record<string, string>
  layout: {title?: string; description?: string} | null
  /** The docs version of the doc being rendered, for the docs plugin's client hooks; null elsewhere. */
  docsVersion: PageDocsVersion | null
  /** The doc being rendered, as the docs plugin's useDoc gives it (its source file); null elsewhere. */
  doc: PageDoc | null
  /** The global data of the site's own plugins, by plugin name and id. */
  globalData: GlobalData
  /** The code.json ids the rendered pages asked Translate for (so they are not reported as unused). */
  used: Set<string>
}

/** The code.json message ids that the rendered React pages used, in any locale. */
export function usedCodeMessageIds(): ReadonlySet<string> {
  return (require(path.join(STUBS, 'page-context.cjs')) as PageContextState).used
}

export interface RenderedReactPage {
  file: string
  locale: Locale
  /** Site path without slashes around it: showcase, community/support. */
  path: string
  title?: string
  description?: string
  /** The page's HTML, inside Layout (the navbar and footer are the site's own). */
  html: string
  /** When the page's file last changed: what its translations are dated by. */
  modifiedAt: Date
}

/** React's packages and their entry points (`react/jsx-runtime`, `react-dom/server`). */
const OUR_REACT = /^react(-dom)?(\/.*)?$/

let hooksRegistered = false

export function registerAssetHooks(staticDirs: readonly string[]): void {
  if (hooksRegistered) return
  const reactUrl = pathToFileURL(require.resolve('react')).href
  register(pathToFileURL(path.join(import.meta.dirname, 'react-page-stand-ins', 'asset-hooks.mjs')), {data: {staticDirs, reactUrl}})
  // The site's packages (react-github-btn on metro's home page, react-responsive-carousel on wails') import or
  // require React from the site's own node_modules, often another major version, whose elements ours refuses
  // ("Objects are not valid as a React child"): every React module they ask for is ours, as the page's own
  // imports are (pageAliases). The hook answers with our file itself: a require() resolves from its own
  // module whatever parent the hook would give it.
  const dirs = staticDirs.map((dir) => path.resolve(dir))
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      OUR_REACT.test(specifier) ? {url: pathToFileURL(require.resolve(specifier)).href, shortCircuit: true} : nextResolve(specifier, context),
    // A stylesheet or a media file asked for with require() (`require('@site/static/img/logo.svg').default`), which the
    // hooks of asset-hooks.mjs, for imports, do not see: the same module, as CommonJS.
    load: (url, context, nextLoad) => {
      const source = context.conditions?.includes('require') ? assetModuleSource(url, dirs, reactUrl, 'commonjs') : null
      return source === null ? nextLoad(url, context) : {format: 'commonjs', source, shortCircuit: true}
    },
  })
  hooksRegistered = true
}

/** Where webpack looks for an absolute specifier (`/data/users.json`) for Docusaurus: the static folders, then the site folder. */
export function resolveRootsOf(siteDir: string, staticDirs: readonly string[]): string[] {
  return [...staticDirs.map((dir) => path.resolve(siteDir, dir)), path.resolve(siteDir)]
}

/** The aliases that make a site's page load here: Docusaurus's modules as stand-ins, React as ours. */
export function pageAliases(siteDir: string): Record<string, string> {
  return {
    '@theme': path.join(STUBS, 'theme'),
    // A swizzled component wraps the original, which is the stand-in here.
    '@theme-original': path.join(STUBS, 'theme'),
    '@docusaurus/theme-common/internal': path.join(STUBS, 'docusaurus', 'theme-common.cjs'),
    '@docusaurus/theme-common/Details': path.join(STUBS, 'docusaurus', 'theme-common-details.cjs'),
    '@docusaurus/theme-common': path.join(STUBS, 'docusaurus', 'theme-common.cjs'),
    '@docusaurus': path.join(STUBS, 'docusaurus'),
    '@site': siteDir,
    react: path.dirname(require.resolve('react/package.json')),
    'react-dom': path.dirname(require.resolve('react-dom/package.json')),
  }
}

/** What rendering the site's own React code needs: its config, its locales and their code.json messages, its static folders. */
export interface PageRenderOptions {
  locales: readonly Locale[]
  defaultLocale: Locale
  siteConfig: Record<string, unknown>
  messages: (locale: Locale) => Record<string, string>
  staticDirs: readonly string[]
  /** What the site's own plugins set as global data (plugin-global-data.ts), for `@docusaurus/useGlobalData`. */
  globalData?: GlobalData
}

/** The docs version a component is rendered in (the doc's), as the docs plugin's client hooks give it; null on other pages. */
export interface PageDocsVersion {
  name: string
  label: string
  /** The version's address: /docs/, /docs/next/, /docs/1.x/. */
  path: string
  isLast: boolean
}

/** A doc as useDoc gives it here: its id and its file as Docusaurus names it (`@site/docs/intro.md`). */
export interface PageDoc {
  id: string
  source: string
}

/** Sets what the stand-ins of Docusaurus's modules read while rendering in `locale`; returns that state (Layout's title lands in it). */
export function enterPageContext(
  options: PageRenderOptions,
  locale: Locale,
  docsVersion: PageDocsVersion | null = null,
  doc: PageDoc | null = null,
): PageContextState {
  const state = require(path.join(STUBS, 'page-context.cjs')) as PageContextState
  Object.assign(state, {
    siteConfig: options.siteConfig,
    docsVersion,
    doc,
    locale,
    defaultLocale: options.defaultLocale,
    locales: [...options.locales],
    messages: options.messages(locale),
    globalData: options.globalData ?? {},
    layout: null,
  })
  return state
}

/** A React element of the site's React (for a component's children that are elements of the site's components). */
export function siteElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): unknown {
  const {createElement} = require('react') as typeof import('react')
  return createElement(type as never, props, ...(children as never[]))
}

/** react-dom/server's markup of a site component, with React's development warnings (about the site's code, not its content) silenced. */
/** The resource hints React 19 writes before the markup it renders (`<link rel="preload" as="image" …>`). */
const PRELOAD_HINTS = /^(?:<link rel="preload"[^>]*\/?>)+/

export function renderStaticMarkup(type: unknown, props: Record<string, unknown> | null = null, ...children: unknown[]): string {
  const {renderToStaticMarkup} = require('react-dom/server') as typeof import('react-dom/server')
  const consoleError = console.error
  console.error = () => undefined
  try {
    // React 19 puts a preload hint for each image before the markup (React 17 and 18, which Docusaurus renders with, do not).
    return renderToStaticMarkup(siteElement(type, props, ...children) as Parameters<typeof renderToStaticMarkup>[0]).replace(PRELOAD_HINTS, '')
  } finally {
    console.error = consoleError
  }
}

/** Renders `file` (relative to the site) in each locale with that locale's code.json messages. */
export async function renderReactPage(siteDir: string, file: string, options: PageRenderOptions, log: DiagnosticLog): Promise<RenderedReactPage[]> {
  registerAssetHooks(options.staticDirs.map((dir) => path.resolve(siteDir, dir)))
  const modifiedAt = (await stat(path.join(siteDir, file))).mtime
  const sitePath = file
    .replace(/^src\/pages\//, '')
    .replace(/\.(jsx?|tsx?)$/, '')
    .replace(/(^|\/)index$/, '')
  const pages: RenderedReactPage[] = []
  for (const locale of options.locales) {
    const state = enterPageContext(options, locale)
    // Loaded again for each locale, as each locale of a Docusaurus build bundles its own messages: a
    // translate() at the top of a module (a list of features) reads the locale being rendered.
    let component: unknown
    try {
      component = (
        await loadSiteModule(siteDir, file, {call: false, jsx: true, alias: pageAliases(siteDir), resolveRoots: resolveRootsOf(siteDir, options.staticDirs)})
      ).value
    } catch (error) {
      const reason = error instanceof ModuleLoadError ? error.message : String(error)
      log.warn({file, message: `a React page that cannot be rendered here (${reason}): not imported; recreate it as a page in the studio`})
      return []
    }
    // A function, or a component React wraps in an object (`memo(Home)`, `forwardRef(…)`).
    if (typeof component !== 'function' && !(typeof component === 'object' && component !== null && '$$typeof' in component)) {
      log.warn({file, message: 'a React page whose default export is not a component: not imported'})
      return []
    }
    try {
      // The pages plugin gives each React page the site's config as its `config` prop (a module of its route).
      const html = renderStaticMarkup(component, {config: options.siteConfig})
      // What Layout wraps (React may hoist resource hints such as <link rel="preload"> before it).
      const start = html.indexOf('<div data-react-page="">')
      const inner = (start === -1 ? html : html.slice(start + '<div data-react-page="">'.length, html.lastIndexOf('</div>'))).replace(PRELOAD_HINTS, '')
      pages.push({
        file,
        locale,
        path: sitePath,
        html: inner,
        modifiedAt,
        ...(state.layout?.title ? {title: state.layout.title} : {}),
        ...(state.layout?.description ? {description: state.layout.description} : {}),
      })
    } catch (error) {
      log.warn({
        file,
        message: `a React page that fails to render in ${locale} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): not imported; recreate it as a page in the studio`,
      })
      return []
    }
  }
  return pages
}

/** The site's own messages of a locale (i18n/<locale>/code.json, `{id: {message}}`), for Translate. */
export async function readCodeMessages(contentDir: string, folder: string): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(contentDir, 'i18n', folder, 'code.json'), 'utf8'))
    if (typeof parsed !== 'object' || parsed === null) return {}
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([id, entry]) =>
        typeof entry === 'object' && entry !== null && typeof (entry as {message?: unknown}).message === 'string'
          ? [[id, (entry as {message: string}).message]]
          : [],
      ),
    )
  } catch {
    // A missing or unreadable code.json is reported by the interface strings' import.
    return {}
  }
}

/**
 * A rendered page as a markdown entry of the page pipeline: its HTML is the body (braces written as
 * entities, so that no MDX reading takes them for expressions), its Layout title and description the
 * front matter.
 */
export function renderedPageEntry(page: RenderedReactPage, {liftHeading = true}: {liftHeading?: boolean} = {}): PageEntry {
  const first = page.path.split('/')[0] ?? ''
  // Braces are text, not expressions; a code block's lines stay one piece of HTML (a blank line would end it).
  const escaped = renderedMarkupAsMdx(page.html)
  // An <h1> before any text is the page's heading, as a leading "# …" is in markdown.
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(escaped)
  const before = h1
    ? escaped
        .slice(0, h1.index)
        .replace(/<[^>]*>/g, '')
        .trim()
    : 'text'
  const headingText = h1
    ? (h1[1] ?? '')
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    : ''
  const text =
    liftHeading && h1 && before === '' && headingText ? `# ${headingText}\n\n${escaped.slice(0, h1.index)}${escaped.slice(h1.index + h1[0].length)}` : escaped
  return {
    file: {path: page.file, text, modifiedAt: page.modifiedAt},
    locale: page.locale,
    canonicalPath: page.file,
    frontMatter: {data: {...(page.title ? {title: page.title} : {}), ...(page.description ? {description: page.description} : {})}, lineOf: () => 1},
    path: page.path,
    section: (PAGE_SECTIONS as readonly string[]).includes(first) ? (first as PageEntry['section']) : 'other',
    // What the component renders is the whole page: no title heading is added above a page without an <h1>.
    asWritten: true,
  }
}
