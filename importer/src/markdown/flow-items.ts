/**
 * The walk's first step: a list of mdast nodes becomes a flow of items (markdown nodes, tags of
 * components and HTML elements, raw HTML kept whole), and the tags are matched into a tree, so that a
 * component spans the markdown between its tags and components nest to any depth.
 */
import type {Nodes, Paragraph, Root, RootContent} from 'mdast'
import type {Position} from 'unist'
import {isVoidElement, readTag, scanTags, type TagToken} from './jsx-tags'
import {importedProps} from './handlers/mdx-components'
import {isModuleParagraph} from './handlers/mdx-modules'
import {importedComponent} from './component-imports'
import {isComponentOfBlockName, isMisreadInText, paragraphWithStandIns} from './tag-stand-ins'
import {jsxAttributesToHtmlMapped} from './jsx-attributes'
import {collectDefinitions, countNewlines, mapOffsets, stripLeadingZeroWidth} from './parse'
import {TRUNCATE_MARKERS} from './blocks'
import {type FlowExpression, flowExpressionAt, isFunctionExpression, jsExpressionAt} from './flow-expression'
import {readsAsMdx1} from './conversion-context'
import {rawHtmlSlotMarker} from '@site/schemas'
import type {Element, FlowItem, HandlerContext, TreeItem} from './handler-context'

/** HTML elements kept whole as raw HTML (the site sanitizes them): their content is not markdown. A <nav> stays one, as readers see it. */
const RAW_ELEMENTS = new Set(['table', 'ul', 'ol', 'dl', 'nav', 'pre', 'svg', 'form', 'select', 'textarea', 'math'])
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

/** A JSX element of mdast-util-mdx-jsx, as remark plugins build them. */
interface PluginJsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'
  name?: string | null
  attributes?: Array<{type: string; name?: string; value?: string | null | {value?: unknown}}>
  children?: RootContent[]
  position?: Position
}

/** Splits raw HTML and JSX-looking paragraphs into tags, raw HTML and the markdown between them. */
export function toItems(cx: HandlerContext, nodes: readonly RootContent[], around?: Position): FlowItem[] {
  const items: FlowItem[] = []
  let previous = around
  for (let at = 0; at < nodes.length; at++) {
    const node = nodes[at]!
    // Nodes a remark plugin made have no place in the file: they take that of the first node of the
    // file they hold (tab-blocks' code blocks), else of the node they follow.
    if (!node.position) {
      const at = firstPositionIn(node) ?? previous
      if (at) positionWithin(node, at)
    }
    previous = node.position ?? previous
    // ESM, as MDX 3 parses it and as Docusaurus 2's remark plugins write it for MDX 1 (npm2yarn's `import Tabs`).
    if ((node.type as string) === 'mdxjsEsm' || (node.type as string) === 'import' || (node.type as string) === 'export') continue
    // A plugin's text element standing where a block stood (react-native-website's Snack player replaces a code block with one) is read as a block.
    if ((node.type as string) === 'mdxJsxFlowElement' || (node.type as string) === 'mdxJsxTextElement') {
      items.push(...pluginElement(cx, node as unknown as PluginJsxElement))
      continue
    }
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    const line = node.position?.start.line ?? 0
    // An `export`/`import` paragraph is JavaScript to its blank line, JSX in it too (`export const Anchor = () => (<a …/>)`).
    if (node.type === 'paragraph' && isModuleParagraph(cx, node)) {
      items.push({kind: 'node', node, start, end, line})
      continue
    }
    const expression = node.type === 'paragraph' ? expressionAcrossNodes(cx, nodes, at) : null
    if (expression) {
      items.push(...expression.items)
      at = expression.last
      continue
    }
    const textLine = lineOfText(cx, nodes, at)
    if (textLine) {
      items.push({kind: 'node', node: textLine.paragraph, start: textLine.start, end: textLine.end, line: textLine.line})
      at = textLine.last
      continue
    }
    // MDX 1's `jsx` node (Docusaurus 2's npm2yarn writes its tabs' tags as such nodes) holds JSX as HTML does.
    const jsx = (node.type as string) === 'jsx' ? (node as unknown as {value: string}).value : undefined
    if (node.type === 'html' || jsx !== undefined || (node.type === 'paragraph' && isJsxParagraph(cx, node))) {
      const raw = node.type === 'html' ? node.value : (jsx ?? cx.source.text.slice(start, end))
      const across = tagAcrossNodes(cx, nodes, node, raw, start, end)
      if (across) {
        items.push(...splitHtml(cx, cx.source.text.slice(start, across.tagEnd), start, line))
        items.push(...toItems(cx, across.rest.children, node.position))
        break
      }
      const continued = fenceContinuation(cx, nodes, node, raw, start, end)
      if (continued) {
        items.push(...splitHtml(cx, cx.source.text.slice(start, continued.fenceEnd), start, line))
        items.push(...toItems(cx, continued.rest.children, node.position))
        break
      }
      const spanning = node.type === 'html' ? rawElementAcrossNodes(cx, nodes, at, start, line) : null
      if (spanning) {
        items.push(...spanning.items)
        at = spanning.last
        continue
      }
      // An HTML block (no blank line in it) under MDX 1 or CommonMark holds no markdown: its text is shown as written.
      items.push(...splitHtml(cx, raw, start, line, node.type === 'html' && cx.context.features?.indentedCode === true))
      continue
    }
    const split = node.type === 'paragraph' ? splitAtBlockComponents(cx, node, start, end, line) : null
    if (split) {
      items.push(...split)
      continue
    }
    items.push({kind: 'node', node, start, end, line})
  }
  return items
}

