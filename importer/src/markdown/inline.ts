/**
 * Inline markdown (phrasing content) → Portable Text spans with decorators and annotations, plus
 * the "inline markup" strings that heading texts and table cells hold (`code`, **bold**, *italic*,
 * [links](/docs/v4/), ![images](/img/x.png)). Inline HTML is read as Docusaurus renders it: <b>,
 * <sup>, <kbd>, <mark>… become decorators, <span>/<abbr> with their class, style and title an
 * annotation, <br> a line break, <img> an inline image, <a> a link; other tags keep their text.
 */
import {parseEntities} from 'parse-entities'
import type {LinkLook} from '@site/schemas'
import type {FootnoteReference, Image, PhrasingContent} from 'mdast'
import {contentHash} from '../keys'
import type {Decorator, Footnote, MarkDefinition, Span} from '../portable-text'
import {mathProblem} from '@site/schemas/markup/math'
import {afterHardBreak, beforeHardBreak, softBreaksToSpaces} from './handlers/line-breaks'
import {EMPTY_INLINE_MATH, unreadableInlineMath} from './handlers/math'

export interface InlineEnvironment {
  /** The file is MDX: `{`text`}` is an expression giving its text, and a tag in a table cell's text is JSX. */
  mdx?: boolean
  /** Elements (custom ones, `x-search`) the site's stylesheet hides by their name: their text is not shown. */
  hiddenElements?: ReadonlySet<string>
  /** The href stored for a link target; null for one that is refused (its text is kept without the link). */
  resolveLink(href: string, line: number): string | null
  definitions: ReadonlyMap<string, {url: string; title?: string | null}>
  /** Original source of a node, for syntax kept as text (e.g. `key:value` parsed as a directive). */
  sourceOf(node: PhrasingContent): string
  /** The site address of an image for inline markup (table cells, headings). */
  imageAddress(src: string, line: number): string
  /** Reports what was kept in a simpler form (a component of the site shown as its text). */
  note(line: number, message: string): void
  /** Constants the page exports (`export const minimumNode = 18`), printed where `{minimumNode}` stands. */
  constants?: ReadonlyMap<string, string>
  /** The image an SVG imported as a component draws (`<Logo />` after `import Logo from './logo.svg'`), by the component's name. */
  assetImage?(name: string): string | undefined
  /** Whether a component name is Docusaurus's Link (`import Link from '@docusaurus/Link'`), a link to its `to` or `href`. */
  linkComponent?(name: string): boolean
  /** The footnote a reference stands for (footnotes.ts); null or absent: the reference is kept as written. */
  footnote?(node: FootnoteReference): Footnote | null
  /** A reference in inline markup that shows footnotes (markupWithNotes); null or absent: kept as written. */
  markupFootnote?(node: FootnoteReference): string | null
  /**
   * The text a component of the site's own shows when used in a line of text (`<TokProc />`), rendered
   * as the site renders it; undefined when the tag is no such component or it cannot be rendered here.
   */
  /** A self-closing component's rendered text, with the address when what it renders is one link. */
  componentText?(tag: string, line: number): {text: string; href?: string; image?: {src: string; alt: string; width?: string; height?: string}} | undefined
  /** The address of the link a component of the site's own renders around its content in a line of text, if it does. */
  componentLink?(tag: string): string | {problem: string} | undefined
  /**
   * An HTML `<code>` holding an element (`<code>Promise&lt;<a href="#r">R</a>&gt;</code>`) is a box of code, as Docusaurus
   * 3's theme draws it (its MDX component for `code` renders a code block unless every child is text on one line);
   * Docusaurus 2's keeps it inline.
   */
  codeHoldingElementIsBlock?: boolean
}

export type InlinePiece =
  | {kind: 'text'; text: string; marks: string[]}
  | {kind: 'image'; src: string; alt: string; title?: string; line: number; href?: string; width?: string; height?: string}
  | {kind: 'footnote'; footnote: Footnote}
  /** An element's `id` in a line of text: a place links point to. */
  | {kind: 'anchor'; id: string}

export interface InlineResult {
  pieces: InlinePiece[]
  markDefs: MarkDefinition[]
}

/** An id a link's `#fragment` can name: no white space. */
const ANCHOR_ID = /^[^\s#]+$/

const DECORATOR_BY_TAG: Record<string, Decorator> = {
  code: 'code',
  tt: 'code',
  samp: 'code',
  kbd: 'kbd',
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  s: 'strike-through',
  del: 'strike-through',
  strike: 'strike-through',
  u: 'underline',
  sup: 'sup',
  sub: 'sub',
  mark: 'mark',
}

/** Inline elements kept as an `inlineElement` annotation with their class, style and title. */
const ANNOTATED_TAGS = new Set(['span', 'abbr', 'small', 'q', 'cite', 'dfn', 'time', 'ins', 'var', 'font'])

const LINE_BREAK = /^<br\s*\/?>$/i
const COMMENT = /^<!--[\s\S]*-->$/
const OPEN_TAG = /^<([a-zA-Z][\w.:-]*)(\s[^>]*)?\/?>$/
const SELF_CLOSING = /\/>$/
const CLOSE_TAG = /^<\/([a-zA-Z][\w.:-]*)\s*>$/
const TAG_NAME = /^<\/?([a-zA-Z][\w.:-]*)/
const VOID_INLINE = new Set(['img', 'br', 'wbr', 'input'])

/** The value of an HTML or JSX attribute in an attribute string: "x", 'x', {"x"}, {'x'} or {x}. */
export function attributeOf(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|\\{\\s*(?:"([^"]*)"|'([^']*)'|\`([^\`]*)\`|([^}]*))\\s*\\}|([^\\s>]+))`).exec(
    attributes,
  )
  if (!match) return undefined
  const [, doubleQuoted, singleQuoted, ...expressions] = match
  // A quoted value's character references are its characters, in HTML and JSX alike (`alt="&#123;&#123;name&#125;&#125;"`).
  const quoted = doubleQuoted ?? singleQuoted
  if (quoted !== undefined) return quoted.includes('&') ? parseEntities(quoted) : quoted
  return expressions.find((group) => group !== undefined)
}

