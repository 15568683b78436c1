// A home hero's title with pictures around its words, as an imported React page's heading has them.
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it, vi} from 'vitest'

vi.mock('server-only', () => ({}))

describe('HeroTitle', () => {
  it('draws the images of its markup and keeps its words, never the markup itself', async () => {
    const {HeroTitle} = await import('../home-page')
    const html = renderToStaticMarkup(<HeroTitle title="![](/img/wave.svg)Tide Tables![](/img/wave.svg)" />)
    expect(html).not.toContain('![')
    expect(html.match(/<img src="\/img\/wave.svg" alt=""/g)).toHaveLength(2)
    expect(html.replace(/<[^>]+>/g, '')).toBe('Tide Tables')
    expect(renderToStaticMarkup(<HeroTitle title="Socket.IO" />)).toBe('Socket.IO')
  })
})
