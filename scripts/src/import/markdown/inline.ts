/**
 * Inline markdown (phrasing content) → Portable Text spans with decorators and link annotations,
 * plus the "inline markup" strings that heading texts and table cells hold (`code`, **bold**,
 * *italic*, [links](/docs/v4/)). Images found inline are handed back so the caller can split the
 * paragraph around them.
 */
import type {Image, PhrasingContent} from 'mdast'
import {contentHash} from '../keys'
import type {Decorator, LinkDefinition, Span} from '../portable-text'

export interface InlineEnvironment {
  resolveLink(href: string, line: number): string
  definitions: ReadonlyMap<string, {url: string; title?: string | null}>
  /** Original source of a node, for syntax kept as text (e.g. `key:value` parsed as a directive). */
  sourceOf(node: PhrasingContent): string
}

export type InlinePiece =
  | {kind: 'text'; text: string; marks: string[]}
  | {kind: 'image'; src: string; alt: string; title?: string; line: number; linked: boolean}

export interface InlineResult {
  pieces: InlinePiece[]
  markDefs: LinkDefinition[]
  /** Set when something inline cannot be represented; the caller keeps the paragraph verbatim. */
  problem?: string
}

const DECORATOR_BY_TAG: Record<string, Decorator> = {
  kbd: 'code',
  code: 'code',
  tt: 'code',
  b: 'strong',
  strong: 'strong',
  i: 'em',
  em: 'em',
  s: 'strike-through',
  del: 'strike-through',
  strike: 'strike-through',
}

const LINE_BREAK = /^<br\s*\/?>$/i
const COMMENT = /^<!--[\s\S]*-->$/
const OPEN_TAG = /^<([a-zA-Z][\w-]*)(\s[^>]*)?>$/
const CLOSE_TAG = /^<\/([a-zA-Z][\w-]*)\s*>$/
const HREF_ATTRIBUTE = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/
const SRC_ATTRIBUTE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/
const ALT_ATTRIBUTE = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/

export function convertInline(nodes: PhrasingContent[], env: InlineEnvironment): InlineResult {
  const result: InlineResult = {pieces: [], markDefs: []}
  collect(nodes, [], false, env, result)
  return result
}

function linkMark(href: string, result: InlineResult): string {
  const key = `link-${contentHash(href, 8)}`
  if (!result.markDefs.some((def) => def._key === key)) result.markDefs.push({_type: 'link', _key: key, href})
  return key
}

function lineOf(node: PhrasingContent): number {
  return node.position?.start.line ?? 0
}

function collect(
  nodes: PhrasingContent[],
  marks: string[],
  inLink: boolean,
  env: InlineEnvironment,
  result: InlineResult,
): void {
  // Inline HTML tags open and close across sibling nodes: keep the marks they add on a stack.
  const htmlStack: {tag: string; mark: string}[] = []
  const currentMarks = () => [...marks, ...htmlStack.map((entry) => entry.mark)]
  for (const node of nodes) {
    if (result.problem) return
    switch (node.type) {
      case 'text':
        result.pieces.push({kind: 'text', text: node.value, marks: currentMarks()})
        break
      case 'inlineCode':
        result.pieces.push({kind: 'text', text: node.value, marks: [...currentMarks(), 'code']})
        break
      case 'strong':
        collect(node.children, [...currentMarks(), 'strong'], inLink, env, result)
        break
      case 'emphasis':
        collect(node.children, [...currentMarks(), 'em'], inLink, env, result)
        break
      case 'delete':
        collect(node.children, [...currentMarks(), 'strike-through'], inLink, env, result)
        break
      case 'break':
        result.pieces.push({kind: 'text', text: '\n', marks: currentMarks()})
        break
      case 'link': {
        const href = env.resolveLink(node.url, lineOf(node))
        collect(node.children, [...currentMarks(), linkMark(href, result)], true, env, result)
        break
      }
      case 'linkReference': {
        const definition = env.definitions.get(node.identifier)
        if (!definition) {
          result.pieces.push({kind: 'text', text: env.sourceOf(node), marks: currentMarks()})
          break
        }
        const href = env.resolveLink(definition.url, lineOf(node))
        collect(node.children, [...currentMarks(), linkMark(href, result)], true, env, result)
        break
      }
      case 'image':
        pushImage(node, inLink, result)
        break
      case 'imageReference': {
        const definition = env.definitions.get(node.identifier)
        if (!definition) {
          result.pieces.push({kind: 'text', text: env.sourceOf(node), marks: currentMarks()})
          break
        }
        result.pieces.push({
          kind: 'image',
          src: definition.url,
          alt: node.alt ?? '',
          ...(definition.title ? {title: definition.title} : {}),
          line: lineOf(node),
          linked: inLink,
        })
        break
      }
      case 'textDirective':
        // `key:value` in prose parses as a directive; Docusaurus shows it as the text it was.
        result.pieces.push({kind: 'text', text: env.sourceOf(node), marks: currentMarks()})
        break
      case 'html':
        collectHtml(node.value, node, htmlStack, currentMarks, env, result, inLink)
        break
      default:
        result.problem = `inline ${node.type} is not supported`
    }
  }
  if (htmlStack.length > 0 && !result.problem) result.problem = `inline HTML <${htmlStack[0]?.tag}> is never closed`
}

