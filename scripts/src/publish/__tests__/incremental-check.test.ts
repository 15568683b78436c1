// The helpers of the end-to-end publish check: which routes a publish says it rendered, and how two exports differ.
import {describe, expect, it} from 'vitest'
import {compareFingerprints, renderedRoutes} from '../incremental-check'

describe('incremental publish check helpers', () => {
  it('reads the routes a publish rendered, and whether its list was complete', () => {
    const output =
      'publish: 2 routes to render, 10 kept, 0 removed (9 reads checked in 0.1 s)\n  render /docs/v4/rooms  (docQuery {})\n  render /  (new route)\n'
    expect(renderedRoutes(output)).toEqual({routes: ['', 'docs/v4/rooms'], complete: true})
    expect(renderedRoutes(output.replace('2 routes', '50 routes')).complete).toBe(false)
  })

  it('lists missing, extra and different files', () => {
    const full = new Map([
      ['index.html', 'a'],
      ['docs/index.html', 'b'],
      ['sitemap.xml', 'c'],
    ])
    expect(compareFingerprints(full, new Map(full))).toEqual([])
    expect(
      compareFingerprints(
        full,
        new Map([
          ['index.html', 'a'],
          ['docs/index.html', 'x'],
          ['extra.html', 'e'],
        ]),
      ),
    ).toEqual(['differs docs/index.html', 'missing sitemap.xml', 'extra extra.html'])
  })
})
