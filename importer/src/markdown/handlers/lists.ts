/**
 * Ordered, bullet and task lists → text blocks with `listItem` and `level`; a nested list is one
 * level deeper, a task item opens with its checkbox. An item of several blocks (paragraphs between
 * blank lines, a code block or an image indented under it) is one item, as Docusaurus's one `<li>`
 * holding them: its later paragraphs are list blocks of the `listParagraph` style, and a code block,
 * image, admonition, table, quote, collapsible section or tabs in it carries the item's `listLevel` (a quote of one paragraph, a
 * paragraph of the quote style elsewhere, becomes a quote for it), so that the list and its numbering
 * go on after them. Other blocks in an item are converted as usual.
 */
import type {List} from 'mdast'
import type {AdmonitionBlock, CodeBlock, DetailsBlock, QuoteBlock, RichTextBlock, TableBlock, TabsBlock, ThemedImageBlock} from '../../portable-text'
import {splitAtBlockComponents, toItems, tree} from '../flow-items'
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
      const end = child.position?.end.offset ?? start
      const line = child.position?.start.line ?? 0
      // A component drawing a block on a line of its own ends the paragraph there, as in a paragraph outside lists.
      const split = kept.type === 'paragraph' && !checkbox ? splitAtBlockComponents(cx, kept, start, end, line) : null
      return split ?? [{kind: 'node', node: kept, start, end, line}]
    })
    const blocks = tree(cx, items).flatMap((entry): RichTextBlock[] => {
      if (entry.kind === 'node' && entry.node.type === 'paragraph') return paragraph(cx, entry.node, 'normal', {listItem, level})
      if (entry.kind === 'node' && entry.node.type === 'list') return list(cx, entry.node, level + 1, nested)
      return cx.flow([entry], nested)
    })
    return itemBlocks(blocks, listItem, level)
  })
}

type InItemBlock = CodeBlock | ThemedImageBlock | AdmonitionBlock | TableBlock | QuoteBlock | DetailsBlock | TabsBlock

/** Block types that can stand inside a list item (the content model gives them a `listLevel`). */
function canStandInItem(block: RichTextBlock): block is InItemBlock {
  return (
    block._type === 'codeBlock' ||
    block._type === 'themedImage' ||
    block._type === 'admonition' ||
    block._type === 'table' ||
    block._type === 'quote' ||
    block._type === 'details' ||
    block._type === 'tabs'
  )
}

/**
 * Marks the blocks of one list item (its own, in order; those of nested lists already marked by their
 * own call): paragraphs after the first continue the item, the blocks that can stand in it join it.
 */
export function itemBlocks(blocks: RichTextBlock[], listItem: 'bullet' | 'number', level: number): RichTextBlock[] {
  let opened = false
  return blocks.flatMap((block): RichTextBlock[] => {
    if (block._type === 'block' && block.listItem === listItem && block.level === level) {
      if (!opened) {
        opened = true
        return [block]
      }
      return [{...block, style: 'listParagraph'}]
    }
    // Text an element of the item holds (`<div><p>…</p></div>`): the item's text, as in Docusaurus's `<li>`.
    if (block._type === 'block' && !block.listItem && (block.style === 'normal' || block.style === 'line')) {
      if (!opened) {
        opened = true
        return [{...block, style: 'normal', listItem, level}]
      }
      return [{...block, style: 'listParagraph', listItem, level}]
    }
    // A heading opening the item (`1.  ### Build the query`, then its paragraphs): the item's first block, a heading
    // inside the `<li>` as in Docusaurus.
    if (block._type === 'block' && !block.listItem && /^h[1-6]$/.test(block.style ?? '') && !opened) {
      opened = true
      return [{...block, listItem, level}]
    }
    // A quote of one paragraph (a paragraph of the quote style) in an item: a quote that stands in it.
    if (block._type === 'block' && block.style === 'blockquote' && !block.listItem && opened) {
      const {style: _style, ...paragraph} = block
      return [{_type: 'quote', body: [{...paragraph, style: 'normal'}], listLevel: level}]
    }
    if (canStandInItem(block) && block.listLevel === undefined) {
      // An item that opens with a code block or an image: an item without text of its own holds it.
      const opening: RichTextBlock[] = opened
        ? []
        : [{_type: 'block', style: 'normal', listItem, level, markDefs: [], children: [{_type: 'span', text: '', marks: []}]}]
      opened = true
      return [...opening, {...block, listLevel: level}]
    }
    return [block]
  })
}
