/**
 * The markdown text a body is parsed from, rewritten line for line (so line numbers hold) where
 * Docusaurus's markdown differs from CommonMark:
 * - `:::tip Title` is not directive syntax: it becomes `:::tip[Title]`;
 * - a component tag alone on an indented line (`  </TabItem>`) ends the list above it, as the
 *   markdown parser of Docusaurus 2 (MDX 1) reads it, instead of joining the last list item;
 * - ```` ```mdx-code-block ```` fences are unwrapped (their lines emptied), as Docusaurus does before
 *   parsing (handlers/mdx-code-block.ts);
 * - the `>` that ends a JSX opening tag written over several lines, alone on its line (or before the
 *   element's closing tag), is moved to the end of the line above: MDX reads it as the end of the tag,
 *   CommonMark as a blockquote that would cut the tag in two;
 * - a blank line inside a JSX opening tag (in an attribute's expression: a template literal of code, a
 *   `values={[` list) is marked, so that CommonMark does not end the paragraph there either, as MDX 1 and 2+
 *   read the tag whole.
 * - under MDX 1 (Docusaurus 2), a backslash that ends a line of text is a backslash, not a hard line break,
 *   bold closes at the next `**` of the line, a space before it or not, and a table right under a line of text is
 *   that paragraph's text.
 * Fenced code is left alone. Verbatim slices for "not converted" blocks give back the original lines.
 */

import {unwrapMdxCodeBlocks} from './handlers/mdx-code-block'
import {isFunctionExpression, jsExpressionAt} from './flow-expression'
import {BLANK_LINE_MARK, readTag, scanTags} from './jsx-tags'

const SPACE_TITLED_ADMONITION = /^(\s*:{3,})([A-Za-z]+)[ \t]+(\S.*?)\s*$/
const INDENTED_COMPONENT_TAG = /^[ \t]{1,3}(<\/?(?:[A-Z][\w.]*|details|summary)(?:\s(?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)?\/?>)\s*$/
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/
/** A fence indented by four spaces or more, which MDX 1 still reads as one inside a list item. */
const LEGACY_FENCE = /^[ \t]{4,}(`{3,}|~{3,})/
/** A `>` alone on its line, or followed by the element's closing tag (`></Snippet>`). */
const LONE_TAG_END = /^([ \t]*)>[ \t]*(<\/[A-Za-z][\w.]*>)?[ \t]*$/
const TAG_START = /^[ \t]*<[A-Za-z]/
/** How many lines above its `>` a multi-line opening tag may start. */
const MAX_TAG_LINES = 400

export class SourceText {
  readonly text: string
  /** The lines (1-based) of `:::tip Title` admonitions, read as `:::tip[Title]`, with the keyword and the title. */
  readonly spaceTitledAdmonitions: Array<{line: number; keyword: string; title: string}> = []
  private readonly restored = new Map<string, string>()

  /**
   * `mdx`: the file is read as MDX (Docusaurus 3), where a comment in braces is dropped; under CommonMark it is text.
   * `mdx1`: the file is read as remark-parse 8 reads it (MDX 1, Docusaurus 2): a table's delimiter row may have fewer
   * cells than its header row (the header is cut to the delimiter row's columns, so that GFM reads the same table),
   * a backslash ending a line is a backslash, not a hard line break (it is escaped), and bold closes at the next `**` of
   * its line.
   */
  constructor(
    readonly original: string,
    {mdx = true, mdx1 = false}: {mdx?: boolean; mdx1?: boolean} = {},
  ) {
    const {lines} = unwrapMdxCodeBlocks(original.split('\n'))
    let fence: string | null = null
    const fenced: boolean[] = []
    const items = new ListItemColumns()
    // MDX 1 (remark-parse 8) reads a code fence inside a list item however it is indented, also four spaces or more
    // but less than the item's text (`  3. Step` then `    ```go`), which CommonMark reads as the item's text (a code
    // span) or as indented code. Such a fence and its lines are moved right to the item's text column.
    let shift = ''
    let fenceIndent = ''
    const shifted = (line: string) => {
      if (shift === '' || line.trim() === '') return line
      this.restored.set(`${shift}${line}`, line)
      return `${shift}${line}`
    }
    const rewritten = lines.map((line, index) => {
      let opening = FENCE.exec(line)?.[1] ?? (shift !== '' ? LEGACY_FENCE.exec(line)?.[1] : undefined)
      if (fence) {
        let kept = shifted(line)
        if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) {
          // MDX 1 closes a fence indented by a tab (`\t\`\`\``), which CommonMark counts as four columns (no closing
          // fence): it is given the opening fence's indentation.
          if (mdx1 && /^[ ]*\t/.test(line) && !kept.startsWith(fenceIndent)) {
            kept = `${fenceIndent}${line.trim()}`
            this.restored.set(kept, line)
          }
          fence = null
          shift = ''
        }
        fenced.push(true)
        return kept
      }
      const legacy = mdx1 && !opening ? LEGACY_FENCE.exec(line)?.[1] : undefined
      if (legacy) {
        const indent = indentWidth(/^[ \t]*/.exec(line)?.[0] ?? '')
        const column = items.column()
        if (column !== undefined && indent < column) {
          shift = ' '.repeat(column - indent)
          opening = legacy
        }
      }
      const inItem = items.read(shifted(line))
      if (opening) {
        fence = opening
        fenced.push(true)
        const kept = shifted(line)
        fenceIndent = /^[ \t]*/.exec(kept)?.[0] ?? ''
        return kept
      }
      fenced.push(false)
      const written = mdx1 ? literalEndBackslash(legacyStrong(line)) : line
      const replaced = mdx ? headingIdComment(rewriteLine(written, inItem)) : rewriteLine(written, inItem)
      const titled = replaced !== line ? SPACE_TITLED_ADMONITION.exec(line) : null
      if (titled?.[2] && titled[3]) this.spaceTitledAdmonitions.push({line: index + 1, keyword: titled[2], title: titled[3]})
      if (replaced !== line) this.restored.set(replaced, line)
      return replaced
    })
    if (mdx1) for (const [index, line] of cutHeadersToDelimiterRows(rewritten, fenced)) this.restored.set(rewritten[index] ?? '', line)
    if (mdx1) for (const [index, line] of tablesAfterText(rewritten, fenced)) this.restored.set(rewritten[index] ?? '', line)
    for (const [index, blank] of fillBlankLinesInTags(rewritten, fenced)) this.restored.set(rewritten[index] ?? '', blank)
    for (const [index, line] of markFunctionChildren(rewritten, fenced)) this.restored.set(rewritten[index] ?? '', line)
    joinLoneTagEnds(rewritten, fenced, !mdx)
    this.text = mdx ? blankMdxComments(rewritten, fenced) : rewritten.join('\n')
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

