/**
 * The blocks a reader sees in a page's main content, in order, read alike from Docusaurus's markup
 * (theme-classic 2 and 3) and this site's: paragraphs (with their hard line breaks), headings, list
 * items, table cells, code blocks, admonitions, tab sets, details, quotes, images, frames, videos,
 * math and diagrams; plus this site's "not converted" boxes. Each block has a key: two blocks with
 * the same key are the same block for the alignment (align.ts).
 */
import {snackEmbedFiles, snackFileLanguage} from '@site/schemas/markup/snack'
import {highlighterLanguage} from '@site/schemas'
import {childrenOf, hasClass, isCountBadge, isElement, isExcluded, isTextNode, normalizeSpace, type DomElement, type DomNode} from './dom'

export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list-item'
  | 'table-cell'
  | 'code'
  | 'admonition'
  | 'tabs'
  | 'details'
  | 'quote'
  | 'image'
  | 'iframe'
  | 'video'
  | 'math'
  | 'diagram'
  | 'unconverted'

export const BLOCK_KINDS: readonly BlockKind[] = [
  'heading',
  'paragraph',
  'list-item',
  'table-cell',
  'code',
  'admonition',
  'tabs',
  'details',
  'quote',
  'image',
  'iframe',
  'video',
  'math',
  'diagram',
  'unconverted',
]

export interface Block {
  kind: BlockKind
  /** What makes two blocks the same: the kind and its normalized description. */
  key: string
  /** A short description for the report. */
  label: string
  /** Hard line breaks (`<br>`) in a text block. */
  breaks?: number
  /** MDX/JSX source shown to readers, as a code block or as text (the importer did not convert it). */
  rawSource?: boolean
  /** Images: the `src` as written (the caller resolves whether it loads). */
  src?: string
}

/** A line break kept in a text block's text, and the mark standing for math inside text. */
export const BREAK = '⏎'
const MATH_MARK = '∮'
const LABEL_LENGTH = 80

function short(text: string): string {
  return text.length > LABEL_LENGTH ? `${text.slice(0, LABEL_LENGTH - 1)}…` : text
}

/** Han, kana, Hangul and CJK punctuation (after NFKC, which makes full-width punctuation ASCII). */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\u30fc'
const SPACE_NEXT_TO_CJK = new RegExp(`(?<=[${CJK}]) +| +(?=[${CJK}])`, 'gu')

/**
 * A pictograph leading a text and the word after it: Docusaurus's doc cards write "📄️ Title" up to
 * 3.9 and put the two in spans apart from 3.10 (the gap drawn by CSS), the same line to a reader.
 */
const ICON_THEN_WORD = /^(\p{Extended_Pictographic}\ufe0f?) ?(?=[\p{L}\p{N}])/u

/**
 * Text comparable across both themes: compatibility forms, straight quotes, collapsed spaces (line
 * breaks kept as ⏎), one space after a leading pictograph, no space before closing punctuation, and no space next to a CJK character: a source line wrapped inside Chinese or
 * Japanese text is a newline in Docusaurus's HTML (a space in most browsers) and nothing here, a
 * typographic difference, not a structural one.
 */
export function foldText(text: string): string {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u200b\u2060\ufeff]/g, '')
      .replace(/[^\S\n]+/g, ' ')
      .replace(SPACE_NEXT_TO_CJK, '')
      .replace(ICON_THEN_WORD, '$1 ')
      .replace(/ *\n+ */g, ` ${BREAK} `)
      .replace(/\s+/g, ' ')
      // A link's edge separates words in the text read here: no space is seen before the punctuation that follows it.
      .replace(/ ([,.;:!?)\]])/g, '$1')
      .trim()
      .replace(new RegExp(`^(${BREAK} ?)+|( ?${BREAK})+$`, 'g'), '')
  )
}

function classList(el: DomElement): string[] {
  return (el.attribs.class ?? '').split(/\s+/).filter(Boolean)
}

/** KaTeX's outermost element of a formula (`.katex`, or `.katex-display` around it), or a bare MathML `<math>`. */
function isMath(el: DomElement): boolean {
  if (hasClass(el, 'katex-display')) return true
  if (hasClass(el, 'katex')) return !hasAncestorClass(el, 'katex-display')
  return el.name === 'math' && !hasAncestorClass(el, 'katex')
}

function hasAncestorClass(el: DomElement, name: string): boolean {
  let parent = el.parent
  while (parent) {
    if (isElement(parent) && hasClass(parent, name)) return true
    parent = parent.parent
  }
  return false
}

