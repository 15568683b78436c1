/**
 * Screenshots for the test report (attached with testInfo.attach, files under
 * test-results/playwright-artifacts): the home page, the blog list, a doc page and the mobile menu
 * (closed, open, on the docs sidebar), in light and dark mode. Each checks the state it shows.
 */
import {expect, test, type Page, type TestInfo} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const DESKTOP = {width: 1280, height: 800}
const PHONE = {width: 390, height: 844}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  // What a reader scrolling down would see: lazy images loaded, fonts settled.
  if (fullPage) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y)
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      window.scrollTo(0, 0)
      await Promise.all(
        [...document.images]
          .filter((image) => image.getClientRects().length > 0)
          .map((image) => (image.complete ? Promise.resolve() : new Promise((resolve) => image.addEventListener('load', resolve, {once: true})))),
      )
    })
  }
  await page.evaluate(() => document.fonts.ready)
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({path, fullPage, animations: 'disabled'})
  await testInfo.attach(name, {path, contentType: 'image/png'})
}

test.describe('screenshots for the report', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const scheme of ['light', 'dark'] as const) {
    test(`home, blog list and doc page, desktop and phone, ${scheme}`, async ({page}, testInfo) => {
      await page.emulateMedia({colorScheme: scheme})
      for (const [viewport, device] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        await page.setViewportSize(viewport)
        await open(page, '/fr/')
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
        await expect(page.locator('.home-hero h1')).toBeVisible()
        await attachScreenshot(page, testInfo, `home-${device}-${scheme}`, true)
      }
      await page.setViewportSize(DESKTOP)
      await open(page, '/fr/blog')
      await expect(page.locator('nav.blog-sidebar')).toBeVisible()
      await attachScreenshot(page, testInfo, `blog-list-desktop-${scheme}`)
      await open(page, '/fr/docs/v4/rooms/')
      await expect(page.locator('nav.docs-sidebar')).toBeVisible()
      await attachScreenshot(page, testInfo, `doc-desktop-${scheme}`)
    })

    test(`mobile menu closed, open and on the docs sidebar, ${scheme}`, async ({page}, testInfo) => {
      await page.emulateMedia({colorScheme: scheme})
      await page.setViewportSize(PHONE)
      await open(page, '/fr/docs/v4/rooms/')
      const menu = page.locator('#navbar-menu')
      await expect(menu).toBeHidden()
      await attachScreenshot(page, testInfo, `mobile-menu-closed-${scheme}`)
      await page.locator('.menu-toggle-button').click()
      const back = menu.getByRole('button', {name: frenchMessage('nav.backToMainMenu', '← Retour au menu principal')})
      await expect(back).toBeInViewport()
      await expect(menu.locator('a[aria-current="page"]')).toBeInViewport()
      await attachScreenshot(page, testInfo, `mobile-menu-secondary-${scheme}`)
      await back.click()
      await expect(menu.locator('.menu-primary')).toBeVisible()
      await attachScreenshot(page, testInfo, `mobile-menu-open-${scheme}`)
    })
  }
})
