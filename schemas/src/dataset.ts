/**
 * Reads a dataset in Sanity's export format (data.ndjson: one document a line), for the jobs and
 * the web build that evaluate GROQ over it locally. Node only: not exported from the index, which the
 * studio's browser bundle imports.
 */
import {readFile} from 'node:fs/promises'
import path from 'node:path'

export interface DatasetDocument {
  _id: string
  _type: string
  [field: string]: unknown
}

/** The documents of `<datasetDir>/data.ndjson`; a bad line is an error naming the file and the line. */
export async function readDatasetDocuments(datasetDir: string): Promise<{file: string; documents: DatasetDocument[]}> {
  const file = path.join(datasetDir, 'data.ndjson')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new Error(`Cannot read the dataset ${file}: run the importer first (npm run import) or set DATASET_DIR`, {cause: error})
  }
  return {file, documents: parseDatasetLines(text, file)}
}

export function parseDatasetLines(text: string, file: string): DatasetDocument[] {
  const documents: DatasetDocument[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      throw new Error(`${file}:${index + 1}: not valid JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    if (!isDatasetDocument(parsed)) throw new Error(`${file}:${index + 1}: a dataset line must be an object with string _id and _type`)
    documents.push(parsed)
  }
  return documents
}

export function isDatasetDocument(value: unknown): value is DatasetDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as {_id?: unknown})._id === 'string' &&
    typeof (value as {_type?: unknown})._type === 'string'
  )
}
