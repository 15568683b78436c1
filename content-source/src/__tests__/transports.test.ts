// Every query of @site/schemas/queries gives the same result through groq-js over the local
// dataset, through @sanity/client talking to the HTTP stand-in of Sanity's query API, and through
// groq-js over that stand-in's export of the dataset (what the build steps outside the render read).
import path from 'node:path'
import {mkdtemp, readdir, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import * as queries from '@site/schemas/queries'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {exportDataset} from '../dataset-export'
import {copyDatasetImages, loadLocalDataset, type LocalDataset} from '../local-dataset'
import {createLocalTransport, createSanityTransport, memoizeTransport, type ContentTransport, type KnownQuery, type QueryParams} from '../transports'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {SANITY_API_VERSION} from '@site/schemas/model'

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'dataset')

let dataset: LocalDataset
let standin: SanityApiServer
let local: ContentTransport
let sanity: ContentTransport
let exported: ContentTransport

beforeAll(async () => {
  dataset = await loadLocalDataset(FIXTURE)
  standin = await startSanityApiStandIn({projectId: 'standin', dataset: 'production', documents: dataset.documents})
  local = createLocalTransport(dataset.documents)
  sanity = createSanityTransport({
    projectId: 'standin',
    dataset: standin.dataset,
    apiVersion: SANITY_API_VERSION,
    apiHost: standin.url,
    useProjectHostname: false,
  })
  const env = {
    mode: 'sanity',
    projectId: 'standin',
    dataset: standin.dataset,
    apiVersion: SANITY_API_VERSION,
    apiHost: standin.url,
    perspective: 'published',
  } as const
  exported = createLocalTransport(await exportDataset(env, undefined))
})

afterAll(async () => {
  await standin?.close()
})

const base = {defaultLocale: 'en'}
const cases: Array<{name: string; query: KnownQuery; params: QueryParams}> = [
  {name: 'siteSettingsQuery', query: queries.siteSettingsQuery, params: {}},
  {name: 'themeQuery', query: queries.themeQuery, params: {}},
  {name: 'uiStringsQuery', query: queries.uiStringsQuery, params: {...base, locale: 'fr'}},
  {name: 'docsVersionsQuery', query: queries.docsVersionsQuery, params: {}},
  {name: 'docRoutesQuery', query: queries.docRoutesQuery, params: base},
  {name: 'docsNavigationQuery', query: queries.docsNavigationQuery, params: {...base, locale: 'fr', version: 'v4'}},
  {name: 'docQuery (translated)', query: queries.docQuery, params: {...base, locale: 'fr', version: 'v4', slug: 'rooms'}},
  {name: 'docQuery (fallback)', query: queries.docQuery, params: {...base, locale: 'fr', version: 'v4', slug: 'server-api'}},
  {name: 'sidebarsQuery', query: queries.sidebarsQuery, params: {version: 'v4'}},
  {name: 'blogPostsQuery', query: queries.blogPostsQuery, params: {...base, locale: 'fr'}},
  {name: 'blogPostTextQuery (translated)', query: queries.blogPostTextQuery, params: {...base, locale: 'fr', slug: 'socket-io-4-8'}},
  {name: 'blogPostTextQuery (fallback)', query: queries.blogPostTextQuery, params: {...base, locale: 'fr', slug: 'socket-io-4-7'}},
  {name: 'blogAuthorsQuery', query: queries.blogAuthorsQuery, params: {locale: 'fr'}},
  {name: 'releasesQuery', query: queries.releasesQuery, params: {...base, locale: 'pt-br'}},
  {name: 'releaseTextQuery', query: queries.releaseTextQuery, params: {...base, locale: 'pt-br', version: '4.8.1'}},
  {name: 'pageRoutesQuery', query: queries.pageRoutesQuery, params: {...base, locale: 'fr'}},
  {name: 'pageQuery', query: queries.pageQuery, params: {...base, locale: 'zh-CN', path: 'how-to/use-with-react'}},
  {name: 'homePageQuery', query: queries.homePageQuery, params: {...base, locale: 'fr'}},
  {name: 'searchDocumentsQuery', query: queries.searchDocumentsQuery, params: {...base, locale: 'fr'}},
  {name: 'localeTableQuery', query: queries.localeTableQuery, params: {}},
  {name: 'routingTableQuery', query: queries.routingTableQuery, params: {}},
  {name: 'staticFilesQuery', query: queries.staticFilesQuery, params: {}},
  {name: 'linkChecksQuery', query: queries.linkChecksQuery, params: {}},
  {name: 'searchSynonymsQuery', query: queries.searchSynonymsQuery, params: {locale: 'fr'}},
  {name: 'redirectsQuery', query: queries.redirectsQuery, params: {}},
]

