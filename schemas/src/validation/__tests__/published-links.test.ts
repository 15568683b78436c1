/**
 * Links and references checked against what readers will see: the site's route rules (parseRoute) name the page,
 * and it must be published; a draft-only or missing target gets a message (the schema shows it as a warning) unless
 * it is in the same Content Release as the document being edited.
 */
import type {ValidationContext} from '@sanity/types'
import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import {
  linkAddressIsValid,
  linkTargetState,
  publishedDocSlugResolves,
  publishedLinkResolves,
  publishedLinkTarget,
  publishedReferenceResolves,
} from '../published-links'
import {toRoutingTable} from '../../routing'

const DATASET = [
  {
    _id: 'siteSettings',
    _type: 'siteSettings',
    defaultLocale: 'en',
    locales: [
      {code: 'en', path: ''},
      {code: 'fr', path: 'fr'},
    ],
    docsPath: 'docs',
  },
  {_id: 'docsVersion-v4', _type: 'docsVersion', path: 'v4', isLast: true, order: 1},
  {_id: 'doc-v4-en-rooms', _type: 'doc', version: 'v4', language: 'en', slug: 'rooms', title: 'Rooms'},
  {_id: 'drafts.doc-v4-en-upcoming', _type: 'doc', version: 'v4', language: 'en', slug: 'upcoming', title: 'The upcoming feature'},
  {_id: 'versions.rLaunch.blogPost-en-launch', _type: 'blogPost', language: 'en', slug: 'launch', title: 'Launch'},
  {_id: 'versions.rLaunch.release-en-4_9_0', _type: 'release', language: 'en', version: '4.9.0'},
  {_id: 'release-en-4_8_0', _type: 'release', language: 'en', version: '4.8.0'},
  {_id: 'page-en-get-started', _type: 'page', language: 'en', path: 'get-started'},
]

const answering =
  (dataset: readonly object[]) =>
  async <R>(query: string, params: Record<string, unknown> = {}): Promise<R> =>
    (await evaluate(parse(query, {params}), {dataset, params})).get() as R

/** A validation context whose client answers GROQ over `dataset` (the studio's client reads raw: drafts and versions too). */
function contextFor(documentId: string, dataset: readonly object[] = DATASET): ValidationContext {
  const client = {fetch: answering(dataset)}
  return {getClient: () => client, document: {_id: documentId, _type: 'blogPost'}} as unknown as ValidationContext
}

describe('publishedLinkTarget', () => {
  const table = toRoutingTable({
    settings: {
      defaultLocale: 'en',
      locales: [
        {code: 'en', path: ''},
        {code: 'fr', path: 'fr'},
      ],
      docsPath: 'docs',
      blogPath: null,
    },
    versions: [{path: 'v4', urlPath: null, docsPath: null, hasMainDoc: true}],
    hasReleases: true,
    pagePaths: ['get-started'],
    docTagVersions: [],
  } as unknown as Parameters<typeof toRoutingTable>[0])

  it('reads an address with the site’s route rules: the page it names, or none', () => {
    expect(publishedLinkTarget('/docs/v4/rooms/#joining', table)).toMatchObject({kind: 'lookup', description: 'doc v4/rooms', params: {slug: 'rooms'}})
    expect(publishedLinkTarget('/fr/blog/launch/', table)).toMatchObject({kind: 'lookup', description: 'blog post launch'})
    expect(publishedLinkTarget('/docs/v4/changelog/4.9.0', table)).toMatchObject({kind: 'lookup', description: 'release 4.9.0'})
    for (const href of ['https://socket.io', '#usage', '/images/a.png', '/', '/blog', '/search', '/docs/v4/changelog/'])
      expect(publishedLinkTarget(href, table)).toEqual({kind: 'none'})
    expect(publishedLinkTarget('rooms.md', table)).toMatchObject({kind: 'invalid', message: expect.stringContaining('relative')})
    expect(publishedLinkTarget('/docs/v9/rooms/', table)).toMatchObject({kind: 'invalid', message: expect.stringContaining('no page of the site')})
  })

  it('reads docs at the site root, a blog at a path of its own and a docs set of its own as the site routes them', () => {
    const elsewhere = toRoutingTable({
      settings: {defaultLocale: 'en', locales: [{code: 'en', path: ''}], docsPath: '', blogPath: 'news'},
      versions: [
        {path: 'current', urlPath: '', docsPath: null, hasMainDoc: true},
        {path: '1.x', urlPath: 'legacy', docsPath: null, hasMainDoc: true},
        {path: 'community', urlPath: '', docsPath: 'community', hasMainDoc: true},
      ],
      hasReleases: false,
      pagePaths: ['support'],
      docTagVersions: [],
    } as unknown as Parameters<typeof toRoutingTable>[0])
    expect(publishedLinkTarget('/install/', elsewhere)).toMatchObject({kind: 'lookup', params: {version: 'current', slug: 'install'}})
    expect(publishedLinkTarget('/legacy/install', elsewhere)).toMatchObject({kind: 'lookup', params: {version: '1.x', slug: 'install'}})
    expect(publishedLinkTarget('/support', elsewhere)).toMatchObject({kind: 'lookup', description: 'page /support'})
    expect(publishedLinkTarget('/news/hello/', elsewhere)).toMatchObject({kind: 'lookup', description: 'blog post hello'})
    expect(publishedLinkTarget('/news/authors/ana', elsewhere)).toMatchObject({kind: 'lookup', description: 'author page ana'})
    expect(publishedLinkTarget('/community/guide/', elsewhere)).toMatchObject({kind: 'lookup', params: {version: 'community', slug: 'guide'}})
    for (const href of ['/news/tags/release', '/news/page/2', '/news']) expect(publishedLinkTarget(href, elsewhere)).toEqual({kind: 'none'})
  })
})

