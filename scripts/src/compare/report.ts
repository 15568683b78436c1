/** The comparison's printed report: a summary table (total and per locale), the worst pages, what is missing. */
import {renderTable} from '../bench/format'
import {BLOCK_KINDS} from './blocks'
import {worstPages, type ComparisonResult, type CountPair, type PageComparison, type Totals} from './compare'

const integer = new Intl.NumberFormat('en-US')

export function formatShare(found: number, reference: number): string {
  if (reference === 0) return '–'
  const percent = (found / reference) * 100
  // 99.95% is not 100%: never round a loss away.
  const shown = found < reference && percent > 99.9 ? '99.9' : percent.toFixed(1)
  return `${shown}%`
}

function ratio(found: number, reference: number): string {
  return `${integer.format(found)}/${integer.format(reference)}`
}

function pair(count: CountPair): string {
  return `${integer.format(count.docusaurus)} / ${integer.format(count.ours)}`
}

const ROWS: ReadonlyArray<[label: string, cell: (totals: Totals) => string]> = [
  ['Routes of Docusaurus', (t) => integer.format(t.routes.docusaurus)],
  ['  present here', (t) => ratio(t.routes.both, t.routes.docusaurus)],
  ['  missing here', (t) => integer.format(t.routes.missing)],
  ['Routes only here', (t) => integer.format(t.routes.extra)],
  ['Structure score (matched blocks, both ways)', (t) => formatShare(2 * t.structure.matched, t.structure.docusaurus + t.structure.ours)],
  ['  blocks (Docusaurus / here)', (t) => `${integer.format(t.structure.docusaurus)} / ${integer.format(t.structure.ours)}`],
  ['  blocks matched', (t) => integer.format(t.structure.matched)],
  ['  pages with ≥ 99% structure', (t) => ratio(t.structure.pagesAtLeast99, t.structure.pagesCompared)],
  ['Raw MDX/JSX shown here (as code or text)', (t) => integer.format(t.rawSource)],
  ['Line breaks in text (Docusaurus / here)', (t) => `${integer.format(t.lineBreaks.docusaurus)} / ${integer.format(t.lineBreaks.ours)}`],
  ['  here where Docusaurus has none', (t) => integer.format(t.lineBreaks.extra)],
  ['  in Docusaurus, not here', (t) => integer.format(t.lineBreaks.missing)],
  ["Docusaurus's words found here", (t) => formatShare(t.words.found, t.words.reference)],
  ['  words (found/Docusaurus)', (t) => ratio(t.words.found, t.words.reference)],
  ['  pages with ≥ 99% of their words', (t) => ratio(t.words.pagesAtLeast99, t.words.pagesCompared)],
  ['Heading anchors found here', (t) => formatShare(t.anchors.found, t.anchors.reference)],
  ['  anchors (found/Docusaurus)', (t) => ratio(t.anchors.found, t.anchors.reference)],
  ['  headings (Docusaurus / here)', (t) => pair(t.headings)],
  ['Code blocks found here', (t) => formatShare(t.codeBlocks.found, t.codeBlocks.reference)],
  ['  code blocks (found/Docusaurus)', (t) => ratio(t.codeBlocks.found, t.codeBlocks.reference)],
  ['  code blocks here', (t) => integer.format(t.codeBlocks.ours)],
  ['Images (Docusaurus / here)', (t) => `${integer.format(t.images.docusaurus)} / ${integer.format(t.images.ours)}`],
  ['  images here that load', (t) => ratio(t.images.oursLoading, t.images.ours)],
  ['  broken images here', (t) => integer.format(t.images.oursBroken)],
  ['Links to no page (Docusaurus / here)', (t) => pair(t.brokenLinks)],
  ['Tab sets (Docusaurus / here)', (t) => pair(t.tabs)],
  ['Admonitions (Docusaurus / here)', (t) => pair(t.admonitions)],
  ['Details (Docusaurus / here)', (t) => pair(t.details)],
  ['Videos (Docusaurus / here)', (t) => pair(t.videos)],
  ['Embedded frames (Docusaurus / here)', (t) => pair(t.embeds)],
  ['"Not converted" boxes here', (t) => integer.format(t.unconverted)],
  ['Placeholders shown raw here', (t) => integer.format(t.rawPlaceholders)],
]

/** The summary table: one row per figure, a column for the total and one per locale. */
export function summaryTable(result: ComparisonResult): string {
  const header = ['', 'total', ...result.perLocale.map((entry) => entry.locale)]
  const rows = ROWS.map(([label, cell]) => [label, cell(result.totals), ...result.perLocale.map((entry) => cell(entry.totals))])
  return renderTable([header, ...rows])
}

function list(items: readonly string[], shown: number): string {
  const head = items.slice(0, shown).join(', ')
  return items.length > shown ? `${head}, … (${items.length - shown} more)` : head
}

/** Blocks per kind over every page: Docusaurus, here, matched, missing here, only here. */
export function kindTable(result: ComparisonResult): string {
  const rows = [['Blocks by kind', 'Docusaurus', 'here', 'matched', 'missing here', 'only here']]
  for (const kind of BLOCK_KINDS) {
    const figures = result.totals.structure.byKind[kind]
    if (!figures) continue
    rows.push([
      `  ${kind}`,
      integer.format(figures.docusaurus),
      integer.format(figures.ours),
      integer.format(figures.matched),
      integer.format(figures.docusaurus - figures.matched),
      integer.format(figures.ours - figures.matched),
    ])
  }
  return renderTable(rows)
}

