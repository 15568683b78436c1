/**
 * Work done once per build instead of once per page: what a page needs from a whole list (posts,
 * pages, a version's sidebars in a locale) is derived once per process and shared by every page.
 */

import {cache} from 'react'
import {gatherReads, recordingReads, replayReads, type ReadSet} from './reads'
import {SettledAnswer} from './settled-answer'
import {isPreviewServer} from './preview-env'

interface Loaded<V> {
  value: SettledAnswer<V>
  reads: ReadSet
}

/**
 * `load` memoized by a string key (per request on the preview server); a failed load is forgotten so that a later call tries again.
 * While a build records what each page reads (reads.ts), the content queries the load made
 * are kept with its result and recorded again for every page that gets it. The result is kept as a
 * value once loaded (settled-answer.ts), not as the promise of the page that first asked.
 */
export function oncePerKey<A extends unknown[], V>(key: (...args: A) => string, load: (...args: A) => Promise<V>): (...args: A) => Promise<V> {
  const processLoaded = new Map<string, Loaded<V>>()
  // The preview server derives it once per request instead: each request may see other content (drafts, an edit).
  const requestLoaded = cache(() => new Map<string, Loaded<V>>())
  return (...args: A) => {
    const loaded = isPreviewServer() ? requestLoaded() : processLoaded
    const id = key(...args)
    let entry = loaded.get(id)
    if (!entry) {
      const reads: ReadSet = new Map()
      const created: Loaded<V> = {
        value: new SettledAnswer(
          gatherReads(reads, () => load(...args)),
          () => {
            if (loaded.get(id) === created) loaded.delete(id)
          },
        ),
        reads,
      }
      loaded.set(id, created)
      entry = created
    }
    if (!recordingReads()) return entry.value.get()
    const {reads} = entry
    // The callback runs in the caller's context: the page (or the enclosing loader) that asked.
    return entry.value.get().then((value) => {
      replayReads(reads)
      return value
    })
  }
}
