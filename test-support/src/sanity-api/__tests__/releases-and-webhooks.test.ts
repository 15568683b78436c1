/**
 * The stand-in's Content Releases, release perspectives, token grants and GROQ-powered webhooks, driven by
 * @sanity/client's own release and version helpers (the documented request shapes), so that the tests relying on
 * them can fail.
 */
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {createClient, type SanityClient} from '@sanity/client'
import {isValidSignature, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startSanityApiStandIn, type SanityApiServer} from '../http'

const API_VERSION = '2025-02-19'
let standIn: SanityApiServer
let editor: SanityClient
let service: SanityClient
let receiver: Server
const received: Array<{headers: Record<string, string | string[] | undefined>; body: string}> = []

const SERVICE_TOKEN = 'sk-publish-service'

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({headers: request.headers, body: Buffer.concat(chunks).toString('utf8')})
      response.writeHead(202).end('{}')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sanity`
  standIn = await startSanityApiStandIn({
    projectId: 'p1',
    dataset: 'd1',
    token: 'sk-editor',
    // Editors may read the publish service's status documents, never write them; the service's token writes only those.
    grants: [
      {filter: '_type != "status"', permissions: ['read', 'create', 'update', 'history']},
      {filter: '_type == "status"', permissions: ['read', 'history']},
    ],
    tokens: {
      [SERVICE_TOKEN]: {
        grants: [
          {filter: '_id in path("**")', permissions: ['read']},
          {filter: '_type == "status"', permissions: ['read', 'create', 'update']},
        ],
      },
    },
    features: ['contentReleases'],
    webhooks: [
      {
        url: hookUrl,
        filter: '_type in ["post", "page"]',
        projection: '{_id, _type, "operation": delta::operation()}',
        secret: 'hook-secret',
      },
    ],
    documents: [
      {_id: 'page-a', _type: 'page', title: 'A'},
      {_id: 'page-b', _type: 'page', title: 'B'},
    ],
  })
  const config = {projectId: 'p1', dataset: 'd1', apiVersion: API_VERSION, apiHost: standIn.url, useProjectHostname: false, useCdn: false}
  editor = createClient({...config, token: 'sk-editor'})
  service = createClient({...config, token: SERVICE_TOKEN})
})

afterAll(async () => {
  await standIn?.close()
  await new Promise<void>((resolve) => receiver?.close(() => resolve()))
})

describe('Sanity API stand-in: Content Releases', () => {
  it('creates a release, holds versions in it, shows them in the release perspective and publishes them in one transaction', async () => {
    const {releaseId} = await editor.releases.create({releaseId: 'rLaunch', metadata: {title: 'Launch 5.0', releaseType: 'asap'}})
    expect(releaseId).toBe('rLaunch')
    expect(await editor.releases.get({releaseId})).toMatchObject({
      _id: '_.releases.rLaunch',
      _type: 'system.release',
      state: 'active',
      metadata: {title: 'Launch 5.0'},
    })
    await editor.createVersion({releaseId, publishedId: 'page-a', document: {_type: 'page', title: 'A, in the launch'}})
    await editor.createVersion({releaseId, publishedId: 'post-new', document: {_type: 'post', title: 'New post'}})
    await editor.createVersion({publishedId: 'page-b', baseId: 'page-b', releaseId})
    await editor.unpublishVersion({releaseId, publishedId: 'page-b'})
    expect(standIn.api.document('versions.rLaunch.page-a')).toMatchObject({title: 'A, in the launch'})

    const titles = (perspective: 'published' | 'drafts' | string[]) =>
      editor.withConfig({perspective}).fetch<string[]>('*[_type in ["page", "post"]].title | order(@)')
    expect(await titles('published')).toEqual(['A', 'B'])
    // The release over the published content: A's version, the new post, and B unpublished by the release.
    expect(await titles(['rLaunch'])).toEqual(['A, in the launch', 'New post'])
    expect(await editor.withConfig({perspective: 'raw'}).fetch('*[_id in path("_.releases.*")].name')).toEqual(['rLaunch'])
    expect(await editor.fetch('count(*[_id in path("_.releases.**")])')).toBe(0)

    const before = standIn.api.webhookDeliveries.length
    const {transactionId} = await editor.releases.publish({releaseId})
    expect(await titles('published')).toEqual(['A, in the launch', 'New post'])
    expect(standIn.api.document('versions.rLaunch.page-a')).toBeUndefined()
    expect(standIn.api.document('_.releases.rLaunch')).toMatchObject({
      state: 'published',
      publishedAt: expect.any(String),
      finalDocumentStates: expect.any(Array),
    })
    // Every document the release changed carries the same revision: one transaction.
    expect(standIn.api.document('page-a')?._rev).toBe(transactionId)
    expect(standIn.api.document('post-new')?._rev).toBe(transactionId)
    // One webhook delivery per published document the filter matches, each with the transaction's id.
    await standIn.api.settled()
    const deliveries = standIn.api.webhookDeliveries.slice(before)
    expect(deliveries.map((delivery) => [delivery.documentId, delivery.operation]).sort()).toEqual([
      ['page-a', 'update'],
      ['page-b', 'delete'],
      ['post-new', 'create'],
    ])
    expect(new Set(deliveries.map((delivery) => delivery.transactionId))).toEqual(new Set([transactionId]))
    // The release's versions, once published, are still readable through the history API's last revisions.
    const history = (await (
      await fetch(`${standIn.url}/v${API_VERSION}/data/history/d1/documents/versions.rLaunch.page-a?lastRevision=true`, {
        headers: {authorization: 'Bearer sk-editor'},
      })
    ).json()) as {documents: Array<{title: string}>}
    expect(history.documents.map((document) => document.title)).toEqual(['A, in the launch'])
    await expect(editor.releases.publish({releaseId})).rejects.toThrow(/is published; this action needs it active/)
  })

  it('refuses release perspectives before API version 2025-02-19, and versions of a release that does not exist', async () => {
    await expect(editor.withConfig({apiVersion: '2024-01-01', perspective: ['rLaunch']}).fetch('1')).rejects.toThrow(/Complex perspectives are not supported/)
    await expect(editor.createVersion({releaseId: 'rNothing', publishedId: 'page-a', document: {_type: 'page'}})).rejects.toThrow(
      /Release "rNothing" not found/,
    )
  })

  it('archives a release (its versions go) and unarchives it (they come back)', async () => {
    await editor.releases.create({releaseId: 'rLater', metadata: {title: 'Later'}})
    await editor.createVersion({releaseId: 'rLater', publishedId: 'page-a', document: {_type: 'page', title: 'A, later'}})
    await editor.releases.archive({releaseId: 'rLater'})
    expect(standIn.api.document('versions.rLater.page-a')).toBeUndefined()
    expect(standIn.api.document('_.releases.rLater')?.state).toBe('archived')
    await editor.releases.unarchive({releaseId: 'rLater'})
    expect(standIn.api.document('versions.rLater.page-a')).toMatchObject({title: 'A, later'})
    await editor.discardVersion({releaseId: 'rLater', publishedId: 'page-a'})
    expect(standIn.api.document('versions.rLater.page-a')).toBeUndefined()
  })

  it('checks dry-run actions and mutations (as the studio asks whether a release may be published) without writing them', async () => {
    await editor.releases.create({releaseId: 'rDry', metadata: {title: 'Dry'}})
    await editor.createVersion({releaseId: 'rDry', publishedId: 'page-a', document: {_type: 'page', title: 'A, dry'}})
    const deliveries = standIn.api.webhookDeliveries.length
    await editor.action({actionType: 'sanity.action.release.publish', releaseId: 'rDry'}, {dryRun: true})
    await editor.action({actionType: 'sanity.action.release.archive', releaseId: 'rDry'}, {dryRun: true})
    await editor.action({actionType: 'sanity.action.release.create', releaseId: 'rDryNew', metadata: {title: ''}}, {dryRun: true})
    await editor.create({_id: 'page-dry', _type: 'page', title: 'Not written'}, {dryRun: true})
    expect(standIn.api.document('_.releases.rDry')?.state).toBe('active')
    expect(standIn.api.document('versions.rDry.page-a')).toMatchObject({title: 'A, dry'})
    expect(standIn.api.document('_.releases.rDryNew')).toBeUndefined()
    expect(standIn.api.document('page-dry')).toBeUndefined()
    await standIn.api.settled()
    expect(standIn.api.webhookDeliveries.length).toBe(deliveries)
    // Still checked: what the real action would refuse, and a write the token's grants do not allow.
    await expect(editor.action({actionType: 'sanity.action.release.publish', releaseId: 'rNothing'}, {dryRun: true})).rejects.toThrow(/not found/)
    await expect(editor.create({_id: 'status-dry', _type: 'status'}, {dryRun: true})).rejects.toThrow(/Insufficient permissions/)
    await editor.releases.publish({releaseId: 'rDry'})
    expect(standIn.api.document('page-a')).toMatchObject({title: 'A, dry'})
  })
})

describe('Sanity API stand-in: tokens, grants and webhooks', () => {
  it('refuses a write that no grant of the token allows, and answers the editor’s grants at the dataset’s acl endpoint', async () => {
    await expect(editor.create({_id: 'status.1', _type: 'status', state: 'live'})).rejects.toThrow(/Insufficient permissions; permission "create" required/)
    await service.create({_id: 'status.1', _type: 'status', state: 'live'})
    await expect(editor.patch('status.1').set({state: 'forged'}).commit()).rejects.toThrow(/permission "update" required/)
    await expect(service.create({_id: 'page-c', _type: 'page'})).rejects.toThrow(/permission "create" required/)
    expect(await editor.fetch('*[_id == "status.1"][0].state')).toBe('live')
    const acl = (await (
      await fetch(`${standIn.url}/v${API_VERSION}/projects/p1/datasets/d1/acl`, {headers: {authorization: 'Bearer sk-editor'}})
    ).json()) as Array<{
      filter: string
      permissions: string[]
    }>
    expect(acl.find((grant) => grant.filter === '_type == "status"')?.permissions).toEqual(['read', 'history'])
    expect(await (await fetch(`${standIn.url}/v${API_VERSION}/features`, {headers: {authorization: 'Bearer sk-editor'}})).json()).toEqual(['contentReleases'])
  })

  it('signs each webhook delivery as @sanity/webhook verifies it, with the projection as body and the documented headers', async () => {
    received.length = 0
    await editor.createOrReplace({_id: 'page-a', _type: 'page', title: 'A again'})
    await editor.create({_id: 'drafts.page-a', _type: 'page', title: 'A, a draft'})
    await editor.create({_id: 'note-1', _type: 'note'})
    await standIn.api.settled()
    // The draft and the note are not delivered: drafts are off, and the filter names pages and posts only.
    expect(received).toHaveLength(1)
    const [delivery] = received
    expect(JSON.parse(delivery?.body ?? '')).toEqual({_id: 'page-a', _type: 'page', operation: 'update'})
    expect(delivery?.headers).toMatchObject({'sanity-document-id': 'page-a', 'sanity-operation': 'update', 'sanity-project-id': 'p1', 'sanity-dataset': 'd1'})
    const signature = delivery?.headers[SIGNATURE_HEADER_NAME]
    expect(typeof signature).toBe('string')
    expect(await isValidSignature(delivery?.body ?? '', String(signature), 'hook-secret')).toBe(true)
    expect(await isValidSignature(delivery?.body ?? '', String(signature), 'another-secret')).toBe(false)
  })
})