/** One page's losses, in a few lines. */
export function describePage(page: PageComparison): string[] {
  const structure = page.structure
  const facts = [
    ...(structure
      ? [
          `structure ${formatShare(2 * structure.matched, structure.docusaurus + structure.ours)} (${structure.matched} of ${structure.docusaurus} / ${structure.ours} blocks)`,
        ]
      : []),
    `${formatShare(page.words.found, page.words.reference)} of ${integer.format(page.words.reference)} words`,
  ]
  if (structure && structure.rawSource.length > 0) facts.push(`${structure.rawSource.length} block(s) of raw MDX/JSX`)
  if (structure && structure.lineBreaks.extra > 0) facts.push(`${structure.lineBreaks.extra} line break(s) not in Docusaurus`)
  if (page.anchors.reference > 0) facts.push(`anchors ${ratio(page.anchors.found, page.anchors.reference)}`)
  if (page.codeBlocks.reference > 0) facts.push(`code ${ratio(page.codeBlocks.found, page.codeBlocks.reference)}`)
  if (page.unconverted > 0) facts.push(`${page.unconverted} not converted`)
  if (page.rawPlaceholders.length > 0) facts.push(`${page.rawPlaceholders.length} raw placeholder(s): ${list([...new Set(page.rawPlaceholders)], 4)}`)
  if (page.images.broken.length > 0) facts.push(`${page.images.broken.length} broken image(s)`)
  if (page.brokenLinks.ours > page.brokenLinks.docusaurus)
    facts.push(`${page.brokenLinks.ours} link(s) to no page (Docusaurus: ${page.brokenLinks.docusaurus})`)
  const lines = [`${page.route}  ${facts.join('; ')}`]
  if (structure && structure.missing.length > 0)
    lines.push(
      `    blocks missing here: ${list(
        structure.missing.map((block) => JSON.stringify(block)),
        4,
      )}`,
    )
  if (structure && structure.extra.length > 0)
    lines.push(
      `    blocks only here: ${list(
        structure.extra.map((block) => JSON.stringify(block)),
        4,
      )}`,
    )
  if (structure && structure.lineBreaks.extraAt.length > 0)
    lines.push(
      `    line breaks not in Docusaurus: ${list(
        structure.lineBreaks.extraAt.map((at) => JSON.stringify(at)),
        3,
      )}`,
    )
  if (page.words.missing.length > 0)
    lines.push(
      `    missing words: ${list(
        page.words.missing.map((entry) => (entry.count > 1 ? `${entry.word} ×${entry.count}` : entry.word)),
        20,
      )}`,
    )
  if (page.anchors.missing.length > 0)
    lines.push(
      `    missing anchors: ${list(
        page.anchors.missing.map((anchor) => `#${anchor}`),
        8,
      )}`,
    )
  if (page.codeBlocks.missing.length > 0)
    lines.push(
      `    missing code: ${list(
        page.codeBlocks.missing.map((code) => JSON.stringify(code)),
        3,
      )}`,
    )
  if (page.images.broken.length > 0)
    lines.push(
      `    broken images: ${list(
        page.images.broken.map((image) => `${image.src} (${image.reason})`),
        4,
      )}`,
    )
  if (page.brokenLinks.ours > page.brokenLinks.docusaurus) lines.push(`    links to no page: ${list(page.brokenLinks.here, 4)}`)
  return lines
}

export function formatReport(result: ComparisonResult, options: {worst: number; listed?: number}): string {
  const listed = options.listed ?? 20
  const out: string[] = []
  out.push('Summary (Docusaurus / here: counted on each side; "found here": share of what Docusaurus shows that this site shows)')
  out.push(summaryTable(result))
  out.push('', kindTable(result))

  const missing = result.pages.filter((page) => page.status === 'missing')
  if (missing.length > 0) {
    out.push('', `Routes of Docusaurus missing here (${missing.length}):`)
    for (const page of missing.slice(0, listed)) out.push(`  ${page.route}`)
    if (missing.length > listed) out.push(`  … ${missing.length - listed} more (all in --json)`)
  }
  const extra = result.pages.filter((page) => page.status === 'extra')
  if (extra.length > 0)
    out.push(
      '',
      `Routes only here (${extra.length}): ${list(
        extra.map((page) => page.route),
        10,
      )}`,
    )

  if (result.staticFiles) {
    const check = result.staticFiles
    out.push(
      '',
      `Files of static/ present here: ${ratio(check.present, check.files)} (in the Docusaurus build: ${ratio(check.presentInDocusaurus, check.files)})`,
    )
    if (check.missing.length > 0)
      out.push(
        `  missing here: ${list(
          check.missing.map((file) => `/${file}`),
          10,
        )}`,
      )
  }
  if (result.staticHtml.docusaurus > 0) {
    out.push(`HTML files copied from static/ by Docusaurus, present here: ${ratio(result.staticHtml.present, result.staticHtml.docusaurus)}`)
  }

  const worst = worstPages(result.pages, options.worst)
  const withLoss = worstPages(result.pages, Number.MAX_SAFE_INTEGER).length
  if (worst.length > 0) {
    out.push('', `Worst pages (${worst.length} of the ${withLoss} pages of both sides with a difference), lowest structure score first:`)
    for (const page of worst) out.push(...describePage(page).map((line) => `  ${line}`))
  } else if (result.totals.routes.both === 0) {
    out.push('', 'No route is on both sides: nothing to compare page by page.')
  } else if (options.worst > 0) {
    out.push('', 'No page of both sides misses anything here.')
  }
  return out.join('\n')
}

/** A Markdown table (GitHub style), cells' pipes escaped. */
export function renderMarkdownTable(rows: readonly (readonly string[])[]): string {
  const [header, ...body] = rows
  if (!header) return ''
  const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ')
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n')
}