/**
 * A line of text ending with a backslash, as remark-parse 8 reads it (MDX 1): its escapes are CommonMark's but for the line
 * ending, so the backslash is text and the line break a soft one. Written `\\` for CommonMark's reading. Lines of markup
 * (a tag, an expression) and lines with a code span left open are left as they are.
 */
function literalEndBackslash(line: string): string {
  const run = /\\+$/.exec(line)?.[0].length ?? 0
  if (run % 2 === 0 || /^\s*</.test(line) || /[{}]/.test(line) || (line.match(/`/g)?.length ?? 0) % 2 === 1) return line
  return `${line}\\`
}

/**
 * Bold as remark-parse 8 reads it (MDX 1): `**` closes at the next `**` of the line whatever stands beside it, so
 * `**Note: **Read this` is bold where CommonMark sees no closing marker (a space before it). The white space inside the
 * markers is moved outside them, the line's length kept: the same words bold, and CommonMark reads the pair.
 */
function legacyStrong(line: string): string {
  if (!line.includes('**') || line.includes('***')) return line
  // Code spans and escaped asterisks hold no markers.
  const masked = line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length)).replace(/\\\*/g, '  ')
  const markers = [...masked.matchAll(/\*\*/g)].map((match) => match.index)
  let out = ''
  let at = 0
  for (let index = 0; index + 1 < markers.length; index += 2) {
    const open = markers[index] ?? 0
    const close = markers[index + 1] ?? 0
    const inner = line.slice(open + 2, close)
    const lead = /^\s*/.exec(inner)?.[0] ?? ''
    const trail = /\s*$/.exec(inner)?.[0] ?? ''
    if (inner.trim() === '') continue
    if (lead === '' && trail === '') {
      // Markers CommonMark would not pair (`**参数：**application`: the closing one after punctuation and before a letter)
      // are written as the element they make, outside table rows and headings, whose text is read as inline markup.
      if (pairsInCommonMark(line, open, close) || line.includes('|') || /^\s*#/.test(line)) continue
      out += `${line.slice(at, open)}<strong>${inner}</strong>`
    } else {
      out += `${line.slice(at, open)}${lead}**${inner.trim()}**${trail}`
    }
    at = close + 2
  }
  return out + line.slice(at)
}

const PUNCTUATION = /[\p{P}\p{S}]/u
const WHITE_SPACE = /\s/

/**
 * Whether CommonMark reads `**` at `open` and `close` of a line as a pair: the first left-flanking, the second right-flanking
 * (each not beside white space on its inner side, and when beside punctuation there, beside white space, punctuation or
 * the line's end on its outer side).
 */
function pairsInCommonMark(line: string, open: number, close: number): boolean {
  const outer = (char: string | undefined) => char === undefined || WHITE_SPACE.test(char) || PUNCTUATION.test(char)
  const opens = !WHITE_SPACE.test(line[open + 2] ?? ' ') && (!PUNCTUATION.test(line[open + 2] ?? '') || outer(line[open - 1]))
  const closes = !WHITE_SPACE.test(line[close - 1] ?? ' ') && (!PUNCTUATION.test(line[close - 1] ?? '') || outer(line[close + 2]))
  return opens && closes
}

const MDX_COMMENT = /\{\s*\/\*[\s\S]*?\*\/\s*\}/y

/** A heading whose id is written as an MDX comment holding `#id` at the end of its line (playwright.dev's API pages). */
const HEADING_ID_COMMENT = /^(#{1,6}[ \t].*?)\{\s*\/\*\s*#([\w-]+)\s*\*\/\s*\}([ \t]*)$/
const HEADING_TRAILING_COMMENT = /^(#{1,6}[ \t].*?)[ \t]*\{\s*\/\*(?:(?!\*\/)[^])*\*\/\s*\}[ \t]*$/

/**
 * A heading id written as an MDX comment, which Docusaurus 3 reads as the heading's id as it reads `{#id}` (the form
 * valid in MDX): written `{#id}` for the heading's reading, padded to the line's length so that offsets hold.
 */
function headingIdComment(line: string): string {
  const match = HEADING_ID_COMMENT.exec(line)
  if (!match) {
    // Any other comment ending a heading (an id Docusaurus does not read, `{ /*#stage-0:-x*/ }`) is dropped, as MDX drops it.
    const comment = HEADING_TRAILING_COMMENT.exec(line)
    return comment ? (comment[1] ?? '').padEnd(line.length, ' ') : line
  }
  const written = `${match[1] ?? ''}{#${match[2] ?? ''}}`
  return written.padEnd(line.length, ' ')
}

const TAG_START_LINE = /^[ \t]*<[A-Za-z]/

/**
 * Blank lines inside a JSX opening tag (an attribute's template literal holding code with an empty line, a
 * `values={[` list over several paragraphs): MDX reads the tag whole, CommonMark would end the paragraph there and
 * cut the tag in two. Each such line gets an invisible mark; returns the lines changed, with what each was.
 */
function fillBlankLinesInTags(lines: string[], fenced: boolean[]): Array<[number, string]> {
  const filled: Array<[number, string]> = []
  for (let start = 0; start < lines.length; start++) {
    if (fenced[start] || !TAG_START_LINE.test(lines[start] ?? '')) continue
    const text = lines.slice(start, start + MAX_TAG_LINES).join('\n')
    const tag = readTag(text, text.indexOf('<'))
    if (!tag || tag.kind === 'close') continue
    const last = start + (text.slice(0, tag.end).match(/\n/g)?.length ?? 0)
    for (let index = start + 1; index < last; index++) {
      const line = lines[index] ?? ''
      if (line.trim() !== '' || fenced[index]) continue
      lines[index] = `${line}${BLANK_LINE_MARK}`
      filled.push([index, line])
    }
    start = last
  }
  return filled
}

/**
 * A function written as a component's children over several lines (`{(flavor) => \`…\`}`, a render prop), which MDX 1
 * and 2+ read as JavaScript whole: CommonMark would read its lines as markdown (a line of a template literal opening
 * with `-` as a list). Each line after its first gets the invisible mark before its text, so that CommonMark reads
 * them as one paragraph; returns the lines changed, with what each was.
 */
function markFunctionChildren(lines: string[], fenced: boolean[]): Array<[number, string]> {
  const marked: Array<[number, string]> = []
  for (let start = 0; start < lines.length; start++) {
    const line = lines[start] ?? ''
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0
    if (fenced[start] || line[indent] !== '{') continue
    const text = lines.slice(start, start + MAX_TAG_LINES).join('\n')
    const node = jsExpressionAt(text, indent + 1)
    if (!node || !isFunctionExpression(node)) continue
    const last = start + (text.slice(0, node.end).match(/\n/g)?.length ?? 0)
    for (let index = start + 1; index <= last; index++) {
      const written = lines[index] ?? ''
      const lead = /^[ \t]*/.exec(written)?.[0] ?? ''
      lines[index] = `${lead}${BLANK_LINE_MARK}${written.slice(lead.length)}`
      marked.push([index, written])
    }
    start = last
  }
  return marked
}

/**
 * The lines joined, each MDX comment that opens a line (a comment in braces, over several lines too) outside code made spaces,
 * its line breaks kept: MDX drops it, whatever it holds (backticks, braces). The truncate marker stays,
 * the blog reads it; so do code spans and fenced code, where such a comment is text.
 */
function blankMdxComments(lines: readonly string[], fenced: readonly boolean[]): string {
  const text = lines.join('\n')
  if (!text.includes('/*')) return text
  const out = text.split('')
  let line = 0
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (char === '\n') {
      line++
      continue
    }
    if (fenced[line]) continue
    if (char === '`') {
      // A code span: to the next run of as many backticks on the same line, or the run is text.
      let run = 1
      while (text[at + run] === '`') run++
      const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at)
      const closing = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, 'g')
      closing.lastIndex = at + run
      const found = closing.exec(text)
      at = found && found.index < lineEnd ? found.index + run - 1 : at + run - 1
      continue
    }
    // A comment that opens its line (the text's own comments in a line are dropped with the text's expressions).
    if (char !== '{' || text.slice(text.lastIndexOf('\n', at - 1) + 1, at).trim() !== '') continue
    MDX_COMMENT.lastIndex = at
    const comment = MDX_COMMENT.exec(text)
    if (!comment || /^\{\s*\/\*\s*truncate\s*\*\/\s*\}$/.test(comment[0])) continue
    for (let blank = at; blank < at + comment[0].length; blank++) {
      if (text[blank] === '\n') line++
      else out[blank] = ' '
    }
    at += comment[0].length - 1
  }
  return out.join('')
}

/**
 * `inItem`: the line is indented into the content of a list item, whose blocks it belongs to: its tag
 * stays where it is (moved to the margin, it would end the list).
 */
function rewriteLine(line: string, inItem: boolean): string {
  const admonition = SPACE_TITLED_ADMONITION.exec(line)
  // A title may open with a link (`:::info [Pro feature](https://…)`); a bracket otherwise is left as written.
  const title = admonition?.[3]
  // An admonition written whole on its line (`:::note Text :::`) is no admonition for Docusaurus: a paragraph of that text.
  if (admonition && title && (!title.startsWith('[') || /^\[[^\]]*\]\(/.test(title)) && !title.startsWith('{') && !/:::\s*$/.test(title))
    return `${admonition[1]}${admonition[2]}[${title}]`
  const tag = inItem ? null : INDENTED_COMPONENT_TAG.exec(line)
  if (tag?.[1]) return tag[1]
  return line
}

const LIST_MARKER = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+)\S/

/** The width of a line's indentation, a tab to the next multiple of four columns. */
function indentWidth(whitespace: string): number {
  let width = 0
  for (const char of whitespace) width = char === '\t' ? width + 4 - (width % 4) : width + 1
  return width
}

const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

/** The cells of a table row: its text between unescaped pipes, a leading and a trailing pipe left out. */
function rowCells(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
  return inner.split(/(?<!\\)\|/)
}

/**
 * Tables whose delimiter row (`|---|---|`) has fewer cells than the header row above it: remark-parse 8 makes
 * them tables of the delimiter row's columns, the cells beyond them left out, where GFM reads no table. The
 * header row is cut to those columns in place (GFM then leaves out the extra cells of the other rows too):
 * the index and the line as written of each.
 */
function cutHeadersToDelimiterRows(lines: string[], fenced: readonly boolean[]): Array<[number, string]> {
  const cut: Array<[number, string]> = []
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const header = lines[index - 1] ?? ''
    if (fenced[index] || fenced[index - 1] || !line.includes('|') || !DELIMITER_ROW.test(line) || !header.includes('|') || header.trim() === '') continue
    const columns = rowCells(line).length
    const cells = rowCells(header)
    if (cells.length <= columns) continue
    lines[index - 1] = `| ${cells
      .slice(0, columns)
      .map((cell) => cell.trim())
      .join(' | ')} |`
    cut.push([index - 1, header])
  }
  return cut
}

/** A line that ends the block it is in: an ATX heading, a thematic break or a setext underline, a tag alone (JSX). */
const BLOCK_LINE = /^[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_=][ \t]*){3,}$|<)/

