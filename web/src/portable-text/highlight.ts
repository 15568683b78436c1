/**
 * Build-time code highlighting with shiki, in the light and the dark theme at once (CSS
 * variables, the stylesheet picks one), highlighted lines marked with a class. Server only:
 * shiki never reaches a browser bundle.
 */
import {bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter} from 'shiki'

// The high-contrast variants: every token keeps at least 4.5:1 against the background, also on highlighted lines.
export const CODE_THEMES = {light: 'github-light-high-contrast', dark: 'github-dark-high-contrast'} as const

let highlighter: Promise<Highlighter> | undefined
const loaded = new Set<string>()

function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: []})
  return highlighter
}

function isBundledLanguage(name: string): name is BundledLanguage {
  return Object.hasOwn(bundledLanguages, name)
}

/** The `<pre>` of `code`, highlighted; unknown languages are shown as plain text. */
export async function highlightCode(code: string, language: string, highlightedLines: readonly number[] = []): Promise<string> {
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