/** Whether a file is read as MDX 2 and 3 read it (not MDX 1, not CommonMark). */
function readsAsMdx3(cx: HandlerContext): boolean {
  return cx.inlineEnv.mdx === true && cx.context.features?.indentedCode !== true && cx.context.features?.commonMark !== true
}

/**
 * Whether the first line of `text` starts with an element (a tag, or an element closed on that line) followed by
 * text: in MDX 2 and 3 that element is part of a line of text, a paragraph, not JSX of its own.
 */
function textFollowsFirstElement(text: string): boolean {
  const newline = text.indexOf('\n')
  const first = text.slice(0, newline === -1 ? text.length : newline).trimStart()
  const tag = readTag(first, 0)
  if (!tag || tag.kind === 'close') return false
  const end = tag.kind === 'open' && !isVoidElement(tag.name) ? closingTagOf(first, tag)?.end : tag.end
  return end !== undefined && !onlyTags(first.slice(end))
}

/** The tag that closes the element `tag` opens, `tag` standing at the start of `text` (nested ones of its name skipped); undefined when none does. */
function closingTagOf(text: string, tag: TagToken): TagToken | undefined {
  let depth = 0
  return scanTags(text, (name) => name === tag.name).find((other) => {
    depth += other.kind === 'open' ? 1 : other.kind === 'close' ? -1 : 0
    return depth === 0
  })
}

/**
 * A line of text CommonMark took for the start of an HTML block (MDX 2 and 3): a component named as one of its
 * block elements (`<Link to="…">the app</Link> for apps.`) opening a line, text after it, alone or continuing the
 * paragraph on the line above. The paragraph MDX reads there, from the node at `at` (and the HTML node after it)
 * to the HTML node's end, with `last` the index of the last node it takes; null for anything else.
 */
function lineOfText(
  cx: HandlerContext,
  nodes: readonly RootContent[],
  at: number,
): {paragraph: Paragraph; start: number; end: number; line: number; last: number} | null {
  if (!readsAsMdx3(cx)) return null
  const node = nodes[at]
  const next = nodes[at + 1]
  const html =
    node?.type === 'html'
      ? node
      : node?.type === 'paragraph' && next?.type === 'html' && next.position?.start.line === (node.position?.end.line ?? 0) + 1
        ? next
        : null
  const start = node?.position?.start.offset
  const end = html?.position?.end.offset
  if (!html || start === undefined || end === undefined) return null
  const first = readTag(html.value.trimStart(), 0)
  if (!first || !isComponentOfBlockName(first) || !textFollowsFirstElement(html.value)) return null
  const paragraph = paragraphWithStandIns(cx, start, end, node?.position?.start.line ?? 1, isMisreadInText)
  return paragraph ? {paragraph, start, end, line: node?.position?.start.line ?? 0, last: html === node ? at : at + 1} : null
}

/** Components of the theme that draw blocks (a code block, tabs) wherever they stand. */
const THEME_BLOCK_COMPONENTS = new Set(['CodeBlock', 'Tabs'])
/**
 * Markup whose first element is a block: a browser ends a paragraph before it. The theme's tabs and admonitions as
 * their stand-ins write them (`<Tabs>`, `<Admonition>`) are blocks too.
 */
const BLOCK_MARKUP = /^\s*<(?:div|pre|table|section|ul|ol|dl|h[1-6]|p|blockquote|details|figure|hr|article|aside|header|footer|nav|form|Tabs|Admonition)\b/i

/**
 * A line of text followed, on lines of its own, by a component that draws a block (`Let's write an example:` then
 * `<AutoSnippet raw={code}/>`): MDX makes the component part of the paragraph, and the browser ends the paragraph
 * where the block starts, so readers see the text, then the block, then any text after it as a paragraph of its own.
 * The pieces as items; null when the paragraph holds no such component. Only where the paragraph's lines stand in the
 * file prefixed by spaces at most (at the top, or in a list item; not in a quote).
 */
