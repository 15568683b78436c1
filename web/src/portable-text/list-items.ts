/**
 * List items of several blocks: a list block of the `listParagraph` style continues the item above
 * it, and a code block, image, admonition or table with a `listLevel` stands inside the item above at
 * that level. Preparing moves them into that item (`more`), so that the list, and the numbering of an
 * ordered one, go on after them, as in Docusaurus's `<li>` holding several blocks. A list nested in an
 * item after such blocks follows them there, in the order written.
 */
import type {NestedBlock, PreparedBlock, PreparedTextBlock, RichBlock} from './types'

type AnyBlock = RichBlock | NestedBlock

/** The item a block at `level` belongs to: the last item at that level, else the deepest one above it. */
function ownerAt(items: readonly (PreparedTextBlock | undefined)[], level: number): PreparedTextBlock | undefined {
  for (let at = Math.min(level, items.length - 1); at >= 1; at--) {
    const item = items[at]
    if (item) return item
  }
  return undefined
}

function listLevelOf(block: AnyBlock): number | null {
  const level = 'listLevel' in block ? block.listLevel : undefined
  return typeof level === 'number' && level >= 1 ? level : null
}

/**
 * Where the items of a nested list go when their parent item already holds blocks of its own (a note, a
 * paragraph): into those blocks, after them, so that the item shows its content in the order written
 * (a list after the note it follows). Their levels are counted from the parent's.
 */
interface NestedListInMore {
  /** The parent item, whose `more` receives the nested list. */
  parent: PreparedTextBlock
  /** The nested list's first level (the parent's plus one). */
  fromLevel: number
}

/** The prepared blocks of a body, each block of a list item moved into its item. */
export function groupListItems(pairs: ReadonlyArray<{raw: AnyBlock; prepared: PreparedBlock[]}>): PreparedBlock[] {
  const out: PreparedBlock[] = []
  // The open items of the list being read, by level (index 0 unused).
  let items: Array<PreparedTextBlock | undefined> = []
  let nested: NestedListInMore | null = null
  for (const {raw, prepared} of pairs) {
    if (raw._type === 'block' && raw.listItem) {
      const level = raw.level ?? 1
      if (nested && level < nested.fromLevel) nested = null
      if (!nested && raw.style !== 'listParagraph' && level > 1) {
        const parent = ownerAt(items, level - 1)
        if (parent?.more && parent.more.length > 0 && parent === items[level - 1]) nested = {parent, fromLevel: level}
      }
      if (nested && raw.style !== 'listParagraph') {
        const shift = nested.fromLevel - 1
        const moved = prepared.map((block): PreparedBlock =>
          block._type === 'block' && block.listItem ? {...block, level: (block.level ?? level) - shift} : block,
        )
        nested.parent.more = [...(nested.parent.more ?? []), ...moved]
        const item = moved.find((block): block is PreparedTextBlock => block._type === 'block')
        if (item) {
          items = items.slice(0, level)
          items[level] = item
        }
        continue
      }
      const owner = raw.style === 'listParagraph' ? ownerAt(items, level) : undefined
      if (owner) {
        owner.more = [
          ...(owner.more ?? []),
          ...prepared.map((block): PreparedBlock => {
            if (block._type !== 'block') return block
            const {listItem: _listItem, level: _level, ...paragraph} = block
            return paragraph
          }),
        ]
        continue
      }
      // A paragraph of an item with no item above it is an item of its own.
      const asItems = prepared.map((block) => (block._type === 'block' && block.style === 'listParagraph' ? {...block, style: 'normal' as const} : block))
      const item = asItems.find((block): block is PreparedTextBlock => block._type === 'block')
      out.push(...asItems)
      if (item) {
        items = items.slice(0, level)
        items[level] = item
      }
      continue
    }
    const level = listLevelOf(raw)
    const owner = level === null ? undefined : ownerAt(items, level)
    if (owner) {
      owner.more = [...(owner.more ?? []), ...prepared]
      continue
    }
    items = []
    nested = null
    out.push(...prepared)
  }
  return out
}
