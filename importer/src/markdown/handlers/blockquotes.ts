/**
 * Block quotes, as Docusaurus shows them: one quote around all its blocks. A quote of one paragraph
 * is that paragraph in the `blockquote` style; a quote of several blocks (paragraphs, a list, a
 * heading, code) is a `quote` holding them, converted as they would be outside. A quote in a quote is
 * one quote in Portable Text.
 */
import type {Blockquote, RootContent} from 'mdast'
import type {NestedBlock, RichTextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {Element, HandlerContext} from '../handler-context'
import {paragraph} from './paragraphs'

export function blockquote(cx: HandlerContext, node: Blockquote): RichTextBlock[] {
  const content = quoteContent(node)
  const [first] = content
  if (content.length === 1 && first?.type === 'paragraph') return paragraph(cx, first, 'blockquote')
  const body = cx.nestedFlow(tree(cx, toItems(cx, content)))
  return body.length > 0 ? [{_type: 'quote', body}] : []
}

/**
 * An HTML `<blockquote>` (an embedded tweet's, `<blockquote class="twitter-tweet">`): a quote of its content, as the
 * markdown quote above (one paragraph: that paragraph in the quote style); quotes inside it are part of it.
 */
export function htmlBlockquote(cx: HandlerContext, element: Element): RichTextBlock[] {
  const body = cx.nestedFlow(element.children).flatMap((block): NestedBlock[] => (block._type === 'quote' ? block.body : [block]))
  const [first] = body
  if (body.length === 1 && first?._type === 'block' && first.style === 'normal' && !first.listItem) return [{...first, style: 'blockquote'}]
  return body.length > 0 ? [{_type: 'quote', body}] : []
}

/**
 * What a quote holds, with the quotes inside it unwrapped in order: a quote in a quote is one
 * quote in Portable Text. Iterative, so that `>>>>…` thousands deep cannot exhaust the stack.
 */
function quoteContent(quote: Blockquote): RootContent[] {
  const content: RootContent[] = []
  const pending: RootContent[] = [...quote.children].reverse()
  for (let child = pending.pop(); child !== undefined; child = pending.pop()) {
    if (child.type === 'blockquote') pending.push(...[...child.children].reverse())
    else content.push(child)
  }
  return content
}
