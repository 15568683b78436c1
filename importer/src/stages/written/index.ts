/**
 * Stage 7, written: the dataset (data.ndjson, images/, files/) and import-report.json, what readers miss.
 */
import {writeFile} from 'node:fs/promises'
import {writeDataset} from '../../write-dataset'
import path from 'node:path'
import type {ImportRun} from '../import-run'
import type {CheckedStage} from '../checked'

export async function writeImport(run: ImportRun, stage: CheckedStage, outDir: string): Promise<void> {
  const {report, progress} = run
  const {documents: unique, datasetFiles} = stage
  await writeDataset(outDir, unique, datasetFiles)
  await writeFile(path.join(outDir, 'import-report.json'), `${JSON.stringify({readersMiss: report.list()}, null, 2)}\n`)
  progress(`wrote ${unique.length} documents to ${path.join(outDir, 'data.ndjson')}, and what readers will miss to import-report.json`)
}
