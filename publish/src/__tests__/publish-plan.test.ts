// What a publish renders again: the routes whose recorded reads answer differently now, the new
// ones; and when it falls back to the full build instead, with its reason.
import {describe, expect, it} from 'vitest'
import type {ContentRead, ReadLogLine} from '@site/content-source/reads'
import {manifestFromLog, type PublishManifest} from '../publish-manifest'
import {mapAtMost, planPublish, type DocumentChange} from '../publish-plan'

const LOCALES = ['en', 'fr', 'pt-br', 'zh-CN']

function read(query: string, params: Record<string, unknown>, hash = 'h0'): ContentRead {
  return {query, params, hash}
}

/**
 * A small site as a build records it: shared reads (settings, strings per locale, versions,
 * sidebars), and per locale the Rooms and Events docs (v4), a post list with two posts, the home
 * page, the changelog with one release. Every page reads the v4 docs navigation (the search button).
 */
function siteLog(): {lines: ReadLogLine[]; routes: string[]} {
  const lines: ReadLogLine[] = []
  const routes: string[] = []
  const page = (route: string, reads: ContentRead[]) => {
    routes.push(route)
    lines.push({route, query: '@route', params: {}, hash: ''})
    for (const entry of reads) lines.push({route, ...entry})
  }
  lines.push(
    {route: null, ...read('siteSettingsQuery', {})},
    {route: null, ...read('themeQuery', {})},
    {route: null, ...read('docsVersionsQuery', {})},
    {route: null, ...read('sidebarsQuery', {version: 'v4'})},
  )
  for (const locale of LOCALES) {
    const prefix = locale === 'en' ? '' : `${locale}/`
    const shared = {locale, defaultLocale: 'en'}
    lines.push({route: null, ...read('uiStringsQuery', shared)})
    const nav = read('docsNavigationQuery', {version: 'v4', ...shared})
    for (const slug of ['rooms', 'events']) page(`${prefix}docs/v4/${slug}`, [read('docQuery', {version: 'v4', slug, ...shared}), nav])
    const posts = read('blogPostsQuery', shared)
    page(prefix.replace(/\/$/, ''), [read('homePageQuery', shared), posts, nav])
    page(`${prefix}blog`, [posts, nav])
    for (const slug of ['hello', 'world']) page(`${prefix}blog/${slug}`, [posts, nav])
    const releases = read('releasesQuery', shared)
    page(`${prefix}changelog`, [releases, nav])
    page(`${prefix}changelog/4.8.0`, [releases, nav])
    page(`${prefix}search`, [nav])
  }
  return {lines, routes}
}

function manifest(): PublishManifest {
  const {lines, routes} = siteLog()
  return manifestFromLog(lines, routes, 'code-1')
}

/** Content now: the reads whose answers changed get another hash. */
function contentWhere(changed: (read: ContentRead) => boolean) {
  return async (entry: ContentRead) => (changed(entry) ? 'h1' : entry.hash)
}

async function plan(changed: (read: ContentRead) => boolean, changes: DocumentChange[] | null = null, routes = siteLog().routes) {
  return planPublish({previous: manifest(), inputs: 'code-1', changes, routes, evaluate: contentWhere(changed)})
}

function rendered(result: Awaited<ReturnType<typeof plan>>): string[] {
  if (result.mode !== 'incremental') throw new Error(`expected an incremental publish, got a full build: ${result.reason}`)
  return result.render
}

