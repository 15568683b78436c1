/**
 * The import job, in stages as Docusaurus loads a site (stages/): config → files → entries →
 * converted → resolved → checked → written. Every stage reports into one diagnostic log; nothing is
 * written when there is an error.
 */
import path from 'node:path'
import {DiagnosticLog, type Diagnostic} from './diagnostics'
import type {SanityDocument} from './site/sanity-document'
import {ReaderReport, type ReaderReportEntry} from './reader-report'
import {loadConfig} from './stages/config'
import {readFiles} from './stages/files'
import {classifyEntries} from './stages/entries'
import {convertBodies} from './stages/converted'
import {resolveSite} from './stages/resolved'
import {checkDocuments} from './stages/checked'
import {writeImport} from './stages/written'
import type {ImportRun} from './stages/import-run'

export interface ImportOptions {
  contentDir: string
  outDir: string
  /** Progress lines (stage, counts); silent when absent. */
  progress?: (line: string) => void
  /** When false, documents are built and checked but nothing is written. */
  write?: boolean
  /** Installs the site's dependencies first, with its own package manager (package-manager.ts). */
  install?: boolean
  /**
   * The folder the site folder is a copy of: the copy's files are dated by that folder's git history, each as
   * its original at the same path (git-history.ts). For a copy kept outside git, whose import then equals the original's.
   */
  gitHistoryOf?: string
}

export interface ImportResult {
  filesRead: number
  documents: SanityDocument[]
  /** Files copied into the dataset: images/ and files/ names → absolute source paths. */
  assets: {images: [string, string][]; files: [string, string][]}
  warnings: Diagnostic[]
  errors: Diagnostic[]
  written: boolean
  /** React pages of the site (src/pages/*.js…) that were not imported (the home page, pages that cannot render here): their site paths. */
  reactPages: string[]
  /** What readers of the imported site will miss, feature by feature, with the pages each touches (also written to import-report.json). */
  readerReport: ReaderReportEntry[]
}

export async function runImport(options: ImportOptions): Promise<ImportResult> {
  const progress = options.progress ?? (() => {})
  const contentDir = path.resolve(options.contentDir)
  const log = new DiagnosticLog()
  const report = new ReaderReport()
  const noAssets = {images: [], files: []}
  const result = (
    documents: SanityDocument[],
    filesRead: number,
    assets: ImportResult['assets'] = noAssets,
    written = false,
    reactPages: string[] = [],
  ): ImportResult => ({
    filesRead,
    documents,
    assets,
    warnings: log.warnings,
    errors: log.errors,
    written,
    reactPages,
    readerReport: report.list(),
  })

  const gitHistoryOf = options.gitHistoryOf === undefined ? undefined : path.resolve(options.gitHistoryOf)
  const run: ImportRun = {contentDir, gitHistoryOf, log, report, progress}
  const config = await loadConfig(run, options.install)
  if (!config) return result([], 0)
  const files = await readFiles(run, config)
  const entries = classifyEntries(run, files)
  const converted = await convertBodies(run, entries)
  const resolved = await resolveSite(run, converted)
  const checked = checkDocuments(run, resolved)
  if (log.errors.length > 0 || options.write === false) return result(checked.documents, checked.filesRead, checked.datasetFiles, false, checked.reactPaths)
  await writeImport(run, checked, options.outDir)
  return result(checked.documents, checked.filesRead, checked.datasetFiles, true, checked.reactPaths)
}
