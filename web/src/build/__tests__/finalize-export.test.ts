// The post-build step: each locale's not-found page becomes its 404.html, Next's own fallbacks go.
import {mkdir, mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {testRoutingTable} from '../../site/__tests__/routing-fixture'
import {finalizeExport} from '../finalize-export'

const TABLE = testRoutingTable()

const LOCALES = ['en', 'fr', 'pt-br', 'zh-CN']

let out: string

afterEach(async () => {
  await rm(out, {recursive: true, force: true})
})

async function page(...parts: string[]) {
  const dir = path.join(out, ...parts)
  await mkdir(dir, {recursive: true})
  await writeFile(path.join(dir, 'index.html'), `<h1>${parts.join('/')}</h1>`)
}

describe('finalizeExport', () => {
  it('moves every locale’s not-found page to 404.html and removes the leftovers', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'out-'))
    await writeFile(path.join(out, '404.html'), 'next default')
    await page('_not-found')
    await page('404')
    await page('__not-found')
    for (const prefix of ['fr', 'pt-br', 'zh-CN']) await page(prefix, '__not-found')
    expect(await finalizeExport(out, TABLE, LOCALES)).toEqual(['404.html', 'fr/404.html', 'pt-br/404.html', 'zh-CN/404.html'])
    expect(await readFile(path.join(out, '404.html'), 'utf8')).toBe('<h1>__not-found</h1>')
    expect(await readFile(path.join(out, 'fr', '404.html'), 'utf8')).toBe('<h1>fr/__not-found</h1>')
    expect((await readdir(out)).sort()).toEqual(['404.html', 'fr', 'pt-br', 'zh-CN'])
    expect(await readdir(path.join(out, 'zh-CN'))).toEqual(['404.html'])
  })

  it('fails naming the locale whose not-found page is missing', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'out-'))
    await page('__not-found')
    await expect(finalizeExport(out, TABLE, LOCALES)).rejects.toThrow('The not-found page of fr was not exported')
  })
})
