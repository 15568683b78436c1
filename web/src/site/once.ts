/**
 * Work done once per build instead of once per page: what a page needs from a whole list (posts,
 * pages, a version's sidebars in a locale) is derived once per process and shared by every page.
 */

import {gatherReads, recordingReads, replayReads, type ReadSet} from '../content/reads'

/**
 * `load` memoized by a string key; a failed load is forgotten so that a later call tries again.
 * While a build records what each page reads (content/reads.ts), the content queries the load made
 * are kept with its result and recorded again for every page that gets it.
 */
export function oncePerKey<A extends unknown[], V>(key: (...args: A) => string, load: (...args: A) => Promise<V>): (...args: A) => Promise<V> {
  const loaded = new Map<string, {value: Promise<V>; reads: ReadSet}>()
  return (...args: A) => {
    const id = key(...args)
    let entry = loaded.get(id)
    if (!entry) {
      const reads: ReadSet = new Map()
      const value = gatherReads(reads, () => load(...args))
      entry = {value, reads}
      loaded.set(id, entry)
      value.catch(() => loaded.delete(id))
    }
    if (!recordingReads()) return entry.value
    const {reads} = entry
    // The callback runs in the caller's context: the page (or the enclosing loader) that asked.
    return entry.value.then((value) => {
      replayReads(reads)
      return value
    })
  }
}