describe('local dataset and Sanity query API stand-in', () => {
  it('covers every query of @site/schemas/queries', () => {
    const exported = Object.keys(queries)
      .filter((name) => name.endsWith('Query'))
      .sort()
    expect([...new Set(cases.map((item) => item.name.split(' ')[0]))].sort()).toEqual(exported)
  })

  it.each(cases)('$name gives identical results through the three', async ({query, params}) => {
    const [fromLocal, fromSanity, fromExport] = await Promise.all([local.fetch(query, params), sanity.fetch(query, params), exported.fetch(query, params)])
    expect(fromLocal).not.toBeNull()
    expect(fromSanity).toEqual(fromLocal)
    // Byte for byte as JSON, as the publish's plan compares answers (their hashes), not only equal values.
    expect(JSON.stringify(fromExport)).toBe(JSON.stringify(fromSanity))
  })

  it('reached the stand-in through its documented query endpoint, and its export endpoint once', () => {
    const [exportRequest, ...queryRequests] = standin.requests
    expect(exportRequest).toMatchObject({method: 'GET', path: `/v2021-06-07/data/export/${standin.dataset}`, status: 200})
    expect(queryRequests.length).toBeGreaterThanOrEqual(cases.length)
    expect(queryRequests.every((request) => request.method === 'GET' && request.path === `/v${SANITY_API_VERSION}/data/query/${standin.dataset}`)).toBe(true)
  })

  it('answers the POST form of the endpoint like the GET form', async () => {
    // @sanity/client switches to POST for queries too long for a URL; none of ours is yet.
    const endpoint = `${standin.url}/v${SANITY_API_VERSION}/data/query/${standin.dataset}`
    const params = {...base, locale: 'fr', version: 'v4', slug: 'rooms'}
    const posted = await fetch(endpoint, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({query: queries.docQuery, params}),
    })
    const search = new URLSearchParams({
      query: queries.docQuery,
      ...Object.fromEntries(Object.entries(params).map(([name, value]) => [`$${name}`, JSON.stringify(value)])),
    })
    const got = await fetch(`${endpoint}?${search}`)
    const [postBody, getBody] = [await posted.json(), await got.json()]
    expect(postBody).toMatchObject({query: queries.docQuery, result: {title: 'Salles'}})
    expect(typeof postBody.ms).toBe('number')
    expect(postBody.result).toEqual(getBody.result)
  })

  it('resolves image assets the same way: asset->url points at the copied files', async () => {
    const settings = await local.fetch(queries.siteSettingsQuery, {})
    const url = settings?.logo?.light?.url
    expect(url).toMatch(/^\/_dataset\/images\/[0-9a-f]{40}-8x8\.png$/)
    expect(settings?.logo?.light?.width).toBe(8)
    const out = await mkdtemp(path.join(tmpdir(), 'public-'))
    try {
      // Three images and the static file's file.
      expect(await copyDatasetImages(dataset.images, out)).toBe(4)
      expect(await readdir(path.join(out, '_dataset', 'images'))).toContain(url?.split('/').pop())
      const files = await local.fetch(queries.staticFilesQuery, {})
      expect(files).toEqual([
        {
          path: 'files/readme.txt',
          asset: {
            _id: expect.stringMatching(/^file-[0-9a-f]{40}-txt$/),
            url: expect.stringMatching(/^\/_dataset\/files\/[0-9a-f]{40}\.txt$/),
            originalFilename: 'readme.txt',
          },
        },
      ])
      expect(await readdir(path.join(out, '_dataset', 'files'))).toContain(files[0]?.asset?.url?.split('/').pop())
    } finally {
      await rm(out, {recursive: true, force: true})
    }
  })

  it('memoizes identical calls', async () => {
    let calls = 0
    const counting: ContentTransport = {name: 'counting', fetch: (query, params) => ((calls += 1), local.fetch(query, params))}
    const memo = memoizeTransport(counting)
    await memo.fetch(queries.docsVersionsQuery, {})
    await memo.fetch(queries.docsVersionsQuery, {})
    await memo.fetch(queries.docRoutesQuery, {defaultLocale: 'en'})
    expect(calls).toBe(2)
  })

  it('keeps the most recently used answers of each query, up to its limit', async () => {
    let calls = 0
    const counting: ContentTransport = {name: 'counting', fetch: (query, params) => ((calls += 1), local.fetch(query, params))}
    const memo = memoizeTransport(counting, 2)
    const page = (slug: string) => memo.fetch(queries.docQuery, {defaultLocale: 'en', locale: 'fr', version: 'v4', slug})
    await page('rooms')
    await page('server-api')
    await page('rooms') // now the most recent: server-api goes first
    await page('index')
    expect(calls).toBe(3)
    await page('rooms')
    expect(calls).toBe(3)
    await page('server-api')
    expect(calls).toBe(4)
  })
})

