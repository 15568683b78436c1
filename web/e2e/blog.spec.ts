/** The French blog list: ten posts a page and a pagination link to the rest. */
import {expect, test, type Page} from '@playwright/test'
import {blogAuthors, blogPostCount, blogPostCountBy, englishMessage, frenchMessage} from './content'
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

test.describe('tag descriptions of tags.yml', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('a tag with a description shows it under its heading, in the reader’s language', async ({page}) => {
    await page.goto('/fr/blog/tags/release')
    await expect(page.locator('main .tag-description')).toHaveText(
      'Les nouvelles versions majeures et mineures du serveur et des clients, ce qui change et comment mettre à jour.',
    )
    await page.goto('/blog/tags/release')
    await expect(page.locator('main .tag-description')).toHaveText(
      'Announcements of new major and minor versions of the server and the clients, with what changed and how to upgrade.',
    )
    // A tag that tags.yml does not list has none.
    await page.goto('/blog/tags/aws')
    await expect(page.locator('main h1')).toBeVisible()
    await expect(page.locator('main .tag-description')).toHaveCount(0)
  })
})

test.describe('blog authors, as Docusaurus 3 lists them', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('the authors page lists every author of authors.yml with their role and number of posts, in the blog’s frame', async ({page}) => {
    const authors = blogAuthors('fr')
    expect(authors.length, 'content/blog/authors.yml has authors').toBeGreaterThan(0)
    const response = await page.goto('/fr/blog/authors')
    expect(response?.status()).toBe(200)
    await expect(page.locator('main h1')).toHaveText(frenchMessage('blog.authors', 'Auteurs'))
    // The blog's sidebar of recent posts is there, as on the list pages.
    await expect(page.getByRole('navigation', {name: frenchMessage('blog.recentPosts', 'Articles récents')})).toBeAttached()
    const cards = page.locator('main .author-card')
    await expect(cards).toHaveCount(authors.length)
    for (const [index, author] of authors.entries()) {
      const card = cards.nth(index)
      await expect(card.locator('h2')).toContainText(author.name)
      await expect(card.locator('.author-post-count')).toContainText(new RegExp(`^${blogPostCountBy(author.key)}\\D`))
      if (author.title) await expect(card.locator('.author-title')).toHaveText(author.title)
      // Without a page, the name leads to the author's own address.
      if (!author.page && author.url) await expect(card.getByRole('link', {name: author.name})).toHaveAttribute('href', author.url)
    }
  })

  test('an author’s name on a post leads where Docusaurus leads it: their page, else their address', async ({page}) => {
    const authors = new Map(blogAuthors('fr').map((author) => [author.name, author]))
    await page.goto('/fr/blog')
    const names = postsOf(page).first().locator('.post-authors a')
    await expect(names.first()).toBeVisible()
    for (const link of await names.all()) {
      const author = authors.get((await link.innerText()).trim())
      expect(author, 'the name is one of authors.yml').toBeDefined()
      if (author?.page) await expect(link).toHaveAttribute('href', new RegExp(`^/fr/blog/authors/`))
      else if (author?.url) await expect(link).toHaveAttribute('href', author.url)
    }
  })
})
