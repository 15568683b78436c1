/**
 * Blocks that belong to a list item: a paragraph after the item's first (the `listParagraph` style of
 * a list block) and a code block, image, admonition, table, quote, details or tabs with a `listLevel`, shown inside the item
 * above at that level, as markdown shows blocks indented under a list item.
 */
import {defineField} from '@sanity/types'

/** The text style of a list block that continues the item above it: one more paragraph of that item, not a new item. */
export const LIST_PARAGRAPH_STYLE = {title: 'Paragraph of the list item above', value: 'listParagraph'} as const

export const listLevelField = defineField({
  name: 'listLevel',
  title: 'Inside the list item above',
  type: 'number',
  description: 'Leave empty for a block of its own. 1: shown inside the list item just above (2: inside the item of the nested list, and so on).',
  validation: (rule) => rule.integer().min(1).max(10),
})