export function convertInline(nodes: PhrasingContent[], env: InlineEnvironment): InlineResult {
  const result: InlineResult = {pieces: [], markDefs: []}
  collect(nodes, [], undefined, env, result)
  return result
}

type WithoutKey<T> = T extends unknown ? Omit<T, '_key'> : never

function markKey(definition: WithoutKey<MarkDefinition>, result: InlineResult, prefix: string): string {
  const key = `${prefix}-${contentHash(definition, 8)}`
  if (!result.markDefs.some((def) => def._key === key)) result.markDefs.push({...definition, _key: key})
  return key
}

/** A link in inline markup; its text alone when the link was refused. */
function markupLink(text: string, href: string | null): string {
  return href === null ? text : `[${text}](${href})`
}

function linkMark(href: string, result: InlineResult, look?: LinkLook): string {
  return markKey({_type: 'link', href, ...(look ? {look} : {})}, result, 'link')
}

/**
 * A link drawn as one of Infima's buttons (`<a className="button button--primary button--lg">`, Docusaurus's call to
 * action): the site's button, secondary for Infima's secondary and outline ones, primary for the rest; sizes are the site's.
 */
export function linkLook(className: string | undefined): LinkLook | undefined {
  const classes = (className ?? '').split(/\s+/)
  if (!classes.includes('button')) return undefined
  return classes.includes('button--secondary') || classes.includes('button--outline') ? 'button-secondary' : 'button'
}

function lineOf(node: PhrasingContent): number {
  return node.position?.start.line ?? 0
}

/**
 * MDX expressions in text: comments vanish, string literals become their text, and the name of a
 * constant the page exports becomes its value.
 */
export function mdxText(text: string, constants?: ReadonlyMap<string, string>): string {
  if (!text.includes('{')) return text
  const literals = text
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '')
    .replace(/\{\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1\s*\}/g, (_whole, _quote: string, value: string) => value.replace(/\\(.)/g, '$1'))
  if (!constants || constants.size === 0) return literals
  return literals.replace(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (whole, name: string) => constants.get(name) ?? whole)
}

/**
 * `{`text`}` in MDX is an expression giving that text; markdown reads its backticks as a code span between a `{` and
 * a `}`. The nodes with each such run made one text node of the expression's value (in a `<code>` element, the code).
 */
function templateLiteralsAsText(nodes: PhrasingContent[], env: InlineEnvironment): PhrasingContent[] {
  if (!env.mdx || !nodes.some((node) => node.type === 'inlineCode')) return nodes
  const out: PhrasingContent[] = []
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!
    const previous = out.at(-1)
    const next = nodes[index + 1]
    if (
      node.type === 'inlineCode' &&
      !node.value.includes('${') &&
      previous?.type === 'text' &&
      next?.type === 'text' &&
      isBracedCodeSpan(previous, node, next)
    ) {
      out[out.length - 1] = {...previous, value: previous.value.replace(/\{\s*$/, '')}
      out.push({type: 'text', value: node.value, ...(node.position ? {position: node.position} : {})})
      nodes[index + 1] = {...next, value: next.value.replace(/^\s*\}/, '')}
      continue
    }
    out.push(node)
  }
  return out.filter((node) => node.type !== 'text' || node.value !== '')
}

