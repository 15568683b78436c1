import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {synonymItems} from '@site/schemas/search'
import {buildSearchSynonyms} from '../synonyms-import'

let dir: string
const errors: Array<{file: string; line?: number; field?: string; message: string}> = []
const log = {error: (diagnostic: (typeof errors)[number]) => errors.push(diagnostic)}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'synonyms-'))
  errors.length = 0
})
afterEach(() => rm(dir, {recursive: true, force: true}))

describe('search synonyms from the content folder', () => {
  it("makes one searchSynonyms document per locale that has a file, in the studio's shape", async () => {
    await writeFile(path.join(dir, 'search-synonyms.json'), JSON.stringify([{root: 'channel', synonyms: ['room']}, {synonyms: ['behavior', 'behaviour']}]))
    await mkdir(path.join(dir, 'i18n/fr'), {recursive: true})
    await writeFile(path.join(dir, 'i18n/fr/search-synonyms.json'), JSON.stringify([{root: ' salle ', synonyms: ['room']}]))
    const documents = await buildSearchSynonyms(dir, ['en', 'fr', 'zh-CN'], 'en', log)
    expect(errors).toEqual([])
    expect(documents.map((document) => [document._id, document.language])).toEqual([
      ['searchSynonyms-en', 'en'],
      ['searchSynonyms-fr', 'fr'],
    ])
    expect(documents[1]?.entries).toEqual([{_type: 'synonymEntry', _key: 'entry-0', root: 'salle', synonyms: ['room']}])
    // What the build and the index job read back from such a document.
    expect(synonymItems(documents[0]!)).toEqual([
      {id: 'entry-0', root: 'channel', synonyms: ['room']},
      {id: 'entry-1', synonyms: ['behavior', 'behaviour']},
    ])
  })

  it('names the file, line and entry of what cannot be a rule, and drops nothing silently', async () => {
    await writeFile(
      path.join(dir, 'search-synonyms.json'),
      '[\n  {"root": "ok", "synonyms": ["fine"]},\n  {"synonyms": ["alone"]},\n  {"root": 3, "synonyms": ["x"]}\n]',
    )
    await mkdir(path.join(dir, 'i18n/fr'), {recursive: true})
    await writeFile(path.join(dir, 'i18n/fr/search-synonyms.json'), '{"salle": "room"}')
    await buildSearchSynonyms(dir, ['en', 'fr'], 'en', log)
    expect(errors).toEqual([
      {file: 'search-synonyms.json', line: 3, field: '[1]', message: 'a two-way entry needs at least two terms (or set a root for a one-way entry)'},
      {file: 'search-synonyms.json', line: 4, field: '[2]', message: 'an entry is {"root"?: string, "synonyms": string[]}'},
      {file: 'i18n/fr/search-synonyms.json', message: 'expected a list of entries such as {"root": "salle", "synonyms": ["room"]}'},
    ])
  })
})
