/**
 * Code fences: the language (common aliases folded onto the highlighter's names: highlighterLanguage), the
 * `title="…"` and `{1,3-5}` parts of the meta string, and Docusaurus's highlight magic comments,
 * which are removed from the code and turned into highlighted line numbers.
 */
import {CODE_LANGUAGES, highlighterLanguage} from '@site/schemas'

export function normalizeLanguage(lang: string | null | undefined): {language: string; known: boolean} {
  if (!lang) return {language: 'text', known: true}
  const language = highlighterLanguage(lang)
  return {language, known: (CODE_LANGUAGES as readonly string[]).includes(language)}
}

export interface FenceMeta {
  title?: string
  lines: number[]
}

/** Parses `title="server.js" {1,3-5} showLineNumbers`. */
export function parseFenceMeta(meta: string | null | undefined): FenceMeta {
  if (!meta) return {lines: []}
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta)
  const range = /\{([\d,\s-]+)\}/.exec(meta)
  return {
    ...(title ? {title: title[1] ?? title[2] ?? title[3] ?? ''} : {}),
    lines: range ? expandRanges(range[1] ?? '') : [],
  }
}

function expandRanges(spec: string): number[] {
  const lines: number[] = []
  for (const part of spec.split(',')) {
    const [from, to] = part
      .trim()
      .split('-')
      .map((n) => Number.parseInt(n, 10))
    if (from === undefined || Number.isNaN(from)) continue
    const last = to === undefined || Number.isNaN(to) ? from : to
    for (let line = from; line <= last; line++) lines.push(line)
  }
  return lines
}

/** A magic comment of `themeConfig.prism.magicComments`: the word that marks the next line, and those that open and close a range. */
export interface MagicComment {
  /** The class Docusaurus gives the lines it marks (theme-code-block-highlighted-line for its default). */
  className?: string
  line?: string
  start?: string
  end?: string
}

/** Docusaurus's default: `// highlight-next-line`, `highlight-start` … `highlight-end`. */
export const DEFAULT_MAGIC_COMMENTS: readonly MagicComment[] = [{line: 'highlight-next-line', start: 'highlight-start', end: 'highlight-end'}]

/** Comment syntaxes a magic comment may be written in: its opening and closing (regular expressions), as Docusaurus's theme knows them. */
const COMMENT_STYLES = {
  js: [String.raw`\/\/`, ''],
  jsBlock: [String.raw`\/\*`, String.raw`\*\/`],
  jsx: [String.raw`\{\s*\/\*`, String.raw`\*\/\s*\}`],
  bash: ['#', ''],
  html: ['<!--', '-->'],
  lua: ['--', ''],
  wasm: [';;', ''],
  tex: ['%', ''],
  vb: ["['‘’]", ''],
  vbnet: [String.raw`(?:_\s*)?['‘’]`, ''],
  rem: [String.raw`[Rr][Ee][Mm]\b`, ''],
  f90: ['!', ''],
  ml: [String.raw`\(\*`, String.raw`\*\)`],
  cobol: ['\\*>', ''],
} as const satisfies Record<string, readonly [string, string]>
type CommentStyle = keyof typeof COMMENT_STYLES

/** The comment syntaxes Docusaurus reads magic comments in, by the fence's language; the popular ones for any other. */
const COMMENT_STYLES_OF: Record<string, readonly CommentStyle[]> = {
  js: ['js', 'jsBlock'],
  javascript: ['js', 'jsBlock'],
  ts: ['js', 'jsBlock'],
  typescript: ['js', 'jsBlock'],
  jsx: ['js', 'jsBlock', 'jsx'],
  tsx: ['js', 'jsBlock', 'jsx'],
  html: ['js', 'jsBlock', 'html'],
  python: ['bash'],
  py: ['bash'],
  bash: ['bash'],
  markdown: ['html', 'jsx', 'bash'],
  md: ['html', 'jsx', 'bash'],
  tex: ['tex'],
  latex: ['tex'],
  matlab: ['tex'],
  lua: ['lua'],
  haskell: ['lua'],
  sql: ['lua', 'jsBlock'],
  wasm: ['wasm'],
  vb: ['vb', 'rem'],
  vba: ['vb', 'rem'],
  'visual-basic': ['vb', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'f90'],
  fsharp: ['js', 'ml'],
  ocaml: ['ml'],
  sml: ['ml'],
  fortran: ['f90'],
  cobol: ['cobol'],
}
const POPULAR_COMMENT_STYLES: readonly CommentStyle[] = ['js', 'jsBlock', 'jsx', 'bash', 'html']

/** A line holding only `word` in a comment of one of the language's syntaxes (`// highlight-next-line`, `-- highlight-start` in SQL). */
function commentAround(word: string, language: string | null | undefined): RegExp {
  const styles = COMMENT_STYLES_OF[(language ?? '').toLowerCase()] ?? POPULAR_COMMENT_STYLES
  const forms = styles.map((style) => {
    const [start, end] = COMMENT_STYLES[style]
    return `${start}\\s*${word}\\s*${end}`
  })
  return new RegExp(`^\\s*(?:${forms.join('|')})\\s*$`)
}

/**
 * Removes the magic comments and returns the lines they mark (1-based, in the returned code). Every kind of magic
 * comment marks its lines as highlighted: the content model has one look for marked lines.
 */
export function applyMagicComments(
  code: string,
  comments: readonly MagicComment[] = DEFAULT_MAGIC_COMMENTS,
  language?: string | null,
): {code: string; lines: number[]} {
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const matchers = comments.map((comment) => ({
    line: comment.line ? commentAround(escape(comment.line), language) : null,
    start: comment.start ? commentAround(escape(comment.start), language) : null,
    end: comment.end ? commentAround(escape(comment.end), language) : null,
  }))
  const kept: string[] = []
  const lines: number[] = []
  let nextLine = false
  let inRange = 0
  for (const line of code.split('\n')) {
    const matched = matchers.find((matcher) => matcher.line?.test(line) || matcher.start?.test(line) || matcher.end?.test(line))
    if (matched?.line?.test(line)) nextLine = true
    else if (matched?.start?.test(line)) inRange++
    else if (matched?.end?.test(line)) inRange = Math.max(0, inRange - 1)
    else {
      kept.push(line)
      if (nextLine || inRange > 0) lines.push(kept.length)
      nextLine = false
    }
  }
  return {code: kept.join('\n'), lines}
}

/** Everything a code fence becomes, with the union of meta ranges and magic comment lines. */
export function convertFence(lang: string | null | undefined, meta: string | null | undefined, value: string, magicComments?: readonly MagicComment[]) {
  const {language, known} = normalizeLanguage(lang)
  const {title, lines: metaLines} = parseFenceMeta(meta)
  const {code, lines: magicLines} = applyMagicComments(value, magicComments, lang)
  const highlightedLines = [...new Set([...metaLines, ...magicLines])].sort((a, b) => a - b)
  return {language, known, title, code, highlightedLines}
}
