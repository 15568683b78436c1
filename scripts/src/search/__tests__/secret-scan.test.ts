import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {scanOutput} from '../secret-scan'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
})

describe('scanOutput', () => {
  it('finds forbidden values in any file, nested or binary, and where required values are', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'secret-scan-'))
    await mkdir(path.join(dir, '_next/static/chunks'), {recursive: true})
    await writeFile(path.join(dir, 'index.html'), '<html>clean</html>')
    await writeFile(path.join(dir, '_next/static/chunks/a.js'), 'const key="search-key-123"')
    await writeFile(path.join(dir, 'page.txt'), Buffer.concat([Buffer.from([0, 255]), Buffer.from('token=admin-key-456')]))
    const result = await scanOutput(dir, {TYPESENSE_ADMIN_API_KEY: 'admin-key-456', SANITY_API_READ_TOKEN: 'sanity-789'}, {SEARCH: 'search-key-123'})
    expect(result.files).toBe(3)
    expect(result.leaks).toEqual([{file: 'page.txt', name: 'TYPESENSE_ADMIN_API_KEY'}])
    expect(result.found).toEqual({SEARCH: ['_next/static/chunks/a.js']})
  })
})