/**
 * Tables written right under a line of text (`input params:` then `| field | type |`, no blank line between): remark-parse
 * 8 (MDX 1) reads no table there, a table not interrupting a paragraph, and shows its rows as the paragraph's text, where
 * GFM ends the paragraph and starts a table. The delimiter row's first character is escaped, so that GFM reads the same
 * paragraph: the index and the line as written of each.
 */
function tablesAfterText(lines: string[], fenced: readonly boolean[]): Array<[number, string]> {
  const escaped: Array<[number, string]> = []
  for (let index = 2; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const header = lines[index - 1] ?? ''
    const before = lines[index - 2] ?? ''
    if (fenced[index] || fenced[index - 1] || fenced[index - 2] || !DELIMITER_ROW.test(line) || !header.includes('|')) continue
    if (before.trim() === '' || BLOCK_LINE.test(before) || before.includes('|')) continue
    const at = /^[ \t]*/.exec(line)?.[0].length ?? 0
    lines[index] = `${line.slice(0, at)}\\${line.slice(at)}`
    escaped.push([index, line])
  }
  return escaped
}

/**
 * The list items open at each line, as CommonMark nests them: an item's content starts at the column
 * after its marker and the spaces that follow it; a line after a blank line that is indented less
 * than that ends the item (a line right after text may be its lazy continuation). A closing tag of an
 * element opened before the item (`</TabItem>` after a list in a tab) is not the item's: it ends it.
 */
