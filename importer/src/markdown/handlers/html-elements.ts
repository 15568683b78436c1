/**
 * HTML that is not a block of its own: raw HTML kept whole (tables, lists, forms written in HTML; the
 * site sanitizes it; the markdown and components written between its tags converted into its slots),
 * the truncate marker, and the inline markup of elements' children (a summary, a heading or a video's
 * fallback text written in HTML).
 */
import type {PhrasingContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {isNestedBlock, type RichTextBlock} from '../../portable-text'
import {emojifyMarkup, TRUNCATE_MARKERS} from '../blocks'
import type {HandlerContext, TreeItem} from '../handler-context'
import {toInlineMarkup} from '../inline'
import {attributeString} from '../jsx-tags'
import {JS_STRING, jsStringValue} from '../js-string'
import {codeBlocksOf} from './mdx-components'
import {withRelativeLinksResolved} from './relative-links'
import {readsAsMdx1} from '../conversion-context'

export function rawHtml(cx: HandlerContext, item: Extract<TreeItem, {kind: 'raw'}>, nested: boolean): RichTextBlock[] {
  const html = item.html.trim()
  if (TRUNCATE_MARKERS.some((marker) => marker.test(html))) return nested ? [] : [{_type: 'readMore'}]
  if (html === '') return []
  // `<pre><code class="language-js">` as the theme's CodeBlock renders it (a React page's code, rendered here): MDX
  // gives a <pre> to the theme's code block, so it is the site's code block.
  const code = item.slots || cx.context.features?.commonMark ? null : codeBlocksOf(cx, html)
  if (code) return code
  const kept = withRelativeLinksResolved(cx, cx.context.features?.indentedCode ? html : withInlineMarkdown(html), item.line)
  if (!item.slots) return [{_type: 'rawHtml', html: kept}]
  const slots = item.slots.map((items) => ({_type: 'htmlSlot' as const, body: cx.flow(items, true).filter(isNestedBlock)}))
  return [{_type: 'rawHtml', html: kept, slots}]
}

/** Elements whose text is shown as written, markdown and all. */
const LITERAL_ELEMENTS = new Set(['pre', 'code', 'kbd', 'samp', 'script', 'style', 'textarea'])

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * HTML written in an MDX file, as MDX reads it: the text between its tags is markdown, so code spans,
 * strong and emphasis there are markup (`<td>`early_access`</td>` shows code). Text inside `<pre>`,
 * `<code>` and the like stays as written. (Under CommonMark, HTML is kept as written: not called.)
 */
export function withInlineMarkdown(html: string): string {
  let literal = 0
  let out = ''
  let from = 0
  const emphasis = (text: string) =>
    literal > 0 || !/[*_]/.test(text)
      ? text
      : text
          .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1(?![\w*])/g, '<strong>$2</strong>')
          .replace(/(?<![\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\w*])/g, '<em>$1</em>')
          .replace(/(?<![\w_])_(?=[^\s_])([^_]*?[^\s_])_(?![\w_])/g, '<em>$1</em>')
  // A JSX expression of one string (`{"['Post']"}`, `{' '}`) is that string, as text (no markdown), inside any element.
  const textOf = (text: string) => {
    let result = ''
    let at = 0
    for (const expression of text.matchAll(STRING_EXPRESSION)) {
      result += emphasis(text.slice(at, expression.index)) + escapeHtml(jsStringValue(expression[1] ?? "''"))
      at = expression.index + expression[0].length
    }
    return result + emphasis(text.slice(at))
  }
  // Tags and code spans, left to right: a tag's attributes are never a code span, a code span's `<b>` never a tag.
  for (const match of html.matchAll(/<\/?[a-zA-Z][^>]*>|(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
    out += textOf(html.slice(from, match.index))
    from = match.index + match[0].length
    const [whole, ticks, code] = match
    if (ticks === undefined || code === undefined) {
      const tag = /^<(\/?)([a-zA-Z][\w-]*)/.exec(whole)
      if (tag && LITERAL_ELEMENTS.has((tag[2] ?? '').toLowerCase()) && !whole.endsWith('/>')) literal = Math.max(0, literal + (tag[1] ? -1 : 1))
      out += whole
    } else {
      // A code span loses one space on each side when it has one on both, as in CommonMark.
      out += literal > 0 ? whole : `<code>${escapeHtml(/^ [\s\S]* $/.test(code) && code.trim() !== '' ? code.slice(1, -1) : code)}</code>`
    }
  }
  return out + textOf(html.slice(from))
}

/** A JSX expression that is one string literal. */
const STRING_EXPRESSION = new RegExp(String.raw`\{\s*(${JS_STRING})\s*\}`, 'g')

/** The inline markup of elements' children (a summary): their paragraphs' text, joined. */
export function inlineMarkupOf(cx: HandlerContext, children: readonly TreeItem[]): string {
  const parts: string[] = []
  // Paragraphs apart only by raw HTML left out here (an icon's <svg> inside `<a href>…</a>`) are one run of text:
  // a link opened in one and closed in the next stays that link.
  let run: PhrasingContent[] = []
  const flush = () => {
    if (run.length > 0) parts.push(toInlineMarkup(run, cx.inlineEnv))
    run = []
  }
  for (const child of children) {
    if (child.kind === 'node' && child.node.type === 'paragraph') {
      if (run.length > 0) run.push({type: 'text', value: ' '})
      run.push(...child.node.children)
      continue
    }
    if (child.kind === 'raw') continue
    flush()
    if (child.kind === 'node' && 'children' in child.node) parts.push(toString(child.node))
    else if (child.kind === 'element') {
      const inner = inlineMarkupOf(cx, child.children)
      const href = child.tag.name.toLowerCase() === 'a' ? attributeString(child.tag.attributes.href) : undefined
      const target = href && inner ? cx.context.resolveLink(href, child.line) : null
      parts.push(target ? `[${inner}](${target})` : inner)
    }
  }
  flush()
  return emojifyMarkup(parts.join(' ').replace(/\s+/g, ' ').trim(), readsAsMdx1(cx.context.features))
}
