// A home page section's heading: an h2, or an h3 for a part of the section above (as an imported React home drew it).
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it, vi} from 'vitest'

vi.mock('server-only', () => ({}))

describe('SectionHeading', () => {
  it('draws a section’s title as an h2, and as an h3 when its level says it is a part of the section above', async () => {
    const {SectionHeading} = await import('../home-page')
    expect(renderToStaticMarkup(<SectionHeading id="home-a" title="Persist and query" />)).toBe(
      '<div class="home-section-head"><h2 id="home-a" class="home-section-title">Persist and query</h2></div>',
    )
    expect(renderToStaticMarkup(<SectionHeading id="home-b" title="Data modeling" level={3} />)).toBe(
      '<div class="home-section-head"><h3 id="home-b" class="home-section-title">Data modeling</h3></div>',
    )
  })
})
