/**
 * The site's one content source: picks the transport from the environment (local dataset by
 * default, Sanity when configured) and memoizes it for the whole build.
 */
import {contentEnv} from './env'
import {loadLocalDataset} from './local-dataset'
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

/** Runs one query of @site/schemas/queries with its parameters. */
export function fetchContent<Q extends KnownQuery>(query: Q, params: QueryParams): Promise<QueryResult<Q>> {
  transport ??= openTransport()
  return transport.then((open) => open.fetch(query, params))
}
