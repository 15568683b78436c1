import {describe, expect, it} from 'vitest'
import {detectLocales, isNotFoundPage, isPageHere, localeOfRoute, routeOfFile, urlPathOfFile} from '../routes'

describe('routes', () => {
  it('gives a folder page and a file page of the same address one route', () => {
    expect(routeOfFile('docs/v4/rooms/index.html')).toBe('/docs/v4/rooms')
    expect(routeOfFile('docs/v4/rooms.html')).toBe('/docs/v4/rooms')
    expect(routeOfFile('index.html')).toBe('/')
    expect(routeOfFile('fr/index.html')).toBe('/fr')
    expect(routeOfFile('zh-CN/docs/房间/index.html')).toBe('/zh-CN/docs/房间')
  })

  it('reads a page at the address a static host serves it at', () => {
    expect(urlPathOfFile('fr/docs/index.html')).toBe('/fr/docs/')
    expect(urlPathOfFile('index.html')).toBe('/')
    expect(urlPathOfFile('docs/a.html')).toBe('/docs/a.html')
  })

  it('leaves not-found pages out', () => {
    expect(isNotFoundPage('404.html')).toBe(true)
    expect(isNotFoundPage('fr/404.html')).toBe(true)
    expect(isNotFoundPage('docs/404-errors/index.html')).toBe(false)
  })

  it('leaves out of this site’s pages the static HTML files Docusaurus copied and the dataset’s copies of them', () => {
    const copied = new Set(['playground-redirect.html'])
    expect(isPageHere('playground-redirect.html', copied)).toBe(false)
    expect(isPageHere('_dataset/files/ed3d0751.html', copied)).toBe(false)
    expect(isPageHere('docs/ignore/index.html', copied)).toBe(true)
  })

  it('finds locale folders from the languages of their home pages', () => {
    const layout = detectLocales({
      root: 'en',
      folders: new Map<string, string | null>([
        ['fr', 'fr'],
        ['zh-CN', 'zh-Hans'],
        ['pt-br', 'pt-BR'],
        ['blog', 'en'],
        ['docs', 'en'],
        ['embeds', null],
      ]),
    })
    expect(layout).toEqual({defaultLocale: 'en', prefixed: ['fr', 'pt-br', 'zh-CN']})
    expect(localeOfRoute('/fr/docs/v4/rooms', layout)).toBe('fr')
    expect(localeOfRoute('/frontend/guide', layout)).toBe('en')
    expect(localeOfRoute('/', layout)).toBe('en')
  })
})
