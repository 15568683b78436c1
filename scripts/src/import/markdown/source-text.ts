/**
 * The markdown text a body is parsed from, rewritten line for line (so line numbers hold) where
 * Docusaurus's markdown differs from CommonMark:
 * - `:::tip Title` is not directive syntax: it becomes `:::tip[Title]`;
 * - a component tag alone on an indented line (`  </TabItem>`) ends the list above it, as the
 *   markdown parser of Docusaurus 2 (MDX 1) reads it, instead of joining the last list item;
 * - ```` ```mdx-code-block ```` fences are unwrapped (their lines emptied), as Docusaurus does before
 *   parsing (handlers/mdx-code-block.ts).
 * Fenced code is left alone. Verbatim slices for "not converted" blocks give back the original lines.
 */

import {unwrapMdxCodeBlocks} from './handlers/mdx-code-block'

const SPACE_TITLED_ADMONITION = /^(\s*:{3,})([A-Za-z]+)[ \t]+(\S.*?)\s*$/
const INDENTED_COMPONENT_TAG = /^[ \t]{1,3}(<\/?(?:[A-Z][\w.]*|details|summary)(?:\s(?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)?\/?>)\s*$/
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/

export class SourceText {
  readonly text: string
  private readonly restored = new Map<string, string>()

  constructor(readonly original: string) {
    const {lines} = unwrapMdxCodeBlocks(original.split('\n'))
    let fence: string | null = null
    const rewritten = lines.map((line) => {
      const opening = FENCE.exec(line)?.[1]
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = null
        return line
      }
      if (opening) {
        fence = opening
        return line
      }
      const replaced = rewriteLine(line)
      if (replaced !== line) this.restored.set(replaced, line)
      return replaced
    })
    this.text = rewritten.join('\n')
  }

  /** The original source between two offsets of the parsed text. */
  slice(start: number, end: number): string {
    const piece = this.text.slice(start, end)
    if (this.restored.size === 0) return piece
    return piece
      .split('\n')
      .map((line) => this.restored.get(line) ?? line)
      .join('\n')
  }
}

function rewriteLine(line: string): string {
  const admonition = SPACE_TITLED_ADMONITION.exec(line)
  if (admonition && !admonition[3]?.startsWith('[') && !admonition[3]?.startsWith('{')) return `${admonition[1]}${admonition[2]}[${admonition[3]}]`
  const tag = INDENTED_COMPONENT_TAG.exec(line)
  if (tag?.[1]) return tag[1]
  return line
}
