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

// `// highlight-next-line`, `# highlight-start`, `<!-- highlight-end -->`, `/* … */`, `-- …` (SQL, Lua).
const MAGIC_COMMENT = /^\s*(?:\/\/|#|--|;|<!--|\/\*|\{\/\*)\s*highlight-(next-line|start|end)\s*(?:-->|\*\/\}?|\*\/)?\s*$/

/** Removes the magic comments and returns the lines they mark (1-based, in the returned code). */
export function applyMagicComments(code: string): {code: string; lines: number[]} {
  const kept: string[] = []
  const lines: number[] = []
  let nextLine = false
  let inRange = 0
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line)?.[1]
    if (magic === 'next-line') nextLine = true
    else if (magic === 'start') inRange++
    else if (magic === 'end') inRange = Math.max(0, inRange - 1)
    else {
      kept.push(line)
      if (nextLine || inRange > 0) lines.push(kept.length)
      nextLine = false
    }
  }
  return {code: kept.join('\n'), lines}
}

/** Everything a code fence becomes, with the union of meta ranges and magic comment lines. */
export function convertFence(lang: string | null | undefined, meta: string | null | undefined, value: string) {
  const {language, known} = normalizeLanguage(lang)
  const {title, lines: metaLines} = parseFenceMeta(meta)
  const {code, lines: magicLines} = applyMagicComments(value)
  const highlightedLines = [...new Set([...metaLines, ...magicLines])].sort((a, b) => a - b)
  return {language, known, title, code, highlightedLines}
}
