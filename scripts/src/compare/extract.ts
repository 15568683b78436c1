/**
 * What a reader gets from one built page, read from its HTML: the main content region (the doc, the
 * post, the page; never the navbar, sidebar, footer or table of contents), its text and the
 * constructs in it. The same rules read Docusaurus's theme-classic markup and this site's, so that
 * both sides of a comparison are measured alike.
 */
import {DomUtils} from 'htmlparser2'
import {parse} from 'parse5'
import {adapter} from 'parse5-htmlparser2-tree-adapter'
import {extractBlocks, type Block} from './blocks'
import {childrenOf, hasClass, isCountBadge, isElement, isExcluded, isTextNode, normalizeSpace, type DomDocument, type DomElement, type DomNode} from './dom'

export interface ExtractedHeading {
  level: number
  /** The heading's id: the anchor a `#fragment` link reaches. */
  id: string | null
  text: string
}

export interface ExtractedImage {
  src: string
  alt: string
}

export interface ExtractedPage {
  /** `<html lang>`, or null. */
  lang: string | null
  /** `<meta name="generator">` (Docusaurus writes "Docusaurus v2.4.3"), or null. */
  generator: string | null
  /** Which rule chose the main region (see REGION_RULES), or "body" when none matched. */
  region: string
  /** The visible text of the main region, block boundaries as line breaks. */
  text: string
  headings: ExtractedHeading[]
  /** The text of each code block (`<pre>`), in order. */
  codeBlocks: string[]
  images: ExtractedImage[]
  /** The addresses of the main region's links (`<a href>`), as written. */
  links: string[]
  /** Tab sets (`role="tablist"`). */
  tabs: number
  admonitions: number
  details: number
  videos: number
  /** Embedded frames: `<iframe>` outside `<noscript>`, and this site's lazily loaded embeds. */
  embeds: number
  /** This site's "not converted" boxes (`.unconverted`, web/src/portable-text/render.tsx). */
  unconverted: number
  /** The blocks of the main region, in reading order (blocks.ts). */
  blocks: Block[]
  /** What Docusaurus says the page is (its page classes on `<html>`), or null. */
  pageKind: PageKind | null
}

export type PageKind = 'doc' | 'post' | 'blog list' | 'page'

/** Docusaurus's page classes (ThemeClassNames.page, on `<html>` in theme-classic 2 and 3). */
function pageKindOf(htmlClass: string): PageKind | null {
  const classes = htmlClass.split(/\s+/)
  if (classes.includes('docs-doc-page')) return 'doc'
  if (classes.includes('blog-post-page')) return 'post'
  if (classes.includes('blog-list-page')) return 'blog list'
  if (classes.includes('plugin-pages') || classes.includes('mdx-page')) return 'page'
  return null
}

/**
 * The main region, first rule that matches: Docusaurus's generated index page, a doc's markdown (Docusaurus), the page's only article
 * (a doc, post, release or page on either side), Docusaurus's main wrapper (React pages and
 * generated indexes, whose hero sits outside `<main>`), then `<main>`.
 */
const REGION_RULES: ReadonlyArray<{name: string; find: (doc: DomDocument) => DomElement | null}> = [
  // A generated index, whose title heading is in a header beside the article of its cards.
  {
    name: '.generatedIndexPage',
    find: (doc) => DomUtils.findOne((el) => (el.attribs.class ?? '').split(/\s+/).some((name) => name.startsWith('generatedIndexPage')), doc.children, true),
  },
  {name: '.theme-doc-markdown', find: (doc) => DomUtils.findOne((el) => hasClass(el, 'theme-doc-markdown'), doc.children, true)},
  {
    name: 'article',
    find: (doc) => {
      // Docusaurus's tags pages hold an article per letter: one letter is not the page.
      const htmlClass = DomUtils.findOne((el) => el.name === 'html', doc.children, false)?.attribs.class ?? ''
      if (/(^|\s)(blog|docs)-tags-list-page(\s|$)/.test(htmlClass)) return null
      const articles = DomUtils.findAll((el) => el.name === 'article', doc.children).filter((el) => !hasAncestor(el, (parent) => parent.name === 'article'))
      return articles.length === 1 ? (articles[0] ?? null) : null
    },
  },
  {name: '.main-wrapper', find: (doc) => DomUtils.findOne((el) => hasClass(el, 'main-wrapper'), doc.children, true)},
  {name: 'main', find: (doc) => DomUtils.findOne((el) => el.name === 'main', doc.children, true)},
]

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'iframe',
  'video',
  'img',
  'button',
])

