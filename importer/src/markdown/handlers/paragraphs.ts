/**
 * Paragraphs → text blocks: inline markup, links and inline images as spans and mark definitions; a
 * paragraph of images only becomes image blocks; inline tags with JSX attributes are read as the HTML
 * MDX makes of them. List items and quotes use the same conversion with their own style.
 */
import type {Nodes, Paragraph} from 'mdast'
import type {BlockStyle, RichTextBlock, TextBlock} from '../../portable-text'
import {emojifyText, textBlock, TRUNCATE_MARKER_ANYWHERE, TRUNCATE_MARKERS} from '../blocks'
import {inlineRun, tree} from '../flow-items'
import type {HandlerContext} from '../handler-context'
import {convertInline, type InlinePiece, piecesToSpans} from '../inline'
import {jsxAttributesToHtml} from '../jsx-attributes'
import {isVoidElement, jsxInAttributes, readTag} from '../jsx-tags'
import {countNewlines, stripLeadingZeroWidth} from '../parse'
import {parseEntities} from 'parse-entities'
import {spliceInlineMath, withMathPlaceholders} from './math'
import {imageBlock, inlineImage} from './media'
import {isModuleParagraph, moduleLines} from './mdx-modules'

export function paragraph(cx: HandlerContext, node: Paragraph, style: BlockStyle, list?: {listItem: 'bullet' | 'number'; level: number}): RichTextBlock[] {
  const text = cx.nodeSource(node).trim()
  if (TRUNCATE_MARKERS.some((marker) => marker.test(text))) return [{_type: 'readMore'}]
  // The tags of a JSX fragment on lines of their own (`<>`, `</>`) draw nothing in MDX: what they hold is shown as without them.
  if (cx.context.features?.commonMark !== true && /^<\/?>$/.test(text)) return []
  // An empty element of an XML namespace alone (`<f:image />`, which markdown does not read as HTML): MDX renders an
  // element no browser draws.
  if (cx.inlineEnv.mdx && /^<[A-Za-z][\w-]*:[\w.:-]*(\s[^<>]*)?\/>$/.test(text)) {
    cx.context.warn({
      file: cx.context.file,
      line: node.position?.start.line ?? 0,
      message: `${text} is an element of an XML namespace, which a browser draws as nothing (in Docusaurus too): left out`,
    })
    return []
  }
  if (isModuleParagraph(cx, node)) return moduleLines(cx, node)
  const {paragraph: withPlaceholders, formulas} = withMathPlaceholders(withHtmlAttributes(cx, withMemberTags(cx, node)))
  const inline = convertInline(withPlaceholders.children, cx.inlineEnv)
  const meaningful = inline.pieces.filter((piece) => piece.kind !== 'text' || piece.text.trim() !== '')
  // A paragraph of images only (a figure, a row of badges) becomes image blocks; images in text stay inline.
  if (style === 'normal' && !list && meaningful.length > 0 && meaningful.every((piece) => piece.kind === 'image')) {
    return meaningful.map((piece) => (piece.kind === 'image' ? imageBlock(cx, piece, node) : cx.unconvertedNode(node, 'unreachable')))
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
    if (piece.kind === 'anchor') {
      children.push({_type: 'anchorTarget', id: piece.id})
      continue
    }
    const image = inlineImage(cx, piece)
    if (image) children.push(image)
  }
  flush()
  const trimmed = spliceInlineMath(trimChildren(children) as Array<Exclude<TextBlock['children'][number], {_type: 'mathInline'}>>, formulas, (line, message) =>
    cx.context.warn({file: cx.context.file, line, message}),
  )
  if (trimmed.length === 0) return []
  const used = new Set(trimmed.flatMap((child) => (child._type === 'span' ? child.marks : [])))
  return [
    textBlock(
      style === 'normal' && !list && ((cx.inlineEnv.mdx && onlyElements(withPlaceholders)) || isLineOfElement(node)) ? 'line' : style,
      trimmed,
      inline.markDefs.filter((def) => used.has(def._key)),
      list,
    ),
  ]
}

/** A paragraph that is the text of an HTML element, which no paragraph wraps there (flow-items' inlineRun marks it). */
function isLineOfElement(node: Paragraph): boolean {
  return (node.data as {lineOfElement?: boolean} | undefined)?.lineOfElement === true
}

