/**
 * Markdown and MDX as Docusaurus renders them → Portable Text blocks of the `richText` type.
 *
 * The body is parsed with remark (CommonMark, GFM, directives for admonitions). What remark leaves
 * as raw HTML or JSX-looking paragraphs is tokenized into tags, and the tags of components and of
 * block HTML elements are matched into a tree that spans the markdown between them, so that
 * components nest to any depth: tabs in tabs, admonitions in tabs and details, markdown inside
 * <details>. Each element becomes its block (tabs, admonition, details, video, embed, image, table
 * of contents, code); a component of the site's own is reported with file:line and its children's
 * content kept. Nothing is dropped silently: what cannot be represented becomes an `unconverted`
 * block holding the original source, with a warning.
 */
import {ADMONITION_KINDS, type AdmonitionKind, embedUrlProblem} from '@site/schemas'
import type {Blockquote, Definition, Heading, List, Nodes, Paragraph, PhrasingContent, Root, RootContent, Table} from 'mdast'
import type {Position} from 'unist'
import type {ContainerDirective} from 'mdast-util-directive'
import {toString} from 'mdast-util-to-string'
import {emojify} from 'node-emoji'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import {type Processor, unified} from 'unified'
import type {Diagnostic} from '../diagnostics'
import {withKeys} from '../keys'
import {checkRichText} from '../schema-check'
import type {
  AdmonitionBlock,
  BlockStyle,
  ImageValue,
  InlineImage,
  MarkDefinition,
  NestedBlock,
  ResolvedFile,
  ResolvedImage,
  RichTextBlock,
  TabPanel,
  TextBlock,
  ThemedImageBlock,
  UnconvertedBlock,
  VideoBlock,
} from '../portable-text'
import {isNestedBlock} from '../portable-text'
import {convertFence} from './code-fence'
import {convertInline, type InlineEnvironment, type InlinePiece, jsxStyleToCss, mdxText, piecesToSpans, toInlineMarkup} from './inline'
import {attributeFlag, attributeString, classifyImportLine, scanTags, type TagToken, tabsValueLabels, themedImageSources} from './jsx-tags'
import {componentImports, type ImportedComponent, type RenderedComponent} from './component-imports'
import {SourceText} from './source-text'
import {idealImageBlock, type IdealImageOptions} from './handlers/ideal-image'
import {mathBlockOf, type MathNode, spliceInlineMath, withMathPlaceholders} from './handlers/math'
import {type DiagramProblem, mermaidBlockOf} from './handlers/mermaid'
import {type AssetImport, AssetImports, svgComponentImage} from './handlers/asset-imports'
import {softBreaksToSpaces} from './handlers/line-breaks'
import {codeFenceNotes} from './handlers/live-code'
import {Footnotes} from './footnotes'
import {itemBlocks} from './list-items'

/**
 * A plugin's `admonitions` option: keywords the site adds to Docusaurus's (or, with
 * `extendDefaults: false`, uses instead of them).
 */
export interface AdmonitionKeywords {
  keywords: string[]
  extendDefaults: boolean
  /** Where the option is written, for warnings: docusaurus.config.ts, docs.admonitions. */
  file: string
  field: string
}

export interface ConversionContext {
  /** The admonitions option of the file's plugin; Docusaurus's keywords when absent. */
  admonitions?: AdmonitionKeywords
  /** The source file, relative to the content folder, used in `file:line` locations. */
  file: string
  /** Turns a link target into the href stored in the dataset (reporting missing targets itself); null for a refused one (javascript: …). */
  resolveLink(href: string, line: number): string | null
  /** Turns an image address into an image value (uploaded or remote), or says why it cannot. */
  resolveImage(src: string, line: number): ResolvedImage
  /** Turns a video (or other file) address into a file value or a remote address. */
  resolveFile?(src: string, line: number): ResolvedFile
  /** The site address of an image used inside inline markup (a table cell). */
  imageAddress?(src: string, line: number): string
  /**
   * Renders a use of a component of the site's own (imported from its files) into the HTML it shows;
   * `withContent` passes the content marker as its children. Absent: such components keep only their content.
   */
  renderComponent?(
    component: ImportedComponent,
    attributes: Record<string, string | true>,
    expressions: ReadonlySet<string>,
    withContent: boolean,
  ): RenderedComponent
  /** The text of a markdown file imported as a component (`import Intro from './_intro.mdx'`), or null. */
  loadPartial?(specifier: string): {file: string; text: string} | null
  /** The context to convert a partial with: its links, images and components resolved from its own file. Absent: this one's, named after it. */
  forPartial?(file: string): ConversionContext
  /**
   * The path the asset resolvers read for a module specifier of an image or file (`@site/static/x.png`,
   * `./x.pdf`, `/img/x.png`), as webpack resolves it in Docusaurus; absent, the specifier as written.
   */
  resolveModule?(specifier: string, line: number): string
  /** The Docusaurus plugins and themes of the site, by package name (`@docusaurus/theme-live-codeblock`). */
  plugins?: ReadonlySet<string>
  /**
   * Records what readers of this page will miss here, that Docusaurus shows (the live result of a live
   * code block): `feature` names the plugin, theme or construct, `missing` what is not shown.
   */
  missed?(feature: string, line: number, missing: string): void
  warn(diagnostic: Diagnostic): void
  /** How many partials deep this conversion is (a partial importing itself stops at 5). */
  depth?: number
  /**
   * The tree of this markdown as `parseBody` gives it, after the site's remark plugins changed it
   * (remark-plugins.ts); absent, the markdown is parsed here. Its JSX elements (Tabs, TabItem…) are
   * read as the same tags written in the text would be.
   */
  preparedRoot?: Root
  /** Math, Mermaid and ideal-image as the site's config turns them on (handlers/features.ts). */
  features?: BlockFeatures
}

/** The official plugins' syntaxes a file is read with. */
export interface BlockFeatures {
  /** remark-math runs on this file: `$…$` and `$$…$$` are math. */
  math?: boolean
  /** `markdown.mermaid: true`: ```mermaid fences are diagrams. */
  mermaid?: boolean
  /** What mermaid's parser said of a diagram (checked before the conversion); undefined when it was not checked. */
  diagramProblem?(code: string): DiagramProblem | undefined
  /** `@docusaurus/plugin-ideal-image`'s options, when the site uses it. */
  idealImage?: IdealImageOptions
  /** Text indented by four spaces is code, as in CommonMark (Docusaurus 2, `.md` under `format: 'detect'`); not in MDX. */
  indentedCode?: boolean
}

export interface ConvertedBody {
  blocks: RichTextBlock[]
  /** The text of a level-1 heading that opens the body: Docusaurus shows it as the page title. */
  contentTitle?: string
}

/**
 * MDX's markdown has no indented code: text indented by four spaces or more (inside a component, a
 * list, or at the top) is read as any other line, and a fence may be indented any amount, as
 * Docusaurus 3 reads its `.md` and `.mdx` files.
 */
function withoutIndentedCode(this: Processor): void {
  const data = this.data() as {micromarkExtensions?: unknown[]}
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), {disable: {null: ['codeIndented']}}]
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(withoutIndentedCode)
/** The same, with remark-math's syntax, for the files of a plugin that runs remark-math. */
const mathParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(remarkMath).use(withoutIndentedCode)
/** Both, with CommonMark's indented code. */
const commonMarkParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective)
const commonMarkMathParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(remarkMath)

/** Admonition keywords of Docusaurus 2 and 3, folded onto the kinds of the content model. */
const ADMONITION_ALIASES: Record<string, {kind: AdmonitionKind; title?: string}> = {
  important: {kind: 'info', title: 'important'},
  success: {kind: 'tip', title: 'success'},
  secondary: {kind: 'note', title: 'secondary'},
}

const TRUNCATE_MARKERS = [/^<!--\s*truncate\s*-->$/, /^\{\/\*\s*truncate\s*\*\/\}$/]

/** Components of Docusaurus's theme whose imports produce nothing and whose tags the converter knows. */
const THEME_COMPONENTS = new Set([
  'Tabs',
  'TabItem',
  'ThemedImage',
  'Admonition',
  'Details',
  'TOCInline',
  'CodeBlock',
  'DocCardList',
  'BrowserOnly',
  'Highlight',
])

/** HTML elements kept whole as raw HTML (the site sanitizes them): their content is not markdown. */
const RAW_ELEMENTS = new Set(['table', 'ul', 'ol', 'dl', 'pre', 'svg', 'form', 'select', 'textarea', 'math'])
/** HTML elements that give the page structure: matched into the tree, their content converted. */
const STRUCTURAL_ELEMENTS = new Set([
  'details',
  'summary',
  'video',
  'audio',
  'source',
  'track',
  'iframe',
  'div',
  'center',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'figure',
  'figcaption',
  'picture',
  'p',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'script',
  'style',
  'noscript',
  'object',
  'embed',
])
/** How deep elements nest in the converted tree; far more than any page needs (tabs in tabs in admonitions…). */
const MAX_NESTING = 100

/**
 * What a quote holds, with the quotes inside it unwrapped in order: a quote in a quote is one
 * quote in Portable Text. Iterative, so that `>>>>…` thousands deep cannot exhaust the stack.
 */
