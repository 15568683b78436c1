/**
 * The Sanity API stand-in itself, driven by @sanity/client: transactions are atomic, patches follow Sanity's
 * semantics, uploads are content-addressed, and tokens are checked, so that the tests relying on it can fail.
 */
import {createClient, type SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startSanityApiStandIn, type SanityApiServer} from '../http'
import {SANITY_API_VERSION} from '@site/schemas/model'

let standIn: SanityApiServer
let client: SanityClient

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5"/></svg>'

beforeAll(async () => {
  standIn = await startSanityApiStandIn({projectId: 'p1', dataset: 'd1', token: 'sk-good'})
  client = createClient({
    projectId: 'p1',
    dataset: 'd1',
    apiVersion: SANITY_API_VERSION,
    apiHost: standIn.url,
    useProjectHostname: false,
    useCdn: false,
    token: 'sk-good',
  })
})

afterAll(async () => {
  await standIn?.close()
})

describe('Sanity API stand-in', () => {
  it('applies a transaction whole or not at all', async () => {
    await client.create({_id: 'b', _type: 'note', title: 'B'})
    await expect(client.transaction().create({_id: 'a', _type: 'note'}).create({_id: 'b', _type: 'note'}).commit()).rejects.toThrow(
      /Document by ID "b" already exists/,
    )
    expect(standIn.documents().map((document) => document._id)).toEqual(['b'])
  })

  it('patches with Sanity semantics and sets the system fields', async () => {
    await client.createOrReplace({_id: 'c', _type: 'note', image: {_type: 'image'}, ref: {_type: 'reference', _ref: 'b', _weak: true}})
    const before = standIn.documents().find((document) => document._id === 'c')
    await client
      .patch('c')
      .setIfMissing({image: {_type: 'image'}, cover: {_type: 'image'}})
      .set({'image.asset': {_type: 'reference', _ref: 'image-x'}})
      .unset(['ref._weak'])
      .commit()
    const after = standIn.documents().find((document) => document._id === 'c')
    expect(after).toMatchObject({image: {_type: 'image', asset: {_ref: 'image-x'}}, cover: {_type: 'image'}, ref: {_type: 'reference', _ref: 'b'}})
    expect(after?.ref).not.toHaveProperty('_weak')
    expect(after?._rev).toEqual(expect.any(String))
    expect(after?._rev).not.toBe(before?._rev)
    expect(after?._createdAt).toBe(before?._createdAt)
  })

  it('stores an upload once per content, and serves it at its URL', async () => {
    const first = await client.assets.upload('image', Buffer.from(SVG), {filename: 'a.svg'})
    const again = await client.assets.upload('image', Buffer.from(SVG), {filename: 'b.svg'})
    expect(again._id).toBe(first._id)
    expect(first._id).toMatch(/^image-[0-9a-f]{40}-10x5-svg$/)
    expect(standIn.documents().filter((document) => document._type === 'sanity.imageAsset')).toHaveLength(1)
    const served = await fetch(first.url)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(await served.text()).toBe(SVG)
    expect((await fetch(first.url, {method: 'HEAD'})).status).toBe(200)
    expect((await fetch(`${standIn.url}/images/p1/d1/nothing-1x1.png`, {method: 'HEAD'})).status).toBe(404)
    await expect(client.assets.upload('image', Buffer.from('not an image'))).rejects.toThrow(/Invalid image/)
  })

  it('reads without a token, refuses writes without one and anything with a wrong one', async () => {
    const anonymous = client.withConfig({token: undefined})
    expect(await anonymous.fetch('count(*[_type == "note"])')).toBe(2)
    await expect(anonymous.create({_id: 'd', _type: 'note'})).rejects.toThrow(/Unauthorized - Session not found/)
    await expect(client.withConfig({token: 'sk-bad'}).fetch('1')).rejects.toThrow(/Unauthorized/)
    await expect(client.withConfig({dataset: 'other'}).fetch('1')).rejects.toThrow(/Dataset "other" not found/)
  })

  it('answers unknown endpoints with 404 and records every request', async () => {
    const response = await fetch(`${standIn.url}/v${SANITY_API_VERSION}/projects`)
    expect(response.status).toBe(404)
    expect(standIn.requests.at(-1)).toMatchObject({method: 'GET', path: `/v${SANITY_API_VERSION}/projects`, status: 404})
  })

  it('shows drafts by perspective, published by default from API version 2025-02-19 on', async () => {
    await client.createOrReplace({_id: 'drafts.b', _type: 'note', title: 'B, edited'})
    const titles = (perspective: 'raw' | 'published' | 'drafts') =>
      client.withConfig({perspective}).fetch<string[]>('*[_type == "note" && _id in ["b", "drafts.b"]].title | order(@ asc)')
    expect(await titles('raw')).toEqual(['B', 'B, edited'])
    expect(await titles('published')).toEqual(['B'])
    expect(await titles('drafts')).toEqual(['B, edited'])
    const unnamed = async (version: string, token?: string) =>
      (
        (await (
          await fetch(`${standIn.url}/v${version}/data/query/d1?query=${encodeURIComponent('count(*[_id == "drafts.b"])')}`, {
            headers: token ? {authorization: `Bearer ${token}`} : {},
          })
        ).json()) as {result: number}
      ).result
    expect(await unnamed(SANITY_API_VERSION, 'sk-good')).toBe(0)
    expect(await unnamed('2021-06-07', 'sk-good')).toBe(1)
    // Drafts are private: without the token no perspective shows them.
    expect(await unnamed('2021-06-07')).toBe(0)
    const anonymous = createClient({...client.config(), token: undefined, perspective: 'drafts'})
    expect(await anonymous.fetch<string[]>('*[_id == "b"].title')).toEqual(['B'])
  })

  it('maps strings copied from a document field in a content source map, so that stega marks them with their document and path', async () => {
    await client.createOrReplace({_id: 'drafts.b', _type: 'note', title: 'B, edited', body: [{_key: 'k1', _type: 'block', text: 'Hello'}]})
    const stega = client.withConfig({perspective: 'drafts', stega: {enabled: true, studioUrl: 'http://studio.test'}})
    const {result, resultSourceMap} = await stega.fetch<{_id: string; title: string; body: Array<{text: string}>; upper: string}>(
      '*[_id == "b"][0]{_id, title, body, "upper": upper(title)}',
      {},
      {filterResponse: false},
    )
    expect(resultSourceMap?.documents).toEqual([{_id: 'drafts.b', _type: 'note'}])
    expect(Object.keys(resultSourceMap?.mappings ?? {}).sort()).toEqual(["$['body'][0]['_key']", "$['body'][0]['_type']", "$['body'][0]['text']", "$['title']"])
    expect(resultSourceMap?.paths).toContain("$['body'][?(@._key=='k1')]['text']")
    // The client encodes what the map names (the title carries invisible characters) and nothing computed.
    expect(result.title.startsWith('B, edited')).toBe(true)
    expect(result.title.length).toBeGreaterThan('B, edited'.length)
    expect(result.upper).toBe('B, EDITED')
  })

  it('deletes by query, as the studio removes expired preview secrets', async () => {
    await client.create({_id: 'old-1', _type: 'expiring', label: 'x'})
    await client.create({_id: 'old-2', _type: 'expiring', label: 'x'})
    await client.create({_id: 'kept', _type: 'expiring', label: 'y'})
    await client.delete({query: '*[_type == "expiring" && label == $label]', params: {label: 'x'}})
    expect(await client.fetch('*[_type == "expiring"]._id')).toEqual(['kept'])
  })

  it('answers the preview URL secret query of @sanity/preview-url-secret for a secret stored within the hour', async () => {
    await client.create({_id: 'sanity-preview-url-secret.s1', _type: 'sanity.previewUrlSecret', secret: 'abc123', studioUrl: 'http://studio.test'})
    const query = `*[_type == "sanity.previewUrlSecret" && secret == $secret && dateTime(_updatedAt) > dateTime(now()) - 3600][0]{_id, _updatedAt, secret, studioUrl}`
    const raw = client.withConfig({perspective: 'raw'})
    expect(await raw.fetch(query, {secret: 'abc123'})).toMatchObject({_id: 'sanity-preview-url-secret.s1', secret: 'abc123', studioUrl: 'http://studio.test'})
    expect(await raw.fetch(query, {secret: 'guessed'})).toBeNull()
  })

  it('edits and publishes through the Actions API, and tells open listeners', async () => {
    const controller = new AbortController()
    const stream = await fetch(`${standIn.url}/v${SANITY_API_VERSION}/data/listen/d1?query=*`, {signal: controller.signal})
    const reader = stream.body!.getReader()
    let received = ''
    const until = async (text: string) => {
      while (!received.includes(text)) received += new TextDecoder().decode((await reader.read()).value)
    }
    await until('event: welcome')
    const act = (actions: unknown[]) =>
      fetch(`${standIn.url}/v${SANITY_API_VERSION}/data/actions/d1`, {
        method: 'POST',
        headers: {'content-type': 'application/json', authorization: 'Bearer sk-good'},
        body: JSON.stringify({actions}),
      })
    expect((await act([{actionType: 'sanity.action.document.edit', draftId: 'drafts.c', publishedId: 'c', patch: {set: {title: 'C'}}}])).status).toBe(200)
    await until('"documentId":"drafts.c"')
    expect(standIn.api.document('drafts.c')).toMatchObject({_type: 'note', title: 'C'})
    expect((await act([{actionType: 'sanity.action.document.publish', draftId: 'drafts.c', publishedId: 'c'}])).status).toBe(200)
    await until('"transition":"disappear"')
    expect(standIn.api.document('c')).toMatchObject({title: 'C'})
    expect(standIn.api.document('drafts.c')).toBeUndefined()
    expect((await act([{actionType: 'sanity.action.document.discard', draftId: 'drafts.c', publishedId: 'c'}])).status).toBe(501)
    // A new document (a singleton's first edit): created as a draft named by its attributes' _id, then edited.
    const create = {actionType: 'sanity.action.document.create', publishedId: 'fresh', attributes: {_id: 'drafts.fresh', _type: 'note'}, ifExists: 'fail'}
    expect(
      (await act([create, {actionType: 'sanity.action.document.edit', draftId: 'drafts.fresh', publishedId: 'fresh', patch: {set: {title: 'New'}}}])).status,
    ).toBe(200)
    expect(standIn.api.document('drafts.fresh')).toMatchObject({_type: 'note', title: 'New'})
    expect((await act([create])).status).toBe(400)
    expect((await act([{...create, ifExists: 'ignore'}])).status).toBe(200)
    expect((await act([{...create, publishedId: 'other'}])).status).toBe(400)
    controller.abort()
  })

  it('streams the Live Content API’s sync tags of changed documents, drafts’ only with includeDrafts and the token', async () => {
    const live = `${standIn.url}/v${SANITY_API_VERSION}/data/live/events/d1`
    expect((await fetch(`${live}?includeDrafts=true`)).status).toBe(401)
    const open = async (url: string, headers: Record<string, string> = {}) => {
      const controller = new AbortController()
      const reader = (await fetch(url, {headers, signal: controller.signal})).body!.getReader()
      const stream = {received: '', controller}
      const until = async (text: string) => {
        while (!stream.received.includes(text)) stream.received += new TextDecoder().decode((await reader.read()).value)
      }
      const untilMessages = async (count: number) => {
        while ((stream.received.match(/event: message/g) ?? []).length < count) stream.received += new TextDecoder().decode((await reader.read()).value)
      }
      await until('event: welcome')
      return {stream, until, untilMessages}
    }
    const published = await open(live)
    const drafts = await open(`${live}?includeDrafts=true`, {authorization: 'Bearer sk-good'})
    await client.create({_id: 'live-1', _type: 'note', title: 'Live'})
    const {syncTags} = await client.fetch('*[_id == "live-1"]{_id, title}', {}, {filterResponse: false})
    expect(syncTags).toHaveLength(1)
    const tag = JSON.stringify(syncTags)
    await published.until(`data: {"tags":${tag}}`)
    await drafts.until(`data: {"tags":${tag}}`)
    // A draft's change names the same tag (a drafts-perspective query shows it under the published id), to the drafts stream only.
    await client.create({_id: 'drafts.live-1', _type: 'note', title: 'Live, edited'})
    await drafts.untilMessages(2)
    expect(drafts.stream.received.match(/event: message/g)).toHaveLength(2)
    await client.create({_id: 'live-2', _type: 'note'})
    const second = await client.fetch('*[_id == "live-2"]{_id}', {}, {filterResponse: false})
    await published.until(`data: {"tags":${JSON.stringify(second.syncTags)}}`)
    // The published stream got the two published documents' changes, never the draft's.
    expect(published.stream.received.match(/event: message/g)).toHaveLength(2)
    expect(published.stream.received).not.toContain('#drafts')
    published.stream.controller.abort()
    drafts.stream.controller.abort()
  })

  it('keeps a private dataset from readers without the token', async () => {
    const privateApi = await startSanityApiStandIn({
      projectId: 'p2',
      dataset: 'd1',
      token: 'sk-read',
      aclMode: 'private',
      documents: [{_id: 'x', _type: 'note'}],
    })
    try {
      const reader = createClient({
        projectId: 'p2',
        dataset: 'd1',
        apiVersion: SANITY_API_VERSION,
        apiHost: privateApi.url,
        useProjectHostname: false,
        useCdn: false,
      })
      await expect(reader.fetch('count(*)')).rejects.toThrow(/Unauthorized/)
      expect(await reader.withConfig({token: 'sk-read'}).fetch('count(*)')).toBe(1)
      expect(privateApi.requests.map((request) => request.authorized)).toEqual([false, true])
    } finally {
      await privateApi.close()
    }
  })
})
