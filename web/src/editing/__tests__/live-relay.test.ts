// The preview server's relay of the Live Content API (drafts included) against the HTTP stand-in of
// Sanity's API: what the editor's browser gets when the studio saves a draft, and what it never gets.
import {SANITY_API_VERSION} from '@site/schemas/model'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {formatRelayedEvent, relayLiveEvents} from '../live-relay'
import type {PreviewSettings} from '@site/content-source/preview-env'

const TOKEN = 'sk-stand-in-read-token'
let standIn: SanityApiServer
let settings: PreviewSettings

beforeAll(async () => {
  standIn = await startSanityApiStandIn({
    projectId: 'relay',
    dataset: 'production',
    token: TOKEN,
    documents: [{_id: 'doc-rooms', _type: 'doc', title: 'Rooms'}],
  })
  settings = {projectId: 'relay', dataset: 'production', apiVersion: SANITY_API_VERSION, apiHost: standIn.url, token: TOKEN, studioUrl: 'http://localhost:3333'}
})

afterAll(async () => {
  await standIn?.close()
})

/** Reads a relayed stream until `wanted` shows in it (or fails after 10 s, naming what came). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, wanted: RegExp, seen: {text: string}): Promise<void> {
  const decoder = new TextDecoder()
  const deadline = Date.now() + 10_000
  while (!wanted.test(seen.text)) {
    if (Date.now() > deadline) throw new Error(`The relayed stream did not show ${wanted} within 10 s; it had:\n${seen.text}`)
    const {value, done} = await reader.read()
    if (done) throw new Error(`The relayed stream ended before ${wanted}; it had:\n${seen.text}`)
    seen.text += decoder.decode(value, {stream: true})
  }
}

async function mutate(mutations: unknown[]): Promise<void> {
  const response = await fetch(`${standIn.url}/v${SANITY_API_VERSION}/data/mutate/production`, {
    method: 'POST',
    headers: {authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json'},
    body: JSON.stringify({mutations}),
  })
  expect(response.status).toBe(200)
}

describe('relayLiveEvents', () => {
  it('passes a draft’s change on as a message with its sync tags only, read with the server’s token', async () => {
    const stop = new AbortController()
    const reader = relayLiveEvents(settings, stop.signal).getReader()
    const seen = {text: ''}
    try {
      await readUntil(reader, /event: welcome\n/, seen)
      await mutate([{createOrReplace: {_id: 'drafts.doc-rooms', _type: 'doc', title: 'Rooms for presence'}}])
      await readUntil(reader, /event: message\ndata: .*\n\n/, seen)
      const data = /event: message\ndata: (.*)\n/.exec(seen.text)?.[1] ?? ''
      expect(JSON.parse(data)).toEqual({tags: [expect.stringMatching(/^s1:/)]})
      // Nothing of the document and nothing of the token reaches the browser.
      expect(seen.text).not.toContain('presence')
      expect(seen.text).not.toContain(TOKEN)
      // The stand-in saw the token on the upstream stream (drafts are refused without it).
      const upstream = standIn.requests.find((request) => request.path.endsWith('/data/live/events/production'))
      expect(upstream?.query.includeDrafts).toBe('true')
      expect(upstream?.authorized).toBe(true)
    } finally {
      stop.abort()
      await reader.cancel().catch(() => {})
    }
  })

  it('ends the stream with a goaway naming the cause when the API refuses it (a wrong token)', async () => {
    const stop = new AbortController()
    const reader = relayLiveEvents({...settings, token: 'sk-wrong'}, stop.signal).getReader()
    const seen = {text: ''}
    try {
      await readUntil(reader, /event: goaway\ndata: .*lost the Live Content API.*\n\n/, seen)
      expect(seen.text).not.toContain('sk-wrong')
    } finally {
      stop.abort()
      await reader.cancel().catch(() => {})
    }
  })
})

describe('formatRelayedEvent', () => {
  it('writes server-sent events the browser’s EventSource dispatches by kind', () => {
    expect(formatRelayedEvent({type: 'message', id: 'tx1', tags: ['s1:abc']})).toBe('id: tx1\nevent: message\ndata: {"tags":["s1:abc"]}\n\n')
    expect(formatRelayedEvent({type: 'welcome'})).toBe('event: welcome\ndata: {}\n\n')
    expect(formatRelayedEvent({type: 'goaway', reason: 'closed'})).toBe('event: goaway\ndata: {"reason":"closed"}\n\n')
  })
})
