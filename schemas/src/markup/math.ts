/**
 * Whether KaTeX can read a formula, with the options the site typesets it with (web's
 * portable-text/math.ts renders with the same ones), so that the importer, the studio's preview and the
 * build agree on which formulas are shown typeset and which as their source.
 */
import katex from 'katex'

/** KaTeX options of the site's math: HTML + MathML (as rehype-katex renders it for Docusaurus sites), errors thrown to be reported. */
export function katexOptions(displayMode: boolean): katex.KatexOptions {
  return {displayMode, output: 'htmlAndMathml', throwOnError: true, strict: 'ignore', trust: false}
}

/** KaTeX's message for an error, without its "KaTeX parse error:" prefix (it names the position). */
export function katexMessage(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^KaTeX parse error:\s*/, '') : String(error)
}

/** Why KaTeX cannot read a formula, or null when it can. */
export function mathProblem(tex: string, displayMode: boolean): string | null {
  try {
    katex.renderToString(tex, katexOptions(displayMode))
    return null
  } catch (error) {
    return katexMessage(error)
  }
}
