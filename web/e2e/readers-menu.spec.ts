/**
 * The mobile menu in Chromium on a phone (390×844), as Docusaurus readers know it: a header with
 * the logo and a close button; on doc and blog pages it opens on the page's sidebar with a way back
 * to the main menu; focus stays inside while it is open and goes back to the menu button when it
 * closes. Also: copy buttons never cover code on phones.
 */
import {expect, test, type Page} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const PHONE = {width: 390, height: 844}

const menuButton = (page: Page) => page.getByRole('button', {name: frenchMessage('nav.toggleMenu', 'Ouvrir le menu de navigation')})
const dialog = (page: Page) => page.getByRole('dialog', {name: frenchMessage('nav.mainLabel', 'Principale')})
const backLabel = frenchMessage('nav.backToMainMenu', '← Retour au menu principal')

test.describe('mobile menu', () => {
  test.skip(Boolean(skipReason), skipReason)
  test.use({viewport: PHONE})

  test('opens as a dialog with a header holding the logo, the site name and a close button that gives focus back', async ({page}) => {
    await open(page, '/fr/')
    const button = menuButton(page)
    await expect(button).toBeVisible()
    // The navbar shows the button before the logo, as Docusaurus does.
    const buttonBox = await button.boundingBox()
    const brandBox = await page.locator('.navbar-inner > .navbar-brand').boundingBox()
    expect(buttonBox && brandBox && buttonBox.x < brandBox.x).toBe(true)
    await button.click()
    const menu = dialog(page)
    await expect(menu).toBeVisible()
    await expect(menu).toHaveAttribute('aria-modal', 'true')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const header = menu.locator('.menu-header')
    await expect(header.getByRole('link', {name: 'Socket.IO'})).toHaveAttribute('href', '/fr/')
    await expect(header.locator('img.navbar-logo:visible')).toHaveCount(1)
    // Outside a doc or blog page there is no sidebar: the menu opens on the navbar's items.
    await expect(menu.getByRole('button', {name: backLabel})).toBeHidden()
    await expect(menu.getByRole('link', {name: 'API du serveur', exact: true})).toBeVisible()
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.menu-primary')))).toBe(true)
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0)
    // The rest of the page cannot be reached while it is open.
    await expect(page.locator('#main-content')).toHaveAttribute('inert', '')
    await header.getByRole('button', {name: frenchMessage('nav.closeMenu', 'Fermer le menu de navigation')}).click()
    await expect(menu).toBeHidden()
    await expect(page.locator('#main-content')).not.toHaveAttribute('inert', '')
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('on a doc page it opens on the docs sidebar, with “← Retour au menu principal” leading to the navbar’s items', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    // The sidebar is not above the doc on a phone: it lives in the menu.
    await expect(page.locator('nav.docs-sidebar')).toBeHidden()
    await menuButton(page).click()
    const menu = dialog(page)
    const back = menu.getByRole('button', {name: backLabel})
    await expect(back).toBeVisible()
    const sidebar = menu.getByRole('navigation', {name: frenchMessage('doc.sidebar', 'Barre latérale de la documentation')})
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/fr/docs/v4/rooms/')
    await expect(sidebar.locator('a[aria-current="page"]')).toBeFocused()
    // The panel opens scrolled to the page's own link, and the way back stays in sight above the sidebar.
    await expect(sidebar.locator('a[aria-current="page"]')).toBeInViewport()
    await expect(back).toBeInViewport()
    await expect(sidebar.locator('a[href="/fr/docs/v4/namespaces/"]')).toBeVisible()
    // The navbar's items are behind "back".
    await expect(menu.getByRole('link', {name: 'API du serveur', exact: true})).toBeHidden()
    await back.click()
    await expect(back).toBeHidden()
    await expect(menu.getByRole('link', {name: 'API du serveur', exact: true})).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
    // Opening again starts on the sidebar again; a link of the sidebar closes the menu and opens its page.
    await menuButton(page).click()
    await expect(back).toBeVisible()
    await sidebar.locator('a[href="/fr/docs/v4/namespaces/"]').click()
    await expect(page).toHaveURL(/\/fr\/docs\/v4\/namespaces\/$/)
    await expect(dialog(page)).toBeHidden()
  })

  test('tapped before the page has finished loading, the menu opens once its script is there', async ({page}) => {
    // A slow image keeps the page loading: the menu's script, fetched when the page is idle or at the
    // first tap, is not there yet when the reader taps the button's icon.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/slow-image.png', async (route) => {
      await held
      await route.fulfill({status: 404})
    })
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const image = new Image()
        image.src = '/slow-image.png'
        document.body.append(image)
      }),
    )
    await page.goto('/fr/docs/v4/rooms/', {waitUntil: 'commit'})
    await page.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    await menuButton(page).locator('svg').click()
    release()
    await page.waitForLoadState('load')
    const back = dialog(page).getByRole('button', {name: backLabel})
    await expect(back).toBeVisible()
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true')
  })

  test('far down a long docs sidebar, the page’s own link and the way back are both in sight', async ({page}) => {
    await open(page, '/fr/docs/v4/socket-io-protocol/')
    await menuButton(page).click()
    const menu = dialog(page)
    const back = menu.getByRole('button', {name: backLabel})
    const current = menu.locator('.menu-secondary a[aria-current="page"]')
    await expect(current).toHaveAttribute('href', '/fr/docs/v4/socket-io-protocol/')
    await expect(current).toBeFocused()
    await expect(current).toBeInViewport()
    await expect(back).toBeInViewport()
    // The sidebar scrolls under the way back, which stays where it is. The panel slides in for 0.2 s:
    // its place is taken once that has finished, not halfway.
    await menu.evaluate((element) => Promise.all(element.getAnimations({subtree: true}).map((animation) => animation.finished)))
    const before = await back.boundingBox()
    await menu.locator('.menu-secondary-content').evaluate((element) => element.scrollTo(0, 0))
    await expect(menu.locator('.menu-secondary a[href="/fr/docs/v4/"]').first()).toBeInViewport()
    expect(await back.boundingBox()).toEqual(before)
    await back.click()
    await expect(menu.getByRole('link', {name: 'API du serveur', exact: true})).toBeInViewport()
  })

  test('on the blog list it opens on the recent posts', async ({page}) => {
    await open(page, '/fr/blog')
    await expect(page.locator('nav.blog-sidebar')).toBeHidden()
    await menuButton(page).click()
    const menu = dialog(page)
    await expect(menu.getByRole('button', {name: backLabel})).toBeVisible()
    const recent = menu.getByRole('navigation', {name: frenchMessage('blog.recentPosts', 'Articles récents')})
    await expect(recent.getByRole('link')).toHaveCount(10)
  })

  test('Tab and Shift+Tab stay inside the open menu', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await menuButton(page).click()
    const menu = dialog(page)
    await expect(menu.getByRole('button', {name: backLabel})).toBeVisible()
    // Back to the navbar's items, then all the way round with Tab: focus never leaves the menu.
    await menu.getByRole('button', {name: backLabel}).click()
    const stops = await menu.evaluate(
      (element) =>
        [...element.querySelectorAll('a[href], button, summary')].filter((candidate) => (candidate as HTMLElement).getClientRects().length > 0).length,
    )
    for (let press = 0; press < stops + 2; press++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#navbar-menu')))).toBe(true)
    }
    await menu.locator('.menu-header a').focus()
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#navbar-menu')))).toBe(true)
    await expect(menu.locator('.color-mode-toggle')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(menu.locator('.menu-header a')).toBeFocused()
  })

  test('the backdrop closes the menu and gives focus back; so does growing to desktop width', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await menuButton(page).click()
    await page.mouse.click(PHONE.width - 10, PHONE.height / 2)
    await expect(dialog(page)).toBeHidden()
    await expect(menuButton(page)).toBeFocused()
    await menuButton(page).click()
    await expect(dialog(page)).toBeVisible()
    await page.setViewportSize({width: 1280, height: 800})
    await expect(page.locator('html')).not.toHaveAttribute('data-menu', 'open')
    // Back on desktop, the sidebar is in its place beside the doc again.
    await expect(page.locator('nav.docs-sidebar a[aria-current="page"]')).toBeVisible()
    await expect(page.locator('#main-content')).not.toHaveAttribute('inert', '')
  })

  test('copy buttons never cover code on a phone', async ({page}) => {
    for (const path of ['/fr/docs/v4/rooms/', '/fr/docs/v4/emit-cheatsheet/', '/fr/']) {
      await open(page, path)
      const blocks = page.locator('.code-block')
      expect(await blocks.count()).toBeGreaterThan(0)
      for (const block of await blocks.all()) {
        const button = block.locator('button.code-copy')
        await expect(button).toBeVisible()
        const buttonBox = await button.boundingBox()
        const codeBox = await block.locator('pre').boundingBox()
        if (!buttonBox || !codeBox) throw new Error(`a code block of ${path} has no box`)
        // The button sits above the code's first line, in the block's title or language bar.
        expect({path, overlaps: buttonBox.y + buttonBox.height > codeBox.y + 1}).toEqual({path, overlaps: false})
      }
    }
  })
})
