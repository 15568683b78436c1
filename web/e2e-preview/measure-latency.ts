/**
 * The server's share of the preview's update latency, against a running test server
 * (`npx tsx e2e-preview/serve-with-stand-in.ts --no-build`): a draft title patched through the stand-in's
 * /data/mutate (as the studio writes a keystroke), then the page asked in draft mode until it shows the
 * new title. Prints the median and the worst of N rounds (`-- 10`). The studio's half (its listener
 * event, the bridge's refresh message, the browser's new render) is not in it.
 */
import {randomUUID} from 'node:crypto'
import {stegaClean} from '@sanity/client/stega'
import {DATASET, PREVIEW_URL, READ_TOKEN, STAND_IN_URL, STUDIO_URL} from './settings'

const API = `${STAND_IN_URL}/v2025-02-19`
const ID = 'doc-v4-en-rooms'
const PAGE = '/docs/v4/rooms/'

async function mutate(mutations: unknown[]): Promise<void> {
  const response = await fetch(`${API}/data/mutate/${DATASET}`, {
    method: 'POST',
    headers: {authorization: `Bearer ${READ_TOKEN}`, 'content-type': 'application/json'},
    body: JSON.stringify({mutations}),
  })
  if (!response.ok) throw new Error(`mutate: ${response.status} ${await response.text()}`)
}

async function main() {
  const rounds = Number(process.argv[2] ?? 10)
  const {documents} = (await (await fetch(`${API}/data/doc/${DATASET}/${ID}`, {headers: {authorization: `Bearer ${READ_TOKEN}`}})).json()) as {
    documents: Array<Record<string, unknown>>
  }
  await mutate([{createOrReplace: {...documents[0], _id: `drafts.${ID}`}}])
  const secret = randomUUID()
  await mutate([{create: {_id: `sanity-preview-url-secret.${randomUUID()}`, _type: 'sanity.previewUrlSecret', secret, studioUrl: STUDIO_URL}}])
  const enable = await fetch(`${PREVIEW_URL}/api/draft-mode/enable/?sanity-preview-secret=${secret}&sanity-preview-pathname=${PAGE}`, {redirect: 'manual'})
  const cookie = enable.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const title = `Rooms ${round} ${randomUUID().slice(0, 6)}`
    const started = performance.now()
    await mutate([{patch: {id: `drafts.${ID}`, set: {title}}}])
    for (;;) {
      const html = await (await fetch(`${PREVIEW_URL}${PAGE}`, {headers: {cookie}})).text()
      const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? ''
      if (stegaClean(heading) === title) break
    }
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] ?? 0
  console.log(`draft patch → page rendered with it (server side, ${rounds} rounds): median ${Math.round(median)} ms, worst ${Math.round(times.at(-1) ?? 0)} ms`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