function hasAncestor(el: DomElement, test: (parent: DomElement) => boolean): boolean {
  let parent = el.parent
  while (parent) {
    if (isElement(parent) && test(parent)) return true
    parent = parent.parent
  }
  return false
}

/** The visible text of a subtree: text nodes joined as rendered, a line break at each block boundary. */
export function visibleText(node: DomNode): string {
  const parts: string[] = []
  collectText(node, parts)
  return parts.join('')
}

function collectText(node: DomNode, parts: string[]): void {
  if (isTextNode(node)) {
    parts.push(node.data)
    return
  }
  if (!isElement(node)) {
    for (const child of childrenOf(node)) collectText(child, parts)
    return
  }
  if (isExcluded(node)) {
    // What it separated stays separated.
    parts.push(' ')
    return
  }
  if (node.name === 'br') {
    parts.push('\n')
    return
  }
  // Adjacent links are separate words even without a space between them (a row of buttons), and so
  // is a count drawn as a badge beside its label (`announcement<span>2</span>` in Docusaurus's tag lists).
  const separator = BLOCK_TAGS.has(node.name) ? '\n' : node.name === 'a' || isCountBadge(node) ? ' ' : ''
  parts.push(separator)
  for (const child of node.children) collectText(child, parts)
  parts.push(separator)
}

/**
 * A page's tree as a browser builds it (parse5, the HTML standard's parser): minified HTML
 * (Docusaurus Faster's minifier) leaves out optional end tags (`</p>`, `</li>`, `</td>`, `</tr>`),
 * which the standard's rules close where a browser does; a NUL character in text is dropped.
 */
export function parsePage(html: string): DomDocument {
  return parse(html, {treeAdapter: adapter})
}

/** Reads one built HTML page. */
export function extractPage(html: string): ExtractedPage {
  const doc = parsePage(html)
  const htmlElement = DomUtils.findOne((el) => el.name === 'html', doc.children, false)
  const generatorMeta = DomUtils.findOne((el) => el.name === 'meta' && (el.attribs.name ?? '').toLowerCase() === 'generator', doc.children, true)

  let region: DomElement | null = null
  let regionName = 'body'
  for (const rule of REGION_RULES) {
    region = rule.find(doc)
    if (region) {
      regionName = rule.name
      break
    }
  }
  const root: DomNode = region ?? DomUtils.findOne((el) => el.name === 'body', doc.children, true) ?? doc

  const page: ExtractedPage = {
    lang: htmlElement?.attribs.lang || null,
    generator: generatorMeta?.attribs.content || null,
    region: regionName,
    text: visibleText(root),
    headings: [],
    codeBlocks: [],
    images: [],
    links: [],
    tabs: 0,
    admonitions: 0,
    details: 0,
    videos: 0,
    embeds: 0,
    unconverted: 0,
    blocks: extractBlocks(root),
    pageKind: pageKindOf(htmlElement?.attribs.class ?? ''),
  }
  collectConstructs(root, page, false)
  return page
}

function collectConstructs(node: DomNode, page: ExtractedPage, inCode: boolean): void {
  for (const child of childrenOf(node)) {
    if (!isElement(child) || isExcluded(child)) continue
    const name = child.name
    if (/^h[1-6]$/.test(name)) page.headings.push({level: Number(name.slice(1)), id: child.attribs.id || null, text: normalizeSpace(visibleText(child))})
    if (hasClass(child, 'unconverted')) {
      // The raw source shown in the box is not a code block of the page.
      page.unconverted++
      continue
    }
    if (name === 'pre' && !inCode) {
      page.codeBlocks.push(visibleText(child).replace(/^\n+|\n+$/g, ''))
      collectConstructs(child, page, true)
      continue
    }
    if (name === 'img' && child.attribs.src !== undefined) page.images.push({src: child.attribs.src, alt: child.attribs.alt ?? ''})
    if (name === 'a' && child.attribs.href !== undefined) page.links.push(child.attribs.href)
    if (child.attribs.role === 'tablist') page.tabs++
    if (hasClass(child, 'theme-admonition') || hasClass(child, 'admonition')) page.admonitions++
    if (name === 'details') page.details++
    if (name === 'video') page.videos++
    if (name === 'iframe' || child.attribs['data-embed-url'] !== undefined) page.embeds++
    collectConstructs(child, page, inCode)
  }
}

/** A code block's identity across both sides: its text without any white space (themes lay lines out differently). */
export function codeKey(code: string): string {
  return code.replace(/\s+/g, '')
}
