/**
 * List items of several blocks (paragraphs between blank lines, a code block or an image indented
 * under the item), as Docusaurus shows them: one `<li>` holding them all. The item's first paragraph
 * is the list block; its later paragraphs are list blocks of the `listParagraph` style, and a code
 * block, image, admonition or table in it carries the item's `listLevel`, so that the list and its
 * numbering go on after them.
 */
import type {AdmonitionBlock, CodeBlock, RichTextBlock, TableBlock, ThemedImageBlock} from '../portable-text'

type InItemBlock = CodeBlock | ThemedImageBlock | AdmonitionBlock | TableBlock

/** Block types that can stand inside a list item (the content model gives them a `listLevel`). */
function canStandInItem(block: RichTextBlock): block is InItemBlock {
  return block._type === 'codeBlock' || block._type === 'themedImage' || block._type === 'admonition' || block._type === 'table'
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
