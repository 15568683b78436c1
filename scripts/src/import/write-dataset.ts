/**
 * Stage 6, writing: the dataset as Sanity export NDJSON (one document a line, sorted by _id so that
 * re-runs give identical bytes) and the images it references copied beside it.
 */
import {copyFile, mkdir, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {SanityDocument} from './site/documents'

export function toNdjson(documents: SanityDocument[]): string {
  const sorted = [...documents].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
  return sorted.map((document) => JSON.stringify(document)).join('\n') + '\n'
}

export async function writeDataset(outDir: string, documents: SanityDocument[], images: [string, string][]): Promise<void> {
  // A fresh images/ folder: images of an earlier run that are no longer used do not linger. Only
  // what this job writes is removed, whatever folder --out names.
  await rm(path.join(outDir, 'images'), {recursive: true, force: true})
  await mkdir(path.join(outDir, 'images'), {recursive: true})
  await writeFile(path.join(outDir, 'data.ndjson'), toNdjson(documents))
  for (const [name, source] of images) await copyFile(source, path.join(outDir, 'images', name))
}
