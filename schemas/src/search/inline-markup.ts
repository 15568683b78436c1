/**
 * The small inline markup allowed in table cells and heading texts (`code`, **bold**, *em*, ~~struck~~,
 * [links](/path), ![images](/img/x.png), an image inside a link, math as \(TeX\), a footnote as
 * [^label], a code box as ```code``` whose text may hold [links](/path); in a table cell, also lists: lines
 * starting `- ` or `1. `), parsed into a tree that the
 * renderer turns into elements: never into HTML strings. A backslash before a marker's character (`\*`, `\[`,
 * `` \` ``, `\~`, `\!`, `\_`, `\\`) makes it that character of the text.
 */

export type InlineNode =
  | {type: 'text'; text: string}
  | {type: 'code'; text: string}
  | {type: 'strong'; children: InlineNode[]}
  | {type: 'em'; children: InlineNode[]}
  /** GFM's strikethrough (`~~text~~`). */
  | {type: 'del'; children: InlineNode[]}
  | {type: 'link'; href: string; children: InlineNode[]}
  | {type: 'image'; src: string; alt: string}
  /** Inline math; `html` is KaTeX's rendering, filled in by the site when it prepares a body (null when KaTeX cannot read it, `problem` then says why). */
  | {type: 'math'; tex: string; html?: string | null; problem?: string}
  /**
   * A reference to the page's footnote of that label; `reference` is its number and ids, filled in by the
   * site when it numbers a body's footnotes (without one, the reference is shown as written).
   */
  | {type: 'footnote'; label: string; reference?: {number: number; id: string; noteId: string}}
  /**
   * A code box (```Promise<[Result](#result)>```): code drawn as a block of code, whose text may hold links; nothing
   * else is markup there (only links and backslash escapes). Docusaurus 3 draws an HTML `<code>` holding an element so.
   */
  | {type: 'codeBox'; children: InlineNode[]}
  /** A list in a table cell: its items' markup, numbered from `start` when ordered. */
  | {type: 'list'; ordered: boolean; start: number; items: InlineNode[][]}

const IMAGE = String.raw`!\[([^\]]*)\]\(([^)\s]+)\)`
// A link's text: an image, a pair of brackets that is no link (`[a[0]](…)`), or any character but a bracket (a
// link inside brackets, `[ [Status](#status) ]`, is that link, the brackets around it text).
const LINK_TEXT = String.raw`(?:!\[[^\]]*\]\([^)\s]+\)|\[[^\[\]]*\](?!\()|[^\[\]])+`
// A character of the markup written as text (`\*`, `\[`): the character, not a marker.
const ESCAPABLE = String.raw`[\\\x60*~\[\]!_]`
// Italic's content: no asterisk but escaped ones, no space at its ends.
const EM_CHAR = String.raw`(?:[^*\\]|\\${ESCAPABLE})`
const EM_EDGE = String.raw`(?:[^*\s\\]|\\${ESCAPABLE})`
// Italic that opens with bold (`***Required.** String Literal*`, CommonMark's reading of three asterisks there).
const EM_OPENING_STRONG = String.raw`\*(\*\*(?:[^*\\]|\\${ESCAPABLE})+?\*\*(?!\*)(?:${EM_CHAR}*${EM_EDGE})?)\*(?!\*)`
// A code box: three backticks around text on one line, with no three backticks in it (an escaped backtick is text).
const CODE_BOX = String.raw`\x60\x60\x60((?:[^\x60\\\n]|\\[^\n]|\x60(?!\x60\x60))+?)\x60\x60\x60`
// Bold may hold a line break of a cell (`**a<br/>b**` is `**a\nb**`); italic already may. Its closing `**` is not followed
// by a third asterisk, which would end an italic inside it (`**a *b***`).
const TOKEN = new RegExp(
  String.raw`${CODE_BOX}|\\(${ESCAPABLE})|\x60([^\x60]+)\x60|\\\((.+?)\\\)|${IMAGE}|${EM_OPENING_STRONG}|\*\*([\s\S]+?)\*\*(?!\*)|\*(${EM_EDGE}(?:${EM_CHAR}*${EM_EDGE})?)\*|\[(${LINK_TEXT})\]\(([^)\s]+)\)|\[\^([^\]\s]+)\]|~~([^~\s](?:[^~]*[^~\s])?)~~`,
  'g',
)

