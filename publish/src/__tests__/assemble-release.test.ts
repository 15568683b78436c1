// Assembling an incremental build: kept pages and built assets are hard links to the build being
// served, rendered pages are the new ones, and nothing written afterwards reaches the served build.
import {link, mkdir, mkdtemp, readFile, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {routeFile} from '@site/web/build/route-filter'
import {testRoutingTable} from '@site/web/site/routing-fixture'
import {assembleRelease} from '../assemble-release'

const TABLE = testRoutingTable()

let dir: string

afterEach(async () => {
  await rm(dir, {recursive: true, force: true})
})

async function put(root: string, relative: string, text: string) {
  const file = path.join(root, ...relative.split('/'))
  await mkdir(path.dirname(file), {recursive: true})
  await writeFile(file, text)
}

async function served(previous: string) {
  await put(previous, 'index.html', 'home v1')
  await put(previous, 'docs/v4/rooms/index.html', 'rooms v1')
  await put(previous, 'docs/v4/events/index.html', 'events v1')
  await put(previous, 'fr/404.html', 'introuvable')
  await put(previous, '_site/main-ABC.js', 'bundle')
  await put(previous, '_site/page-policy.json', '{"old":true}')
  await put(previous, '_next/static/chunks/x.css', 'css')
  await put(previous, '_dataset/images/a.svg', '<svg/>')
  await put(previous, 'sitemap.xml', 'old sitemap')
}

describe('assembleRelease', () => {
  it('links the kept pages, keeps the rendered ones, and leaves out what later steps write', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assemble-'))
    const previous = path.join(dir, 'previous')
    const target = path.join(dir, 'next')
    await served(previous)
    // The incremental render wrote the Rooms page and, with it, the assets of the build.
    await put(target, 'docs/v4/rooms/index.html', 'rooms v2')
    await put(target, '_site/main-ABC.js', 'bundle')
    await put(target, '_next/static/chunks/x.css', 'css')
    const report = await assembleRelease({previousDir: previous, targetDir: target, keepFiles: ['index.html', 'docs/v4/events/index.html', 'fr/404.html']})
    expect(report).toEqual({pages: 3, assets: 1, copied: 0})
    expect(await readFile(path.join(target, 'docs/v4/rooms/index.html'), 'utf8')).toBe('rooms v2')
    for (const file of ['index.html', 'docs/v4/events/index.html', 'fr/404.html', '_dataset/images/a.svg']) {
      expect((await stat(path.join(target, file))).ino).toBe((await stat(path.join(previous, file))).ino)
    }
    // Written by the steps after assembly, over the whole release: never linked.
    await expect(stat(path.join(target, 'sitemap.xml'))).rejects.toThrow()
    await expect(stat(path.join(target, '_site/page-policy.json'))).rejects.toThrow()
    // The rendered page is its own file: the served build still has its Rooms page.
    expect(await readFile(path.join(previous, 'docs/v4/rooms/index.html'), 'utf8')).toBe('rooms v1')
  })

  it('with nothing rendered, shares the built assets too', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assemble-'))
    const previous = path.join(dir, 'previous')
    const target = path.join(dir, 'next')
    await served(previous)
    await mkdir(target)
    const report = await assembleRelease({previousDir: previous, targetDir: target, keepFiles: ['index.html']})
    expect(report).toEqual({pages: 1, assets: 3, copied: 0})
    expect(await readFile(path.join(target, '_site/main-ABC.js'), 'utf8')).toBe('bundle')
  })

  it('fails when the served build lacks a page its manifest lists (the publish then builds everything)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assemble-'))
    const previous = path.join(dir, 'previous')
    await served(previous)
    await expect(assembleRelease({previousDir: previous, targetDir: path.join(dir, 'next'), keepFiles: ['docs/v4/gone/index.html']})).rejects.toThrow(
      'The build being served has no docs/v4/gone/index.html',
    )
  })

  it('never links over a file the new build has (a link would let a later write reach the served build)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assemble-'))
    const previous = path.join(dir, 'previous')
    const target = path.join(dir, 'next')
    await served(previous)
    await put(target, 'index.html', 'home v2')
    await assembleRelease({previousDir: previous, targetDir: target, keepFiles: ['index.html']})
    expect((await stat(path.join(target, 'index.html'))).ino).not.toBe((await stat(path.join(previous, 'index.html'))).ino)
    // A sanity check of the premise: writing through a hard link changes both names.
    await link(path.join(previous, 'sitemap.xml'), path.join(dir, 'linked.xml'))
    await writeFile(path.join(dir, 'linked.xml'), 'written')
    expect(await readFile(path.join(previous, 'sitemap.xml'), 'utf8')).toBe('written')
  })
})

describe('routeFile', () => {
  it('is the route’s index.html, and a locale’s 404.html for its not-found route', () => {
    expect(routeFile(TABLE, {kind: 'home', locale: 'en'})).toBe('index.html')
    expect(routeFile(TABLE, {kind: 'home', locale: 'fr'})).toBe('fr/index.html')
    expect(routeFile(TABLE, {kind: 'doc', locale: 'fr', version: 'v4', slug: 'rooms'})).toBe('fr/docs/v4/rooms/index.html')
    expect(routeFile(TABLE, {kind: 'notFound', locale: 'en'})).toBe('404.html')
    expect(routeFile(TABLE, {kind: 'notFound', locale: 'zh-CN'})).toBe('zh-CN/404.html')
  })
})
