/**
 * The "last updated" date of docs and pages that do not give one in front matter (last_update.date):
 * the date of the last commit that touched their file. Files with uncommitted changes, never
 * committed, or outside git keep no date rather than a made-up one.
 */
import path from 'node:path'
import {GitHistory} from '../git-history'
import type {SanityDocument} from './sanity-document'

const DATED_TYPES = new Set(['doc', 'page'])

/** `history`: what git knows of the content folder (opened here when not given; null: nothing). */
export async function applyLastUpdated(documents: SanityDocument[], contentDir: string, history?: GitHistory | null): Promise<number> {
  const git = history === undefined ? await GitHistory.open(contentDir) : history
  if (!git) return 0
  const dates = await git.lastCommitDates(contentDir)
  let dated = 0
  for (const document of documents) {
    if (!DATED_TYPES.has(document._type) || document.lastUpdatedAt || typeof document.sourcePath !== 'string') continue
    const file = path.resolve(contentDir, document.sourcePath)
    if (await git.isChanged(file)) continue
    const date = dates.get(file)
    if (!date) continue
    document.lastUpdatedAt = new Date(date).toISOString()
    dated += 1
  }
  return dated
}