/**
 * Whether a paragraph holds only elements and the white space between them (`<font size="2">Added in: v1.62</font>`
 * on a line of its own). MDX 2 and 3 take such a paragraph apart (@mdx-js/mdx's remark-mark-and-unravel): its
 * elements stand where the paragraph stood, with no `<p>` around them.
 */
function onlyElements(node: Paragraph): boolean {
  let depth = 0
  let elements = 0
  let opensOwnLine = false
  for (const [index, child] of node.children.entries()) {
    if (child.type === 'html') {
      const html = child.value.trim()
      const tag = readTag(html, 0)
      if (!tag || tag.end !== html.length) return false
      if (tag.kind === 'close') {
        depth -= 1
        if (depth < 0) return false
      } else {
        if (depth === 0) elements += 1
        const next = node.children[index + 1]
        if (depth === 0 && elements === 1) opensOwnLine = tag.kind === 'open' && next?.type === 'text' && /^[ \t]*\n/.test(next.value)
        if (tag.kind === 'open' && !isVoidElement(tag.name)) depth += 1
      }
      continue
    }
    if (depth > 0) continue
    if (child.type === 'text' && child.value.trim() === '') continue
    return false
  }
  // One element whose opening tag ends its line (`<small>`, then lines of text, then `</small>`): MDX reads what it
  // holds as markdown of its own, a paragraph in it.
  if (elements === 1 && opensOwnLine) return false
  return depth === 0 && elements > 0
}

/** A tag naming a member of an import (`<Links.Tides />`, `</Links.Tides>`), which markdown does not read as HTML. */
const MEMBER_TAG = /<\/?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?=[\s/>])/g
/** The stand-in name a member tag is read under: `m-` and its index in the paragraph, base 36. */
const MEMBER_STAND_IN = /^<\/?m-([0-9a-z])(?=[\s/>])/

/**
 * A paragraph holding tags of a member of an import (`Read the <Links.Tides /> first.`): MDX reads them as JSX, and
 * markdown leaves them as text, so the paragraph is read again with each such tag under a stand-in HTML name as
 * long as the tag (its lines kept), and each tag then given back. A JSX element written as a prop (`text={<b>Tide
 * tables</b>}`) becomes its text, which is all a line of text keeps of a component.
 */
function withMemberTags(cx: HandlerContext, node: Paragraph): Paragraph {
  // The text's own span: a heading's node starts at its `#`s.
  const start = node.children[0]?.position?.start.offset
  const end = node.children.at(-1)?.position?.end.offset
  if (start === undefined || end === undefined || !cx.inlineEnv.mdx) return node
  const source = cx.source.text.slice(start, end)
  if (!source.includes('.') || /<\/?m-[0-9a-z][\s/>]/.test(source)) return node
  const code: Array<{from: number; to: number}> = []
  const visit = (child: Nodes) => {
    if (child.type === 'inlineCode' || child.type === 'html') {
      if (child.position?.start.offset !== undefined && child.position.end.offset !== undefined)
        code.push({from: child.position.start.offset - start, to: child.position.end.offset - start})
    } else if ('children' in child) for (const grandchild of child.children) visit(grandchild)
  }
  visit(node)
  const originals: string[] = []
  let rewritten = source
  let after = 0
  for (const match of source.matchAll(MEMBER_TAG)) {
    const at = match.index
    if (originals.length === 36 || at < after || code.some(({from, to}) => at >= from && at < to)) continue
    const tag = readTag(source, at)
    if (!tag?.name.includes('.')) continue
    const original = source.slice(at, tag.end)
    const head = `<${tag.kind === 'close' ? '/' : ''}m-${originals.length.toString(36)}`
    const tail = tag.kind === 'self' ? '/>' : '>'
    const padding = original.slice(head.length, original.length - tail.length).replace(/[^\n]/g, ' ')
    rewritten = `${rewritten.slice(0, at)}${head}${padding}${tail}${rewritten.slice(tag.end)}`
    originals.push(original)
    after = tag.end
  }
  if (originals.length === 0) return node
  const root = cx.parse(`\u200b${rewritten}`, start - 1, (node.children[0]?.position?.start.line ?? 1) - 1)
  stripLeadingZeroWidth(root)
  const [only, ...others] = root.children
  if (only?.type !== 'paragraph' || others.length > 0) return node
  const restore = (child: Nodes) => {
    if (child.type === 'html') {
      const index = MEMBER_STAND_IN.exec(child.value)?.[1]
      const original = index === undefined ? undefined : originals[Number.parseInt(index, 36)]
      if (original !== undefined) child.value = jsxPropsAsText(original)
    } else if ('children' in child) for (const grandchild of child.children) restore(grandchild)
  }
  restore(only)
  return {...node, children: only.children}
}

