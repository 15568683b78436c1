/**
 * The web build's content source: the transport the environment names (see transports.ts), opened
 * once and memoized for the whole build. Server-only: it holds the Sanity read token, which must
 * never reach a browser bundle.
 */
import 'server-only'
import {exportDataset} from './dataset-export'
import {contentEnv, readSanityToken} from './env'
import {isPreviewServer} from './preview-env'
import {requestTransport} from './preview-source'
import {answerHash, queryName, recordingReads, recordRead} from './reads'
import {
  createLocalTransport,
  memoizeTransport,
  openContentTransport,
  type ContentTransport,
  type KnownQuery,
  type QueryParams,
  type QueryResult,
} from './transports'

let transport: Promise<ContentTransport> | undefined

async function openTransport(): Promise<ContentTransport> {
  return memoizeTransport(await openContentTransport(contentEnv(), readSanityToken()))
}

/**
 * With a Sanity project, this process answers its reads from one export of the dataset (dataset-export.ts)
 * through groq-js, as the local dataset is answered: for the build steps that run outside Next's render and
 * read much of the content (a publish's plan and listings, the sitemap and feeds, the search shards, the
 * static pages), not for the pages, which ask the query API. Reads are recorded all the same. Returns what it
 * downloaded, or null with the local dataset (already answered locally).
 */
export async function answerFromDatasetExport(): Promise<{documents: number; ms: number} | null> {
  const env = contentEnv()
  if (env.mode !== 'sanity' || isPreviewServer()) return null
  const started = performance.now()
  const documents = await exportDataset(env, readSanityToken())
  const local = memoizeTransport(createLocalTransport(documents))
  transport = Promise.resolve({...local, name: `an export of Sanity project ${env.projectId}/${env.dataset} (groq-js)`})
  return {documents: documents.length, ms: Math.round(performance.now() - started)}
}

/** Hashes of answers already hashed: a list asked for by every page is hashed once per process. */
const hashes = new WeakMap<object, string>()

function hashOf(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) return answerHash(answer)
  let hash = hashes.get(answer)
  if (!hash) hashes.set(answer, (hash = answerHash(answer)))
  return hash
}

/** Runs one query of @site/schemas/queries with its parameters (recorded for the page being built, see reads.ts). */
export function fetchContent<Q extends KnownQuery>(query: Q, params: QueryParams): Promise<QueryResult<Q>> {
  // The preview server asks per request: drafts in draft mode, the published content otherwise.
  if (isPreviewServer()) return requestTransport().then((open) => open.fetch(query, params))
  transport ??= openTransport()
  const answer = transport.then((open) => open.fetch(query, params))
  if (!recordingReads()) return answer
  // Recorded in the caller's context (the page or the shared loader asking), once the answer is known.
  return answer.then((result) => {
    recordRead({query: queryName(query), params, hash: hashOf(result)})
    return result
  })
}
