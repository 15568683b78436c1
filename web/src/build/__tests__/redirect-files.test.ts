// The files of the site's redirects: the page at an old address and nginx's 301s.
import {describe, expect, it} from 'vitest'
import {nginxRedirects, redirectFileOf, redirectPage} from '../redirect-files'

describe('redirect files', () => {
  it('writes the page of an old address where a static host serves it', () => {
    expect(redirectFileOf('/docs/v4/old')).toBe('docs/v4/old/index.html')
    expect(redirectFileOf('/docs/v4/old/')).toBe('docs/v4/old/index.html')
    expect(redirectFileOf('/api.html')).toBe('api.html')
  })

  it('sends readers on without JavaScript and names the canonical page', () => {
    const html = redirectPage('/fr/docs/v4/rooms/', 'https://socket.io/fr/docs/v4/rooms/', 'fr-FR')
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/fr/docs/v4/rooms/">')
    expect(html).toContain('<link rel="canonical" href="https://socket.io/fr/docs/v4/rooms/">')
    expect(html).toContain('<a href="/fr/docs/v4/rooms/">')
    expect(html).toContain('<html lang="fr-FR">')
    expect(html).not.toContain('<script')
  })

  it('gives nginx a 301 for each old address, with and without its slash, quoting what it must', () => {
    expect(
      nginxRedirects([
        {id: 'a', from: '/docs/v4/old', to: '/docs/v4/rooms/'},
        {id: 'b', from: '/api.html', to: 'https://example.com/$x"y'},
      ]),
    ).toBe(
      [
        '# Written by the site build (web/src/build/redirect-pages.ts): the redirects of the content, as 301s.',
        'set $dollar "$";',
        'location = "/docs/v4/old" { return 301 "/docs/v4/rooms/"; }',
        'location = "/docs/v4/old/" { return 301 "/docs/v4/rooms/"; }',
        'location = "/api.html" { return 301 "https://example.com/${dollar}x\\"y"; }',
        '',
      ].join('\n'),
    )
  })
})
