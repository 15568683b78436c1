/**
 * What readers of the imported site will miss, compared with what Docusaurus shows them: per feature
 * of the site (a plugin or theme, a component of its theme it swizzled, a construct), what is not
 * carried over and the pages it touches. The converter records per page (`missed` of its context);
 * site-wide analyses (the config's plugins, src/theme) record for the whole site or a kind of page.
 * Printed at the end of an import and written beside the dataset as import-report.json.
 *
 * Unlike warnings, which point at problems of the source, these entries describe a working site whose
 * readers will see less here; a maintainer reads them to decide what to rebuild in the studio or the site.
 */

export interface MissedFeature {
  /** The plugin, theme, component or construct, as the site names it: `@docusaurus/theme-live-codeblock`, `src/theme/DocItem/Footer`. */
  feature: string
  /** What readers do not get here, in a sentence. */
  missing: string
}

/** A page that misses a feature, with the places in its files where the feature is used. */
export interface MissedPage {
  /** The page's source file (relative to the site folder). */
  page: string
  /** `file:line` of each use (a partial's file when the use is in a partial). */
  at: string[]
}

export interface ReaderReportEntry extends MissedFeature {
  /** Where the site declares the feature (docusaurus.config.js:42, src/theme/DocItem/Footer/index.js), for site-wide entries. */
  declaredIn?: string
  /** Which pages it touches when it touches a whole kind of page: "every page", "every doc page (120)". */
  scope?: string
  /** The pages, by source file, sorted. */
  pages: MissedPage[]
}

const key = (feature: MissedFeature) => `${feature.feature}\u0000${feature.missing}`

export class ReaderReport {
  private readonly entries = new Map<string, {feature: MissedFeature; declaredIn?: string; scope?: string; pages: Map<string, Set<string>>}>()

  private entry(feature: MissedFeature) {
    let entry = this.entries.get(key(feature))
    if (!entry) {
      entry = {feature: {feature: feature.feature, missing: feature.missing}, pages: new Map()}
      this.entries.set(key(feature), entry)
    }
    return entry
  }

  /** A page misses `feature` where its file (or a partial it includes, `file`) uses it at `line`. */
  onPage(page: string, feature: MissedFeature, at?: {file?: string; line?: number}): void {
    const pages = this.entry(feature).pages
    const uses = pages.get(page) ?? new Set<string>()
    if (at) uses.add(at.line === undefined ? (at.file ?? page) : `${at.file ?? page}:${at.line}`)
    pages.set(page, uses)
  }

  /** The whole site, or a kind of page (`scope`), misses `feature`, which the site declares in `declaredIn`; `pages` lists them when known. */
  onSite(feature: MissedFeature, where: {declaredIn: string; scope: string; pages?: readonly string[]}): void {
    const entry = this.entry(feature)
    entry.declaredIn = where.declaredIn
    entry.scope = where.scope
    for (const page of where.pages ?? []) if (!entry.pages.has(page)) entry.pages.set(page, new Set())
  }

  get size(): number {
    return this.entries.size
  }

  /** Every entry, by feature, pages sorted. */
  list(): ReaderReportEntry[] {
    return [...this.entries.values()]
      .map(({feature, declaredIn, scope, pages}) => ({
        ...feature,
        ...(declaredIn ? {declaredIn} : {}),
        ...(scope ? {scope} : {}),
        pages: [...pages]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([page, at]) => ({page, at: [...at].sort((a, b) => a.localeCompare(b, undefined, {numeric: true}))})),
      }))
      .sort((a, b) => a.feature.localeCompare(b.feature) || a.missing.localeCompare(b.missing))
  }
}

/** The report as lines for the import's summary: each feature, what is missed, and its first pages. */
export function formatReaderReport(entries: readonly ReaderReportEntry[], pagesShown = 5): string[] {
  const lines: string[] = []
  for (const entry of entries) {
    const where = entry.declaredIn ? ` (${entry.declaredIn})` : ''
    const count = entry.pages.length
    const scope = entry.scope ?? `${count} ${count === 1 ? 'page' : 'pages'}`
    lines.push(`${entry.feature}${where}, ${scope}: ${entry.missing}`)
    const shown = entry.pages.slice(0, pagesShown).map((page) => (page.at.length > 0 ? page.at.join(', ') : page.page))
    if (shown.length > 0) lines.push(`  ${shown.join('; ')}${count > pagesShown ? `; and ${count - pagesShown} more (import-report.json lists them all)` : ''}`)
  }
  return lines
}
