/** A page without a French translation is shown in English under /fr/, with a notice; English pages have none. */
import {expect, test} from '@playwright/test'
import {docTitle, findDoc, frenchMessage} from './content'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()

test.describe('missing translations', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('/fr/docs/v4/emitting-events/ shows the English text with a notice, in a French document', async ({page}) => {
    expect(findDoc('fr', 'emitting-events'), 'this test needs emitting-events to have no French translation').toBeUndefined()
    const response = await page.goto('/fr/docs/v4/emitting-events/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('article h1')).toHaveText(docTitle('en', 'emitting-events'))
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr\b/)
    const notice = page.locator('[role=note].translation-notice')
    await expect(notice).toBeVisible()
    const message = frenchMessage('translation.missing', '')
    if (message) await expect(notice).toContainText(message)
    else await expect(notice).not.toHaveText('')
  })

  test('/docs/v4/rooms/ in English has no notice and lang en-US', async ({page}) => {
    const response = await page.goto('/docs/v4/rooms/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('article h1')).toHaveText(docTitle('en', 'rooms'))
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.locator('[role=note].translation-notice')).toHaveCount(0)
  })
})
