/** Document ids, heading anchors and the anchor allocator of the content model. */
import {describe, expect, it} from 'vitest'
import {
  createAnchorAllocator,
  docsPathOf,
  documentId,
  headingSlug,
  isLocaleCode,
  isSiteDocsVersion,
  localeOfPrefix,
  localePathPrefix,
  ownDocsPath,
  parseDocsAddress,
  pickLocalized,
  versionBasePath,
  type LocaleTable,
} from '../model'

const SANITY_ID = /^[a-zA-Z0-9_-]+$/

describe('documentId', () => {
  it('is the same for the same inputs, so that a re-import updates instead of duplicating', () => {
    expect(documentId('doc', 'v4', 'fr', 'server/rooms')).toBe(documentId('doc', 'v4', 'fr', 'server/rooms'))
    expect(documentId('doc', 'v4', 'fr', 'server/rooms')).toBe('doc-v4-fr-server--rooms')
  })

  it('differs when any part differs', () => {
    const ids = new Set([
      documentId('doc', 'v4', 'en', 'rooms'),
      documentId('doc', 'v4', 'fr', 'rooms'),
      documentId('doc', 'v3', 'en', 'rooms'),
      documentId('blogPost', 'v4', 'en', 'rooms'),
    ])
    expect(ids.size).toBe(4)
  })

  it('keeps only the characters Sanity allows: no dot, which would make a document private', () => {
    const id = documentId('page', 'en', 'how-to/use with.react', 'ca/va')
    expect(id).toBe('page-en-how-to--use_with_react-ca--va')
    expect(id).toMatch(SANITY_ID)
    expect(documentId('release', '4.8.0')).toBe('release-4_8_0')
  })

  it('tells apart paths that differ only in letters beyond ASCII, with a hash of the path as written, the same on every run', () => {
    const first = documentId('blogPost', 'zh-cn', '2006/02/25/基因的表达')
    const second = documentId('blogPost', 'zh-cn', '2006/02/25/蛋白质的折叠')
    expect(first).not.toBe(second)
    expect(first).toMatch(/^blogPost-zh-cn-2006--02--25--_-[0-9a-f]{16}$/)
    expect(first).toBe(documentId('blogPost', 'zh-cn', '2006/02/25/基因的表达'))
    expect(documentId('page', 'fr', 'ça/va')).toMatch(/^page-fr-_a--va-[0-9a-f]{16}$/)
    const long = documentId('doc', 'current', 'ja', `${'長い名前/'.repeat(40)}終わり`)
    expect(long.length).toBeLessThanOrEqual(120)
    expect(long).toMatch(SANITY_ID)
    expect(long).not.toBe(documentId('doc', 'current', 'ja', `${'長い名前/'.repeat(40)}始まり`))
  })

  it('skips empty parts', () => {
    expect(documentId('homePage', '', 'fr')).toBe('homePage-fr')
  })

  it('caps long ids with a stable hash that still tells them apart', () => {
    const long = 'a/'.repeat(80)
    const first = documentId('doc', 'v4', 'en', `${long}one`)
    const second = documentId('doc', 'v4', 'en', `${long}two`)
    expect(first.length).toBeLessThanOrEqual(120)
    expect(first).toMatch(SANITY_ID)
    expect(first).toBe(documentId('doc', 'v4', 'en', `${long}one`))
    expect(first).not.toBe(second)
    expect(first.slice(0, 100)).toBe(second.slice(0, 100))
  })
})

describe('headingSlug', () => {
  it.each([
    ['Joining and leaving', 'joining-and-leaving'],
    ['The `emit()` method', 'the-emit-method'],
    ["What's new in 4.8?", 'whats-new-in-48'],
    ['Server: options / defaults', 'server-options--defaults'],
    ['  Trimmed  ', 'trimmed'],
    ['snake_case and kebab-case', 'snake_case-and-kebab-case'],
  ])('English: %j → %j', (text, slug) => {
    expect(headingSlug(text)).toBe(slug)
  })

  it.each([
    ['Rejoindre et quitter une salle', 'rejoindre-et-quitter-une-salle'],
    ['Événements réservés', 'événements-réservés'],
    ['L’API du serveur', 'lapi-du-serveur'],
    ['Qu’est-ce qu’une salle ?', 'quest-ce-quune-salle-'],
  ])('French keeps accented letters: %j → %j', (text, slug) => {
    expect(headingSlug(text)).toBe(slug)
  })

  it.each([
    ['房间', '房间'],
    ['加入和离开房间', '加入和离开房间'],
    ['使用 Redis 适配器', '使用-redis-适配器'],
    ['命名空间：默认', '命名空间默认'],
  ])('Chinese keeps the characters and drops full-width punctuation: %j → %j', (text, slug) => {
    expect(headingSlug(text)).toBe(slug)
  })
})

