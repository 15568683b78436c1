/**
 * How Sanity names an uploaded asset: its id and its file name come from the SHA-1 of its bytes (and,
 * for an image, its dimensions and extension), so that the same bytes make the same asset and the id
 * alone gives the file's address. The local dataset, the Sanity API stand-in and the site's asset URLs
 * all name assets through these functions.
 */

export interface ImageAssetName {
  sha1: string
  width: number
  height: number
  extension: string
}

export interface FileAssetName {
  sha1: string
  extension: string
}

/** `image-<sha1>-<width>x<height>-<extension>` */
export function imageAssetId({sha1, width, height, extension}: ImageAssetName): string {
  return `image-${sha1}-${width}x${height}-${extension}`
}

/** `<sha1>-<width>x<height>.<extension>`: the image's file under the CDN's images folder. */
export function imageAssetFileName({sha1, width, height, extension}: ImageAssetName): string {
  return `${sha1}-${width}x${height}.${extension}`
}

/** `file-<sha1>-<extension>` */
export function fileAssetId({sha1, extension}: FileAssetName): string {
  return `file-${sha1}-${extension}`
}

/** `<sha1>.<extension>`: the file under the CDN's files folder. */
export function fileAssetFileName({sha1, extension}: FileAssetName): string {
  return `${sha1}.${extension}`
}

const IMAGE_ID = /^image-([a-f0-9]+)-(\d+)x(\d+)-([a-z0-9]+)$/
const FILE_ID = /^file-([a-f0-9]+)-([a-z0-9]+)$/

/** The parts of an image asset id; null for an id of another shape. */
export function parseImageAssetId(id: string): ImageAssetName | null {
  const match = IMAGE_ID.exec(id)
  if (!match) return null
  const [, sha1 = '', width = '', height = '', extension = ''] = match
  return {sha1, width: Number(width), height: Number(height), extension}
}

/** The parts of a file asset id; null for an id of another shape. */
export function parseFileAssetId(id: string): FileAssetName | null {
  const match = FILE_ID.exec(id)
  if (!match) return null
  const [, sha1 = '', extension = ''] = match
  return {sha1, extension}
}
