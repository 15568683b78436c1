/**
 * Image and file URLs from asset ids, as @sanity/image-url derives them: an image asset id
 * (`image-<sha1>-<w>x<h>-<ext>`) carries the file name and the dimensions, a file asset id
 * (`file-<sha1>-<ext>`) the file name (Sanity's naming: @site/schemas/assets). Bodies nest to any depth, so they come back from the
 * queries as stored and their assets are resolved here, the same way for the local dataset (files
 * served from /_dataset/) and for a Sanity project (its CDN).
 */
import {fileAssetFileName, imageAssetFileName, parseFileAssetId, parseImageAssetId} from '@site/schemas/assets'
import {contentEnv, type ContentEnv} from './env'

/** Where the export serves the local dataset's assets; prepare-export copies them there. */
export const DATASET_IMAGES_URL = '/_dataset/images'
export const DATASET_FILES_URL = '/_dataset/files'

export interface AssetBase {
  images: string
  files: string
}

export function assetBase(env: ContentEnv = contentEnv()): AssetBase {
  if (env.mode === 'local') return {images: DATASET_IMAGES_URL, files: DATASET_FILES_URL}
  return {images: `https://cdn.sanity.io/images/${env.projectId}/${env.dataset}`, files: `https://cdn.sanity.io/files/${env.projectId}/${env.dataset}`}
}

export interface ImageAssetUrl {
  url: string
  width: number
  height: number
}

/** The URL and size of an image asset from its id; null for an id of another shape. */
export function imageAssetUrl(ref: string | null | undefined, base: AssetBase = assetBase()): ImageAssetUrl | null {
  const name = ref ? parseImageAssetId(ref) : null
  if (!name) return null
  return {url: `${base.images}/${imageAssetFileName(name)}`, width: name.width, height: name.height}
}

/** The URL of a file asset (a video, a download) from its id; null for an id of another shape. */
export function fileAssetUrl(ref: string | null | undefined, base: AssetBase = assetBase()): string | null {
  const name = ref ? parseFileAssetId(ref) : null
  if (!name) return null
  return `${base.files}/${fileAssetFileName(name)}`
}
