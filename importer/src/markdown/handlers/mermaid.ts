/**
 * ```mermaid fences (with `markdown.mermaid: true`, as `@docusaurus/theme-mermaid` reads them) →
 * `mermaidDiagram` blocks. mermaid's parser is asynchronous and the conversion is not, so every
 * diagram of the site is checked first (DiagramChecks.checkAll); a diagram with a syntax error, or of a
 * kind the site cannot draw at build, is reported with file:line and kept visible as its source code.
 */
import {diagramProblem} from '@site/schemas/markup/diagram'
import type {CodeBlock, MermaidDiagramBlock} from '../../portable-text'

export type DiagramProblem = {problem: string; line?: number} | null

/** Problems of every ```mermaid fence of a set of files, by diagram source. */
export class DiagramChecks {
  private readonly problems = new Map<string, DiagramProblem>()

  /** Checks the diagrams of these markdown texts (each distinct source once). */
  async checkAll(texts: Iterable<string>): Promise<number> {
    for (const text of texts) {
      if (!text.includes('mermaid')) continue
      for (const code of mermaidFences(text)) {
        if (!this.problems.has(code)) this.problems.set(code, await diagramProblem(code))
      }
    }
    return this.problems.size
  }

  /** The problem of a diagram; undefined when it was not checked (the site's build checks it again). */
  problemOf(code: string): DiagramProblem | undefined {
    return this.problems.get(code)
  }
}

/** The sources of the ```mermaid (or ~~~mermaid) fences of a markdown text, as the parser will give them. */
export function mermaidFences(text: string): string[] {
  const codes: string[] = []
  const fence = /^([ \t>]*)(`{3,}|~{3,})[ \t]*mermaid\b[^\n]*\n([\s\S]*?)^\1?[ \t]*\2[`~]*[ \t]*$/gm
  for (const match of text.matchAll(fence)) {
    const prefix = match[1] ?? ''
    const body = (match[3] ?? '').replace(/\n$/, '')
    // Inside a quote or a list the parser strips the container's prefix from each line.
    const strip = prefix === '' ? body : body.replace(new RegExp(`^${prefix.replace(/[>]/g, '\\>').replace(/[ \t]/g, '[ \\t]?')}`, 'gm'), '')
    codes.push(strip)
  }
  return codes
}

/**
 * A diagram block, or the fence as a code block when the site cannot draw it: `fenceLine` is the
 * fence's line in the file, and a syntax error's line (1 for the diagram's first line) is counted from there.
 */
export function mermaidBlockOf(
  code: string,
  title: string | undefined,
  fenceLine: number,
  problem: DiagramProblem | undefined,
  warn: (line: number, message: string) => void,
): MermaidDiagramBlock | CodeBlock {
  if (problem) {
    warn(fenceLine + (problem.line ?? 0), `a Mermaid diagram the site cannot draw (${problem.problem}): shown as its source in a code block`)
    return {_type: 'codeBlock', language: 'text', ...(title ? {title} : {}), code}
  }
  return {_type: 'mermaidDiagram', code, ...(title ? {title} : {})}
}
