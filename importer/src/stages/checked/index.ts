/**
 * Stage 6, checked: every document checked against the content model, one kept per id; the site's
 * swizzled components reported with the pages they touch; the files to copy into the dataset.
 */
import type {DiagnosticLog} from '../../diagnostics'
import {checkDocument} from '../../schema-check'
import type {SanityDocument} from '../../site/sanity-document'
import {reportedPages, reportSwizzled} from '../../site/swizzled'
import {buildTranslationMetadata} from '../../site/translation-metadata'
import type {ImportRun} from '../import-run'
import type {ResolvedStage} from '../resolved'

export interface CheckedStage {
  /** The documents to write: checked, one per id, and the translation metadata. */
  documents: SanityDocument[]
  /** Files to copy into the dataset: images/ and files/ names → absolute source paths. */
  datasetFiles: {images: [string, string][]; files: [string, string][]}
  filesRead: number
  reactPaths: string[]
}

export function checkDocuments(run: ImportRun, stage: ResolvedStage): CheckedStage {
  const {contentDir, log, report, progress} = run
  const {read, documents, assets, reactPaths} = stage
  const swizzled = reportSwizzled(contentDir, reportedPages(documents, new Map(read.files.map((file) => [file.path, file.text]))), report)
  if (swizzled > 0)
    progress(
      `theme: ${swizzled} component${swizzled === 1 ? '' : 's'} of the site's own in src/theme (swizzled), not imported: named in the report with the pages they touch`,
    )

  const unique = checkAll(documents, log)
  // Outside the content model (the plugin's own type), so added after the schema check.
  unique.push(...buildTranslationMetadata(unique))
  const datasetFiles = assets.datasetFiles()
  progress(`assets: ${datasetFiles.images.length} images and ${datasetFiles.files.length} files to copy into the dataset`)
  return {documents: unique, datasetFiles, filesRead: read.files.length, reactPaths}
}

/**
 * Checks every document against the content model and keeps one document per id: two files that
 * give the same address (as Docusaurus's duplicate routes) are both named in a warning, and the
 * first one is kept.
 */
function checkAll(documents: SanityDocument[], log: DiagnosticLog): SanityDocument[] {
  const seen = new Map<string, SanityDocument>()
  // A file whose front matter was already reported would only repeat the same problems here.
  const reported = new Set(log.errors.map((error) => error.file))
  for (const document of documents) {
    const file = typeof document.sourcePath === 'string' ? document.sourcePath : `(${document._type} ${document._id})`
    const first = seen.get(document._id)
    if (first) {
      log.warn({
        file,
        message: `gives the same address as ${typeof first.sourcePath === 'string' ? first.sourcePath : first._id} (${document._id}); that file is kept, this one is not imported`,
      })
      continue
    }
    seen.set(document._id, document)
    if (reported.has(file)) continue
    for (const problem of checkDocument(document)) log.error({file, message: `${document._id}: ${problem}`})
  }
  return [...seen.values()]
}