/** A formula's TeX source (KaTeX keeps it in an annotation), else the text of its MathML. */
function mathSource(el: DomElement): string {
  const annotation = findFirst(el, (node) => node.name === 'annotation' && (node.attribs.encoding ?? '').includes('tex'))
  const text = annotation ? textOf(annotation) : textOf(findFirst(el, (node) => node.name === 'math') ?? el)
  return text.replace(/\s+/g, '')
}

function isDisplayMath(el: DomElement): boolean {
  return (
    hasClass(el, 'katex-display') ||
    el.attribs.display === 'block' ||
    findFirst(el, (node) => node.name === 'math' && node.attribs.display === 'block') !== null
  )
}

/** A diagram: Docusaurus's Mermaid container, a rendered Mermaid SVG, or this site's diagram figure. */
function isDiagram(el: DomElement): boolean {
  if (hasClass(el, 'docusaurus-mermaid-container') || hasClass(el, 'mermaid') || hasClass(el, 'diagram')) return true
  if (el.attribs['data-diagram'] !== undefined) return true
  return el.name === 'svg' && (el.attribs['aria-roledescription'] ?? '') !== '' && !hasAncestorDiagram(el)
}

function hasAncestorDiagram(el: DomElement): boolean {
  let parent = el.parent
  while (parent) {
    if (
      isElement(parent) &&
      (hasClass(parent, 'docusaurus-mermaid-container') ||
        hasClass(parent, 'mermaid') ||
        hasClass(parent, 'diagram') ||
        parent.attribs['data-diagram'] !== undefined)
    )
      return true
    parent = parent.parent
  }
  return false
}

function findFirst(node: DomNode, test: (el: DomElement) => boolean): DomElement | null {
  for (const child of childrenOf(node)) {
    if (!isElement(child)) continue
    if (test(child)) return child
    const found = findFirst(child, test)
    if (found) return found
  }
  return null
}

function textOf(node: DomNode): string {
  if (isTextNode(node)) return node.data
  return childrenOf(node).map(textOf).join('')
}

/**
 * The text a reader sees in a text block: math as one mark (whatever renders it), `<br>` as a line
 * break, the hidden parts left out. Nested blocks listed in `stopAt` are left out (a nested list).
 */
function blockText(node: DomNode, stopAt: (el: DomElement) => boolean): string {
  const parts: string[] = []
  const walk = (current: DomNode) => {
    if (isTextNode(current)) {
      // A newline in the HTML source is white space (a soft line break); only <br> breaks a line.
      parts.push(current.data.replace(/\s+/g, ' '))
      return
    }
    if (!isElement(current)) {
      for (const child of childrenOf(current)) walk(child)
      return
    }
    if (current !== node && stopAt(current)) return
    if (isMath(current)) {
      parts.push(` ${MATH_MARK} `)
      return
    }
    if (isExcluded(current)) {
      parts.push(' ')
      return
    }
    if (current.name === 'br') {
      parts.push('\n')
      return
    }
    // A task list item's checkbox (Docusaurus draws an <input>) reads as the box this site writes as text.
    if (current.name === 'input' && current.attribs.type === 'checkbox') {
      parts.push(current.attribs.checked === undefined ? '☐ ' : '☑ ')
      return
    }
    // Block boundaries inside a text block (a paragraph inside a list item) separate words, not lines.
    // A tag's count badge is drawn apart from the tag's name (a word of its own, as the words count it).
    const separator =
      ['p', 'div', 'li', 'ul', 'ol', 'pre', 'table', 'tr', 'td', 'th', 'blockquote', 'img', 'a'].includes(current.name) || isCountBadge(current) ? ' ' : ''
    parts.push(separator)
    for (const child of current.children) walk(child)
    parts.push(separator)
  }
  walk(node)
  return parts.join('')
}

function countBreaks(node: DomNode, stopAt: (el: DomElement) => boolean): number {
  let count = 0
  const walk = (current: DomNode) => {
    if (!isElement(current)) {
      for (const child of childrenOf(current)) walk(child)
      return
    }
    if (current !== node && (stopAt(current) || isExcluded(current) || current.name === 'pre')) return
    if (current.name === 'br') count++
    for (const child of current.children) walk(child)
  }
  walk(node)
  return count
}

const LANGUAGE_ALIASES: Record<string, string> = {
  javascript: 'js',
  typescript: 'ts',
  shell: 'bash',
  sh: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  markdown: 'md',
  python: 'py',
  ruby: 'rb',
  text: 'text',
  txt: 'text',
  plain: 'text',
  plaintext: 'text',
  '': 'text',
}

