// The export of a Sanity dataset as the build steps outside the render read it: against the API
// stand-in (drafts for the token's holder only, a private dataset closed to others) and against
// answers a stand-in does not give (a stream cut short, Sanity's error line, a refused token).
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {exportDataset, exportUrl, inPerspective, parseExportLines} from '../dataset-export'

const DOCUMENTS = [
  {_id: 'doc-a', _type: 'doc', title: 'Rooms'},
  {_id: 'drafts.doc-a', _type: 'doc', title: 'Rooms (draft)'},
  {_id: 'drafts.doc-b', _type: 'doc', title: 'New page, never published'},
  {_id: 'versions.r1.doc-a', _type: 'doc', title: 'Rooms in a release'},
  {_id: 'post-1', _type: 'blogPost', title: 'Hello'},
]

let open: SanityApiServer
let closed: SanityApiServer

const env = (server: SanityApiServer, perspective: 'published' | 'drafts' = 'published') =>
  ({mode: 'sanity', projectId: server.api.projectId, dataset: server.dataset, apiVersion: SANITY_API_VERSION, apiHost: server.url, perspective}) as const

beforeAll(async () => {
  open = await startSanityApiStandIn({projectId: 'p1', dataset: 'production', token: 'sk-read', documents: DOCUMENTS})
  closed = await startSanityApiStandIn({projectId: 'p2', dataset: 'production', token: 'sk-read', aclMode: 'private', documents: DOCUMENTS})
})

afterAll(async () => {
  await Promise.all([open?.close(), closed?.close()])
})

const ids = (documents: ReadonlyArray<{_id: string}>) => documents.map((document) => document._id).sort()

describe('exportDataset', () => {
  it('gives the published documents, drafts and release versions left out, in one request', async () => {
    const before = open.requests.length
    expect(ids(await exportDataset(env(open), 'sk-read'))).toEqual(['doc-a', 'post-1'])
    expect(open.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v2021-06-07/data/export/production'])
  })

  it('shows each draft under its published id in the drafts perspective (a preview build, with the token)', async () => {
    const documents = await exportDataset(env(open, 'drafts'), 'sk-read')
    expect(ids(documents)).toEqual(['doc-a', 'doc-b', 'post-1'])
    expect(documents.find((document) => document._id === 'doc-a')).toMatchObject({title: 'Rooms (draft)'})
  })

  it('sends no drafts to a caller without the token, and nothing at all from a private dataset', async () => {
    const anonymous = await fetch(exportUrl(env(open)))
    expect(ids(parseExportLines(await anonymous.text(), 'test'))).toEqual(['doc-a', 'post-1'])
    await expect(exportDataset(env(closed), undefined)).rejects.toThrow(
      /the export of Sanity dataset p2\/production \(http:.*\/v2021-06-07\/data\/export\/production\) answered HTTP 401 \(a private dataset needs SANITY_API_READ_TOKEN\)/,
    )
    expect(ids(await exportDataset(env(closed), 'sk-read'))).toEqual(['doc-a', 'post-1'])
  })

  it('keeps the types asked for (the endpoint’s types parameter)', async () => {
    const answer = await fetch(`${exportUrl(env(open))}?types=blogPost`, {headers: {authorization: 'Bearer sk-read'}})
    expect(answer.headers.get('content-type')).toContain('application/x-ndjson')
    expect(ids(parseExportLines(await answer.text(), 'test'))).toEqual(['post-1'])
  })

  it('names the project, the address and the line when the export is not what it should be', async () => {
    const answering = (body: string, status = 200) => (async () => new Response(body, {status})) as unknown as typeof fetch
    const sanityEnv = {...env(open), apiHost: undefined}
    expect(exportUrl(sanityEnv)).toBe('https://p1.api.sanity.io/v2021-06-07/data/export/production')
    await expect(exportDataset(sanityEnv, undefined, answering('{"_id":"a","_type":"doc"}\n{"_id":"b","_ty'))).rejects.toThrow(
      /the export of Sanity dataset p1\/production \(https:\/\/p1\.api\.sanity\.io\/v2021-06-07\/data\/export\/production\):2: not valid JSON .*cut short/,
    )
    await expect(exportDataset(sanityEnv, undefined, answering('{"_id":"a","_type":"doc"}\n{"error":{"description":"Stream timed out"}}\n'))).rejects.toThrow(
      /line 2: the export failed: Stream timed out/,
    )
    await expect(exportDataset(sanityEnv, undefined, answering('{"_id":"a"}\n'))).rejects.toThrow(
      /:1: a dataset line must be an object with string _id and _type/,
    )
    await expect(exportDataset(sanityEnv, 'sk-wrong', answering('{"error":"Unauthorized"}', 403))).rejects.toThrow(
      /answered HTTP 403 \(a private dataset needs/,
    )
    const unreachable = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    await expect(exportDataset(sanityEnv, undefined, unreachable)).rejects.toThrow(/could not be reached: fetch failed/)
  })
})

describe('inPerspective', () => {
  it('matches the query API’s published and drafts perspectives', () => {
    expect(ids(inPerspective(DOCUMENTS, 'published'))).toEqual(['doc-a', 'post-1'])
    expect(inPerspective(DOCUMENTS, 'drafts').map((document) => [document._id, document.title])).toEqual([
      ['doc-a', 'Rooms (draft)'],
      ['post-1', 'Hello'],
      ['doc-b', 'New page, never published'],
    ])
  })
})
