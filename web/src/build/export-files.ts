/**
 * What an export holds, for the build that writes it and the tools that read it (the bench, the
 * servers' security headers):
 * - what of Next's export no page of the static site loads: each page's React Server Components
 *   payload (`index.txt` beside its `index.html`, `__next.*.txt`) and the framework runtime's scripts
 *   (`_next/static/**.js`). One predicate for the build, which removes them (static-pages.ts), and for
 *   the bench, which counts what is left of them (scripts/src/bench/measure-output.ts);
 * - the site's own folder (the page script, the search island, page-policy.json).
 */

/** The folder of the export that holds the site's own scripts and build facts. */
export const CLIENT_DIR = '_site'

/** What the pages need from a Content-Security-Policy (page-policy.ts writes it; the servers read it). */
export const PAGE_POLICY_FILE = `${CLIENT_DIR}/page-policy.json`

/** The sources a page needs beyond its own origin, per CSP directive; the servers add 'self' and the rest. */
export interface PagePolicyNeeds {
  /** `'sha256-…'` of each inline script the pages may hold. */
  scriptHashes: string[]
  /** Origins the browser code fetches from (Typesense). */
  connectSrc: string[]
  /** Where images come from besides the site (Sanity's CDN, scoped to the project and dataset). */
  imgSrc: string[]
  /** Origins of the pages embeds may show. */
  frameSrc: string[]
  /** Origins of the videos and sounds the pages play from other sites (an imported site's remote videos); absent from exports built before it. */
  mediaSrc?: string[]
  /** `'sha256-…'` of each <style> element the pages hold (the site's theme); absent when none. */
  styleHashes?: string[]
  /** Origins of the stylesheets of font services the theme loads; absent when none. */
  styleSrc?: string[]
  /** Origins those stylesheets load fonts from; absent when none. */
  fontSrc?: string[]
}

/** `relative`: a path of the export with / separators; `files`: every such path of the export. */
export function isFrameworkFile(relative: string, files: ReadonlySet<string>): boolean {
  if (/(^|\/)__next\.[^/]*\.txt$/.test(relative)) return true
  if (/(^|\/)index\.txt$/.test(relative)) return files.has(relative.replace(/index\.txt$/, 'index.html'))
  return /^_next\/static\/.+\.js$/.test(relative)
}

/**
 * The dataset's own files (an HTML demo uploaded as a file, copied to /_dataset/files/): served as they
 * were uploaded, under the sandbox policy of content files (nothing runs), never made pages of the site.
 * `relative`: a path of the export.
 */
export function isDatasetFile(relative: string): boolean {
  return relative.split(/[\\/]/)[0] === '_dataset'
}

/** A reference to the framework runtime, which no file of the static export may hold any more. */
export const RUNTIME_REFERENCE = /__next_f|TURBOPACK|\/_next\/static\/[^"'\s)]+\.js/

/** A path of the export with / separators, whatever the platform's. */
export function exportPath(relative: string): string {
  return relative.split('\\').join('/')
}