export function splitAtBlockComponents(cx: HandlerContext, node: Paragraph, start: number, end: number, line: number): FlowItem[] | null {
  const text = cx.source.text.slice(start, end)
  if (!/\n[ \t]*</.test(text) || /\n[ \t]*>/.test(text)) return null
  const pieces: Array<{from: number; to: number; component: boolean}> = []
  let from = 0
  for (const lineStart of text.matchAll(/\n([ \t]*)</g)) {
    const at = lineStart.index
    const tagStart = at + 1 + (lineStart[1]?.length ?? 0)
    if (tagStart < from) continue
    const tag = readTag(text, tagStart)
    if (!tag) continue
    // MDX 3: a line of tags alone (`<small>`, `<br />`, `</small>`) is JSX of the flow, which ends the paragraph above it.
    const lineEnd = text.indexOf('\n', tagStart) === -1 ? text.length : text.indexOf('\n', tagStart)
    const flowLine = cx.inlineEnv.mdx && onlyTags(text.slice(tagStart, lineEnd))
    if (!flowLine && (tag.kind === 'close' || !isBlockComponent(cx, tag))) continue
    // An element opened here ends at its closing tag; a line of tags without one is that line alone.
    let tagEnd = flowLine ? lineEnd : tag.end
    if (tag.kind === 'open' && !isVoidElement(tag.name)) {
      const close = closingTagOf(text.slice(tagStart), tag)
      if (!close && !flowLine) continue
      if (close) tagEnd = tagStart + close.end
    }
    pieces.push({from, to: at, component: false}, {from: tagStart, to: tagEnd, component: true})
    from = tagEnd
  }
  if (pieces.length === 0) return null
  pieces.push({from, to: text.length, component: false})
  const lineAt = (offset: number) => line + countNewlines(text.slice(0, offset))
  return pieces.flatMap((piece) => {
    // A run of text starts at its first word: the indentation of a line in a list item is no indented code.
    const first = piece.component ? piece.from : piece.from + (/^\s*/.exec(text.slice(piece.from, piece.to))?.[0].length ?? 0)
    const part = text.slice(first, piece.to)
    if (part.trim() === '') return []
    return piece.component ? splitHtml(cx, part, start + first, lineAt(first)) : inlineRun(cx, part, start + first, lineAt(first))
  })
}

/**
 * An MDX expression that opens the paragraph at `at` and stands as a block (flow-expression.ts), over as many nodes as
 * CommonMark cut it into (its blank lines end paragraphs); what follows its closing line in its last node is read
 * again as markdown. Null in CommonMark, which has no such blocks, and in MDX 1 but for a function (a component's
 * children it calls, inside the component's JSX block).
 */
function expressionAcrossNodes(cx: HandlerContext, nodes: readonly RootContent[], at: number): {items: FlowItem[]; last: number} | null {
  const features = cx.context.features
  if (features?.commonMark) return null
  const node = nodes[at]!
  const start = node.position?.start.offset
  if (start === undefined) return null
  const found = flowExpressionAt(cx.source.text, start, {functions: true})
  // MDX 1 reads a function there as JavaScript only inside a JSX block (a component's children it calls).
  if (!found || (readsAsMdx1(features) && !isFunctionExpression(jsExpressionAt(found.expression)))) return null
  let last = at
  while (last + 1 < nodes.length && (nodes[last + 1]!.position?.start.offset ?? Infinity) < found.end) last++
  // As written in the file (the renderer compiled the file's own text), not as rewritten for the parser.
  const expression = cx.source.slice(start + 1, found.end - 1)
  const items: FlowItem[] = [{kind: 'expression', expression, start, end: found.end, line: node.position?.start.line ?? 0}]
  const lastEnd = nodes[last]!.position?.end.offset ?? found.lineEnd
  if (lastEnd > found.lineEnd) {
    const rest = cx.parse(cx.source.text.slice(found.lineEnd, lastEnd), found.lineEnd, countNewlines(cx.source.text.slice(0, found.lineEnd)))
    collectDefinitions(rest, cx.definitions)
    items.push(...toItems(cx, rest.children))
  }
  return {items, last}
}

/** Whether a line holds tags only, with nothing but white space between them. */
function onlyTags(line: string): boolean {
  let rest = line.trim()
  while (rest !== '') {
    const tag = readTag(rest, 0)
    if (!tag) return false
    rest = rest.slice(tag.end).trimStart()
  }
  return true
}

