/** Page loads that wait until the site's browser behaviours are installed, so that clicks reach them. */
import type {Page} from '@playwright/test'

const HYDRATED = 'html[data-hydrated="true"]'

/** Opens a page and waits for hydration. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url)
  await page.locator(HYDRATED).waitFor({state: 'attached'})
  return response
}

/** Reloads the page and waits for hydration again. */
export async function reopen(page: Page) {
  await page.reload()
  await page.locator(HYDRATED).waitFor({state: 'attached'})
}
