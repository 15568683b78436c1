/**
 * Math of remark-math (`$inline$`, `$$block$$`) → Portable Text: a `mathBlock` block and a `mathInline`
 * object inside a line of text, keeping the TeX. Each formula is checked with the KaTeX the site
 * typesets with: one it cannot read is reported with file:line and kept visible as its source (a
 * `latex` code block; inside text, math the site shows as its TeX in red, as rehype-katex does).
 */
import type {Nodes, Paragraph, PhrasingContent} from 'mdast'
import {mathProblem} from '@site/schemas/markup/math'
import type {AnchorTarget, CodeBlock, Footnote, InlineImage, MathBlock, MathInline, Span} from '../../portable-text'

type Warn = (line: number, message: string) => void

/** The warning for inline math KaTeX cannot read, which stays math (a paragraph's, a cell's or a heading's). */
export function unreadableInlineMath(problem: string): string {
  return `math that KaTeX cannot typeset (${problem}): shown as its TeX source in red, as rehype-katex shows it`
}

/** The warning for empty inline math (`$ $`), kept as its source in code. */
export const EMPTY_INLINE_MATH = 'math that KaTeX cannot typeset (the formula is empty): shown as its TeX source'

/** A `math` node of mdast-util-math: `$$…$$` on lines of its own. */
export interface MathNode {
  type: 'math'
  value: string
  position?: Nodes['position']
}

/** A `$$…$$` block: a math block, or a code block of its source when KaTeX cannot read it. */
export function mathBlockOf(node: MathNode, warn: Warn): MathBlock | CodeBlock {
  const tex = node.value
  const line = node.position?.start.line ?? 0
  const problem = tex.trim() === '' ? 'the formula is empty' : mathProblem(tex, true)
  if (problem) {
    warn(line, `math that KaTeX cannot typeset (${problem}): shown as its TeX source in a code block`)
    return {_type: 'codeBlock', language: 'latex', code: `$$\n${tex}\n$$`}
  }
  return {_type: 'mathBlock', tex}
}

/** Marks a placeholder of inline math in a paragraph's text while its spans are made (private-use characters). */
const OPEN = '\uE000'
const CLOSE = '\uE001'
const PLACEHOLDER = /\uE000(\d+)\uE001/g

/**
 * The paragraph with each `inlineMath` node replaced by a placeholder text, and the formulas in order,
 * so that the spans are made as for any text and the formulas put back where they stood (spliceInlineMath).
 */
export function withMathPlaceholders(paragraph: Paragraph): {paragraph: Paragraph; formulas: Array<{tex: string; line: number}>} {
  const formulas: Array<{tex: string; line: number}> = []
  const replace = (nodes: PhrasingContent[]): PhrasingContent[] =>
    nodes.map((node) => {
      if ((node.type as string) === 'inlineMath') {
        const value = (node as unknown as {value: string}).value
        formulas.push({tex: value, line: node.position?.start.line ?? 0})
        return {type: 'text', value: `${OPEN}${formulas.length - 1}${CLOSE}`, ...(node.position ? {position: node.position} : {})}
      }
      return 'children' in node ? {...node, children: replace(node.children)} : node
    })
  const children = replace(paragraph.children)
  return {paragraph: formulas.length === 0 ? paragraph : {...paragraph, children}, formulas}
}

/** Spans with placeholders split around `mathInline` objects (or, for a formula KaTeX cannot read, its source as inline code). */
export function spliceInlineMath<Inline extends InlineImage | Footnote | AnchorTarget>(
  children: Array<Span | Inline>,
  formulas: ReadonlyArray<{tex: string; line: number}>,
  warn: Warn,
): Array<Span | Inline | MathInline> {
  if (formulas.length === 0) return children
  const result: Array<Span | Inline | MathInline> = []
  for (const child of children) {
    if (child._type !== 'span' || !child.text.includes(OPEN)) {
      result.push(child)
      continue
    }
    let last = 0
    for (const match of child.text.matchAll(PLACEHOLDER)) {
      const before = child.text.slice(last, match.index)
      if (before) result.push({...child, text: before})
      last = (match.index ?? 0) + match[0].length
      const formula = formulas[Number(match[1])]
      if (!formula) continue
      if (formula.tex.trim() === '') {
        warn(formula.line, EMPTY_INLINE_MATH)
        result.push({_type: 'span', text: `$${formula.tex}$`, marks: [...new Set([...child.marks, 'code'])]})
        continue
      }
      // A formula KaTeX cannot read stays math: the site shows its TeX in KaTeX's error colour, as rehype-katex does.
      const problem = mathProblem(formula.tex, false)
      if (problem) warn(formula.line, unreadableInlineMath(problem))
      result.push({_type: 'mathInline', tex: formula.tex})
    }
    const after = child.text.slice(last)
    if (after) result.push({...child, text: after})
  }
  return result
}
