/**
 * Footnotes of a body, as GFM shows them in Docusaurus: references numbered in the order they first
 * appear (in nested bodies too), each a superscript link to its note; the notes listed after the
 * body, each linking back to every reference. Ids are Docusaurus's (`user-content-fn-<label>`,
 * `user-content-fnref-<label>`), so that links into an imported page keep working.
 */
import {innerNodes, parseCellMarkup, parseInlineMarkup, type InlineNode} from './inline-markup'
import type {NestedBlock, RichBlock} from './types'

type AnyBlock = RichBlock | NestedBlock
type TextChild = NonNullable<Extract<AnyBlock, {_type: 'block'}>['children']>[number]
type FootnoteChild = Extract<TextChild, {_type: 'footnote'}>
export type NoteBlock = NonNullable<FootnoteChild['note']>[number]

export interface FootnoteReference {
  number: number
  id: string
  noteId: string
}

export interface NumberedNote {
  label: string
  number: number
  id: string
  note: readonly NoteBlock[]
  /** The ids of its references, in order. */
  references: string[]
}

export interface NumberedFootnotes {
  /** By footnote object of the body: what each reference shows. */
  references: ReadonlyMap<object, FootnoteReference>
  /**
   * By heading or table block: what each `[^label]` of its inline markup shows, in the order of
   * `markupFootnotes` over its text or its cells (row by row); undefined where the label has no note.
   */
  inMarkup: ReadonlyMap<object, ReadonlyArray<FootnoteReference | undefined>>
  notes: readonly NumberedNote[]
  /** Footnotes whose label no footnote of the body gives a note for: not shown. */
  withoutNote: readonly string[]
}

/** The id fragment of a label, as remark-gfm's HTML writes it (lower case, URL-safe). */
function idOf(label: string): string {
  return encodeURIComponent(label)
}

function childBodies(block: AnyBlock): ReadonlyArray<readonly AnyBlock[]> {
  switch (block._type) {
    case 'admonition':
    case 'quote':
    case 'details':
      return [block.body ?? []]
    case 'siteComponent':
      return [block.body ?? [], ...(block.slots ?? []).map((slot) => slot.body ?? [])]
    case 'tabs':
      return (block.panels ?? []).map((panel) => panel.body ?? [])
    case 'rawHtml':
      return (block.slots ?? []).map((slot) => slot.body ?? [])
    default:
      return []
  }
}

/** The parsed inline markup of a block that may hold `[^label]` references (a heading's text, a table's cells), in reading order. */
function markupTexts(block: AnyBlock): InlineNode[][] {
  if (block._type === 'heading') return [parseInlineMarkup(block.text ?? '')]
  if (block._type === 'table') return (block.rows ?? []).flatMap((row) => (row.cells ?? []).map((cell) => parseCellMarkup(cell)))
  return []
}

/** The footnote references of parsed inline markup, in reading order. */
export function markupFootnotes(nodes: readonly InlineNode[]): Array<Extract<InlineNode, {type: 'footnote'}>> {
  return nodes.flatMap((node) => (node.type === 'footnote' ? [node] : markupFootnotes(innerNodes(node))))
}

/** A footnote's label as GFM matches it (case does not count); a footnote without one has a note of its own. */
function labelOf(child: FootnoteChild): string {
  return child.label ? child.label.toLowerCase() : `_${child._key}`
}

/** Numbers the footnotes of a body in reading order; a label's note is the first one given. */
export function numberFootnotes(body: readonly AnyBlock[]): NumberedFootnotes {
  const found: Array<{child: FootnoteChild; label: string}> = []
  // A `[^label]` of a heading's or a table's markup stands for a footnote object of its own, given the
  // block's note of that label at its first reference in the block.
  const markupChildren = new Map<object, FootnoteChild[]>()
  const visit = (blocks: readonly AnyBlock[]) => {
    for (const block of blocks) {
      if (block._type === 'block') {
        for (const child of block.children ?? []) if (child._type === 'footnote') found.push({child, label: labelOf(child)})
      }
      const texts = markupTexts(block)
      if (texts.length > 0) {
        const notes = 'notes' in block ? (block.notes ?? []) : []
        const unused = new Map(notes.filter((note) => note.label).map((note) => [note.label?.toLowerCase() ?? '', note.note ?? []]))
        const children: FootnoteChild[] = []
        for (const reference of texts.flatMap(markupFootnotes)) {
          const label = reference.label.toLowerCase()
          const child: FootnoteChild = {_type: 'footnote', _key: `${block._key}-${children.length}`, label: reference.label, note: unused.get(label) ?? []}
          unused.delete(label)
          children.push(child)
          found.push({child, label})
        }
        markupChildren.set(block, children)
      }
      for (const nested of childBodies(block)) visit(nested)
    }
  }
  visit(body)
  const noteOf = new Map<string, readonly NoteBlock[]>()
  for (const {child, label} of found) if (!noteOf.has(label) && (child.note ?? []).length > 0) noteOf.set(label, child.note ?? [])
  const notes = new Map<string, NumberedNote>()
  const references = new Map<object, FootnoteReference>()
  const withoutNote = new Set<string>()
  for (const {child, label} of found) {
    const note = noteOf.get(label)
    if (!note) {
      withoutNote.add(label)
      continue
    }
    let numbered = notes.get(label)
    if (!numbered) {
      numbered = {label, number: notes.size + 1, id: `user-content-fn-${idOf(label)}`, note, references: []}
      notes.set(label, numbered)
    }
    const id = `user-content-fnref-${idOf(label)}${numbered.references.length > 0 ? `-${numbered.references.length + 1}` : ''}`
    numbered.references.push(id)
    references.set(child, {number: numbered.number, id, noteId: numbered.id})
  }
  const inMarkup = new Map([...markupChildren].map(([block, children]) => [block, children.map((child) => references.get(child))]))
  return {references, inMarkup, notes: [...notes.values()], withoutNote: [...withoutNote]}
}
