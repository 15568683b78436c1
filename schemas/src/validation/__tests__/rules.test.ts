/** Link addresses read the way the site routes them, and the unique-slug rule's query. */
import type {ValidationContext} from '@sanity/types'
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {linkTarget, uniqueInScope} from '../rules'

describe('linkTarget', () => {
  it('needs no lookup for external addresses, anchors, files and fixed pages', () => {
    for (const href of ['https://socket.io', 'mailto:a@b.c', '//cdn.socket.io/x.js']) expect(linkTarget(href)).toEqual({kind: 'none', reason: 'external'})
    expect(linkTarget('#usage')).toEqual({kind: 'none', reason: 'anchor'})
    expect(linkTarget('/images/rooms.png')).toEqual({kind: 'none', reason: 'file'})
    for (const href of ['/', '/blog', '/blog/archive', '/blog/page/2', '/search', '/docs/v4/changelog/']) expect(linkTarget(href)).toMatchObject({kind: 'none'})
  })

  it('looks up docs, versions, releases, posts and pages', () => {
    expect(linkTarget('/docs/v4/server/rooms/#joining')).toMatchObject({kind: 'lookup', params: {segment: 'v4', slug: 'server/rooms', full: 'v4/server/rooms'}})
    expect(linkTarget('/docs/v3/')).toMatchObject({kind: 'lookup', params: {segment: 'v3'}, description: 'docs version v3'})
    expect(linkTarget('/docs/v4/changelog/4.7.5')).toMatchObject({kind: 'lookup', params: {release: '4.7.5'}})
    expect(linkTarget('/blog/monorepo/')).toMatchObject({kind: 'lookup', params: {slug: 'monorepo'}})
    expect(linkTarget('/how-to/use-with-react?x=1')).toMatchObject({kind: 'lookup', params: {path: 'how-to/use-with-react'}})
  })

  it('rejects relative and malformed addresses with a message saying what to write', () => {
    expect(linkTarget('./rooms.md')).toMatchObject({kind: 'invalid', message: expect.stringContaining('relative')})
    expect(linkTarget('  ')).toMatchObject({kind: 'invalid'})
  })
})

describe('author addresses against the authors of the content', () => {
  const dataset = [
    {_id: 'author-ana', _type: 'author', key: 'ana', listed: true, page: true, permalink: 'ana'},
    {_id: 'author-team', _type: 'author', key: 'team', page: true, permalink: 'team/core'},
    {_id: 'author-lucas', _type: 'author', key: 'lucas', listed: true, page: false},
  ]
  async function exists(href: string, documents: unknown[] = dataset): Promise<boolean> {
    const target = linkTarget(href)
    if (target.kind !== 'lookup') throw new Error(`${href} needs no lookup`)
    return (await (await evaluate(parse(target.query), {dataset: documents, params: target.params})).get()) === true
  }

  it('finds the authors page while an author is listed, and the pages of authors that have one, paginated or not', async () => {
    expect(await exists('/blog/authors')).toBe(true)
    expect(await exists('/blog/authors', [{_id: 'a', _type: 'author', listed: false}])).toBe(false)
    expect(await exists('/blog/authors/ana')).toBe(true)
    expect(await exists('/blog/authors/ana/page/2')).toBe(true)
    expect(await exists('/blog/authors/team/core/')).toBe(true)
    expect(await exists('/blog/authors/lucas')).toBe(false)
    expect(linkTarget('/blog/authors/lucas')).toMatchObject({description: 'author page /blog/authors/lucas'})
  })
})

describe('docs addresses against the versions of the content', () => {
  // Docusaurus's layout: the latest version at /docs/ itself, the current one at /docs/next/, one at its identifier.
  const dataset = [
    {_id: 'v-1', _type: 'docsVersion', path: '1.0', urlPath: ''},
    {_id: 'v-current', _type: 'docsVersion', path: 'current', urlPath: 'next'},
    {_id: 'v-0', _type: 'docsVersion', path: '0.9'},
    {_id: 'd1', _type: 'doc', version: '1.0', slug: 'guides/rooms'},
    {_id: 'd2', _type: 'doc', version: 'current', slug: 'guides/rooms'},
    {_id: 'd3', _type: 'doc', version: '0.9', slug: 'intro'},
  ]
  async function exists(href: string): Promise<boolean> {
    const target = linkTarget(href)
    if (target.kind !== 'lookup') throw new Error(`${href}: ${target.kind}`)
    return (await (await evaluate(parse(target.query, {params: target.params}), {dataset, params: target.params})).get()) as boolean
  }

  it('finds docs under a version segment and under the docs root, as the site routes them', async () => {
    expect(await exists('/docs/guides/rooms/')).toBe(true)
    expect(await exists('/docs/next/guides/rooms/')).toBe(true)
    expect(await exists('/docs/0.9/intro')).toBe(true)
    expect(await exists('/docs/next/')).toBe(true)
    expect(await exists('/docs/next/intro/')).toBe(false)
    expect(await exists('/docs/1.0/guides/rooms/')).toBe(false)
    expect(await exists('/docs/guides/nothing/')).toBe(false)
  })
})

