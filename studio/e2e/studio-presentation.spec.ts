/**
 * The Presentation tool ("Preview") of the built studio against the Sanity API stand-in, with the site's
 * real preview server (web/.next-preview, `next start` with SITE_PREVIEW=1) in its frame. Both read the
 * same stand-in: the studio through the browser context's routing, the preview server through the
 * stand-in's HTTP door (./preview-server.ts), so what the editor types is what the preview renders.
 */
import {expect, test} from './preview-server'

const ROOMS_ID = 'doc-v4-en-rooms'
const ROOMS_PATH = '/docs/v4/rooms/'

test.describe('studio Presentation tool (Sanity API stand-in, the preview server)', () => {
  // One preview server at the studio's preview address at a time.
  test.describe.configure({mode: 'serial'})
  test('opening a doc enters draft mode on the preview server with a secret the studio stored, at the doc’s address', async ({
    openStudio,
    previewServer,
    standIn,
  }) => {
    await openStudio(`/presentation/doc/${ROOMS_ID}?preview=${encodeURIComponent(ROOMS_PATH)}`)
    const enableRequest = () => previewServer.requests.find(({url}) => url.pathname === '/api/draft-mode/enable/')?.url
    await expect.poll(() => enableRequest()?.href ?? '', {timeout: 45_000}).not.toBe('')
    const enable = enableRequest()
    const secret = enable?.searchParams.get('sanity-preview-secret')
    expect(secret).toBeTruthy()
    // The secret the preview server looked up is the one the studio wrote into the dataset just before.
    const stored = standIn.writes
      .flatMap((write) => JSON.stringify(write.body))
      .some((body) => body.includes('"sanity.previewUrlSecret"') && body.includes(`"${secret}"`))
    expect(stored).toBe(true)
    expect(enable?.searchParams.get('sanity-preview-pathname')).toMatch(/^\/docs\/v4\/rooms\/?/)
  })

  test('typing in a doc’s title shows in the preview; clicking the title there opens the title field', async ({openStudio, previewServer, standIn}) => {
    const page = await openStudio(`/presentation/doc/${ROOMS_ID}?preview=${encodeURIComponent(ROOMS_PATH)}`)
    const frame = page.locator(`iframe[src^="${previewServer.studioSeesItAt}"]`).contentFrame()
    const heading = frame.locator('main h1').first()
    // The doc's page, rendered by the preview server in draft mode.
    await expect(heading).toHaveText(/^Rooms/, {timeout: 60_000})

    const pane = page.getByTestId('document-pane')
    const title = pane.locator('input[id="title"]')
    await expect(title).toHaveValue('Rooms', {timeout: 45_000})
    const typed = ' for presence'
    await title.click()
    await title.press('End')
    await title.pressSequentially(typed, {delay: 20})
    const lastKey = Date.now()
    // When the stand-in holds the whole new title in the draft (the studio's save), watched while the frame is.
    let saved = 0
    const watch = setInterval(() => {
      if (!saved && standIn.document(`drafts.${ROOMS_ID}`)?.title === `Rooms${typed}`) saved = Date.now()
    }, 10)
    // The frame shows the draft's new title (its markers are invisible characters after the text).
    await expect(heading).toHaveText(new RegExp(`^Rooms${typed}`), {timeout: 30_000})
    const shown = Date.now()
    clearInterval(watch)
    const refreshed = previewServer.requests.find(({url, at}) => at >= (saved || lastKey) && url.searchParams.has('_rsc'))?.at
    const latency = shown - lastKey
    const parts = [
      `saved in the draft after ${saved ? `${saved - lastKey} ms` : '?'}`,
      `the frame's refresh request after ${refreshed ? `${refreshed - lastKey} ms` : '?'}`,
    ]
    console.log(`[presentation] last keystroke in the studio's title field to the preview frame showing the new title: ${latency} ms (${parts.join(', ')})`)
    test.info().annotations.push({type: 'keystroke-to-frame latency', description: `${latency} ms (${parts.join(', ')})`})

    // Click-to-edit: the title's overlay in the frame opens the title field of this doc in the studio.
    await page.locator('body').click({position: {x: 5, y: 5}})
    await expect(title).not.toBeFocused()
    await heading.hover()
    await heading.click()
    // The tool's address names the field (…/doc/<id>/<path>), and the form puts the cursor in it.
    await expect(page).toHaveURL(new RegExp(`/presentation/doc/${ROOMS_ID}/title(\\?|$)`))
    await expect(title).toBeFocused()
  })
})
