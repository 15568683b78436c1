/**
 * The markup of an imported site's own component (a `siteComponent` block): the HTML it rendered to
 * at import time, sanitized like any raw HTML, then read into a small tree so that the renderer can
 * put the block's editable content where the component placed its children (the content marker).
 * Raw HTML with slots (markdown written inside a table's cells) is read the same way, each slot at its marker.
 */
import {RAW_HTML_SLOT_MARKERS, SITE_COMPONENT_CONTENT_MARKER} from '@site/schemas'
import {ElementType, parseDocument} from 'htmlparser2'
import {sanitizeRawHtml} from './sanitize'

export type MarkupNode =
  | {kind: 'text'; text: string}
  | {kind: 'element'; tag: string; attributes: Record<string, string>; children: MarkupNode[]}
  /** Where the block's content goes. */
  | {kind: 'content'}
  /** Where the n-th slot of a raw HTML block goes. */
  | {kind: 'slot'; index: number}

/**
 * The sanitized markup as a tree, with each content marker as a node of its own; links put under
 * the reader's locale by `localize`, as the component's Link does in each locale of a Docusaurus build.
 */
export function componentMarkupTree(html: string, localize: (href: string) => string = (href) => href): MarkupNode[] {
  const document = parseDocument(sanitizeRawHtml(html), {decodeEntities: true})
  return document.children.flatMap((node) => toNodes(node, localize))
}

type ChildNode = ReturnType<typeof parseDocument>['children'][number]

function toNodes(node: ChildNode, localize: (href: string) => string): MarkupNode[] {
  if (node.type === ElementType.Text) return splitMarker(node.data)
  if (node.type === ElementType.Tag) {
    const attributes = {...node.attribs}
    if (node.name === 'a' && attributes.href) attributes.href = localize(attributes.href)
    return [{kind: 'element', tag: node.name, attributes, children: node.children.flatMap((child) => toNodes(child, localize))}]
  }
  // Comments, directives: nothing a reader sees (the sanitizer removed the rest).
  return []
}

const MARKERS = new RegExp(`${SITE_COMPONENT_CONTENT_MARKER}|${RAW_HTML_SLOT_MARKERS.source}`, 'g')

function splitMarker(text: string): MarkupNode[] {
  const nodes: MarkupNode[] = []
  let from = 0
  for (const match of text.matchAll(MARKERS)) {
    if (match.index > from) nodes.push({kind: 'text', text: text.slice(from, match.index)})
    nodes.push(match[1] === undefined ? {kind: 'content'} : {kind: 'slot', index: Number(match[1])})
    from = match.index + match[0].length
  }
  if (from < text.length) nodes.push({kind: 'text', text: text.slice(from)})
  return nodes
}

/** Whether the tree places the content somewhere (else the renderer shows it after the markup). */
export function placesContent(nodes: readonly MarkupNode[]): boolean {
  return nodes.some((node) => node.kind === 'content' || (node.kind === 'element' && placesContent(node.children)))
}
