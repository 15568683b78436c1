/**
 * Components of Docusaurus's theme that the site swizzled (its own copies in src/theme/, ejected to
 * replace the theme's or wrapping it with `@theme-original/…`): this site renders its own layout, so
 * none of them is imported. Each is named in the reader report with the pages it touches, found from
 * what the theme uses the component for: DocItem/… on every doc page, BlogPostItem on every post,
 * Admonition on the pages with admonitions, MDXComponents on the pages using what it adds…
 */
import {readdirSync, readFileSync, statSync} from 'node:fs'
import path from 'node:path'
import {parseImportLine} from '../markdown/component-imports'
import type {ReaderReport} from '../reader-report'
import type {SanityDocument} from './sanity-document'

/** A swizzled component: its theme name (`DocItem/Footer`) and its files. */
export interface SwizzledComponent {
  name: string
  files: string[]
  /** It imports the theme's own (`@theme-original/…`) to add to it, instead of replacing it. */
  wrapped: boolean
}

const CODE = /\.(?:jsx?|tsx?|mjs|cjs)$/

/** The components under src/theme/ (one per folder with an index file, or per file), with their files. */
export function swizzledComponents(siteDir: string): SwizzledComponent[] {
  const root = path.join(siteDir, 'src', 'theme')
  let entries: string[]
  try {
    if (!statSync(root).isDirectory()) return []
    entries = readdirSync(root, {recursive: true, encoding: 'utf8'}).map((entry) => entry.split(path.sep).join('/'))
  } catch {
    return []
  }
  const code = entries.filter((entry) => CODE.test(entry)).sort()
  const isIndex = (entry: string) => /(?:^|\/)index\.[^/]+$/.test(entry)
  const withIndex = new Set(code.filter(isIndex).map((entry) => path.posix.dirname(entry)))
  const byName = new Map<string, string[]>()
  for (const entry of code) {
    // A component is a folder with an index file (its other files are its parts: Footer/logo.js) or a file of its own.
    const folder = path.posix.dirname(entry)
    const name = isIndex(entry) || withIndex.has(folder) ? folder : entry.replace(CODE, '')
    byName.set(name, [...(byName.get(name) ?? []), `src/theme/${entry}`])
  }
  return [...byName].map(([name, files]) => ({
    name,
    // The index file first: it is where the component is declared.
    files: [...files].sort((a, b) => Number(!/\/index\.[^/]+$/.test(a)) - Number(!/\/index\.[^/]+$/.test(b)) || a.localeCompare(b)),
    wrapped: files.some((file) => /@theme-original\//.test(readText(path.join(siteDir, file)))),
  }))
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** A page of the dataset, by its source file, with the block types of its body and the text of its source. */
export interface ReportedPage {
  file: string
  type: string
  blockTypes: ReadonlySet<string>
  styles: ReadonlySet<string>
  /** The source's text without its fenced code (for the tags of components it uses). */
  text: string
}

/** Which pages a swizzled component touches; `skip`: nothing of it is missed here (an MDXComponents whose additions all render). */
type Scope = {label: string; pages: (page: ReportedPage) => boolean; listed: boolean; skip?: true}

const PAGE_TYPES = new Set(['doc', 'blogPost', 'page', 'homePage', 'release'])
const every = (label: string, pages: (page: ReportedPage) => boolean): Scope => ({label, pages, listed: false})
const withBlocks = (label: string, types: readonly string[]): Scope => ({
  label,
  pages: (page) => types.some((type) => page.blockTypes.has(type)),
  listed: true,
})
const without: Scope = {label: '', pages: () => false, listed: false}

/** Which pages each component of the classic theme is drawn on, by its name (the first pattern that matches). */
const SCOPES: Array<[RegExp, Scope | ((name: string) => Scope)]> = [
  [
    /^(Layout|Root|Navbar|NavbarItem|Footer|AnnouncementBar|SkipToContent|ColorModeToggle|Logo|SearchBar|BackToTopButton|ThemeProvider|SiteMetadata|Icon|Seo|ThemedComponent|ErrorPageContent|Error)(\/|$)/,
    every('every page', (page) => PAGE_TYPES.has(page.type)),
  ],
  [/^(NotFound)(\/|$)/, {label: 'the not-found page', pages: () => false, listed: false}],
  [/^(SearchPage|SearchTranslations)(\/|$)/, {label: 'the search page', pages: () => false, listed: false}],
  [/^(DocCard|DocCardList)(\/|$)/, withBlocks('the pages with doc cards (and the generated category pages)', ['docCardList'])],
  [/^(DocCategoryGeneratedIndexPage)(\/|$)/, {label: 'the generated category pages', pages: () => false, listed: false}],
  [/^(DocTagsListPage|DocTagDocListPage)(\/|$)/, {label: 'the docs’ tag pages', pages: () => false, listed: false}],
  [/^(Doc[A-Z]\w*|Docs\w*|EditThisPage|EditMetaRow|LastUpdated)(\/|$)/, every('every doc page', (page) => page.type === 'doc')],
  [/^(TOC\w*)(\/|$)/, every('every doc page, post and page with a table of contents', (page) => ['doc', 'blogPost', 'page'].includes(page.type))],
  [/^(BlogPostItem|BlogPostItems|BlogPostPage|BlogPostPaginator)(\/|$)/, every('every blog post (and the blog’s lists)', (page) => page.type === 'blogPost')],
  [/^(BlogListPage|BlogListPaginator)(\/|$)/, {label: 'the blog’s list pages', pages: () => false, listed: false}],
  [/^(BlogSidebar|BlogLayout|BlogBreadcrumbs|BlogListBreadcrumbs)(\/|$)/, every('every blog post and list page', (page) => page.type === 'blogPost')],
  [/^(Blog\w*)(\/|$)/, {label: 'the blog’s tag, author and archive pages', pages: () => false, listed: false}],
  [/^(MDXPage)(\/|$)/, every('every markdown page', (page) => page.type === 'page')],
  [/^(MDXContent)(\/|$)/, every('every page written in markdown', (page) => PAGE_TYPES.has(page.type))],
  [/^(Admonition)(\/|$)/, withBlocks('the pages with admonitions', ['admonition'])],
  [/^(CodeBlock|CodeInline|MDXComponents\/Code|MDXComponents\/Pre|prism-include-languages)(\/|$)/, withBlocks('the pages with code blocks', ['codeBlock'])],
  [/^(Tabs|TabItem)(\/|$)/, withBlocks('the pages with tabs', ['tabs'])],
  [/^(Details|MDXComponents\/Details)(\/|$)/, withBlocks('the pages with details', ['details'])],
  [/^(Heading|MDXComponents\/Heading|MDXComponents\/h[1-6])(\/|$)/, withBlocks('the pages with headings', ['heading', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])],
  [/^(MDXComponents\/Img|ThemedImage|IdealImage)(\/|$)/, withBlocks('the pages with images', ['themedImage', 'inlineImage'])],
  [/^(MDXComponents\/(Ul|Li))(\/|$)/, withBlocks('the pages with lists', ['list'])],
  [/^(MDXComponents\/A)(\/|$)/, withBlocks('the pages with links', ['link'])],
  [
    /^(Tag|Tags|TagsListByLetter|TagsListInline)(\/|$)/,
    every('the pages that show tags (docs, posts) and the tag lists', (page) => ['doc', 'blogPost'].includes(page.type)),
  ],
  [/^(Mermaid)(\/|$)/, {label: 'the pages with Mermaid diagrams', pages: (page) => /```mermaid/.test(page.text), listed: true}],
  [/^(Playground|ReactLiveScope)(\/|$)/, {label: 'the pages with live code blocks', pages: (page) => /```\w*[^\n]*\blive\b/.test(page.text), listed: true}],
  [/^(ContentVisibility|Unlisted|Draft)(\/|$)/, {label: 'the unlisted pages', pages: () => false, listed: false}],
  [/^(PaginatorNavLink)(\/|$)/, every('every doc page and post', (page) => ['doc', 'blogPost'].includes(page.type))],
]

/** The components the site's MDXComponents adds or replaces (`{...MDXComponents, Highlight, img: Image}`): their names. */
export function mdxComponentNames(source: string): string[] {
  const names = new Set<string>()
  const object = /\.\.\.\s*MDXComponents\b([\s\S]*?)\}/.exec(source)?.[1] ?? ''
  for (const match of object.matchAll(/(?:^|[,{\s])['"]?([A-Za-z_$][\w$.-]*)['"]?\s*(?=[:,}]|$)/g)) if (match[1]) names.add(match[1])
  return [...names]
}

/** The HTML elements MDXComponents may map, and the block types of pages where they are drawn. */
const ELEMENT_BLOCKS: Record<string, string[]> = {
  a: ['link'],
  img: ['themedImage', 'inlineImage'],
  code: ['codeBlock', 'code'],
  pre: ['codeBlock'],
  details: ['details'],
  table: ['table'],
  ul: ['list'],
  ol: ['list'],
  li: ['list'],
  blockquote: ['blockquote'],
  h1: ['heading', 'h1'],
  h2: ['heading', 'h2'],
  h3: ['heading', 'h3'],
  h4: ['heading', 'h4'],
  h5: ['heading', 'h5'],
  h6: ['heading', 'h6'],
  p: ['block'],
}

function scopeOf(component: SwizzledComponent, siteDir: string): Scope {
  if (component.name === 'MDXComponents') {
    // The components it adds that render here (mdxComponentsImports) are not what readers miss.
    const provided = addedComponents(component, siteDir).names
    const names = mdxComponentNames(component.files.map((file) => readText(path.join(siteDir, file))).join('\n')).filter((name) => !provided.has(name))
    if (provided.size > 0 && names.length === 0) return {label: '', pages: () => false, listed: true, skip: true}
    const elements = names.filter((name) => ELEMENT_BLOCKS[name])
    const components = names.filter((name) => /^[A-Z]/.test(name))
    if (names.length === 0) return every('every page written in markdown', (page) => PAGE_TYPES.has(page.type))
    const label = `the pages using what it adds or replaces (${names.map((name) => (/^[A-Z]/.test(name) ? `<${name}>` : name)).join(', ')})`
    return {
      label,
      pages: (page) =>
        elements.some((name) => (ELEMENT_BLOCKS[name] ?? []).some((type) => page.blockTypes.has(type) || page.styles.has(type))) ||
        components.some((name) => new RegExp(`<${name.replace(/[.$]/g, '\\$&')}[\\s/>]`).test(page.text)),
      listed: true,
    }
  }
  for (const [pattern, scope] of SCOPES) if (pattern.test(component.name)) return typeof scope === 'function' ? scope(component.name) : scope
  return without
}

/** The block types of a body (blocks, their children, and marks that are links), and its text styles. */
function bodyShape(body: unknown): {types: Set<string>; styles: Set<string>} {
  const types = new Set<string>()
  const styles = new Set<string>()
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (!value || typeof value !== 'object') return
    const record = value as Record<string, unknown>
    if (typeof record._type === 'string') types.add(record._type)
    if (record._type === 'block') {
      if (typeof record.style === 'string') styles.add(record.style)
      if (typeof record.listItem === 'string') types.add('list')
      if (record.style === 'blockquote') types.add('blockquote')
      if (Array.isArray(record.markDefs) && record.markDefs.some((mark) => (mark as {_type?: string})._type === 'link')) types.add('link')
      if (Array.isArray(record.children) && record.children.some((child) => ((child as {marks?: string[]}).marks ?? []).includes('code'))) types.add('code')
    }
    for (const item of Object.values(record)) if (typeof item === 'object') visit(item)
  }
  visit(body)
  return {types, styles}
}

/** The pages of the dataset as the report needs them: source file, type, block types, source text. */
export function reportedPages(documents: readonly SanityDocument[], texts: ReadonlyMap<string, string>): ReportedPage[] {
  return documents.flatMap((document) => {
    const file = typeof document.sourcePath === 'string' ? document.sourcePath : undefined
    if (!file || !PAGE_TYPES.has(document._type)) return []
    const {types, styles} = bodyShape(document.body ?? document.sections)
    return [{file, type: document._type, blockTypes: types, styles, text: withoutFences(texts.get(file) ?? '')}]
  })
}

/** The text with the lines inside fenced code emptied; fence lines stay (their info string says what the block is: mermaid, live). */
function withoutFences(text: string): string {
  let fence: string | null = null
  return text
    .split('\n')
    .map((line) => {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence === null) {
        if (opening && !line.includes('mdx-code-block')) fence = opening
        return line
      }
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null
      return ''
    })
    .join('\n')
}

/** Names each swizzled component in the reader report with the pages it touches; returns how many there are. */
export function reportSwizzled(siteDir: string, pages: readonly ReportedPage[], report: ReaderReport): number {
  const components = swizzledComponents(siteDir)
  for (const component of components) {
    const scope = scopeOf(component, siteDir)
    if (scope.skip) continue
    const touched = pages.filter((page) => scope.pages(page)).map((page) => page.file)
    const how = component.wrapped ? 'wraps the theme’s' : 'replaces the theme’s'
    const missing = `the site’s own ${component.name} (it ${how}) is not imported: these pages show the standard one, without what the site changed`
    const label = scope.label === '' ? 'pages it is used on (the import cannot tell which)' : scope.label
    report.onSite(
      {feature: `src/theme/${component.name}`, missing},
      {
        declaredIn: component.files[0] ?? `src/theme/${component.name}`,
        scope: scope.listed || touched.length === 0 ? `${label}${scope.listed ? `: ${touched.length}` : ''}` : `${label} (${touched.length})`,
        ...(scope.listed ? {pages: touched} : {}),
      },
    )
  }
  return components.length
}

/**
 * The import lines of the components the site's MDXComponents adds (`{...MDXComponents, Card, ImageZoom}`), which
 * Docusaurus gives every MDX page without an import of its own: the lines as the page would write them, from the
 * site folder (`@site/…`), for the components whose import the MDXComponents file holds. Undefined when it adds none.
 */
export function mdxComponentsImports(siteDir: string): string | undefined {
  const component = swizzledComponents(siteDir).find((candidate) => candidate.name === 'MDXComponents')
  const lines = component ? addedComponents(component, siteDir).lines : []
  return lines.length > 0 ? lines.join('\n') : undefined
}

/** The import lines of the components an MDXComponents adds, and the names they bind. */
function addedComponents(component: SwizzledComponent, siteDir: string): {lines: string[]; names: Set<string>} {
  const lines: string[] = []
  const names = new Set<string>()
  for (const file of component.files) {
    const source = readText(path.join(siteDir, file))
    const added = new Set(mdxComponentNames(source).filter((name) => /^[A-Z]/.test(name)))
    for (const statement of source.split('\n').flatMap((line) => parseImportLine(line) ?? [])) {
      const bindings = statement.bindings.filter((binding) => added.has(binding.local))
      if (bindings.length === 0 || statement.specifier.startsWith('@theme-original/')) continue
      const specifier = statement.specifier.startsWith('.') ? `@site/${path.posix.join(path.posix.dirname(file), statement.specifier)}` : statement.specifier
      const named = bindings.filter((binding) => binding.exported !== 'default')
      const fallback = bindings.find((binding) => binding.exported === 'default')
      const parts = [
        ...(fallback ? [fallback.local] : []),
        ...(named.length > 0
          ? [`{${named.map((binding) => (binding.exported === binding.local ? binding.local : `${binding.exported} as ${binding.local}`)).join(', ')}}`]
          : []),
      ]
      lines.push(`import ${parts.join(', ')} from '${specifier}'`)
      for (const binding of bindings) names.add(binding.local)
    }
  }
  return {lines, names}
}
