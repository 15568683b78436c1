// The indexed local dataset answers every query exactly as groq-js does over the whole dataset:
// on the real content (every query with every parameter the site uses) and on documents made to
// trip an index (missing, null and numeric values, duplicates, correlated lookups at any depth).
import {execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import * as queries from '@site/schemas/queries'
import {evaluate, parse} from 'groq-js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {IndexedDataset, type QueryParameters} from '../indexed-dataset'
import {loadLocalDataset, type DatasetDocument} from '../local-dataset'

/** What the local transport did before the indexes: groq-js over every document. */
async function scan(documents: readonly DatasetDocument[], query: string, params: QueryParameters): Promise<unknown> {
  return (await evaluate(parse(query, {params}), {dataset: documents, params})).get()
}

const root = path.resolve(import.meta.dirname, '../../..')
const datasetDir = mkdtempSync(path.join(tmpdir(), 'indexed-dataset-'))
let documents: DatasetDocument[] = []

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'importer/src/cli.ts', '--out', datasetDir], {
    cwd: root,
    stdio: 'pipe',
  })
}, 180_000)

afterAll(() => rmSync(datasetDir, {recursive: true, force: true}))

describe('IndexedDataset on the real content', () => {
  it('gives the same result as a scan for every query and every parameter the site uses', async () => {
    documents = (await loadLocalDataset(datasetDir)).documents
    const indexed = new IndexedDataset(documents)
    const defaultLocale = 'en'
    const locales = ['en', 'fr', 'pt-br', 'zh-CN', 'xx']
    const versions = (await scan(documents, queries.docsVersionsQuery, {})) as Array<{path: string}>
    const docRoutes = (await scan(documents, queries.docRoutesQuery, {defaultLocale})) as Array<{version: string; slug: string}>
    const pageRoutes = (await scan(documents, queries.pageRoutesQuery, {defaultLocale, locale: 'en'})) as Array<{path: string}>
    const postSlugs = ((await scan(documents, queries.blogPostsQuery, {defaultLocale, locale: 'en'})) as Array<{slug: string}>).map((row) => row.slug)
    const releaseVersions = ((await scan(documents, queries.releasesQuery, {defaultLocale, locale: 'en'})) as Array<{version: string}>).map(
      (row) => row.version,
    )
    expect(versions.length).toBeGreaterThanOrEqual(3)
    expect(docRoutes.length).toBeGreaterThan(100)
    const cases: Array<[string, QueryParameters]> = [
      [queries.siteSettingsQuery, {}],
      [queries.themeQuery, {}],
      [queries.docsVersionsQuery, {}],
      [queries.docRoutesQuery, {defaultLocale}],
      [queries.localeTableQuery, {}],
      [queries.routingTableQuery, {}],
      [queries.staticFilesQuery, {}],
      [queries.linkChecksQuery, {}],
      [queries.redirectsQuery, {}],
    ]
    for (const locale of locales) {
      const base = {locale, defaultLocale}
      cases.push(
        [queries.uiStringsQuery, base],
        [queries.searchSynonymsQuery, base],
        [queries.blogPostsQuery, base],
        [queries.blogAuthorsQuery, base],
        [queries.releasesQuery, base],
        [queries.pageRoutesQuery, base],
        [queries.homePageQuery, base],
        [queries.searchDocumentsQuery, base],
      )
      for (const {path: version} of [...versions, {path: 'v99'}]) cases.push([queries.docsNavigationQuery, {...base, version}])
      for (const {version, slug} of [...docRoutes, {version: 'v4', slug: 'no-such-doc'}]) cases.push([queries.docQuery, {...base, version, slug}])
      for (const {path: pagePath} of [...pageRoutes, {path: 'no/such/page'}]) cases.push([queries.pageQuery, {...base, path: pagePath}])
      for (const slug of [...postSlugs, 'no-such-post']) cases.push([queries.blogPostTextQuery, {...base, slug}])
      for (const version of [...releaseVersions, '0.0.0']) cases.push([queries.releaseTextQuery, {...base, version}])
    }
    for (const {path: version} of [...versions, {path: 'v99'}]) cases.push([queries.sidebarsQuery, {version}])
    const covered = new Set(cases.map(([query]) => query))
    expect(Object.entries(queries).filter(([name, query]) => name.endsWith('Query') && !covered.has(query as string))).toEqual([])
    for (const [query, params] of cases) {
      const expected = await scan(documents, query, params)
      expect({query: query.slice(0, 60), params, result: await indexed.query(query, params)}).toEqual({query: query.slice(0, 60), params, result: expected})
    }
  }, 300_000)
})

/** Documents that a careless index would answer wrongly. */
const tricky: DatasetDocument[] = [
  {_id: 'a', _type: 'doc', version: 'v1', slug: 'intro', language: 'en', title: 'A', body: [{_type: 'ref', to: {_ref: 'b'}}]},
  {_id: 'b', _type: 'doc', version: 'v1', slug: 'intro', language: 'fr', title: 'B'},
  {_id: 'c', _type: 'doc', version: 'v1', slug: 'intro', language: 'fr', title: 'C, a later duplicate'},
  {_id: 'd', _type: 'doc', version: 'v2', slug: 5, language: 'en', title: 'numeric slug'},
  {_id: 'e', _type: 'doc', version: 'v2', slug: '5', language: 'fr', title: 'string slug "5"'},
  {_id: 'f', _type: 'doc', version: 'v2', language: 'en', title: 'no slug'},
  {_id: 'g', _type: 'doc', version: 'v2', language: 'fr', title: 'no slug either'},
  {_id: 'h', _type: 'doc', version: 'v2', slug: null, language: 'fr', title: 'null slug'},
  {_id: 'i', _type: 'doc', version: 'v3', slug: 'a\u0000b', language: 'en', title: 'NUL in a slug'},
  {_id: 'j', _type: 'doc', version: 'v3', slug: 'a\u0000b', language: 'fr', title: 'its translation'},
  {_id: 'k', _type: 'doc', version: ['v3'], slug: 'arr', language: 'en', title: 'array version'},
  {_id: 'l', _type: 'page', path: 'x', language: 'en', title: 'page'},
  {_id: 'm', _type: 'page', path: 'x', language: 'fr', title: 'page fr'},
  {_id: 'n', _type: 'doc', version: 'v1', slug: 'intro', title: 'no language'},
  {_id: 'a', _type: 'doc', version: 'v9', slug: 'dup-id', language: 'en', title: 'duplicate id, later'},
  {_id: 'drafts.b', _type: 'doc', version: 'v1', slug: 'intro', language: 'fr', title: 'draft'},
]

