/**
 * The navbar's state in Chromium: one item lit at a time, and the version dropdown named after the
 * version being read, or outside the docs after the one the reader chose before.
 */
import {expect, test, type Page} from '@playwright/test'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()

/** Labels of the top-level navbar items shown as active (lit summary or link, or the current page). */
async function litItems(page: Page): Promise<string[]> {
  return page
    .locator('.navbar-left > li, .navbar-right > li')
    .evaluateAll((items) =>
      items
        .filter((item) => item.querySelector(':scope > .navbar-link-active, :scope > a[aria-current="page"], :scope > details > summary.navbar-link-active'))
        .map((item) => (item.querySelector(':scope > a, :scope > details > summary')?.textContent ?? '').trim()),
    )
}

const versionDropdown = (page: Page) => page.locator('header details.navbar-dropdown').filter({has: page.locator('a[data-version]')})

test.describe('navbar state', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('one item is lit at a time: the one leading to the page, else the deepest section holding it', async ({page}) => {
    const cases: Array<[string, string[]]> = [
      // "Blog" (in Écosystème) holds the archive, but "Archives du blog" (in À propos) leads to it.
      ['/fr/blog/archive', ['À propos']],
      ['/fr/blog', ['Écosystème']],
      ['/fr/docs/v4/server-api/', ['API du serveur']],
      ['/fr/docs/v4/rooms/', ['Documentation']],
      ['/fr/docs/v4/changelog/', ['À propos']],
      ['/fr/', []],
    ]
    for (const [path, lit] of cases) {
      await open(page, path)
      expect({path, lit: await litItems(page)}).toEqual({path, lit})
    }
  })

  test('the version dropdown names the version being read', async ({page}) => {
    await open(page, '/fr/docs/v3/rooms/')
    await expect(versionDropdown(page).locator('summary')).toHaveText('3.x')
    await open(page, '/fr/docs/v4/rooms/')
    await expect(versionDropdown(page).locator('summary')).toHaveText('4.x')
  })

  test('outside the docs it names the version chosen before, which the doc links follow', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await versionDropdown(page).locator('summary').click()
    await versionDropdown(page).getByRole('link', {name: '3.x'}).click()
    await expect(page).toHaveURL(/\/fr\/docs\/v3\//)
    await open(page, '/fr/blog')
    await expect(versionDropdown(page).locator('summary')).toHaveText('3.x')
    await versionDropdown(page).locator('summary').click()
    await expect(versionDropdown(page).locator('a[aria-current="true"]')).toHaveText('3.x')
    await expect(page.locator('header').getByRole('link', {name: 'API du serveur', exact: true})).toHaveAttribute('href', '/fr/docs/v3/server-api/')
    // Without a choice, the latest.
    await page.evaluate(() => localStorage.removeItem('docs-preferred-version'))
    await open(page, '/fr/blog')
    await expect(versionDropdown(page).locator('summary')).toHaveText('4.x')
  })
})
