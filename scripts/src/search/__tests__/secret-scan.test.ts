import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {stegaEncodeSourceMap} from '@sanity/client/stega'
import {scanForPreview, scanOutput} from '../secret-scan'

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

describe('scanForPreview', () => {
  it('finds stega markers, the visual-editing bridge and draft-mode routes, and passes clean text with a lone zero-width joiner', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'preview-scan-'))
    await mkdir(path.join(dir, 'api/draft-mode/enable'), {recursive: true})
    await mkdir(path.join(dir, 'docs'), {recursive: true})
    // An emoji sequence joined by U+200D is real text, not a marker.
    await writeFile(path.join(dir, 'index.html'), '<html><h1>Rooms \u{1F468}\u200D\u{1F469}</h1></html>')
    // A title as a client with stega on returns it: the Rooms doc's title field, encoded by @sanity/client itself.
    const {title: marked} = stegaEncodeSourceMap(
      {_id: 'doc-rooms', title: 'Rooms'},
      {
        documents: [{_id: 'doc-rooms', _type: 'doc'}],
        paths: ["$['title']"],
        mappings: {"$['title']": {type: 'value', source: {type: 'documentValue', document: 0, path: 0}}},
      },
      {enabled: true, studioUrl: 'http://localhost:3333'},
    )
    expect(marked.length).toBeGreaterThan('Rooms'.length)
    await writeFile(path.join(dir, 'docs/index.html'), `<html><h1>${marked}</h1></html>`)
    await writeFile(path.join(dir, 'bridge.js'), 'post("visual-editing/refreshed")')
    await writeFile(path.join(dir, 'live.js'), 'new EventSource("/api/draft-mode/live/")')
    await writeFile(path.join(dir, 'api/draft-mode/enable/index.html'), 'ok')
    const findings = await scanForPreview(dir)
    expect(findings.map((finding) => [finding.file, finding.what.replace(/ \(.*\)$/, '')]).sort()).toEqual([
      ['api/draft-mode/enable/index.html', 'a draft-mode route'],
      ['bridge.js', 'the preview\'s "visual-editing/refreshed"'],
      ['docs/index.html', 'stega markers'],
      ['live.js', 'the preview\'s "/api/draft-mode/live/"'],
    ])
  })
})
