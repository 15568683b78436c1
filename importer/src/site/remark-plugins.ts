/**
 * The site's own remark plugins (`remarkPlugins` and `beforeDefaultRemarkPlugins` of its docs, blog
 * and pages options), run over each body's markdown tree before it is converted, as Docusaurus runs
 * them before rendering: `@docusaurus/remark-plugin-npm2yarn` turns an `npm2yarn` code block into
 * npm / Yarn / pnpm tabs, `docusaurus-remark-plugin-tab-blocks` turns `tab` code blocks into tabs, and
 * so on. Plugins may be asynchronous, the conversion is not: the trees are made here first, then
 * handed to the converter (ConversionContext.preparedRoot). A plugin that throws is named in a
 * warning and left out; the rehype plugins (HTML trees) cannot run on this content and are named too.
 */
import {readFileSync} from 'node:fs'
import path from 'node:path'
import type {Root} from 'mdast'
import type {Plugin} from 'unified'
import {VFile} from 'vfile'
import type {DiagnosticLog} from '../diagnostics'
import {partialImports} from '../markdown/component-imports'
import {pluginImport} from '../markdown/handlers/mdx-modules'
import {parseBody, pluginProcessor} from '../markdown/to-portable-text'
import {hasRemarkMath, isRehypeKatex, type MarkdownFeatures} from '../markdown/handlers/features'
import type {MarkdownEntry, SiteEntries} from './entries'
import type {MarkdownPreprocessor} from './markdown-preprocessor'
import {type ConfigRecord, docsOptionsOf, type SiteConfig} from './site-config'

/** A plugin of the site: `before` when it is one of the `beforeDefaultRemarkPlugins`, run before Docusaurus's own. */
type PluginEntry = {plugin: Plugin<unknown[], Root>; options: unknown[]; name: string; before: boolean}

/** Where Docusaurus's own link plugin points a `.md` link of a body (documents.ts, docusaurusMarkdownLinks); undefined: left as written. */
type MarkdownLinks = (href: string) => string | undefined

/** A body (a file's, or a partial's it imports) and the plugins to run over it, read with the syntax of `readAs`. */
interface Job {
  file: string
  text: string
  plugins: readonly PluginEntry[]
  math: boolean
  readAs: string
  links: MarkdownLinks
}

/** What the plugins made of a body: its tree when they changed it, and each plugin that failed. */
interface Prepared {
  file: string
  text: string
  tree: Root | undefined
  failures: Array<{name: string; reason: unknown}>
}

/** Which options a body's plugins come from: the docs of a version, the blog, or the pages. */
interface PluginSource {
  /** The config field the options sit at, for messages (docs, blog, pages, plugins[2]). */
  field: string
  options: ConfigRecord
}

/** Makes `dir` the working folder; false where a process cannot change it (a worker thread). */
function enter(dir: string): boolean {
  try {
    process.chdir(dir)
    return true
  } catch {
    return false
  }
}

/**
 * `running`, or a failure when it is left pending with nothing more to wait for: a plugin awaiting a promise that never
 * settles. Node would end the import there, in silence and with exit code 0; the last moment before it does
 * ('beforeExit', which may start more work) makes it this plugin's failure on this file instead.
 */
function unlessStalled<T>(running: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stalled = () => reject(new Error('it never finished: it waits on something that will not come'))
    if (waiting.size === 0) process.on('beforeExit', drained)
    waiting.add(stalled)
    running.then(resolve, reject).finally(() => {
      waiting.delete(stalled)
      if (waiting.size === 0) process.off('beforeExit', drained)
    })
  })
}

/** The runs waiting now, failed at once when the process has nothing left to do (one listener for them all). */
const waiting = new Set<() => void>()
function drained(): void {
  for (const stalled of [...waiting]) stalled()
}

function nameOf(plugin: unknown, index: number): string {
  const name = typeof plugin === 'function' ? plugin.name : ''
  return name && name !== 'default' && name !== 'plugin' ? name : `#${index + 1}`
}

