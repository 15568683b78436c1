/**
 * The description Docusaurus gives a doc without a `description` in its front matter: the first
 * line of text of its markdown, with the markup taken off (headings, emphasis, links, images,
 * inline code, HTML tags, admonition fences, emoji shortcodes, heading ids), skipping blank lines,
 * `import`/`export` blocks and code fences. It is the doc's meta description and the text of its
 * card on a category's generated index.
 */
const FRONT_MATTER = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/

/** Markup taken off a line, in this order (each pattern keeps the text it wraps). */
const CLEANUPS: Array<[RegExp, string]> = [
  [/<[^>]*>/g, ''], // HTML and JSX tags
  [/^#(?!#)[^#]+#?/gm, ''], // a level-1 heading is the title, not the excerpt
  [/^#{1,6}\s*([^#]*?)\s*#{0,6}/gm, '$1'], // other headings keep their text
  [/([*_]{1,3})(.*?)\1/g, '$2'], // emphasis
  [/~~(\S.*\S)~~/g, '$1'], // strikethrough
  [/!\[(.*?)\][[(].*?[\])]/g, '$1'], // images: their alternative text
  [/\[\^.+?\](?:: .*$)?/g, ''], // footnotes
  [/\[(.*?)\][[(].*?[\])]/g, '$1'], // links: their text
  [/`(.+?)`/g, '$1'], // inline code
  [/^\s{0,3}>\s?/g, ''], // block quotes
  [/:::.*/, ''], // admonition fences
  [/\s?:(?:::|[^:\n])+:/g, ''], // emoji shortcodes
  [/\{#*[\w-]+\}/, ''], // heading ids {#id}
]

export function markdownExcerpt(fileText: string): string | undefined {
  const lines = fileText
    .replace(FRONT_MATTER, '')
    .trimStart()
    .replace(/^[^\r\n]*\r?\n=+/, '') // a setext title
    .split(/\r?\n/)
  let fence: string | null = null
  let inModuleLines = false
  for (const line of lines) {
    const trimmed = line.trim()
    if (trimmed === '') {
      inModuleLines = false
      continue
    }
    if (fence === null && (inModuleLines || /^(?:import|export)\s/.test(line))) {
      inModuleLines = true
      continue
    }
    const opening = /^`{3,}/.exec(trimmed)?.[0]
    if (opening) {
      if (fence === null) fence = opening
      else if (opening.length >= fence.length) fence = null
      continue
    }
    if (fence !== null) continue
    const cleaned = CLEANUPS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), line).trim()
    if (cleaned) return cleaned
  }
  return undefined
}
