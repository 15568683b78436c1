/** The parsed HTML of a built page, as both sides of a comparison read it: node kinds, classes, what a reader does not see as content. */
import {type DomUtils, ElementType, type parseDocument} from 'htmlparser2'

export type DomDocument = ReturnType<typeof parseDocument>
export type DomNode = DomDocument['children'][number]
export type DomElement = Parameters<typeof DomUtils.getAttributeValue>[0]
type DomText = Extract<DomNode, {type: 'text'}>

// domhandler's node kinds (htmlparser2 re-exports domutils, whose type guards moved to domhandler).
export function isElement(node: DomNode | DomDocument | null): node is DomElement {
  return node !== null && 'attribs' in node
}

export function isTextNode(node: DomNode): node is DomText {
  return node.type === ElementType.Text
}

export function childrenOf(node: DomNode | DomDocument): readonly DomNode[] {
  return 'children' in node ? node.children : []
}

/** Elements whose text a reader does not see as content: chrome, controls, hidden helpers. */
const EXCLUDED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'footer', 'select', 'head', 'title'])
const EXCLUDED_CLASSES = new Set([
  // Docusaurus theme-classic (ThemeClassNames and Infima)
  'theme-doc-sidebar-container',
  'theme-doc-toc-mobile',
  'theme-doc-toc-desktop',
  'theme-doc-breadcrumbs',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-doc-footer',
  'theme-edit-this-page',
  'theme-last-updated',
  'theme-back-to-top-button',
  'pagination-nav',
  'hash-link',
  'sr-only',
  // This site (web/src/ui, web/src/portable-text)
  'visually-hidden',
  'toc',
  'doc-toc',
  'docs-sidebar',
  'breadcrumbs',
  'version-badge',
  'version-banner',
  'unconverted-reason',
])

export function hasClass(el: DomElement, name: string): boolean {
  const value = el.attribs.class
  if (!value) return false
  return value.split(/\s+/).includes(name)
}

/** Whether an element and everything in it is left out of the visible text and of the counts. */
export function isExcluded(el: DomElement): boolean {
  if (EXCLUDED_TAGS.has(el.name)) return true
  // A tab is a button here and an <li> in Docusaurus: its label is content; other buttons are controls.
  if (el.name === 'button' && el.attribs.role !== 'tab') return true
  if (el.attribs['aria-hidden'] === 'true') return true
  const value = el.attribs.class
  if (value) for (const name of value.split(/\s+/)) if (EXCLUDED_CLASSES.has(name)) return true
  return false
}

/** The count of a Docusaurus tag link (`tagWithCount_*`, theme-classic 2.x and 3.x), drawn apart from the tag's name. */
export function isCountBadge(el: DomElement): boolean {
  const parent = el.parent
  return el.name === 'span' && isElement(parent) && (parent.attribs.class ?? '').split(/\s+/).some((name) => name.startsWith('tagWithCount'))
}

export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
