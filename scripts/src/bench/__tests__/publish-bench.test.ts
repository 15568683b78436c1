// The publish → live figures: median and p95 by nearest rank, and the table the bench prints.
import {describe, expect, it} from 'vitest'
import {percentile, publishBenchTable} from '../publish'

describe('publish bench figures', () => {
  it('takes the nearest-rank percentile', () => {
    const runs = [12, 10, 11, 30, 13, 9, 14, 10, 12, 11]
    expect(percentile(runs, 0.5)).toBe(11)
    expect(percentile(runs, 0.95)).toBe(30)
    expect(percentile([5], 0.95)).toBe(5)
    expect(percentile([], 0.5)).toBeNaN()
  })

  it('prints each case with its runs, median and p95, the full build and the doc edit against it', () => {
    const table = publishBenchTable({
      cases: [
        {name: 'One paragraph of a v4 doc (Rooms)', runs: [20_000, 22_000, 40_000]},
        {name: 'A navbar label (falls back to the full build)', runs: [200_000]},
      ],
      fullBuildMs: 200_000,
    })
    expect(table).toContain('One paragraph of a v4 doc (Rooms)')
    expect(table).toMatch(/One paragraph of a v4 doc \(Rooms\)\s+│?\s*3\s+│?\s*22\.0 s\s+│?\s*40\.0 s/)
    expect(table).toContain('0.20×')
  })
})
