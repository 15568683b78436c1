/**
 * The "last updated" date of docs and pages that do not give one in front matter (last_update.date):
 * the date of the last commit that touched their file. Files with uncommitted changes, never
 * committed, or outside git keep no date rather than a made-up one.
 */
import path from 'node:path'
import {GitHistory} from '../git-history'
import type {SanityDocument} from './sanity-document'

const DATED_TYPES = new Set(['doc', 'page'])

export async function applyLastUpdated(documents: SanityDocument[], contentDir: string): Promise<number> {
  const history = await GitHistory.open(contentDir)
  if (!history) return 0
  const dates = await history.lastCommitDates(contentDir)
  let dated = 0
  for (const document of documents) {
    if (!DATED_TYPES.has(document._type) || document.lastUpdatedAt || typeof document.sourcePath !== 'string') continue
    const file = path.resolve(contentDir, document.sourcePath)
    if (history.isChanged(file)) continue
    const date = dates.get(file)
    if (!date) continue
    document.lastUpdatedAt = new Date(date).toISOString()
    dated += 1
  }
  return dated
}
