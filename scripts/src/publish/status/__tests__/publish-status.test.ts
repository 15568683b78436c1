/**
 * The editors' publish status, end to end below the studio: the webhook's receiver and queue run steps that tell
 * their progress as tools/build-aside.sh does (its own publish_event), and the status service writes the
 * `publishStatus` documents into the Sanity API stand-in with a write token that only it holds. A refused publish is
 * explained in an editor's words; notifications of one transaction (a Content Release) make one run; a retry request
 * runs the publish again; and a status that cannot be written never fails or holds up the publish.
 */
import type {AddressInfo} from 'node:net'
import path from 'node:path'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import type {Server} from 'node:http'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {createWebhookServer, HOOK_PATH, RebuildQueue, spawnStep, type Step} from '../../../sanity/webhook'
import {explainBrokenLinks, linkSourcesOf, normalizeAddress} from '../explain-refusal'
import {PublishStatusService} from '../publish-status-service'
import {applyEvent, finishStatus, newStatus} from '../status-document'
import {sanityStatusStore, type StatusStore} from '../status-store'

const ROOT = path.resolve(import.meta.dirname, '../../../../..')
const SECRET = 'status-test-secret'
const WRITE_TOKEN = 'sk-publish-service'

/** A publish step telling its progress with build-aside.sh's own publish_event, then exiting with `code`. */
const publishStep = (events: string[], code = 0): Step => [
  'bash',
  '-c',
  `source tools/build-aside.sh; ${events.map((event) => `publish_event ${event}`).join('; ')}; exit ${code}`,
]

let standIn: SanityApiServer
let store: StatusStore
const logs: string[] = []
let server: Server | undefined

const RELEASE_POST = {
  _id: 'blogPost-en-release-5',
  _type: 'blogPost',
  language: 'en',
  title: 'Release 5.0',
  slug: 'release-5',
  body: [
    {
      _key: 'b1',
      _type: 'block',
      markDefs: [{_key: 'l1', _type: 'link', href: '/docs/v5/rooms/'}],
      children: [
        {_key: 's1', _type: 'span', text: 'Read about ', marks: []},
        {_key: 's2', _type: 'span', text: 'Rooms', marks: ['l1']},
      ],
    },
  ],
}

beforeAll(async () => {
  standIn = await startSanityApiStandIn({
    projectId: 'p1',
    dataset: 'production',
    token: 'sk-editor',
    aclMode: 'private',
    grants: [
      {filter: '_type != "publishStatus"', permissions: ['read', 'create', 'update', 'history']},
      {filter: '_type == "publishStatus"', permissions: ['read', 'history']},
    ],
    tokens: {[WRITE_TOKEN]: {}},
    documents: [
      {
        _id: 'siteSettings',
        _type: 'siteSettings',
        defaultLocale: 'en',
        locales: [
          {_key: 'en', code: 'en', path: ''},
          {_key: 'fr', code: 'fr', path: 'fr'},
        ],
        docsPath: 'docs',
      },
      {_id: 'docsVersion-v5', _type: 'docsVersion', path: 'v5'},
      {_id: 'drafts.doc-v5-en-rooms', _type: 'doc', version: 'v5', language: 'en', slug: 'rooms', title: 'Rooms'},
      RELEASE_POST,
      {_id: 'doc-v4-en-rooms', _type: 'doc', version: 'v4', language: 'en', slug: 'rooms', title: 'Rooms (4.x)'},
    ],
  })
  store = sanityStatusStore({projectId: 'p1', dataset: 'production', token: WRITE_TOKEN, apiHost: standIn.url})
})

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
  logs.length = 0
})

afterAll(async () => {
  await standIn?.close()
})

const statuses = () => standIn.documents().filter((document) => document._type === 'publishStatus')

