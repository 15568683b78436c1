/**
 * An imported dataset served as Sanity would serve it, by the Sanity API stand-in
 * (@site/test-support/sanity-api), for programs that build or publish from Sanity without reaching it:
 * image assets point at Sanity's CDN, as the build expects of a project; file assets (the static files,
 * which the build downloads) are served by the stand-in at their CDN path. A private dataset: every
 * query must carry the read token.
 */
import path from 'node:path'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {loadLocalDataset} from '@site/content-source/local-dataset'

export interface DatasetStandIn {
  standin: SanityApiServer
  /** The build's settings for this project (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_HOST, SANITY_API_READ_TOKEN). */
  env: Record<string, string>
}

export async function serveDatasetFromStandIn(datasetDir: string, {projectId, token}: {projectId: string; token: string}): Promise<DatasetStandIn> {
  const dataset = 'production'
  const {documents, images} = await loadLocalDataset(datasetDir)
  const served = documents.map((document) =>
    document._type === 'sanity.imageAsset' && typeof document.url === 'string'
      ? {...document, url: `https://cdn.sanity.io/images/${projectId}/${dataset}/${path.basename(document.url)}`}
      : document,
  )
  const filePath = (name: string) => `/files/${projectId}/${dataset}/${name}`
  const files = new Map(images.filter((asset) => asset.kind === 'file').map((asset) => [filePath(asset.fileName), asset.source] as const))
  const standin = await startSanityApiStandIn({projectId, dataset, documents: served, token, aclMode: 'private', files})
  for (const document of served)
    if (document._type === 'sanity.fileAsset' && typeof document.url === 'string') document.url = standin.assetUrl('files', path.basename(document.url))
  return {standin, env: {SANITY_PROJECT_ID: projectId, SANITY_DATASET: dataset, SANITY_API_HOST: standin.url, SANITY_API_READ_TOKEN: token}}
}
