/**
 * Dates each translation against its source with git: the source as it was at the translation's
 * last commit, converted like the current one and fingerprinted, becomes the translation's
 * `sourceRevision`. A source changed after that commit then reads as stale everywhere.
 */
import path from 'node:path'
import {translationFingerprint} from '@site/schemas'
import {DiagnosticLog} from '../diagnostics'
import {GitHistory} from '../git-history'
import type {SourceFile} from '../read-sources'
import {type BuildEnvironment, buildAllMarkdownDocuments} from './documents'
import type {SanityDocument} from './sanity-document'
import {classifyFiles, type MarkdownEntry} from './entries'
import {buildHomeSections} from './home-page'
import {AssetStore} from './resolvers'
import {baseUrlOf, contentFoldersOutside, staticDirsOf} from './site-config'
import type {SiteConfig} from './site-config'

export interface HistoryCounts {
  fromHistory: number
  /** Translation files with uncommitted changes: taken as made from the current source. */
  uncommitted: number
  /** Translation files never committed: taken as made from the current source. */
  untracked: number
  /** No git work tree: every translation taken as made from the current source. */
  withoutGit: number
}

interface TranslationOrigin {
  _type: 'translationOrigin'
  source: {_ref: string}
  sourceRevision: string
  translatedAt?: string
}

/** Git commands run at once while dating translations. */
const GIT_CONCURRENCY = 8

/** `work` over every item, at most `limit` at a time; the results in the items' order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T, at: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const at = next++
      results[at] = await work(items[at] as T, at)
    }
  }
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker))
  return results
}

/** Marks a source that did not exist when its translation was committed: never equal to a fingerprint. */
export function absentSourceRevision(commit: string): string {
  return `absent-at-${commit.slice(0, 12)}`
}

/**
 * Rewrites `translation.sourceRevision` and `translatedAt` of the translated documents in place
 * and says how each was dated. The current revisions stay where git cannot tell.
 */
export async function applyTranslationHistory(
  documents: SanityDocument[],
  contentDir: string,
  site: SiteConfig,
  env: BuildEnvironment,
  history?: GitHistory | null,
): Promise<HistoryCounts> {
  const counts: HistoryCounts = {fromHistory: 0, uncommitted: 0, untracked: 0, withoutGit: 0}
  const translated = documents.filter((document) => isOrigin(document.translation) && typeof document.sourcePath === 'string')
  if (translated.length === 0) return counts
  const git = history === undefined ? await GitHistory.open(contentDir) : history
  if (!git) {
    counts.withoutGit = translated.length
    return counts
  }
  const byId = new Map(documents.map((document) => [document._id, document]))
  const sourceOf = (document: SanityDocument) => {
    const source = byId.get((document.translation as TranslationOrigin).source._ref)
    return source && typeof source.sourcePath === 'string' ? (source as SanityDocument & {sourcePath: string}) : undefined
  }
  // What git says of each translation file, then each source's text at its translation's commit: many short git
  // commands, run a few at a time (they wait on git more than on this process); the rest runs in order.
  const states = await mapConcurrently(translated, GIT_CONCURRENCY, (document) =>
    sourceOf(document) ? git.state(path.join(contentDir, document.sourcePath as string)) : Promise.resolve(null),
  )
  // Each source at the commit of its translation, once per commit and source.
  const past = new Map<string, {commit: string; file: string}>()
  translated.forEach((document, at) => {
    const state = states[at]
    const source = sourceOf(document)
    if (state?.kind === 'committed' && source)
      past.set(`${state.commit}:${source.sourcePath}`, {commit: state.commit, file: path.join(contentDir, source.sourcePath)})
  })
  const texts = await mapConcurrently([...past.values()], GIT_CONCURRENCY, ({commit, file}) => git.readAt(commit, file))
  const pastTexts = new Map([...past.keys()].map((key, at) => [key, texts[at] ?? null]))
  const fingerprints = new Map<string, string>()
  for (const [at, document] of translated.entries()) {
    const origin = document.translation as TranslationOrigin
    const source = sourceOf(document)
    const state = states[at]
    if (!source || !state) continue
    if (state.kind !== 'committed') {
      counts[state.kind]++
      continue
    }
    counts.fromHistory++
    origin.translatedAt = new Date(state.date).toISOString()
    const key = `${state.commit}:${source.sourcePath}`
    let revision = fingerprints.get(key)
    if (revision === undefined) {
      const text = pastTexts.get(key) ?? null
      revision = text === null ? absentSourceRevision(state.commit) : await convertedFingerprint(source.sourcePath, text, source._id, contentDir, site, env)
      fingerprints.set(key, revision)
    }
    origin.sourceRevision = revision
  }
  return counts
}

/**
 * Converts a past version of a source file exactly as the current one is (same link index), with
 * its diagnostics dropped: problems of past versions are not the editors' to fix now.
 */
async function convertedFingerprint(file: string, text: string, id: string, contentDir: string, site: SiteConfig, env: BuildEnvironment): Promise<string> {
  const quiet = new DiagnosticLog()
  // Without the site's count of unknown code languages: a past version's blocks are not the site's.
  const {codeLanguages: _current, ...current} = env
  const pastEnv: BuildEnvironment = {
    ...current,
    log: quiet,
    assets: new AssetStore(contentDir, staticDirsOf(site), contentFoldersOutside(site), baseUrlOf(site)),
  }
  const sourceFile: SourceFile = {path: file, text, modifiedAt: new Date(0)}
  const entries = classifyFiles([sourceFile], site, quiet)
  // The site's remark plugins change the past version as they change the current one.
  await env.remarkPlugins?.prepareAll(entries)
  const built = buildAllMarkdownDocuments(
    entries,
    () => [],
    (entry: MarkdownEntry) => buildHomeSections(entry, pastEnv),
    pastEnv,
  )
  const document =
    Object.values(built)
      .flat()
      .find((candidate) => candidate._id === id) ?? Object.values(built).flat()[0]
  // Front matter too broken to read then: nothing of it can match the source now.
  return document ? translationFingerprint(document) : `unreadable-${translationFingerprint({body: text})}`
}

function isOrigin(value: unknown): value is TranslationOrigin {
  if (typeof value !== 'object' || value === null) return false
  const source = (value as {source?: unknown}).source
  return typeof source === 'object' && source !== null && typeof (source as {_ref?: unknown})._ref === 'string'
}
