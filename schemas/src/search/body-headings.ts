/**
 * The headings of a Portable Text body with their anchors: the renderer's heading ids and the
 * search records' anchors both come from here, so a result always lands on the rendered heading.
 */
import {createAnchorAllocator} from '../model'
import {inlinePlainText, parseInlineMarkup} from './inline-markup'

/** The fields of a body block that headings are read from (any queried body block fits). */
export interface HeadingSourceBlock {
  _type: string
  _key: string
  style?: string | null
  level?: number | null
  text?: string | null
  anchor?: string | null
  children?: ReadonlyArray<{text?: string | null}> | null
}

export interface BodyHeading {
  key: string
  level: number
  text: string
  anchor: string
}

const HEADING_STYLES = new Set(['h2', 'h3', 'h4', 'h5', 'h6'])

/** The plain text of a Portable Text block, like GROQ's pt::text. */
export function blockText(block: {children?: ReadonlyArray<{text?: string | null}> | null}): string {
  return (block.children ?? []).map((child) => child.text ?? '').join('')
}

/** Whether a block is a heading (a `heading` object or a text block styled h2–h6). */
export function isHeadingBlock(block: HeadingSourceBlock): boolean {
  return block._type === 'heading' || (block._type === 'block' && !!block.style && HEADING_STYLES.has(block.style))
}

/** The headings of a body in document order, with the anchors the rendered ids use. */
export function bodyHeadings(body: readonly HeadingSourceBlock[] | null | undefined): BodyHeading[] {
  const blocks = body ?? []
  // Explicit anchors are reserved first so that generated ones never take them.
  const reserved = blocks.flatMap((block) => (block._type === 'heading' && block.anchor ? [block.anchor] : []))
  const allocate = createAnchorAllocator(reserved)
  const headings: BodyHeading[] = []
  for (const block of blocks) {
    if (block._type === 'heading') {
      const text = inlinePlainText(parseInlineMarkup(block.text ?? ''))
      headings.push({key: block._key, level: block.level ?? 2, text, anchor: allocate(text, block.anchor)})
    } else if (block._type === 'block' && block.style && HEADING_STYLES.has(block.style)) {
      const text = blockText(block)
      headings.push({key: block._key, level: Number(block.style.slice(1)), text, anchor: allocate(text)})
    }
  }
  return headings
}
