/**
 * Math typeset when the site is built: TeX → HTML + MathML with KaTeX (`output: 'htmlAndMathml'`, as
 * rehype-katex renders it for Docusaurus sites). Readers get markup and the KaTeX stylesheet and fonts,
 * served by the site (math-assets.ts), and no script. A formula KaTeX cannot read is reported, never thrown.
 */
import {katexMessage, katexOptions} from '@site/schemas/markup/math'
import katex from 'katex'

/** Where the export serves KaTeX's stylesheet and fonts, under its version (math-assets.ts copies them there). */
export const KATEX_BASE_URL = `/_katex/${katex.version}`
export const KATEX_STYLESHEET_URL = `${KATEX_BASE_URL}/katex.min.css`

export type MathResult = {html: string} | {problem: string}

/** A formula as HTML and MathML, or why KaTeX cannot typeset it (its message names the position). */
export function renderMath(tex: string, displayMode: boolean): MathResult {
  try {
    return {html: katex.renderToString(tex, katexOptions(displayMode))}
  } catch (error) {
    return {problem: katexMessage(error)}
  }
}
