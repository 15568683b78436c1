/**
 * Not a test: the measurement behind `npm run bench -- --only publish-studio` (scripts/src/bench/publish-studio.ts),
 * run with studio/playwright.bench.config.ts on the publish status specs' machinery (./publish-fixtures.ts: the built
 * studio, the Sanity API stand-in and its webhook, the real receiver, incremental publish and swap of web/out, the
 * status service). Each round the editor changes the Rooms doc's page heading (not its title, which every doc's sidebar
 * shows: each round would be a full build) and presses Publish; timed on the machine's one clock (Date.now() here, in the studio's page and in the stand-in's webhook delivery):
 *   Publish pressed → the webhook delivered to the receiver,
 *   Publish pressed → the status document saying live (the swap's time, as the service records it),
 *   Publish pressed → the studio showing "Live" for it (the document's banner).
 * Writes the rounds as JSON to PUBLISH_STUDIO_BENCH_OUT; asserts nothing about the figures.
 */
import {writeFile} from 'node:fs/promises'
import type {PublishStudioBenchReport, PublishStudioRound} from '@site/scripts/bench/publish-studio'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './publish-fixtures'

const ROOMS_ID = 'doc-v4-en-rooms'
const ROUNDS = Number(process.env.PUBLISH_STUDIO_BENCH_ROUNDS || 10)

type Watched = typeof window & {__benchWaitingSeen?: boolean; __benchLiveShownAt?: number; __benchObserver?: MutationObserver}

test('publish → live shown in the studio', async ({openStudio, publishing}) => {
  test.setTimeout((10 + 3 * ROUNDS) * 60_000)
  const out = process.env.PUBLISH_STUDIO_BENCH_OUT
  if (!out) throw new Error('PUBLISH_STUDIO_BENCH_OUT names the file the rounds are written to (npm run bench -- --only publish-studio sets it)')
  const page = await openStudio(`/intent/edit/id=${ROOMS_ID};type=doc`)
  const pane = page.getByTestId('document-pane')
  const heading = pane.locator('input[id="heading"]')
  const rounds: PublishStudioRound[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round opens the document afresh: edited again in the same page after its publish, the document stayed on
    // "Saving…" (the stand-in's listener events carry no mendoza effects, which the studio asks for).
    if (round > 1) await page.reload()
    await expect(pane.locator('input[id="title"]')).toHaveValue('Rooms', {timeout: FIRST_OPEN_TIMEOUT})
    await heading.fill(`Rooms (bench ${round})`)
    const publish = pane.getByTestId('action-publish')
    await expect(publish).toBeEnabled({timeout: 60_000})
    // The banner is watched from the page: the first time it says live after having said waiting.
    await page.evaluate(() => {
      const view = window as Watched
      view.__benchWaitingSeen = false
      view.__benchLiveShownAt = 0
      const check = () => {
        const text = document.querySelector('[data-testid="publish-status-banner"]')?.textContent ?? ''
        if (text.includes('Waiting to go live')) view.__benchWaitingSeen = true
        else if (view.__benchWaitingSeen && !view.__benchLiveShownAt && text.includes('Live on the site since')) view.__benchLiveShownAt = Date.now()
      }
      view.__benchObserver?.disconnect()
      view.__benchObserver = new MutationObserver(check)
      view.__benchObserver.observe(document.body, {subtree: true, childList: true, characterData: true})
    })
    const deliveries = publishing.standIn.webhookDeliveries.length
    const pressed = Date.now()
    await publish.click()
    await page.waitForFunction(() => ((window as Watched).__benchLiveShownAt ?? 0) > 0, undefined, {timeout: 10 * 60_000, polling: 50})
    const shownAt = await page.evaluate(() => (window as Watched).__benchLiveShownAt ?? 0)
    await publishing.queue.idle()
    const delivery = publishing.standIn.webhookDeliveries.slice(deliveries).find((candidate) => candidate.documentId === ROOMS_ID)
    const status = publishing.standIn
      .documents()
      .filter((document) => document._type === 'publishStatus' && document.state === 'live')
      .sort((a, b) => String(b.startedAt).localeCompare(String(a.startedAt)))[0]
    const liveAt = typeof status?.finishedAt === 'string' ? Date.parse(status.finishedAt) : Number.NaN
    rounds.push({
      webhook: delivery?.answeredAt ? delivery.answeredAt - pressed : null,
      live: Number.isFinite(liveAt) ? liveAt - pressed : null,
      shown: shownAt - pressed,
    })
    console.log(`round ${round}: live shown after ${((shownAt - pressed) / 1000).toFixed(2)} s`)
  }
  const report: PublishStudioBenchReport = {rounds}
  await writeFile(out, JSON.stringify(report, null, 2))
})
