/** Unknown paths answer 404 with the not-found page of their locale. */
import {expect, test} from '@playwright/test'
import {englishMessage} from './content'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()

test.describe('not-found pages', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('/fr/no-such-page answers 404 with the French not-found page', async ({page}) => {
    const response = await page.goto('/fr/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page introuvable')
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr\b/)
  })

  test('/no-such-page answers 404 with the English not-found page', async ({page}) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(englishMessage('notFound.title'))
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  })
})
