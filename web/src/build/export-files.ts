/**
 * What of Next's export no page of the static site loads: each page's React Server Components
 * payload (`index.txt` beside its `index.html`, `__next.*.txt`) and the framework runtime's scripts
 * (`_next/static/**.js`). One predicate for the build, which removes them (static-pages.ts), and for
 * the bench, which counts what is left of them (scripts/src/bench/measure-output.ts).
 */

/** `relative`: a path of the export with / separators; `files`: every such path of the export. */
export function isFrameworkFile(relative: string, files: ReadonlySet<string>): boolean {
  if (/(^|\/)__next\.[^/]*\.txt$/.test(relative)) return true
  if (/(^|\/)index\.txt$/.test(relative)) return files.has(relative.replace(/index\.txt$/, 'index.html'))
  return /^_next\/static\/.+\.js$/.test(relative)
}

/** A reference to the framework runtime, which no file of the static export may hold any more. */
export const RUNTIME_REFERENCE = /__next_f|TURBOPACK|\/_next\/static\/[^"'\s)]+\.js/

/** A path of the export with / separators, whatever the platform's. */
export function exportPath(relative: string): string {
  return relative.split('\\').join('/')
}
