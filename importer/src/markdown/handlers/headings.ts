/**
 * Headings: markdown `#` headings (with a `{#custom-id}` anchor), HTML `<h1>`…`<h6>`, and the level-1
 * heading opening a body, which Docusaurus shows as the page title rather than in the content.
 */
import type {Heading, Paragraph, PhrasingContent, RootContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import type {BlockStyle, RichTextBlock} from '../../portable-text'
import {emojifyMarkup, emojifyText, textBlock} from '../blocks'
import type {Element, HandlerContext, TreeItem} from '../handler-context'
import {readsAsMdx1} from '../conversion-context'
import {mdxText, toInlineMarkup} from '../inline'
import {attributeString} from '../jsx-tags'
import {jsStringValue} from '../js-string'
import {markupWithNotes} from './footnotes'
import {inlineMarkupOf} from './html-elements'
import {softBreaksToSpaces} from './line-breaks'
import {isModuleParagraph} from './mdx-modules'
import {paragraph} from './paragraphs'

/** Where a level-1 heading is the page's title, as Docusaurus's mdx-loader and docs plugin find it. */
export interface ContentTitle {
  /** The heading's text. */
  contentTitle?: string
  /**
   * Whether only imports precede it: then Docusaurus also takes it as the title of the page's metadata
   * (sidebar, tab, breadcrumbs) when the front matter gives none.
   */
  contentTitleOpens?: boolean
  /** The body's top-level nodes without the heading taken as the title. */
  children: RootContent[]
  /** The title heading is written below other content: it stays in the text, and the page shows no title above it. */
  titleInText?: true
}

/**
 * The page's title heading, by Docusaurus 3's rule: the first heading of the text, in reading order and
 * before any thematic break, when it is of level 1. Whatever precedes it (a paragraph, an element, a
 * component) does not matter; a heading of another level or a `---` first means the text has no title.
 * Docusaurus then shows that heading where it is written, as the page's only h1. Opening the text, it is
 * the page's title heading; below other content (or nested in a quote or a list), it stays where it is, an
 * h1 of the text, and the page shows no title above it (`titleInText`).
 */
export function takeContentTitle(cx: HandlerContext, children: RootContent[]): ContentTitle {
  const first = firstHeadingOrBreak(children)
  if (first?.type !== 'heading' || first.depth !== 1) return {children}
  const firstIndex = children.indexOf(first)
  // A level-1 heading nested in a quote or a list stays where it is.
  if (firstIndex === -1) return readsAsMdx1(cx.context.features) ? {children} : {children, titleInText: true}
  // An import a site's remark plugin adds to the tree (an `mdxjsEsm` node, MDX 1's `import`) is not in the file, nor shown.
  const before = children.slice(0, firstIndex).filter((node) => node.type !== 'yaml' && !['mdxjsEsm', 'import'].includes(node.type as string))
  const isComment = (node: RootContent) => node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim())
  // Docusaurus's metadata reads a title from the text only when the file's content starts with it, after import lines.
  const contentTitleOpens = before.every((node) => isModuleParagraph(cx, node) && /^\s*import\s/.test(cx.nodeSource(node)))
  // Docusaurus 2 finds the title in the file's text (docusaurus-utils' parseMarkdownContentTitle): only a `# heading`
  // opening it, after imports. A later one stays in the text, and the page shows the front matter's title above it.
  if (!contentTitleOpens && readsAsMdx1(cx.context.features)) return {children}
  const shownBefore = before.filter((node) => !isModuleParagraph(cx, node) && !isComment(node))
  if (shownBefore.length > 0) return {children, titleInText: true}
  const contentTitle = emojifyText(
    softBreaksToSpaces(mdxText(toString(first), cx.constants))
      .replace(/\s*\{#[^}\s]+\}\s*$/, '')
      .trim(),
    readsAsMdx1(cx.context.features),
  )
  return {contentTitle, contentTitleOpens, children: children.filter((_, index) => index !== firstIndex)}
}

/** The first heading or thematic break of the text, in reading order (inside quotes, lists and elements too). */
function firstHeadingOrBreak(nodes: readonly RootContent[]): RootContent | undefined {
  for (const node of nodes) {
    if (node.type === 'heading' || node.type === 'thematicBreak') return node
    if ('children' in node) {
      const found = firstHeadingOrBreak(node.children)
      if (found) return found
    }
  }
  return undefined
}

export function heading(cx: HandlerContext, node: Heading): RichTextBlock[] {
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
  // A level-1 heading after the title is an h1 too, as Docusaurus shows it.
  const level = node.depth
  if (anchor) {
    const {value: text, notes} = markupWithNotes(cx, (env) => emojifyMarkup(toInlineMarkup(children, env).trim(), readsAsMdx1(cx.context.features)))
    return [{_type: 'heading', level, text, anchor, ...(notes.length > 0 ? {notes} : {})}]
  }
  return paragraph(cx, {...node, type: 'paragraph', children}, `h${level}` as BlockStyle)
}

export function htmlHeading(cx: HandlerContext, element: Element, depth: number): RichTextBlock[] {
  const id = attributeString(element.tag.attributes.id)
  // A heading of one line of markdown: its text with its marks, links and math, as a paragraph's.
  const line = id ? null : oneLine(element.children)
  if (line) return paragraph(cx, line, `h${depth}` as BlockStyle)
  return headingBlocks(inlineMarkupOf(cx, element.children), id, depth)
}

/**
 * An element's content as one line of markdown: its one paragraph (`<h4>Model $\\mathcal{T}(P)$</h4>`), or its
 * paragraphs apart only by raw HTML, joined and that HTML left out (an icon's <svg> inside the heading's link, as a
 * React page renders `<h2><a href="…"><svg …/>RSVP</a></h2>`: the link kept); null for anything else.
 */
function oneLine(children: readonly TreeItem[]): Paragraph | null {
  const [only, ...rest] = children
  if (rest.length === 0) return only?.kind === 'node' && only.node.type === 'paragraph' ? only.node : null
  const lines = children.flatMap((child) => (child.kind === 'node' && child.node.type === 'paragraph' ? [child.node] : []))
  const first = lines[0]?.position
  const last = lines.at(-1)?.position
  if (!first || !last || lines.length < 2 || !children.every((child) => child.kind === 'raw' || (child.kind === 'node' && child.node.type === 'paragraph')))
    return null
  const joined = lines.flatMap((line, index): PhrasingContent[] => (index === 0 ? line.children : [{type: 'text', value: ' '}, ...line.children]))
  return {type: 'paragraph', children: joined, position: {start: first.start, end: last.end}}
}

/**
 * The theme's `<Heading as="h2" id="…">`: the HTML heading `as` names, its text given as content or
 * as a `children` attribute (a string expression read as JavaScript reads it). Null for another `as`.
 */
export function themeHeading(cx: HandlerContext, element: Element): RichTextBlock[] | null {
  const {attributes, expressions} = element.tag
  const depth = Number(/^h([1-6])$/.exec(attributeString(attributes.as) ?? '')?.[1] ?? 0)
  if (depth === 0) return null
  const written = attributes.children
  if (element.children.length > 0 || written === undefined || written === true) return htmlHeading(cx, element, depth)
  const text = expressions?.has('children') ? (/^(['"])[\s\S]*\1$/.test(written.trim()) ? jsStringValue(written.trim()) : null) : written
  if (text === null) return null
  return headingBlocks(text, attributeString(attributes.id), depth)
}

function headingBlocks(text: string, id: string | undefined, level: number): RichTextBlock[] {
  if (id) return [{_type: 'heading', level, text, anchor: id}]
  return [textBlock(`h${level}` as BlockStyle, [{_type: 'span', text: text.replace(/[*`]/g, ''), marks: []}], [])]
}
