/**
 * The content source as the other workspaces use it (the index job, the link check, the bench, the
 * webhook): the environment, the transports and the search records, the same modules the web build
 * reads through. The build's own memoized source (source.ts) is server-only and not exported.
 */
// The TypeGen map of query strings to result types, which types every transport's answers.
import type {} from '@site/schemas/types'
import {readContentEnv, readSanityToken} from './env'
import {openContentTransport, type ContentTransport} from './transports'

export {findRepoRoot, readContentEnv, readSanityToken, type ContentEnv} from './env'
export {
  createLocalTransport,
  createSanityTransport,
  memoizeTransport,
  openContentTransport,
  type ContentTransport,
  type KnownQuery,
  type QueryParams,
  type QueryResult,
  type SanityTransportConfig,
} from './transports'
export {loadAllRecords, loadAllSynonyms, loadLocaleRecords, loadLocaleSynonyms, readLocaleTable} from './search-records'

/**
 * The transport the variables name (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_HOST,
 * SANITY_API_VERSION, SANITY_PERSPECTIVE, SANITY_API_READ_TOKEN; else DATASET_DIR, relative to `cwd`,
 * or the repository's .generated/dataset), read by the same rules as the web build's.
 */
export function contentTransportFromEnv(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Promise<ContentTransport> {
  return openContentTransport(readContentEnv(env, cwd), readSanityToken(env))
}
