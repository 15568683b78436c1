/**
 * Runs before `next build` (and before a publish renders its pages): empties Next's data cache; with
 * the local dataset, copies its images into public/_dataset/images so that the static export serves
 * the URLs the image assets point at.
 */
import {rm} from 'node:fs/promises'
import path from 'node:path'
import {contentEnv} from '../content/env'
import {copyDatasetImages, DATASET_FILES_URL, DATASET_IMAGES_URL, loadLocalDataset} from '../content/local-dataset'
import {checkFrameworkVersions, NEXT_DATA_CACHE} from './next-adapter'
import {exportDir} from './out-dir'
import {copyKatexAssets, KATEX_BASE_URL} from '../portable-text/math-assets'

const publicDir = path.resolve(import.meta.dirname, '../../public')

/**
 * Next's data cache (next-adapter.ts): every `fetch` of a page rendered at build time is kept there (a
 * Sanity query through @sanity/client is one), and a later build, or a publish rendering with the compiled
 * app, would be answered from it with what an earlier build read. Emptied before each render, so that
 * pages rendered together still share their answers, but never an earlier build's.
 */
export {NEXT_DATA_CACHE}

/** Empties Next's data cache; copies the local dataset's images and files into public/ (nothing to do with Sanity); prints what it did. */
export async function prepareExport(dataCache = NEXT_DATA_CACHE): Promise<void> {
  // Checks SITE_OUT_DIR before next build writes there.
  exportDir()
  await rm(dataCache, {recursive: true, force: true})
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
