/**
 * The dataset written by the importer (Sanity export NDJSON), loaded the way `sanity dataset
 * import` would store it: each `_sanityAsset` image file becomes a `sanity.imageAsset` document
 * and the image field a reference to it, so that `asset->url` resolves the same locally and on Sanity.
 */
import {createHash} from 'node:crypto'
import {copyFile, mkdir, readFile, stat} from 'node:fs/promises'
import path from 'node:path'
import {imageSize} from 'image-size'
import {isDatasetDocument, readDatasetDocuments, type DatasetDocument} from '@site/schemas/dataset'

export type {DatasetDocument}

/** Where the site serves dataset images from; `prepareDatasetImages` copies them under public/ at this path. */
export const DATASET_IMAGES_URL = '/_dataset/images'

export interface ImageAssetFile {
  /** Absolute path of the file inside the dataset folder. */
  source: string
  /** File name under DATASET_IMAGES_URL. */
  fileName: string
}

export interface LocalDataset {
  documents: DatasetDocument[]
  images: ImageAssetFile[]
}

const SANITY_ASSET = /^image@file:\/\/(.+)$/

/** Reads data.ndjson in `datasetDir` and resolves its image files; errors name the file and the line. */
export async function loadLocalDataset(datasetDir: string): Promise<LocalDataset> {
  const {file, documents} = await readDatasetDocuments(datasetDir)

  const assets = new Map<string, {document: DatasetDocument; file: ImageAssetFile}>()
  const resolveAsset = async (reference: string, where: string): Promise<string> => {
    const match = SANITY_ASSET.exec(reference)
    if (!match?.[1]) throw new Error(`${where}: unsupported _sanityAsset "${reference}" (expected image@file://./images/<file>)`)
    const source = path.resolve(datasetDir, match[1])
    const known = assets.get(source)
    if (known) return known.document._id
    const asset = await imageAssetFor(source, where)
    assets.set(source, asset)
    return asset.document._id
  }

  const converted: DatasetDocument[] = []
  for (const document of documents) {
    const replaced = await replaceAssets(document, resolveAsset, `${file} (${document._id})`)
    if (isDatasetDocument(replaced)) converted.push(replaced)
  }
  const assetDocuments = [...assets.values()].map((asset) => asset.document)
  return {documents: [...converted, ...assetDocuments], images: [...assets.values()].map((asset) => asset.file)}
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

async function imageAssetFor(source: string, where: string): Promise<{document: DatasetDocument; file: ImageAssetFile}> {
  let bytes: Buffer
  try {
    bytes = await readFile(source)
  } catch (error) {
    throw new Error(`${where}: the image ${source} does not exist`, {cause: error})
  }
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  let dimensions: {width: number; height: number; type?: string | undefined}
  try {
    dimensions = imageSize(bytes)
  } catch (error) {
    throw new Error(`${where}: ${source} is not an image that can be measured`, {cause: error})
  }
  const extension = (path.extname(source).slice(1) || dimensions.type || 'bin').toLowerCase()
  const {width, height} = dimensions
  const fileName = `${sha1}-${width}x${height}.${extension}`
  const size = (await stat(source)).size
  const document: DatasetDocument = {
    _id: `image-${sha1}-${width}x${height}-${extension}`,
    _type: 'sanity.imageAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension,
    mimeType: mimeTypeOf(extension),
    originalFilename: path.basename(source),
    path: `images/local/dataset/${fileName}`,
    size,
    url: `${DATASET_IMAGES_URL}/${fileName}`,
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height},
    },
  }
  return {document, file: {source, fileName}}
}

function mimeTypeOf(extension: string): string {
  const types: Record<string, string> = {png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', avif: 'image/avif'}
  return types[extension] ?? 'application/octet-stream'
}

/** A copy of `value` where every `{_sanityAsset}` image object holds `{asset: {_ref}}` instead. */
async function replaceAssets(value: unknown, resolveAsset: (reference: string, where: string) => Promise<string>, where: string): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => replaceAssets(item, resolveAsset, where)))
  if (!isRecord(value)) return value
  const result: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    if (key === '_sanityAsset') continue
    result[key] = await replaceAssets(field, resolveAsset, where)
  }
  if (typeof value._sanityAsset === 'string') {
    result.asset = {_type: 'reference', _ref: await resolveAsset(value._sanityAsset, where)}
  }
  return result
}

/** Copies the dataset's images to `publicDir`/_dataset/images so that the static export serves them. */
export async function copyDatasetImages(images: readonly ImageAssetFile[], publicDir: string): Promise<number> {
  const target = path.join(publicDir, ...DATASET_IMAGES_URL.split('/').filter(Boolean))
  await mkdir(target, {recursive: true})
  await Promise.all(images.map((image) => copyFile(image.source, path.join(target, image.fileName))))
  return images.length
}