/** A JSX tag written in a table cell's text (`<span style={{…}}>`, which markdown cannot read as HTML): MDX renders the element. */
const JSX_TAG_IN_TEXT = /<\/?[A-Za-z][\w.:-]*(?:\s+(?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)?\/?>/g

/** A JSX element a remark plugin put in a line of text (mdast-util-mdx-jsx's node, flow or text, as MDX renders either). */
interface PluginJsx {
  type: 'mdxJsxTextElement' | 'mdxJsxFlowElement'
  name?: string | null
  attributes?: Array<{type: string; name?: unknown; value?: unknown}>
  children?: PhrasingContent[]
  position?: PhrasingContent['position']
}

/**
 * The JSX elements a site's remark plugin put in a line (Electron's API structure links become `<APIStructurePreview>`)
 * as the tags markdown gives for JSX written in the line: an opening and a closing html node around the children, or
 * one self-closing node. Attribute values are written as JavaScript strings, so that any text survives the tag's reading.
 */
function pluginJsxAsTags(nodes: PhrasingContent[]): PhrasingContent[] {
  if (!nodes.some((node) => (node.type as string) === 'mdxJsxTextElement' || (node.type as string) === 'mdxJsxFlowElement')) return nodes
  return nodes.flatMap((node): PhrasingContent[] => {
    if ((node.type as string) !== 'mdxJsxTextElement' && (node.type as string) !== 'mdxJsxFlowElement') return [node]
    const element = node as unknown as PluginJsx
    const children = pluginJsxAsTags(element.children ?? [])
    if (!element.name) return children
    const attributes = (element.attributes ?? []).flatMap((attribute) => {
      if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.name !== 'string') return []
      const value = attribute.value
      if (value === null || value === undefined) return [attribute.name]
      const source = (value as {value?: unknown}).value
      const expression =
        typeof value === 'string' ? JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e') : typeof source === 'string' ? source : 'undefined'
      return [`${attribute.name}={${expression}}`]
    })
    const open = `<${[element.name, ...attributes].join(' ')}`
    const html = (value: string): PhrasingContent => ({type: 'html', value, ...(element.position ? {position: element.position} : {})})
    return children.length === 0 ? [html(`${open} />`)] : [html(`${open}>`), ...children, html(`</${element.name}>`)]
  })
}

function collect(nodes: PhrasingContent[], marks: string[], linkHref: string | undefined, env: InlineEnvironment, result: InlineResult): void {
  nodes = templateLiteralsAsText(pluginJsxAsTags(nodes), env)
  // Inline HTML tags open and close across sibling nodes: keep the marks they add on a stack.
  const htmlStack: {tag: string; mark: string | null; href?: string; hidden?: boolean}[] = []
  const currentMarks = () => [...marks, ...htmlStack.flatMap((entry) => (entry.mark ? [entry.mark] : []))]
  const currentHref = () => [...htmlStack].reverse().find((entry) => entry.href)?.href ?? linkHref
  for (const node of nodes) {
    // Inside an element the site's stylesheet hides, only its closing tag counts.
    if (node.type !== 'html' && htmlStack.some((entry) => entry.hidden)) continue
    switch (node.type) {
      case 'text':
        pushText(result, softBreaksToSpaces(mdxText(node.value, env.constants)), currentMarks())
        break
      case 'inlineCode':
        // A code span's line endings are spaces too (CommonMark).
        pushText(result, softBreaksToSpaces(node.value), [...currentMarks(), 'code'])
        break
      case 'strong':
        collect(node.children, [...currentMarks(), 'strong'], currentHref(), env, result)
        break
      case 'emphasis':
        collect(node.children, [...currentMarks(), 'em'], currentHref(), env, result)
        break
      case 'delete':
        collect(node.children, [...currentMarks(), 'strike-through'], currentHref(), env, result)
        break
      case 'break':
        pushHardBreak(result, currentMarks())
        break
      case 'link': {
        const href = env.resolveLink(node.url, lineOf(node))
        collect(node.children, href === null ? currentMarks() : [...currentMarks(), linkMark(href, result)], href ?? currentHref(), env, result)
        break
      }
      case 'linkReference': {
        const definition = env.definitions.get(node.identifier)
        if (!definition) {
          pushText(result, softBreaksToSpaces(env.sourceOf(node)), currentMarks())
          break
        }
        const href = env.resolveLink(definition.url, lineOf(node))
        collect(node.children, href === null ? currentMarks() : [...currentMarks(), linkMark(href, result)], href ?? currentHref(), env, result)
        break
      }
      case 'image':
        pushImage(node, currentHref(), result)
        break
      case 'imageReference': {
        const definition = env.definitions.get(node.identifier)
        if (!definition) {
          pushText(result, softBreaksToSpaces(env.sourceOf(node)), currentMarks())
          break
        }
        const href = currentHref()
        result.pieces.push({
          kind: 'image',
          src: definition.url,
          alt: node.alt ?? '',
          ...(definition.title ? {title: definition.title} : {}),
          line: lineOf(node),
          ...(href ? {href} : {}),
        })
        break
      }
      case 'textDirective':
        // `key:value` in prose parses as a directive; Docusaurus shows it as the text it was.
        pushText(result, softBreaksToSpaces(env.sourceOf(node)), currentMarks())
        break
      case 'html':
        collectHtml(node.value, node, htmlStack, currentMarks, currentHref, env, result)
        break
      case 'footnoteReference': {
        const footnote = env.footnote?.(node)
        if (footnote) result.pieces.push({kind: 'footnote', footnote})
        else pushText(result, softBreaksToSpaces(env.sourceOf(node)), currentMarks())
        break
      }
      default:
        // Rare inline nodes: their source text, so nothing is lost.
        pushText(result, softBreaksToSpaces(env.sourceOf(node)), currentMarks())
        break
    }
  }
}

