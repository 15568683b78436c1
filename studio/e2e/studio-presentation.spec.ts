/**
 * The Presentation tool ("Preview") of the built studio against the Sanity API stand-in: opening a doc
 * there stores a fresh preview secret in the dataset (sanity.previewUrlSecret, through /data/mutate) and
 * loads the preview server's draft-mode route with that secret and the doc's site address. The preview
 * server itself is not started here (web/e2e-preview tests it): its requests are answered by the test.
 * Not checked: the tool's panes after that (in this set-up the tool then shows "The presentation tool
 * crashed"; see the README), the document's locations, the overlays.
 */
import {expect, test} from './studio-fixtures'
import {studioEnv} from '../env'

test.describe('studio Presentation tool (Sanity API stand-in)', () => {
  test('opening a doc enters draft mode on the preview server with a secret the studio stored, at the doc’s address', async ({
    context,
    openStudio,
    standIn,
  }) => {
    const previewRequests: URL[] = []
    await context.route(
      (url) => url.origin === new URL(studioEnv.previewUrl).origin,
      async (route) => {
        previewRequests.push(new URL(route.request().url()))
        await route.fulfill({status: 200, contentType: 'text/html', body: '<!doctype html><title>preview stand-in</title><h1>Rooms</h1>'})
      },
    )
    await openStudio(`/presentation/doc/doc-v4-en-rooms?preview=${encodeURIComponent('/docs/v4/rooms/')}`)
    await expect.poll(() => previewRequests.find((url) => url.pathname === '/api/draft-mode/enable/')?.href ?? '', {timeout: 30_000}).not.toBe('')
    const enable = previewRequests.find((url) => url.pathname === '/api/draft-mode/enable/')
    const secret = enable?.searchParams.get('sanity-preview-secret')
    expect(secret).toBeTruthy()
    // The secret the preview server will look up is the one the studio wrote into the dataset just before.
    const stored = standIn.writes
      .flatMap((write) => JSON.stringify(write.body))
      .some((body) => body.includes('"sanity.previewUrlSecret"') && body.includes(`"${secret}"`))
    expect(stored).toBe(true)
    expect(enable?.searchParams.get('sanity-preview-pathname')).toMatch(/^\/docs\/v4\/rooms\/?/)
  })
})
