/**
 * Runs before `next build` (and before a publish renders its pages): copies KaTeX's assets into public/,
 * and, with the local dataset, its images into public/_dataset/images so that the static export serves
 * the URLs the image assets point at.
 */
import {rm} from 'node:fs/promises'
import path from 'node:path'
import {contentEnv} from '@site/content-source/env'
import {copyDatasetImages, DATASET_FILES_URL, DATASET_IMAGES_URL, loadLocalDataset} from '@site/content-source/local-dataset'
import {checkFrameworkVersions} from './next-adapter'
import {exportDir} from './out-dir'
import {copyKatexAssets, KATEX_BASE_URL} from '../portable-text/math-assets'

const publicDir = path.resolve(import.meta.dirname, '../../public')

/**
 * Copies the KaTeX assets and the local dataset's images and files into public/ (nothing to do with Sanity);
 * prints what it did. Next's data cache needs no emptying: it keeps nothing (next-adapter.ts, DATA_CACHE_HANDLER).
 */
export async function prepareExport(): Promise<void> {
  // Checks SITE_OUT_DIR before next build writes there.
  exportDir()
  const katex = await copyKatexAssets(publicDir)
  console.log(`KaTeX: ${katex.files} files (stylesheet and fonts) at ${KATEX_BASE_URL}/, linked from pages with math`)
  const env = contentEnv()
  if (env.mode !== 'local') {
    console.log(`Content from Sanity project ${env.projectId}/${env.dataset}: images are served by Sanity's CDN`)
    return
  }
  const started = performance.now()
  const dataset = await loadLocalDataset(env.datasetDir)
  for (const url of [DATASET_IMAGES_URL, DATASET_FILES_URL]) await rm(path.join(publicDir, ...url.split('/').filter(Boolean)), {recursive: true, force: true})
  const count = await copyDatasetImages(dataset.images, publicDir)
  console.log(
    `Dataset ${env.datasetDir}: ${dataset.documents.length} documents, ${count} images and files copied to public/_dataset/ (${Math.round(performance.now() - started)} ms)`,
  )
}

// The first step of web's build: the installed Next and React are checked before anything is built.
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  Promise.resolve()
    .then(() => checkFrameworkVersions())
    .then(() => prepareExport())
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
