/**
 * ```` ```mdx-code-block ```` fences: MDX wrapped in a code fence so that translation tools leave it
 * alone (imports, `<Tabs>` tags around markdown). Docusaurus unwraps them before the markdown is
 * parsed, as text, whatever the file's format: the fence lines go and what they held is read as MDX.
 *
 * Its rule, followed here: a fence of exactly three or four backticks at the start of a line (spaces
 * before it allowed) whose info string is `mdx-code-block`, closed by the first later line that is
 * the same number of backticks and nothing else. Three-backtick blocks are unwrapped first, then
 * four-backtick ones (so a four-backtick block may hold three-backtick code). Like Docusaurus's, the
 * rule does not look at other code fences: an `mdx-code-block` written inside a sample is unwrapped too.
 *
 * The fence lines become empty lines rather than going away, so that every other line keeps its
 * number (warnings say file:line). Docusaurus joins the content to the lines around it; the blank
 * lines only differ from that where text touches a fence, which would not compile as MDX either.
 */

/** Whether a line opens an mdx-code-block fence of `ticks` backticks. */
function opens(line: string, ticks: number): boolean {
  const match = /^ *(`{3,4}) *mdx-code-block$/.exec(line.replace(/\r$/, ''))
  return match?.[1]?.length === ticks
}

/** Whether a line closes a fence of `ticks` backticks. */
function closes(line: string, ticks: number): boolean {
  const match = /^ *(`{3,4})$/.exec(line.replace(/\r$/, ''))
  return match?.[1]?.length === ticks
}

/**
 * The lines with each mdx-code-block fence's opening and closing lines emptied; `unwrapped` counts
 * the blocks (the line numbers of their opening fences).
 */
export function unwrapMdxCodeBlocks(lines: readonly string[]): {lines: string[]; unwrapped: number[]} {
  const result = [...lines]
  const unwrapped: number[] = []
  for (const ticks of [3, 4]) {
    let previousClose = -2
    for (let index = 0; index < result.length; index++) {
      // A block that starts on the line right after the previous one's closing fence is left as
      // code: Docusaurus's match of the first block takes the line ending the second would start after.
      if (!opens(result[index] ?? '', ticks) || index === previousClose + 1) continue
      // The closing fence is looked for from the second line on: the first line is content even when it is a fence.
      let close = index + 2
      while (close < result.length && !closes(result[close] ?? '', ticks)) close++
      if (close >= result.length) continue // never closed: Docusaurus leaves it a code block
      result[index] = ''
      result[close] = ''
      unwrapped.push(index + 1)
      previousClose = close
      index = close
    }
  }
  return {lines: result, unwrapped: unwrapped.sort((a, b) => a - b)}
}

/** The text with its mdx-code-block fences unwrapped (for scans of a file's imports). */
export function unwrapMdxCodeBlocksInText(text: string): string {
  if (!text.includes('mdx-code-block')) return text
  return unwrapMdxCodeBlocks(text.split('\n')).lines.join('\n')
}
