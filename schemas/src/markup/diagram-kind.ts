/**
 * Which kind of Mermaid diagram a source is, of those the site draws at build. Free of Sanity's modules, so that
 * search (in the browser too) and the renderers read it as the content model's validation does.
 */

/** The diagram kinds the site draws at build; any other is shown as its source, with a warning. */
export const MERMAID_DIAGRAM_KINDS = ['flowchart', 'sequence', 'state', 'class', 'er', 'xychart', 'gitGraph', 'gantt'] as const
export type MermaidDiagramKind = (typeof MERMAID_DIAGRAM_KINDS)[number]

/**
 * The kind of diagram a Mermaid source declares on its first line (after comments and a front
 * matter block), or null when it declares none of those the site draws.
 */
export function mermaidDiagramKind(code: string): MermaidDiagramKind | null {
  const lines = code.replace(/^\s*---\n[\s\S]*?\n---\s*\n/, '').split('\n')
  const first = lines.map((line) => line.trim()).find((line) => line !== '' && !line.startsWith('%%'))
  const keyword = first?.split(/[\s;]/)[0] ?? ''
  if (keyword === 'graph' || keyword === 'flowchart' || keyword === 'flowchart-elk') return 'flowchart'
  if (keyword === 'sequenceDiagram') return 'sequence'
  if (keyword === 'stateDiagram' || keyword === 'stateDiagram-v2') return 'state'
  if (keyword === 'classDiagram' || keyword === 'classDiagram-v2') return 'class'
  if (keyword === 'erDiagram') return 'er'
  if (keyword === 'xychart-beta' || keyword === 'xychart') return 'xychart'
  // `gitGraph`, `gitGraph:` or `gitGraph LR:` (drawn left to right here whatever the direction).
  if (/^gitGraph:?$/.test(keyword)) return 'gitGraph'
  if (keyword === 'gantt') return 'gantt'
  return null
}
