/**
 * Whether the site can draw a Mermaid diagram: one of the kinds it draws at build (mermaidDiagramKind),
 * and a source mermaid's own parser reads (its syntax errors name a line). The importer checks each
 * diagram with it and web's renderer draws only what passes, so both agree.
 */
import {mermaidDiagramKind} from '../objects/math-diagram'

export interface DiagramProblem {
  problem: string
  /** The line of the source, from 1, when the parser names one. */
  line?: number
}

let parser: Promise<(code: string) => Promise<unknown>> | undefined
/** Parses under way, and whether they declared the `window` they need. */
let parsing = 0
let declaredWindow = false

/**
 * mermaid's parser, loaded once. mermaid sanitizes labels with DOMPurify, which has no hooks without a
 * DOM: parsing needs none of it (nothing is rendered by mermaid), so the missing functions are no-ops.
 */
function mermaidParser(): Promise<(code: string) => Promise<unknown>> {
  parser ??= (async () => {
    const purify = (await import('dompurify')).default as unknown as Record<string, unknown>
    for (const name of ['addHook', 'removeHook', 'removeHooks', 'removeAllHooks']) if (typeof purify[name] !== 'function') purify[name] = () => {}
    if (typeof purify.sanitize !== 'function') purify.sanitize = (value: unknown) => value
    const mermaid = (await import('mermaid')).default
    mermaid.initialize({startOnLoad: false, securityLevel: 'strict'})
    // The sequence parser reads a box's colour with `window?.CSS.supports`, which throws where no `window` is
    // declared: one is declared while parsing, and removed after. Only whether the source parses is used here (the
    // site draws it with its own renderer), so every box's first word is taken for its title.
    // Parses may overlap (a build checks a page's diagrams together): the last one to finish removes it.
    return async (code: string) => {
      if (parsing === 0 && !('window' in globalThis)) {
        Object.defineProperty(globalThis, 'window', {value: {CSS: {supports: () => false}}, configurable: true})
        declaredWindow = true
      }
      parsing += 1
      try {
        return await mermaid.parse(code)
      } finally {
        parsing -= 1
        if (parsing === 0 && declaredWindow) {
          Reflect.deleteProperty(globalThis, 'window')
          declaredWindow = false
        }
      }
    }
  })()
  return parser
}

/** Why a diagram cannot be drawn, or null. */
export async function diagramProblem(code: string): Promise<DiagramProblem | null> {
  if (code.trim() === '') return {problem: 'the diagram is empty'}
  if (mermaidDiagramKind(code) === null) {
    const first = code.trim().split('\n')[0]?.trim() ?? ''
    return {
      problem: `"${first.slice(0, 40)}" is not a kind of diagram the site draws at build (flowchart, sequence, state, class, entity-relationship, XY chart, git graph, gantt)`,
      line: code.slice(0, code.indexOf(first)).split('\n').length,
    }
  }
  try {
    const parse = await mermaidParser()
    await parse(code)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const line = /on line (\d+)/.exec(message)?.[1]
    const expecting = /Expecting (.+?), got/.exec(message)?.[1]
    const summary = message.split('\n')[0]?.replace(/:$/, '') ?? message
    return {problem: `mermaid syntax error: ${summary}${expecting ? ` (expecting ${expecting.slice(0, 120)})` : ''}`, ...(line ? {line: Number(line)} : {})}
  }
  return null
}