/** Whether a component draws a block where it stands: the theme's code block or tabs, or a component of the site whose render starts with one. */
function isBlockComponent(cx: HandlerContext, tag: TagToken): boolean {
  if (THEME_BLOCK_COMPONENTS.has(tag.name)) return true
  const imported = importedComponent(cx.componentImports, tag.name)
  if (!imported || !cx.context.renderComponent || cx.linkNames.has(tag.name)) return false
  const props = importedProps(cx, tag)
  if ('problem' in props) return false
  const rendered = cx.context.renderComponent(imported, tag.attributes, tag.expressions ?? new Set(), tag.kind === 'open', props)
  return 'markup' in rendered && BLOCK_MARKUP.test(rendered.markup)
}

/**
 * An HTML table (or list) whose cells hold markdown separated from its tags by blank lines: remark cuts it into
 * HTML nodes with the markdown's nodes between them (`<td>`, a code block, a list, `</td>`), where MDX reads one
 * table whose cells hold that markdown (and CommonMark's HTML, parsed again as a whole, nests them the same
 * way). The HTML node at `at` opens such an element; this finds the node that closes it and gives one raw item,
 * each run of markdown between the tags in a slot of its own. Null when the node leaves no raw element open, or
 * no later node closes it.
 */
function rawElementAcrossNodes(
  cx: HandlerContext,
  nodes: readonly RootContent[],
  at: number,
  start: number,
  line: number,
): {items: FlowItem[]; last: number} | null {
  const first = nodes[at]
  if (first?.type !== 'html') return null
  const raw = first.value
  const open = unclosedRawElement(raw)
  if (!open) return null
  const sameName = (name: string) => name.toLowerCase() === open.name
  let depth = open.depth
  let close: {index: number; end: number} | null = null
  for (let index = at + 1; index < nodes.length && !close; index++) {
    const node = nodes[index]
    if (!node?.position || (node.type as string) === 'mdxJsxFlowElement' || (node.type as string) === 'mdxjsEsm') return null
    if (node.type !== 'html') continue
    for (const tag of scanTags(withoutHtmlComments(node.value), sameName)) {
      depth += tag.kind === 'open' ? 1 : tag.kind === 'close' ? -1 : 0
      if (depth === 0) {
        close = {index, end: tag.end}
        break
      }
    }
  }
  if (!close) return null
  const items: FlowItem[] = []
  if (withoutHtmlComments(raw.slice(0, open.start)).trim() !== '') items.push(...splitHtml(cx, raw.slice(0, open.start), start, line))
  const slots: TreeItem[][] = []
  let html = slotComponents(cx, raw.slice(open.start), start + open.start, line + countNewlines(raw.slice(0, open.start)), slots)
  let markdown: RootContent[] = []
  const flushMarkdown = () => {
    if (markdown.length === 0) return
    html += `\n${rawHtmlSlotMarker(slots.length)}`
    slots.push(tree(cx, toItems(cx, markdown)))
    markdown = []
  }
  for (let index = at + 1; index <= close.index; index++) {
    const node = nodes[index]!
    if (node.type !== 'html') {
      markdown.push(node)
      continue
    }
    flushMarkdown()
    const value = index === close.index ? node.value.slice(0, close.end) : node.value
    html += `\n${slotComponents(cx, value, node.position?.start.offset ?? 0, node.position?.start.line ?? 0, slots)}`
  }
  const last = nodes[close.index]!
  const lastStart = last.position?.start.offset ?? 0
  items.push({kind: 'raw', html, start: start + open.start, end: lastStart + close.end, line, slots})
  const lastValue = last.type === 'html' ? last.value : ''
  const rest = lastValue.slice(close.end)
  if (withoutHtmlComments(rest).trim() !== '') {
    items.push(...splitHtml(cx, rest, lastStart + close.end, (last.position?.start.line ?? 0) + countNewlines(lastValue.slice(0, close.end))))
  }
  return {items, last: close.index}
}

const withoutHtmlComments = (html: string) => html.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' '))

/** The first raw element (table, list…) a piece of HTML opens and does not close: its name, where it starts, how deep it is left open. */
function unclosedRawElement(raw: string): {name: string; start: number; depth: number} | null {
  const tags = scanTags(withoutHtmlComments(raw), () => true)
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]
    if (!tag || tag.kind !== 'open' || tagKind(tag.name) !== 'raw') continue
    const close = findRawClose(tags, index)
    if (close !== -1) {
      index = close
      continue
    }
    const name = tag.name.toLowerCase()
    const depth = tags
      .slice(index)
      .reduce((sum, other) => sum + (other.name.toLowerCase() !== name ? 0 : other.kind === 'open' ? 1 : other.kind === 'close' ? -1 : 0), 0)
    return {name, start: tag.start, depth}
  }
  return null
}

