/**
 * The development server (next dev) runs the page script as the export does: menus, tabs, copy
 * buttons, the colour mode and search work there too. One page, warmed once: the first compile of
 * next dev takes minutes on a loaded machine.
 */
import {expect, test, type Page} from '@playwright/test'

const DOC = '/docs/v4/server-installation/'

test.describe.configure({mode: 'serial', timeout: 600_000})

async function open(page: Page, url: string) {
  await page.goto(url, {timeout: 540_000})
  await page.locator('html[data-hydrated="true"]').waitFor({state: 'attached', timeout: 60_000})
}

test('the page script is loaded from /_site/dev/ and installs its behaviours', async ({page}) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/_site/dev/')) scripts.push(`${new URL(response.url()).pathname} ${response.status()}`)
  })
  await open(page, DOC)
  expect(scripts).toContain('/_site/dev/main.js 200')
})

test('tabs switch, the copy button copies, the colour mode toggles', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await open(page, DOC)
  const list = page.locator('article [role="tablist"]').first()
  const second = list.getByRole('tab').nth(1)
  await second.click()
  await expect(second).toHaveAttribute('aria-selected', 'true')

  const copy = page.locator('article .code-block').first().getByRole('button')
  const label = await copy.textContent()
  await copy.click()
  await expect(copy).not.toHaveText(label ?? '')

  const before = await page.evaluate(() => document.documentElement.dataset.theme)
  await page.locator('button.color-mode-toggle').first().click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark')
})

test('the mobile menu opens as a dialog on a phone', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await open(page, DOC)
  await page.locator('.menu-toggle-button').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('search opens with Ctrl+K and answers from the index the development server builds', async ({page}) => {
  await open(page, DOC)
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('searchbox').or(dialog.getByRole('combobox')).first().fill('rooms')
  await expect(dialog.getByRole('option').first()).toBeVisible({timeout: 120_000})
})
