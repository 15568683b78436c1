/** What the diagrams drawn by this site's own code (git-graph.ts, gantt.ts) share: their colours and their text's escaping. */

/** The colours a diagram is drawn in. */
export interface DiagramColours {
  bg: string
  text: string
  muted: string
  primary: string
}

/** The site's CSS variables, so that one SVG follows the reader's colour mode. */
export const SITE_DIAGRAM_COLOURS: DiagramColours = {
  bg: 'var(--color-bg)',
  text: 'var(--color-text)',
  muted: 'var(--color-text-muted)',
  primary: 'var(--color-primary)',
}

/** Text as it stands in an SVG element or attribute. */
export function svgText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
