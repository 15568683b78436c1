/**
 * What search indexes of math and diagrams: the words a reader could type. TeX keeps its symbols'
 * names without the markup (`d_{\max}` → "d max", `\frac{1}{2}` → "frac 1 2"); a Mermaid diagram its
 * labels, messages and notes, without the keywords and arrows that only draw it.
 */
import {mermaidDiagramKind} from '../markup/diagram-kind'

/** Commands that only space or size a formula, and carry no word. */
const LAYOUT_COMMANDS = new Set(['left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'quad', 'qquad', 'displaystyle', 'textstyle', 'mathrm', 'text', 'operatorname'])

export function texSearchText(tex: string): string {
  return tex
    .replace(/\\([A-Za-z]+)/g, (_whole, name: string) => (LAYOUT_COMMANDS.has(name) ? ' ' : ` ${name} `))
    .replace(/\\[,;:!> ]/g, ' ')
    .replace(/[{}^_&\\$]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** First words of a diagram line that declare structure, not text. */
const DIAGRAM_KEYWORDS =
  /^(?:graph|flowchart|sequenceDiagram|stateDiagram(?:-v2)?|classDiagram(?:-v2)?|erDiagram|xychart(?:-beta)?|gitGraph|autonumber|end|direction|style|classDef|class|linkStyle|click|activate|deactivate|x-axis|y-axis|bar|line)\b/

export function diagramSearchText(code: string): string {
  const words: string[] = []
  const kind = mermaidDiagramKind(code)
  for (const raw of code.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('%%') || DIAGRAM_KEYWORDS.test(line)) continue
    if (kind === 'gantt') {
      // A gantt chart's words: its title, sections and tasks' names, not its dates, ids and settings.
      const setting = /^(?:dateFormat|axisFormat|excludes|includes|todayMarker|tickInterval|weekday|inclusiveEndDates|topAxis|displayMode)\b/.test(line)
      const named = /^(?:title|section)\s+(.+)$/.exec(line)?.[1] ?? (setting ? undefined : /^([^:]+):/.exec(line)?.[1])
      if (named) words.push(named)
      continue
    }
    if (kind === 'gitGraph') {
      // A git graph's words: its branches' names, and the ids, tags and messages its commits are given.
      const command = /^(?:commit|branch|checkout|switch|merge|cherry-pick)\b\s*(.*)$/.exec(line)
      if (command) {
        const rest = command[1] ?? ''
        const name = /^(?!\w+\s*:)("[^"]*"|'[^']*'|[^\s"']+)/.exec(rest)?.[1]
        if (name && !/^(?:checkout|switch)/.test(line)) words.push(name)
        for (const value of rest.matchAll(/\b(?:id|tag|msg)\s*:\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g)) words.push(value[1] ?? value[2] ?? value[3] ?? '')
      }
      continue
    }
    // participant C as Client → Client; title "x" → x; loop/alt/opt/note text after their keyword.
    const alias = /^(?:participant|actor)\s+\S+\s+as\s+(.+)$/.exec(line)
    if (alias?.[1]) {
      words.push(alias[1])
      continue
    }
    const lead = /^(?:loop|alt|else|opt|par|and|critical|break|rect|title|section|Note\s+(?:left of|right of|over)\s+[^:]+:)\s*(.*)$/i.exec(line)
    if (lead) {
      if (lead[1]) words.push(lead[1])
      continue
    }
    const labels = [...line.matchAll(/\[\(?\/?["']?([^\]"')]+)|\(\(?["']?([^)"']+)|\{\{?["']?([^}"']+)|\|([^|]+)\|/g)].map(
      (match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '',
    )
    const message = /:\s*(.+)$/.exec(line)?.[1]
    words.push(...labels, ...(message ? [message] : []))
  }
  return words
    .map((word) => word.replace(/["`]/g, '').trim())
    .filter(Boolean)
    .join(' ')
}