/**
 * The language a code block is compared by: the highlighter's name (Docusaurus keeps the fence's
 * `hbs`, `gql`, `jsonc`; this site writes `handlebars`, `graphql`, `json`), then one name for each pair
 * that both sides spell either way.
 */
export function normalizeLanguage(language: string): string {
  const lower = language.toLowerCase()
  const canonical = LANGUAGE_ALIASES[lower] ?? highlighterLanguage(lower)
  return LANGUAGE_ALIASES[canonical] ?? canonical
}

/** The language of a code block: this site's `data-language`, else a `language-*` class on it or inside it. */
function codeLanguage(container: DomElement, pre: DomElement): string {
  const data = container.attribs['data-language'] ?? pre.attribs['data-language']
  // Its first word, as a class list reads Docusaurus's `language-…` class.
  if (data !== undefined) return normalizeLanguage(data.trim().split(/\s+/)[0] ?? '')
  for (const el of [container, pre, findFirst(pre, (node) => node.name === 'code')]) {
    if (!el) continue
    const language = classList(el).find((name) => name.startsWith('language-'))
    if (language) return normalizeLanguage(language.slice('language-'.length))
  }
  return 'text'
}

/**
 * The code of an Expo Snack embed (`<div data-snack-files="…">`, URL-encoded JSON of files, or `data-snack-code`), which
 * Expo's script shows in the reader's browser: each file's code and language. Null for any other element.
 */
export function snackEmbedCode(element: DomElement): Array<{language: string; code: string}> | null {
  const files = element.attribs['data-snack-files']
  const single = element.attribs['data-snack-code']
  if (element.name !== 'div' || (files === undefined && single === undefined)) return null
  return snackEmbedFiles(files, single)?.map(({file, code}) => ({language: normalizeLanguage(snackFileLanguage(file)), code})) ?? null
}

