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
import {codeTag, convertInline, holdsElement, type InlinePiece, piecesToSpans} from '../inline'
import {jsxAttributesToHtml} from '../jsx-attributes'
import {isVoidElement, readTag} from '../jsx-tags'
import {countNewlines, stripLeadingZeroWidth} from '../parse'
import {blockGuard, isMisreadInText, paragraphWithStandIns} from '../tag-stand-ins'
import {spliceInlineMath, withMathPlaceholders} from './math'
import {imageBlock, inlineImage} from './media'
import {isModuleParagraph, moduleLines} from './mdx-modules'
import {readsAsMdx1} from '../conversion-context'

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
  const boxed = style === 'normal' && !list ? splitAtCodeBoxes(cx, node) : null
  if (boxed) return boxed
  const {paragraph: withPlaceholders, formulas} = withMathPlaceholders(withHtmlAttributes(cx, withMisreadTags(cx, node)))
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
      children.push(
        ...piecesToSpans(pending).map((span) =>
          span.marks.includes('code') ? span : {...span, text: emojifyText(span.text, readsAsMdx1(cx.context.features))},
        ),
      )
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

/**
 * A paragraph holding an HTML `<code>` with an element in it (`**Returns:** <code>Promise&lt;<a href="#r">R</a>&gt;</code>`),
 * where Docusaurus 3 draws that code as a box of code (InlineEnvironment.codeHoldingElementIsBlock): the paragraph's text
 * before it, the box (a text block of the `codeBox` style, its links kept), then the text after it, as a browser lays out
 * the `<pre>` Docusaurus writes inside the `<p>`. Null when the paragraph holds none.
 */
function splitAtCodeBoxes(cx: HandlerContext, node: Paragraph): RichTextBlock[] | null {
  if (!cx.inlineEnv.codeHoldingElementIsBlock) return null
  const open = node.children.findIndex((child, index) => codeTag(child) === 'open' && holdsElement(node.children, index))
  if (open < 0) return null
  const close = node.children.findIndex((child, index) => index > open && codeTag(child) === 'close')
  if (close < 0) return null
  const part = (children: Paragraph['children']): Paragraph | null => {
    const start = children[0]?.position?.start
    const end = children.at(-1)?.position?.end
    return start && end ? {...node, children, position: {start, end}} : null
  }
  const before = part(node.children.slice(0, open))
  const after = part(node.children.slice(close + 1))
  const inline = convertInline(node.children.slice(open + 1, close), cx.inlineEnv)
  const spans = piecesToSpans(inline.pieces.filter((piece) => piece.kind === 'text'))
  const used = new Set(spans.flatMap((span) => span.marks))
  const box = spans.some((span) => span.text.trim() !== '')
    ? [
        textBlock(
          'codeBox',
          spans,
          inline.markDefs.filter((def) => used.has(def._key)),
        ),
      ]
    : []
  return [...(before ? paragraph(cx, before, 'normal') : []), ...box, ...(after ? paragraph(cx, after, 'normal') : [])]
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

/**
 * A paragraph holding tags markdown does not read as MDX does (`Read the <Links.Tides /> first.`, a line starting
 * with `<Link …>`): read again with those tags as the inline HTML they are in MDX (see tag-stand-ins.ts).
 */
function withMisreadTags(cx: HandlerContext, node: Paragraph): Paragraph {
  // The text's own span: a heading's node starts at its `#`s.
  const start = node.children[0]?.position?.start.offset
  const end = node.children.at(-1)?.position?.end.offset
  if (start === undefined || end === undefined || !cx.inlineEnv.mdx) return node
  const source = cx.source.text.slice(start, end)
  if (!source.includes('.') && !/\n[ \t]*<\/?[A-Z]/.test(source)) return node
  const skip: Array<{from: number; to: number}> = []
  const visit = (child: Nodes) => {
    if (child.type === 'inlineCode' || child.type === 'html') {
      if (child.position?.start.offset !== undefined && child.position.end.offset !== undefined)
        skip.push({from: child.position.start.offset - start, to: child.position.end.offset - start})
    } else if ('children' in child) for (const grandchild of child.children) visit(grandchild)
  }
  visit(node)
  const line = node.children[0]?.position?.start.line ?? 1
  const read = paragraphWithStandIns(cx, start, end, line, isMisreadInText, skip)
  return read ? {...node, children: read.children} : node
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
  const guard = blockGuard(normalized)
  const root = cx.parse(`${guard}${normalized}`, start - guard.length, (node.position?.start.line ?? 1) - 1)
  if (guard) stripLeadingZeroWidth(root)
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
  const before = part(start, marker.start)
  const after = part(marker.end, end)
  // Text on both sides (`First lines. <!-- truncate --> More of it.`): one paragraph on the post's page, as in Docusaurus.
  const within = before.at(-1)?._type === 'block' && after[0]?._type === 'block'
  return [...before, {_type: 'readMore', ...(within ? {withinParagraph: true} : {})}, ...after]
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