/** The remark plugins of one options object, in Docusaurus's order: before the default ones, then after them. */
function remarkPluginsOf(source: PluginSource, configFile: string, log: DiagnosticLog): PluginEntry[] {
  const entries: PluginEntry[] = []
  for (const key of ['beforeDefaultRemarkPlugins', 'remarkPlugins'] as const) {
    const list = source.options[key]
    if (list === undefined) continue
    if (!Array.isArray(list)) {
      log.warn({file: configFile, field: `${source.field}.${key}`, message: 'is not a list of plugins: not run'})
      continue
    }
    list.forEach((item: unknown, index) => {
      const [plugin, ...options] = Array.isArray(item) ? (item as unknown[]) : [item]
      if (typeof plugin !== 'function') {
        log.warn({file: configFile, field: `${source.field}.${key}[${index}]`, message: 'is not a plugin function: not run'})
        return
      }
      entries.push({
        plugin: plugin as Plugin<unknown[], Root>,
        options,
        name: `${key}[${index}] (${nameOf(plugin, index)})`,
        before: key === 'beforeDefaultRemarkPlugins',
      })
    })
  }
  // rehype-katex is carried over: the site typesets math with KaTeX when it is built.
  const rehype = ['rehypePlugins', 'beforeDefaultRehypePlugins'].filter(
    (key) => Array.isArray(source.options[key]) && (source.options[key] as unknown[]).some((plugin) => !isRehypeKatex(plugin)),
  )
  for (const key of ['rehypePlugins', 'beforeDefaultRehypePlugins']) {
    const list = source.options[key]
    const katex = Array.isArray(list) ? list.findIndex((plugin) => isRehypeKatex(plugin) && Array.isArray(plugin) && plugin.length > 1) : -1
    if (katex !== -1) {
      log.warn({
        file: configFile,
        field: `${source.field}.${key}[${katex}]`,
        message: "rehype-katex's options (macros, strict…) are not kept: the site typesets math with KaTeX's defaults",
      })
    }
  }
  for (const key of rehype) {
    log.warn({
      file: configFile,
      field: `${source.field}.${key}`,
      message: 'rehype plugins change the HTML Docusaurus renders, which this site does not render from markdown: not run, what they add is not imported',
    })
  }
  return entries
}

/**
 * Runs plugins over bodies and keeps the trees they change, by body text: `rootFor(text)` gives the
 * tree to convert instead of parsing the text again. Each plugin failure is reported once per file.
 */
export class RemarkPluginRunner {
  private readonly roots = new Map<string, Root>()
  private readonly failed = new Set<string>()
  /** The import statements the plugins wrote into each file's tree (for the components they put on its page). */
  private readonly written = new Map<string, string[]>()
  private readonly bySource = new Map<ConfigRecord, PluginEntry[]>()
  private readonly configFile: string
  private readonly pagesOptions: ConfigRecord

  constructor(
    private readonly site: SiteConfig,
    private readonly log: DiagnosticLog,
    /** The site folder: plugins run with it as the working folder, as under `docusaurus build` (redux's TypeScript plugins resolve types from there). */
    private readonly siteDir: string,
    /** How each file is read (MDX 1, CommonMark, indented code): its tree is parsed as the converter parses it. */
    private readonly features: MarkdownFeatures,
    /** The config's markdown.preprocessor, run over the partials read here as over every file. */
    private readonly preprocess?: MarkdownPreprocessor,
  ) {
    this.configFile = site.configFile
    this.pagesOptions = site.pagesOptions ?? {}
    const sources: PluginSource[] = [
      {field: 'docs', options: site.docsOptions},
      {field: 'blog', options: site.blogOptions},
      {field: 'pages', options: this.pagesOptions},
      ...(site.instances ?? []).map((instance) => ({field: instance.field, options: instance.options})),
    ]
    for (const source of sources) if (!this.bySource.has(source.options)) this.bySource.set(source.options, remarkPluginsOf(source, site.configFile, log))
  }

  /** Whether any options of the site name a remark plugin. */
  get hasPlugins(): boolean {
    return [...this.bySource.values()].some((plugins) => plugins.length > 0)
  }

  private pluginsOf(options: ConfigRecord): readonly PluginEntry[] {
    return this.bySource.get(options) ?? []
  }