const trickyQueries: Array<[string, string, QueryParameters[]]> = [
  [
    'site queries: translated doc with fallback',
    queries.docQuery,
    [
      {version: 'v1', slug: 'intro', locale: 'fr', defaultLocale: 'en'},
      {version: 'v2', slug: 5, locale: 'fr', defaultLocale: 'en'},
      {version: 'v2', slug: '5', locale: 'fr', defaultLocale: 'en'},
      {version: 'v2', slug: null, locale: 'fr', defaultLocale: 'en'},
      {version: 'v1', slug: 'intro', locale: null, defaultLocale: 'en'},
      {version: 'v3', slug: 'a\u0000b', locale: 'fr', defaultLocale: 'en'},
    ],
  ],
  [
    'site queries: search documents (correlated on version and slug)',
    queries.searchDocumentsQuery,
    [
      {locale: 'fr', defaultLocale: 'en'},
      {locale: null, defaultLocale: 'en'},
      {locale: 'en', defaultLocale: 'fr'},
    ],
  ],
  [
    'site queries: page routes (correlated on path)',
    queries.pageRoutesQuery,
    [
      {locale: 'fr', defaultLocale: 'en'},
      {locale: 'de', defaultLocale: 'en'},
    ],
  ],
  [
    'correlated lookup of each document',
    '*[_type == "doc"]{_id, "tr": *[_type == "doc" && version == ^.version && slug == ^.slug && language == "fr"][0]._id}',
    [{}],
  ],
  [
    'correlated, with three constant conditions',
    '*[_type == "doc"]{_id, "tr": *[_type == "doc" && language == "fr" && version == "v1" && slug == ^.slug][0]._id}',
    [{}],
  ],
  ['correlated, condition sides swapped', '*[_type == "doc"]{_id, "tr": *[^.slug == slug && "fr" == language && _type == "doc"][0]._id}', [{}]],
  ['correlated on an attribute of an attribute', '*[_type == "doc"]{_id, "x": {"s": slug}, "tr": *[_type == "doc" && slug == ^.slug][0]{_id}}', [{}]],
  [
    'correlated two levels up, inside an array map (hidden scope)',
    '*[_type == "doc"]{_id, "refs": body[]{_type, "same": *[_type == "doc" && version == ^.^.version && language == "fr"][0]._id, "deref": to->title}}',
    [{}],
  ],
  [
    'correlated from a nested projection',
    '*[_type == "page"]{path, "o": {"p": path}{p, "fr": *[_type == "page" && path == ^.p && language == $l][0].title}}',
    [{l: 'fr'}, {l: ['fr']}],
  ],
  ['not indexed: a count of a correlated filter', '*[_type == "doc"]{_id, "n": count(*[_type == "doc" && version == ^.version])}', [{}]],
  ['not indexed: a correlated filter with another condition', '*[_type == "doc"]{_id, "t": *[_type == "doc" && slug == ^.slug && _id != ^._id][0]._id}', [{}]],
  ['ids: duplicate and drafts', '*[_id == $id]{_id, title}', [{id: 'a'}, {id: 'drafts.b'}, {id: 'zz'}, {id: 5}, {id: null}]],
  ['ids: dereference', '*[_id in ["a", "b"]]{_id, body[]{"t": to->title}}', [{}]],
  [
    'in: a parameter list and a literal list',
    '*[_type == "doc" && language in $langs && slug in ["intro", 5, "5"]]{_id}',
    [{langs: ['fr', 'en']}, {langs: []}, {langs: 'fr'}, {langs: [null, 'en']}],
  ],
  ['type: a number, null, missing', '*[_type == $t]{_id}', [{t: 5}, {t: 'doc'}, {t: null}, {t: 'none'}]],
  ['no type condition', '*[slug == $s]{_id}', [{s: 'intro'}, {s: 5}, {s: null}]],
  ['ordering after narrowing', '*[_type in ["page", "doc"] && language == "fr"] | order(title asc){_id}', [{}]],
  ['array-valued attribute', '*[version == $v]{_id}', [{v: 'v3'}, {v: ['v3']}]],
]

describe('IndexedDataset on tricky documents', () => {
  const indexed = new IndexedDataset(tricky)
  it.each(trickyQueries)('%s: same result as a scan', async (_name, query, paramSets) => {
    for (const params of paramSets) {
      const expected = await scan(tricky, query, params)
      expect({params, result: await indexed.query(query, params)}).toEqual({params, result: expected})
    }
  })

  it('answers again from its indexes with other parameters (lookups are per constant values)', async () => {
    const query = queries.pageRoutesQuery
    for (const locale of ['fr', 'en', 'fr', 'de'])
      expect(await indexed.query(query, {locale, defaultLocale: 'en'})).toEqual(await scan(tricky, query, {locale, defaultLocale: 'en'}))
  })
})
