/** What an editor meets while editing: a broken field blocks publishing, and "View on site" opens the page. */
import {localeTableOf} from '@site/schemas/model'
import {studioEnv} from '../env'
import {siteUrlFor} from '../site-url'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

test.describe('studio editing (Sanity API stand-in)', () => {
  const VALIDATION_TOOLTIP = 'There are validation errors that need to be fixed before this document can be published'

  test('a release version that is not semver shows the rule’s error and publishing is blocked', async ({openStudio, standIn}) => {
    const page = await openStudio('/structure/changelog;en;release-en-4_5_0')
    const pane = page.getByTestId('document-pane')
    const version = pane.locator('input[id="version"]')
    await expect(version).toHaveValue('4.5.0', {timeout: FIRST_OPEN_TIMEOUT})

    await version.fill('4.5')
    // The field shows an error mark; its message is what the editor reads on hovering it.
    const mark = pane.getByTestId('field-version').getByTestId('input-validation-icon-error')
    await expect(mark).toBeVisible({timeout: 30_000})
    await mark.hover()
    await expect(page.getByText('Use a semantic version such as 4.7.5')).toBeVisible()
    const publish = pane.getByTestId('action-publish')
    await expect(publish).toBeDisabled()
    // The studio's publish action gives the validation errors as the reason.
    await publish.locator('xpath=..').hover()
    await expect(page.getByText(VALIDATION_TOOLTIP)).toBeVisible()
    // The edit reached the API as a draft edit; nothing was published.
    await expect.poll(() => JSON.stringify(standIn.writes), {message: 'the edit was sent to the stand-in'}).toContain('sanity.action.document.edit')
    expect(JSON.stringify(standIn.writes)).not.toContain('sanity.action.document.publish')

    // Corrected, the error goes and Publish is offered again: the block came from the rule.
    await version.fill('4.5.98')
    await expect(mark).toHaveCount(0, {timeout: 30_000})
    await expect(publish).toBeEnabled({timeout: 30_000})
  })

  test('a valid release version passes the same rules and the release can be published', async ({openStudio, standIn}) => {
    const page = await openStudio('/structure/changelog;en;release-en-4_5_0')
    const pane = page.getByTestId('document-pane')
    const version = pane.locator('input[id="version"]')
    await expect(version).toHaveValue('4.5.0', {timeout: FIRST_OPEN_TIMEOUT})

    await version.fill('4.5.99')
    // The uniqueness rule looked the new value up: validation ran on it.
    await expect
      .poll(() => standIn.queries.some((query) => query.includes('version == $value') && query.includes('"value":"4.5.99"')), {timeout: 30_000})
      .toBe(true)
    await expect(pane.getByTestId('field-version').getByTestId('input-validation-icon-error')).toHaveCount(0)
    const publish = pane.getByTestId('action-publish')
    await expect(publish).toBeEnabled({timeout: 30_000})
    await publish.click()
    await expect
      .poll(() => standIn.document('release-en-4_5_0')?.version, {message: 'the stand-in holds the published release', timeout: 30_000})
      .toBe('4.5.99')
    expect(standIn.document('drafts.release-en-4_5_0')).toBeUndefined()
    await expect(pane.getByTestId('action-publish')).toBeDisabled()
  })

  test('"View on site" opens the document’s page at the site URL', async ({openStudio, context}) => {
    const expected = siteUrlFor({_type: 'doc', language: 'fr', version: 'v4', slug: 'rooms'}, studioEnv.siteUrl, localeTableOf(['en', 'fr', 'pt-br', 'zh-CN']))
    const page = await openStudio('/structure/docs;v4;fr;doc-v4-fr-rooms')
    const pane = page.getByTestId('document-pane')
    await expect(pane.locator('input[id="title"]')).toHaveValue('Les rooms', {timeout: FIRST_OPEN_TIMEOUT})
    await pane.getByTestId('pane-footer').getByTestId('action-menu-button').click()
    const item = page.getByRole('menuitem', {name: /View on site/})
    await expect(item).toBeEnabled()
    const opened = context.waitForEvent('page')
    await item.click()
    // The site is not served here: the new tab's address is what the editor would reach.
    expect((await opened).url()).toBe(expected)
  })
})