/** A tag with each prop written as one JSX element (`text={<b>Tide tables</b>}`) given that element's text as a string instead. */
function jsxPropsAsText(tag: string): string {
  let written = ''
  let from = 0
  for (const span of jsxInAttributes(tag)) {
    const open = /\{\s*$/.exec(tag.slice(from, span.start))
    const close = /^\s*\}/.exec(tag.slice(span.end))
    const text = parseEntities(tag.slice(span.start, span.end).replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
    const quote = text.includes('"') ? "'" : '"'
    if (!open || !close || text.includes(quote)) continue
    written += `${tag.slice(from, span.start - open[0].length)}${quote}${text}${quote}`
    from = span.end + close[0].length
  }
  return written + tag.slice(from)
}

/**
 * A paragraph whose inline tags have JSX attributes (`<span style={{color: 'crimson'}}>`): remark
 * cannot read such a tag as HTML and leaves it as text, so the paragraph is read again with the
 * attributes written as HTML, as MDX would have compiled them.
 */
function withHtmlAttributes(cx: HandlerContext, node: Paragraph): Paragraph {
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
  let normalized = cx.source.text.slice(start, node.position?.end.offset ?? start)
  for (const range of texts.reverse()) {
    normalized =
      normalized.slice(0, range.start - start) +
      jsxAttributesToHtml(cx.source.text.slice(range.start, range.end), cx.expressionValue) +
      normalized.slice(range.end - start)
  }
  const root = cx.parse(`\u200b${normalized}`, start - 1, (node.position?.start.line ?? 1) - 1)
  stripLeadingZeroWidth(root)
  const [only, ...others] = root.children
  return only?.type === 'paragraph' && others.length === 0 ? only : node
}

/**
 * A paragraph of the body's top level with the truncate marker inside its text (`First lines. <!-- truncate -->`):
 * the text before it, the "read more" marker, then the text after it, so that the excerpt stops where
 * Docusaurus cuts it; null without a marker. A marker in inline code is code, not a marker.
 */
export function splitAtTruncateMarker(cx: HandlerContext, node: Paragraph): RichTextBlock[] | null {
  let marker: {start: number; end: number} | undefined
  for (const child of node.children) {
    const from = child.position?.start.offset
    const to = child.position?.end.offset
    if (from === undefined || to === undefined || (child.type !== 'html' && child.type !== 'text')) continue
    const match = TRUNCATE_MARKER_ANYWHERE.exec(cx.source.text.slice(from, to))
    if (match) {
      marker = {start: from + match.index, end: from + match.index + match[0].length}
      break
    }
  }
  if (!marker) return null
  const start = node.position?.start.offset ?? 0
  const end = node.position?.end.offset ?? start
  const line = node.position?.start.line ?? 1
  const part = (from: number, to: number): RichTextBlock[] => {
    const text = cx.source.text.slice(from, to)
    if (text.trim() === '') return []
    return cx.flow(tree(cx, inlineRun(cx, text, from, line + countNewlines(cx.source.text.slice(start, from)))), false)
  }
  return [...part(start, marker.start), {_type: 'readMore'}, ...part(marker.end, end)]
}

export function paragraphOfText(cx: HandlerContext, text: string, node: Nodes): RichTextBlock[] {
  const value = text.trim()
  if (!value) return []
  void node
  return [textBlock('normal', [{_type: 'span', text: value, marks: []}], [])]
}

/** Drops leading and trailing whitespace of a paragraph's text (left around split-off images). */
function trimChildren(children: TextBlock['children']): TextBlock['children'] {
  const copy = children.map((child) => ({...child}))
  // Anchors show nothing, nor do empty spans: the text's edges are the spans next to them.
  for (const child of copy) {
    if (child._type === 'anchorTarget') continue
    if (child._type !== 'span') break
    child.text = child.text.replace(/^\s+/, '')
    if (child.text !== '') break
  }
  for (const child of copy.toReversed()) {
    if (child._type === 'anchorTarget') continue
    if (child._type !== 'span') break
    child.text = child.text.replace(/\s+$/, '')
    if (child.text !== '') break
  }
  return copy.filter((child) => child._type !== 'span' || child.text !== '')
}
