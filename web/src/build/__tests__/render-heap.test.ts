import {afterEach, describe, expect, it, vi} from 'vitest'
import {HEAP_GROWTH_FLOOR_BYTES, keepRenderHeapCompact, nextCollectionAt, shouldCompact} from '../render-heap'

const MB = 1024 * 1024

describe("render workers' heap", () => {
  afterEach(() => vi.unstubAllEnvs())

  it('collects once the heap has grown half again its live size, and never less than the floor above it', () => {
    expect(nextCollectionAt(400 * MB)).toBe(600 * MB)
    expect(nextCollectionAt(100 * MB)).toBe(100 * MB + HEAP_GROWTH_FLOOR_BYTES)
    expect(nextCollectionAt(0)).toBe(HEAP_GROWTH_FLOOR_BYTES)
  })

  it('gives memory back only once the process holds twice the growth allowance more than after the last compaction', () => {
    expect(shouldCompact(300 * MB, 300 * MB)).toBe(false)
    expect(shouldCompact(300 * MB + 2 * HEAP_GROWTH_FLOOR_BYTES, 300 * MB)).toBe(false)
    expect(shouldCompact(300 * MB + 2 * HEAP_GROWTH_FLOOR_BYTES + 1, 300 * MB)).toBe(true)
  })

  it("does nothing outside Next's workers (tests, build steps, the dev server's own process)", () => {
    vi.stubEnv('IS_NEXT_WORKER', undefined)
    expect(keepRenderHeapCompact()).toBe(false)
  })
})