describe('loadLocalDataset errors', () => {
  it('names the missing dataset file', async () => {
    await expect(loadLocalDataset('/nonexistent/dataset')).rejects.toThrow('Cannot read the dataset /nonexistent/dataset/data.ndjson')
  })
})

describe('a query whose connection fails', () => {
  it('is asked again, GET or POST (read-only), as is a 503; any other HTTP answer is final', async () => {
    const {createServer} = await import('node:http')
    const seen: string[] = []
    let drop = 0
    let busy = 0
    // Drops the connection of the requests it is told to, then answers like the query API.
    const server = createServer((request, response) => {
      seen.push(request.method ?? '')
      if (drop > 0) {
        drop--
        request.socket.destroy()
        return
      }
      if ((request.url ?? '').includes('/data/query/refused')) {
        response.writeHead(401, {'content-type': 'application/json'})
        response.end(JSON.stringify({error: {description: 'refused', type: 'authError'}}))
        return
      }
      if (busy > 0) {
        busy--
        response.writeHead(503, {'content-type': 'application/json'})
        response.end(JSON.stringify({error: {description: 'busy', type: 'serverError'}}))
        return
      }
      response.writeHead(200, {'content-type': 'application/json'})
      response.end(JSON.stringify({ms: 1, query: '', result: {title: 'Site'}}))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.address() as {port: number}).port
      const transport = createSanityTransport({
        projectId: 'p',
        dataset: 'production',
        apiVersion: SANITY_API_VERSION,
        apiHost: `http://127.0.0.1:${port}`,
        useProjectHostname: false,
        networkRetryDelayMs: 1,
      })
      drop = 2
      expect(await transport.fetch(queries.siteSettingsQuery, {})).toEqual({title: 'Site'})
      expect(seen.length).toBe(3)
      // A query long enough to go as POST.
      seen.length = 0
      drop = 1
      expect(await transport.fetch(queries.siteSettingsQuery, {padding: 'x'.repeat(12_000)})).toEqual({title: 'Site'})
      expect(seen).toContain('POST')
      expect(seen.length).toBe(2)
      // Never more than the retries allow.
      seen.length = 0
      drop = 10
      await expect(transport.fetch(queries.siteSettingsQuery, {})).rejects.toThrow()
      expect(seen.length).toBe(4)
      drop = 0
      // An answer asking to come back later is asked again too.
      seen.length = 0
      busy = 1
      expect(await transport.fetch(queries.siteSettingsQuery, {})).toEqual({title: 'Site'})
      expect(seen.length).toBe(2)
      const refused = createSanityTransport({
        projectId: 'p',
        dataset: 'refused',
        apiVersion: SANITY_API_VERSION,
        apiHost: `http://127.0.0.1:${port}`,
        useProjectHostname: false,
        networkRetryDelayMs: 1,
      })
      seen.length = 0
      await expect(refused.fetch(queries.siteSettingsQuery, {})).rejects.toThrow(/refused/)
      expect(seen.length).toBe(1)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