/**
 * Components written on lines of their own inside raw HTML (`<td>` then `<CodeBlock>{snippet}</CodeBlock>`): MDX
 * renders them there, so each becomes a slot of the HTML, converted as the flow converts it. Links, inline SVG and
 * components inside a line of text stay in the HTML. In a CommonMark file they are HTML tags, kept as written.
 */
function slotComponents(cx: HandlerContext, html: string, base: number, baseLine: number, slots: TreeItem[][]): string {
  if (cx.context.features?.commonMark || !/<[A-Z]/.test(html)) return html
  const tags = scanTags(withoutHtmlComments(html), () => true)
  let out = ''
  let from = 0
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]
    if (!tag || !/^[A-Z]/.test(tag.name) || tag.kind === 'close' || cx.linkNames.has(tag.name) || cx.assetImports.svgComponent(tag.name)) continue
    let closeIndex = index
    if (tag.kind === 'open') {
      let depth = 0
      closeIndex = -1
      for (let other = index; other < tags.length; other++) {
        const candidate = tags[other]
        if (candidate?.name !== tag.name) continue
        depth += candidate.kind === 'open' ? 1 : candidate.kind === 'close' ? -1 : 0
        if (depth === 0) {
          closeIndex = other
          break
        }
      }
      if (closeIndex === -1) continue
    }
    const end = tags[closeIndex]?.end ?? tag.end
    const before = html.slice(html.lastIndexOf('\n', tag.start - 1) + 1, tag.start)
    const afterLineEnd = html.indexOf('\n', end)
    const after = html.slice(end, afterLineEnd === -1 ? html.length : afterLineEnd)
    // On lines of its own: nothing but tags of the HTML around it on its first and last line.
    if (!/^(?:\s|<[^<>]*>)*$/.test(before) || !/^(?:\s|<[^<>]*>)*$/.test(after)) continue
    const line = baseLine + countNewlines(html.slice(0, tag.start))
    out += html.slice(from, tag.start) + rawHtmlSlotMarker(slots.length)
    slots.push(tree(cx, splitHtml(cx, html.slice(tag.start, end), base + tag.start, line)))
    from = end
    index = closeIndex
  }
  return out + html.slice(from)
}

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})(.*?)\r?$/

/** The fence a piece of text leaves open at its end (its marker), or null when every fence in it is closed. */
function openFence(text: string): string | null {
  let fence: string | null = null
  for (const line of text.split('\n')) {
    const match = FENCE_LINE.exec(line)
    if (!match) continue
    const marker = match[1] ?? ''
    if (fence === null) {
      // A backtick fence's info string has no backtick.
      if (!(marker.startsWith('`') && (match[2] ?? '').includes('`'))) fence = marker
    } else if (marker[0] === fence[0] && marker.length >= fence.length && (match[2] ?? '').trim() === '') {
      fence = null
    }
  }
  return fence
}

/**
 * An opening tag that remark cut: JSX given as a prop over several paragraphs, a list or an admonition
 * (`annotations={[{description: <>…</>}]}`), which MDX reads inside the tag. The tag's end in the source, and what
 * follows it parsed again; null when the node holds its whole tag. Only for a flow whose text stands in the file
 * unprefixed, as for a fence continued (below).
 */
function tagAcrossNodes(
  cx: HandlerContext,
  nodes: readonly RootContent[],
  node: RootContent,
  raw: string,
  start: number,
  end: number,
): {tagEnd: number; rest: Root} | null {
  const cut = cutTagStart(raw)
  if (cut === -1) return null
  const containerEnd = sourceContainerEnd(cx, nodes, node, raw, start, end)
  if (containerEnd === null) return null
  const text = cx.source.text
  const tag = readTag(text.slice(0, containerEnd), start + cut)
  if (!tag || tag.kind === 'close' || tag.end <= end) return null
  const rest = cx.parse(text.slice(tag.end, containerEnd), tag.end, countNewlines(text.slice(0, tag.end)))
  collectDefinitions(rest, cx.definitions)
  return {tagEnd: tag.end, rest}
}

/**
 * Where the flow holding `node` ends in the source, when what follows the node may be parsed again from the source: the
 * flow's text stands in the file unprefixed (not in a quote or a list item, whose lines carry `>` or indentation) and
 * no node after it was made by a remark plugin (it is not in the source: parsing again would lose it). Null otherwise.
 */
