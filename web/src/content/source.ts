/**
 * The site's one content source: picks the transport from the environment (local dataset by
 * default, Sanity when configured) and memoizes it for the whole build.
 */
import {contentEnv} from './env'
import {loadLocalDataset} from './local-dataset'
import {answerHash, queryName, recordingReads, recordRead} from './reads'
import {sanityReadToken} from './token'
import {createLocalTransport, createSanityTransport, memoizeTransport, type ContentTransport, type KnownQuery, type QueryParams, type QueryResult} from './transports'

let transport: Promise<ContentTransport> | undefined

async function openTransport(): Promise<ContentTransport> {
  const env = contentEnv()
  if (env.mode === 'sanity') {
    // SANITY_API_HOST is the whole query API address (a proxy, or a local stand-in in the tests): no project subdomain in front of it.
    return memoizeTransport(createSanityTransport({...env, token: sanityReadToken(), ...(env.apiHost ? {useProjectHostname: false} : {})}))
  }
  const dataset = await loadLocalDataset(env.datasetDir)
  return memoizeTransport(createLocalTransport(dataset.documents))
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
  transport ??= openTransport()
  const answer = transport.then((open) => open.fetch(query, params))
  if (!recordingReads()) return answer
  // Recorded in the caller's context (the page or the shared loader asking), once the answer is known.
  return answer.then((result) => {
    recordRead({query: queryName(query), params, hash: hashOf(result)})
    return result
  })
}
