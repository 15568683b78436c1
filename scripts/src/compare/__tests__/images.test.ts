import {describe, expect, it} from 'vitest'
import {pageFigures} from '../compare'
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

describe('links to no page', () => {
  const build = new Set(['docs/garden/guide/index.html', 'docs/garden/knots/index.html', 'files/plan.pdf'])
  const page = (links: string[]) => `<html lang="en"><body><main><p>${links.map((href) => `<a href="${href}">a link</a>`).join(' ')}</p></main></body></html>`

  it('are the links of the content to a path of the site that no file serves, read at the page’s address', () => {
    const links = ['./knots', '../knots/', '/files/plan.pdf', '/docs/gone', '#here', 'https://example.org/x', 'mailto:a@example.org']
    // Here, a page's address is its folder (/docs/garden/guide/): ./knots leads one folder deeper.
    expect(pageFigures(page(links), 'docs/garden/guide/index.html', build).page.brokenLinks).toEqual(['./knots', '/docs/gone'])
    // Docusaurus's address has no folder slash (/docs/garden/guide): ./knots is a sibling, ../knots/ leaves the docs.
    expect(pageFigures(page(links), 'docs/garden/guide/index.html', build, 'en', true).page.brokenLinks).toEqual(['../knots/', '/docs/gone'])
  })

  it('of a Docusaurus build made for a baseUrl are read under it, its files being at the build’s root', () => {
    const underBase = (links: string[]) => page(links).replace('<body>', '<body><script src="/shop/assets/js/main.0a1b2c3d.js"></script>')
    const links = ['/shop/docs/garden/knots', './knots', '/docs/garden/knots', '/shop/docs/gone']
    expect(pageFigures(underBase(links), 'docs/garden/guide/index.html', build, 'en', true).page.brokenLinks).toEqual(['/docs/garden/knots', '/shop/docs/gone'])
  })
})
