/** The French blog list: ten posts a page and a pagination link to the rest. */
import {expect, test, type Page} from '@playwright/test'
import {blogPostCount, englishMessage, frenchMessage} from './content'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()
const PAGE_SIZE = 10

function postsOf(page: Page) {
  return page.locator('article').filter({has: page.locator('h2 a')})
}

async function postTitles(page: Page): Promise<string[]> {
  return (await postsOf(page).locator('h2').allInnerTexts()).map((title) => title.trim())
}

test.describe('French blog list /fr/blog', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('shows ten posts, and page 2 shows the remaining ones', async ({page}) => {
    const total = blogPostCount()
    expect(total, 'content/blog needs more than one page of posts for this test').toBeGreaterThan(PAGE_SIZE)

    const response = await page.goto('/fr/blog')
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr\b/)
    await expect(postsOf(page)).toHaveCount(PAGE_SIZE)
    const firstPage = await postTitles(page)
    for (const title of firstPage) expect(title).not.toBe('')

    const pagination = page.getByRole('navigation', {name: frenchMessage('blog.listPagination', englishMessage('blog.listPagination'))})
    await expect(pagination).toBeVisible()
    const next = pagination.locator('a[href$="/fr/blog/page/2"], a[href$="/fr/blog/page/2/"]').first()
    await expect(next).toBeVisible()
    await next.click()

    await expect(page).toHaveURL(/\/fr\/blog\/page\/2\/?$/)
    await expect(postsOf(page)).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE))
    const secondPage = await postTitles(page)
    for (const title of secondPage) expect(firstPage, `"${title}" is on both pages`).not.toContain(title)
  })
})

test.describe('blog tags, as Docusaurus lays them out', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('a post links to its tags; a tag lists its posts and leads to every tag', async ({page}) => {
    await page.goto('/fr/blog')
    const firstPost = postsOf(page).first().locator('h2 a')
    await firstPost.click()
    const tagLinks = page.locator('.post-tags a.tag')
    const tagCount = await tagLinks.count()
    expect(tagCount, 'the newest post of content/blog has tags').toBeGreaterThan(0)
    const label = (await tagLinks.first().innerText()).trim()
    const postTitle = (await page.locator('article h1').innerText()).trim()
    await tagLinks.first().click()
    await expect(page).toHaveURL(/\/fr\/blog\/tags\/[^/]+$/)
    const heading = page.locator('main h1')
    // French typography puts narrow no-break spaces inside the guillemets.
    await expect(heading).toContainText(new RegExp(`«\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*»`))
    await expect(postsOf(page).locator('h2', {hasText: postTitle})).toHaveCount(1)
    await page.getByRole('link', {name: frenchMessage('blog.viewAllTags', 'Voir toutes les étiquettes')}).click()
    await expect(page).toHaveURL(/\/fr\/blog\/tags$/)
    await expect(page.locator('main h1')).toHaveText(frenchMessage('blog.allTags', 'Étiquettes'))
    await expect(page.locator('main a.tag', {hasText: label})).toHaveCount(1)
  })
})