function quoteContent(quote: Blockquote): RootContent[] {
  const content: RootContent[] = []
  const pending: RootContent[] = [...quote.children].reverse()
  for (let child = pending.pop(); child !== undefined; child = pending.pop()) {
    if (child.type === 'blockquote') pending.push(...[...child.children].reverse())
    else content.push(child)
  }
  return content
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])

/** The markdown tree a body is converted from (what the site's remark plugins are given). */
export function parseBody(markdown: string, options: {math?: boolean} = {}): Root {
  return (options.math ? mathParser : parser).parse(new SourceText(markdown).text)
}

export function markdownToPortableText(markdown: string, context: ConversionContext): RichTextBlock[] {
  return convertMarkdown(markdown, context).blocks
}

export function convertMarkdown(markdown: string, context: ConversionContext): ConvertedBody {
  const converter = new Converter(markdown, context)
  const blocks = withKeys(converter.convert())
  return {blocks, ...(converter.contentTitle !== undefined ? {contentTitle: converter.contentTitle} : {})}
}

/** A piece of a flow: a markdown node, a tag of a component or element, or raw HTML kept whole. */
type FlowItem =
  | {kind: 'node'; node: RootContent; start: number; end: number; line: number}
  | {kind: 'tag'; tag: TagToken; start: number; end: number; line: number}
  | {kind: 'raw'; html: string; start: number; end: number; line: number}

/** A flow after matching tags: markdown nodes, raw HTML, and elements holding their children. */
type TreeItem =
  Exclude<FlowItem, {kind: 'tag'}> | {kind: 'element'; tag: TagToken; children: TreeItem[]; start: number; end: number; line: number; closed: boolean}

type Element = Extract<TreeItem, {kind: 'element'}>

class Converter {
  private readonly source: SourceText
  private readonly definitions = new Map<string, {url: string; title?: string | null}>()
  private readonly inlineEnv: InlineEnvironment
  /** Components imported from the site's own files (`import X from '@site/src/components/X'`). */
  private readonly siteComponents = new Set<string>()
  /** Components imported from the site's own modules, by the name the file uses. */
  private readonly componentImports = new Map<string, ImportedComponent>()
  /** Markdown files imported as components: their content is inlined where they are used. */
  private readonly partials = new Map<string, string>()
  /** Whether nesting deeper than MAX_NESTING was reported (once per file). */
  private reportedDepth = false
  /** Components neither of Docusaurus's theme nor markdown files: the lines where each is used. */
  private readonly unknownUses = new Map<string, {lines: number[]; withContent: boolean}>()
  /** Constants the page exports with a literal value: MDX prints them where `{name}` stands. */
  private readonly constants = new Map<string, string>()
  /** Names the file imports `@theme/IdealImage` as. */
  private readonly idealImageNames = new Set<string>()
  /** Local names of Docusaurus's Link component in this file. */
  private readonly linkNames = new Set<string>()
  /** Images and files the page imports as modules (`import logo from '@site/static/img/logo.png'`). */
  private readonly assetImports: AssetImports
  /** The page's GFM footnotes: references become `footnote` inline objects holding their notes. */
  private readonly footnotes: Footnotes
  contentTitle: string | undefined

  constructor(
    markdown: string,
    private readonly context: ConversionContext,
  ) {
    this.source = new SourceText(markdown)
    this.footnotes = new Footnotes((line, message) => context.warn({file: context.file, line, message}))
    this.assetImports = new AssetImports((specifier, line) => context.resolveModule?.(specifier, line) ?? specifier)
    this.inlineEnv = {
      resolveLink: (href, line) => context.resolveLink(href, line),
      definitions: this.definitions,
      sourceOf: (node) => this.nodeSource(node),
      imageAddress: (src, line) => context.imageAddress?.(src, line) ?? src,
      note: (line, message) => this.context.warn({file: this.context.file, line, message}),
      constants: this.constants,
      assetImage: (name) => this.assetImports.svgComponent(name)?.path,
      linkComponent: (name) => this.linkNames.has(name),
      footnote: (node) => this.footnotes.reference(node, (children) => this.flow(this.tree(this.toItems(children)), true)),
    }
  }

  convert(): RichTextBlock[] {
    // A tree from the site's plugins is copied: the conversion changes the tree it reads.
    const root = this.context.preparedRoot ? structuredClone(this.context.preparedRoot) : this.parse(this.source.text, 0, 0)
    collectDefinitions(root, this.definitions)
    this.footnotes.scan(root)
    for (const node of root.children) {
      if (node.type !== 'paragraph' || !this.isModuleParagraph(node)) continue
      collectConstants(this.nodeSource(node), this.constants)
      // MDX hoists imports: a partial, an image or a component may be used above its import line.
      this.readImports(node, false)
    }
    const children = this.takeContentTitle(root.children)
    const blocks = this.tree(this.toItems(children)).flatMap((item) => this.checked(item, this.flow([item], false)))
    this.checkUnusedDefinitions(root)
    this.reportUnknownComponents()
    return blocks
  }

  /**
   * A link definition no link uses renders nothing, but Docusaurus still resolves its markdown
   * file and reports it when it is missing: so does the importer (with the onBrokenMarkdownLinks policy).
   */
  private checkUnusedDefinitions(root: Root): void {
    const used = new Set<string>()
    const definitions: Definition[] = []
    const visit = (node: Nodes) => {
      if (node.type === 'linkReference' || node.type === 'imageReference') used.add(node.identifier)
      if (node.type === 'definition') definitions.push(node)
      if ('children' in node) for (const child of node.children) visit(child)
    }
    visit(root)
    for (const definition of definitions) {
      if (used.has(definition.identifier) || /^[a-z][a-z0-9+.-]*:/i.test(definition.url) || !/\.mdx?(#|$)/.test(definition.url)) continue
      this.context.resolveLink(definition.url, definition.position?.start.line ?? 0)
    }
  }

  /**
   * The blocks of one top-level piece of the body, checked against the content model: a piece the
   * conversion got wrong is shown as its source in a "not converted" block, with the problem, so that
   * one construct this importer misreads never stops the import of the whole site.
   */
  private checked(item: TreeItem, blocks: RichTextBlock[]): RichTextBlock[] {
    if (blocks.length === 0) return blocks
    const problems = checkRichText(withKeys(blocks))
    if (problems.length === 0) return blocks
    const shown = problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : '')
    return [this.unconverted(item.start, item.end, item.line, `the conversion of this part gives content the content model rejects (${shown})`)]
  }

  private parse(text: string, offsetDelta: number, lineDelta: number): Root {
    const features = this.context.features
    const root = (features?.indentedCode ? (features.math ? commonMarkMathParser : commonMarkParser) : features?.math ? mathParser : parser).parse(text)
    if (offsetDelta !== 0 || lineDelta !== 0) shiftPositions(root, offsetDelta, lineDelta)
    return root
  }

  /** A level-1 heading opening the body (after imports and comments) is the page's title, as in Docusaurus. */
  private takeContentTitle(children: RootContent[]): RootContent[] {
    const firstIndex = children.findIndex(
      (node) => node.type !== 'yaml' && !this.isModuleParagraph(node) && !(node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim())),
    )
    const first = children[firstIndex]
    if (first?.type !== 'heading' || first.depth !== 1) return children
    this.contentTitle = emojifyText(
      softBreaksToSpaces(mdxText(toString(first), this.constants))
        .replace(/\s*\{#[^}\s]+\}\s*$/, '')
        .trim(),
    )
    return children.filter((_, index) => index !== firstIndex)
  }

  // ---------------------------------------------------------------- items and tree

  /** Splits raw HTML and JSX-looking paragraphs into tags, raw HTML and the markdown between them. */
  private toItems(nodes: readonly RootContent[], around?: Position): FlowItem[] {
    const items: FlowItem[] = []
    let previous = around
    for (const node of nodes) {
      // Nodes a remark plugin made have no place in the file: they take that of the first node of the
      // file they hold (tab-blocks' code blocks), else of the node they follow.
      if (!node.position) {
        const at = firstPositionIn(node) ?? previous
        if (at) positionWithin(node, at)
      }
      previous = node.position ?? previous
      if ((node.type as string) === 'mdxjsEsm') continue
      if ((node.type as string) === 'mdxJsxFlowElement') {
        items.push(...this.pluginElement(node as unknown as PluginJsxElement))
        continue
      }
      const start = node.position?.start.offset ?? 0
      const end = node.position?.end.offset ?? start
      const line = node.position?.start.line ?? 0
      if (node.type === 'html' || (node.type === 'paragraph' && this.isJsxParagraph(node))) {
        const raw = node.type === 'html' ? node.value : this.source.text.slice(start, end)
        items.push(...this.splitHtml(raw, start, line))
        continue
      }
      items.push({kind: 'node', node, start, end, line})
    }
    return items
  }

  /**
   * A paragraph that is really markup remark could not read as HTML: one that starts with a
   * component tag, or with a tag whose attributes are JSX expressions (`src={useBaseUrl('/x.png')}`).
   */
  private isJsxParagraph(node: Paragraph): boolean {
    // Inline HTML of elements that are blocks on the page (a <video> or <iframe> written in a line).
    // An SVG imported as a component stays in its line, as the inline <svg> it draws.
    const blockTag = (html: string) => {
      const name = /^<\/?([a-zA-Z][\w.:-]*)/.exec(html)?.[1]
      return name !== undefined && tagKind(name) !== 'inline' && !this.assetImports.svgComponent(name) && !this.linkNames.has(name)
    }
    if (node.children.some((child) => child.type === 'html' && blockTag(child.value))) return true
    const text = this.nodeSource(node).trimStart()
    if (!/^<[a-zA-Z]/.test(text)) return false
    // Docusaurus's Link opening a line of text is a link in that text.
    if (/^<[A-Z]/.test(text)) return !this.linkNames.has(/^<([\w.]+)/.exec(text)?.[1] ?? '')
    const first = scanTags(text, () => true)[0]
    return (
      first !== undefined &&
      first.start === 0 &&
      Object.values(first.attributes).some((value) => typeof value === 'string' && /[{}]/.test(text.slice(first.start, first.end)))
    )
  }

  /** Tags of a piece of HTML/JSX: structural ones become tag items, tables and lists raw HTML, the rest inline markdown. */
  private splitHtml(raw: string, base: number, baseLine: number): FlowItem[] {
    const items: FlowItem[] = []
    // Line of an offset: a binary search in the newline offsets (a block of thousands of tags stays linear).
    const newlines: number[] = []
    for (let index = raw.indexOf('\n'); index !== -1; index = raw.indexOf('\n', index + 1)) newlines.push(index)
    const lineAt = (index: number) => {
      let low = 0
      let high = newlines.length
      while (low < high) {
        const middle = (low + high) >> 1
        if ((newlines[middle] ?? 0) < index) low = middle + 1
        else high = middle
      }
      return baseLine + low
    }
    const withoutComments = raw.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length))
    if (TRUNCATE_MARKERS.some((marker) => marker.test(raw.trim()))) {
      return [{kind: 'raw', html: raw.trim(), start: base, end: base + raw.length, line: baseLine}]
    }
    const tags = scanTags(withoutComments, () => true)
    let cursor = 0
    let inlineFrom = -1
    const flushInline = (to: number) => {
      if (inlineFrom === -1) return
      const text = raw.slice(inlineFrom, to)
      if (withoutComments.slice(inlineFrom, to).trim() !== '') items.push(...this.inlineRun(text, base + inlineFrom, lineAt(inlineFrom)))
      inlineFrom = -1
    }
    for (let index = 0; index < tags.length; index++) {
      const tag = tags[index]
      if (!tag) continue
      // Docusaurus's Link is an inline link, wherever it stands.
      const kind = this.linkNames.has(tag.name) ? 'inline' : tagKind(tag.name)
      if (kind === 'inline') {
        if (inlineFrom === -1) inlineFrom = cursor
        continue
      }
      // Text before a block tag joins the inline run in progress (or starts one).
      if (inlineFrom === -1 && withoutComments.slice(cursor, tag.start).trim() !== '') inlineFrom = cursor
      flushInline(tag.start)
      if (kind === 'raw' && tag.kind === 'open') {
        const close = findRawClose(tags, index)
        const endOffset = close === -1 ? raw.length : (tags[close]?.end ?? raw.length)
        items.push({kind: 'raw', html: raw.slice(tag.start, endOffset), start: base + tag.start, end: base + endOffset, line: lineAt(tag.start)})
        cursor = endOffset
        index = close === -1 ? tags.length : close
        continue
      }
      items.push({
        kind: 'tag',
        tag: {...tag, kind: tag.kind === 'open' && VOID_ELEMENTS.has(tag.name.toLowerCase()) ? 'self' : tag.kind},
        start: base + tag.start,
        end: base + tag.end,
        line: lineAt(tag.start),
      })
      cursor = tag.end
    }
    if (inlineFrom === -1 && withoutComments.slice(cursor).trim() !== '') inlineFrom = cursor
    flushInline(raw.length)
    return items
  }

