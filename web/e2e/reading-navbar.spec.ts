/**
 * The frame of every page in Chromium: navbar item kinds and active state, the slide-in menu below
 * 996 px, the navbar hiding on scroll, the skip link, footer groups and copyright.
 */
import {expect, test} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open, reopen} from './hydrated'

const skipReason = e2eSkipReason()

test.describe('navbar and page frame', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('shows every kind of navbar item: dropdown, doc link, html, version and locale dropdowns, external link', async ({page}) => {
    await open(page, '/fr/')
    const navbar = page.getByRole('navigation', {name: frenchMessage('nav.mainLabel', 'Principale')})
    // Doc link: the latest version of the server API, in French.
    await expect(navbar.getByRole('link', {name: 'API du serveur', exact: true})).toHaveAttribute('href', '/fr/docs/v4/server-api/')
    // Dropdown with a doc link and plain links.
    const docs = navbar.locator('details.navbar-dropdown').filter({has: page.locator('summary', {hasText: 'Documentation'})})
    await docs.locator('summary').click()
    await expect(docs.getByRole('link', {name: 'Guide'})).toHaveAttribute('href', '/fr/docs/v4/')
    await expect(docs.getByRole('link', {name: 'Tutoriel'})).toBeVisible()
    // Html items are text, not links.
    const ecosystem = navbar.locator('details.navbar-dropdown').filter({has: page.locator('summary', {hasText: 'Écosystème'})})
    await ecosystem.locator('summary').click()
    await expect(docs).not.toHaveAttribute('open', '')
    await expect(ecosystem.locator('li.dropdown-html').first()).toHaveText('Aide')
    // External link: opens elsewhere, safely, and says so to screen readers.
    const github = navbar.getByRole('link', {name: /GitHub/}).last()
    await expect(github).toHaveAttribute('target', '_blank')
    await expect(github).toHaveAttribute('rel', /noopener/)
    // Version dropdown and locale dropdown.
    const versions = navbar.locator('details.navbar-dropdown').filter({has: page.locator('a[data-version]')})
    await versions.locator('summary').click()
    await expect(versions.locator('a[data-version]')).toHaveText(['4.x', '3.x', '2.x'])
    const locales = navbar.locator('details.navbar-dropdown').filter({has: page.locator('a[data-locale-link]')})
    await locales.locator('summary').click()
    await expect(locales.locator('a[data-locale-link]')).toHaveCount(4)
  })

  test('marks the current page and the dropdown holding it as active; Escape closes a dropdown and returns focus', async ({page}) => {
    await open(page, '/fr/blog/archive')
    const navbar = page.locator('header.navbar')
    const about = navbar.locator('details.navbar-dropdown').filter({has: page.locator('a.navbar-link[href="/fr/blog/archive"]:not([data-locale-link])')})
    await expect(about.locator('summary')).toHaveClass(/navbar-link-active/)
    await about.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(about).toHaveAttribute('open', '')
    await expect(about.locator('a[href="/fr/blog/archive"]:not([data-locale-link])')).toHaveAttribute('aria-current', 'page')
    await page.keyboard.press('Escape')
    await expect(about).not.toHaveAttribute('open', '')
    await expect(about.locator('summary')).toBeFocused()

    await open(page, '/fr/docs/v4/server-api/')
    await expect(navbar.getByRole('link', {name: 'API du serveur', exact: true})).toHaveAttribute('aria-current', 'page')
  })

  test('below 996 px the menu slides in, closes on navigation, on Escape and when the window grows to desktop size', async ({page}) => {
    await page.setViewportSize({width: 600, height: 800})
    await open(page, '/fr/docs/v4/rooms/')
    const button = page.locator('.menu-toggle-button')
    const panel = page.locator('#navbar-menu')
    await expect(button).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(button).toHaveAttribute('aria-label', frenchMessage('nav.toggleMenu', 'Ouvrir le menu de navigation'))
    await expect(panel).toBeHidden()
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(panel).toBeVisible()
    // Slid in from the left: the panel ends up at the left edge.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0)

    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(button).toBeFocused()

    await button.click()
    await expect(panel).toBeVisible()
    await page.setViewportSize({width: 1280, height: 800})
    await expect(page.locator('html')).not.toHaveAttribute('data-menu', 'open')
    await page.setViewportSize({width: 600, height: 800})
    await expect(panel).toBeHidden()

    // On a doc page it opens on the docs sidebar; the navbar's items are one step back.
    await button.click()
    await panel.getByRole('button', {name: frenchMessage('nav.backToMainMenu', '← Retour au menu principal')}).click()
    await panel.getByRole('link', {name: 'API du serveur', exact: true}).click()
    await expect(page).toHaveURL(/\/fr\/docs\/v4\/server-api\/$/)
    await expect(page.locator('#navbar-menu')).toBeHidden()
  })

  test('the docs sidebar is always shown, without a toggle, on desktop; on phones it is in the menu', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    const sidebar = page.locator('nav.docs-sidebar')
    await expect(sidebar.locator('summary')).toBeHidden()
    await expect(sidebar.getByRole('link').first()).toBeVisible()
    await page.setViewportSize({width: 600, height: 800})
    await reopen(page)
    await expect(sidebar).toBeHidden()
    await page.locator('.menu-toggle-button').click()
    await expect(page.locator('#navbar-menu').locator('a[aria-current="page"]')).toHaveAttribute('href', '/fr/docs/v4/rooms/')
  })

  test('without scripts, the docs sidebar is a disclosure above the doc on phones', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false, viewport: {width: 600, height: 800}})
    const page = await context.newPage()
    await page.goto('/fr/docs/v4/rooms/')
    const sidebar = page.locator('nav.docs-sidebar')
    await expect(sidebar.locator('summary')).toBeVisible()
    await expect(sidebar.getByRole('link').first()).toBeHidden()
    await sidebar.locator('summary').click()
    await expect(sidebar.getByRole('link').first()).toBeVisible()
    await context.close()
  })

  test('the navbar hides while scrolling down and comes back when scrolling up', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    const navbar = page.locator('header.navbar')
    await page.mouse.move(600, 600)
    await page.mouse.wheel(0, 1200)
    await expect(navbar).toHaveClass(/navbar-hidden/)
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? 0).toBeLessThan(-10)
    await page.mouse.wheel(0, -300)
    await expect(navbar).not.toHaveClass(/navbar-hidden/)
  })

  test('the first Tab reaches the skip link, which moves focus to the main content', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await page.keyboard.press('Tab')
    const skip = page.locator('a.skip-link')
    await expect(skip).toBeFocused()
    await expect(skip).toHaveText(frenchMessage('common.skipToContent', 'Aller au contenu principal'))
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main-content$/)
    await expect(page.locator('#main-content')).toBeFocused()
  })

  test('the footer shows its link groups with headings and the copyright', async ({page}) => {
    await open(page, '/fr/blog')
    const footer = page.locator('footer.footer')
    const groups = footer.locator('.footer-group')
    expect(await groups.count()).toBeGreaterThan(1)
    await expect(groups.first().getByRole('heading')).toHaveText('Documentation')
    await expect(groups.first().getByRole('link', {name: 'Guide'})).toHaveAttribute('href', '/fr/docs/v4/')
    await expect(footer.locator('.footer-copyright')).toHaveText(/Copyright © 2022/)
  })
})