function collectHtml(
  value: string,
  node: PhrasingContent,
  htmlStack: {tag: string; mark: string | null; href?: string; hidden?: boolean}[],
  currentMarks: () => string[],
  currentHref: () => string | undefined,
  env: InlineEnvironment,
  result: InlineResult,
): void {
  const html = value.trim()
  if (COMMENT.test(html)) return
  if (LINE_BREAK.test(html)) {
    pushHardBreak(result, currentMarks())
    return
  }
  const open = OPEN_TAG.exec(html)
  if (open) {
    const tag = open[1] ?? ''
    const attributes = open[2] ?? ''
    const selfClosing = SELF_CLOSING.test(html) || VOID_INLINE.has(tag.toLowerCase())
    const drawn = /^[A-Z]/.test(tag) ? env.assetImage?.(tag) : undefined
    if (drawn !== undefined) {
      // An SVG imported as a component, in a line of text: the image it draws.
      const alt = attributeOf(attributes, 'title') ?? attributeOf(attributes, 'aria-label') ?? ''
      const width = attributeOf(attributes, 'width')
      const height = attributeOf(attributes, 'height')
      const href = currentHref()
      result.pieces.push({
        kind: 'image',
        src: drawn,
        alt,
        line: lineOf(node),
        ...(href ? {href} : {}),
        ...(width ? {width} : {}),
        ...(height ? {height} : {}),
      })
      if (!selfClosing) htmlStack.push({tag, mark: null})
      return
    }
    // An id in a line of text (`<a id="x"></a>`, `<span id="x">`, Docusaurus's `<Link id="x"/>`) is a place links point to.
    const id =
      /^[A-Z]/.test(tag) && !env.linkComponent?.(tag)
        ? undefined
        : (attributeOf(attributes, 'id') ?? (tag.toLowerCase() === 'a' ? attributeOf(attributes, 'name') : undefined))
    if (id && ANCHOR_ID.test(id)) result.pieces.push({kind: 'anchor', id})
    if (/^[A-Z]/.test(tag) && selfClosing && env.linkComponent?.(tag)) return
    if (/^[A-Z]/.test(tag) && !selfClosing && env.linkComponent?.(tag)) {
      // Docusaurus's Link in a line of text: a link, as an <a> to its `to` (or `href`).
      const href = attributeOf(attributes, 'to') ?? attributeOf(attributes, 'href')
      const target = href ? env.resolveLink(href, lineOf(node)) : null
      const look = linkLook(attributeOf(attributes, 'className') ?? attributeOf(attributes, 'class'))
      htmlStack.push(target === null ? {tag, mark: null} : {tag, mark: linkMark(target, result, look), href: target})
      return
    }
    const shown = /^[A-Z]/.test(tag) ? env.componentText?.(html, lineOf(node)) : undefined
    if (shown !== undefined) {
      // A component of the site's own in a line of text: the text it renders, in the line, as a link when it renders one.
      const target = shown.href === undefined ? null : env.resolveLink(shown.href, lineOf(node))
      if (shown.text.trim() !== '' || !shown.image)
        pushText(result, shown.text, target === null ? currentMarks() : [...currentMarks(), linkMark(target, result)])
      if (shown.image) {
        // The one image it draws (a badge), in the line, in its link.
        const href = target ?? currentHref()
        const {src, alt, width, height} = shown.image
        result.pieces.push({kind: 'image', src, alt, line: lineOf(node), ...(href ? {href} : {}), ...(width ? {width} : {}), ...(height ? {height} : {})})
      }
      // Given content it leaves out (it shows what it renders instead): the content is not shown either.
      if (!selfClosing) htmlStack.push({tag, mark: null, hidden: true})
      return
    }
    const componentHref = /^[A-Z]/.test(tag) && !selfClosing ? env.componentLink?.(html) : undefined
    if (typeof componentHref === 'object') {
      env.note(lineOf(node), componentHref.problem)
      htmlStack.push({tag, mark: null})
      return
    }
    if (componentHref !== undefined) {
      // A component of the site's own that renders a link around its content: the content, as that link.
      const target = env.resolveLink(componentHref, lineOf(node))
      htmlStack.push(target === null ? {tag, mark: null} : {tag, mark: linkMark(target, result), href: target})
      return
    }
    if (/^[A-Z]/.test(tag)) {
      // A component of the site inside a line of text: its text is kept, the component is not.
      env.note(lineOf(node), `the component <${tag}> is shown as its text (components of the site cannot be imported)`)
      if (!selfClosing) htmlStack.push({tag, mark: null})
      return
    }
    const lower = tag.toLowerCase()
    if (env.hiddenElements?.has(lower)) {
      if (!selfClosing) htmlStack.push({tag: lower, mark: null, hidden: true})
      return
    }
    if (lower === 'img') {
      const src = attributeOf(attributes, 'src')
      if (src) {
        const width = attributeOf(attributes, 'width')
        const height = attributeOf(attributes, 'height')
        const href = currentHref()
        result.pieces.push({
          kind: 'image',
          src,
          alt: attributeOf(attributes, 'alt') ?? '',
          line: lineOf(node),
          ...(href ? {href} : {}),
          ...(width ? {width} : {}),
          ...(height ? {height} : {}),
        })
      } else {
        const alt = attributeOf(attributes, 'alt')
        env.note(
          lineOf(node),
          `<img${alt ? ` alt="${alt}"` : ''}> has no address the import can read (its src is missing or an expression of the page's JavaScript): the image is left out`,
        )
      }
      return
    }
    if (selfClosing) return
    const decorator = DECORATOR_BY_TAG[lower]
    if (decorator) {
      htmlStack.push({tag: lower, mark: decorator})
      return
    }
    if (lower === 'a') {
      const href = attributeOf(attributes, 'href')
      if (href) {
        const target = env.resolveLink(href, lineOf(node))
        const look = linkLook(attributeOf(attributes, 'className') ?? attributeOf(attributes, 'class'))
        htmlStack.push(target === null ? {tag: lower, mark: null} : {tag: lower, mark: linkMark(target, result, look), href: target})
      } else {
        htmlStack.push({tag: lower, mark: null})
      }
      return
    }
    // A <div> with a class inside a line of text (a badge after a heading's name: `<div class="label">Deprecated</div>`)
    // is drawn by the site's CSS as an inline box: it keeps its class as a span's.
    const classedDiv = lower === 'div' && Boolean(attributeOf(attributes, 'className') ?? attributeOf(attributes, 'class'))
    if (ANNOTATED_TAGS.has(lower) || classedDiv) {
      const className = attributeOf(attributes, 'className') ?? attributeOf(attributes, 'class')
      const written = attributeOf(attributes, 'style')
      const style =
        [written === undefined ? '' : jsxStyleToCss(written), lower === 'font' ? fontAttributesToCss(attributes) : ''].filter(Boolean).join('; ') || undefined
      const title = attributeOf(attributes, 'title')
      if (className || style || title || lower !== 'span') {
        const definition = {
          _type: 'inlineElement' as const,
          tag: lower === 'font' || lower === 'div' ? 'span' : lower,
          ...(className ? {className} : {}),
          ...(style ? {style} : {}),
          ...(title ? {title} : {}),
        }
        htmlStack.push({tag: lower, mark: markKey(definition, result, 'el')})
        return
      }
    }
    // Any other inline element: its text stays, in the marks around it.
    htmlStack.push({tag: lower, mark: null})
    return
  }
  const close = CLOSE_TAG.exec(html)
  if (close) {
    const name = close[1] ?? ''
    const index = htmlStack.map((entry) => entry.tag).lastIndexOf(/^[A-Z]/.test(name) ? name : name.toLowerCase())
    if (index !== -1) htmlStack.splice(index)
    return
  }
  // Something that is not a single tag (a tag with text after it): keep it as text.
  pushText(result, softBreaksToSpaces(html.replace(/<[^>]*>/g, '')), currentMarks())
}

