/**
 * Block quotes: their paragraphs take the `blockquote` style; other blocks in them (code, lists)
 * are converted as they would be outside. A quote in a quote is one quote in Portable Text.
 */
import type {Blockquote, RootContent} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {HandlerContext} from '../handler-context'
import {paragraph} from './paragraphs'

export function blockquote(cx: HandlerContext, node: Blockquote, nested: boolean): RichTextBlock[] {
  return quoteContent(node).flatMap((child) =>
    child.type === 'paragraph' ? paragraph(cx, child, 'blockquote') : cx.flow(tree(cx, toItems(cx, [child])), nested),
  )
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