class ListItemColumns {
  private readonly items: Array<{column: number; open: string[]}> = []
  private afterBlank = false

  /** The text column of the innermost list item open before the next line, if any. */
  column(): number | undefined {
    return this.items.at(-1)?.column
  }

  /** Reads the next line outside code fences; whether it is indented into an open list item's content. */
  read(line: string): boolean {
    if (line.trim() === '') {
      this.afterBlank = true
      return false
    }
    const indent = indentWidth(/^[ \t]*/.exec(line)?.[0] ?? '')
    const marker = LIST_MARKER.exec(line)
    if (this.afterBlank || marker) while (this.items.length > 0 && indent < (this.items.at(-1)?.column ?? 0)) this.items.pop()
    this.afterBlank = false
    const item = this.items.at(-1)
    let inItem = item !== undefined && indent >= item.column
    // A line that is one opening or closing tag alone.
    const trimmed = line.trim()
    const tag = readTag(trimmed, 0)
    if (inItem && item && tag && tag.end === trimmed.length && tag.kind !== 'self') {
      if (tag.kind === 'open') item.open.push(tag.name)
      else if (item.open.includes(tag.name)) item.open.splice(item.open.lastIndexOf(tag.name), 1)
      else inItem = false
    }
    if (marker) {
      const spaces = indentWidth(`${marker[1] ?? ''}${marker[2] ?? ''}${marker[3] ?? ''}`) - indent - (marker[2]?.length ?? 0)
      // Five spaces or more after the marker: the content starts one space after it (the rest is indentation).
      this.items.push({column: indent + (marker[2]?.length ?? 0) + (spaces > 4 ? 1 : spaces), open: []})
    }
    return inItem
  }
}

