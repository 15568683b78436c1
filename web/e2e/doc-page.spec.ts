/** A French doc page as a reader sees it: title, highlighted code, an admonition, a working table of contents. */
import {expect, test} from '@playwright/test'
import {docTitle, explicitHeadingIds, findDoc, frenchMessage} from './content'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()
const URL_PATH = '/fr/docs/v4/rooms/'

test.describe(`French doc page ${URL_PATH}`, () => {
  test.skip(Boolean(skipReason), skipReason)

  test.beforeEach(async ({page}) => {
    const response = await page.goto(URL_PATH)
    expect(response?.status()).toBe(200)
  })

  test('shows its French title as the heading of the article, in a French document', async ({page}) => {
    await expect(page.locator('article h1')).toHaveText(docTitle('fr', 'rooms'))
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr\b/)
    await expect(page.locator('[role=note].translation-notice')).toHaveCount(0)
  })

  test('shows a code block with a highlighted line, coloured for the light and the dark theme', async ({page}) => {
    const block = page
      .locator('article div.code-block[data-language]')
      .filter({has: page.locator('.highlighted')})
      .first()
    await expect(block).toBeVisible()
    await expect(block.locator('pre')).toBeVisible()
    const styles = await block.locator('pre, pre [style]').evaluateAll((elements) => elements.map((element) => element.getAttribute('style') ?? ''))
    const dual = styles.filter((style) => /--shiki-dark\s*:/.test(style) && (/--shiki-light\s*:/.test(style) || /(^|;)\s*color\s*:/.test(style)))
    expect(dual.length, `no element of the code block carries both a light and a dark colour: ${styles.slice(0, 3).join(' | ')}`).toBeGreaterThan(0)

    // The highlighted line must look different from a plain line of the same block.
    const look = (selector: string) =>
      block
        .locator(selector)
        .first()
        .evaluate((line) => {
          const style = getComputedStyle(line)
          return [style.backgroundColor, style.boxShadow, style.borderLeftWidth, style.borderLeftColor].join(' / ')
        })
    const plainLines = block.locator('pre .line:not(.highlighted)')
    if ((await plainLines.count()) > 0) expect(await look('.highlighted')).not.toBe(await look('pre .line:not(.highlighted)'))
  })

  test('shows an admonition', async ({page}) => {
    const admonition = page.locator('article aside.admonition').first()
    await expect(admonition).toBeVisible()
    await expect(admonition).toHaveClass(/\badmonition-(note|tip|info|warning|danger)\b/)
    await expect(admonition).not.toHaveText('')
  })

  test('has a table of contents whose links lead to headings of the page', async ({page}) => {
    const toc = page.getByRole('navigation', {name: frenchMessage('doc.toc', 'Sur cette page')})
    await expect(toc).toBeVisible()
    const links = toc.getByRole('link')
    const count = await links.count()
    expect(count).toBeGreaterThan(0)
    const targets: string[] = []
    for (let i = 0; i < count; i++) {
      const href = (await links.nth(i).getAttribute('href')) ?? ''
      const match = /^(?:\/fr\/docs\/v4\/rooms\/)?#(.+)$/.exec(href)
      expect(match, `TOC link "${href}" does not point into this page`).not.toBeNull()
      const id = decodeURIComponent(match?.[1] ?? '')
      targets.push(id)
      const heading = page.locator(`article [id="${id.replace(/"/g, '\\"')}"]`)
      await expect(heading, `no heading with id "${id}"`).toHaveCount(1)
      expect(await heading.evaluate((element) => element.tagName)).toMatch(/^H[23]$/)
      await expect(heading).toContainText((await links.nth(i).innerText()).trim())
    }
    // Anchors fixed in the markdown with {#id} are the ones the TOC must use.
    const file = findDoc('fr', 'rooms')
    for (const id of file ? explicitHeadingIds(file) : []) expect(targets).toContain(id)

    const last = links.nth(count - 1)
    await last.click()
    await expect(page).toHaveURL(new RegExp(`#${targets[count - 1]}$`))
    await expect(page.locator(`article [id="${targets[count - 1]}"]`)).toBeInViewport()
  })
})
