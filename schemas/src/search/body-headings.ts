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
  children?: ReadonlyArray<{_type?: string; text?: string | null}> | null
  /** Nested bodies, whose headings belong to the page too (admonitions, details, tab panels). */
  body?: readonly HeadingSourceBlock[] | null
  panels?: ReadonlyArray<{body?: readonly HeadingSourceBlock[] | null}> | null
  /** The content written inside a raw HTML block's tags (a code fence in a table cell). */
  slots?: ReadonlyArray<{body?: readonly HeadingSourceBlock[] | null}> | null
}

export interface BodyHeading {
  key: string
  level: number
  text: string
  anchor: string
}

const HEADING_STYLES = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

/** The plain text of a Portable Text block, like GROQ's pt::text (inline objects have no text). */
export function blockText(block: {children?: ReadonlyArray<{_type?: string; text?: string | null}> | null}): string {
  return (block.children ?? []).map((child) => (typeof child.text === 'string' ? child.text : '')).join('')
}

/** Every block of a body in document order, nested bodies included (a tab's blocks after its tabs block). */
export function walkBlocks<B extends HeadingSourceBlock>(body: readonly B[] | null | undefined): B[] {
  const all: B[] = []
  const visit = (blocks: readonly HeadingSourceBlock[]) => {
    for (const block of blocks) {
      all.push(block as B)
      if (block.body) visit(block.body)
      for (const panel of block.panels ?? []) visit(panel.body ?? [])
      for (const slot of block.slots ?? []) visit(slot.body ?? [])
    }
  }
  visit(body ?? [])
  return all
}

/** Whether a block is a heading (a `heading` object or a text block styled h1–h6). */
export function isHeadingBlock(block: HeadingSourceBlock): boolean {
  return block._type === 'heading' || (block._type === 'block' && !!block.style && HEADING_STYLES.has(block.style))
}

/** The headings of a body in document order, with the anchors the rendered ids use. */
export function bodyHeadings(body: readonly HeadingSourceBlock[] | null | undefined): BodyHeading[] {
  // Headings inside tabs, admonitions and details are part of the page, as in Docusaurus's TOC.
  const blocks = walkBlocks(body)
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
