// The dependency manifest: routes' own reads apart from shared ones, a complete and consistent log,
// merged after an incremental build, and the hash of the code that says when it no longer holds.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import type {ReadLogLine} from '@site/content-source/reads'
import {inputsHash, manifestFromLog, mergeManifests, readReadsLog, routeReadsOf} from '../publish-manifest'

const doc = (slug: string, hash = 'a'): Omit<ReadLogLine, 'route'> => ({
  query: 'docQuery',
  params: {version: 'v4', slug, locale: 'en', defaultLocale: 'en'},
  hash,
})
const named = (route: string): ReadLogLine => ({route, query: '@route', params: {}, hash: ''})

let dir: string | undefined

afterEach(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
  dir = undefined
})

describe('manifestFromLog', () => {
  it('keeps each route’s own reads, shares the reads every page makes, and ignores the search and static-file steps', () => {
    const lines: ReadLogLine[] = [
      named('docs/v4/rooms'),
      {route: 'docs/v4/rooms', ...doc('rooms')},
      {route: 'docs/v4/rooms', query: 'siteSettingsQuery', params: {}, hash: 's'},
      named('docs/v4/events'),
      {route: 'docs/v4/events', ...doc('events')},
      // The route list reads posts outside any page: no page depends on that.
      {route: null, query: 'blogPostsQuery', params: {locale: 'en', defaultLocale: 'en'}, hash: 'p'},
      {route: null, query: 'searchDocumentsQuery', params: {locale: 'en', defaultLocale: 'en'}, hash: 'x'},
    ]
    const manifest = manifestFromLog(lines, ['docs/v4/rooms', 'docs/v4/events'], 'code')
    expect(routeReadsOf(manifest, 'docs/v4/rooms')).toEqual([doc('rooms')])
    expect(routeReadsOf(manifest, 'docs/v4/events')).toEqual([doc('events')])
    expect(manifest.global).toEqual([{query: 'siteSettingsQuery', params: {}, hash: 's'}])
    expect(manifest.inputs).toBe('code')
  })

  it('refuses a log where a rendered route never named itself, or a query answered two ways', () => {
    expect(() => manifestFromLog([named('a')], ['a', 'b'], 'code')).toThrow('1 rendered routes recorded no reads (first: /b)')
    expect(() => manifestFromLog([named('a'), {route: 'a', ...doc('rooms', '1')}, {route: 'a', ...doc('rooms', '2')}], ['a'], 'code')).toThrow(
      'gave two different answers during the build',
    )
    expect(() =>
      manifestFromLog(
        [
          {route: null, query: 'siteSettingsQuery', params: {}, hash: '1'},
          {route: 'a', query: 'siteSettingsQuery', params: {}, hash: '2'},
        ],
        [],
        'code',
      ),
    ).toThrow('siteSettingsQuery {} gave two different answers')
  })

  it('after an incremental build: kept routes keep their reads, rendered routes get the new ones, removed routes are gone', () => {
    const previous = manifestFromLog(
      [named('a'), {route: 'a', ...doc('a', '1')}, named('b'), {route: 'b', ...doc('b', '1')}, named('c'), {route: 'c', ...doc('c', '1')}],
      ['a', 'b', 'c'],
      'code',
    )
    const partial = manifestFromLog([named('b'), {route: 'b', ...doc('b', '2')}, named('d'), {route: 'd', ...doc('d', '1')}], ['b', 'd'], 'code')
    const merged = mergeManifests(previous, partial, ['a'])
    expect(Object.keys(merged.routes)).toEqual(['a', 'b', 'd'])
    expect(routeReadsOf(merged, 'a')).toEqual([doc('a', '1')])
    expect(routeReadsOf(merged, 'b')).toEqual([doc('b', '2')])
  })
})

describe('readReadsLog', () => {
  it('reads every process’s file and names the file and line of a broken one', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reads-'))
    await writeFile(path.join(dir, 'reads-1.ndjson'), `${JSON.stringify(named('a'))}\n`)
    await writeFile(path.join(dir, 'reads-2.ndjson'), `${JSON.stringify(named('b'))}\n`)
    expect((await readReadsLog(dir)).map((line) => line.route)).toEqual(['a', 'b'])
    await writeFile(path.join(dir, 'reads-3.ndjson'), `${JSON.stringify(named('c'))}\n{oops\n`)
    await expect(readReadsLog(dir)).rejects.toThrow(`${path.join(dir, 'reads-3.ndjson')}:2: not a JSON line of the reads log`)
  })
})

describe('inputsHash', () => {
  it('changes with the code and the public build settings, not with tests, dataset images or where the dataset is', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inputs-'))
    await mkdir(path.join(dir, 'web/src/ui/__tests__'), {recursive: true})
    await mkdir(path.join(dir, 'web/public/_dataset'), {recursive: true})
    await writeFile(path.join(dir, 'web/src/ui/page.tsx'), 'export const a = 1')
    const before = await inputsHash(dir, {})
    await writeFile(path.join(dir, 'web/src/ui/__tests__/page.test.tsx'), 'test')
    await writeFile(path.join(dir, 'web/public/_dataset/image.png'), 'image')
    expect(await inputsHash(dir, {DATASET_DIR: '/elsewhere', SANITY_API_READ_TOKEN: 'secret'})).toBe(before)
    expect(await inputsHash(dir, {NEXT_PUBLIC_TYPESENSE_HOST: 'search.example.com'})).not.toBe(before)
    await writeFile(path.join(dir, 'web/src/ui/page.tsx'), 'export const a = 2')
    expect(await inputsHash(dir, {})).not.toBe(before)
  })

  it("changes with the publish's own code, not with its tests", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inputs-'))
    await mkdir(path.join(dir, 'publish/src/__tests__'), {recursive: true})
    await writeFile(path.join(dir, 'publish/src/publish-plan.ts'), 'export const a = 1')
    const before = await inputsHash(dir, {})
    await writeFile(path.join(dir, 'publish/src/__tests__/publish-plan.test.ts'), 'test')
    expect(await inputsHash(dir, {})).toBe(before)
    await writeFile(path.join(dir, 'publish/src/publish-plan.ts'), 'export const a = 2')
    const edited = await inputsHash(dir, {})
    expect(edited).not.toBe(before)
    await writeFile(path.join(dir, 'publish/package.json'), '{"name": "@site/publish"}')
    expect(await inputsHash(dir, {})).not.toBe(edited)
  })
})
