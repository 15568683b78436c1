/**
 * What an editor sees of a publish, in the built studio against the Sanity API stand-in, with the real publish
 * behind it (./publish-fixtures.ts: the stand-in's webhook → the receiver → the incremental publish, its link check
 * and swap of web/out, served on 127.0.0.1; the receiver's status service writing `publishStatus` documents).
 * The tests run in order on one site: each publishes on top of the one before.
 */
import {studioEnv} from '../env'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './publish-fixtures'

/** A publish renders a few pages and checks the site's links: seconds on an idle machine, more on a loaded one. */
const PUBLISH_TIMEOUT = 5 * 60_000

test.describe.configure({mode: 'serial'})

test.describe('publish status in the studio (Sanity API stand-in, real publish of web/out)', () => {
  test('an editor publishes a doc, sees it waiting, then live with its page, in the document and in the Publishes tool', async ({
    openStudio,
    publishing,
    studioServer,
  }) => {
    test.setTimeout(PUBLISH_TIMEOUT + 3 * 60_000)
    const page = await openStudio('/structure/docs;v4;en;doc-v4-en-rooms')
    const pane = page.getByTestId('document-pane')
    const title = pane.locator('input[id="title"]')
    await expect(title).toHaveValue('Rooms', {timeout: FIRST_OPEN_TIMEOUT})
    const newTitle = 'Rooms, published from the studio'
    await title.fill(newTitle)
    const publish = pane.getByTestId('action-publish')
    await expect(publish).toBeEnabled({timeout: 30_000})
    await publish.click()
    await expect.poll(() => publishing.document('doc-v4-en-rooms')?.title, {timeout: 30_000}).toBe(newTitle)

    // While the site is rebuilt: waiting; then live, with the page's address on the site.
    await expect(pane.getByText('Waiting to go live', {exact: true})).toBeVisible({timeout: 60_000})
    const banner = pane.getByTestId('publish-status-banner')
    await expect(banner).toContainText('Live on the site since', {timeout: PUBLISH_TIMEOUT})
    await expect(pane.getByText(/^Live since \d\d:\d\d$/)).toBeVisible()
    const link = banner.getByTestId('publish-status-page')
    await expect(link).toHaveAttribute('href', `${studioEnv.siteUrl}/docs/v4/rooms/`)
    // That page, on the site being served, has the new title.
    const served = await (await fetch(`${publishing.site}/docs/v4/rooms/`)).text()
    expect(served).toContain(newTitle)

    // The Publishes tool lists it first, live, with the document and its page.
    await page.goto(`${studioServer.url}/publishes`)
    const row = page.getByTestId('publish-row').first()
    await expect(row.getByTestId('publish-state')).toHaveText('Live', {timeout: FIRST_OPEN_TIMEOUT})
    await expect(row).toContainText(newTitle)
    await expect(row).toContainText(/live \d+\.\d s after it started/)
    await expect(row.getByTestId('publish-page-link')).toHaveAttribute('href', `${studioEnv.siteUrl}/docs/v4/rooms/`)
    // Written by the service's token alone; the studio cannot edit it (the editor's grants say read-only).
    const status = publishing.standIn.documents().find((document) => document._type === 'publishStatus' && document.state === 'live')
    expect(status?._id).toMatch(/^publishStatus\./)
  })
})
