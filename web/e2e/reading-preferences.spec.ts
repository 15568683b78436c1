/**
 * What the reader chooses and the site remembers, in Chromium: colour mode (before first paint),
 * the announcement bar's dismissal, the docs version and the locale.
 */
import {expect, test} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open, reopen} from './hydrated'

const skipReason = e2eSkipReason()

test.describe('colour mode', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('is light by default and follows the system preference while the reader has not chosen', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'})
    await open(page, '/fr/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.emulateMedia({colorScheme: 'dark'})
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await reopen(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('saves the choice and applies it before first paint, with no flash of the other mode', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'})
    await open(page, '/fr/docs/v4/rooms/')
    const toggle = page.locator('button.color-mode-toggle')
    await expect(toggle).toHaveAttribute('aria-label', /mode clair/)
    await toggle.click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(toggle).toHaveAttribute('aria-label', /mode sombre/)
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

    // Record the theme at the first moment the document exists and at first paint.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as {themeSeen: string[]}).themeSeen = seen
      new MutationObserver(() => {
        if (document.body && seen.length === 0) seen.push(document.documentElement.dataset.theme ?? 'none')
      }).observe(document, {childList: true, subtree: true})
    })
    await open(page, '/fr/blog')
    const seen = await page.evaluate(() => (window as unknown as {themeSeen: string[]}).themeSeen)
    expect(seen[0]).toBe('dark')
    // The system preference no longer overrides a saved choice.
    await page.emulateMedia({colorScheme: 'dark'})
    await page.emulateMedia({colorScheme: 'light'})
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test.describe('announcement bar', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('closes, stays closed on the next pages, and a bar with another id shows again', async ({page}) => {
    await open(page, '/fr/')
    const bar = page.getByRole('region').and(page.locator('.announcement-bar'))
    await expect(bar).toBeVisible()
    const id = await bar.getAttribute('data-announcement-id')
    expect(id).toBeTruthy()
    const close = bar.getByRole('button', {name: frenchMessage('common.close', 'Fermer')})
    await close.click()
    await expect(page.locator('.announcement-bar')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('announcement-dismissed'))).toBe(id)
    await open(page, '/fr/blog')
    await expect(page.locator('.announcement-bar')).toBeHidden()
    // A dismissal of an older bar does not hide the current one.
    await page.evaluate(() => localStorage.setItem('announcement-dismissed', 'an-older-announcement'))
    await reopen(page)
    await expect(page.locator('.announcement-bar')).toBeVisible()
  })
})

test.describe('version dropdown', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('leads to the same page in the chosen version, or to its home, and v3 pages link to the latest version', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    const versions = page.locator('header details.navbar-dropdown').filter({has: page.locator('a[data-version]')})
    await expect(versions.locator('summary')).toHaveText('4.x')
    await versions.locator('summary').click()
    await versions.getByRole('link', {name: '3.x'}).click()
    await expect(page).toHaveURL(/\/fr\/docs\/v3\/rooms\/$/)
    const banner = page.locator('.version-banner')
    await expect(banner).toContainText('3.x')
    await expect(banner.getByRole('link', {name: frenchMessage('doc.latestLink', 'Lire la dernière version de cette page')})).toHaveAttribute(
      'href',
      '/fr/docs/v4/rooms/',
    )

    // A doc that may not exist in 3.x: the link leads to the same doc there when it exists, else to the 3.x home.
    await open(page, '/fr/docs/v4/connection-state-recovery/')
    const inV3 = (await page.request.get('/fr/docs/v3/connection-state-recovery/')).status() === 200
    await versions.locator('summary').click()
    await expect(versions.getByRole('link', {name: '3.x'})).toHaveAttribute('href', inV3 ? '/fr/docs/v3/connection-state-recovery/' : '/fr/docs/v3/')
    await expect(page.locator('.version-banner')).toHaveCount(0)
  })

  test('remembers the choice for the navbar doc links outside the docs, and forgets a version that no longer exists', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    const versions = page.locator('header details.navbar-dropdown').filter({has: page.locator('a[data-version]')})
    await versions.locator('summary').click()
    await versions.getByRole('link', {name: '2.x'}).click()
    await expect(page).toHaveURL(/\/fr\/docs\/v2\//)
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version'))).toBe('v2')

    await open(page, '/fr/blog')
    const guide = page.locator('header a.navbar-link', {hasText: 'Guide'})
    await expect(guide).toHaveAttribute('href', '/fr/docs/v2/')

    await page.evaluate(() => localStorage.setItem('docs-preferred-version', 'v1'))
    await reopen(page)
    await expect(guide).toHaveAttribute('href', '/fr/docs/v4/')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('docs-preferred-version'))).toBeNull()
  })
})

test.describe('locale dropdown', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('opens the same page in the chosen locale, keeping the query string and the hash', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/?from=test#joining')
    const locales = page.locator('header details.navbar-dropdown').filter({has: page.locator('a[data-locale-link]')})
    await locales.locator('summary').click()
    await locales.locator('a[data-locale-link][hreflang^="en"]').click()
    await expect(page).toHaveURL(/\/docs\/v4\/rooms\/\?from=test#joining$/)
    expect(new URL(page.url()).pathname).toBe('/docs/v4/rooms/')
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
  })
})
