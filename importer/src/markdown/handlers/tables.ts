/**
 * GFM tables → a `table` block: one row of cells (inline markup) per table row, and the columns' alignment.
 */
import type {Table} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {emojifyMarkup} from '../blocks'
import type {HandlerContext} from '../handler-context'
import {toInlineMarkup} from '../inline'

export function table(cx: HandlerContext, node: Table): RichTextBlock {
  return {
    _type: 'table',
    rows: node.children.map((row) => ({
      _type: 'tableRow' as const,
      // A <br> in a cell breaks the line there, as in Docusaurus.
      cells: row.children.map((cell) => emojifyMarkup(toInlineMarkup(cell.children, cx.inlineEnv, '\n').trim())),
    })),
    align: (node.align ?? []).map((align) => align ?? 'none'),
  }
}
