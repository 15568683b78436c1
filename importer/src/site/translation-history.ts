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
  const fingerprints = new Map<string, string>()
  for (const document of translated) {
    const origin = document.translation as TranslationOrigin
    const source = byId.get(origin.source._ref)
    if (!source || typeof source.sourcePath !== 'string') continue
    const state = await git.state(path.join(contentDir, document.sourcePath as string))
    if (state.kind !== 'committed') {
      counts[state.kind]++
      continue
    }
    counts.fromHistory++
    origin.translatedAt = new Date(state.date).toISOString()
    const key = `${state.commit}:${source.sourcePath}`
    let revision = fingerprints.get(key)
    if (revision === undefined) {
      const text = await git.readAt(state.commit, path.join(contentDir, source.sourcePath))
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
