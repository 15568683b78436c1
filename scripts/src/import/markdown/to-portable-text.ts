/**
 * Markdown (Docusaurus flavour, content/README.md) → Portable Text blocks of the `richText` type.
 * Whatever cannot be represented becomes an `unconverted` block holding the original source, with a
 * warning naming file:line: content is never dropped.
 */
import {ADMONITION_KINDS, type AdmonitionKind, embedUrlProblem} from '@site/schemas'
import type {
  Blockquote,
  Definition,
  Heading,
  Html,
  List,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from 'mdast'
import type {ContainerDirective} from 'mdast-util-directive'
import {toString} from 'mdast-util-to-string'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import type {Diagnostic} from '../diagnostics'
import {withKeys} from '../keys'
import type {
  AdmonitionBlock,
  BlockStyle,
  ImageValue,
  RichTextBlock,
  TabPanel,
  TextBlock,
  ThemedImageBlock,
  UnconvertedBlock,
} from '../portable-text'
import {isNestedBlock} from '../portable-text'
import {convertFence} from './code-fence'
import {convertInline, type InlineEnvironment, type InlinePiece, piecesToSpans, toInlineMarkup} from './inline'
import {
  attributeFlag,
  attributeString,
  classifyImportLine,
  htmlDepthChange,
  KNOWN_COMPONENTS,
  scanTags,
  type TagToken,
  tabsValueLabels,
  themedImageSources,
} from './jsx-tags'
import {SourceText} from './source-text'

export interface ConversionContext {
  /** The source file, relative to the content folder, used in `file:line` locations. */
  file: string
  /** The document's title: a leading `# Title` that repeats it is not part of the body. */
  title?: string
  /** Turns a link target into the href stored in the dataset (reporting missing targets itself). */
  resolveLink(href: string, line: number): string
  /** Turns an image address into an image value, or says why it cannot. */
  resolveImage(src: string, line: number): ImageValue | {problem: string}
  warn(diagnostic: Diagnostic): void
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective)

/** Admonition names Docusaurus accepts, folded onto the five kinds of the content model. */
const ADMONITION_ALIASES: Record<string, AdmonitionKind> = {
  caution: 'warning',
  important: 'info',
  success: 'tip',
  secondary: 'note',
}

const TRUNCATE_MARKERS = [/^<!--\s*truncate\s*-->$/, /^\{\/\*\s*truncate\s*\*\/\}$/]

export function markdownToPortableText(markdown: string, context: ConversionContext): RichTextBlock[] {
  return withKeys(new Converter(markdown, context).convert())
}

/** A piece of a flow: a markdown node, or a component tag found inside raw HTML or JSX text. */
type FlowItem =
  | {kind: 'node'; node: RootContent; start: number; end: number; line: number}
  | {kind: 'tag'; tag: TagToken; start: number; end: number; line: number}

class Converter {
  private readonly source: SourceText
  private readonly definitions = new Map<string, {url: string; title?: string | null}>()
  private readonly inlineEnv: InlineEnvironment

  constructor(
    markdown: string,
    private readonly context: ConversionContext,
  ) {
    this.source = new SourceText(markdown)
    this.inlineEnv = {
      resolveLink: (href, line) => context.resolveLink(href, line),
      definitions: this.definitions,
      sourceOf: (node) => this.nodeSource(node),
    }
  }

  convert(): RichTextBlock[] {
    const root = this.parse(this.source.text, 0, 0)
    collectDefinitions(root, this.definitions)
    const children = this.dropLeadingTitle(root.children)
    return this.flow(this.toItems(children), false)
  }

  private parse(text: string, offsetDelta: number, lineDelta: number): Root {
    const root = parser.parse(text)
    if (offsetDelta !== 0 || lineDelta !== 0) shiftPositions(root, offsetDelta, lineDelta)
    return root
  }

  private dropLeadingTitle(children: RootContent[]): RootContent[] {
    const firstIndex = children.findIndex((node) => node.type !== 'yaml' && !this.isImportParagraph(node))
    const first = children[firstIndex]
    if (first?.type === 'heading' && first.depth === 1 && this.context.title !== undefined) {
      if (toString(first).trim().toLowerCase() === this.context.title.trim().toLowerCase()) {
        return children.filter((_, index) => index !== firstIndex)
      }
    }
    return children
  }

  // ---------------------------------------------------------------- flow items

  /** Splits raw HTML and JSX-looking paragraphs into component tags and the markdown between them. */
  private toItems(nodes: RootContent[]): FlowItem[] {
    const items: FlowItem[] = []
    for (const node of nodes) {
      const start = node.position?.start.offset ?? 0
      const end = node.position?.end.offset ?? start
      const line = node.position?.start.line ?? 0
      const raw = node.type === 'html' ? node.value : node.type === 'paragraph' ? this.source.text.slice(start, end) : null
      const isJsxParagraph = node.type === 'paragraph' && raw !== null && /^<[A-Z]/.test(raw.trim())
      if (raw !== null && (node.type === 'html' || isJsxParagraph)) {
        const tags = scanTags(raw, (name) => /^[A-Z]/.test(name))
        if (tags.length > 0) {
          items.push(...this.splitAroundTags(raw, tags, start, line))
          continue
        }
      }
      items.push({kind: 'node', node, start, end, line})
    }
    return items
  }

  private splitAroundTags(raw: string, tags: TagToken[], base: number, baseLine: number): FlowItem[] {
    const items: FlowItem[] = []
    const lineAt = (index: number) => baseLine + countNewlines(raw.slice(0, index))
    let cursor = 0
    const pushText = (from: number, to: number) => {
      const text = raw.slice(from, to)
      if (text.trim() === '') return
      // Markdown between component tags (e.g. a TabItem's text written without blank lines).
      const root = this.parse(text, base + from, lineAt(from) - 1)
      collectDefinitions(root, this.definitions)
      items.push(...this.toItems(root.children))
    }
    for (const tag of tags) {
      pushText(cursor, tag.start)
      items.push({kind: 'tag', tag, start: base + tag.start, end: base + tag.end, line: lineAt(tag.start)})
      cursor = tag.end
    }
    pushText(cursor, raw.length)
    return items
  }

  private flow(items: FlowItem[], nested: boolean): RichTextBlock[] {
    const blocks: RichTextBlock[] = []
    for (let index = 0; index < items.length; index++) {
      const item = items[index]
      if (!item) continue
      if (item.kind === 'tag') {
        index = this.component(items, index, nested, blocks)
        continue
      }
      const {node} = item
      if (node.type === 'html' && htmlDepthChange(node.value) > 0) {
        index = this.unbalancedHtml(items, index, blocks)
        continue
      }
      blocks.push(...this.node(node, nested))
    }
    return blocks
  }

  /** Converts the component whose tag is at `index`; returns the index of the last item it used. */
  private component(items: FlowItem[], index: number, nested: boolean, blocks: RichTextBlock[]): number {
    const item = items[index]
    if (item?.kind !== 'tag') return index
    const {tag} = item
    if (tag.kind === 'close') {
      blocks.push(this.unconverted(item.start, item.end, item.line, `closing tag </${tag.name}> without its opening tag`))
      return index
    }
    if (tag.name === 'ThemedImage' && tag.kind === 'self') {
      blocks.push(this.themedImage(tag, item))
      return index
    }
    const closeIndex = tag.kind === 'self' ? index : findClose(items, index)
    if (closeIndex === -1) {
      blocks.push(this.unconverted(item.start, item.end, item.line, `<${tag.name}> is never closed`))
      return index
    }
    const end = items[closeIndex]?.end ?? item.end
    if (tag.name === 'Tabs' && tag.kind === 'open') {
      if (nested) {
        blocks.push(this.unconverted(item.start, end, item.line, 'tabs inside an admonition or a tab are not supported'))
      } else {
        blocks.push(...this.tabs(tag, items.slice(index + 1, closeIndex), item, end))
      }
      return closeIndex
    }
    const reason = KNOWN_COMPONENTS.has(tag.name)
      ? `<${tag.name}> is only understood in its usual place`
      : `the component <${tag.name}> is not supported`
    blocks.push(this.unconverted(item.start, end, item.line, reason))
    return closeIndex
  }

  private tabs(tag: TagToken, inner: FlowItem[], item: FlowItem, end: number): RichTextBlock[] {
    const labels = typeof tag.attributes.values === 'string' ? tabsValueLabels(tag.attributes.values) : new Map<string, string>()
    const defaultValue = attributeString(tag.attributes.defaultValue)
    const panels: TabPanel[] = []
    const stray: RichTextBlock[] = []
    for (let index = 0; index < inner.length; index++) {
      const child = inner[index]
      if (child?.kind === 'tag' && child.tag.name === 'TabItem' && child.tag.kind !== 'close') {
        const closeIndex = child.tag.kind === 'self' ? index : findClose(inner, index)
        if (closeIndex === -1) {
          stray.push(this.unconverted(child.start, child.end, child.line, '<TabItem> is never closed'))
          continue
        }
        const value = attributeString(child.tag.attributes.value) ?? `tab-${panels.length + 1}`
        const label = attributeString(child.tag.attributes.label) ?? labels.get(value) ?? value
        const isDefault = attributeFlag(child.tag.attributes.default) || defaultValue === value
        const body = this.flow(inner.slice(index + 1, closeIndex), true).filter(isNestedBlock)
        panels.push({_type: 'tabPanel', value, label, ...(isDefault ? {isDefault: true} : {}), body})
        index = closeIndex
      } else if (child) {
        stray.push(...this.flow([child], true))
      }
    }
    if (panels.length === 0) {
      return [this.unconverted(item.start, end, item.line, '<Tabs> without any <TabItem>')]
    }
    const groupId = attributeString(tag.attributes.groupId)
    // Content between tab items has no place in the tabs; it follows them so that nothing is lost.
    return [{_type: 'tabs', ...(groupId ? {groupId} : {}), panels}, ...stray]
  }

  private themedImage(tag: TagToken, item: FlowItem): RichTextBlock {
    const sources = typeof tag.attributes.sources === 'string' ? themedImageSources(tag.attributes.sources) : {}
    if (!sources.light) {
      return this.unconverted(item.start, item.end, item.line, '<ThemedImage> without a light source')
    }
    const light = this.context.resolveImage(sources.light, item.line)
    if ('problem' in light) return this.unconverted(item.start, item.end, item.line, light.problem)
    const dark = sources.dark ? this.context.resolveImage(sources.dark, item.line) : undefined
    if (dark && 'problem' in dark) return this.unconverted(item.start, item.end, item.line, dark.problem)
    const alt = attributeString(tag.attributes.alt)
    return {_type: 'themedImage', light, ...(dark ? {dark} : {}), ...(alt !== undefined ? {alt} : {})}
  }

  /** An HTML block that opens elements closed by a later block: markdown sits inside HTML. */
  private unbalancedHtml(items: FlowItem[], index: number, blocks: RichTextBlock[]): number {
    const first = items[index]
    if (!first) return index
    let depth = 0
    for (let next = index; next < items.length; next++) {
      const item = items[next]
      if (item?.kind === 'node' && item.node.type === 'html') depth += htmlDepthChange(item.node.value)
      if (depth <= 0 && item) {
        blocks.push(this.unconverted(first.start, item.end, first.line, 'markdown inside an HTML element is not supported'))
        return next
      }
    }
    blocks.push(this.unconverted(first.start, first.end, first.line, 'HTML element that is never closed'))
    return index
  }

  // ---------------------------------------------------------------- markdown nodes

  private node(node: RootContent, nested: boolean): RichTextBlock[] {
    switch (node.type) {
      case 'yaml':
      case 'definition':
        return []
      case 'heading':
        return this.heading(node, nested)
      case 'paragraph':
        return this.paragraph(node, 'normal')
      case 'blockquote':
        return this.blockquote(node, nested)
      case 'list':
        return this.list(node, 1, nested)
      case 'code': {
        const fence = convertFence(node.lang, node.meta, node.value)
        if (!fence.known) {
          this.warn(node, `code language "${node.lang}" is not one the highlighter knows; it is shown as plain text`)
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
        return [this.admonition(node, nested)]
      case 'table':
        return [this.table(node)]
      case 'html':
        return [this.html(node, nested)]
      case 'thematicBreak':
        return [{_type: 'rawHtml', html: '<hr />'}]
      default:
        return [this.unconvertedNode(node, `${describeNode(node)} is not supported`)]
    }
  }

  private heading(node: Heading, nested: boolean): RichTextBlock[] {
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
    let level = node.depth
    if (level === 1) {
      this.warn(node, 'a level-1 heading inside the body is shown as a level-2 heading (the title is the only level 1)')
      level = 2
    }
    if (anchor && !nested) {
      return [{_type: 'heading', level, text: toInlineMarkup(children, this.inlineEnv).trim(), anchor}]
    }
    return this.paragraph({...node, type: 'paragraph', children}, `h${level}` as BlockStyle)
  }

  private paragraph(node: Paragraph, style: BlockStyle, list?: {listItem: 'bullet' | 'number'; level: number}): RichTextBlock[] {
    const text = this.nodeSource(node).trim()
    if (TRUNCATE_MARKERS.some((marker) => marker.test(text))) return this.readMore(node, false)
    if (this.isImportParagraph(node)) return this.imports(node)
    const inline = convertInline(node.children, this.inlineEnv)
    if (inline.problem) return [this.unconvertedNode(node, inline.problem)]
    if (inline.pieces.some((piece) => piece.kind === 'image' && piece.linked)) {
      return [this.unconvertedNode(node, 'an image inside a link is not supported')]
    }
    const blocks: RichTextBlock[] = []
    let pending: Extract<InlinePiece, {kind: 'text'}>[] = []
    const flush = () => {
      if (pending.some((piece) => piece.text.trim() !== '')) {
        const used = new Set(pending.flatMap((piece) => piece.marks))
        blocks.push(textBlock(style, piecesToSpans(trimPieces(pending)), inline.markDefs.filter((def) => used.has(def._key)), list))
      }
      pending = []
    }
    for (const piece of inline.pieces) {
      if (piece.kind === 'text') {
        pending.push(piece)
        continue
      }
      flush()
      blocks.push(this.image(piece, node))
    }
    flush()
    return blocks
  }

  private image(piece: Extract<InlinePiece, {kind: 'image'}>, node: Paragraph): RichTextBlock {
    const light = this.context.resolveImage(piece.src, piece.line)
    if ('problem' in light) return this.unconvertedNode(node, light.problem)
    const block: ThemedImageBlock = {_type: 'themedImage', light, alt: piece.alt}
    if (piece.title) block.caption = piece.title
    return block
  }

  private isImportParagraph(node: RootContent): boolean {
    if (node.type !== 'paragraph') return false
    const lines = this.nodeSource(node).split('\n').filter((line) => line.trim() !== '')
    return lines.length > 0 && lines.every((line) => classifyImportLine(line) !== null)
  }

  /** Imports of the known theme components produce nothing; any other import is kept and reported. */
  private imports(node: Paragraph): RichTextBlock[] {
    const lines = this.nodeSource(node).split('\n')
    const unknown = lines.filter((line) => classifyImportLine(line) === 'unknown')
    if (unknown.length === 0) return []
    const line = node.position?.start.line ?? 0
    const location = `${this.context.file}:${line}`
    const reason = 'an import of a component the site does not have'
    this.context.warn({file: this.context.file, line, message: `${reason}: ${unknown.join(' ').trim()}`})
    return [{_type: 'unconverted', source: unknown.join('\n'), reason, location}]
  }

  private blockquote(node: Blockquote, nested: boolean): RichTextBlock[] {
    return node.children.flatMap((child) =>
      child.type === 'paragraph' ? this.paragraph(child, 'blockquote') : this.flow(this.toItems([child]), nested),
    )
  }

  private list(node: List, level: number, nested: boolean): RichTextBlock[] {
    const listItem = node.ordered ? 'number' : 'bullet'
    return node.children.flatMap((item) =>
      item.children.flatMap((child, index): RichTextBlock[] => {
        if (child.type === 'paragraph') {
          const checkbox = index === 0 && typeof item.checked === 'boolean' ? (item.checked ? '[x] ' : '[ ] ') : ''
          const paragraph = checkbox
            ? {...child, children: [{type: 'text' as const, value: checkbox}, ...child.children]}
            : child
          return this.paragraph(paragraph, 'normal', {listItem, level})
        }
        if (child.type === 'list') return this.list(child, level + 1, nested)
        return this.flow(this.toItems([child]), nested)
      }),
    )
  }

  private admonition(node: ContainerDirective, nested: boolean): RichTextBlock {
    const name = node.name.toLowerCase()
    const kind = (ADMONITION_KINDS as readonly string[]).includes(name) ? (name as AdmonitionKind) : ADMONITION_ALIASES[name]
    if (!kind) return this.unconvertedNode(node, `the directive :::${node.name} is not an admonition kind`)
    if (nested) return this.unconvertedNode(node, 'an admonition inside an admonition or a tab is not supported')
    const [first, ...rest] = node.children
    const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel === true
    const title = hasLabel ? toString(first).trim() : typeof node.attributes?.title === 'string' ? node.attributes.title : ''
    const body = this.flow(this.toItems(hasLabel ? rest : node.children), true).filter(isNestedBlock)
    const block: AdmonitionBlock = {_type: 'admonition', kind, ...(title ? {title} : {}), body}
    return block
  }

  private table(node: Table): RichTextBlock {
    return {
      _type: 'table',
      rows: node.children.map((row) => ({
        _type: 'tableRow' as const,
        cells: row.children.map((cell) => toInlineMarkup(cell.children, this.inlineEnv).trim()),
      })),
      align: (node.align ?? []).map((align) => align ?? 'none'),
    }
  }

  private html(node: Html, nested: boolean): RichTextBlock {
    const html = node.value.trim()
    if (TRUNCATE_MARKERS.some((marker) => marker.test(html))) return this.readMore(node, nested)[0] as RichTextBlock
    const iframes = scanTags(html, (name) => name.toLowerCase() === 'iframe')
    if (iframes.length > 0) {
      const opening = iframes[0]
      const rest = iframes.reduceRight((text, tag) => text.slice(0, tag.start) + text.slice(tag.end), html)
      if (!opening || iframes.filter((tag) => tag.kind !== 'close').length !== 1 || rest.trim() !== '') {
        return this.unconvertedNode(node, 'an iframe mixed with other HTML is not supported')
      }
      if (nested) return this.unconvertedNode(node, 'an embed inside an admonition or a tab is not supported')
      return this.embed(opening, node)
    }
    return {_type: 'rawHtml', html}
  }

  private embed(tag: TagToken, node: Html): RichTextBlock {
    const url = attributeString(tag.attributes.src) ?? ''
    const problem = embedUrlProblem(url)
    if (problem) return this.unconvertedNode(node, `iframe refused: ${problem}`)
    const title = attributeString(tag.attributes.title)
    if (!title) this.warn(node, 'an iframe needs a title for screen readers; its address is used')
    const height = Number.parseInt(attributeString(tag.attributes.height) ?? '', 10)
    return {
      _type: 'embed',
      url,
      title: title ?? url,
      ...(Number.isNaN(height) ? {} : {height: Math.min(1200, Math.max(100, height))}),
    }
  }

  private readMore(node: Nodes, nested: boolean): RichTextBlock[] {
    if (nested) return [this.unconvertedNode(node, 'the truncate marker inside an admonition or a tab is not supported')]
    return [{_type: 'readMore'}]
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

function textBlock(
  style: BlockStyle,
  children: TextBlock['children'],
  markDefs: TextBlock['markDefs'],
  list?: {listItem: 'bullet' | 'number'; level: number},
): TextBlock {
  return {_type: 'block', style, ...(list ?? {}), markDefs, children}
}

/** Drops leading and trailing whitespace of a paragraph's text (left around split-off images). */
function trimPieces<T extends {text: string}>(pieces: T[]): T[] {
  const copy = pieces.map((piece) => ({...piece}))
  const first = copy[0]
  if (first) first.text = first.text.replace(/^\s+/, '')
  const last = copy.at(-1)
  if (last) last.text = last.text.replace(/\s+$/, '')
  return copy.filter((piece) => piece.text !== '')
}

function findClose(items: FlowItem[], openIndex: number): number {
  const open = items[openIndex]
  if (open?.kind !== 'tag') return -1
  let depth = 0
  for (let index = openIndex; index < items.length; index++) {
    const item = items[index]
    if (item?.kind !== 'tag' || item.tag.name !== open.tag.name) continue
    if (item.tag.kind === 'open') depth++
    else if (item.tag.kind === 'close') depth--
    if (depth === 0) return index
  }
  return -1
}

function collectDefinitions(root: Root, into: Map<string, {url: string; title?: string | null}>): void {
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      const definition = node as Definition
      into.set(definition.identifier, {url: definition.url, title: definition.title})
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes)
  }
  visit(root)
}

function shiftPositions(node: Nodes, offsetDelta: number, lineDelta: number): void {
  const position = node.position
  if (position) {
    position.start = {...position.start, line: position.start.line + lineDelta, offset: (position.start.offset ?? 0) + offsetDelta}
    position.end = {...position.end, line: position.end.line + lineDelta, offset: (position.end.offset ?? 0) + offsetDelta}
  }
  if ('children' in node) for (const child of node.children) shiftPositions(child as Nodes, offsetDelta, lineDelta)
}

function countNewlines(text: string): number {
  let count = 0
  for (const char of text) if (char === '\n') count++
  return count
}

function describeNode(node: RootContent): string {
  switch (node.type) {
    case 'leafDirective':
      return `the directive ::${node.name}`
    case 'footnoteDefinition':
      return 'a footnote'
    default:
      return `markdown "${node.type}"`
  }
}