describe('createAnchorAllocator', () => {
  it('numbers repeated headings the way GitHub does', () => {
    const next = createAnchorAllocator()
    expect(['Usage', 'Usage', 'Usage', 'Example'].map((text) => next(text))).toEqual(['usage', 'usage-1', 'usage-2', 'example'])
  })

  it('does not hand out an anchor that a numbered duplicate already took', () => {
    const next = createAnchorAllocator()
    expect([next('Usage'), next('Usage'), next('Usage 1')]).toEqual(['usage', 'usage-1', 'usage-1-1'])
  })

  it('never gives a generated anchor the value of an explicit one reserved up front', () => {
    const next = createAnchorAllocator(['joining', 'usage'])
    expect(next('Joining')).toBe('joining-1')
    expect(next('Usage')).toBe('usage-1')
    expect(next('Leaving')).toBe('leaving')
  })

  it('returns an explicit anchor as given', () => {
    const next = createAnchorAllocator(['joining'])
    expect(next('Rejoindre une salle', 'joining')).toBe('joining')
  })

  it('names a heading without letters or digits "section"', () => {
    const next = createAnchorAllocator()
    expect([next('???'), next('!!!')]).toEqual(['section', 'section-1'])
  })
})

describe('locales', () => {
  const table: LocaleTable = {
    defaultLocale: 'en',
    locales: [
      {code: 'en', label: 'English', path: '', htmlLang: 'en', direction: 'ltr', calendar: 'gregory'},
      {code: 'es', label: 'Español', path: 'es', htmlLang: 'es', direction: 'ltr', calendar: 'gregory'},
      {code: 'zh-CN', label: '简体中文', path: 'zh-CN', htmlLang: 'zh-CN', direction: 'ltr', calendar: 'gregory'},
      {code: 'ar', label: 'العربية', path: 'arabic', htmlLang: 'ar', direction: 'rtl', calendar: 'gregory'},
    ],
  }

  it('accepts any locale code of the site settings, not a fixed list', () => {
    expect(['en', 'fr', 'pt-br', 'zh-CN', 'es', 'zh-Hans-CN'].every(isLocaleCode)).toBe(true)
    expect(['', 'e', 'en_US', 'fr/', undefined].some(isLocaleCode)).toBe(false)
  })

  it('gives each locale its URL prefix; the default locale has none', () => {
    expect(localePathPrefix(table, 'en')).toBe('')
    expect(localePathPrefix(table, 'es')).toBe('/es')
    expect(localePathPrefix(table, 'ar')).toBe('/arabic')
    expect(localeOfPrefix(table, 'arabic')).toBe('ar')
    expect(localeOfPrefix(table, 'ar')).toBeUndefined()
    expect(localeOfPrefix(table, 'docs')).toBeUndefined()
    expect(localeOfPrefix(table, undefined)).toBeUndefined()
  })

  it('picks a label in the locale, then in the default locale, then any value', () => {
    const label = [
      {_key: 'en', language: 'en', value: 'Docs'},
      {_key: 'es', language: 'es', value: 'Documentación'},
    ]
    expect(pickLocalized(label, 'es', 'en')).toBe('Documentación')
    expect(pickLocalized(label, 'zh-CN', 'en')).toBe('Docs')
    expect(pickLocalized([{_key: 'fr', language: 'fr', value: 'Seulement'}], 'es', 'en')).toBe('Seulement')
    expect(pickLocalized([{_key: 'es', language: 'es', value: ''}], 'es', 'en')).toBe('')
    expect(pickLocalized(null, 'es', 'en')).toBe('')
  })
})

