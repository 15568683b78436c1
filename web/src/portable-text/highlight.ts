/**
 * Build-time code highlighting with shiki, in the light and the dark theme at once (CSS
 * variables, the stylesheet picks one), highlighted lines marked with a class. Server only:
 * shiki never reaches a browser bundle.
 */
import {bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter} from 'shiki'
import {createJavaScriptRegexEngine} from 'shiki/engine/javascript'

// The high-contrast variants: every token keeps at least 4.5:1 against the background, also on highlighted lines.
export const CODE_THEMES = {light: 'github-light-high-contrast', dark: 'github-dark-high-contrast'} as const

let highlighter: Promise<Highlighter> | undefined
const loaded = new Set<string>()

/**
 * The grammars' regular expressions run as JavaScript RegExps, not in shiki's default Oniguruma
 * WebAssembly engine: that engine's memory only ever grows (measured: 207 MB in each render worker
 * of the 4× bench site, a third of the worker), while JavaScript's is collected. Same HTML for every
 * code block of content/ (1,249 distinct blocks compared, scale-profile in the README).
 */
function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [], engine: createJavaScriptRegexEngine()})
  return highlighter
}

/**
 * Highlighted blocks already made by this process, most recently used last: translations and docs
 * versions repeat the same snippets, highlighted once per process instead of once per page. Bounded
 * by characters of HTML, so a site of any size keeps at most this much.
 */
const HIGHLIGHTED_CHARACTERS = 8_000_000
const highlighted = new Map<string, string>()
let highlightedCharacters = 0

function remember(key: string, html: string): void {
  highlighted.set(key, html)
  highlightedCharacters += key.length + html.length
  for (const [oldest, oldHtml] of highlighted) {
    if (highlightedCharacters <= HIGHLIGHTED_CHARACTERS) break
    highlighted.delete(oldest)
    highlightedCharacters -= oldest.length + oldHtml.length
  }
}

function isBundledLanguage(name: string): name is BundledLanguage {
  return Object.hasOwn(bundledLanguages, name)
}

/** The `<pre>` of `code`, highlighted; unknown languages are shown as plain text. */
export async function highlightCode(code: string, language: string, highlightedLines: readonly number[] = []): Promise<string> {
  const key = JSON.stringify([language, highlightedLines, code])
  const known = highlighted.get(key)
  if (known !== undefined) {
    highlighted.delete(key)
    highlighted.set(key, known)
    return known
  }
  const html = await highlightUncached(code, language, highlightedLines)
  remember(key, html)
  return html
}

async function highlightUncached(code: string, language: string, highlightedLines: readonly number[]): Promise<string> {
  const shiki = await getHighlighter()
  // shiki knows our language names directly or as aliases (js, sh, shell, dockerfile…).
  const wanted = language
  let lang = 'text'
  if (wanted !== 'text' && isBundledLanguage(wanted)) {
    if (!loaded.has(wanted)) {
      await shiki.loadLanguage(wanted)
      loaded.add(wanted)
    }
    lang = wanted
  }
  const marked = new Set(highlightedLines)
  return shiki.codeToHtml(code.replace(/\n$/, ''), {
    lang,
    themes: CODE_THEMES,
    defaultColor: false,
    // No time limit per line (shiki stops at 500 ms of wall time by default): on a busy machine a line
    // then lost its colours in one theme or the other, and two builds of the same content differed.
    tokenizeTimeLimit: 0,
    transformers: [
      {
        line(node, line) {
          if (marked.has(line)) this.addClassToHast(node, 'highlighted')
        },
      },
    ],
  })
}
