/**
 * Line breaks as Docusaurus renders them. A newline inside a paragraph's text (a hard-wrapped source
 * line) is a soft break: the HTML keeps it and the browser shows a space, in CJK text too. Only
 * markdown's hard breaks (two trailing spaces, a backslash at the end of a line) and `<br>` break the
 * line. In Portable Text a '\n' in a span is a hard break (the renderer makes it a <br>), so soft
 * breaks are written as the space a reader sees.
 */

/** The text of a paragraph line by line as a reader sees it: each soft break (and the spaces around it) one space. */
export function softBreaksToSpaces(text: string): string {
  return text.includes('\n') || text.includes('\r') ? text.replace(/[ \t]*(?:\r\n|\r|\n)[ \t]*/g, ' ') : text
}

/** The piece of text that a hard break is pushed after: its trailing spaces are not seen at the end of a line. */
export function beforeHardBreak(text: string): string {
  return text.replace(/[ \t]+$/, '')
}

/** The text that follows a hard break: the spaces it starts with are not seen at the start of the next line. */
export function afterHardBreak(text: string): string {
  return text.replace(/^[ \t]+/, '')
}
