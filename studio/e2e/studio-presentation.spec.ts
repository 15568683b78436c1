/**
 * The Presentation tool ("Preview") of the built studio against the Sanity API stand-in, with the site's
 * real preview server (web/.next-preview, `next start` with SITE_PREVIEW=1) in its frame. Both read the
 * same stand-in: the studio through the browser context's routing, the preview server through the
 * stand-in's HTTP door (./preview-server.ts), so what the editor types is what the preview renders.
 */
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './preview-server'

const ROOMS_ID = 'doc-v4-en-rooms'
const ROOMS_PATH = '/docs/v4/rooms/'

/** The pages the editing loop is tried on: where each is on the site, and where its title shows. */
const PAGES = [
  {kind: 'doc', type: 'doc', id: ROOMS_ID, path: ROOMS_PATH, title: 'Rooms', heading: 'main h1'},
  {kind: 'blog post', type: 'blogPost', id: 'blogPost-en-admin-ui', path: '/blog/admin-ui/', title: 'The Socket.IO admin UI', heading: 'article.blog-post h1'},
  {kind: 'standalone page', type: 'page', id: 'page-en-get-started', path: '/get-started/', title: 'Get started', heading: 'main h1'},
] as const

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

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

  // A page of each kind an editor previews: a doc (its version's sidebar, its article), a blog post and a standalone page.
  for (const page of PAGES) {
    test(`typing in a ${page.kind}’s title shows in the preview; clicking the title there opens the title field`, async ({
      openStudio,
      previewServer,
      standIn,
    }) => {
      const studio = await openStudio(`/presentation/${page.type}/${page.id}?preview=${encodeURIComponent(page.path)}`)
      const frame = studio.locator(`iframe[src^="${previewServer.studioSeesItAt}"]`).contentFrame()
      const heading = frame.locator(page.heading).first()
      // The page, rendered by the preview server in draft mode.
      await expect(heading).toHaveText(new RegExp(`^${escape(page.title)}`), {timeout: 60_000})

      const pane = studio.getByTestId('document-pane')
      const title = pane.locator('input[id="title"]')
      await expect(title).toHaveValue(page.title, {timeout: FIRST_OPEN_TIMEOUT})
      const typed = ' (draft)'
      await title.click()
      await title.press('End')
      await title.pressSequentially(typed, {delay: 20})
      const lastKey = Date.now()
      // When the stand-in holds the whole new title in the draft (the studio's save), watched while the frame is.
      let saved = 0
      const watch = setInterval(() => {
        if (!saved && standIn.document(`drafts.${page.id}`)?.title === `${page.title}${typed}`) saved = Date.now()
      }, 10)
      // The frame shows the draft's new title (its markers are invisible characters after the text).
      await expect(heading).toHaveText(new RegExp(`^${escape(page.title + typed)}`), {timeout: 30_000})
      const shown = Date.now()
      clearInterval(watch)
      const refreshed = previewServer.requests.find(({url, at}) => at >= (saved || lastKey) && url.searchParams.has('_rsc'))?.at
      const parts = [
        `saved in the draft after ${saved ? `${saved - lastKey} ms` : '?'}`,
        `the frame's refresh request after ${refreshed ? `${refreshed - lastKey} ms` : '?'}`,
      ]
      // A figure for the reader of the test's output, never asserted (npm run bench -- --only preview measures it).
      console.log(`[presentation] ${page.kind}: last keystroke in the title field to the preview frame showing it: ${shown - lastKey} ms (${parts.join(', ')})`)
      test.info().annotations.push({type: 'keystroke-to-frame latency', description: `${page.kind}: ${shown - lastKey} ms (${parts.join(', ')})`})

      // Click-to-edit: the title's overlay in the frame opens the title field of this document in the studio.
      await studio.locator('body').click({position: {x: 5, y: 5}})
      await expect(title).not.toBeFocused()
      await heading.hover()
      await heading.click()
      // The tool's address names the field (…/<type>/<id>/<path>), and the form puts the cursor in it.
      await expect(studio).toHaveURL(new RegExp(`/presentation/${page.type}/${page.id}/title(\\?|$)`))
      await expect(title).toBeFocused()
    })
  }
})
