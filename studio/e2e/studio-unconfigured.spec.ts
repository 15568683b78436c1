/** A studio built without a Sanity project says which variable to set, and otherwise still works (here against the API stand-in). */
import {MISSING_PROJECT_MESSAGE, studioEnv, UNCONFIGURED_PROJECT} from '../env'
import {NOTICE_ID} from '../unconfigured-notice'
import {expect, test} from './studio-fixtures'

test.describe('studio without a project', () => {
  test('names SANITY_STUDIO_PROJECT_ID above the studio', async ({openStudio}) => {
    test.skip(
      studioEnv.projectId !== UNCONFIGURED_PROJECT,
      `the studio was built for project ${studioEnv.projectId} (SANITY_STUDIO_PROJECT_ID is set), so it has nothing to tell`,
    )
    const page = await openStudio('/structure')
    const notice = page.locator(`#${NOTICE_ID}`)
    await expect(notice).toBeVisible()
    await expect(notice).toHaveAttribute('role', 'alert')
    await expect(notice).toHaveText(MISSING_PROJECT_MESSAGE)
    await expect(notice).toContainText('SANITY_STUDIO_PROJECT_ID')
    // The studio keeps the rest of the window, whole: its panes below the notice, nothing beyond the bottom.
    const pane = page.getByTestId('structure-tool-list-pane').first()
    await expect(pane).toBeVisible()
    const noticeBox = await notice.boundingBox()
    const studioBox = await page.locator('#sanity').boundingBox()
    const viewport = page.viewportSize()
    expect(noticeBox && studioBox && studioBox.y >= noticeBox.y + noticeBox.height - 1).toBe(true)
    expect(studioBox && viewport && studioBox.y + studioBox.height <= viewport.height + 1).toBe(true)
  })
})