  /**
   * Runs each file's plugins over its body, before the bodies are converted (rootFor): Docusaurus runs a
   * doc's version's (or docs instance's), a post the blog's, a page the pages' (a second blog's posts: that blog's).
   * Docusaurus compiles every file at once, and some plugins count on it: one file's transformer may wait for
   * another's (Electron's API structure previews wait for the structure's own file). So every file's plugins run
   * together here too, a file's plugins in their order. An error that escapes them (a program a plugin starts that is
   * not installed: the child process's 'error' event, which nothing listens to) cannot be laid at one file's door
   * then: the files are run again one at a time, which tells whose it is. `markdownLinks` resolves the `.md` links of a
   * body as Docusaurus does between the `beforeDefaultRemarkPlugins` and the `remarkPlugins` (resolveMarkdownLinks).
   */
  async prepareAll(
    entries: Omit<SiteEntries, 'releases'>,
    markdownLinks: (entry: MarkdownEntry, file: string, href: string) => string | undefined = () => undefined,
  ): Promise<void> {
    if (!this.hasPlugins) return
    const work = [
      ...entries.docs.map((doc) => ({entry: doc, options: docsOptionsOf(this.site, doc.version)})),
      ...entries.posts.map((post) => ({entry: post, options: this.site.blogOptions})),
      ...entries.pages.map((page) => ({entry: page, options: page.instancePost?.instance.options ?? this.pagesOptions})),
      ...entries.home.map((home) => ({entry: home, options: this.pagesOptions})),
    ]
    const jobs: Job[] = work.flatMap(({entry, options}) => {
      const plugins = this.pluginsOf(options)
      const math = hasRemarkMath(options)
      return [
        {file: entry.file.path, text: entry.file.text, plugins, math, readAs: entry.file.path, links: (href) => markdownLinks(entry, entry.file.path, href)},
        // The markdown partials it imports are compiled by the same loader, with the same plugins.
        // Read with the importing file's syntax, as the conversion reads a partial (its context is the page's).
        ...partialsOf(this.siteDir, entry.file.path, entry.file.text, this.preprocess).map((partial) => ({
          file: partial.file,
          text: partial.text,
          plugins,
          math,
          readAs: entry.file.path,
          links: (href: string) => markdownLinks(entry, partial.file, href),
        })),
      ]
    })
    const before = process.cwd()
    const moved = enter(this.siteDir)
    try {
      const strays: unknown[] = []
      const onStray = (error: unknown) => strays.push(error)
      process.on('uncaughtException', onStray)
      let together: Array<Prepared | undefined>
      try {
        together = await Promise.all(jobs.map((job) => this.prepare(job, false)))
        // Events of a failure still queued come in before the runs are called done.
        await new Promise((resolve) => setImmediate(resolve))
      } finally {
        process.off('uncaughtException', onStray)
      }
      const done = strays.length === 0 ? together : []
      if (strays.length > 0) for (const job of jobs) done.push(await this.prepare(job, true))
      for (const prepared of done) if (prepared) this.keep(prepared)
    } finally {
      if (moved) process.chdir(before)
    }
  }

  /** A file's tree, when its plugins changed it, and the plugins that failed on it; a body already kept stays as it is. */
  private keep({file, text, tree, failures}: Prepared): void {
    if (this.roots.has(text)) return
    if (tree) this.roots.set(text, tree)
    const imports = (tree?.children ?? []).flatMap((node) => pluginImport(node) ?? [])
    if (imports.length > 0) this.written.set(file, imports)
    for (const {name, reason} of failures) {
      const key = `${file}\0${name}`
      if (this.failed.has(key)) continue
      this.failed.add(key)
      this.log.warn({
        file,
        message: `the site's remark plugin ${name} (${this.configFile}) failed on this file (${reason instanceof Error ? (reason.message.split('\n')[0] ?? '') : String(reason)}): the file is converted without what it would have changed`,
      })
    }
  }

  /**
   * Parses a job's text (with the syntax of its `readAs`) and runs its plugins over it. `alone`: nothing else runs,
   * so an error escaping a plugin while it runs is that plugin's failure on this file.
   */
  private async prepare({file, text, plugins, math, readAs, links}: Job, alone: boolean): Promise<Prepared | undefined> {
    // remark-math only adds syntax, which a tree already parsed does not get: the body is parsed with it here.
    const changing = plugins.filter((entry) => !/^(remark)?math$/i.test(entry.plugin.name))
    if (changing.length === 0) return undefined
    const root = parseBody(text, {math, indentedCode: this.features.indentedCode(readAs), commonMark: this.features.commonMark(readAs)})
    const before = JSON.stringify(root)
    const failures: Prepared['failures'] = []
    let tree = root
    let resolved: ResolvedLink[] | undefined
    for (const entry of changing) {
      if (!entry.before && resolved === undefined) resolved = resolveMarkdownLinks(tree, links)
      const stray: unknown[] = []
      const onStray = (error: unknown) => stray.push(error)
      if (alone) process.on('uncaughtException', onStray)
      try {
        const processor = pluginProcessor({math}).use(entry.plugin, ...entry.options)
        // The file by its absolute path, as Docusaurus gives it to plugins (some derive paths from it).
        const vfile = new VFile({path: path.resolve(this.siteDir, file), value: text})
        const result = await unlessStalled(processor.run(tree, vfile))
        if (alone) await new Promise((resolve) => setImmediate(resolve))
        if (stray.length > 0) throw stray[0]
        tree = result
      } catch (error) {
        failures.push({name: entry.name, reason: stray[0] ?? error})
      } finally {
        if (alone) process.off('uncaughtException', onStray)
      }
    }
    // A link no plugin changed is converted from what the file says, as every other link is (its problems named there).
    for (const link of resolved ?? []) if (link.node.url === link.address) link.node.url = link.written
    const changed = JSON.stringify(tree) !== before
    if (changed) hoistNestedRoots(tree)
    return {file, text, tree: changed ? tree : undefined, failures}
  }

