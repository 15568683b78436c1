/**
 * HTML that is not a block of its own: raw HTML kept whole (tables, lists, forms written in HTML; the
 * site sanitizes it), the truncate marker, and the inline markup of elements' children (a summary, a
 * heading or a video's fallback text written in HTML).
 */
import {toString} from 'mdast-util-to-string'
import type {RichTextBlock} from '../../portable-text'
import {emojifyMarkup, TRUNCATE_MARKERS} from '../blocks'
import type {HandlerContext, TreeItem} from '../handler-context'
import {toInlineMarkup} from '../inline'
import {attributeString} from '../jsx-tags'

export function rawHtml(cx: HandlerContext, item: Extract<TreeItem, {kind: 'raw'}>, nested: boolean): RichTextBlock[] {
  const html = item.html.trim()
  if (TRUNCATE_MARKERS.some((marker) => marker.test(html))) return nested ? [] : [{_type: 'readMore'}]
  if (html === '') return []
  return [{_type: 'rawHtml', html}]
}

/** The inline markup of elements' children (a summary): their paragraphs' text, joined. */
export function inlineMarkupOf(cx: HandlerContext, children: readonly TreeItem[]): string {
  const parts: string[] = []
  for (const child of children) {
    if (child.kind === 'node' && child.node.type === 'paragraph') parts.push(toInlineMarkup(child.node.children, cx.inlineEnv))
    else if (child.kind === 'node' && 'children' in child.node) parts.push(toString(child.node))
    else if (child.kind === 'element') {
      const inner = inlineMarkupOf(cx, child.children)
      const href = child.tag.name.toLowerCase() === 'a' ? attributeString(child.tag.attributes.href) : undefined
      const target = href && inner ? cx.context.resolveLink(href, child.line) : null
      parts.push(target ? `[${inner}](${target})` : inner)
    }
  }
  return emojifyMarkup(parts.join(' ').replace(/\s+/g, ' ').trim())
}
