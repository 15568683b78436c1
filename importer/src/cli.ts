/**
 * `npx tsx importer/src/cli.ts [--content <dir>] [--out <dir>] [--install] [--git-history-of <dir>]`: imports a
 * Docusaurus-layout folder into a Sanity export dataset, printing progress and a summary (with what
 * readers will miss); exits 1 on any error. --install first installs the site's dependencies;
 * --git-history-of dates a copy of a site folder by the git history of the folder it was copied from.
 */
import {statSync} from 'node:fs'
import {parseArgs} from 'node:util'
import {formatDiagnostic, sortDiagnostics} from './diagnostics'
import {formatReaderReport} from './reader-report'
import {runImport} from './run-import'

async function main(): Promise<number> {
  const {values} = parseArgs({
    options: {
      content: {type: 'string', default: 'content'},
      out: {type: 'string', default: '.generated/dataset'},
      install: {type: 'boolean', default: false},
      'git-history-of': {type: 'string'},
      help: {type: 'boolean', default: false},
    },
  })
  if (values.help) {
    console.log('usage: cli.ts [--content <dir>] [--out <dir>] [--install] [--git-history-of <dir>]')
    console.log("  --install  install the site's dependencies first, with its own package manager (from its lock file or packageManager field)")
    console.log('  --git-history-of <dir>  the content folder is a copy of <dir>: each file is dated by the git history of')
    console.log("                          <dir>'s file at the same path, as long as their bytes are the same")
    return 0
  }
  const historyOf = values['git-history-of']
  if (historyOf !== undefined && !statSync(historyOf, {throwIfNoEntry: false})?.isDirectory()) {
    console.error(`--git-history-of ${historyOf}: no such folder`)
    return 1
  }
  const started = performance.now()
  const say = (line: string) => console.log(`  ${line}`)
  console.log(`Importing ${values.content} → ${values.out}`)
  const result = await runImport({contentDir: values.content, outDir: values.out, progress: say, install: values.install, gitHistoryOf: historyOf})
  const seconds = ((performance.now() - started) / 1000).toFixed(1)

  const byType = new Map<string, number>()
  for (const document of result.documents) byType.set(document._type, (byType.get(document._type) ?? 0) + 1)
  console.log('\nSummary')
  console.log(`  files read: ${result.filesRead} markdown files`)
  console.log(`  documents: ${result.documents.length}${result.written ? ' written' : ' (not written)'}`)
  for (const [type, count] of [...byType].sort(([a], [b]) => a.localeCompare(b))) console.log(`    ${type}: ${count}`)
  console.log(`  images: ${result.assets.images.length}, other files: ${result.assets.files.length}`)
  if (result.reactPages.length > 0) console.log(`  React pages not imported: ${result.reactPages.join(', ')}`)
  console.log(
    `  what readers will miss: ${result.readerReport.length === 0 ? 'nothing the import knows of' : `${result.readerReport.length} ${result.readerReport.length === 1 ? 'feature' : 'features'}${result.written ? ' (every page in import-report.json)' : ''}`}`,
  )
  for (const line of formatReaderReport(result.readerReport)) console.log(`    ${line}`)
  console.log(`  warnings: ${result.warnings.length}`)
  for (const warning of sortDiagnostics(result.warnings)) console.log(`    warning ${formatDiagnostic(warning)}`)
  console.log(`  errors: ${result.errors.length}`)
  for (const error of sortDiagnostics(result.errors)) console.error(`    error ${formatDiagnostic(error)}`)
  console.log(`  time: ${seconds} s`)
  if (result.errors.length > 0) {
    console.error(`\nImport failed: ${result.errors.length} error(s); the dataset was not written.`)
    return 1
  }
  return 0
}

// Nothing left to wait for while the import is unfinished (something it awaits will never settle): Node would exit
// with code 0 and no dataset. Said, and a failure, unless another listener takes it up (a site's remark plugin that
// stalled is that plugin's failure on one file, site/remark-plugins.ts, and the import goes on).
const unfinished = () => {
  if (process.listenerCount('beforeExit') > 1) return
  console.error('\nImport failed: it stopped before it finished, waiting on something that will never come; the dataset was not written.')
  process.exit(1)
}
process.on('beforeExit', unfinished)

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