/** Text of the paragraph; after a hard break, without the spaces a line does not start with. */
function pushText(result: InlineResult, text: string, marks: string[]): void {
  const previous = result.pieces.at(-1)
  const shown = previous?.kind === 'text' && previous.text.endsWith('\n') ? afterHardBreak(text) : text
  if (shown !== '' || text === '') result.pieces.push({kind: 'text', text: shown, marks})
}

/** A hard break (two trailing spaces, a backslash, <br>): a '\n', which the site renders as <br>. */
function pushHardBreak(result: InlineResult, marks: string[]): void {
  const previous = result.pieces.at(-1)
  if (previous?.kind === 'text' && !previous.text.endsWith('\n')) previous.text = beforeHardBreak(previous.text)
  result.pieces.push({kind: 'text', text: '\n', marks})
}

/** CSS properties whose numbers React writes without a unit. */
const UNITLESS_PROPERTIES = new Set([
  'font-weight',
  'line-height',
  'opacity',
  'z-index',
  'flex',
  'flex-grow',
  'flex-shrink',
  'order',
  'zoom',
  'orphans',
  'widows',
])

/** HTML's seven font sizes (`<font size="2">`, or relative to 3: `size="+1"`), as the browser draws them. */
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large']

/** The presentational attributes of `<font>` (its size and colour) as CSS. */
function fontAttributesToCss(attributes: string): string {
  const declarations: string[] = []
  const size = attributeOf(attributes, 'size')?.trim()
  const number = size && /^[+-]?\d+$/.test(size) ? (/^[+-]/.test(size) ? 3 + Number(size) : Number(size)) : Number.NaN
  if (Number.isFinite(number)) declarations.push(`font-size: ${FONT_SIZES[Math.min(7, Math.max(1, number)) - 1]}`)
  const color = attributeOf(attributes, 'color')?.trim()
  if (color && /^#?[\w]+$/.test(color)) declarations.push(`color: ${color}`)
  return declarations.join('; ')
}

/** A JSX style object (`{{color: 'red', fontWeight: 700}}`) as CSS; CSS is returned as it is. */
export function jsxStyleToCss(style: string): string {
  const trimmed = style.trim()
  if (!trimmed.startsWith('{')) return trimmed
  const declarations: string[] = []
  for (const match of trimmed.matchAll(/([a-zA-Z]+)\s*:\s*(?:"([^"]*)"|'([^']*)'|([\w.#%-]+))/g)) {
    const property = (match[1] ?? '').replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
    const value = match[2] ?? match[3] ?? match[4] ?? ''
    // As React writes a style: a number is in pixels unless the property has no unit; a string is as written.
    const pixels = match[4] !== undefined && /^\d+(\.\d+)?$/.test(value) && !UNITLESS_PROPERTIES.has(property)
    declarations.push(`${property}: ${pixels ? `${value}px` : value}`)
  }
  return declarations.join('; ')
}

function pushImage(node: Image, href: string | undefined, result: InlineResult): void {
  result.pieces.push({
    kind: 'image',
    src: node.url,
    alt: node.alt ?? '',
    ...(node.title ? {title: node.title} : {}),
    line: lineOf(node),
    ...(href ? {href} : {}),
  })
}

/** Merges adjacent text pieces with the same marks into spans. */
export function piecesToSpans(pieces: {text: string; marks: string[]}[]): Span[] {
  const spans: Span[] = []
  for (const piece of pieces) {
    const last = spans.at(-1)
    const marks = [...new Set(piece.marks)]
    if (last && last.marks.join('\u0000') === marks.join('\u0000')) last.text += piece.text
    else spans.push({_type: 'span', text: piece.text, marks})
  }
  return spans
}

/** Inline markup markers of the HTML tags that have one. */
const MARKUP_OF_TAG: Record<string, string> = {b: '**', strong: '**', i: '*', em: '*', code: '`', kbd: '`', tt: '`'}

/**
 * The inline markup string of a heading or table cell. Links are resolved like those of spans;
 * inline HTML becomes markup where it has one (<b>, <code>) and its text otherwise. A hard break
 * (`<br>`, a backslash) is `hardBreak`: a newline in a table cell, where the site shows it as a
 * break, and a space in a heading, whose text is one line (its anchor and table of contents entry).
 */
/**
 * Inline math of remark-math (`$…$`) in a cell or a heading: `\(TeX\)` in the markup, typeset by the
 * site, which shows one KaTeX cannot read as its TeX in red (reported here); an empty one, or one holding
 * `\)`, is kept as its source in code.
 */
function inlineMathMarkup(tex: string, line: number, env: InlineEnvironment): string {
  const empty = tex.trim() === ''
  if (!empty && !tex.includes('\\)')) {
    const problem = mathProblem(tex, false)
    if (problem) env.note(line, unreadableInlineMath(problem))
    return `\\(${tex}\\)`
  }
  env.note(line, empty ? EMPTY_INLINE_MATH : 'math whose TeX holds \\) (which ends math in a cell or heading): shown as its TeX source')
  return `\`$${tex.replaceAll('`', "'")}$\``
}

/** Starts a list item's line in a cell's markup, until finishCellMarkup writes its marker there. */
const ITEM_START = '\u0000'
/** Ends a line where a list starts or ends in a cell's markup: a newline, whatever space or breaks stand around it. */
const LIST_EDGE = '\u0001'
/** A line of a cell's markup that the site shows as a list item (parseCellMarkup). */
const CELL_LIST_LINE = /^(?:- |\d{1,9}\. )(?=\S)/

/**
 * The inline markup of a table cell: as toInlineMarkup's, with `<br>` a newline, and the HTML lists
 * written in it (`<ol><li>…</li></ol>`, as Docusaurus shows them in the cell) lines of `1. ` or `- `
 * items; a line of text that starts like an item is written after a backslash, so that it stays text.
 */
export function toCellMarkup(nodes: PhrasingContent[], env: InlineEnvironment): string {
  return (
    inlineMarkupOf(nodes, env, '\n', [])
      .replace(new RegExp(`\\s*(?:${LIST_EDGE}\\s*)+`, 'g'), '\n')
      .trim()
      .split('\n')
      // An item's text starts after its marker, whatever space the HTML has after `<li>` (`<li> [a link](#x) </li>`).
      .map((line) =>
        line.startsWith(ITEM_START)
          ? line
              .slice(ITEM_START.length)
              .replace(/^(- |\d{1,9}\. )\s+/, '$1')
              .trimEnd()
          : CELL_LIST_LINE.test(line)
            ? `\\${line}`
            : line,
      )
      .join('\n')
  )
}

/** A list tag of a cell (`<ol start="3">`, `<li>`, `</ul>`) as cell markup; undefined for any other tag. */
function cellListTag(tag: string, lists: Array<{ordered: boolean; next: number}>): string | undefined {
  const match = /^<(\/?)(ol|ul|li)\b([^>]*)>$/i.exec(tag)
  if (!match) return undefined
  const [, closing, name = '', attributes = ''] = match
  const element = name.toLowerCase()
  if (element === 'li') {
    if (closing) return ''
    const list = lists.at(-1)
    return `${LIST_EDGE}${ITEM_START}${list?.ordered ? `${list.next++}. ` : '- '}`
  }
  if (closing) {
    lists.pop()
    return LIST_EDGE
  }
  lists.push({ordered: element === 'ol', next: Number(attributeOf(attributes, 'start') ?? 1) || 1})
  return LIST_EDGE
}

export function toInlineMarkup(nodes: PhrasingContent[], env: InlineEnvironment, hardBreak: ' ' | '\n' = ' '): string {
  return inlineMarkupOf(nodes, env, hardBreak, null)
}

/** Inline markup; `lists` (a cell's) is the stack of the HTML lists open, whose tags become item lines. */
function inlineMarkupOf(
  nodes: PhrasingContent[],
  env: InlineEnvironment,
  hardBreak: ' ' | '\n',
  lists: Array<{ordered: boolean; next: number}> | null,
): string {
  // Raw <a href> … </a> arrive as an opening and a closing html node: the addresses of the open ones.
  const openLinks: Array<string | null> = []
  // Raw <code> open now: a link inside it (`<code>Promise&lt;<a href>Result</a>&gt;</code>`) is written as a link of
  // code, outside the code span (markdown reads no link inside one); LINK_IN_CODE_* mark where the span is cut.
  let openCode = 0
  // Inside a raw <code> drawn as a code box (env.codeHoldingElementIsBlock): its links are links, other tags draw nothing.
  let inCodeBox = false
  const all = templateLiteralsAsText(pluginJsxAsTags(nodes), env)
  const markup = all
    .map((node, index): string => {
      if ((node.type as string) === 'inlineMath') return inlineMathMarkup((node as unknown as {value: string}).value, lineOf(node), env)
      switch (node.type) {
        case 'text': {
          const text = escapedOutsideTags(softBreaksToSpaces(mdxText(node.value, env.constants)), env.mdx === true)
          // A JSX tag markdown left as text: the element's text is kept, its markup (a style) is not.
          return env.mdx
            ? text.replace(JSX_TAG_IN_TEXT, (tag) =>
                LINE_BREAK.test(tag) ? hardBreak : ((lists && cellListTag(tag, lists)) ?? MARKUP_OF_TAG[TAG_NAME.exec(tag)?.[1]?.toLowerCase() ?? ''] ?? ''),
              )
            : text
        }
        case 'inlineCode':
          return `\`${softBreaksToSpaces(node.value)}\``
        case 'strong':
          return delimited('**', toInlineMarkup(node.children, env, hardBreak))
        case 'emphasis':
          return delimited('*', toInlineMarkup(node.children, env, hardBreak))
        case 'delete':
          return delimited('~~', toInlineMarkup(node.children, env, hardBreak))
        case 'break':
          return hardBreak
        case 'link':
          return markupLink(toInlineMarkup(node.children, env, hardBreak), env.resolveLink(node.url, lineOf(node)))
        case 'linkReference': {
          const definition = env.definitions.get(node.identifier)
          return definition ? markupLink(toInlineMarkup(node.children, env, hardBreak), env.resolveLink(definition.url, lineOf(node))) : env.sourceOf(node)
        }
        case 'image':
          return `![${node.alt ?? ''}](${env.imageAddress(node.url, lineOf(node))})`
        case 'imageReference': {
          // `![proposed][js-proposed]` in a cell: the image its definition names.
          const definition = env.definitions.get(node.identifier)
          return definition ? `![${node.alt ?? ''}](${env.imageAddress(definition.url, lineOf(node))})` : env.sourceOf(node)
        }
        case 'footnoteReference':
          return env.markupFootnote?.(node) ?? env.sourceOf(node)
        case 'html': {
          const html = node.value.trim()
          if (COMMENT.test(html)) return ''
          if (LINE_BREAK.test(html)) return hardBreak
          const tag = (OPEN_TAG.exec(html)?.[1] ?? CLOSE_TAG.exec(html)?.[1] ?? '').toLowerCase()
          if (tag === 'img') {
            const src = attributeOf(OPEN_TAG.exec(html)?.[2] ?? '', 'src')
            return src ? `![${attributeOf(OPEN_TAG.exec(html)?.[2] ?? '', 'alt') ?? ''}](${env.imageAddress(src, lineOf(node))})` : ''
          }
          if (inCodeBox) {
            if (codeTag(node) === 'close') {
              inCodeBox = false
              return CODE_BOX_END
            }
            if (tag !== 'a') return ''
          } else if (env.codeHoldingElementIsBlock && codeTag(node) === 'open' && holdsElement(all, index)) {
            inCodeBox = true
            return CODE_BOX_START
          }
          if (tag === 'a') {
            const open = OPEN_TAG.exec(html)
            if (open) {
              const href = attributeOf(open[2] ?? '', 'href')
              const target = href ? env.resolveLink(href, lineOf(node)) : null
              openLinks.push(target)
              return target ? (openCode > 0 ? `${LINK_IN_CODE_START}[\`` : '[') : ''
            }
            const href = openLinks.pop()
            return href ? (openCode > 0 ? `\`](${href})${LINK_IN_CODE_END}` : `](${href})`) : ''
          }
          if (tag === 'code') openCode = Math.max(0, openCode + (OPEN_TAG.test(html) ? 1 : -1))
          const component = /^<([A-Z][\w.]*)[^>]*\/>$/.exec(html)?.[1]
          const shown = component === undefined || env.linkComponent?.(component) ? undefined : env.componentText?.(html, lineOf(node))
          if (shown !== undefined) {
            // A component of the site's own: the text it renders, as the link it renders when it renders one.
            const target = shown.href === undefined ? null : env.resolveLink(shown.href, lineOf(node))
            const image = shown.image ? `![${shown.image.alt}](${env.imageAddress(shown.image.src, lineOf(node))})` : ''
            const text = shown.image && shown.text.trim() === '' ? image : `${shown.text}${image}`
            return target === null ? text : markupLink(text, target)
          }
          if (tag) return (lists && cellListTag(html, lists)) ?? MARKUP_OF_TAG[tag] ?? ''
          return html.replace(/<[^>]*>/g, '')
        }
        default:
          return env.sourceOf(node)
      }
    })
    .join('')
  const boxed = markup.includes(CODE_BOX_START) ? withCodeBoxes(markup) : markup
  if (!boxed.includes(LINK_IN_CODE_START)) return boxed
  // The code span is closed before the link and opened again after it, unless nothing of it stands there.
  return boxed
    .replaceAll(`\`${LINK_IN_CODE_START}`, '')
    .replaceAll(LINK_IN_CODE_START, '`')
    .replaceAll(`${LINK_IN_CODE_END}\``, '')
    .replaceAll(LINK_IN_CODE_END, '`')
}

/**
 * Text written into inline markup with the markup's characters escaped (`*`, `` ` ``, `~`, brackets that could make a
 * link, and a backslash before one of them or a parenthesis), so that the site reads them as the text they are:
 * `*;192.168.*.*` stays that, not emphasis. JSX tags left in the text (MDX) are kept as they are, for the tag handling after.
 */
function escapedOutsideTags(text: string, mdx: boolean): string {
  // Brackets only where they could be read as a link, an image or a footnote (`[a](b)`, `[^x]`): `io([url])` stays as written.
  const brackets = /\]\(|\[\^/.test(text) ? /[`*~[\]]/g : /[`*~]/g
  const escape = (part: string) => part.replace(/\\(?=[\\`*~[\]!_()])/g, '\\\\').replace(brackets, '\\$&')
  if (!mdx) return escape(text)
  let out = ''
  let last = 0
  for (const tag of text.matchAll(JSX_TAG_IN_TEXT)) {
    out += escape(text.slice(last, tag.index)) + tag[0]
    last = tag.index + tag[0].length
  }
  return out + escape(text.slice(last))
}

/**
 * Text between the markers of emphasis, bold or strikethrough, the white space at its ends outside them: the markup
 * reads a marker next to a space as text (`*a *`), and a parser that is not CommonMark's (remark 8, Docusaurus 2's)
 * makes emphasis of `（_）… *` with a space before its end.
 */
function delimited(marker: string, inner: string): string {
  const [, before = '', core = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner) ?? []
  return core === '' ? inner : `${before}${marker}${core}${marker}${after}`
}

// Control characters no text holds, apart from ITEM_START and LIST_EDGE.
const CODE_BOX_START = '\u0005'
const CODE_BOX_END = '\u0006'
const LINK_IN_CODE_START = '\u0003'
const LINK_IN_CODE_END = '\u0004'

/** A code span between a text ending with `{` and one starting with `}`: MDX's `{`text`}`, which markdown reads so. */
function isBracedCodeSpan(previous: PhrasingContent | undefined, node: PhrasingContent, next: PhrasingContent | undefined): boolean {
  return node.type === 'inlineCode' && previous?.type === 'text' && /\{\s*$/.test(previous.value) && next?.type === 'text' && /^\s*\}/.test(next.value)
}

/** Whether a node is a raw `<code>` tag, opening or closing. */
export function codeTag(node: PhrasingContent | undefined): 'open' | 'close' | null {
  if (node?.type !== 'html') return null
  const html = node.value.trim()
  if ((OPEN_TAG.exec(html)?.[1] ?? '').toLowerCase() === 'code') return 'open'
  return (CLOSE_TAG.exec(html)?.[1] ?? '').toLowerCase() === 'code' ? 'close' : null
}

/** Whether the raw `<code>` opening at `index` holds an element (a tag, a comment aside) before it closes. */
export function holdsElement(nodes: readonly PhrasingContent[], index: number): boolean {
  for (const [at, node] of nodes.entries()) {
    if (at <= index) continue
    if (node.type !== 'html') {
      // MDX's `{`text`}` is an expression giving text.
      if (node.type !== 'text' && !isBracedCodeSpan(nodes[at - 1], node, nodes[at + 1])) return true
      continue
    }
    if (COMMENT.test(node.value.trim())) continue
    return codeTag(node) !== 'close'
  }
  return false
}

/**
 * The code boxes of a markup, written as ```text``` (schemas' inline markup): on one line (a line break inside is a space),
 * with any three backticks in a row escaped. A box never closed keeps its text as text.
 */
function withCodeBoxes(markup: string): string {
  return markup
    .replace(new RegExp(`${CODE_BOX_START}([^${CODE_BOX_END}]*)${CODE_BOX_END}`, 'g'), (_, inner: string) => {
      const text = inner.replace(/\s*\n\s*/g, ' ').replace(/(?<!\\)`/g, '\\`')
      return text.trim() === '' ? '' : `\`\`\`${text}\`\`\``
    })
    .replaceAll(CODE_BOX_START, '')
    .replaceAll(CODE_BOX_END, '')
}
