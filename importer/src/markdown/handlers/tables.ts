/**
 * GFM tables → a `table` block: one row of cells (inline markup, with the lists written in HTML there) per table row, the columns' alignment,
 * and the notes of footnotes its cells are the first to refer to (`[^label]` in a cell's markup).
 */
import type {PhrasingContent, Table, TableCell} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {emojifyMarkup} from '../blocks'
import type {HandlerContext} from '../handler-context'
import {toCellMarkup} from '../inline'
import {markupWithNotes} from './footnotes'
import {isMemberTag, paragraphWithStandIns} from '../tag-stand-ins'
import {readsAsMdx1} from '../conversion-context'

export function table(cx: HandlerContext, node: Table): RichTextBlock {
  // Every row has the header's cells, as GFM draws it: missing ones empty, extra ones left out.
  const columns = node.children[0]?.children.length ?? 0
  const {value: rows, notes} = markupWithNotes(cx, (env) =>
    node.children.map((row) => ({
      _type: 'tableRow' as const,
      // A <br> in a cell breaks the line there, as in Docusaurus.
      cells: Array.from({length: columns}, (_, index) => {
        const cell = row.children[index]
        return cell ? emojifyMarkup(toCellMarkup(cellContent(cx, cell), env), readsAsMdx1(cx.context.features)) : ''
      }),
    })),
  )
  return {_type: 'table', rows, align: (node.align ?? []).map((align) => align ?? 'none'), ...(notes.length > 0 ? {notes} : {})}
}

/** A cell's inline content, with the tags of members of imports (`<Links.Tides />`) read as the HTML they are in MDX. */
function cellContent(cx: HandlerContext, cell: TableCell): PhrasingContent[] {
  const start = cell.children[0]?.position?.start.offset
  const end = cell.children.at(-1)?.position?.end.offset
  if (!cx.inlineEnv.mdx || start === undefined || end === undefined || !cx.source.text.slice(start, end).includes('.')) return cell.children
  return paragraphWithStandIns(cx, start, end, cell.position?.start.line ?? 1, isMemberTag)?.children ?? cell.children
}
