/**
 * "Cut a new version" on the dataset imported from content/: 4.x becomes the drafts of 5.x, and the
 * copies pass the studio's own validation (the harness of dataset-validation.test.ts).
 */
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {documentId, schemaTypes, translationFingerprint, translationStatus} from '@site/schemas'
import {validateDocument} from '@sanity/validation'
import type {SanityDocument} from '@sanity/types'
import {createSchema} from 'sanity'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {runImport} from '@site/importer/run-import'
import {
  batchMutations,
  cutRequestProblems,
  docsAddress,
  movedHref,
  planVersionCut,
  type StoredDocument,
  type StoredVersion,
  type VersionCutPlan,
} from '../versions/cut-version'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'

const CONTENT = path.resolve(import.meta.dirname, '../../content')
const schema = createSchema({name: 'default', types: schemaTypes})
const SANITY_ID = /^[a-zA-Z0-9_-][a-zA-Z0-9._-]*$/

let outDir = ''
let documents: StoredDocument[] = []
let versions: StoredVersion[] = []
let plan: VersionCutPlan

const ofType = (type: string) => documents.filter((document) => document._type === type)

function allHrefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) allHrefs(item, found)
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'href' && typeof item === 'string') found.push(item)
      else if (key === 'cells' && Array.isArray(item))
        for (const cell of item) for (const match of String(cell).matchAll(/\]\((\/docs[^)\s]*)/g)) found.push(match[1]!)
      else allHrefs(item, found)
    }
  }
  return found
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'studio-cut-'))
  const result = await runImport({contentDir: CONTENT, outDir, write: false})
  expect(result.errors).toEqual([])
  documents = result.documents
  versions = ofType('docsVersion')
  const source = versions.find((version) => version.path === 'v4')!
  plan = planVersionCut({
    source,
    versions,
    documents: documents.filter((document) => (document._type === 'doc' || document._type === 'sidebar') && document.version === 'v4'),
    settings: documents.find((document) => document._type === 'siteSettings'),
    homePages: documents.filter((document) => document._type === 'homePage'),
    defaultLocale: 'en',
    request: {path: 'v5', label: '5.x', urlPath: 'v5', isLast: true},
  })
}, 120_000)

afterAll(async () => {
  if (outDir) await rm(outDir, {recursive: true, force: true})
})

