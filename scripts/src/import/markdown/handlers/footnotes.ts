/**
 * GFM footnote definitions (`[^1]: …`): shown where they stand, as a paragraph opening with their
 * label, followed by the rest of their content.
 */
import type {FootnoteDefinition} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {HandlerContext} from '../handler-context'
import {paragraph, paragraphOfText} from './paragraphs'

export function footnoteDefinition(cx: HandlerContext, node: FootnoteDefinition, nested: boolean): RichTextBlock[] {
  const [first, ...rest] = node.children
  const label = `[${node.label ?? node.identifier}] `
  const opening =
    first?.type === 'paragraph'
      ? paragraph(cx, {...first, children: [{type: 'text', value: label}, ...first.children]}, 'normal')
      : paragraphOfText(cx, label, node)
  return [...opening, ...cx.flow(tree(cx, toItems(cx, first?.type === 'paragraph' ? rest : node.children)), nested)]
}
