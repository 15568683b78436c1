/**
 * A Sanity dataset's documents in one request: the export endpoint (`GET /v2021-06-07/data/export/<dataset>`,
 * one JSON document a line, drafts included for a token that may read them), seen through the build's
 * perspective. The build steps outside Next's render that read most of the content at once (a publish's
 * plan, the sitemap and feeds, the search shards, the static pages) answer their queries from it with
 * groq-js, the local dataset's evaluator, instead of asking the query API hundreds of times. The pages
 * themselves still ask the query API.
 */
import {parseDatasetLines, type DatasetDocument} from '@site/schemas/dataset'
import type {ContentEnv} from './env'

/** The export endpoint's API version, the one its documentation gives. */
export const EXPORT_API_VERSION = 'v2021-06-07'

type SanityEnv = Extract<ContentEnv, {mode: 'sanity'}>

/** The export endpoint of a project's dataset: under SANITY_API_HOST as it is (a proxy, the stand-in), else the project's own host. */
export function exportUrl(env: Pick<SanityEnv, 'projectId' | 'dataset' | 'apiHost'>): string {
  const base = env.apiHost ? env.apiHost.replace(/\/+$/, '') : `https://${env.projectId}.api.sanity.io`
  return `${base}/${EXPORT_API_VERSION}/data/export/${encodeURIComponent(env.dataset)}`
}

/**
 * The export's lines as documents (schemas' dataset reader, which names the line of a bad one). The error
 * object Sanity writes when a stream fails half-way (`{"error": …}`) is an error with its message.
 */
export function parseExportLines(text: string, source: string): DatasetDocument[] {
  const lines = text.split('\n')
  const failed = lines.findIndex((line) => /^\s*\{\s*"error"\s*:/.test(line))
  if (failed !== -1) {
    let message = lines[failed] ?? ''
    try {
      const {error} = JSON.parse(message) as {error: unknown}
      message =
        typeof error === 'string'
          ? error
          : typeof error === 'object' && error !== null && 'description' in error
            ? String(error.description)
            : JSON.stringify(error)
    } catch {
      // Not even JSON: its text is the message.
    }
    throw new Error(`${source}, line ${failed + 1}: the export failed: ${message}`)
  }
  try {
    return parseDatasetLines(text, source)
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}: the export was cut short or is not NDJSON`, {cause: error})
  }
}

/**
 * The documents a perspective shows, as the query API shows them: `published` leaves drafts and
 * release versions out; `drafts` shows each draft under its published id, in place of the published document.
 */
export function inPerspective(documents: readonly DatasetDocument[], perspective: 'published' | 'drafts'): DatasetDocument[] {
  const published = documents.filter((document) => !document._id.startsWith('drafts.') && !document._id.startsWith('versions.'))
  if (perspective === 'published') return published
  const byId = new Map(published.map((document) => [document._id, document]))
  for (const document of documents) {
    if (document._id.startsWith('drafts.')) byId.set(document._id.slice('drafts.'.length), {...document, _id: document._id.slice('drafts.'.length)})
  }
  return [...byId.values()]
}

/** Downloads the dataset through the export endpoint and returns what the environment's perspective shows. */
export async function exportDataset(env: SanityEnv, token: string | undefined, fetchImpl: typeof fetch = fetch): Promise<DatasetDocument[]> {
  const url = exportUrl(env)
  const source = `the export of Sanity dataset ${env.projectId}/${env.dataset} (${url})`
  let response: Response
  try {
    response = await fetchImpl(url, {headers: token ? {authorization: `Bearer ${token}`} : {}})
  } catch (error) {
    throw new Error(`${source} could not be reached: ${error instanceof Error ? error.message : String(error)}`, {cause: error})
  }
  if (!response.ok) {
    const body = (await response.text()).slice(0, 300)
    const hint = response.status === 401 || response.status === 403 ? ' (a private dataset needs SANITY_API_READ_TOKEN)' : ''
    throw new Error(`${source} answered HTTP ${response.status}${hint}: ${body}`)
  }
  return inPerspective(parseExportLines(await response.text(), source), env.perspective)
}