describe('planPublish', () => {
  it('a doc edit renders that doc in every locale that shows it (its own page, the fallbacks and the translations naming it as source)', async () => {
    const result = await plan((entry) => entry.query === 'docQuery' && entry.params.slug === 'rooms')
    expect(rendered(result)).toEqual(['docs/v4/rooms', 'fr/docs/v4/rooms', 'pt-br/docs/v4/rooms', 'zh-CN/docs/v4/rooms'])
    expect(result.mode === 'incremental' && result.keep.length).toBe(siteLog().routes.length - 4)
    expect(result.mode === 'incremental' && result.why['fr/docs/v4/rooms']).toBe('docQuery {"version":"v4","slug":"rooms","locale":"fr","defaultLocale":"en"}')
  })

  it('a translation edit renders only that locale’s page', async () => {
    expect(rendered(await plan((entry) => entry.query === 'docQuery' && entry.params.slug === 'rooms' && entry.params.locale === 'fr'))).toEqual([
      'fr/docs/v4/rooms',
    ])
  })

  it('a post edit renders what lists posts: the posts, the blog list and the home page of each locale', async () => {
    expect(rendered(await plan((entry) => entry.query === 'blogPostsQuery'))).toEqual(
      LOCALES.flatMap((locale) => {
        const prefix = locale === 'en' ? '' : `${locale}/`
        return [prefix.replace(/\/$/, ''), `${prefix}blog`, `${prefix}blog/hello`, `${prefix}blog/world`]
      }).sort(),
    )
  })

  it('a release edit renders the changelog and the release pages', async () => {
    expect(rendered(await plan((entry) => entry.query === 'releasesQuery' && entry.params.locale === 'en'))).toEqual(['changelog', 'changelog/4.8.0'])
  })

  it('a new post renders its page (a new route) and the pages that list posts; a removed route is dropped', async () => {
    const routes = [...siteLog().routes.filter((route) => route !== 'blog/world'), 'blog/new']
    const result = await plan(
      (entry) => entry.query === 'blogPostsQuery' && entry.params.locale === 'en',
      [{id: 'blogPost-en-new', type: 'blogPost', operation: 'create'}],
      routes,
    )
    expect(rendered(result)).toEqual(['', 'blog', 'blog/hello', 'blog/new'])
    expect(result.mode === 'incremental' && result.why['blog/new']).toBe('new route')
    expect(result.mode === 'incremental' && result.remove).toEqual(['blog/world'])
  })

  it('a navbar change falls back to the full build: by the document type, and by the shared read when no type is given', async () => {
    const settings = (entry: ContentRead) => entry.query === 'siteSettingsQuery'
    expect(await plan(settings, [{id: 'siteSettings', type: 'siteSettings', operation: 'update'}])).toEqual({
      mode: 'full',
      reason: 'siteSettings siteSettings changed: every page shows it',
    })
    expect(await plan(settings, [])).toEqual({mode: 'full', reason: 'siteSettingsQuery {} changed: every page reads it'})
  })

  it('a theme change falls back to the full build (every page carries the theme’s style): by the type, and by the shared read', async () => {
    const theme = (entry: ContentRead) => entry.query === 'themeQuery'
    expect(await plan(theme, [{id: 'theme', type: 'theme', operation: 'update'}])).toEqual({mode: 'full', reason: 'theme theme changed: every page shows it'})
    expect(await plan(theme, [])).toEqual({mode: 'full', reason: 'themeQuery {} changed: every page reads it'})
    // A theme created where there was none: its first read answered null.
    expect(await plan(theme, [{id: 'theme', type: 'theme', operation: 'create'}])).toMatchObject({mode: 'full'})
  })

  it('interface strings, sidebars and versions fall back to the full build', async () => {
    expect(await plan((entry) => entry.query === 'uiStringsQuery' && entry.params.locale === 'fr')).toMatchObject({
      mode: 'full',
      reason: expect.stringContaining('uiStringsQuery {"locale":"fr"'),
    })
    expect(await plan(() => false, [{id: 'sidebar-v4-docs', type: 'sidebar'}])).toMatchObject({
      mode: 'full',
      reason: expect.stringContaining('sidebar sidebar-v4-docs changed'),
    })
    expect(await plan(() => false, [{id: 'docsVersion-v4', type: 'docsVersion'}])).toMatchObject({mode: 'full'})
  })

  it('a change most pages read (a v4 doc title, in the navigation of every page) falls back to the full build', async () => {
    expect(await plan((entry) => entry.query === 'docsNavigationQuery')).toMatchObject({
      mode: 'full',
      reason: expect.stringMatching(/^\d+ of \d+ pages changed/),
    })
  })

  it('code or settings that changed, or no manifest, fall back to the full build', async () => {
    const routes = siteLog().routes
    const evaluate = contentWhere(() => false)
    expect(await planPublish({previous: manifest(), inputs: 'code-2', changes: null, routes, evaluate})).toEqual({
      mode: 'full',
      reason: 'the code or the build settings changed since the build being served',
    })
    expect(await planPublish({previous: null, inputs: 'code-1', changes: null, routes, evaluate})).toMatchObject({
      mode: 'full',
      reason: expect.stringContaining('no dependency manifest'),
    })
  })

  it('nothing changed: nothing to render, every page kept', async () => {
    const result = await plan(() => false)
    expect(result).toMatchObject({mode: 'incremental', render: [], remove: []})
  })
})

describe('mapAtMost', () => {
  it('keeps at most the limit pending, and the results in order', async () => {
    let pending = 0
    let most = 0
    const results = await mapAtMost(
      Array.from({length: 20}, (_, index) => index),
      3,
      async (item) => {
        pending++
        most = Math.max(most, pending)
        await new Promise((resolve) => setTimeout(resolve, (item % 4) * 2))
        pending--
        return item * 10
      },
    )
    expect(most).toBe(3)
    expect(results).toEqual(Array.from({length: 20}, (_, index) => index * 10))
    expect(await mapAtMost([], 3, () => Promise.resolve(1))).toEqual([])
  })
})
