/**
 * The memory of `next build`'s render workers. Rendering a page leaves most of what it allocated
 * behind as garbage, and V8 sizes a process's heap against a limit of several GB on this kind of
 * machine: it let the garbage pile up to 3–4 times the live heap before collecting it (profiled on
 * the 4× bench site: 488 MB of heap in a worker, 143 MB of it live; README, "Scale"). Next removes
 * `--max-old-space-size` from the workers' options, so the limit cannot be lowered there.
 *
 * Instead, each render worker collects its heap itself once it has grown to half again its live
 * size (with a floor, so that a small heap is not collected over and over): a full collection of
 * ~150 MB live takes about 0.1 s, every few dozen pages. Outside Next's workers, nothing.
 */
import {getHeapStatistics, setFlagsFromString} from 'node:v8'
import {runInNewContext} from 'node:vm'

/** Growth over the live heap before a collection: 1.5 times the live size, at least 96 MB more. */
export const HEAP_GROWTH_FACTOR = 1.5
export const HEAP_GROWTH_FLOOR_BYTES = 96 * 1024 * 1024
const CHECK_INTERVAL_MS = 250

/** The heap size that triggers the next collection, given the live size after the last one. */
export function nextCollectionAt(liveBytes: number): number {
  return Math.max(liveBytes * HEAP_GROWTH_FACTOR, liveBytes + HEAP_GROWTH_FLOOR_BYTES)
}

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
  const collect = runInNewContext('gc') as () => void
  let threshold = nextCollectionAt(getHeapStatistics().used_heap_size)
  setInterval(() => {
    if (getHeapStatistics().used_heap_size < threshold) return
    collect()
    threshold = nextCollectionAt(getHeapStatistics().used_heap_size)
  }, CHECK_INTERVAL_MS).unref()
  return true
}
