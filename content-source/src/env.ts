/**
 * Where content comes from, read from the environment by every program that reads content (the web
 * build, the index job, the webhook, the bench): the local dataset (default) or a Sanity project
 * when SANITY_PROJECT_ID and SANITY_DATASET are both set.
 */
import {existsSync, readFileSync} from 'node:fs'
import path from 'node:path'
import {SANITY_API_VERSION} from '@site/schemas/model'

export const DEFAULT_SANITY_API_VERSION = SANITY_API_VERSION

export type ContentEnv =
  | {mode: 'local'; datasetDir: string}
  | {mode: 'sanity'; projectId: string; dataset: string; apiVersion: string; apiHost: string | undefined; perspective: 'published' | 'drafts'}

type Env = Record<string, string | undefined>

/** Reads and checks the content variables; a half-configured Sanity project is an error naming what is missing. */
export function readContentEnv(env: Env = process.env, cwd: string = process.cwd()): ContentEnv {
  const projectId = nonEmpty(env.SANITY_PROJECT_ID)
  const dataset = nonEmpty(env.SANITY_DATASET)
  if (projectId || dataset) {
    if (!projectId)
      throw new Error(
        'SANITY_DATASET is set but SANITY_PROJECT_ID is missing: set both to build from a Sanity project, or neither to build from the local dataset',
      )
    if (!dataset)
      throw new Error(
        'SANITY_PROJECT_ID is set but SANITY_DATASET is missing: set both to build from a Sanity project, or neither to build from the local dataset',
      )
    const apiVersion = nonEmpty(env.SANITY_API_VERSION) ?? DEFAULT_SANITY_API_VERSION
    if (!/^(\d{4}-\d{2}-\d{2}|1|X)$/.test(apiVersion))
      throw new Error(`SANITY_API_VERSION must be a date such as ${DEFAULT_SANITY_API_VERSION}, got "${apiVersion}"`)
    const apiHost = nonEmpty(env.SANITY_API_HOST)
    if (apiHost && !/^https?:\/\//.test(apiHost)) throw new Error(`SANITY_API_HOST must be an http(s) address, got "${apiHost}"`)
    // The public site shows what is published; drafts only on a preview build that asks for them.
    const perspective = nonEmpty(env.SANITY_PERSPECTIVE) ?? 'published'
    if (perspective !== 'published' && perspective !== 'drafts') throw new Error(`SANITY_PERSPECTIVE must be published or drafts, got "${perspective}"`)
    return {mode: 'sanity', projectId, dataset, apiVersion, apiHost, perspective}
  }
  const datasetDir = nonEmpty(env.DATASET_DIR)
  return {mode: 'local', datasetDir: datasetDir ? path.resolve(cwd, datasetDir) : path.join(findRepoRoot(cwd), '.generated', 'dataset')}
}

/** The Sanity read token (SANITY_API_READ_TOKEN), for drafts or private datasets: only ever handed to the transport, never kept in the environment record. */
export function readSanityToken(env: Env = process.env): string | undefined {
  return nonEmpty(env.SANITY_API_READ_TOKEN)
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** The monorepo root: the nearest folder up from `start` whose package.json declares workspaces. */
export function findRepoRoot(start: string): string {
  let dir = path.resolve(start)
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest) && /"workspaces"\s*:/.test(readFileSync(manifest, 'utf8'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`No monorepo root (a package.json with "workspaces") above ${start}; set DATASET_DIR`)
    dir = parent
  }
}

let cached: ContentEnv | undefined

/** The process's content environment, read on first use. */
export function contentEnv(): ContentEnv {
  cached ??= readContentEnv()
  return cached
}
