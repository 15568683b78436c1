/**
 * GFM footnotes (`text[^note]` … `[^note]: the note`) → `footnote` inline objects holding their note.
 * The note goes with the first reference of its label; later references carry the label alone, and
 * the site numbers them by first reference and lists the notes at the end of the page, as Docusaurus
 * does. A reference without a definition stays as written, a definition no reference uses stays a
 * paragraph where it is written (opening with its label): both with a warning naming the line.
 */
import type {FootnoteDefinition, FootnoteReference, Nodes, Root, RootContent} from 'mdast'
import type {Footnote, RichTextBlock, TextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {HandlerContext} from '../handler-context'
import {mdxSpans} from '../jsx-tags'
import {paragraph, paragraphOfText} from './paragraphs'

export function footnoteDefinition(cx: HandlerContext, node: FootnoteDefinition, nested: boolean): RichTextBlock[] {
  if (!cx.footnotes.shownInPlace(node)) return []
  const [first, ...rest] = node.children
  const number = cx.footnotes.numberOf(node.identifier)
  const label = `[${number > 0 ? number : (node.label ?? node.identifier)}] `
  const opening =
    first?.type === 'paragraph'
      ? paragraph(cx, {...first, children: [{type: 'text', value: label}, ...first.children]}, 'normal')
      : paragraphOfText(cx, label, node)
  return [...opening, ...cx.flow(tree(cx, toItems(cx, first?.type === 'paragraph' ? rest : node.children)), nested)]
}

const SUPERSCRIPT_DIGITS = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹']

/** `[^label]` as text: a reference remark left as written (its label has no definition). */
const WRITTEN_REFERENCE = /\[\^([^\]\s]+)\]/g

export class Footnotes {
  private readonly definitions = new Map<string, FootnoteDefinition>()
  private readonly referenced = new Set<string>()
  /** Labels referenced from table cells, whose cells show the note's number. */
  private readonly referencedInCells = new Set<string>()
  /** Labels in the order of their first reference, text and table cells alike: GFM's numbering. */
  private readonly order: string[] = []
  /** Labels whose note a reference already holds. */
  private readonly given = new Set<string>()
  /** Set while a note is converted: a reference inside a note stays as written. */
  private inNote = false

  constructor(private readonly warn: (line: number, message: string) => void) {}

