/**
 * The dataset written by the importer (Sanity export NDJSON), loaded the way `sanity dataset
 * import` would store it: each `_sanityAsset` file becomes a `sanity.imageAsset` or
 * `sanity.fileAsset` document with Sanity's id scheme and the field a reference to it, so that
 * asset URLs resolve the same locally and on Sanity.
 */
import {createHash} from 'node:crypto'
import {copyFile, mkdir, readFile} from 'node:fs/promises'
import path from 'node:path'
import {measureImage} from '@site/schemas/image-measure'
import {fileAssetFileName, fileAssetId, imageAssetFileName, imageAssetId} from '@site/schemas/assets'
import {isDatasetDocument, readDatasetDocuments, type DatasetDocument} from '@site/schemas/dataset'
import {DATASET_FILES_URL, DATASET_IMAGES_URL} from './assets'

export type {DatasetDocument}
export {DATASET_FILES_URL, DATASET_IMAGES_URL}

export interface ImageAssetFile {
  /** Absolute path of the file inside the dataset folder. */
  source: string
  /** File name under DATASET_IMAGES_URL (images) or DATASET_FILES_URL (other files). */
  fileName: string
  kind: 'image' | 'file'
}

export interface LocalDataset {
  documents: DatasetDocument[]
  images: ImageAssetFile[]
}

const SANITY_ASSET = /^(image|file)@file:\/\/(.+)$/

/** Reads data.ndjson in `datasetDir` and resolves its image files; errors name the file and the line. */
export async function loadLocalDataset(datasetDir: string): Promise<LocalDataset> {
  const {file, documents} = await readDatasetDocuments(datasetDir)

  const assets = new Map<string, {document: DatasetDocument; file: ImageAssetFile}>()
  const resolveAsset = async (reference: string, where: string): Promise<string> => {
    const match = SANITY_ASSET.exec(reference)
    if (!match?.[2]) throw new Error(`${where}: unsupported _sanityAsset "${reference}" (expected image@file://./images/<file> or file@file://./files/<file>)`)
    const source = path.resolve(datasetDir, match[2])
    const key = `${match[1]}:${source}`
    const known = assets.get(key)
    if (known) return known.document._id
    const asset = await assetFor(match[1] === 'image' ? 'image' : 'file', source, where)
    assets.set(key, asset)
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

/**
 * The asset document of an image or another file of the dataset folder, with the id, file name and
 * fields Sanity gives an upload of the same bytes.
 */
async function assetFor(kind: 'image' | 'file', source: string, where: string): Promise<{document: DatasetDocument; file: ImageAssetFile}> {
  let bytes: Buffer
  try {
    bytes = await readFile(source)
  } catch (error) {
    throw new Error(`${where}: the ${kind} ${source} does not exist`, {cause: error})
  }
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const named = kind === 'image' ? imageNaming(bytes, sha1, source, where) : fileNaming(sha1, source)
  const document: DatasetDocument = {
    _id: named.id,
    _type: kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension: named.extension,
    mimeType: mimeTypeOf(named.extension),
    originalFilename: path.basename(source),
    path: `${kind === 'image' ? 'images' : 'files'}/local/dataset/${named.fileName}`,
    size: bytes.length,
    url: `${kind === 'image' ? DATASET_IMAGES_URL : DATASET_FILES_URL}/${named.fileName}`,
    ...(named.metadata ? {metadata: named.metadata} : {}),
  }
  return {document, file: {source, fileName: named.fileName, kind}}
}

interface AssetNaming {
  id: string
  fileName: string
  extension: string
  metadata?: Record<string, unknown>
}

/** An image is measured: its id and file name carry its dimensions, its metadata holds them. */
function imageNaming(bytes: Buffer, sha1: string, source: string, where: string): AssetNaming {
  const dimensions = measureImage(bytes, source)
  if (!dimensions) throw new Error(`${where}: ${source} is not an image that can be measured`)
  const extension = (path.extname(source).slice(1) || dimensions.type || 'bin').toLowerCase()
  const {width, height} = dimensions
  const name = {sha1, width, height, extension}
  return {
    id: imageAssetId(name),
    fileName: imageAssetFileName(name),
    extension,
    metadata: {_type: 'sanity.imageMetadata', dimensions: {_type: 'sanity.imageDimensions', width, height, aspectRatio: width / height}},
  }
}

function fileNaming(sha1: string, source: string): AssetNaming {
  const extension = (path.extname(source).slice(1) || 'bin').toLowerCase()
  const name = {sha1, extension}
  return {id: fileAssetId(name), fileName: fileAssetFileName(name), extension}
}

function mimeTypeOf(extension: string): string {
  const types: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    avif: 'image/avif',
    ico: 'image/x-icon',
    mp4: 'video/mp4',
    webm: 'video/webm',
    ogv: 'video/ogg',
    mov: 'video/quicktime',
    mp3: 'audio/mpeg',
    pdf: 'application/pdf',
    zip: 'application/zip',
    json: 'application/json',
    txt: 'text/plain',
    xml: 'application/xml',
    wasm: 'application/wasm',
  }
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

/** Copies the dataset's images and files to `publicDir`/_dataset/ so that the static export serves them. */
export async function copyDatasetImages(assets: readonly ImageAssetFile[], publicDir: string): Promise<number> {
  const folder = (kind: ImageAssetFile['kind']) =>
    path.join(publicDir, ...(kind === 'image' ? DATASET_IMAGES_URL : DATASET_FILES_URL).split('/').filter(Boolean))
  await Promise.all([mkdir(folder('image'), {recursive: true}), mkdir(folder('file'), {recursive: true})])
  await Promise.all(assets.map((asset) => copyFile(asset.source, path.join(folder(asset.kind), asset.fileName))))
  return assets.length
}