  /** Each file whose plugins wrote imports into it, with those import lines: the modules to load for its conversion. */
  writtenImports(): Array<{path: string; text: string}> {
    return [...this.written].map(([file, imports]) => ({path: file, text: imports.join('\n')}))
  }

  rootFor(text: string): Root | undefined {
    return this.roots.get(text)
  }
}

type Node = Root | Root['children'][number]

/**
 * A tree a plugin put inside another (Electron's `?inline` structure links add the linked file's tree after the link, in
 * its paragraph): its blocks where it stands, as Docusaurus renders a root (its children), after the text of the
 * paragraph it was put in, the rest of that text in a paragraph after them. Its nodes lose their places, which are in
 * another file: they take the place of the nodes around them, as every node a plugin makes.
 */
function hoistNestedRoots(tree: Root): void {
  const visit = (parent: Node): void => {
    if (!('children' in parent)) return
    const children: Node[] = []
    for (const child of parent.children as Node[]) {
      if (child.type === 'root') {
        children.push(...placeless(child).children)
      } else if (child.type === 'paragraph' && child.children.some((inner) => (inner.type as string) === 'root')) {
        let run: typeof child.children = []
        const flush = () => {
          if (run.length > 0) children.push({...child, children: run})
          run = []
        }
        for (const inner of child.children) {
          if ((inner.type as string) !== 'root') run.push(inner)
          else {
            flush()
            children.push(...placeless(inner as unknown as Root).children)
          }
        }
        flush()
      } else children.push(child)
    }
    ;(parent as {children: Node[]}).children = children
    for (const child of children) visit(child)
  }
  visit(tree)
}

/** A copy of `node` (the same tree may be put in several files) and everything in it, without a place in the file. */
function placeless<T extends Node>(node: T): T {
  const copy = JSON.parse(JSON.stringify(node)) as T
  const strip = (inner: Node): void => {
    delete inner.position
    if ('children' in inner) for (const child of inner.children as Node[]) strip(child)
  }
  strip(copy)
  return copy
}

/** A link or definition whose `.md` path was made the linked page's address, and what the file wrote. */
interface ResolvedLink {
  node: {url: string}
  written: string
  address: string
}

/** Makes each `.md` link and definition of a tree the address of its page, as Docusaurus does before a site's `remarkPlugins`. */
function resolveMarkdownLinks(tree: Root, links: MarkdownLinks): ResolvedLink[] {
  const resolved: ResolvedLink[] = []
  const visit = (node: Node): void => {
    if ((node.type === 'link' || node.type === 'definition') && typeof node.url === 'string') {
      const address = links(node.url)
      if (address !== undefined && address !== node.url) {
        resolved.push({node, written: node.url, address})
        node.url = address
      }
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(tree)
  return resolved
}

/**
 * The markdown partials a file imports (`import Intro from './_intro.mdx'`, `@site/…`, `/…`), and the partials they import,
 * five deep: each with its path from the site folder and its text. A partial that cannot be read is left out (the
 * conversion names it).
 */
function partialsOf(siteDir: string, file: string, text: string, preprocess?: MarkdownPreprocessor): Array<{file: string; text: string}> {
  const found = new Map<string, string>()
  const queue: Array<{file: string; text: string; depth: number}> = [{file, text, depth: 0}]
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    if (item.depth >= 5) continue
    for (const specifier of partialImports(item.text)) {
      // `@site/…` and an absolute path are read from the site folder, as the conversion reads them (loadPartial).
      const absolute = /^(@site)?\//.test(specifier)
        ? path.join(siteDir, specifier.replace(/^@site\//, ''))
        : specifier.startsWith('.')
          ? path.resolve(siteDir, path.dirname(item.file), specifier)
          : null
      if (absolute === null) continue
      const relative = path.relative(siteDir, absolute)
      if (found.has(relative)) continue
      let partialText: string
      try {
        partialText = readFileSync(absolute, 'utf8')
        partialText = preprocess?.(relative, partialText) ?? partialText
      } catch {
        continue
      }
      found.set(relative, partialText)
      queue.push({file: relative, text: partialText, depth: item.depth + 1})
    }
  }
  return [...found].map(([partialFile, partialText]) => ({file: partialFile, text: partialText}))
}