function collectHtml(
  value: string,
  node: PhrasingContent,
  htmlStack: {tag: string; mark: string}[],
  currentMarks: () => string[],
  env: InlineEnvironment,
  result: InlineResult,
  inLink: boolean,
): void {
  const html = value.trim()
  if (COMMENT.test(html)) return
  if (LINE_BREAK.test(html)) {
    result.pieces.push({kind: 'text', text: '\n', marks: currentMarks()})
    return
  }
  const open = OPEN_TAG.exec(html)
  if (open) {
    const tag = open[1] ?? ''
    const attributes = open[2] ?? ''
    if (/^[A-Z]/.test(tag)) {
      result.problem = `the component <${tag}> is not supported inline`
      return
    }
    const lower = tag.toLowerCase()
    if (lower === 'img') {
      const src = SRC_ATTRIBUTE.exec(attributes)
      if (src) {
        const alt = ALT_ATTRIBUTE.exec(attributes)
        result.pieces.push({kind: 'image', src: src[1] ?? src[2] ?? '', alt: alt?.[1] ?? alt?.[2] ?? '', line: lineOf(node), linked: inLink})
        return
      }
    }
    const decorator = DECORATOR_BY_TAG[lower]
    if (decorator) {
      htmlStack.push({tag: lower, mark: decorator})
      return
    }
    const href = lower === 'a' ? HREF_ATTRIBUTE.exec(attributes) : null
    if (href) {
      const target = env.resolveLink(href[1] ?? href[2] ?? '', lineOf(node))
      htmlStack.push({tag: lower, mark: linkMark(target, result)})
      return
    }
    result.problem = `inline HTML <${tag}> is not supported`
    return
  }
  const close = CLOSE_TAG.exec(html)
  if (close && htmlStack.at(-1)?.tag === close[1]?.toLowerCase()) {
    htmlStack.pop()
    return
  }
  result.problem = `inline HTML ${html.length > 40 ? `${html.slice(0, 40)}…` : html} is not supported`
}

function pushImage(node: Image, inLink: boolean, result: InlineResult): void {
  result.pieces.push({
    kind: 'image',
    src: node.url,
    alt: node.alt ?? '',
    ...(node.title ? {title: node.title} : {}),
    line: lineOf(node),
    linked: inLink,
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

/**
 * The inline markup string of a heading or table cell. Links are resolved like those of spans;
 * anything else inline (HTML) is kept as written.
 */
export function toInlineMarkup(nodes: PhrasingContent[], env: InlineEnvironment): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return node.value
        case 'inlineCode':
          return `\`${node.value}\``
        case 'strong':
          return `**${toInlineMarkup(node.children, env)}**`
        case 'emphasis':
          return `*${toInlineMarkup(node.children, env)}*`
        case 'delete':
          return `~~${toInlineMarkup(node.children, env)}~~`
        case 'break':
          return ' '
        case 'link':
          return `[${toInlineMarkup(node.children, env)}](${env.resolveLink(node.url, lineOf(node))})`
        case 'linkReference': {
          const definition = env.definitions.get(node.identifier)
          return definition
            ? `[${toInlineMarkup(node.children, env)}](${env.resolveLink(definition.url, lineOf(node))})`
            : env.sourceOf(node)
        }
        case 'html':
          return node.value
        default:
          return env.sourceOf(node)
      }
    })
    .join('')
}
