/**
 * Ordered, bullet and task lists → text blocks with `listItem` and `level`; a nested list is one
 * level deeper, a task item opens with its checkbox. Other blocks in an item are converted as usual.
 */
import type {List} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {FlowItem, HandlerContext} from '../handler-context'
import {paragraph} from './paragraphs'

export function list(cx: HandlerContext, node: List, level: number, nested: boolean): RichTextBlock[] {
  const listItem = node.ordered ? 'number' : 'bullet'
  return node.children.flatMap((item) => {
    // The item's content is one flow, so that a tag opened in one of its blocks and closed in a
    // later one (`<details>`, then an indented code fence, then `</details>`) holds what is between.
    const items = item.children.flatMap((child, index): FlowItem[] => {
      if (child.type !== 'paragraph' && child.type !== 'list') return toItems(cx, [child])
      const checkbox = child.type === 'paragraph' && index === 0 && typeof item.checked === 'boolean' ? (item.checked ? '☑ ' : '☐ ') : ''
      const kept = checkbox && child.type === 'paragraph' ? {...child, children: [{type: 'text' as const, value: checkbox}, ...child.children]} : child
      const start = child.position?.start.offset ?? 0
      return [{kind: 'node', node: kept, start, end: child.position?.end.offset ?? start, line: child.position?.start.line ?? 0}]
    })
    return tree(cx, items).flatMap((entry): RichTextBlock[] => {
      if (entry.kind === 'node' && entry.node.type === 'paragraph') return paragraph(cx, entry.node, 'normal', {listItem, level})
      if (entry.kind === 'node' && entry.node.type === 'list') return list(cx, entry.node, level + 1, nested)
      return cx.flow([entry], nested)
    })
  })
}