/** Parses inline markup; `mapHref` rewrites link targets (the locale prefix), not image addresses. Unmatched markers stay text. */
export function parseInlineMarkup(source: string, mapHref: (href: string) => string = (href) => href): InlineNode[] {
  const nodes: InlineNode[] = []
  // Text next to an escaped character joins it: one text node, as if the character had needed no backslash.
  const pushText = (text: string) => {
    const previous = nodes.at(-1)
    if (previous?.type === 'text') previous.text += text
    else nodes.push({type: 'text', text})
  }
  let last = 0
  for (const match of source.matchAll(TOKEN)) {
    const start = match.index
    if (start > last) pushText(source.slice(last, start))
    const [, codeBox, escaped, code, math, alt, src, emOpeningStrong, strong, italic, linkText, href, footnote, del] = match
    const em = emOpeningStrong ?? italic
    if (codeBox !== undefined) nodes.push({type: 'codeBox', children: parseCodeBoxMarkup(codeBox, mapHref)})
    else if (escaped !== undefined) pushText(escaped)
    else if (code !== undefined) nodes.push({type: 'code', text: code})
    else if (math !== undefined) nodes.push({type: 'math', tex: math})
    else if (alt !== undefined && src !== undefined) nodes.push({type: 'image', src, alt})
    else if (strong !== undefined) nodes.push({type: 'strong', children: parseInlineMarkup(strong, mapHref)})
    else if (em !== undefined) nodes.push({type: 'em', children: parseInlineMarkup(em, mapHref)})
    else if (linkText !== undefined && href !== undefined) nodes.push({type: 'link', href: mapHref(href), children: parseInlineMarkup(linkText, mapHref)})
    else if (footnote !== undefined) nodes.push({type: 'footnote', label: footnote})
    else if (del !== undefined) nodes.push({type: 'del', children: parseInlineMarkup(del, mapHref)})
    last = start + match[0].length
  }
  if (last < source.length) pushText(source.slice(last))
  return nodes
}

// In a code box, only links and escapes are markup: `*`, `_` and single backticks are the code's own characters.
const CODE_BOX_TOKEN = new RegExp(String.raw`\\(${ESCAPABLE})|\[((?:\\.|[^\[\]\\])+)\]\(([^)\s]+)\)`, 'g')

/** A code box's text: text and links (whose text is text too), a backslash before a marker's character that character. */
function parseCodeBoxMarkup(source: string, mapHref: (href: string) => string): InlineNode[] {
  const nodes: InlineNode[] = []
  const pushText = (text: string) => {
    const previous = nodes.at(-1)
    if (previous?.type === 'text') previous.text += text
    else if (text !== '') nodes.push({type: 'text', text})
  }
  let last = 0
  for (const match of source.matchAll(CODE_BOX_TOKEN)) {
    pushText(source.slice(last, match.index))
    const [, escaped, linkText, href] = match
    if (escaped !== undefined) pushText(escaped)
    else if (linkText !== undefined && href !== undefined)
      nodes.push({type: 'link', href: mapHref(href), children: [{type: 'text', text: linkText.replace(/\\(.)/g, '$1')}]})
    last = match.index + match[0].length
  }
  pushText(source.slice(last))
  return nodes
}

/** A line of a cell that is a list item: `- item` or `3. item`. */
const LIST_ITEM_LINE = /^(?:- |(\d{1,9})\. )(?=\S)/
/** A line that starts like an item but is text, written with a backslash before it: `\1. item`. */
const ESCAPED_ITEM_LINE = /^\\(?=- \S|\d{1,9}\. \S)/

/**
 * Parses a table cell's markup: lines that start `- ` or `1. ` are the items of a list (consecutive
 * items of one kind are one list, numbered from its first item's number); the lines around them are
 * inline markup, a newline between two of them a line break. A backslash before a marker keeps the
 * line as text.
 */
export function parseCellMarkup(source: string, mapHref: (href: string) => string = (href) => href): InlineNode[] {
  const nodes: InlineNode[] = []
  let text: string[] = []
  let list = null as Extract<InlineNode, {type: 'list'}> | null
  const flushText = () => {
    if (text.length > 0) nodes.push(...parseInlineMarkup(text.join('\n'), mapHref))
    text = []
  }
  for (const line of source.split('\n')) {
    const item = LIST_ITEM_LINE.exec(line)
    if (!item) {
      list = null
      text.push(line.replace(ESCAPED_ITEM_LINE, ''))
      continue
    }
    const ordered = item[1] !== undefined
    if (list?.ordered !== ordered) {
      flushText()
      list = {type: 'list', ordered, start: ordered ? Number(item[1]) : 1, items: []}
      nodes.push(list)
    }
    list.items.push(parseInlineMarkup(line.slice(item[0].length), mapHref))
  }
  flushText()
  return nodes
}

/** The nodes inside a node: a link's or an emphasis's children, a list's items one after the other. */
export function innerNodes(node: InlineNode): InlineNode[] {
  return 'children' in node ? node.children : node.type === 'list' ? node.items.flat() : []
}

/**
 * The nodes with each node that holds no others (text, code, math, a footnote, an image) given to `leaf`, in reading
 * order, the nodes around them (links, emphasis, lists and their items) kept as they are.
 */
export function mapInlineLeaves(nodes: readonly InlineNode[], leaf: (node: InlineNode) => InlineNode): InlineNode[] {
  return nodes.map((node): InlineNode => {
    if (node.type === 'list') return {...node, items: node.items.map((item) => mapInlineLeaves(item, leaf))}
    return 'children' in node ? {...node, children: mapInlineLeaves(node.children, leaf)} : leaf(node)
  })
}

/**
 * The text a reader sees, without markers: what anchors and the table of contents are made from (images
 * add none, as in Docusaurus's anchors; nor do footnote numbers, which are the notes' links).
 */
export function inlinePlainText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((node) =>
      node.type === 'image' || node.type === 'footnote'
        ? ''
        : node.type === 'math'
          ? node.tex
          : 'text' in node
            ? node.text
            : node.type === 'list'
              ? ` ${node.items.map(inlinePlainText).join(' ')} `
              : inlinePlainText(node.children),
    )
    .join('')
}