  /** Reads a body's definitions and references, and reports each `[^label]` left as text for want of a definition. */
  scan(root: Root, source?: string): void {
    // `[^x]` inside a JSX tag or an `{…}` expression (a regular expression in an attribute) is script, not text.
    const spans = source === undefined ? [] : mdxSpans(source)
    const inMdx = (offset: number) => {
      let low = 0
      let high = spans.length
      while (low < high) {
        const middle = (low + high) >> 1
        if ((spans[middle]?.[1] ?? 0) <= offset) low = middle + 1
        else high = middle
      }
      const span = spans[low]
      return span !== undefined && span[0] <= offset
    }
    // Iterative: quotes or lists nested thousands deep must not exhaust the stack. References inside a
    // note stay as written: only those of the text make a definition a note.
    const written: Array<{label: string; line: number}> = []
    const pending: Array<{node: Nodes; inNote: boolean; inCell: boolean}> = [{node: root, inNote: false, inCell: false}]
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      const {node, inNote, inCell} = item
      if (node.type === 'footnoteDefinition') this.definitions.set(node.identifier, node)
      else if (node.type === 'footnoteReference' && !inNote) {
        if (inCell) this.referencedInCells.add(node.identifier)
        else this.referenced.add(node.identifier)
        if (!this.order.includes(node.identifier)) this.order.push(node.identifier)
      } else if (node.type === 'text') {
        const start = node.position?.start.offset
        const end = node.position?.end.offset
        const asWritten = source !== undefined && start !== undefined && end !== undefined ? source.slice(start, end) : undefined
        let from = 0
        for (const match of node.value.matchAll(WRITTEN_REFERENCE)) {
          if (asWritten !== undefined && start !== undefined) {
            // Where this `[^` stands in the file: the text as written holds the same brackets, in order.
            const at = asWritten.indexOf('[^', from)
            if (at !== -1) {
              from = at + 2
              if (inMdx(start + at)) continue
            }
          }
          written.push({label: match[1] ?? '', line: node.position?.start.line ?? 0})
        }
      }
      if ('children' in node) {
        for (let index = node.children.length - 1; index >= 0; index--) {
          const child = node.children[index]
          if (child) pending.push({node: child, inNote: inNote || node.type === 'footnoteDefinition', inCell: inCell || node.type === 'tableCell'})
        }
      }
    }
    for (const {label, line} of written) {
      if (!this.definitions.has(label.toLowerCase())) this.warn(line, `footnote reference [^${label}] has no definition ([^${label}]: …): shown as written`)
    }
  }

  /**
   * The footnote a reference stands for, its note converted by `convertNote` on the first reference of
   * its label; null (the reference is kept as written) inside a note or without a definition.
   */
  reference(node: FootnoteReference, convertNote: (children: RootContent[]) => RichTextBlock[]): Footnote | null {
    const definition = this.definitions.get(node.identifier)
    const line = node.position?.start.line ?? 0
    if (!definition) {
      this.warn(line, `footnote reference [^${node.label ?? node.identifier}] has no definition: shown as written`)
      return null
    }
    if (this.inNote) {
      this.warn(line, `footnote reference [^${node.label ?? node.identifier}] inside a footnote's note: shown as written (a note holds no footnotes)`)
      return null
    }
    const label = node.identifier
    if (this.given.has(label)) return {_type: 'footnote', label}
    this.given.add(label)
    this.inNote = true
    try {
      const note = this.noteBlocks(convertNote(definition.children), definition)
      return {_type: 'footnote', label, note}
    } finally {
      this.inNote = false
    }
  }

  /**
   * A reference in a table cell, whose cell holds text only: the note's number (GFM's: the order of first references)
   * as superscript digits; null without a definition (kept as written).
   */
  cellReference(node: FootnoteReference): string | null {
    if (!this.definitions.has(node.identifier)) return null
    const number = this.order.indexOf(node.identifier) + 1
    return String(number).replace(/\d/g, (digit) => SUPERSCRIPT_DIGITS[Number(digit)] ?? digit)
  }

  /** The number a label's references show (GFM's numbering), for a note shown where it is written. */
  numberOf(identifier: string): number {
    return this.order.indexOf(identifier) + 1
  }

  /** Whether a definition is shown where it is written: when no reference of the text uses it (reported), as its text. */
  shownInPlace(definition: FootnoteDefinition): boolean {
    if (this.referenced.has(definition.identifier)) return false
    if (this.referencedInCells.has(definition.identifier)) {
      this.warn(
        definition.position?.start.line ?? 0,
        `footnote [^${definition.label ?? definition.identifier}] is referenced from table cells only, which show its number (${this.numberOf(definition.identifier)}) as superscript text: its note is shown where it is written, after that number, instead of in the notes at the end`,
      )
      return true
    }
    this.warn(
      definition.position?.start.line ?? 0,
      `footnote definition [^${definition.label ?? definition.identifier}] is never referenced: Docusaurus does not show it; kept here as a paragraph`,
    )
    return true
  }

  /** A note holds paragraphs: list items become paragraphs, anything else its text, reported. */
  private noteBlocks(blocks: RichTextBlock[], definition: FootnoteDefinition): TextBlock[] {
    return blocks.flatMap((block): TextBlock[] => {
      if (block._type === 'block') {
        const {listItem: _item, level: _level, ...rest} = block
        const children = rest.children.filter((child) => child._type !== 'footnote')
        return [{...rest, style: 'normal', children}]
      }
      const text = blockText(block)
      this.warn(
        definition.position?.start.line ?? 0,
        `footnote [^${definition.label ?? definition.identifier}]: a note holds text only; its ${block._type} is shown as its text`,
      )
      return text ? [{_type: 'block', style: 'normal', markDefs: [], children: [{_type: 'span', text, marks: []}]}] : []
    })
  }
}

/** The text of a block that a note cannot hold (a code block, an image): what a reader would read of it. */
function blockText(block: RichTextBlock): string {
  if ('code' in block && typeof block.code === 'string') return block.code
  if ('tex' in block && typeof block.tex === 'string') return block.tex
  if ('alt' in block && typeof block.alt === 'string') return block.alt
  if ('text' in block && typeof block.text === 'string') return block.text
  if ('source' in block && typeof block.source === 'string') return block.source
  return ''
}
