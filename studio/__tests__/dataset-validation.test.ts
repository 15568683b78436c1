/**
 * Every document of the dataset imported from content/ passes the studio's own validation, offline:
 * Sanity's validateDocument over the compiled schema, with custom rules (unique slugs, internal
 * links) asking a groq-js stand-in of the Content Lake that holds the same dataset.
 */
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {schemaTypes} from '@site/schemas'
import {validateDocument} from '@sanity/validation'
import type {SanityDocument} from '@sanity/types'
import {createSchema} from 'sanity'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {runImport} from '@site/importer/run-import'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'

const CONTENT = path.resolve(import.meta.dirname, '../../content')
const schema = createSchema({name: 'default', types: schemaTypes})
// The internationalization plugin's own type: its rules are the plugin's, not ours.
const PLUGIN_TYPES = new Set(['translation.metadata'])

let outDir = ''
let documents: SanityDocument[] = []

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'studio-validation-'))
  const result = await runImport({contentDir: CONTENT, outDir, write: false})
  expect(result.errors).toEqual([])
  documents = result.documents as SanityDocument[]
}, 120_000)

afterAll(async () => {
  if (outDir) await rm(outDir, {recursive: true, force: true})
})

/** One stand-in client per dataset: the link rules read the routing table once per client (a form checks many links at once). */
const clients = new WeakMap<readonly Record<string, unknown>[], ReturnType<typeof datasetClientStandIn>>()

async function problemsOf(document: SanityDocument, dataset: readonly Record<string, unknown>[], level: 'error' | 'warning' = 'error'): Promise<string[]> {
  const ids = new Set(dataset.map((item) => item._id))
  let client = clients.get(dataset)
  if (!client) clients.set(dataset, (client = datasetClientStandIn(dataset)))
  const result = await validateDocument({
    document,
    schema,
    client,
    getDocumentExists: async ({id}) => ids.has(id),
  })
  return result.markers.filter((marker) => marker.level === level).map((marker) => `${document._id} ${marker.path.join('.')}: ${marker.message}`)
}

describe('the dataset against the studio’s validation', () => {
  it('has no validation error, nor a link warning, in any document', async () => {
    const problems: string[] = []
    const warnings: string[] = []
    for (const document of documents.filter((candidate) => !PLUGIN_TYPES.has(candidate._type))) {
      problems.push(...(await problemsOf(document, documents)))
      // The link rules' warnings (other warnings, such as an image without its file in this test, are not theirs).
      warnings.push(...(await problemsOf(document, documents, 'warning')).filter((warning) => /leads (?:nowhere|to)/.test(warning)))
    }
    expect(problems).toEqual([])
    expect(warnings).toEqual([])
  }, 180_000)

  it('catches what editors must not publish (so the pass above means something)', async () => {
    const doc = documents.find((candidate) => candidate._type === 'doc' && candidate.language === 'en' && candidate.slug === 'rooms')
    expect(doc, 'the English rooms doc').toBeDefined()
    const twin = {...doc!, _id: 'drafts.doc-copy'}
    expect((await problemsOf(twin, documents)).join('\n')).toMatch(/already uses "rooms"/)

    const brokenLink = {
      ...doc!,
      body: [
        {
          _type: 'block',
          _key: 'b',
          style: 'normal',
          markDefs: [{_type: 'link', _key: 'l', href: '/docs/v4/no-such-page/'}],
          children: [
            {_type: 'span', _key: 's', text: 'x', marks: ['l']},
            {_type: 'inlineImage', _key: 'i', url: 'https://img.example/badge.svg', alt: 'badge', href: '/blog/no-such-post/'},
          ],
        },
        {_type: 'codeBlock', _key: 'c', code: 'io.emit()'},
      ],
    }
    // A link to a page readers do not have is a warning (Publish stays possible; the publish's link check has the last word).
    const found = (await problemsOf(brokenLink, documents)).join('\n')
    expect(found).not.toMatch(/no-such-page/)
    expect(found).toMatch(/language/)
    const linkWarnings = (await problemsOf(brokenLink, documents, 'warning')).join('\n')
    expect(linkWarnings).toMatch(/body.*leads nowhere: no doc v4\/no-such-page/)
    expect(linkWarnings).toMatch(/body.*href: "\/blog\/no-such-post\/" leads nowhere: no blog post no-such-post/)

    // A link to a doc that is only a draft warns, saying so; in the same Content Release as the doc, it does not.
    const upcoming = {...doc!, _id: 'drafts.doc-v4-en-upcoming', slug: 'upcoming', title: 'The upcoming feature'}
    const linking = {
      ...doc!,
      _id: 'drafts.doc-v4-en-linking',
      slug: 'linking',
      body: [
        {
          _type: 'block',
          _key: 'b',
          style: 'normal',
          markDefs: [{_type: 'link', _key: 'l', href: '/docs/v4/upcoming/'}],
          children: [{_type: 'span', _key: 's', text: 'soon', marks: ['l']}],
        },
      ],
    }
    const withDraft = [...documents, upcoming]
    expect(await problemsOf(linking, withDraft)).toEqual([])
    expect((await problemsOf(linking, withDraft, 'warning')).join('\n')).toMatch(/leads to "The upcoming feature", which is not published yet \(only a draft\)/)
    const inRelease = [...documents, {...upcoming, _id: 'versions.rLaunch.doc-v4-en-upcoming'}]
    expect(await problemsOf({...linking, _id: 'versions.rLaunch.doc-v4-en-linking'}, inRelease, 'warning')).toEqual([])

    const release = documents.find((candidate) => candidate._type === 'release')!
    expect((await problemsOf({...release, _id: 'release-x', version: '4.8'}, documents)).join('\n')).toMatch(/semantic version/)
    const post = documents.find((candidate) => candidate._type === 'blogPost')!
    expect((await problemsOf({...post, _id: 'blogPost-x', slug: 'x-new', date: '1999-01-01'}, documents)).join('\n')).toMatch(/between 2010 and 2100/)
    expect((await problemsOf({...post, _id: 'blogPost-y', slug: 'y-new', title: undefined}, documents)).join('\n')).toMatch(/title/)

    // A translated interface message with a placeholder its message does not have would show it raw.
    const strings = documents.find((candidate) => candidate._type === 'uiStrings' && candidate.language === 'fr') as SanityDocument & {
      messages: {key: string; value: string}[]
    }
    const misspelt = {
      ...strings,
      messages: strings.messages.map((entry) => (entry.key === 'blog.readingTime' ? {...entry, value: 'Une minute|{readingTime} minutes'} : entry)),
    }
    expect((await problemsOf(misspelt, documents)).join('\n')).toMatch(/messages.*value: \{readingTime\} cannot be filled in: this message has \{count\}/)
  }, 60_000)
})