describe('docs addresses', () => {
  const versions = [{path: 'current', urlPath: ''}, {path: '1.x', urlPath: 'legacy'}, {path: '0.9'}]

  it('reads where the docs are served from the site settings: absent is /docs/, "/" the site root', () => {
    expect(docsPathOf(undefined)).toBe('docs')
    expect(docsPathOf(null)).toBe('docs')
    expect(docsPathOf('/')).toBe('')
    expect(docsPathOf('/api/docs/')).toBe('api/docs')
  })

  it('builds a version’s root so that callers append /…', () => {
    expect(versionBasePath('docs', {path: 'v4'})).toBe('/docs/v4')
    expect(versionBasePath('docs', {path: 'current', urlPath: ''})).toBe('/docs')
    expect(versionBasePath('', {path: 'current', urlPath: ''})).toBe('')
    expect(versionBasePath('', {path: '1.x', urlPath: 'legacy'})).toBe('/legacy')
    expect(versionBasePath('api/docs', {path: '0.9'})).toBe('/api/docs/0.9')
  })

  it('parses a path as the router does: a named version first, else the one at the docs’ root', () => {
    expect(parseDocsAddress(['docs', 'legacy', 'install'], 'docs', versions)).toEqual({version: versions[1], rest: ['install']})
    expect(parseDocsAddress(['docs', 'guides', 'rooms'], 'docs', versions)).toEqual({version: versions[0], rest: ['guides', 'rooms']})
    expect(parseDocsAddress(['docs'], 'docs', versions)).toEqual({version: versions[0], rest: []})
    expect(parseDocsAddress(['blog', 'x'], 'docs', versions)).toBeUndefined()
    expect(parseDocsAddress(['0.9'], '', versions)).toEqual({version: versions[2], rest: []})
    expect(parseDocsAddress(['install'], '', versions)).toEqual({version: versions[0], rest: ['install']})
    expect(parseDocsAddress([], '', versions)).toEqual({version: versions[0], rest: []})
    // The site's own addresses are never docs, even at the site root.
    expect(parseDocsAddress(['blog', 'hello'], '', versions)).toBeUndefined()
    expect(parseDocsAddress(['search'], '', versions)).toBeUndefined()
    expect(parseDocsAddress(['api', 'docs', 'x'], 'api/docs', versions)).toEqual({version: versions[0], rest: ['x']})
    expect(parseDocsAddress(['api', 'x'], 'api/docs', versions)).toBeUndefined()
    // Without a version at the docs' root, only named versions are docs.
    expect(parseDocsAddress(['docs', 'intro'], 'docs', [{path: 'v4'}])).toBeUndefined()
  })

  describe('a docs set of its own (a second Docusaurus docs instance)', () => {
    const community = {path: 'community', urlPath: '', docsPath: 'community'}
    const communityNext = {path: 'community-next', urlPath: 'next', docsPath: 'community'}
    const all = [...versions, community, communityNext]

    it('is served under its own path, whatever the site’s docs path', () => {
      expect(versionBasePath('docs', community)).toBe('/community')
      expect(versionBasePath('', communityNext)).toBe('/community/next')
      expect(versionBasePath('docs', {path: 'help', urlPath: '', docsPath: '/'})).toBe('')
      expect(isSiteDocsVersion(community)).toBe(false)
      expect(isSiteDocsVersion({path: 'current'})).toBe(true)
      expect(ownDocsPath({docsPath: '/help/'})).toBe('help')
    })

    it('reads its addresses before the site’s docs at the site root, and leaves the site’s docs theirs', () => {
      expect(parseDocsAddress(['community', 'support'], '', all)).toEqual({version: community, rest: ['support']})
      expect(parseDocsAddress(['community', 'next', 'support'], '', all)).toEqual({version: communityNext, rest: ['support']})
      expect(parseDocsAddress(['community'], 'docs', all)).toEqual({version: community, rest: []})
      expect(parseDocsAddress(['install'], '', all)).toEqual({version: versions[0], rest: ['install']})
      expect(parseDocsAddress(['docs', 'legacy', 'install'], 'docs', all)).toEqual({version: versions[1], rest: ['install']})
      // A site's docs version never answers under the set's path, nor the set's under the site's.
      expect(parseDocsAddress(['docs', 'next', 'x'], 'docs', all)).toEqual({version: versions[0], rest: ['next', 'x']})
      expect(parseDocsAddress(['community', 'legacy'], 'docs', all)).toEqual({version: community, rest: ['legacy']})
    })
  })
})