  /** A JSX element a remark plugin put in the tree (`<Tabs>` of npm2yarn): its tags and its children, as if written in the text. */
  private pluginElement(node: PluginJsxElement): FlowItem[] {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    const line = node.position?.start.line ?? 0
    const attributes: Record<string, string | true> = {}
    const expressions = new Set<string>()
    for (const attribute of node.attributes ?? []) {
      if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.name !== 'string') continue
      const value = attribute.value
      if (value === null || value === undefined) attributes[attribute.name] = true
      else if (typeof value === 'string') attributes[attribute.name] = value
      else if (typeof value.value === 'string') {
        attributes[attribute.name] = value.value
        expressions.add(attribute.name)
      }
    }
    const name = node.name ?? ''
    const tag = (kind: TagToken['kind']): FlowItem => ({kind: 'tag', tag: {kind, name, attributes, expressions, start, end}, start, end, line})
    const children = node.children ?? []
    if (children.length === 0) return [tag('self')]
    return [tag('open'), ...this.toItems(children, node.position), tag('close')]
  }

  /** Inline markdown (text and inline HTML) found between tags: parsed as paragraphs of its own. */
  private inlineRun(text: string, offset: number, line: number): FlowItem[] {
    const {html: normalized, sourceOffset} = jsxAttributesToHtmlMapped(text, this.expressionValue)
    // A zero-width space in front keeps remark from reading a line that starts with a tag as an HTML block.
    const root = this.parse(`\u200b${normalized}`, offset - 1, line - 1)
    // Offsets back into the text as written (the zero-width space belongs to none of it).
    mapOffsets(root, (at) => offset + sourceOffset(Math.max(0, at - offset)))
    collectDefinitions(root, this.definitions)
    stripLeadingZeroWidth(root)
    return root.children.map((node) => ({
      kind: 'node' as const,
      node,
      start: node.position?.start.offset ?? offset,
      end: node.position?.end.offset ?? offset,
      line: node.position?.start.line ?? line,
    }))
  }

  /**
   * Matches open and close tags into elements; a stray close is reported, an unclosed element ends
   * with its parent. Elements nested deeper than MAX_NESTING are not nested further (reported once):
   * their content joins the deepest element kept.
   */
  private tree(items: FlowItem[]): TreeItem[] {
    const root: TreeItem[] = []
    const stack: Element[] = []
    const current = () => stack.at(-1)?.children ?? root
    // Open tags left out for depth, by name, so that their closing tags are left out too.
    const flattened = new Map<string, number>()
    for (const item of items) {
      if (item.kind !== 'tag') {
        current().push(item)
        continue
      }
      const {tag} = item
      if (tag.kind === 'open' && stack.length + (this.context.depth ?? 0) >= MAX_NESTING) {
        if (!this.reportedDepth) {
          this.reportedDepth = true
          this.context.warn({
            file: this.context.file,
            line: item.line,
            message: `elements are nested more than ${MAX_NESTING} deep here (<${tag.name}>): the deeper ones are not kept as elements, their content is kept in the element around them`,
          })
        }
        flattened.set(tag.name, (flattened.get(tag.name) ?? 0) + 1)
        continue
      }
      if (tag.kind === 'close' && (flattened.get(tag.name) ?? 0) > 0) {
        flattened.set(tag.name, (flattened.get(tag.name) ?? 0) - 1)
        continue
      }
      if (tag.kind === 'self') {
        current().push({kind: 'element', tag, children: [], start: item.start, end: item.end, line: item.line, closed: true})
      } else if (tag.kind === 'open') {
        const element: Element = {kind: 'element', tag, children: [], start: item.start, end: item.end, line: item.line, closed: false}
        current().push(element)
        stack.push(element)
      } else {
        const index = findLastIndex(stack, (element) => sameTag(element.tag.name, tag.name))
        if (index === -1) {
          this.context.warn({file: this.context.file, line: item.line, message: `closing tag </${tag.name}> without its opening tag; ignored`})
          continue
        }
        const element = stack[index]
        if (element) {
          element.closed = true
          element.end = item.end
        }
        // Elements opened inside it and never closed end with it.
        for (const open of stack.slice(index + 1))
          this.context.warn({file: this.context.file, line: open.line, message: `<${open.tag.name}> is never closed; its content is kept up to </${tag.name}>`})
        stack.splice(index)
      }
    }
    for (const open of stack)
      this.context.warn({
        file: this.context.file,
        line: open.line,
        message: `<${open.tag.name}> is never closed; its content is kept up to the end of what contains it`,
      })
    return root
  }

  // ---------------------------------------------------------------- flow

  private flow(items: readonly TreeItem[], nested: boolean): RichTextBlock[] {
    const blocks: RichTextBlock[] = []
    for (const item of items) {
      if (item.kind === 'element') blocks.push(...this.element(item, nested))
      else if (item.kind === 'raw') blocks.push(...this.rawHtml(item, nested))
      else blocks.push(...this.node(item.node, nested))
    }
    return blocks
  }

  private nestedFlow(items: readonly TreeItem[]): NestedBlock[] {
    return this.flow(items, true).filter(isNestedBlock)
  }

  private rawHtml(item: Extract<TreeItem, {kind: 'raw'}>, nested: boolean): RichTextBlock[] {
    const html = item.html.trim()
    if (TRUNCATE_MARKERS.some((marker) => marker.test(html))) return nested ? [] : [{_type: 'readMore'}]
    if (html === '') return []
    return [{_type: 'rawHtml', html}]
  }

  // ---------------------------------------------------------------- elements

  private element(element: Element, nested: boolean): RichTextBlock[] {
    const {tag} = element
    const name = tag.name
    const lower = name.toLowerCase()
    switch (name) {
      case 'Tabs':
        return this.tabs(element)
      case 'TabItem':
        this.context.warn({file: this.context.file, line: element.line, message: '<TabItem> outside <Tabs>: its content is shown without tabs'})
        return this.flow(element.children, nested)
      case 'Admonition':
        return [this.admonitionOf(attributeString(tag.attributes.type) ?? 'note', attributeString(tag.attributes.title), element.children, element)]
      case 'Details':
        return [this.details(element)]
      case 'TOCInline':
        return [{_type: 'tocInline', ...levelsOf(tag.attributes)}]
      case 'DocCardList':
        return [{_type: 'docCardList'}]
      case 'ThemedImage':
        return [this.themedImage(tag, element)]
      case 'CodeBlock':
        return [this.codeComponent(element)]
      case 'BrowserOnly':
      case 'Highlight':
        return this.flow(element.children, nested)
      default:
        break
    }
    if (this.idealImageNames.has(name)) {
      return [
        idealImageBlock(
          tag.attributes,
          this.context.file,
          element.line,
          this.context.features?.idealImage,
          (src, line) => this.context.resolveImage(src, line),
          (reason) => this.unconverted(element.start, element.end, element.line, reason),
        ),
      ]
    }
    const svg = this.assetImports.svgComponent(name)
    if (svg) return [this.svgComponent(svg, element)]
    const partial = this.partials.get(name)
    if (partial) return this.partial(partial, element, nested)
    if (/^[A-Z]/.test(name)) return this.siteComponent(element) ?? this.unknownComponent(element, nested)
    switch (lower) {
      case 'details':
        return [this.details(element)]
      case 'summary':
        // A summary outside details: its text as a paragraph.
        return this.flow(element.children, nested)
      case 'video':
        return [this.video(element)]
      case 'audio':
        return this.audio(element)
      case 'iframe':
        return this.iframe(element)
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return this.htmlHeading(element, Number(lower.slice(1)))
      case 'hr':
        return [{_type: 'rawHtml', html: '<hr />'}]
      case 'script':
      case 'style':
      case 'noscript':
      case 'object':
      case 'embed':
        this.context.warn({file: this.context.file, line: element.line, message: `<${lower}> is code of the page, which the site does not run; not shown`})
        return []
      case 'source':
      case 'track':
        return []
      default:
        // div, center, section, figure, p, blockquote, picture…: their content, without the element.
        return this.flow(element.children, nested)
    }
  }

  /** A markdown file used as a component: its content, converted, where the component stands. */
  private partial(specifier: string, element: Element, nested: boolean): RichTextBlock[] {
    const depth = (this.context.depth ?? 0) + 1
    const loaded = depth <= 5 ? (this.context.loadPartial?.(specifier) ?? null) : null
    if (!loaded) {
      this.context.warn({
        file: this.context.file,
        line: element.line,
        message:
          depth > 5
            ? `${specifier} is imported more than 5 levels deep; not inlined again`
            : `${specifier}, imported as <${element.tag.name}>, cannot be read; its content is missing`,
      })
      return []
    }
    const {preparedRoot: _ownTree, ...context} = this.context
    const own = this.context.forPartial?.(loaded.file) ?? {...context, file: loaded.file}
    const blocks = new Converter(loaded.text, {...own, depth}).convert()
    return nested ? blocks.filter(isNestedBlock) : blocks
  }

  /** A component of the site's own, rendered; null when it is not one or there is no renderer. */
  private siteComponent(element: Element): RichTextBlock[] | null {
    const name = element.tag.name
    const imported = this.componentImports.get(name)
    if (!imported || !this.context.renderComponent) return null
    const withContent = element.children.length > 0
    const rendered = this.context.renderComponent(imported, element.tag.attributes, element.tag.expressions ?? new Set(), withContent)
    if ('problem' in rendered) {
      this.context.warn({
        file: this.context.file,
        line: element.line,
        message: `<${name}> (a component of the site's own, from ${imported.specifier}) cannot be rendered here: ${rendered.problem}; ${withContent ? 'its content is kept without it' : 'it has no content of its own to keep'}`,
      })
      return this.flow(element.children, true)
    }
    if (rendered.markup.trim() === '') {
      // A component that renders nothing on the server (it only acts in the browser, from an effect):
      // Docusaurus's page shows nothing there either, and what it does in the browser is not kept.
      this.context.warn({
        file: this.context.file,
        line: element.line,
        message: `<${name}> (a component of the site's own, from ${imported.specifier}) renders nothing when the page is built; what it does in the browser is not kept${withContent ? ', nor the content it was given' : ''}`,
      })
      return []
    }
    const body = withContent ? this.flow(element.children, true).filter(isNestedBlock) : []
    return [{_type: 'siteComponent', name, markup: rendered.markup, ...(body.length > 0 ? {body} : {})}]
  }

  private unknownComponent(element: Element, nested: boolean): RichTextBlock[] {
    const name = element.tag.name
    const uses = this.unknownUses.get(name) ?? {lines: [], withContent: false}
    uses.lines.push(element.line)
    uses.withContent ||= element.children.length > 0
    this.unknownUses.set(name, uses)
    return this.flow(element.children, nested)
  }

  /** One warning per unknown component of the file, at its first use, counting the others. */
  private reportUnknownComponents(): void {
    for (const [name, {lines, withContent}] of this.unknownUses) {
      const origin = this.siteComponents.has(name) ? "a component of the site's own" : 'a component'
      const kept = withContent ? 'its content is kept without it' : 'it has no content of its own to keep'
      const [first = 0, ...others] = lines
      const more =
        others.length === 0
          ? ''
          : ` (also at line${others.length > 1 ? 's' : ''} ${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''} of this file)`
      this.context.warn({file: this.context.file, line: first, message: `<${name}> is ${origin}, which cannot be imported: ${kept}${more}`})
    }
  }

  private tabs(element: Element): RichTextBlock[] {
    const {tag} = element
    const labels = typeof tag.attributes.values === 'string' ? tabsValueLabels(tag.attributes.values) : new Map<string, string>()
    const defaultValue = attributeString(tag.attributes.defaultValue)
    const panels: TabPanel[] = []
    const stray: RichTextBlock[] = []
    for (const child of element.children) {
      if (child.kind === 'element' && child.tag.name === 'TabItem') {
        const value = attributeString(child.tag.attributes.value) ?? `tab-${panels.length + 1}`
        const label = attributeString(child.tag.attributes.label) ?? labels.get(value) ?? value
        const isDefault = attributeFlag(child.tag.attributes.default) || defaultValue === value
        panels.push({_type: 'tabPanel', value, label, ...(isDefault ? {isDefault: true} : {}), body: this.nestedFlow(child.children)})
      } else if (child.kind !== 'node' || !isBlank(child.node)) {
        stray.push(...this.flow([child], true))
      }
    }
    if (panels.length === 0) {
      this.context.warn({file: this.context.file, line: element.line, message: '<Tabs> without any <TabItem>: its content is shown without tabs'})
      return stray
    }
    const groupId = attributeString(tag.attributes.groupId)
    // Content between tab items has no place in the tabs; it follows them so that nothing is lost.
    return [{_type: 'tabs', ...(groupId ? {groupId} : {}), panels}, ...stray]
  }

  private details(element: Element): RichTextBlock {
    const summaryElement = element.children.find((child): child is Element => child.kind === 'element' && child.tag.name.toLowerCase() === 'summary')
    const rest = element.children.filter((child) => child !== summaryElement)
    const summaryProp = attributeString(element.tag.attributes.summary)
    const summary = summaryElement ? this.inlineMarkupOf(summaryElement.children) : summaryProp ? this.summaryOfProp(summaryProp, element.start) : ''
    const className = attributeString(element.tag.attributes.className) ?? attributeString(element.tag.attributes.class)
    const open = element.tag.attributes.open !== undefined && element.tag.attributes.open !== 'false' && element.tag.attributes.open !== '{false}'
    return {
      _type: 'details',
      summary: summary || 'Details',
      ...(open ? {open: true} : {}),
      ...(className ? {className} : {}),
      body: this.nestedFlow(rest),
    }
  }

  /**
   * The `summary` prop of `<Details>`: a string, or JSX such as `{<summary>Why <b>this</b>?</summary>}`,
   * whose text (with its inline markup) is the summary, as Docusaurus shows it.
   */
  private summaryOfProp(value: string, tagStart: number): string {
    const jsx = /^<summary\b[^>]*>([\s\S]*)<\/summary>$/i.exec(value.trim()) ?? /^<>([\s\S]*)<\/>$/.exec(value.trim())
    if (!jsx && !value.trim().startsWith('<')) return value
    const inner = (jsx ? (jsx[1] ?? '') : value).trim()
    // Parsed where it stands in the file, so that lines and source offsets stay right.
    const at = Math.max(0, this.source.text.indexOf(inner, tagStart))
    const root = this.parse(`\u200b${jsxAttributesToHtml(inner, this.expressionValue)}`, at - 1, countNewlines(this.source.text.slice(0, at)))
    stripLeadingZeroWidth(root)
    const paragraphs = root.children.filter((node): node is Paragraph => node.type === 'paragraph')
    return emojifyMarkup(
      paragraphs
        .map((paragraph) => toInlineMarkup(paragraph.children, this.inlineEnv))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
  }

  /** The inline markup of elements' children (a summary): their paragraphs' text, joined. */
  private inlineMarkupOf(children: readonly TreeItem[]): string {
    const parts: string[] = []
    for (const child of children) {
      if (child.kind === 'node' && child.node.type === 'paragraph') parts.push(toInlineMarkup(child.node.children, this.inlineEnv))
      else if (child.kind === 'node' && 'children' in child.node) parts.push(toString(child.node))
      else if (child.kind === 'element') {
        const inner = this.inlineMarkupOf(child.children)
        const href = child.tag.name.toLowerCase() === 'a' ? attributeString(child.tag.attributes.href) : undefined
        const target = href && inner ? this.context.resolveLink(href, child.line) : null
        parts.push(target ? `[${inner}](${target})` : inner)
      }
    }
    return emojifyMarkup(parts.join(' ').replace(/\s+/g, ' ').trim())
  }

  private video(element: Element): RichTextBlock {
    const {attributes} = element.tag
    const sources: VideoBlock['sources'] = []
    const addSource = (src: string | undefined, type: string | undefined) => {
      if (!src) return
      const resolved = this.context.resolveFile ? this.context.resolveFile(src, element.line) : ({url: src} as ResolvedFile)
      if ('problem' in resolved) {
        this.context.warn({file: this.context.file, line: element.line, message: `video source: ${resolved.problem}`})
        return
      }
      sources.push({_type: 'videoSource', ...('url' in resolved ? {url: resolved.url} : {file: resolved}), ...(type ? {mimeType: type} : {})})
    }
    addSource(this.pathAttribute(element.tag, 'src'), attributeString(attributes.type))
    for (const child of flatten(element.children)) {
      if (child.kind === 'element' && child.tag.name.toLowerCase() === 'source')
        addSource(this.pathAttribute(child.tag, 'src'), attributeString(child.tag.attributes.type))
    }
    if (sources.length === 0) return this.unconverted(element.start, element.end, element.line, 'a video without a source that can be found')
    const flag = (name: string) => attributes[name] !== undefined && attributes[name] !== '{false}' && attributes[name] !== 'false'
    const poster = this.pathAttribute(element.tag, 'poster')
    const posterImage = poster ? this.context.resolveImage(poster, element.line) : undefined
    const title = attributeString(attributes.title) ?? attributeString(attributes['aria-label'])
    const width = attributeString(attributes.width)
    const height = attributeString(attributes.height)
    // What the element says besides its sources: the text a browser shows when it cannot play it.
    const fallback = this.inlineMarkupOf(
      element.children.filter((child) => !(child.kind === 'element' && ['source', 'track'].includes(child.tag.name.toLowerCase()))),
    )
    return {
      _type: 'video',
      sources,
      ...(title ? {title} : {}),
      ...(fallback ? {fallback} : {}),
      ...(posterImage && '_sanityAsset' in posterImage ? {poster: posterImage} : {}),
      controls: flag('controls'),
      ...(flag('autoplay') || flag('autoPlay') ? {autoPlay: true} : {}),
      ...(flag('loop') ? {loop: true} : {}),
      ...(flag('muted') ? {muted: true} : {}),
      ...(width ? {width} : {}),
      ...(height ? {height} : {}),
    }
  }

  /** Audio has no block of its own: a paragraph linking to the file keeps it reachable. */
  private audio(element: Element): RichTextBlock[] {
    const src =
      attributeString(element.tag.attributes.src) ??
      flatten(element.children).flatMap((child) =>
        child.kind === 'element' && child.tag.name.toLowerCase() === 'source' ? [attributeString(child.tag.attributes.src)] : [],
      )[0]
    this.context.warn({file: this.context.file, line: element.line, message: '<audio> is shown as a link to its file'})
    if (!src) return []
    const href = this.context.resolveLink(src, element.line)
    if (href === null) return []
    return [textBlock('normal', [{_type: 'span', text: src.split('/').at(-1) ?? src, marks: ['link-audio']}], [{_type: 'link', _key: 'link-audio', href}])]
  }

  private iframe(element: Element): RichTextBlock[] {
    const {attributes} = element.tag
    const written = attributeString(attributes.src) ?? ''
    const url = written.replace(/^https:\/\/(?:www\.)?youtube\.com\/embed\//, 'https://www.youtube-nocookie.com/embed/')
    const title = attributeString(attributes.title)
    const problem = url ? embedUrlProblem(url) : 'no address'
    if (!problem) {
      if (!title) this.context.warn({file: this.context.file, line: element.line, message: 'an iframe needs a title for screen readers; its address is used'})
      const height = Number.parseInt(attributeString(attributes.height) ?? '', 10)
      return [{_type: 'embed', url, title: title ?? url, ...(Number.isNaN(height) ? {} : {height: Math.min(1200, Math.max(100, height))})}]
    }
    if (!written) return [this.unconverted(element.start, element.end, element.line, 'an iframe without an address')]
    // Pages of other sites are not framed here: a link to the page keeps it one click away.
    const host = URL.canParse(written) ? new URL(written).hostname : written
    this.context.warn({
      file: this.context.file,
      line: element.line,
      message: `an iframe of ${host} is shown as a link to the page (embeds are allowed from ${problem.startsWith('Embeds from') ? 'the hosts of the content model' : 'https addresses of the allowed hosts'} only)`,
    })
    const label = title ? `${title} (${host})` : written
    return [textBlock('normal', [{_type: 'span', text: label, marks: ['link-embed']}], [{_type: 'link', _key: 'link-embed', href: written}])]
  }

  private htmlHeading(element: Element, depth: number): RichTextBlock[] {
    const text = this.inlineMarkupOf(element.children)
    const id = attributeString(element.tag.attributes.id)
    const level = Math.max(2, depth)
    if (id) return [{_type: 'heading', level, text, anchor: id}]
    return [textBlock(`h${level}` as BlockStyle, [{_type: 'span', text: text.replace(/[*`]/g, ''), marks: []}], [])]
  }

  /** An attribute holding an address: as written, or what its `{…}` expression names (an imported image, `require('…')`). */
  private pathAttribute(tag: TagToken, name: string): string | undefined {
    const value = tag.attributes[name]
    if (typeof value === 'string' && tag.expressions?.has(name)) return this.assetImports.expressionPath(value)
    return attributeString(value)
  }

  /** What an attribute's `{…}` expression gives in the HTML read from JSX: an imported image's or a required file's path. */
  private readonly expressionValue = (expression: string): string | undefined => this.assetImports.expressionPath(expression)

  /** An SVG imported as a component (`<Diagram />`): the image it draws (handlers/asset-imports.ts). */
  private svgComponent(asset: AssetImport, element: Element): RichTextBlock {
    const drawn = svgComponentImage(asset, element.tag.attributes, this.context.resolveImage(asset.path, element.line), (missing) =>
      this.context.missed?.('@docusaurus/plugin-svgr', element.line, missing),
    )
    return 'problem' in drawn ? this.unconverted(element.start, element.end, element.line, drawn.problem) : drawn
  }

  private themedImage(tag: TagToken, element: Element): RichTextBlock {
    const sources =
      typeof tag.attributes.sources === 'string'
        ? themedImageSources(tag.attributes.sources, (value) => this.assetImports.expressionPath(value, element.line))
        : {}
    if (!sources.light) return this.unconverted(element.start, element.end, element.line, '<ThemedImage> without a light source')
    const light = this.context.resolveImage(sources.light, element.line)
    if ('problem' in light) return this.unconverted(element.start, element.end, element.line, light.problem)
    const dark = sources.dark ? this.context.resolveImage(sources.dark, element.line) : undefined
    if (dark && 'problem' in dark) return this.unconverted(element.start, element.end, element.line, dark.problem)
    const alt = attributeString(tag.attributes.alt)
    return {_type: 'themedImage', ...imageSide('light', light), ...(dark ? imageSide('dark', dark) : {}), ...(alt !== undefined ? {alt} : {})}
  }

  /** `<CodeBlock language="js" title="x.js">{`code`}</CodeBlock>`. */
  private codeComponent(element: Element): RichTextBlock {
    const {attributes} = element.tag
    const inner = this.source
      .slice(element.start, element.end)
      .replace(/^<CodeBlock\b[^>]*>/, '')
      .replace(/<\/CodeBlock>\s*$/, '')
    const literal = /^\s*\{\s*(['"`])([\s\S]*)\1\s*\}\s*$/.exec(inner)
    const code = literal ? (literal[2] ?? '').replace(/\\(`|\$\{)/g, '$1') : inner.replace(/^\n+|\n+$/g, '')
    const lines = typeof attributes.metastring === 'string' ? attributes.metastring : ''
    const fence = convertFence(
      attributeString(attributes.language) ?? null,
      [lines, attributeString(attributes.title) ? `title="${attributeString(attributes.title)}"` : ''].join(' '),
      code.replace(/^\n/, '').replace(/\n\s*$/, ''),
    )
    return {
      _type: 'codeBlock',
      language: fence.language,
      ...(fence.title ? {title: fence.title} : {}),
      code: fence.code,
      ...(fence.highlightedLines.length > 0 ? {highlightedLines: fence.highlightedLines} : {}),
    }
  }

  // ---------------------------------------------------------------- markdown nodes

  private node(node: RootContent, nested: boolean): RichTextBlock[] {
    switch (node.type) {
      case 'yaml':
      case 'definition':
        return []
      case 'heading':
        return this.heading(node)
      case 'paragraph':
        return this.paragraph(node, 'normal')
      case 'blockquote':
        return quoteContent(node).flatMap((child) =>
          child.type === 'paragraph' ? this.paragraph(child, 'blockquote') : this.flow(this.tree(this.toItems([child])), nested),
        )
      case 'list':
        return this.list(node, 1, nested)
      case 'code': {
        if (node.lang === 'mermaid' && this.context.features?.mermaid) {
          const title = /\btitle=(["'])(.*?)\1/.exec(node.meta ?? '')?.[2]
          const line = node.position?.start.line ?? 0
          return [
            mermaidBlockOf(node.value, title, line, this.context.features.diagramProblem?.(node.value), (at, message) =>
              this.context.warn({file: this.context.file, line: at, message}),
            ),
          ]
        }
        codeFenceNotes(node, this.context)
        const fence = convertFence(node.lang, node.meta, node.value)
        if (!fence.known) this.warn(node, `code language "${node.lang}" is not one the highlighter knows; it is shown as plain text`)
        if (this.isUnclosedFence(node)) {
          this.warn(
            node,
            `this code block's ${this.nodeSource(node).trimStart().slice(0, 3)} fence is never closed: everything after it, to the end of ${nested ? 'what contains it' : 'the file'}, is code (as Docusaurus shows it); close it where the code ends`,
          )
        }
        return [
          {
            _type: 'codeBlock',
            language: fence.language,
            ...(fence.title ? {title: fence.title} : {}),
            code: fence.code,
            ...(fence.highlightedLines.length > 0 ? {highlightedLines: fence.highlightedLines} : {}),
          },
        ]
      }
      case 'containerDirective':
        return this.directive(node, nested)
      case 'leafDirective':
        return this.paragraphOfText(this.nodeSource(node), node)
      case 'table':
        return [this.table(node)]
      case 'html':
        return this.flow(this.tree(this.toItems([node])), nested)
      case 'thematicBreak':
        return [{_type: 'rawHtml', html: '<hr />'}]
      case 'math' as RootContent['type']:
        return [mathBlockOf(node as unknown as MathNode, (line, message) => this.context.warn({file: this.context.file, line, message}))]
      case 'footnoteDefinition': {
        if (!this.footnotes.shownInPlace(node)) return []
        const [first, ...rest] = node.children
        const label = `[${node.label ?? node.identifier}] `
        const opening =
          first?.type === 'paragraph'
            ? this.paragraph({...first, children: [{type: 'text', value: label}, ...first.children]}, 'normal')
            : this.paragraphOfText(label, node)
        return [...opening, ...this.flow(this.tree(this.toItems(first?.type === 'paragraph' ? rest : node.children)), nested)]
      }
      case 'image':
      case 'imageReference':
        // An image where a block stands: a site's remark plugin that draws a code block as a picture
        // (a diagram service's address) leaves one; it is shown as the paragraph Docusaurus makes of it.
        return this.paragraph({type: 'paragraph', children: [node], ...(node.position ? {position: node.position} : {})}, 'normal')
      default:
        return [this.unconvertedNode(node, `markdown "${node.type}" is not supported`)]
    }
  }

  /** A fenced code block without its closing fence: CommonMark runs it to the end of its container. */
  private isUnclosedFence(node: Nodes): boolean {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start === undefined || end === undefined) return false
    // Without the prefixes of the containers it stands in (block quotes, list indentation).
    const lines = this.source.text
      .slice(start, end)
      .split('\n')
      .map((line) => line.replace(/^[\s>]*/, ''))
    const opening = /^(`{3,}|~{3,})/.exec(lines[0] ?? '')?.[1]
    if (!opening) return false // an indented code block
    const last = (lines.at(-1) ?? '').trimEnd()
    const closed = lines.length > 1 && last.length >= opening.length && last === (opening[0] ?? '').repeat(last.length)
    return !closed
  }

  private heading(node: Heading): RichTextBlock[] {
    const children = [...node.children]
    const last = children.at(-1)
    let anchor: string | undefined
    if (last?.type === 'text') {
      const match = /\s*\{#([^}\s]+)\}\s*$/.exec(last.value)
      if (match) {
        anchor = match[1]
        children[children.length - 1] = {...last, value: last.value.slice(0, match.index)}
      }
    }
    // A level-1 heading that does not open the body: the page has one title, so it is shown as h2.
    const level = Math.max(2, node.depth)
    if (anchor) return [{_type: 'heading', level, text: emojifyMarkup(toInlineMarkup(children, this.inlineEnv).trim()), anchor}]
    return this.paragraph({...node, type: 'paragraph', children}, `h${level}` as BlockStyle)
  }

  private paragraph(node: Paragraph, style: BlockStyle, list?: {listItem: 'bullet' | 'number'; level: number}): RichTextBlock[] {
    const text = this.nodeSource(node).trim()
    if (TRUNCATE_MARKERS.some((marker) => marker.test(text))) return [{_type: 'readMore'}]
    if (this.isModuleParagraph(node)) return this.moduleLines(node)
    const {paragraph: withPlaceholders, formulas} = withMathPlaceholders(this.withHtmlAttributes(node))
    const inline = convertInline(withPlaceholders.children, this.inlineEnv)
    const meaningful = inline.pieces.filter((piece) => piece.kind !== 'text' || piece.text.trim() !== '')
    // A paragraph of images only (a figure, a row of badges) becomes image blocks; images in text stay inline.
    if (style === 'normal' && !list && meaningful.length > 0 && meaningful.every((piece) => piece.kind === 'image')) {
      return meaningful.map((piece) => (piece.kind === 'image' ? this.imageBlock(piece, node) : this.unconvertedNode(node, 'unreachable')))
    }
    const children: TextBlock['children'] = []
    let pending: Extract<InlinePiece, {kind: 'text'}>[] = []
    const flush = () => {
      if (pending.length > 0)
        children.push(...piecesToSpans(pending).map((span) => (span.marks.includes('code') ? span : {...span, text: emojifyText(span.text)})))
      pending = []
    }
    for (const piece of inline.pieces) {
      if (piece.kind === 'text') {
        pending.push(piece)
        continue
      }
      flush()
      if (piece.kind === 'footnote') {
        children.push(piece.footnote)
        continue
      }
      const image = this.inlineImage(piece)
      if (image) children.push(image)
    }
    flush()
    const trimmed = spliceInlineMath(
      trimChildren(children) as Array<Exclude<TextBlock['children'][number], {_type: 'mathInline'}>>,
      formulas,
      (line, message) => this.context.warn({file: this.context.file, line, message}),
    )
    if (trimmed.length === 0) return []
    const used = new Set(trimmed.flatMap((child) => (child._type === 'span' ? child.marks : [])))
    return [
      textBlock(
        style,
        trimmed,
        inline.markDefs.filter((def) => used.has(def._key)),
        list,
      ),
    ]
  }

  /**
   * A paragraph whose inline tags have JSX attributes (`<span style={{color: 'crimson'}}>`): remark
   * cannot read such a tag as HTML and leaves it as text, so the paragraph is read again with the
   * attributes written as HTML, as MDX would have compiled them.
   */
  private withHtmlAttributes(node: Paragraph): Paragraph {
    const start = node.position?.start.offset
    if (start === undefined) return node
    const jsxTag = /<[a-zA-Z][\w.:-]*\s[^<>]*=\s*\{/
    // Only in text: code spans keep what they show.
    const texts: {start: number; end: number}[] = []
    const visit = (child: Nodes) => {
      if (child.type === 'text' && jsxTag.test(child.value) && child.position?.start.offset !== undefined && child.position.end.offset !== undefined)
        texts.push({start: child.position.start.offset, end: child.position.end.offset})
      else if ('children' in child) for (const grandchild of child.children) visit(grandchild)
    }
    visit(node)
    if (texts.length === 0) return node
    let normalized = this.source.text.slice(start, node.position?.end.offset ?? start)
    for (const range of texts.reverse()) {
      normalized =
        normalized.slice(0, range.start - start) +
        jsxAttributesToHtml(this.source.text.slice(range.start, range.end), this.expressionValue) +
        normalized.slice(range.end - start)
    }
    const root = this.parse(`\u200b${normalized}`, start - 1, (node.position?.start.line ?? 1) - 1)
    stripLeadingZeroWidth(root)
    const [only, ...others] = root.children
    return only?.type === 'paragraph' && others.length === 0 ? only : node
  }

  private paragraphOfText(text: string, node: Nodes): RichTextBlock[] {
    const value = text.trim()
    if (!value) return []
    void node
    return [textBlock('normal', [{_type: 'span', text: value, marks: []}], [])]
  }

  private imageBlock(piece: Extract<InlinePiece, {kind: 'image'}>, node: Paragraph): RichTextBlock {
    const resolved = this.context.resolveImage(piece.src, piece.line)
    if ('problem' in resolved) return this.unconvertedNode(node, resolved.problem)
    const block: ThemedImageBlock = {_type: 'themedImage', ...imageSide('light', resolved), alt: piece.alt}
    if (piece.title) block.caption = piece.title
    if (piece.href) block.href = piece.href
    if (piece.width) block.width = piece.width
    if (piece.height) block.height = piece.height
    return block
  }

  private inlineImage(piece: Extract<InlinePiece, {kind: 'image'}>): InlineImage | null {
    const resolved = this.context.resolveImage(piece.src, piece.line)
    if ('problem' in resolved) {
      this.context.warn({file: this.context.file, line: piece.line, message: `${resolved.problem}; its alternative text is shown instead`})
      return null
    }
    return {
      _type: 'inlineImage',
      ...('url' in resolved ? {url: resolved.url} : {image: resolved}),
      ...(piece.alt ? {alt: piece.alt} : {}),
      ...(piece.href ? {href: piece.href} : {}),
      ...(piece.width ? {width: piece.width} : {}),
      ...(piece.height ? {height: piece.height} : {}),
    }
  }

  /** A paragraph of MDX `import`/`export` lines: JavaScript of the page, not content. */
  /** As MDX reads it: a paragraph that starts with `import` or `export` is JavaScript up to the next blank line. */
  private isModuleParagraph(node: RootContent): boolean {
    if (node.type !== 'paragraph') return false
    return /^(import\s+[\w{*'"]|export\s+(const|let|var|function|default|\{))/.test(this.nodeSource(node).trimStart())
  }

  private moduleLines(node: Paragraph): RichTextBlock[] {
    const source = this.nodeSource(node)
    const firstLine = node.position?.start.line ?? 0
    const lines = source.split('\n')
    // Each statement is reported at its own line. A constant with a literal value is printed where the text uses it.
    const exportAt = lines.findIndex((text) => /^\s*export\b/.test(text) && literalConstant(text) === null)
    if (exportAt !== -1) {
      this.context.warn({file: this.context.file, line: firstLine + exportAt, message: 'an MDX export is JavaScript of the page, not content: not imported'})
    }
    this.readImports(node, true)
    return []
  }

  /**
   * Knows the names a paragraph of import lines gives (partials, images, the site's components), and
   * with `report`, warns of the imports of components that are not imported. MDX hoists imports, so
   * they are read once before the body is converted (a name may be used above its import), and
   * reported where they stand.
   */
  private readImports(node: Paragraph, report: boolean): void {
    const firstLine = node.position?.start.line ?? 0
    const lines = this.nodeSource(node).split('\n')
    for (const [index, importLine] of lines.entries()) {
      const line = firstLine + index
      const match = /^\s*import\s+(?:(\w+)|\{([^}]*)\}|(\w+)\s*,\s*\{([^}]*)\})\s+from\s+['"]([^'"]+)['"]/.exec(importLine)
      if (!match) continue
      const names = [
        match[1],
        match[3],
        ...(match[2] ?? match[4] ?? '').split(',').map((entry) =>
          entry
            .trim()
            .split(/\s+as\s+/)
            .at(-1),
        ),
      ].filter((name): name is string => Boolean(name))
      const from = match[5] ?? ''
      if (from === '@theme/IdealImage' && match[1]) this.idealImageNames.add(match[1])
      if (from === '@docusaurus/Link' && match[1]) this.linkNames.add(match[1])
      if (classifyImportLine(importLine) === 'known') continue
      if (this.assetImports.addImportLine(importLine, line)) continue
      if (/\.mdx?$/.test(from) && match[1]) {
        this.partials.set(match[1], from)
        continue
      }
      for (const name of names) if (!THEME_COMPONENTS.has(name)) this.siteComponents.add(name)
      const rendered = this.context.renderComponent ? componentImports(importLine.trim()) : []
      for (const component of rendered) this.componentImports.set(component.local, component)
      // Components of the site's own files are rendered where they are used (a failure is said there).
      if (!report || (rendered.length > 0 && rendered.length === names.length)) continue
      this.context.warn({
        file: this.context.file,
        line,
        message: `imports ${names.join(', ')} from ${from}: components of the site are not imported (their content is kept where they are used)`,
      })
    }
  }

  private list(node: List, level: number, nested: boolean): RichTextBlock[] {
    const listItem = node.ordered ? 'number' : 'bullet'
    return node.children.flatMap((item) => {
      // The item's content is one flow, so that a tag opened in one of its blocks and closed in a
      // later one (`<details>`, then an indented code fence, then `</details>`) holds what is between.
      const items = item.children.flatMap((child, index): FlowItem[] => {
        if (child.type !== 'paragraph' && child.type !== 'list') return this.toItems([child])
        const checkbox = child.type === 'paragraph' && index === 0 && typeof item.checked === 'boolean' ? (item.checked ? '☑ ' : '☐ ') : ''
        const kept = checkbox && child.type === 'paragraph' ? {...child, children: [{type: 'text' as const, value: checkbox}, ...child.children]} : child
        const start = child.position?.start.offset ?? 0
        return [{kind: 'node', node: kept, start, end: child.position?.end.offset ?? start, line: child.position?.start.line ?? 0}]
      })
      const blocks = this.tree(items).flatMap((entry): RichTextBlock[] => {
        if (entry.kind === 'node' && entry.node.type === 'paragraph') return this.paragraph(entry.node, 'normal', {listItem, level})
        if (entry.kind === 'node' && entry.node.type === 'list') return this.list(entry.node, level + 1, nested)
        return this.flow([entry], nested)
      })
      return itemBlocks(blocks, listItem, level)
    })
  }

  private directive(node: ContainerDirective, nested: boolean): RichTextBlock[] {
    const name = node.name.toLowerCase()
    const [first, ...rest] = node.children
    const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel === true
    const children = hasLabel ? rest : node.children
    const options = this.context.admonitions
    const added = options?.keywords.some((keyword) => keyword.toLowerCase() === name) ?? false
    const builtIn =
      options?.extendDefaults === false
        ? undefined
        : (ADMONITION_KINDS as readonly string[]).includes(name)
          ? (name as AdmonitionKind)
          : ADMONITION_ALIASES[name]?.kind
    // A keyword the config adds has no box of its own in Docusaurus's theme: it shows the info box
    // (with its "info" title) unless the site's theme gives it a component, which is not imported.
    const kind = builtIn ?? (added ? 'info' : undefined)
    if (added && !builtIn) {
      this.warn(
        node,
        `:::${node.name} is a keyword the config adds (${options?.file}, ${options?.field}.keywords): shown as an info box, as Docusaurus shows a keyword its theme has no component for; a component of the site's theme for it is not imported`,
      )
    }
    if (!kind) {
      // Not an admonition keyword: Docusaurus warns ("unused Markdown directives") and renders the
      // content in a plain <div>, without a box or title, the ::: lines gone. The label, if any, stays as text.
      this.warn(
        node,
        `:::${node.name} is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)`,
      )
      return this.flow(this.tree(this.toItems(node.children)), nested)
    }
    const label = hasLabel
      ? emojifyText(softBreaksToSpaces(mdxText(toString(first), this.constants))).trim()
      : typeof node.attributes?.title === 'string'
        ? node.attributes.title
        : ADMONITION_ALIASES[name]?.title
    const body = this.nestedFlow(this.tree(this.toItems(children)))
    const block: AdmonitionBlock = {_type: 'admonition', kind, ...(label ? {title: label} : {}), body}
    return [block]
  }

  private admonitionOf(type: string, title: string | undefined, children: readonly TreeItem[], element: Element): RichTextBlock {
    const name = type.toLowerCase()
    const kind = (ADMONITION_KINDS as readonly string[]).includes(name) ? (name as AdmonitionKind) : (ADMONITION_ALIASES[name]?.kind ?? 'note')
    if (kind === 'note' && name !== 'note' && !ADMONITION_ALIASES[name])
      this.context.warn({file: this.context.file, line: element.line, message: `<Admonition type="${type}">: not a kind Docusaurus knows; shown as a note`})
    const label = title ?? ADMONITION_ALIASES[name]?.title
    return {_type: 'admonition', kind, ...(label ? {title: label} : {}), body: this.nestedFlow(children)}
  }

  private table(node: Table): RichTextBlock {
    return {
      _type: 'table',
      rows: node.children.map((row) => ({
        _type: 'tableRow' as const,
        // A <br> in a cell breaks the line there, as in Docusaurus.
        cells: row.children.map((cell) => emojifyMarkup(toInlineMarkup(cell.children, this.inlineEnv, '\n').trim())),
      })),
      align: (node.align ?? []).map((align) => align ?? 'none'),
    }
  }

  // ---------------------------------------------------------------- fallback and helpers

  private nodeSource(node: Nodes | PhrasingContent): string {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    return start === undefined || end === undefined ? toString(node) : this.source.slice(start, end)
  }

  private warn(node: Nodes, message: string): void {
    this.context.warn({file: this.context.file, line: node.position?.start.line ?? 0, message})
  }

  private unconvertedNode(node: Nodes, reason: string): UnconvertedBlock {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    return this.unconverted(start, end, node.position?.start.line ?? 0, reason)
  }

  private unconverted(start: number, end: number, line: number, reason: string): UnconvertedBlock {
    this.context.warn({file: this.context.file, line, message: `${reason}; kept verbatim in a "not converted" block`})
    return {_type: 'unconverted', source: this.source.slice(start, end), reason, location: `${this.context.file}:${line}`}
  }
}