describe('docs addresses where the site settings serve the docs elsewhere', () => {
  // Docs at the site root (routeBasePath '/'): 2.x there, 1.x at /legacy/; pages keep their own paths.
  const dataset = [
    {_id: 'v-2', _type: 'docsVersion', path: 'current', urlPath: ''},
    {_id: 'v-1', _type: 'docsVersion', path: '1.x', urlPath: 'legacy'},
    {_id: 'd1', _type: 'doc', version: 'current', slug: 'install'},
    {_id: 'd2', _type: 'doc', version: '1.x', slug: 'install'},
    {_id: 'p1', _type: 'page', path: 'community/support'},
    {_id: 'b1', _type: 'blogPost', slug: 'hello'},
  ]
  async function exists(href: string, docsPath: string): Promise<boolean> {
    const target = linkTarget(href, docsPath)
    if (target.kind !== 'lookup') throw new Error(`${href}: ${target.kind}`)
    return (await (await evaluate(parse(target.query, {params: target.params}), {dataset, params: target.params})).get()) as boolean
  }

  it('reads docs at the site root, and pages and posts beside them', async () => {
    expect(await exists('/install/', '')).toBe(true)
    expect(await exists('/legacy/install', '')).toBe(true)
    expect(await exists('/legacy/', '')).toBe(true)
    expect(await exists('/community/support', '')).toBe(true)
    expect(await exists('/blog/hello/', '')).toBe(true)
    expect(await exists('/nothing/', '')).toBe(false)
    expect(await exists('/docs/install/', '')).toBe(false)
    expect(linkTarget('/', '')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('./x.md', '')).toMatchObject({kind: 'invalid', message: expect.stringContaining('such as /v4/rooms/')})
  })

  it("reads posts, tags and author pages under the blog's own path", async () => {
    expect(linkTarget('/news/hello/', 'docs', 'news')).toMatchObject({kind: 'lookup', description: 'blog post hello'})
    expect(await exists('/news/hello/', 'docs')).toBe(false)
    expect(linkTarget('/news/tags/release', 'docs', 'news')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/news/page/2', 'docs', 'news')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/news', 'docs', 'news')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/news/authors/ana', 'docs', 'news')).toMatchObject({description: 'author page /news/authors/ana'})
    expect(linkTarget('/blog/hello/', 'docs', 'news')).toMatchObject({kind: 'lookup', description: 'page /blog/hello'})
  })

  it("reads the docs of a set of their own (community docs) under its path, not as the site's docs", async () => {
    const withCommunity = [
      ...dataset,
      {_id: 'v-c', _type: 'docsVersion', path: 'community', urlPath: '', docsPath: 'community'},
      {_id: 'd3', _type: 'doc', version: 'community', slug: 'guide'},
    ]
    const found = async (href: string, docsPath: string) => {
      const target = linkTarget(href, docsPath)
      if (target.kind !== 'lookup') throw new Error(`${href}: ${target.kind}`)
      return (await (await evaluate(parse(target.query, {params: target.params}), {dataset: withCommunity, params: target.params})).get()) as boolean
    }
    expect(await found('/community/guide/', 'docs')).toBe(true)
    expect(await found('/communityx/guide/', 'docs')).toBe(false)
    // /docs/guide is no doc of the site's docs, though the community set has a version at its root.
    expect(await found('/docs/guide/', 'docs')).toBe(false)
  })

  it('reads a blog at the site root (blog-only mode) after pages and docs', async () => {
    expect(linkTarget('/tags/release', 'docs', '')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/page/2', 'docs', '')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/authors/ana', 'docs', '')).toMatchObject({description: 'page or author page /authors/ana'})
    const post = linkTarget('/hello/', 'docs', '')
    expect(post).toMatchObject({kind: 'lookup', description: 'page or blog post hello'})
    const run = async (target: ReturnType<typeof linkTarget>) =>
      target.kind === 'lookup'
        ? ((await (await evaluate(parse(target.query, {params: target.params}), {dataset, params: target.params})).get()) as boolean)
        : null
    expect(await run(post)).toBe(true)
    expect(await run(linkTarget('/community/support', 'docs', ''))).toBe(true)
    expect(await run(linkTarget('/nothing/', 'docs', ''))).toBe(false)
    expect(await run(linkTarget('/docs/install/', 'docs', ''))).toBe(true)
    expect(await run(linkTarget('/docs/missing/', 'docs', ''))).toBe(false)
  })

  it('reads docs under a path of several segments and nothing else there', async () => {
    expect(await exists('/api/docs/install/', 'api/docs')).toBe(true)
    expect(await exists('/api/docs/legacy/install/', 'api/docs')).toBe(true)
    expect(linkTarget('/api/docs/', 'api/docs')).toEqual({kind: 'none', reason: 'fixed-page'})
    expect(linkTarget('/install/', 'api/docs')).toMatchObject({kind: 'lookup', description: 'page /install'})
    expect(await exists('/install/', 'api/docs')).toBe(false)
  })
})

describe('uniqueInScope', () => {
  function contextAnswering(answer: string | null, asked: {query?: string; params?: Record<string, unknown>}): ValidationContext {
    const client = {
      fetch: async (query: string, params: Record<string, unknown>) => {
        asked.query = query
        asked.params = params
        return answer
      },
    }
    return {
      getClient: () => client,
      document: {_id: 'drafts.doc-v4-fr-rooms', _type: 'doc', _rev: '', _createdAt: '', _updatedAt: '', version: 'v4', language: 'fr'},
    } as unknown as ValidationContext
  }

  it('asks for another document of the type with the same value in the same version and language', async () => {
    const asked: {query?: string; params?: Record<string, unknown>} = {}
    expect(await uniqueInScope('slug', ['version', 'language'])('rooms', contextAnswering(null, asked))).toBe(true)
    expect(asked.query).toContain('version == $version && language == $language')
    expect(asked.params).toMatchObject({type: 'doc', value: 'rooms', id: 'doc-v4-fr-rooms', draft: 'drafts.doc-v4-fr-rooms', version: 'v4', language: 'fr'})
  })

  it('names the clashing document', async () => {
    const message = await uniqueInScope('slug', ['version', 'language'])('rooms', contextAnswering('drafts.doc-other', {}))
    expect(message).toBe('Another doc already uses "rooms" (version v4, language fr): doc-other')
  })
})
