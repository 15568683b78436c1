/**
 * The memory of `next build`'s render workers. Rendering a page leaves most of what it allocated
 * behind as garbage, and V8 sizes a process's heap against a limit of several GB on this kind of
 * machine: it let the garbage pile up to 3–4 times the live heap before collecting it (profiled on
 * the 4× bench site: 488 MB of heap in a worker, 143 MB of it live; docs/performance.md).
 * Next removes `--max-old-space-size` from the workers' options, so the limit cannot be lowered there.
 *
 * Instead, each render worker collects its heap itself once it has grown to half again its live
 * size (with a floor, so that a small heap is not collected over and over): a full collection of
 * ~150 MB live takes about 0.1–0.2 s, every few dozen pages.
 *
 * A full collection frees the garbage but keeps the freed pages (V8 pools them for reuse) and does
 * not move what is left, so the process's resident memory stays at its highest and creeps up as
 * the heap fragments (profiled: a worker from 230 to 540 MB over the 4× render while its live heap
 * stayed near 150 MB). When, after a collection, the process holds more than twice the growth
 * allowance above what it held after the last compacting one, the worker asks V8 for its
 * memory-reducing collection instead (the one V8 runs under memory pressure: it compacts the heap
 * and gives the pooled pages back to the system). It costs about twice a plain collection, so it
 * runs only when there is memory to give back. Outside Next's workers, nothing.
 */
import {getHeapStatistics, setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

/** Growth over the live heap before a collection: 1.5 times the live size, at least 64 MB more. */
export const HEAP_GROWTH_FACTOR = 1.5
export const HEAP_GROWTH_FLOOR_BYTES = 64 * 1024 * 1024
const CHECK_INTERVAL_MS = 100

/** The heap size that triggers the next collection, given the live size after the last one. */
export function nextCollectionAt(liveBytes: number): number {
  return Math.max(liveBytes * HEAP_GROWTH_FACTOR, liveBytes + HEAP_GROWTH_FLOOR_BYTES)
}

/**
 * Whether a collection should also give memory back: the process's resident size now against the
 * one right after the last compacting collection (or at the start).
 */
export function shouldCompact(residentBytes: number, residentAfterCompaction: number): boolean {
  return residentBytes > residentAfterCompaction + 2 * HEAP_GROWTH_FLOOR_BYTES
}

/** V8's `gc` (exposed by --expose-gc): no argument is a full collection; the options pick another kind. */
type Collect = (options?: {type: 'major'; execution: 'sync'; flavor: 'regular' | 'last-resort'}) => void

/** Whether this process is one of Next's worker processes (IS_NEXT_WORKER is Next's own mark on them). */
function inBuildWorker(): boolean {
  return process.env.IS_NEXT_WORKER === 'true'
}

let started = false

/** Starts the collection policy in a build worker (once per process); returns whether it runs. */
export function keepRenderHeapCompact(): boolean {
  if (started) return true
  if (!inBuildWorker()) return false
  started = true
  // V8's own `gc`, exposed to a fresh context only: the worker's global scope does not change.
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as Collect
  let threshold = nextCollectionAt(getHeapStatistics().used_heap_size)
  let residentAfterCompaction = process.memoryUsage.rss()
  setInterval(() => {
    if (getHeapStatistics().used_heap_size < threshold) return
    collect()
    if (shouldCompact(process.memoryUsage.rss(), residentAfterCompaction)) {
      collect({type: 'major', execution: 'sync', flavor: 'last-resort'})
      residentAfterCompaction = process.memoryUsage.rss()
    }
    threshold = nextCollectionAt(getHeapStatistics().used_heap_size)
  }, CHECK_INTERVAL_MS).unref()
  return true
}
