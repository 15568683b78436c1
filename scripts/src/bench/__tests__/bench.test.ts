/** The bench's figures: file kinds, pages per locale, sizes, and the aligned report. */
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, it} from 'vitest'
import {formatBytes, formatRate, formatSeconds, renderTable} from '../format'
import {localeTableOf} from '@site/schemas/model'
import {fileKindOf, localeOfPage, measureOutput} from '../measure-output'

const LOCALES = localeTableOf(['en', 'fr', 'pt-br', 'zh-CN'])

let root = ''
afterAll(async () => {
  if (root) await rm(root, {recursive: true, force: true})
})

describe('measureOutput', () => {
  it('counts pages per locale and sizes per kind of file, raw and gzipped', async () => {
    root = await mkdtemp(join(tmpdir(), 'bench-'))
    const html = '<p>page</p>'.repeat(50)
    const files: Record<string, string> = {
      'index.html': html,
      '404.html': html,
      'docs/v4/rooms/index.html': html,
      'fr/index.html': html,
      'fr/docs/v4/rooms/index.html': html,
      'zh-CN/index.html': html,
      'frontend/index.html': html, // not a locale folder, despite the prefix
      '_next/static/chunks/a.js': 'let a = 1;'.repeat(30),
      '_next/static/css/b.css': 'body{}',
      'images/a.png': 'png',
      'index.txt': 'rsc payload',
      'fr/__next._tree.txt': 'rsc tree',
      'robots.txt': 'User-agent: *',
    }
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), {recursive: true})
      await writeFile(join(root, path), text)
    }
    const figures = await measureOutput(root, LOCALES)
    expect(figures.pages).toBe(7)
    expect(figures.pagesByLocale).toEqual({en: 4, fr: 2, 'pt-br': 0, 'zh-CN': 1})
    expect(figures.byKind.html).toEqual({files: 7, raw: 7 * html.length, gzip: 7 * gzipSync(html).length})
    // The runtime's script and the payloads are what the build removes: counted apart.
    expect(figures.byKind.js.files).toBe(0)
    expect(figures.byKind.css.raw).toBe(6)
    expect(figures.byKind.images.files).toBe(1)
    expect(figures.byKind.rsc.files).toBe(3)
    expect(figures.byKind.other.files).toBe(1)
    expect(figures.total.files).toBe(Object.keys(files).length)
    expect(figures.total.raw).toBe(Object.values(files).reduce((sum, text) => sum + text.length, 0))
  })

  it('sorts files by extension, case-insensitively', () => {
    expect(fileKindOf('a/B.JPG')).toBe('images')
    expect(fileKindOf('x.woff2')).toBe('fonts')
    expect(fileKindOf('x.mjs')).toBe('js')
    expect(fileKindOf('README')).toBe('other')
    expect(fileKindOf('robots.txt')).toBe('other')
    expect(localeOfPage('pt-br/blog/index.html', LOCALES)).toBe('pt-br')
    expect(localeOfPage('blog/fr/index.html', LOCALES)).toBe('en')
  })
})

describe('formatting', () => {
  it('formats bytes, seconds and rates', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(2048)).toBe('2.0 KB')
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB')
    expect(formatSeconds(1234)).toBe('1.23 s')
    expect(formatRate(100, 4000)).toBe('25.0')
    expect(formatRate(100, 0)).toBe('n/a')
  })

  it('aligns columns: labels left, figures right, headings as they are', () => {
    expect(renderTable([['Section'], ['  a', '1', '10 KB'], ['  longer', '100', '1 KB']]).split('\n')).toEqual([
      'Section',
      '  a         1  10 KB',
      '  longer  100   1 KB',
    ])
  })
})
