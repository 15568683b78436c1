import {describe, expect, it} from 'vitest'
import {imageLoads, resolveImage} from '../images'

const files = new Set(['images/logo.png', 'docs/v4/rooms/diagram.svg', 'assets/images/chart-1a2b.png', 'index.html'])

describe('resolveImage', () => {
  it('finds a site path in the build', () => {
    expect(resolveImage('/images/logo.png', '/docs/v4/rooms/', files)).toEqual({kind: 'local', urlPath: '/images/logo.png', file: 'images/logo.png'})
    expect(resolveImage('/assets/images/chart-1a2b.png?v=2#x', '/', files)).toMatchObject({file: 'assets/images/chart-1a2b.png'})
  })

  it('resolves a relative source against the page address, as a browser does', () => {
    expect(resolveImage('diagram.svg', '/docs/v4/rooms/', files)).toMatchObject({file: 'docs/v4/rooms/diagram.svg'})
    expect(resolveImage('../../../images/logo.png', '/docs/v4/rooms/', files)).toMatchObject({file: 'images/logo.png'})
  })

  it('reports a site path with no file as broken, with the reason', () => {
    const target = resolveImage('/images/missing.png', '/', files)
    expect(target).toEqual({kind: 'local', urlPath: '/images/missing.png', file: null, reason: 'no such file in the build'})
    expect(imageLoads(target)).toBe(false)
  })

  it('takes remote and inline images as loading, without fetching them', () => {
    expect(imageLoads(resolveImage('https://example.com/a.png', '/', files))).toBe(true)
    expect(imageLoads(resolveImage('//cdn.example.com/a.png', '/', files))).toBe(true)
    expect(imageLoads(resolveImage('data:image/png;base64,AAAA', '/', files))).toBe(true)
  })

  it('refuses empty sources and other schemes', () => {
    expect(resolveImage('  ', '/', files)).toEqual({kind: 'broken', reason: 'empty src'})
    expect(imageLoads(resolveImage('file:///etc/passwd', '/', files))).toBe(false)
  })
})