function sourceContainerEnd(cx: HandlerContext, nodes: readonly RootContent[], node: RootContent, raw: string, start: number, end: number): number | null {
  // The node may be indented (MDX 2 and 3 read `  <Form` as JSX); the flow's first node starts its line.
  const indent = cx.source.text.slice(cx.source.text.lastIndexOf('\n', start - 1) + 1, start)
  if (!/^[ \t]*$/.test(indent) || nodes[0]?.position?.start.column !== 1 || cx.source.text.slice(start, end) !== raw) return null
  const after = nodes.slice(nodes.indexOf(node) + 1)
  if (after.some((other) => !other.position || (other.type as string) === 'mdxJsxFlowElement')) return null
  return nodes.at(-1)?.position?.end.offset ?? end
}

/** Where a tag that opens a line of the markup starts and does not end (-1 when none): the tags before it are whole. */
function cutTagStart(raw: string): number {
  for (let at = raw.indexOf('<'); at !== -1; at = raw.indexOf('<', at + 1)) {
    if (raw.startsWith('<!--', at)) {
      const close = raw.indexOf('-->', at)
      if (close === -1) return -1
      at = close
      continue
    }
    const tag = readTag(raw, at)
    if (tag) {
      at = tag.end - 1
      continue
    }
    if (/^[ \t]*$/.test(raw.slice(raw.lastIndexOf('\n', at - 1) + 1, at)) && /^<[A-Za-z]/.test(raw.slice(at, at + 2))) return at
  }
  return -1
}

/**
 * A code fence opened inside JSX or HTML (a fence in a <TabItem>) whose code has a blank line: remark
 * ends the HTML block at that blank line, cutting the code in two, and the closing fence then opens
 * a code block that runs to the end. MDX reads the fence through to its closing fence, wherever it is
 * indented. This finds that closing fence in the source and parses again what follows it. Only for a
 * flow whose text stands in the file unprefixed (the body, a directive's content): in a quote or a
 * list item the lines carry `>` or indentation the source slice would keep.
 */
function fenceContinuation(
  cx: HandlerContext,
  nodes: readonly RootContent[],
  node: RootContent,
  raw: string,
  start: number,
  end: number,
): {fenceEnd: number; rest: Root} | null {
  const fence = openFence(raw.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ' ')))
  if (fence === null) return null
  const containerEnd = sourceContainerEnd(cx, nodes, node, raw, start, end)
  if (containerEnd === null) return null
  const text = cx.source.text
  let lineStart = text.indexOf('\n', end)
  while (lineStart !== -1 && lineStart < containerEnd) {
    const from = lineStart + 1
    const next = text.indexOf('\n', from)
    const lineEnd = next === -1 ? text.length : next
    const match = FENCE_LINE.exec(text.slice(from, lineEnd))
    if (match && match[1]?.[0] === fence[0] && (match[1]?.length ?? 0) >= fence.length && (match[2] ?? '').trim() === '') {
      const fenceEnd = Math.min(lineEnd, containerEnd)
      const rest = cx.parse(text.slice(fenceEnd, containerEnd), fenceEnd, countNewlines(text.slice(0, fenceEnd)))
      collectDefinitions(rest, cx.definitions)
      return {fenceEnd, rest}
    }
    lineStart = next
  }
  return null
}

/**
 * A paragraph that is really markup remark could not read as HTML: one that starts with a
 * component tag, or with a tag whose attributes are JSX expressions (`src={useBaseUrl('/x.png')}`).
 */
function isJsxParagraph(cx: HandlerContext, node: Paragraph): boolean {
  // Inline HTML of elements that are blocks on the page (a <video> or <iframe> written in a line).
  // An SVG imported as a component stays in its line, as the inline <svg> it draws.
  const text = cx.nodeSource(node).trimStart()
  const blockTag = (html: string) => {
    const name = /^<\/?([a-zA-Z][\w.:-]*)/.exec(html)?.[1]
    // A component used inside a line of text is part of that line, as MDX reads it: one of the site's own, or one the
    // page does not import (a global of the site's MDXComponents), whose content then stays in the line.
    if (name !== undefined && /^[A-Z]/.test(name) && !text.startsWith('<')) return false
    return name !== undefined && tagKind(name) !== 'inline' && !cx.assetImports.svgComponent(name) && !cx.linkNames.has(name)
  }
  if (node.children.some((child) => child.type === 'html' && blockTag(child.value))) return true
  if (!/^<[a-zA-Z]/.test(text)) return false
  // Docusaurus's Link opening a line of text is a link in that text.
  if (/^<[A-Z]/.test(text)) {
    if (cx.linkNames.has(/^<([\w.]+)/.exec(text)?.[1] ?? '')) return false
    // MDX 2 and 3: a component followed by text on its line is part of that text, unless it draws a block there.
    const tag = readTag(text, 0)
    return !(readsAsMdx3(cx) && tag && textFollowsFirstElement(text) && !isBlockComponent(cx, tag))
  }
  const first = scanTags(text, () => true)[0]
  return (
    first !== undefined &&
    first.start === 0 &&
    Object.values(first.attributes).some((value) => typeof value === 'string' && /[{}]/.test(text.slice(first.start, first.end)))
  )
}