describe('cutting 5.x from the 4.x of content/', () => {
  it('copies every doc of 4.x, in every locale, into a draft with the importer’s id', () => {
    const sourceDocs = ofType('doc').filter((doc) => doc.version === 'v4')
    expect(sourceDocs.length).toBeGreaterThan(100)
    const copies = new Map(plan.docs.map((doc) => [doc._id, doc]))
    for (const doc of sourceDocs) {
      const id = `drafts.${documentId('doc', 'v5', String(doc.language), String(doc.slug))}`
      const copy = copies.get(id)
      expect(copy, `${doc._id} → ${id}`).toBeDefined()
      expect({version: copy!.version, language: copy!.language, slug: copy!.slug, title: copy!.title}).toEqual({
        version: 'v5',
        language: doc.language,
        slug: doc.slug,
        title: doc.title,
      })
    }
    expect(plan.docs).toHaveLength(sourceDocs.length)
    const perLocale: Record<string, number> = {}
    for (const doc of sourceDocs) perLocale[String(doc.language)] = (perLocale[String(doc.language)] ?? 0) + 1
    expect(plan.summary.docsPerLocale).toEqual(perLocale)
    expect(Object.keys(perLocale).sort()).toEqual(['en', 'fr', 'pt-br', 'zh-CN'])
    // Every id is a valid Sanity id, a draft, under Sanity's length limit; nothing of 4.x is overwritten.
    for (const mutation of plan.mutations) {
      const id = mutation.createOrReplace._id
      expect(id).toMatch(SANITY_ID)
      expect(id.length).toBeLessThanOrEqual(128)
      if (mutation.createOrReplace._type !== 'translation.metadata') expect(id.startsWith('drafts.'), id).toBe(true)
    }
    expect(plan.mutations.at(-1)?.createOrReplace._id).toBe('drafts.docsVersion-v5')
  })

  it('copies the sidebars, equal to 4.x’s but for the version and the docs they point at', () => {
    const sourceSidebars = ofType('sidebar').filter((sidebar) => sidebar.version === 'v4')
    expect(plan.sidebars.map((sidebar) => sidebar._id).sort()).toEqual(
      sourceSidebars.map((sidebar) => `drafts.${documentId('sidebar', 'v5', String(sidebar.sidebarId))}`).sort(),
    )
    for (const sidebar of sourceSidebars) {
      const copy = plan.sidebars.find((candidate) => candidate.sidebarId === sidebar.sidebarId)!
      const expected = JSON.parse(
        JSON.stringify(sidebar.items)
          .replace(/"_ref":"doc-v4-/g, '"_ref":"doc-v5-')
          .replace(/"\/docs\/v4\//g, '"/docs/v5/'),
      )
      const normalized = JSON.parse(JSON.stringify(copy.items).replace(/,"_weak":true,"_strengthenOnPublish":\{"type":"doc"\}/g, ''))
      expect(normalized).toEqual(expected)
      expect(copy.version).toBe('v5')
    }
    // The references wait for the copies to be published, as the studio writes them.
    expect(JSON.stringify(plan.sidebars)).toContain('"_ref":"doc-v5-en-rooms","_weak":true,"_strengthenOnPublish":{"type":"doc"}')
    expect(plan.summary.sidebars).toBe(sourceSidebars.length)
  })

  it('moves links to 4.x to 5.x, in bodies, admonitions and table cells, and leaves other versions’ alone', () => {
    const routed = versions.map((version) => ({path: String(version.path), segment: String(version.urlPath ?? version.path)}))
    const hrefs = plan.docs.flatMap((doc) => allHrefs(doc.body))
    expect(hrefs.length).toBeGreaterThan(100)
    const toV4 = hrefs.filter((href) => docsAddress(href.split(/[?#]/)[0]!, routed, 'docs')?.version === 'v4')
    expect(toV4).toEqual([])
    const rooms = plan.docs.find((doc) => doc._id === 'drafts.doc-v5-fr-rooms')!
    expect(rooms.translation).toMatchObject({source: {_ref: 'doc-v5-en-rooms', _weak: true}})
    const sourceHrefs = ofType('doc')
      .filter((doc) => doc.version === 'v4')
      .flatMap((doc) => allHrefs(doc.body))
    expect(hrefs).toHaveLength(sourceHrefs.length)
    expect(hrefs.filter((href) => href.startsWith('/docs/v5/')).length).toBe(sourceHrefs.filter((href) => href.startsWith('/docs/v4/')).length)
    expect(plan.summary.linksRewritten).toBeGreaterThan(100)
    // Table cells hold markdown links.
    const tableCells = JSON.stringify(plan.docs.map((doc) => doc.body)).match(/\]\(\/docs\/v\d\//g) ?? []
    expect(tableCells.length).toBeGreaterThan(0)
    expect(tableCells.every((cell) => cell === '](/docs/v5/' || cell === '](/docs/v3/' || cell === '](/docs/v2/')).toBe(true)
    // The editor is told which copies link to other versions.
    const toOthers = plan.docs.filter((doc) => allHrefs(doc.body).some((href) => /^\/docs\/v[23]\//.test(href)))
    for (const doc of toOthers)
      expect(
        plan.summary.review.some((item) => item.document?.id === doc._id.slice('drafts.'.length)),
        doc._id,
      ).toBe(true)
    // The changelog follows the latest version.
    expect(JSON.stringify(plan.sidebars)).toContain('"href":"/docs/v5/changelog/"')
  })

  it('keeps translations linked: metadata per source, and current translations stay current', () => {
    const sourceMetadata = ofType('translation.metadata').filter((metadata) => String(metadata._id).startsWith('translation-metadata-doc-v4-'))
    expect(plan.metadata).toHaveLength(sourceMetadata.length)
    for (const metadata of sourceMetadata) {
      const copy = plan.metadata.find((candidate) => candidate._id === String(metadata._id).replace('-doc-v4-', '-doc-v5-'))
      expect(copy, String(metadata._id)).toBeDefined()
      const languages = (value: StoredDocument) =>
        (value.translations as {language: string; value: {_ref: string}}[]).map((entry) => `${entry.language}:${entry.value._ref}`)
      expect(languages(copy!)).toEqual(languages(metadata).map((entry) => entry.replace(':doc-v4-', ':doc-v5-')))
    }
    const statuses = new Set<string>()
    for (const copy of plan.docs.filter((doc) => doc.translation)) {
      const original = documents.find((doc) => doc._id === copy._id.replace('drafts.doc-v5-', 'doc-v4-'))!
      const originalSource = documents.find((doc) => doc._id === (original.translation as {source: {_ref: string}}).source._ref)!
      const copySource = plan.docs.find((doc) => doc._id === `drafts.${(copy.translation as {source: {_ref: string}}).source._ref}`)!
      const status = (source: StoredDocument, translation: StoredDocument) => translationStatus(source, translation as Parameters<typeof translationStatus>[1])
      expect(status(copySource, copy), copy._id).toBe(status(originalSource, original))
      statuses.add(status(copySource, copy))
    }
    expect(statuses).toContain('current')
    // Whether content/ has a stale translation depends on its git history: make one, and one current, to be sure of both.
    const en = documents.find((doc) => doc._id === 'doc-v4-en-rooms')!
    const fr = documents.find((doc) => doc._id === 'doc-v4-fr-rooms')!
    const versionV4 = versions.find((version) => version.path === 'v4')!
    const cutOf = (revision: string) =>
      planVersionCut({
        source: versionV4,
        versions,
        documents: [en, {...fr, translation: {...(fr.translation as object), sourceRevision: revision}}],
        defaultLocale: 'en',
        request: {path: 'v5', label: '5.x', urlPath: 'v5', isLast: true},
      })
    const statusIn = (cut: VersionCutPlan) => translationStatus(cut.docs[0]!, cut.docs[1] as Parameters<typeof translationStatus>[1])
    expect(statusIn(cutOf(translationFingerprint(en)))).toBe('current')
    expect(statusIn(cutOf('fp1-0000000000000000'))).toBe('stale')
    // The copy's links moved, so its fingerprint is not the original's: the current one was recorded anew.
    expect(JSON.stringify(en.body)).toContain('/docs/v4/')
    expect(translationFingerprint(cutOf('x').docs[0]!)).not.toBe(translationFingerprint(en))
  })

  it('prepares the other versions’ drafts: 4.x no longer latest, orders shifted, the changelog links moved', () => {
    const v4 = plan.mutations.find((mutation) => mutation.createOrReplace._id === 'drafts.docsVersion-v4')?.createOrReplace
    expect(v4).toMatchObject({path: 'v4', isLast: false, order: 2, banner: 'unmaintained'})
    expect(plan.mutations.find((mutation) => mutation.createOrReplace._id === 'drafts.docsVersion-v2')?.createOrReplace).toMatchObject({order: 4})
    expect(plan.version).toMatchObject({_id: 'drafts.docsVersion-v5', path: 'v5', label: '5.x', isLast: true, order: 1, banner: 'none', mainDoc: 'index'})
    expect(plan.version).not.toHaveProperty('urlPath')
    const settings = plan.mutations.find((mutation) => mutation.createOrReplace._id === 'drafts.siteSettings')?.createOrReplace
    expect(JSON.stringify(settings)).toContain('/docs/v5/changelog/')
    expect(JSON.stringify(settings)).not.toContain('/docs/v4/changelog/')
    expect(JSON.stringify(settings)).toContain('"/docs/v4/"')
    expect(plan.implied.map((change) => change.id).sort()).toEqual(['docsVersion-v2', 'docsVersion-v3', 'docsVersion-v4', 'siteSettings'])
    expect(plan.summary.review.map((item) => item.title)).toEqual(expect.arrayContaining(['Changelog', 'Banner of 5.x', 'Docs version 4.x']))
  })

  it('lists the navbar, footer and home page links that name 4.x, which stay on it, for the editor to review', () => {
    const navbar = plan.summary.review.find((item) => item.title === 'Navbar and footer links')
    expect(navbar).toMatchObject({document: {id: 'siteSettings', type: 'siteSettings'}, detail: expect.stringContaining('/docs/v4/')})
    expect(navbar?.detail).toMatch(/stay on 4\.x: point (it|them) at 5\.x where the latest docs are meant$/)
    // Each home page that links to 4.x explicitly is listed with its locale.
    const homes = plan.summary.review.filter((item) => item.title.startsWith('Home page links'))
    const linking = documents.filter(
      (document) => document._type === 'homePage' && allHrefs(document).some((href) => href.startsWith('/docs/v4/') || href.startsWith('/fr/docs/v4/')),
    )
    expect(linking.length).toBeGreaterThan(0)
    expect(homes.map((item) => item.document?.id).sort()).toEqual(linking.map((document) => document._id).sort())
  })

  it('gives copies and prepared drafts that pass the studio’s validation', async () => {
    const written = plan.mutations.map((mutation) => mutation.createOrReplace)
    const dataset = [...documents, ...written]
    const ids = new Set(dataset.map((document) => document._id))
    const client = datasetClientStandIn(dataset)
    const problems: string[] = []
    for (const document of written.filter((candidate) => candidate._type !== 'translation.metadata')) {
      const result = await validateDocument({
        document: document as SanityDocument,
        schema,
        client,
        getDocumentExists: async ({id}) => ids.has(id) || ids.has(`drafts.${id}`),
      })
      problems.push(
        ...result.markers.filter((marker) => marker.level === 'error').map((marker) => `${document._id} ${marker.path.join('.')}: ${marker.message}`),
      )
    }
    expect(problems).toEqual([])
    // The rule really looked the moved links up (a doc of v5 among the drafts).
    expect(client.queries.length).toBeGreaterThan(100)
  }, 180_000)

  it('refuses an identifier, label or URL path another version has, with the reason', () => {
    const problems = (request: Partial<Parameters<typeof cutRequestProblems>[0]>) =>
      cutRequestProblems({path: 'v5', label: '5.x', urlPath: 'v5', isLast: true, ...request}, versions)
    expect(problems({})).toEqual([])
    expect(problems({path: 'v4'})).toEqual([{field: 'path', message: 'The version 4.x already uses the identifier "v4"'}])
    expect(problems({path: '-v5'})[0]?.message).toMatch(/not a version identifier/)
    expect(problems({path: ''})[0]).toMatchObject({field: 'path'})
    expect(problems({label: '3.x'})).toEqual([{field: 'label', message: 'The version v3 already has the label "3.x"'}])
    expect(problems({urlPath: 'v3'})).toEqual([{field: 'urlPath', message: '/docs/v3/ already serves the version 3.x'}])
    expect(problems({urlPath: 'a/b'})[0]?.message).toMatch(/not a URL segment/)
    // A draft version counts too, and an identifier that would give the same document ids.
    const withDraft = [...versions, {_id: 'drafts.docsVersion-5_x', _type: 'docsVersion', path: '5_x', label: 'draft'}]
    expect(cutRequestProblems({path: '5.x', label: '5.x', urlPath: '5.x', isLast: false}, withDraft)[0]?.message).toBe(
      'The version draft already uses the identifier "5_x" (as a draft)',
    )
    expect(() =>
      planVersionCut({source: versions[0]!, versions, documents: [], defaultLocale: 'en', request: {path: 'v4', label: 'x', urlPath: 'v4', isLast: false}}),
    ).toThrow(/already uses the identifier/)
  })
})

describe('a latest version served at /docs/ itself', () => {
  const rootVersions: StoredVersion[] = [
    {
      _id: 'docsVersion-current',
      _type: 'docsVersion',
      path: 'current',
      urlPath: '',
      label: '2.0',
      name: 'current',
      isLast: true,
      order: 1,
      mainDoc: 'index',
      banner: 'none',
    },
    {_id: 'docsVersion-1.0', _type: 'docsVersion', path: '1.0', label: '1.0', name: '1.0', isLast: false, order: 2, mainDoc: 'index', banner: 'unmaintained'},
  ]
  const routed = rootVersions.map((version) => ({path: String(version.path), segment: String(version.urlPath ?? version.path)}))

  it('reads /docs/<slug> as the root version and /docs/1.0/ as 1.0', () => {
    expect(docsAddress('/docs/intro/', routed, 'docs')).toEqual({version: 'current', rest: '/intro/', changelog: false})
    expect(docsAddress('/docs/1.0/intro/', routed, 'docs')).toEqual({version: '1.0', rest: '/intro/', changelog: false})
    expect(docsAddress('/docs/', routed, 'docs')).toEqual({version: 'current', rest: '/', changelog: false})
    expect(docsAddress('/blog/x', routed, 'docs')).toBeNull()
  })

  it('only a new latest version takes /docs/, and the old one moves to its identifier', () => {
    expect(cutRequestProblems({path: '3.0', label: '3.0', urlPath: '', isLast: false}, rootVersions)).toEqual([
      {field: 'urlPath', message: '/docs/ already serves the version 2.0: only a version that becomes the latest can take /docs/ from it'},
    ])
    expect(cutRequestProblems({path: '3.0', label: '3.0', urlPath: '', isLast: true}, rootVersions)).toEqual([])
    // The old latest would move to /docs/current/: that segment is then taken.
    expect(cutRequestProblems({path: '3.0', label: '3.0', urlPath: 'current', isLast: true}, rootVersions)).toEqual([])
    expect(cutRequestProblems({path: '3.0', label: '3.0', urlPath: 'current', isLast: false}, rootVersions)).toEqual([])
  })

  it('moves links: the copy stays at /docs/, the old latest’s prepared draft moves to /docs/current/', () => {
    const doc = {
      _id: 'doc-current-en-intro',
      _type: 'doc',
      version: 'current',
      language: 'en',
      slug: 'intro',
      title: 'Intro',
      body: [
        {
          _type: 'block',
          _key: 'b',
          markDefs: [
            {_type: 'link', _key: 'l', href: '/docs/intro/#x'},
            {_type: 'link', _key: 'm', href: '/docs/1.0/intro/'},
          ],
          children: [],
        },
      ],
    }
    const cut = planVersionCut({
      source: rootVersions[0]!,
      versions: rootVersions,
      documents: [doc],
      defaultLocale: 'en',
      request: {path: '3.0', label: '3.0', urlPath: '', isLast: true},
    })
    expect(allHrefs(cut.docs[0]!.body)).toEqual(['/docs/intro/#x', '/docs/1.0/intro/'])
    expect(cut.version).toMatchObject({_id: 'drafts.docsVersion-3_0', urlPath: '', isLast: true})
    const old = cut.mutations.find((mutation) => mutation.createOrReplace._id === 'drafts.docsVersion-current')!.createOrReplace
    expect(old).toMatchObject({isLast: false, order: 2})
    expect(old).not.toHaveProperty('urlPath')
    expect(cut.implied.find((change) => change.id === 'docsVersion-current')?.changes).toContain('moves from /docs/ to /docs/current/')
    // Cutting 3.0 at /docs/3.0/ instead moves links from /docs/ to /docs/3.0/.
    expect(movedHref('/docs/intro/?a=1', {versions: routed, docsPath: 'docs', from: 'current', toBase: '/docs/3.0', changelog: false})).toBe(
      '/docs/intro/?a=1'.replace('/docs/', '/docs/3.0/'),
    )
    expect(movedHref('/docs/', {versions: routed, docsPath: 'docs', from: 'current', toBase: '/docs/3.0', changelog: false})).toBe('/docs/3.0/')
    expect(movedHref('/docs/1.0/intro/', {versions: routed, docsPath: 'docs', from: 'current', toBase: '/docs/3.0', changelog: false})).toBeUndefined()
  })

  it('follows the docs at the site root (docsPath "/"): addresses, moves and messages', () => {
    expect(docsAddress('/intro/', routed, '')).toEqual({version: 'current', rest: '/intro/', changelog: false})
    expect(docsAddress('/1.0/intro', routed, '')).toEqual({version: '1.0', rest: '/intro', changelog: false})
    expect(docsAddress('/', routed, '')).toEqual({version: 'current', rest: '/', changelog: false})
    expect(docsAddress('/blog/x', routed, '')).toBeNull()
    expect(movedHref('/intro/#x', {versions: routed, docsPath: '', from: 'current', toBase: '/3.0', changelog: false})).toBe('/3.0/intro/#x')
    expect(movedHref('/blog/x', {versions: routed, docsPath: '', from: 'current', toBase: '/3.0', changelog: false})).toBeUndefined()
    expect(cutRequestProblems({path: '3.0', label: '3.0', urlPath: '', isLast: false}, rootVersions, '')).toEqual([
      {field: 'urlPath', message: '/ already serves the version 2.0: only a version that becomes the latest can take / from it'},
    ])
    const doc = {
      _id: 'doc-current-en-intro',
      _type: 'doc',
      version: 'current',
      language: 'en',
      slug: 'intro',
      title: 'Intro',
      body: [
        {
          _type: 'block',
          _key: 'b',
          markDefs: [
            {_type: 'link', _key: 'l', href: '/guides/heartbeats/'},
            {_type: 'link', _key: 'm', href: '/1.0/intro/'},
          ],
          children: [],
        },
      ],
    }
    const settings = {_id: 'siteSettings', _type: 'siteSettings', docsPath: '/'}
    const cut = planVersionCut({
      source: rootVersions[0]!,
      versions: rootVersions,
      documents: [doc],
      settings,
      defaultLocale: 'en',
      request: {path: '3.0', label: '3.0', urlPath: '', isLast: true},
    })
    expect(allHrefs(cut.docs[0]!.body)).toEqual(['/guides/heartbeats/', '/1.0/intro/'])
    expect(cut.implied.find((change) => change.id === 'docsVersion-current')?.changes).toContain('moves from / to /current/')
    const elsewhere = planVersionCut({
      source: rootVersions[0]!,
      versions: rootVersions,
      documents: [doc],
      settings,
      defaultLocale: 'en',
      request: {path: '3.0', label: '3.0', urlPath: 'next', isLast: false},
    })
    expect(allHrefs(elsewhere.docs[0]!.body)).toEqual(['/next/guides/heartbeats/', '/1.0/intro/'])
  })
})

describe('batches', () => {
  it('keeps the order and the new version last, within the count and size limits', () => {
    const mutations = plan.mutations
    const batches = batchMutations(mutations, {maxCount: 40, maxBytes: 200_000})
    expect(batches.length).toBeGreaterThan(3)
    expect(batches.flat()).toEqual(mutations)
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(40)
      if (batch.length > 1) expect(JSON.stringify(batch).length).toBeLessThanOrEqual(200_000 + 2 * batch.length)
    }
    expect(batches.at(-1)!.at(-1)!.createOrReplace._id).toBe('drafts.docsVersion-v5')
  })
})
