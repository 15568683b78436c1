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

/** Markup taken off a heading's text: tags, emphasis, images and links (their text), inline code, a heading id. */
const HEADING_MARKUP: Array<[RegExp, string]> = [
  [/<[^>]*>/g, ''],
  [/([*_]{1,3})(.*?)\1/g, '$2'],
  [/~~(\S.*\S)~~/g, '$1'],
  [/!\[(.*?)\][[(].*?[\])]/g, '$1'],
  [/\[(.*?)\][[(].*?[\])]/g, '$1'],
  [/`(.+?)`/g, '$1'],
  [/\s*\{#[\w-]+\}\s*$/, ''],
]

/**
 * The level-1 heading that opens a doc's markdown (after its front matter, blank lines and
 * `import`/`export` lines), as text: what Docusaurus titles a doc by when its front matter has no
 * title. Undefined when the body opens with anything else.
 */
export function markdownContentTitle(fileText: string): string | undefined {
  const lines = fileText.replace(FRONT_MATTER, '').split(/\r?\n/)
  let inModuleLines = false
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim()
    if (trimmed === '') {
      inModuleLines = false
      continue
    }
    if (inModuleLines || /^(?:import|export)\s/.test(line)) {
      inModuleLines = true
      continue
    }
    const atx = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1]
    const setext = /^ {0,3}=+[ \t]*$/.test(lines[index + 1] ?? '') ? trimmed : undefined
    const heading = atx ?? setext
    if (heading === undefined) return undefined
    const text = HEADING_MARKUP.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), heading).trim()
    return text === '' ? undefined : text
  }
  return undefined
}
