/**
 * The import in stages, in the order Docusaurus loads a site: config → files → entries → converted →
 * resolved → checked → written (one folder a stage, each with its input and output types). What every
 * stage shares is the run: the site folder, the one diagnostic log every stage reports into, the
 * reader report, and the progress lines.
 */
import type {DiagnosticLog} from '../diagnostics'
import type {ReaderReport} from '../reader-report'

export interface ImportRun {
  /** The site folder, absolute. */
  contentDir: string
  /** The folder the site folder is a copy of, whose git history dates it (absolute; `--git-history-of`). */
  gitHistoryOf?: string
  log: DiagnosticLog
  /** What readers of the imported site will miss, per feature and page. */
  report: ReaderReport
  progress: (line: string) => void
}