/** `export const name = 18;` (a number, string, boolean or plain template literal): [name, printed value], else null. */
function literalConstant(line: string): [string, string] | null {
  const match = /^\s*export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(-?\d+(?:\.\d+)?|true|false|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`$]*`)\s*;?\s*$/.exec(line)
  if (!match?.[1] || match[2] === undefined) return null
  const value = match[2]
  return [match[1], /^['"`]/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value]
}

function collectConstants(source: string, into: Map<string, string>): void {
  for (const line of source.split('\n')) {
    const constant = literalConstant(line)
    if (constant) into.set(constant[0], constant[1])
  }
}

/** A JSX element of mdast-util-mdx-jsx, as remark plugins build them. */
interface PluginJsxElement {
  type: 'mdxJsxFlowElement'
  name?: string | null
  attributes?: Array<{type: string; name?: string; value?: string | null | {value?: unknown}}>
  children?: RootContent[]
  position?: Position
}

function firstPositionIn(node: Nodes): Position | undefined {
  if (node.position) return node.position
  if ('children' in node) {
    for (const child of node.children) {
      const found = firstPositionIn(child)
      if (found) return found
    }
  }
  return undefined
}

/** Gives a node without a place in the file (and its children without one) the place `at`. */
function positionWithin(node: Nodes, at: Position): void {
  if (!node.position) node.position = {start: {...at.start}, end: {...at.end}}
  if ('children' in node) for (const child of node.children) positionWithin(child, node.position)
}

/** Whether a tag is of an element matched into the tree, kept raw, or inline. */
function tagKind(name: string): 'structural' | 'raw' | 'inline' {
  if (/^[A-Z]/.test(name)) return 'structural'
  const lower = name.toLowerCase()
  if (RAW_ELEMENTS.has(lower)) return 'raw'
  if (STRUCTURAL_ELEMENTS.has(lower)) return 'structural'
  return 'inline'
}

function findRawClose(tags: readonly TagToken[], openIndex: number): number {
  const name = tags[openIndex]?.name.toLowerCase()
  let depth = 0
  for (let index = openIndex; index < tags.length; index++) {
    const tag = tags[index]
    if (!tag || tag.name.toLowerCase() !== name) continue
    if (tag.kind === 'open') depth++
    else if (tag.kind === 'close') depth--
    if (depth === 0) return index
  }
  return -1
}

function sameTag(a: string, b: string): boolean {
  return /^[A-Z]/.test(a) || /^[A-Z]/.test(b) ? a === b : a.toLowerCase() === b.toLowerCase()
}

function findLastIndex<T>(list: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = list.length - 1; index >= 0; index--) if (predicate(list[index] as T)) return index
  return -1
}

function flatten(items: readonly TreeItem[]): TreeItem[] {
  return items.flatMap((item) => (item.kind === 'element' ? [item, ...flatten(item.children)] : [item]))
}

function levelsOf(attributes: TagToken['attributes']): {minLevel?: number; maxLevel?: number} {
  const min = Number.parseInt(attributeString(attributes.minHeadingLevel) ?? '', 10)
  const max = Number.parseInt(attributeString(attributes.maxHeadingLevel) ?? '', 10)
  return {...(Number.isNaN(min) ? {} : {minLevel: min}), ...(Number.isNaN(max) ? {} : {maxLevel: max})}
}

function imageSide(which: 'light' | 'dark', image: ImageValue | {url: string}): Partial<ThemedImageBlock> {
  return 'url' in image ? {[`${which}Url`]: image.url} : {[which]: image}
}

function isBlank(node: RootContent): boolean {
  return node.type === 'paragraph' && toString(node).trim() === ''
}

function textBlock(
  style: BlockStyle,
  children: TextBlock['children'],
  markDefs: MarkDefinition[],
  list?: {listItem: 'bullet' | 'number'; level: number},
): TextBlock {
  return {_type: 'block', style, ...(list ?? {}), markDefs, children}
}

/** Drops leading and trailing whitespace of a paragraph's text (left around split-off images). */
function trimChildren(children: TextBlock['children']): TextBlock['children'] {
  const copy = children.map((child) => ({...child}))
  const first = copy[0]
  if (first?._type === 'span') first.text = first.text.replace(/^\s+/, '')
  const last = copy.at(-1)
  if (last?._type === 'span') last.text = last.text.replace(/\s+$/, '')
  return copy.filter((child) => child._type !== 'span' || child.text !== '')
}

/** `:shortcode:` emoji as Docusaurus shows them (remark-emoji); unknown shortcodes stay as written. */
function emojifyText(text: string): string {
  return text.includes(':') ? emojify(text) : text
}

/** Emoji in inline markup, outside `code`. */
function emojifyMarkup(markup: string): string {
  if (!markup.includes(':')) return markup
  return markup
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : emojify(part)))
    .join('')
}

