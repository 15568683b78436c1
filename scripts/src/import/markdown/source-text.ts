/**
 * The markdown text a body is parsed from. Docusaurus's `:::tip Title` form is not directive syntax,
 * so it is rewritten to `:::tip[Title]` before parsing (one line for one line, so line numbers hold);
 * verbatim slices for "not converted" blocks give back the original lines.
 */

const SPACE_TITLED_ADMONITION = /^(\s*:{3,})([A-Za-z]+)[ \t]+(\S.*?)\s*$/

export class SourceText {
  readonly text: string
  private readonly restored = new Map<string, string>()

  constructor(readonly original: string) {
    const lines = original.split('\n')
    const rewritten = lines.map((line) => {
      const match = SPACE_TITLED_ADMONITION.exec(line)
      if (!match || match[3]?.startsWith('[') || match[3]?.startsWith('{')) return line
      const replaced = `${match[1]}${match[2]}[${match[3]}]`
      this.restored.set(replaced, line)
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
