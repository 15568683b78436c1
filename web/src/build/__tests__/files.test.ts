// The build steps' file helpers: public/ copied into an export when there is one, files shared with the release before when unchanged.
import {mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {copyFolderInto, writeOrShare} from '../files'

let dir: string

afterEach(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('copyFolderInto', () => {
  it('copies the folder’s files into the export', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    await mkdir(path.join(dir, 'public/_dataset/images'), {recursive: true})
    await writeFile(path.join(dir, 'public/_dataset/images/a.svg'), '<svg/>')
    expect(await copyFolderInto(path.join(dir, 'public'), path.join(dir, 'out'))).toBe(true)
    expect(await readFile(path.join(dir, 'out/_dataset/images/a.svg'), 'utf8')).toBe('<svg/>')
  })

  it('copies nothing, and does not fail, when there is no such folder (a checkout building from Sanity has no web/public)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    await mkdir(path.join(dir, 'out'))
    expect(await copyFolderInto(path.join(dir, 'public'), path.join(dir, 'out'))).toBe(false)
    expect(await readdir(path.join(dir, 'out'))).toEqual([])
  })
})

describe('writeOrShare', () => {
  const inode = async (file: string) => (await stat(file)).ino

  it('links the file of the release before when the bytes are the same, so it keeps its inode and date', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    await mkdir(path.join(dir, 'before/_search/en'), {recursive: true})
    await writeFile(path.join(dir, 'before/_search/en/v4.json'), '{"records":[]}')
    expect(await writeOrShare(path.join(dir, 'after'), '_search/en/v4.json', '{"records":[]}', path.join(dir, 'before'))).toBe(true)
    expect(await inode(path.join(dir, 'after/_search/en/v4.json'))).toBe(await inode(path.join(dir, 'before/_search/en/v4.json')))
  })

  it('writes a new file when the bytes differ, leaving the release before as it was', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    await mkdir(path.join(dir, 'before'), {recursive: true})
    await writeFile(path.join(dir, 'before/sitemap.xml'), '<urlset/>')
    expect(await writeOrShare(path.join(dir, 'after'), 'sitemap.xml', '<urlset><url/></urlset>', path.join(dir, 'before'))).toBe(false)
    expect(await readFile(path.join(dir, 'after/sitemap.xml'), 'utf8')).toBe('<urlset><url/></urlset>')
    expect(await readFile(path.join(dir, 'before/sitemap.xml'), 'utf8')).toBe('<urlset/>')
    expect(await inode(path.join(dir, 'after/sitemap.xml'))).not.toBe(await inode(path.join(dir, 'before/sitemap.xml')))
  })

  it('never writes through a link the release already shares with the one before', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    await mkdir(path.join(dir, 'before'), {recursive: true})
    await writeFile(path.join(dir, 'before/rss.xml'), 'old')
    await writeOrShare(path.join(dir, 'after'), 'rss.xml', 'old', path.join(dir, 'before'))
    await writeOrShare(path.join(dir, 'after'), 'rss.xml', 'new')
    expect(await readFile(path.join(dir, 'before/rss.xml'), 'utf8')).toBe('old')
    expect(await readFile(path.join(dir, 'after/rss.xml'), 'utf8')).toBe('new')
  })

  it('writes the file when there is no release before or no such file in it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'files-'))
    expect(await writeOrShare(path.join(dir, 'after'), 'a/b.json', '1')).toBe(false)
    expect(await writeOrShare(path.join(dir, 'after'), 'a/c.json', '2', path.join(dir, 'before'))).toBe(false)
    expect(await readdir(path.join(dir, 'after/a'))).toEqual(['b.json', 'c.json'])
  })
})