describe('linkAddressIsValid', () => {
  it('is the error for an address written wrong; the published check leaves it to it', async () => {
    expect(linkAddressIsValid('./rooms.md', contextFor('drafts.blogPost-en-post'))).toMatch(/is relative: write a site path/)
    expect(linkAddressIsValid('  ', contextFor('drafts.blogPost-en-post'))).toBe('The link has no address')
    for (const href of ['/docs/v4/nothing/', 'https://socket.io', '#usage']) expect(linkAddressIsValid(href, contextFor('drafts.blogPost-en-post'))).toBe(true)
    expect(await publishedLinkResolves('./rooms.md', contextFor('drafts.blogPost-en-post'))).toBe(true)
  })
})

describe('publishedLinkResolves', () => {
  it('accepts a published page, refuses a draft-only one and one that does not exist, saying what to do', async () => {
    expect(await publishedLinkResolves('/docs/v4/rooms/', contextFor('drafts.blogPost-en-post'))).toBe(true)
    expect(await publishedLinkResolves('/get-started', contextFor('drafts.blogPost-en-post'))).toBe(true)
    expect(await publishedLinkResolves('/docs/v4/upcoming/', contextFor('drafts.blogPost-en-post'))).toBe(
      '"/docs/v4/upcoming/" leads to "The upcoming feature", which is not published yet (only a draft): publish it first, or put both in one Content Release.',
    )
    expect(await publishedLinkResolves('/docs/v4/nothing/', contextFor('drafts.blogPost-en-post'))).toBe(
      '"/docs/v4/nothing/" leads nowhere: no doc v4/nothing on the site.',
    )
    expect(await publishedLinkResolves('/docs/v9/rooms/', contextFor('drafts.blogPost-en-post'))).toBe(
      '"/docs/v9/rooms/" leads nowhere: no page of the site has this address',
    )
  })

  it('does not block a target in the same Content Release as the document, and names the release of one in another', async () => {
    expect(await publishedLinkResolves('/blog/launch/', contextFor('versions.rLaunch.release-en-4_9_0'))).toBe(true)
    expect(await publishedLinkResolves('/docs/v4/changelog/4.9.0', contextFor('versions.rLaunch.blogPost-en-launch'))).toBe(true)
    expect(await publishedLinkResolves('/blog/launch/', contextFor('drafts.blogPost-en-other'))).toBe(
      '"/blog/launch/" leads to a page that is only in the Content Release "rLaunch": put this change in that release too.',
    )
  })
})

describe('references and doc links', () => {
  it('accepts a reference to a published doc, or to one in the same release, and refuses one to a draft', async () => {
    expect(await publishedReferenceResolves({_type: 'reference', _ref: 'doc-v4-en-rooms'}, contextFor('drafts.sidebar-v4-main'))).toBe(true)
    expect(await publishedReferenceResolves({_type: 'reference', _ref: 'doc-v4-en-upcoming', _weak: true}, contextFor('drafts.sidebar-v4-main'))).toMatch(
      /^This reference leads to "The upcoming feature", which is not published yet/,
    )
    const inRelease = [...DATASET, {_id: 'versions.rLaunch.doc-v4-en-upcoming', _type: 'doc', version: 'v4', language: 'en', slug: 'upcoming'}]
    expect(await publishedReferenceResolves({_type: 'reference', _ref: 'doc-v4-en-upcoming'}, contextFor('versions.rLaunch.sidebar-v4-main', inRelease))).toBe(
      true,
    )
  })

  it('finds a navbar doc link’s slug among the latest version’s published docs', async () => {
    expect(await publishedDocSlugResolves('rooms', contextFor('drafts.siteSettings'))).toBe(true)
    expect(await publishedDocSlugResolves('upcoming', contextFor('drafts.siteSettings'))).toMatch(
      /^The doc "upcoming" leads to "The upcoming feature", which is not published yet/,
    )
  })
})

describe('linkTargetState', () => {
  it('tells the publish service where a refused link’s page is: a draft, a release, nowhere', async () => {
    const fetch = answering(DATASET)
    expect(await linkTargetState(fetch, '/docs/v4/rooms/')).toBe('published')
    expect(await linkTargetState(fetch, '/docs/v4/upcoming/')).toBe('draft')
    expect(await linkTargetState(fetch, '/blog/launch/')).toBe('release')
    expect(await linkTargetState(fetch, '/docs/v4/nothing/')).toBe('missing')
    expect(await linkTargetState(fetch, 'https://socket.io')).toBe('none')
  })
})
