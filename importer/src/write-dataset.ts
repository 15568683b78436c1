/**
 * Stage 6, writing: the dataset as Sanity export NDJSON (one document a line, sorted by _id so that
 * re-runs give identical bytes) and the images and files it references copied beside it.
 */
import {copyFile, mkdir, rm, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {SanityDocument} from './site/sanity-document'

export function toNdjson(documents: SanityDocument[]): string {
  const sorted = [...documents].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
  return sorted.map((document) => JSON.stringify(document)).join('\n') + '\n'
}

export async function writeDataset(
  outDir: string,
  documents: SanityDocument[],
  assets: {images: [string, string][]; files: [string, string][]},
): Promise<void> {
  // Fresh images/ and files/ folders: assets of an earlier run that are no longer used do not
  // linger. Only what this job writes is removed, whatever folder --out names.
  for (const folder of ['images', 'files'] as const) {
    await rm(path.join(outDir, folder), {recursive: true, force: true})
    await mkdir(path.join(outDir, folder), {recursive: true})
  }
  await writeFile(path.join(outDir, 'data.ndjson'), toNdjson(documents))
  for (const [name, source] of assets.images) await copyFile(source, path.join(outDir, 'images', name))
  for (const [name, source] of assets.files) await copyFile(source, path.join(outDir, 'files', name))
}