async function receiver(queue: RebuildQueue): Promise<(body: object, transactionId?: string) => Promise<{status: number; json: Record<string, unknown>}>> {
  server = createWebhookServer(SECRET, queue)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${HOOK_PATH}`
  return async (body, transactionId) => {
    const text = JSON.stringify(body)
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(text, Date.now(), SECRET),
        ...(transactionId ? {'sanity-transaction-id': transactionId} : {}),
      },
      body: text,
    })
    return {status: response.status, json: (await response.json()) as Record<string, unknown>}
  }
}

describe('publish status document', () => {
  it('follows an incremental publish from its plan to live, with the pages rendered and the time to live', () => {
    const start = Date.parse('2026-01-01T10:00:00Z')
    let status = newStatus({runId: 'r1', startedAt: new Date(start).toISOString(), trigger: 'webhook', documents: []})
    status = applyEvent(status, {event: 'step', step: 'plan', at: start + 100})
    status = applyEvent(status, {event: 'plan', mode: 'incremental', routes: ['docs/v4/rooms'], count: 1, at: start + 900})
    status = applyEvent(status, {event: 'step', step: 'render', at: start + 1000})
    status = applyEvent(status, {event: 'step', step: 'links', at: start + 4000})
    status = applyEvent(status, {event: 'step', step: 'swap', at: start + 4500})
    status = applyEvent(status, {event: 'live', build: 'b1', at: start + 4600})
    expect(status).toMatchObject({state: 'live', mode: 'incremental', routesRendered: 1, routes: ['docs/v4/rooms'], durationMs: 4600})
    expect(status.steps.map((step) => `${step.name}:${step.state}`)).toEqual(['plan:done', 'render:done', 'links:done', 'swap:done'])
    // A reindex failing afterwards leaves it live, saying so; the time to live stays the swap's.
    const finished = finishStatus(status, {
      ok: false,
      finishedAt: new Date(start + 9000).toISOString(),
      failedStep: 'npm run search:index -- --incremental',
      exitCode: 1,
    })
    expect(finished).toMatchObject({state: 'live', durationMs: 4600})
    expect(finished.reason).toMatch(/The site is live, but the search index was not updated/)
  })

  it('says why a failed publish failed, and that readers still see the site as it was', () => {
    const status = applyEvent(newStatus({runId: 'r2', startedAt: '2026-01-01T10:00:00.000Z', trigger: 'webhook', documents: []}), {
      event: 'step',
      step: 'build',
      at: Date.parse('2026-01-01T10:00:01Z'),
    })
    const failed = finishStatus(status, {ok: false, finishedAt: '2026-01-01T10:05:00.000Z', failedStep: 'npm run publish:site', exitCode: 124, timedOut: true})
    expect(failed).toMatchObject({state: 'failed', mode: 'full', durationMs: 300_000})
    expect(failed.reason).toBe(
      'The site could not be rebuilt: "npm run publish:site" ran out of time. Readers still see the site as it was before this publish. Retry it; if it fails again, the publish service\'s log says why.',
    )
    expect(failed.steps.map((step) => step.state)).toEqual(['failed'])
  })
})

describe('a refused link’s address', () => {
  it('is a page with its slash, a page named by a version too, and a file as it is', () => {
    expect(normalizeAddress('/docs/v4/rooms#joining')).toBe('/docs/v4/rooms/')
    expect(normalizeAddress('/changelog/4.8.0')).toBe('/changelog/4.8.0/')
    expect(normalizeAddress('/images/reel.png?x=1')).toBe('/images/reel.png')
  })
})

describe('a refusal in an editor’s words', () => {
  it('traces a broken link to the document, field and link text that hold it, on every locale’s page', async () => {
    expect(linkSourcesOf(RELEASE_POST)).toEqual([
      {
        documentId: 'blogPost-en-release-5',
        documentType: 'blogPost',
        documentTitle: 'Release 5.0',
        field: 'body[_key=="b1"].markDefs[_key=="l1"].href',
        fieldTitle: 'Body',
        linkText: 'Rooms',
        href: '/docs/v5/rooms/',
      },
    ])
    const problems = await explainBrokenLinks(
      [
        {page: '/blog/release-5/', link: '/docs/v5/rooms/', reason: 'no such page in the export', kind: 'link'},
        {page: '/fr/blog/release-5/', link: '/fr/docs/v5/rooms/', reason: 'no such page in the export', kind: 'link'},
        {page: '/blog/', link: '/blog/gone/', reason: 'no such page in the export', kind: 'link'},
      ],
      [RELEASE_POST],
      {localePaths: ['', 'fr'], targetState: async (href) => (href === '/docs/v5/rooms/' ? 'draft' : 'missing')},
    )
    expect(problems.map((problem) => problem.message)).toEqual([
      'The link "Rooms" in "Release 5.0" (Body) points to /docs/v5/rooms/, which is not published (it is only a draft). Publish it first, or publish both together in a Content Release.',
      'The page /blog/ links to /blog/gone/, which does not exist on the site.',
    ])
    expect(problems[0]).toMatchObject({documentId: 'blogPost-en-release-5', field: 'body[_key=="b1"].markDefs[_key=="l1"].href', linkText: 'Rooms'})
  })
})

describe('publish status service with the webhook receiver (Sanity API stand-in)', () => {
  it('writes running, then live, as the publish tells its steps; editors cannot write it', async () => {
    const service = new PublishStatusService({store, log: (line) => logs.push(line), pollMs: 20})
    const queue = new RebuildQueue([publishStep(['step plan', 'step render', 'step links', 'step swap', 'live b1'])], spawnStep(ROOT), () => {}, {
      observer: service,
    })
    const send = await receiver(queue)
    expect((await send({_id: 'doc-v4-en-rooms', _type: 'doc', operation: 'update'})).status).toBe(202)
    await queue.idle()
    const [status] = statuses()
    expect(status).toMatchObject({state: 'live', trigger: 'webhook', documents: [{documentId: 'doc-v4-en-rooms', documentType: 'doc', title: 'Rooms (4.x)'}]})
    expect((status?.steps as Array<{name: string}>).map((step) => step.name)).toEqual(['plan', 'render', 'links', 'swap'])
    // Written with the service's token only; the editor's token may read it, not write it.
    const writes = standIn.requests.filter((request) => request.path.includes('/data/mutate/'))
    expect(writes.length).toBeGreaterThan(0)
    expect(new Set(writes.map((request) => request.principal))).toEqual(new Set(['robot']))
    const forged = await fetch(`${standIn.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: 'Bearer sk-editor'},
      body: JSON.stringify({mutations: [{patch: {id: status?._id, set: {state: 'failed'}}}]}),
    })
    expect(forged.status).toBe(403)
    // The receiver does not publish again for the status documents it writes.
    expect((await send({_id: String(status?._id), _type: 'publishStatus', operation: 'update'})).json).toMatchObject({queued: false})
  })

  it('explains a refused publish from its link check, and runs it again on an editor’s retry request', async () => {
    for (const document of statuses()) await store.remove([document._id])
    const service = new PublishStatusService({store, log: (line) => logs.push(line), pollMs: 20})
    const refuse = `printf '%s\\n' '${JSON.stringify({event: 'links-refused', broken: [{page: '/blog/release-5/', link: '/docs/v5/rooms/', reason: 'no such page in the export', kind: 'link'}], at: 1})}' >> "$SITE_PUBLISH_EVENTS"`
    const steps: Step[] = [
      ['bash', '-c', `source tools/build-aside.sh; publish_event step plan; publish_event step links; ${refuse}; publish_event refused; exit 1`],
    ]
    const queue = new RebuildQueue(steps, spawnStep(ROOT), () => {}, {observer: service})
    const send = await receiver(queue)
    await send({_id: 'blogPost-en-release-5', _type: 'blogPost', operation: 'update'})
    await queue.idle()
    const [refused] = statuses()
    expect(refused).toMatchObject({state: 'refused', documents: [{documentId: 'blogPost-en-release-5', title: 'Release 5.0'}]})
    expect((refused?.problems as Array<{message: string}>).map((problem) => problem.message)).toEqual([
      'The link "Rooms" in "Release 5.0" (Body) points to /docs/v5/rooms/, which is not published (it is only a draft). Publish it first, or publish both together in a Content Release.',
    ])
    expect(refused?.reason).toMatch(/^The link check refused this publish: a link leads nowhere\. Readers still see the site as it was\./)

    // The editor asks for a retry (a document editors may write); the service takes it, runs, and removes it.
    const editor = {authorization: 'Bearer sk-editor', 'content-type': 'application/json'}
    await fetch(`${standIn.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: editor,
      body: JSON.stringify({mutations: [{create: {_id: 'publishRequest.x1', _type: 'publishRequest', retryOf: refused?.runId}}]}),
    })
    await send({_id: 'publishRequest.x1', _type: 'publishRequest', operation: 'create'})
    await queue.idle()
    const retry = statuses().find((document) => document.retryOf === refused?.runId)
    expect(retry).toMatchObject({trigger: 'retry', documents: [{documentId: 'blogPost-en-release-5'}]})
    await expect.poll(() => standIn.api.document('publishRequest.x1')).toBeUndefined()
    // Removing the request notifies the receiver again: no publish for it.
    expect((await send({_id: 'publishRequest.x1', _type: 'publishRequest', operation: 'delete'})).json).toMatchObject({queued: false})

    // The next publish that goes live puts the refused post's change live too (the site takes every change since the build it
    // serves): its status lists the post, carried from the refused publish, so that the post's badge says live.
    const liveQueue = new RebuildQueue([publishStep(['step plan', 'live b9'])], spawnStep(ROOT), () => {}, {observer: service})
    liveQueue.request([{id: 'doc-v5-en-rooms', type: 'doc', operation: 'create'}])
    await liveQueue.idle()
    const live = statuses().find((document) => document.state === 'live')
    expect(live?.documents).toEqual([
      expect.objectContaining({documentId: 'doc-v5-en-rooms'}),
      expect.objectContaining({documentId: 'blogPost-en-release-5', carriedFrom: retry?.runId}),
    ])
  })

  it('publishes the documents of one transaction (a Content Release) in one run, listing them all', async () => {
    for (const document of statuses()) await store.remove([document._id])
    const service = new PublishStatusService({store, log: (line) => logs.push(line), pollMs: 20})
    const queue = new RebuildQueue(
      [['bash', '-c', 'sleep 0.5; source tools/build-aside.sh; publish_event step swap; publish_event live b2']],
      spawnStep(ROOT),
      () => {},
      {
        observer: service,
      },
    )
    const send = await receiver(queue)
    const answers = []
    for (const id of ['doc-v5-en-rooms', 'blogPost-en-release-5', 'siteSettings'])
      answers.push(await send({_id: id, _type: 'x', operation: 'update'}, 'tx-release-1'))
    expect(answers.map((answer) => answer.status)).toEqual([202, 200, 200])
    expect(answers[1]?.json).toMatchObject({covered: true})
    await queue.idle()
    expect(queue.history).toHaveLength(1)
    const [status] = statuses()
    expect((status?.documents as Array<{documentId: string}>).map((entry) => entry.documentId).sort()).toEqual([
      'blogPost-en-release-5',
      'doc-v5-en-rooms',
      'siteSettings',
    ])
  })

  it('never fails or holds up a publish when the status cannot be written', async () => {
    const down = sanityStatusStore({projectId: 'p1', dataset: 'production', token: WRITE_TOKEN, apiHost: 'http://127.0.0.1:9'})
    const hanging: StatusStore = {save: () => new Promise(() => {}), remove: () => new Promise(() => {}), fetch: () => new Promise(() => {})}
    const refusing = sanityStatusStore({projectId: 'p1', dataset: 'production', token: 'sk-editor', apiHost: standIn.url})
    for (const [name, failing] of [
      ['unreachable', down],
      ['hanging', hanging],
      ['refusing the editor token', refusing],
    ] as const) {
      const service = new PublishStatusService({store: failing, log: (line) => logs.push(`${name}: ${line}`), pollMs: 20, finalWriteTimeoutMs: 300})
      const queue = new RebuildQueue([publishStep(['step plan', 'live b3'])], spawnStep(ROOT), () => {}, {observer: service})
      const started = performance.now()
      queue.request([{id: 'doc-v4-en-rooms', type: 'doc'}])
      await queue.idle()
      expect(queue.history.at(-1)?.ok, name).toBe(true)
      expect(performance.now() - started, name).toBeLessThan(8_000)
    }
    expect(logs.some((line) => line.startsWith('unreachable: publish status: could not write'))).toBe(true)
    expect(logs.some((line) => line.startsWith('refusing the editor token: publish status: could not write') && line.includes('the publish goes on'))).toBe(
      true,
    )
    // An observer that throws is logged and left behind too.
    const broken = new RebuildQueue([publishStep(['live b4'])], spawnStep(ROOT), (line) => logs.push(line), {
      observer: {
        runStarted: () => {
          throw new Error('boom')
        },
        runEnded: () => Promise.reject(new Error('bang')),
      },
    })
    broken.request(['doc-v4-en-rooms'])
    await broken.idle()
    expect(broken.history.at(-1)?.ok).toBe(true)
    expect(logs).toContain('rebuild: the publish status (start) failed: boom; the publish goes on')
    expect(logs).toContain('rebuild: the publish status (end) failed: bang; the publish goes on')
  }, 60_000)
})