/**
 * Moves each lone `>` that ends a multi-line JSX opening tag (`<Card`, attribute lines, `>`) to the end
 * of the line above it, in place: the text keeps its length and its line count. `indentedCode`: the text is
 * read with indented code (MDX 1, CommonMark).
 */
function joinLoneTagEnds(lines: string[], fenced: boolean[], indentedCode: boolean): void {
  for (let end = 1; end < lines.length; end++) {
    const lone = LONE_TAG_END.exec(lines[end] ?? '')
    if (!lone || fenced[end]) continue
    // Where indented code exists, a `>` indented by four columns or more is no blockquote: nothing to move (and the
    // line left blank would end the HTML block or paragraph around the tag, as a tab-indented `<a` in a <details>).
    if (indentedCode && (lone[1] ?? '').replace(/\t/g, '    ').length >= 4) continue
    for (let start = end - 1; start >= 0 && end - start <= MAX_TAG_LINES; start--) {
      const line = lines[start] ?? ''
      if (fenced[start] || line.trim() === '') break
      if (!TAG_START.test(line)) continue
      const tag = `${lines.slice(start, end).join('\n').trimStart()}>`
      const first = scanTags(tag, () => true)[0]
      if (first?.kind === 'open' && first.start === 0 && first.end === tag.length) {
        lines[end - 1] = `${lines[end - 1] ?? ''}>`
        lines[end] = `${lone[1] ?? ''}${lone[2] ?? ''}`
        break
      }
    }
  }
}