/**
 * JSX attributes as HTML, for the inline markdown between tags: `src={useBaseUrl('/x.png')}`,
 * `src={require('./x.png').default}` and `{'literal'}` become quoted values, a style object CSS;
 * other expressions are dropped. Newlines are kept, so that lines still count.
 */
export function jsxAttributesToHtml(text: string, expressionValue?: (expression: string) => string | undefined): string {
  return jsxAttributesToHtmlMapped(text, expressionValue).html
}

/**
 * jsxAttributesToHtml, with the offsets of the HTML mapped back to the text's (a rewritten tag maps
 * to the tag as written), so that a block kept verbatim shows its source exactly.
 */
export function jsxAttributesToHtmlMapped(
  text: string,
  expressionValue?: (expression: string) => string | undefined,
): {html: string; sourceOffset: (offset: number) => number} {
  const edits: {from: number; to: number; sourceFrom: number; sourceTo: number}[] = []
  let html = ''
  let cursor = 0
  for (const match of text.matchAll(/<([a-zA-Z][\w.:-]*)((?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?)(\/?)>/g)) {
    const [whole, name = '', attributes = '', slash = ''] = match
    if (!attributes.includes('{')) continue
    const converted = attributes.replace(/\s*([\w:-]+)\s*=\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g, (_attribute, attribute: string, expression: string) => {
      const value = expression.trim()
      const given = expressionValue?.(value)
      if (given !== undefined) return ` ${attribute}="${given.replace(/"/g, '&quot;')}"`
      const literal = /^(['"`])([\s\S]*)\1$/.exec(value) ?? /^(?:useBaseUrl|require)\(\s*(['"`])([^'"`]+)\1\s*\)(?:\.default)?$/.exec(value)
      if (literal) return ` ${attribute}="${(literal[2] ?? '').replace(/"/g, '&quot;')}"`
      if (attribute === 'style' && value.startsWith('{')) return ` style="${jsxStyleToCss(value).replace(/"/g, '&quot;')}"`
      if (/^\d+(\.\d+)?$/.test(value)) return ` ${attribute}="${value}"`
      return ''
    })
    const tag = `<${name}${converted}${slash}>`
    html += text.slice(cursor, match.index)
    edits.push({from: html.length, to: html.length + tag.length, sourceFrom: match.index, sourceTo: match.index + whole.length})
    html += tag
    cursor = match.index + whole.length
  }
  html += text.slice(cursor)
  const sourceOffset = (offset: number): number => {
    for (const edit of edits) {
      if (offset <= edit.from) return offset - edit.from + edit.sourceFrom
      if (offset < edit.to) return edit.sourceFrom + Math.min(offset - edit.from, edit.sourceTo - edit.sourceFrom)
    }
    const last = edits.at(-1)
    return last ? offset - last.to + last.sourceTo : offset
  }
  return {html, sourceOffset}
}

/** Moves the offsets of a tree parsed from rewritten text (inlineRun) back to the text as written. */
function mapOffsets(node: Nodes, map: (offset: number) => number): void {
  const position = node.position
  if (position) {
    if (position.start.offset !== undefined) position.start = {...position.start, offset: map(position.start.offset)}
    if (position.end.offset !== undefined) position.end = {...position.end, offset: map(position.end.offset)}
  }
  if ('children' in node) for (const child of node.children) mapOffsets(child, map)
}

function stripLeadingZeroWidth(root: Root): void {
  let node: Nodes | undefined = root
  while (node && 'children' in node && node.children.length > 0) node = node.children[0]
  if (node?.type === 'text' && node.value.startsWith('\u200b')) node.value = node.value.slice(1)
}

function collectDefinitions(root: Root, into: Map<string, {url: string; title?: string | null}>): void {
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      const definition = node
      into.set(definition.identifier, {url: definition.url, title: definition.title})
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(root)
}

function shiftPositions(node: Nodes, offsetDelta: number, lineDelta: number): void {
  const position = node.position
  if (position) {
    position.start = {...position.start, line: position.start.line + lineDelta, offset: (position.start.offset ?? 0) + offsetDelta}
    position.end = {...position.end, line: position.end.line + lineDelta, offset: (position.end.offset ?? 0) + offsetDelta}
  }
  if ('children' in node) for (const child of node.children) shiftPositions(child, offsetDelta, lineDelta)
}

function countNewlines(text: string): number {
  let count = 0
  for (const char of text) if (char === '\n') count++
  return count
}
