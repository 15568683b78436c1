/**
 * Per-page reading details as Docusaurus shows them: an unlisted doc (its "Unlisted page" notice,
 * noindex, and its absence from the sitemap, the search index and the sidebars), a doc's own next
 * link (the tutorial's last page leads into the docs), and the authors' pictures in post headers.
 */
import {expect, test} from '@playwright/test'
import {UI_MESSAGES} from '@site/schemas'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const SITE = 'https://socket.io'
/** content/docs/testing-a-pre-release.md: `unlisted: true`, shared by its address only. */
const UNLISTED = '/docs/v4/testing-a-pre-release/'

test.describe('an unlisted doc', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('is built, with the "Unlisted page" notice above it and a noindex, nofollow robots meta', async ({page}) => {
    const response = await open(page, UNLISTED)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveText('Testing a pre-release')
    const notice = page.locator('.unlisted-banner')
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(UI_MESSAGES['unlisted.title'].message)
    await expect(notice).toContainText(UI_MESSAGES['unlisted.message'].message)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
    // A doc in no sidebar: no sidebar (its text takes the room), and no previous/next link leads away from it.
    await expect(page.locator('.docs-sidebar')).toHaveCount(0)
    expect(await page.locator('main.doc-main').evaluate((main) => main.getBoundingClientRect().width)).toBeGreaterThan(600)
    await expect(page.locator('.pagination-nav')).toHaveCount(0)
  })

  test('shows the notice in the reader’s language where it falls back to English', async ({page}) => {
    await open(page, `/fr${UNLISTED}`)
    const notice = page.locator('.unlisted-banner')
    await expect(notice.locator('.unlisted-banner-title')).toHaveText(frenchMessage('unlisted.title', 'Page non répertoriée'))
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  test('a listed doc has neither the notice nor the robots meta', async ({page}) => {
    await open(page, '/docs/v4/how-it-works/')
    await expect(page.locator('.unlisted-banner')).toHaveCount(0)
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  })

  test('is in neither the sitemap nor the search index of any locale', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${SITE}/docs/v4/how-it-works/</loc>`)
    expect(sitemap).not.toContain('testing-a-pre-release')
    for (const locale of ['en', 'fr']) {
      const manifest = (await (await request.get(`/_search/${locale}/shards.json`)).json()) as {shards: string[]}
      const shards = await Promise.all(manifest.shards.map(async (shard) => (await request.get(`/_search/${locale}/${shard}.json`)).text()))
      expect(shards.join('\n')).toContain('how-it-works')
      expect(shards.join('\n'), locale).not.toContain('testing-a-pre-release')
    }
  })
})

test.describe("a doc's own next link", () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const [prefix, locale] of [
    ['', 'en'],
    ['/fr', 'fr'],
  ] as const) {
    test(`leads from the tutorial's last page into the docs (${locale})`, async ({page}) => {
      await open(page, `${prefix}/docs/v4/tutorial/ending-notes/`)
      const next = page.locator('.pagination-nav .pagination-next')
      await expect(next).toHaveAttribute('href', `${prefix}/docs/v4/how-it-works/`)
      // The previous link still follows the tutorial's sidebar.
      await expect(page.locator('.pagination-nav .pagination-previous')).toHaveAttribute('href', `${prefix}/docs/v4/tutorial/handling-disconnections/`)
      await next.click()
      await expect(page).toHaveURL(new RegExp(`${prefix}/docs/v4/how-it-works/$`))
    })
  }
})

test.describe("authors' pictures", () => {
  test.skip(Boolean(skipReason), skipReason)

  test('show in a post header next to each name, with the name as their text, and load', async ({page}) => {
    await open(page, '/blog/npm-provenance/')
    const authors = page.locator('article.blog-post .post-author')
    await expect(authors.first()).toBeVisible()
    const count = await authors.count()
    for (let index = 0; index < count; index++) {
      const author = authors.nth(index)
      const name = (await author.locator('a').innerText()).trim()
      const picture = author.locator('img.post-author-photo')
      await expect(picture).toHaveAttribute('alt', name)
      await picture.scrollIntoViewIfNeeded()
      await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    }
  })

  test('show in the blog list’s previews', async ({page}) => {
    await open(page, '/fr/blog')
    const picture = page.locator('article.blog-preview img.post-author-photo').first()
    await picture.scrollIntoViewIfNeeded()
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
    expect(await picture.getAttribute('alt')).toBeTruthy()
  })
})
