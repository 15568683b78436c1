/**
 * GFM footnotes (`text[^note]` … `[^note]: the note`) → `footnote` inline objects holding their note.
 * The note goes with the first reference of its label; later references carry the label alone, and
 * the site numbers them by first reference and lists the notes at the end of the page, as Docusaurus
 * does. A reference without a definition stays as written; a definition no reference uses is left out,
 * as Docusaurus leaves it out, unless a note names it (where a note holds no footnote, it stays a paragraph
 * where it is written, opening with its label): each with a warning naming the line.
 */
import type {FootnoteDefinition, FootnoteReference, Nodes, Root, RootContent} from 'mdast'
import type {Footnote, RichTextBlock, TextBlock} from '../../portable-text'
import {toItems, tree} from '../flow-items'
import type {HandlerContext} from '../handler-context'
import type {InlineEnvironment} from '../inline'
import {mdxSpans} from '../jsx-tags'
import {paragraph, paragraphOfText} from './paragraphs'

export function footnoteDefinition(cx: HandlerContext, node: FootnoteDefinition, nested: boolean): RichTextBlock[] {
  if (!cx.footnotes.shownInPlace(node)) return []
  const [first, ...rest] = node.children
  const label = `[${node.label ?? node.identifier}] `
  const opening =
    first?.type === 'paragraph'
      ? paragraph(cx, {...first, children: [{type: 'text', value: label}, ...first.children]}, 'normal')
      : paragraphOfText(cx, label, node)
  return [...opening, ...cx.flow(tree(cx, toItems(cx, first?.type === 'paragraph' ? rest : node.children)), nested)]
}

/**
 * Inline markup that shows footnotes (a table's cells, a heading's text), written by `write` with an environment in
 * which a reference is `[^label]`; `notes`: the notes its references are the first to give, which the block keeps.
 */
export function markupWithNotes<T>(cx: HandlerContext, write: (env: InlineEnvironment) => T): {value: T; notes: Footnote[]} {
  const env: InlineEnvironment = {
    ...cx.inlineEnv,
    markupFootnote: (node) => cx.footnotes.markupReference(node, (children) => cx.flow(tree(cx, toItems(cx, children)), true)),
  }
  const value = write(env)
  return {value, notes: cx.footnotes.takeMarkupNotes()}
}

/** `[^label]` as text: a reference remark left as written (its label has no definition). */
const WRITTEN_REFERENCE = /\[\^([^\]\s]+)\]/g

export class Footnotes {
  private readonly definitions = new Map<string, FootnoteDefinition>()
  private readonly referenced = new Set<string>()
  /** Notes given by references in inline markup, until their block takes them. */
  private readonly markupNotes: Footnote[] = []
  /** Labels whose note a reference already holds. */
  private readonly given = new Set<string>()
  /** Set while a note is converted: a reference inside a note stays as written. */
  private inNote = false
  /** Labels a reference inside a note names (kept as written there). */
  private readonly namedInNotes = new Set<string>()

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
    const pending: Array<{node: Nodes; inNote: boolean}> = [{node: root, inNote: false}]
    for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
      const {node, inNote} = item
      if (node.type === 'footnoteDefinition') this.definitions.set(node.identifier, node)
      else if (node.type === 'footnoteReference' && !inNote) {
        this.referenced.add(node.identifier)
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
          if (child) pending.push({node: child, inNote: inNote || node.type === 'footnoteDefinition'})
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
      this.namedInNotes.add(node.identifier)
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
   * A reference in inline markup (a table cell, a heading's text): `[^label]`, which the site numbers
   * with the page's other references. The note goes with the block (markupWithNotes) when this is the
   * label's first reference; null (kept as written) where `reference` gives none.
   */
  markupReference(node: FootnoteReference, convertNote: (children: RootContent[]) => RichTextBlock[]): string | null {
    const footnote = this.reference(node, convertNote)
    if (!footnote) return null
    if (footnote.note) this.markupNotes.push(footnote)
    return `[^${footnote.label}]`
  }

  /** The notes first given by the markup converted since the last call: its block's own. */
  takeMarkupNotes(): Footnote[] {
    return this.markupNotes.splice(0)
  }

  /**
   * Reports each definition whose references all stood where a note cannot be shown (the text of an
   * admonition's title, an HTML heading): they are shown as written, and the note is not shown.
   */
  reportNotesNotShown(): void {
    for (const [identifier, definition] of this.definitions) {
      if (!this.referenced.has(identifier) || this.given.has(identifier)) continue
      this.warn(
        definition.position?.start.line ?? 0,
        `footnote [^${definition.label ?? identifier}] is referenced only where a footnote cannot be shown (a title or an HTML heading): the references are shown as written, and this note is not shown`,
      )
    }
  }

  /**
   * Whether a definition no reference of the text uses is shown where it is written, as its text: when a note
   * names it (Docusaurus shows it as a note of that note, which this site cannot). One nothing names is left out,
   * as Docusaurus leaves it out. Either is reported.
   */
  shownInPlace(definition: FootnoteDefinition): boolean {
    if (this.referenced.has(definition.identifier)) return false
    const label = definition.label ?? definition.identifier
    const line = definition.position?.start.line ?? 0
    if (this.namedInNotes.has(definition.identifier)) {
      this.warn(line, `footnote definition [^${label}] is referenced only inside a note: kept here as a paragraph`)
      return true
    }
    this.warn(line, `footnote definition [^${label}] is never referenced: Docusaurus does not show it, nor does this site`)
    return false
  }

  /** A note holds paragraphs and lists (their items' further paragraphs too); anything else its text, reported. */
  private noteBlocks(blocks: RichTextBlock[], definition: FootnoteDefinition): TextBlock[] {
    return blocks.flatMap((block): TextBlock[] => {
      if (block._type === 'block') {
        const {listItem, level, ...rest} = block
        const children = rest.children.filter((child) => child._type !== 'footnote')
        if (listItem) return [{...rest, style: block.style === 'listParagraph' ? 'listParagraph' : 'normal', children, listItem, level: level ?? 1}]
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
