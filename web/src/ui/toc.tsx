// The table of contents beside a doc, from the headings its body gives (portable-text/toc.tsx).
import {CLASS} from '../components/seam'
import {TocLinks} from '../portable-text/toc'
import type {TocEntry} from '../portable-text/types'

export function TableOfContents({entries, label}: {entries: readonly TocEntry[]; label: string}) {
  if (entries.length === 0) return null
  return (
    <nav className={CLASS.toc} aria-label={label}>
      <p className="toc-title">{label}</p>
      <TocLinks entries={entries} />
    </nav>
  )
}
