/** Number formatting and column alignment for the bench's report. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`
}

export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`
}

export function formatRate(count: number, milliseconds: number): string {
  return milliseconds > 0 ? (count / (milliseconds / 1000)).toFixed(1) : 'n/a'
}

/**
 * Lays rows out in columns: the first column left-aligned, the others right-aligned, two spaces
 * between columns. A row of one cell is a section heading.
 */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) {
    if (row.length < 2) continue
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length)
    })
  }
  return rows
    .map((row) => {
      if (row.length < 2) return row[0] ?? ''
      return row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length)
          return i === 0 ? cell + pad : pad + cell
        })
        .join('  ')
        .trimEnd()
    })
    .join('\n')
}
