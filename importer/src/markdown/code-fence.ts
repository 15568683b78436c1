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

// The comment forms around the word: `// x`, `# x`, `<!-- x -->`, `/* x */`, `{/* x */}`, `-- x` (SQL, Lua), `; x`.
const COMMENT_AROUND = (word: string) => new RegExp(String.raw`^\s*(?:\/\/|#|--|;|<!--|\/\*|\{\/\*)\s*${word}\s*(?:-->|\*\/\}?|\*\/)?\s*$`)

/**
 * Removes the magic comments and returns the lines they mark (1-based, in the returned code). Every kind of magic
 * comment marks its lines as highlighted: the content model has one look for marked lines.
 */
export function applyMagicComments(code: string, comments: readonly MagicComment[] = DEFAULT_MAGIC_COMMENTS): {code: string; lines: number[]} {
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const matchers = comments.map((comment) => ({
    line: comment.line ? COMMENT_AROUND(escape(comment.line)) : null,
    start: comment.start ? COMMENT_AROUND(escape(comment.start)) : null,
    end: comment.end ? COMMENT_AROUND(escape(comment.end)) : null,
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
  const {code, lines: magicLines} = applyMagicComments(value, magicComments)
  const highlightedLines = [...new Set([...metaLines, ...magicLines])].sort((a, b) => a - b)
  return {language, known, title, code, highlightedLines}
}