/** Tags of a piece of HTML/JSX: structural ones become tag items, tables and lists raw HTML, the rest inline markdown. */
function splitHtml(cx: HandlerContext, raw: string, base: number, baseLine: number, literalText = false): FlowItem[] {
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
  // The marker with more on its line (`<!-- truncate --> More text`): the excerpt ends there all the same.
  const truncate = /<!--\s*truncate\s*-->/.exec(raw)
  if (truncate && !/<!--/.test(raw.slice(0, truncate.index))) {
    const after = truncate.index + truncate[0].length
    return [
      ...(raw.slice(0, truncate.index).trim() === '' ? [] : splitHtml(cx, raw.slice(0, truncate.index), base, baseLine)),
      {kind: 'raw', html: truncate[0], start: base + truncate.index, end: base + after, line: lineAt(truncate.index)},
      ...(raw.slice(after).trim() === '' ? [] : splitHtml(cx, raw.slice(after), base + after, lineAt(after))),
    ]
  }
  // MDX 2 and 3: an expression opening a line among the tags (`<div className="row">{users.map(u => <Card … />)}</div>`) is
  // JavaScript that renders JSX, not tags of the page; its tags are left to it.
  // A function opening a line (a component's children it calls) is JavaScript under MDX 1 too, inside its JSX block.
  const expressions = expressionsAtLineStarts(raw, withoutComments, readsAsMdx3(cx))
  const inExpression = (offset: number) => expressions.some((found) => found.start <= offset && offset < found.end)
  const tags = scanTags(withoutComments, () => true).filter((tag) => !inExpression(tag.start))
  let cursor = 0
  let inlineFrom = -1
  let nextExpression = 0
  const flushExpressionsBefore = (offset: number) => {
    for (let found = expressions[nextExpression]; found !== undefined && found.start < offset; found = expressions[++nextExpression]) {
      if (found.start < cursor) continue
      if (inlineFrom === -1 && withoutComments.slice(cursor, found.start).trim() !== '') inlineFrom = cursor
      flushInline(found.start)
      items.push({kind: 'expression', expression: found.expression, start: base + found.start, end: base + found.end, line: lineAt(found.start)})
      cursor = found.end
    }
  }
  const flushInline = (to: number) => {
    if (inlineFrom === -1) return
    // Where indented code exists (MDX 1, CommonMark), text on the line after a tag, however indented, goes on the element's
    // content: without a blank line between, it is the same HTML block (MDX 1's JSX block), which holds no code block.
    // A code fence keeps its indentation, which its lines are read against.
    const lead = cx.context.features?.indentedCode ? /^[ \t]*(?:\n[ \t]*)?(?=\S)(?![`~]{3})/.exec(raw.slice(inlineFrom, to)) : null
    const from = inlineFrom + (lead?.[0].length ?? 0)
    const text = raw.slice(from, to)
    if (withoutComments.slice(from, to).trim() !== '') items.push(...inlineRun(cx, text, base + from, lineAt(from), literalText))
    inlineFrom = -1
  }
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]
    if (!tag) continue
    flushExpressionsBefore(tag.start)
    // Docusaurus's Link is an inline link, wherever it stands.
    const kind = cx.linkNames.has(tag.name) ? 'inline' : tagKind(tag.name)
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
      const slots: TreeItem[][] = []
      const html = slotComponents(cx, raw.slice(tag.start, endOffset), base + tag.start, lineAt(tag.start), slots)
      items.push({kind: 'raw', html, start: base + tag.start, end: base + endOffset, line: lineAt(tag.start), ...(slots.length > 0 ? {slots} : {})})
      cursor = endOffset
      index = close === -1 ? tags.length : close
      continue
    }
    items.push({
      kind: 'tag',
      tag: {...tag, kind: tag.kind === 'open' && isVoidElement(tag.name) ? 'self' : tag.kind},
      start: base + tag.start,
      end: base + tag.end,
      line: lineAt(tag.start),
    })
    cursor = tag.end
  }
  flushExpressionsBefore(raw.length)
  if (inlineFrom === -1 && withoutComments.slice(cursor).trim() !== '') inlineFrom = cursor
  flushInline(raw.length)
  return items
}

/**
 * The block expressions of a piece of JSX that open a line (after its indentation), in order: under MDX 2 and 3 those
 * holding JSX and functions, under MDX 1 functions only (a component's children it calls; MDX 1 compiles the rest of
 * its JSX block as the tags read it).
 */
function expressionsAtLineStarts(raw: string, withoutComments: string, mdx3: boolean): FlowExpression[] {
  const found: FlowExpression[] = []
  for (const brace of withoutComments.matchAll(/(?:^|\n)[ \t]*\{/g)) {
    const at = brace.index + brace[0].length - 1
    if (found.length > 0 && at < (found.at(-1)?.end ?? 0)) continue
    const expression = flowExpressionAt(raw, at, {functions: true})
    if (expression && (mdx3 || isFunctionExpression(jsExpressionAt(expression.expression)))) found.push(expression)
  }
  return found
}

/** A JSX element a remark plugin put in the tree (`<Tabs>` of npm2yarn): its tags and its children, as if written in the text. */
function pluginElement(cx: HandlerContext, node: PluginJsxElement): FlowItem[] {
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
  return [tag('open'), ...toItems(cx, children, node.position), tag('close')]
}

/** Markdown's inline punctuation (emphasis, code, links, strike-through, math, directives, escapes). */
const INLINE_PUNCTUATION = /[\\`*_[\]~$:]/g

/**
 * `text` with a backslash before each markdown punctuation character outside its tags, so that it parses as the
 * text it is (tags still tags); `writtenOffset` maps an offset of the result back to `text`.
 */
function escapedOutsideTags(text: string): {text: string; writtenOffset: (at: number) => number} {
  const inserted: number[] = []
  let out = ''
  let from = 0
  const escape = (piece: string) =>
    piece.replace(INLINE_PUNCTUATION, (char) => {
      inserted.push(out.length + inserted.length)
      return `\\${char}`
    })
  for (const tag of scanTags(text, () => true)) {
    out += escape(text.slice(from, tag.start))
    out += text.slice(tag.start, tag.end)
    from = tag.end
  }
  out += escape(text.slice(from))
  return {
    text: out,
    writtenOffset: (at) => {
      let before = 0
      while (before < inserted.length && (inserted[before] ?? 0) < at) before++
      return at - before
    },
  }
}

/** Inline markdown (text and inline HTML) found between tags: parsed as paragraphs of its own. */
export function inlineRun(cx: HandlerContext, text: string, offset: number, line: number, literalText = false): FlowItem[] {
  const {html: normalized, sourceOffset} = jsxAttributesToHtmlMapped(text, cx.expressionValue)
  // Text shown as written (`literalText`): its markdown punctuation escaped, outside tags.
  const {text: parsed, writtenOffset} = literalText ? escapedOutsideTags(normalized) : {text: normalized, writtenOffset: (at: number) => at}
  // A zero-width space in front keeps remark from reading a line that starts with a tag as an HTML block (or indented
  // as code). Only there: before `**-r**` it would be a character that keeps the bold from opening (it is neither
  // space nor punctuation).
  const guard = /^(?:\s|<)/.test(parsed) ? '\u200b' : ''
  const root = cx.parse(`${guard}${parsed}`, offset - guard.length, line - 1)
  // Offsets back into the text as written (the zero-width space belongs to none of it).
  mapOffsets(root, (at) => offset + sourceOffset(writtenOffset(Math.max(0, at - offset))))
  collectDefinitions(root, cx.definitions)
  stripLeadingZeroWidth(root)
  // Text of an HTML block shown as written stands in its element without a paragraph around it: a line.
  if (literalText) for (const node of root.children) if (node.type === 'paragraph') node.data = {...node.data, ...{lineOfElement: true}}
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
export function tree(cx: HandlerContext, items: FlowItem[]): TreeItem[] {
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
    if (tag.kind === 'open' && stack.length + (cx.context.depth ?? 0) >= MAX_NESTING) {
      if (!cx.reportedDepth) {
        cx.reportedDepth = true
        cx.context.warn({
          file: cx.context.file,
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
        cx.context.warn({file: cx.context.file, line: item.line, message: `closing tag </${tag.name}> without its opening tag; ignored`})
        continue
      }
      const element = stack[index]
      if (element) {
        element.closed = true
        element.end = item.end
      }
      // Elements opened inside it and never closed end with it.
      for (const open of stack.slice(index + 1))
        cx.context.warn({file: cx.context.file, line: open.line, message: `<${open.tag.name}> is never closed; its content is kept up to </${tag.name}>`})
      stack.splice(index)
    }
  }
  for (const open of stack)
    cx.context.warn({
      file: cx.context.file,
      line: open.line,
      message: `<${open.tag.name}> is never closed; its content is kept up to the end of what contains it`,
    })
  return root
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

export function flatten(items: readonly TreeItem[]): TreeItem[] {
  return items.flatMap((item) => (item.kind === 'element' ? [item, ...flatten(item.children)] : [item]))
}