/** MDX or JSX source: an import of a theme or site module, a capitalized JSX element, an export. */
const MDX_SOURCE = [/^\s*import\s+[\w{},*\s]+\s+from\s+['"]/m, /^\s*<\/?[A-Z][\w.]*(\s[^>]*)?\/?>/m, /^\s*export\s+(const|default|function)\s/m]

export function looksLikeMdxSource(code: string): boolean {
  return MDX_SOURCE.some((pattern) => pattern.test(code))
}

/**
 * Text a reader sees that is MDX source: a capitalized tag opening it with attributes, an expression or
 * its end (`<Tabs defaultValue="api" values={[…`), an import of a theme or site module, or a JavaScript
 * expression or declaration of the page (`{(() => {…`, a comment in braces, `const rows = [ …`).
 */
export function looksLikeComponentSource(text: string): boolean {
  return (
    /^<\/?[A-Z][\w.]*(\s+[\w:-]+=|\s*\{|\s*\/?>|\s*$)/.test(text) ||
    /^import\s+[\w{},*\s]+\s+from\s+['"]@(theme|site)\//.test(text) ||
    /^\{\s*(\(|\/\*)/.test(text) ||
    /^(const|let|var)\s+[\w$]+\s*=/.test(text)
  )
}

/** The code text of a `<pre>`: lines as rendered (Docusaurus ends each line with `<br>`, this site with a newline). */
function codeText(pre: DomElement): string {
  const parts: string[] = []
  const walk = (node: DomNode) => {
    if (isTextNode(node)) parts.push(node.data)
    else if (isElement(node)) {
      if (node.name === 'br') parts.push('\n')
      else if (!(node.name === 'button' || node.attribs['aria-hidden'] === 'true' || hasClass(node, 'sr-only'))) for (const child of node.children) walk(child)
    } else for (const child of childrenOf(node)) walk(child)
  }
  walk(pre)
  return parts.join('').replace(/^\n+|\s+$/g, '')
}

/** Docusaurus's admonition aliases, drawn as the kind they stand for (its class keeps the alias). */
const ADMONITION_ALIASES: Record<string, string> = {secondary: 'note', important: 'info', success: 'tip'}

function admonitionType(el: DomElement): string {
  for (const name of classList(el)) {
    const match = /^(?:theme-)?admonition-(\w+)$/.exec(name)
    if (match?.[1] && !['heading', 'content', 'icon', 'title'].includes(match[1])) return ADMONITION_ALIASES[match[1]] ?? match[1]
  }
  return 'note'
}

function isAdmonitionTitle(el: DomElement): boolean {
  return hasClass(el, 'admonition-title') || hasClass(el, 'admonition-heading') || classList(el).some((name) => name.startsWith('admonitionHeading'))
}

function isAdmonition(el: DomElement): boolean {
  if (hasClass(el, 'theme-admonition')) return true
  return hasClass(el, 'admonition') && !hasAncestorClass(el, 'theme-admonition')
}

/** The main code container: this site's `.code-block`, Docusaurus's `.theme-code-block` / `codeBlockContainer`, else the `<pre>` itself. */
function isCodeContainer(el: DomElement): boolean {
  return hasClass(el, 'code-block') || hasClass(el, 'theme-code-block') || classList(el).some((name) => name.startsWith('codeBlockContainer'))
}

function tabLabels(tablist: DomElement): string[] {
  const labels: string[] = []
  const walk = (node: DomNode) => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue
      if (child.attribs.role === 'tab') labels.push(normalizeSpace(textOf(child)))
      else walk(child)
    }
  }
  walk(tablist)
  return labels
}

/** A frame's host and path; YouTube's privacy-enhanced host shows the same video as its usual one. */
function iframeKey(src: string): string {
  try {
    const url = new URL(src, 'http://site.invalid')
    const host = url.host.replace(/^(www\.)?youtube-nocookie\.com$/, 'www.youtube.com')
    return `${host}${url.pathname}`.replace(/\/$/, '')
  } catch {
    return src
  }
}

/**
 * A card's description drawn on one line, cut by CSS (Docusaurus's `text--truncate`, this site's
 * `.doc-card-description`): readers see its start, whatever the length of the text behind it.
 */
const isOneLineCardText = (el: DomElement) => el.name === 'p' && (hasClass(el, 'text--truncate') || hasClass(el, 'doc-card-description'))
/** More than a card's line holds at 1280 px wide, less than the 300 characters a description may have here. */
const CARD_LINE_CHARACTERS = 160

/** Where a block's own text ends: nested lists, code, admonitions, tables, details, and tabs (their labels are a block of their own). */
const LIST_STOP = (el: DomElement) =>
  el.name === 'ul' ||
  el.name === 'ol' ||
  el.name === 'pre' ||
  isCodeContainer(el) ||
  isAdmonition(el) ||
  el.name === 'table' ||
  el.name === 'details' ||
  el.attribs.role === 'tablist'

/** The blocks of a content region, in reading order. */
export function extractBlocks(root: DomNode): Block[] {
  const blocks: Block[] = []
  const text = (kind: BlockKind, el: DomElement, prefix: string, stopAt: (el: DomElement) => boolean = LIST_STOP) => {
    const whole = foldText(blockText(el, stopAt))
    const folded = isOneLineCardText(el) ? whole.slice(0, CARD_LINE_CHARACTERS) : whole
    if (folded === '' && kind !== 'table-cell') return
    const breaks = countBreaks(el, stopAt)
    blocks.push({
      kind,
      key: `${kind}|${prefix}${folded}`,
      label: short(folded.replaceAll(` ${BREAK} `, ` ${BREAK} `)),
      ...(breaks > 0 ? {breaks} : {}),
      ...(looksLikeComponentSource(folded) ? {rawSource: true} : {}),
    })
  }

  const walk = (node: DomNode, inText: boolean) => walkList(childrenOf(node), inText)
  const walkList = (nodes: readonly DomNode[], inText: boolean) => {
    for (const child of nodes) {
      if (!isElement(child)) continue
      // Math and diagrams before the exclusions: KaTeX hides its HTML from assistive technology, and SVG is no text.
      if (isDiagram(child)) {
        blocks.push({kind: 'diagram', key: 'diagram', label: 'diagram'})
        continue
      }
      if (isMath(child)) {
        if (!inText) {
          const source = mathSource(child)
          blocks.push({kind: 'math', key: `math|${isDisplayMath(child) ? 'display' : 'inline'}|${source}`, label: short(source)})
        }
        continue
      }
      if (hasClass(child, 'unconverted')) {
        const reasonElement = findFirst(child, (el) => hasClass(el, 'unconverted-reason'))
        const reason = reasonElement ? normalizeSpace(textOf(reasonElement)) : ''
        const source = normalizeSpace(
          child.children
            .filter((inner) => inner !== reasonElement)
            .map(textOf)
            .join(' '),
        )
        blocks.push({kind: 'unconverted', key: `unconverted|${source}`, label: short(reason ? `${reason} — ${source}` : source)})
        continue
      }
      if (isExcluded(child) && child.attribs.role !== 'tablist') continue
      const name = child.name
      if (/^h[1-6]$/.test(name)) {
        text('heading', child, `${name}|`)
        continue
      }
      if (child.attribs.role === 'tablist') {
        const labels = tabLabels(child)
        blocks.push({kind: 'tabs', key: `tabs|${labels.join('|')}`, label: labels.join(' | ')})
        continue
      }
      const embedded = snackEmbedCode(child)
      if (embedded) {
        // An Expo Snack embed: Expo's script shows its code in an editor in the reader's browser (static HTML has the element only).
        for (const {language, code} of embedded) {
          const lines = code === '' ? 0 : code.split('\n').length
          const first = normalizeSpace(code.split('\n').find((line) => line.trim() !== '') ?? '')
          blocks.push({
            kind: 'code',
            key: `code|${language}|${lines}|${code.replace(/\s+/g, '')}`,
            label: short(`${language}, ${lines} line${lines === 1 ? '' : 's'} (a Snack embed): ${first}`),
          })
        }
        continue
      }
      if (isCodeContainer(child) || (name === 'pre' && !isCodeContainer(child.parent && isElement(child.parent) ? child.parent : child))) {
        const pre = name === 'pre' ? child : findFirst(child, (el) => el.name === 'pre')
        if (!pre) {
          walk(child, inText)
          continue
        }
        const code = codeText(pre)
        const lines = code === '' ? 0 : code.split('\n').length
        const language = codeLanguage(child, pre)
        const first = normalizeSpace(code.split('\n').find((line) => line.trim() !== '') ?? '')
        blocks.push({
          kind: 'code',
          key: `code|${language}|${lines}|${code.replace(/\s+/g, '')}`,
          label: short(`${language}, ${lines} line${lines === 1 ? '' : 's'}: ${first}`),
          ...(looksLikeMdxSource(code) || language === 'mdx-code-block' ? {rawSource: true} : {}),
        })
        continue
      }
      if (isAdmonition(child)) {
        const type = admonitionType(child)
        blocks.push({kind: 'admonition', key: `admonition|${type}`, label: type})
        // Its title is part of the admonition (Docusaurus 2 draws it as an <h5>, this site as a <p>), not a block of its own.
        walkList(
          child.children.filter((inner) => !(isElement(inner) && isAdmonitionTitle(inner))),
          false,
        )
        continue
      }
      if (name === 'details') {
        const summary = findFirst(child, (el) => el.name === 'summary')
        const label = summary ? foldText(blockText(summary, () => false)) : ''
        blocks.push({kind: 'details', key: `details|${label}`, label: short(label)})
        walkList(
          child.children.filter((inner) => !(isElement(inner) && inner.name === 'summary')),
          false,
        )
        continue
      }
      if (name === 'blockquote') {
        text('quote', child, '', (el) => LIST_STOP(el) || el.name === 'blockquote')
        walk(child, true)
        continue
      }
      if (name === 'li') {
        text('list-item', child, '')
        walk(child, true)
        continue
      }
      if (name === 'td' || name === 'th') {
        text('table-cell', child, '')
        walk(child, true)
        continue
      }
      if (name === 'p') {
        if (!inText) text('paragraph', child, '')
        walk(child, true)
        continue
      }
      if (name === 'img' && child.attribs.src !== undefined) {
        const alt = normalizeSpace(child.attribs.alt ?? '')
        // Themed images draw one picture twice (light and dark): the dark one is the same block.
        if (hasClass(child, 'themed-image-dark') || classList(child).some((cls) => cls.startsWith('themedComponent--dark'))) continue
        blocks.push({kind: 'image', key: `image|${alt}`, label: short(alt || child.attribs.src), src: child.attribs.src})
        continue
      }
      if (name === 'iframe' || child.attribs['data-embed-url'] !== undefined) {
        const src = child.attribs['data-embed-url'] ?? child.attribs.src ?? ''
        blocks.push({kind: 'iframe', key: `iframe|${iframeKey(src)}`, label: short(src)})
        continue
      }
      if (name === 'video') {
        blocks.push({kind: 'video', key: 'video', label: 'video'})
        continue
      }
      walk(child, inText)
    }
  }
  walk(root, false)
  return blocks
}

/**
 * Each hard line break of a page's text blocks, by the words around it (`word ⏎ word`): where a
 * break sits, comparable across themes.
 */
export function breakContexts(blocks: readonly Block[]): string[] {
  const contexts: string[] = []
  for (const block of blocks) {
    if (!block.breaks) continue
    const text = block.key.slice(block.key.indexOf('|') + 1)
    const words = text.split(' ')
    words.forEach((word, index) => {
      if (word === BREAK) contexts.push(`${words[index - 1] ?? ''} ${BREAK} ${words[index + 1] ?? ''}`)
    })
  }
  return contexts
}
