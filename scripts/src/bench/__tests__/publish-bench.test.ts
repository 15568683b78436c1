// The publish → live figures: median and p95 by nearest rank, and the table the bench prints.
import {describe, expect, it} from 'vitest'
import {percentile, publishBenchTable, replaceFirstString} from '../publish'

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
    // Against the navbar case, the full build a publish runs.
    expect(table).toContain('0.20×')
  })

  it("edits a document's first string that the edit looks for, wherever it is", () => {
    const doc = {
      _id: 'doc-v4-en-rooms',
      title: 'Rooms',
      body: [{children: [{text: 'A room is a channel.'}]}, {children: [{text: 'Every socket is also in a room.'}]}],
    }
    expect(
      replaceFirstString(
        doc,
        (text) => text.startsWith('Every socket'),
        (text) => `${text} Edited.`,
      ),
    ).toBe(true)
    expect(doc.body[1]?.children[0]?.text).toBe('Every socket is also in a room. Edited.')
    const settings = {navbar: {items: [{label: 'Docs'}, {label: 'Tutorial'}, {label: 'Tutorial (old)'}]}}
    expect(
      replaceFirstString(
        settings,
        (text) => text === 'Tutorial',
        () => 'Tutorial (bench)',
      ),
    ).toBe(true)
    expect(settings.navbar.items.map((item) => item.label)).toEqual(['Docs', 'Tutorial (bench)', 'Tutorial (old)'])
    expect(
      replaceFirstString(
        settings,
        (text) => text === 'Missing',
        () => '',
      ),
    ).toBe(false)
  })
})
