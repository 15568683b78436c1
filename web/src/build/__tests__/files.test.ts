// The build steps' file helpers: public/ copied into an export when there is one.
import {mkdir, mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {copyFolderInto} from '../files'

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
