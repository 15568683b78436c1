/**
 * Image and file URLs from asset ids, as @sanity/image-url derives them: an image asset id
 * (`image-<sha1>-<w>x<h>-<ext>`) carries the file name and the dimensions, a file asset id
 * (`file-<sha1>-<ext>`) the file name. Bodies nest to any depth, so they come back from the
 * queries as stored and their assets are resolved here, the same way for the local dataset (files
 * served from /_dataset/) and for a Sanity project (its CDN).
 */
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

const IMAGE_ID = /^image-([a-f0-9]+)-(\d+)x(\d+)-([a-z0-9]+)$/
const FILE_ID = /^file-([a-f0-9]+)-([a-z0-9]+)$/

export interface ImageAssetUrl {
  url: string
  width: number
  height: number
}

/** The URL and size of an image asset from its id; null for an id of another shape. */
export function imageAssetUrl(ref: string | null | undefined, base: AssetBase = assetBase()): ImageAssetUrl | null {
  const match = ref ? IMAGE_ID.exec(ref) : null
  if (!match) return null
  const [, hash, width, height, extension] = match
  return {url: `${base.images}/${hash}-${width}x${height}.${extension}`, width: Number(width), height: Number(height)}
}

/** The URL of a file asset (a video, a download) from its id; null for an id of another shape. */
export function fileAssetUrl(ref: string | null | undefined, base: AssetBase = assetBase()): string | null {
  const match = ref ? FILE_ID.exec(ref) : null
  if (!match) return null
  const [, hash, extension] = match
  return `${base.files}/${hash}.${extension}`
}
