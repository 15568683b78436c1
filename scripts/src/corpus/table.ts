/** The corpus table: one row per site, from its Docusaurus build record and its comparison's totals. */
import {renderMarkdownTable} from '../compare/report'
import type {OracleRecord} from './oracle'

export interface SiteRow {
  id: string
  repository: string
  commit: string | null
  covers: string[]
  locales: 'all' | string[]
  error: string | null
  oracle?: OracleRecord
  markdownFiles?: number
  importSeconds?: number | null
  buildSeconds?: number | null
  importErrors?: number | null
  totals?: {
    routes: {docusaurus: number; both: number}
    words: {reference: number; found: number; pagesAtLeast99: number; pagesCompared: number}
    unconverted: number
    structure?: {matched: number; docusaurus: number; ours: number; pagesAtLeast99: number; pagesCompared: number}
    rawSource?: number
    lineBreaks?: {docusaurus: number; ours: number; extra: number; missing: number}
    brokenLinks?: {docusaurus: number; ours: number}
  }
}

const integer = new Intl.NumberFormat('en-US')

/** A share as a percentage that never rounds a loss up to 100%. */
export function percent(found: number, reference: number): string {
  if (reference === 0) return '–'
  const value = (found / reference) * 100
  const shown = found < reference && value > 99.9 ? '99.9' : value.toFixed(1)
  return `${shown}%`
}

function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–'
  if (seconds < 60) return `${seconds.toFixed(0)} s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
}

export function corpusTable(rows: readonly SiteRow[]): string {
  const header = [
    'Site',
    'Docusaurus',
    'Markdown files',
    'Locales built',
    'Pages (Docusaurus)',
    'Routes present here',
    'Structure score',
    'Pages ≥ 99% structure',
    'Words found',
    'Pages ≥ 99% words',
    'Raw source shown',
    'Not converted',
    'Line breaks not in Docusaurus',
    'Links to no page (Docusaurus / here)',
    'Import here',
    'Build here',
    'Docusaurus build (CPU)',
  ]
  const body = rows.map((row) => {
    const t = row.totals
    const s = t?.structure
    const oracle = row.oracle
    return [
      row.repository.startsWith('local:') ? `${row.id} (${row.repository.slice('local:'.length)}/)` : `${row.id} (${row.repository})`,
      oracle?.docusaurusVersion ?? '–',
      row.markdownFiles !== undefined ? integer.format(row.markdownFiles) : '–',
      row.locales === 'all' ? 'all' : row.locales.join(', '),
      t ? integer.format(t.routes.docusaurus) : '–',
      t ? `${integer.format(t.routes.both)}/${integer.format(t.routes.docusaurus)}` : '–',
      s ? percent(2 * s.matched, s.docusaurus + s.ours) : '–',
      s ? `${integer.format(s.pagesAtLeast99)}/${integer.format(s.pagesCompared)}` : '–',
      t ? percent(t.words.found, t.words.reference) : '–',
      t ? `${integer.format(t.words.pagesAtLeast99)}/${integer.format(t.words.pagesCompared)}` : '–',
      t?.rawSource !== undefined ? integer.format(t.rawSource) : '–',
      t ? integer.format(t.unconverted) : '–',
      t?.lineBreaks ? integer.format(t.lineBreaks.extra) : '–',
      t?.brokenLinks ? `${integer.format(t.brokenLinks.docusaurus)} / ${integer.format(t.brokenLinks.ours)}` : '–',
      duration(row.importSeconds),
      duration(row.buildSeconds),
      oracle ? `${duration(oracle.seconds)}${oracle.cpuSeconds !== null ? ` (${integer.format(Math.round(oracle.cpuSeconds))} CPU-s)` : ''}` : '–',
    ]
  })
  const lines = [renderMarkdownTable([header, ...body])]
  const failed = rows.filter((row) => row.error)
  if (failed.length > 0) lines.push('', ...failed.map((row) => `- ${row.id}: ${row.error}`))
  return lines.join('\n')
}
