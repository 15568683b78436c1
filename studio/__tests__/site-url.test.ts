/** "View on site" addresses, matching the site's routes. */
import {describe, expect, it} from 'vitest'
import {localeTableOf} from '@site/schemas/model'
import {siteUrlFor} from '../site-url'

const LOCALES = localeTableOf(['en', 'fr', 'pt-br', 'zh-CN'])

const SITE = 'https://socket.io/'

describe('siteUrlFor', () => {
  it('gives each page type its address, with the locale prefix outside English', () => {
    expect(siteUrlFor({_type: 'doc', language: 'en', version: 'v4', slug: 'rooms'}, SITE, LOCALES)).toBe('https://socket.io/docs/v4/rooms/')
    expect(siteUrlFor({_type: 'doc', language: 'fr', version: 'v4', slug: 'index'}, SITE, LOCALES)).toBe('https://socket.io/fr/docs/v4/')
    expect(siteUrlFor({_type: 'blogPost', language: 'zh-CN', slug: 'monorepo'}, SITE, LOCALES)).toBe('https://socket.io/zh-CN/blog/monorepo/')
    expect(siteUrlFor({_type: 'release', language: 'en', version: '4.7.5'}, SITE, LOCALES, {versions: [{path: 'v3'}, {path: 'v4', isLast: true}]})).toBe(
      'https://socket.io/docs/v4/changelog/4.7.5',
    )
    // Docusaurus's layout: the latest version at /docs/ itself, the current one at /docs/next/.
    const docusaurus = [
      {path: 'current', urlPath: 'next'},
      {path: '1.0', urlPath: '', isLast: true},
    ]
    expect(siteUrlFor({_type: 'doc', language: 'fr', version: '1.0', slug: 'guides/rooms'}, SITE, LOCALES, {versions: docusaurus})).toBe(
      'https://socket.io/fr/docs/guides/rooms/',
    )
    expect(siteUrlFor({_type: 'doc', language: 'en', version: 'current', slug: 'index'}, SITE, LOCALES, {versions: docusaurus})).toBe(
      'https://socket.io/docs/next/',
    )
    expect(siteUrlFor({_type: 'release', language: 'en', version: '1.0.0'}, SITE, LOCALES, {versions: docusaurus})).toBe(
      'https://socket.io/docs/changelog/1.0.0',
    )
    expect(siteUrlFor({_type: 'page', language: 'pt-br', path: 'how-to/use-with-react'}, SITE, LOCALES)).toBe('https://socket.io/pt-br/how-to/use-with-react')
    expect(siteUrlFor({_type: 'homePage', language: 'fr'}, SITE, LOCALES)).toBe('https://socket.io/fr/')
  })

  it('follows where the docs are served: another path, or the site root with its main doc as the home', () => {
    const root = [
      {path: 'current', urlPath: '', isLast: true, mainDoc: 'intro'},
      {path: '1.x', urlPath: 'legacy', mainDoc: 'intro'},
    ]
    expect(siteUrlFor({_type: 'doc', language: 'en', version: 'current', slug: 'intro'}, SITE, LOCALES, {versions: root, docsPath: ''})).toBe(
      'https://socket.io/',
    )
    expect(siteUrlFor({_type: 'doc', language: 'fr', version: 'current', slug: 'guides/heartbeats'}, SITE, LOCALES, {versions: root, docsPath: ''})).toBe(
      'https://socket.io/fr/guides/heartbeats/',
    )
    expect(siteUrlFor({_type: 'doc', language: 'en', version: '1.x', slug: 'install'}, SITE, LOCALES, {versions: root, docsPath: ''})).toBe(
      'https://socket.io/legacy/install/',
    )
    expect(siteUrlFor({_type: 'docsVersion', path: '1.x', urlPath: 'legacy'} as never, SITE, LOCALES, {versions: root, docsPath: ''})).toBe(
      'https://socket.io/legacy/',
    )
    expect(siteUrlFor({_type: 'release', language: 'en', version: '2.0.0'}, SITE, LOCALES, {versions: root, docsPath: ''})).toBe(
      'https://socket.io/changelog/2.0.0',
    )
    expect(siteUrlFor({_type: 'doc', language: 'en', version: '1.x', slug: 'install'}, SITE, LOCALES, {versions: root, docsPath: 'api/docs'})).toBe(
      'https://socket.io/api/docs/legacy/install/',
    )
    expect(siteUrlFor({_type: 'blogPost', language: 'fr', slug: '2025/launch'}, SITE, LOCALES, {blogPath: 'news'})).toBe(
      'https://socket.io/fr/news/2025/launch/',
    )
  })

  it('gives none for documents that are not pages or lack their address fields', () => {
    expect(siteUrlFor({_type: 'author'}, SITE, LOCALES)).toBeNull()
    expect(siteUrlFor({_type: 'doc', language: 'en', version: 'v4'}, SITE, LOCALES)).toBeNull()
  })
})
