/**
 * Not a test: the measurement behind `npm run bench -- --only preview` (scripts/src/bench/preview.ts),
 * run with studio/playwright.bench.config.ts on the studio e2e's machinery (the built studio, the
 * Sanity API stand-in, the preview server in the Presentation tool's frame, Debian's Chromium).
 * Each round the editor types a few characters at the end of the Rooms doc's title; timed on the
 * machine's one clock (Date.now() in the studio's page, in the frame and here):
 *   keystroke → the draft holding the new title in the stand-in (the studio's save),
 *   keystroke → the frame asking the preview server for the page again (the change reaching the frame),
 *   keystroke → the frame's heading showing the new title (the render included).
 * Writes the rounds as JSON to PREVIEW_BENCH_OUT; asserts nothing about the figures.
 */
import {writeFile} from 'node:fs/promises'
import type {Frame, Page} from '@playwright/test'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './preview-server'

const ROOMS_ID = 'doc-v4-en-rooms'
const ROOMS_PATH = '/docs/v4/rooms/'
const ROUNDS = Number(process.env.PREVIEW_BENCH_ROUNDS || 10)
/** Quiet time between rounds: the studio's trailing save and refresh messages of a round are over by then. */
const SETTLE_MS = 2_000

export interface PreviewRound {
  saved: number | null
  refreshRequested: number | null
  shown: number
}

type Watched = typeof window & {__benchShownAt?: number; __benchLastKey?: number; __benchExpected?: string; __benchObserver?: MutationObserver}

/**
 * Watches the frame's heading for `expected` from now on; the time it first shows it lands in
 * __benchShownAt. One observer, reading the latest expected title: an earlier round's title is a
 * prefix of this round's, and the frame shows this round's first keystroke before the last.
 */
function watchHeading(frame: Frame, expected: string): Promise<void> {
  return frame.evaluate((text) => {
    const view = window as Watched
    view.__benchShownAt = 0
    view.__benchExpected = text
    // The markers (stega, zero-width characters) follow the text; each round's title is longer than any before it.
    const shown = (heading: string) => heading.replace(/[\u200B-\u200D\u2060\uFEFF]+/g, '').startsWith(view.__benchExpected ?? '\u0000')
    const check = () => {
      const heading = document.querySelector('main h1')
      if (!view.__benchShownAt && heading && shown(heading.textContent ?? '')) view.__benchShownAt = Date.now()
    }
    if (!view.__benchObserver) {
      view.__benchObserver = new MutationObserver(check)
      view.__benchObserver.observe(document.body, {subtree: true, childList: true, characterData: true})
    }
    check()
  }, expected)
}

async function previewFrame(page: Page, origin: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(origin)), {timeout: 60_000}).toBe(true)
  const frame = page.frames().find((candidate) => candidate.url().startsWith(origin))
  if (!frame) throw new Error(`No frame of ${origin}`)
  return frame
}

test('preview update latency: keystroke in the studio → the Presentation frame showing it', async ({openStudio, previewServer, standIn}) => {
  test.setTimeout(120_000 + ROUNDS * 40_000)
  const out = process.env.PREVIEW_BENCH_OUT
  if (!out) throw new Error('PREVIEW_BENCH_OUT names the file the rounds are written to (npm run bench -- --only preview sets it)')
  const page = await openStudio(`/presentation/doc/${ROOMS_ID}?preview=${encodeURIComponent(ROOMS_PATH)}`)
  const frame = await previewFrame(page, previewServer.studioSeesItAt)
  await expect(frame.locator('main h1').first()).toHaveText(/^Rooms/, {timeout: 60_000})
  const title = page.getByTestId('document-pane').locator('input[id="title"]')
  await expect(title).toHaveValue('Rooms', {timeout: FIRST_OPEN_TIMEOUT})
  // The studio page notes each key as it handles it.
  await page.evaluate(() => document.addEventListener('keydown', () => ((window as Watched).__benchLastKey = Date.now()), true))
  // The relayed live stream is open before the first round (the frame's first render has settled).
  await page.waitForTimeout(SETTLE_MS)

  const rounds: PreviewRound[] = []
  let expected = 'Rooms'
  for (let round = 1; round <= ROUNDS; round++) {
    expected += ` r${round}`
    await watchHeading(frame, expected)
    // Watched from before the first key: reading the time of the last one from the busy studio page can take a while.
    let saved: number | null = null
    const watch = setInterval(() => {
      if (saved === null && standIn.document(`drafts.${ROOMS_ID}`)?.title === expected) saved = Date.now()
    }, 5)
    try {
      await title.click()
      await title.press('End')
      await title.pressSequentially(` r${round}`, {delay: 20})
      await frame.waitForFunction(() => ((window as Watched).__benchShownAt ?? 0) > 0, undefined, {timeout: 30_000, polling: 50})
    } finally {
      clearInterval(watch)
    }
    const lastKey = await page.evaluate(() => (window as Watched).__benchLastKey ?? 0)
    const shownAt = await frame.evaluate(() => (window as Watched).__benchShownAt ?? 0)
    const requested = previewServer.requests.find(({url, at}) => at >= (saved ?? lastKey) && url.searchParams.has('_rsc'))?.at
    rounds.push({
      saved: saved === null ? null : saved - lastKey,
      refreshRequested: requested === undefined ? null : requested - lastKey,
      shown: shownAt - lastKey,
    })
    await page.waitForTimeout(SETTLE_MS)
  }
  await writeFile(out, JSON.stringify({rounds}, null, 2))
})
