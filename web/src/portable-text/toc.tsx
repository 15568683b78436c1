// A body's table of contents: its headings within a level range (h2–h3 by default), nested, and the list of their links.
import type {BodyHeading, TocEntry} from './types'

/** Nests the headings between minLevel and maxLevel under their nearest shallower heading. */
export function buildToc(headings: readonly BodyHeading[], minLevel = 2, maxLevel = 3): TocEntry[] {
  const root: TocEntry[] = []
  const stack: Array<{level: number; entry: TocEntry}> = []
  for (const heading of headings) {
    if (heading.level < minLevel || heading.level > maxLevel) continue
    const entry: TocEntry = {anchor: heading.anchor, text: heading.text, children: []}
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= heading.level) stack.pop()
    const parent = stack.at(-1)
    if (parent) parent.entry.children.push(entry)
    else root.push(entry)
    stack.push({level: heading.level, entry})
  }
  return root
}

/** The nested list of heading links: the page's table of contents and a body's inline one. */
export function TocLinks({entries}: {entries: readonly TocEntry[]}) {
  return (
    <ul>
      {entries.map((entry) => (
        <li key={entry.anchor}>
          <a href={`#${entry.anchor}`}>{entry.text}</a>
          {entry.children.length > 0 ? <TocLinks entries={entry.children} /> : null}
        </li>
      ))}
    </ul>
  )
}
