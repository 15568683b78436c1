/**
 * The Mermaid kinds this site draws with code of its own (git graphs, gantt charts); beautiful-mermaid draws the others.
 * The site's build (web's mermaid.ts) and the studio's preview both draw through here.
 */
import {mermaidDiagramKind} from './diagram-kind'
import {type DiagramColours, SITE_DIAGRAM_COLOURS} from './diagram-svg'
import {renderGantt} from './gantt'
import {renderGitGraph} from './git-graph'

export type {DiagramColours} from './diagram-svg'

/** The diagram as SVG when it is one of the kinds drawn here; undefined for the kinds beautiful-mermaid draws. */
export function renderOwnDiagram(code: string, colours: DiagramColours = SITE_DIAGRAM_COLOURS): string | undefined {
  const kind = mermaidDiagramKind(code)
  return kind === 'gitGraph' ? renderGitGraph(code, colours) : kind === 'gantt' ? renderGantt(code, colours) : undefined
}
