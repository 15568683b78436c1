/**
 * The French blog in Chromium: reading time with French plural rules, the sidebar of the 10 latest
 * posts, localized pagination labels and the archive grouped by year.
 */
import {expect, test} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()

test.describe('French blog reading', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('shows each post’s reading time with the French plural forms', async ({page}) => {
    await open(page, '/fr/blog')
    const [one = '', many = ''] = frenchMessage('blog.readingTime', 'Une minute de lecture|{count} minutes de lecture').split('|')
    const metas = await page.locator('.post-meta').allInnerTexts()
    expect(metas.length).toBe(10)
    const manyPattern = new RegExp(many.replace('{count}', '(\\d+)'))
    for (const meta of metas) {
      const count = manyPattern.exec(meta)?.[1]
      if (count !== undefined) expect(Number(count), meta).toBeGreaterThan(1)
      else expect(meta).toContain(one)
    }
  })

  test('a post has a sidebar of the 10 latest posts, itself marked when it is one of them', async ({page}) => {
    await open(page, '/fr/blog')
    const latest = await page.locator('article.blog-preview h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    await open(page, latest[1] ?? '/fr/blog')
    const sidebar = page.getByRole('navigation', {name: frenchMessage('blog.recentPosts', 'Articles récents')})
    const links = sidebar.getByRole('link')
    await expect(links).toHaveCount(10)
    expect(await links.evaluateAll((items) => items.map((link) => link.getAttribute('href')))).toEqual(latest)
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', latest[1] ?? '')
  })

  test('every list page of the blog has the recent posts beside the list, as Docusaurus shows them; the archive has none', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800})
    await open(page, '/fr/blog')
    const latest = await page.locator('article.blog-preview h2 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    await open(page, '/fr/blog/tags')
    const tagHref = await page.locator('main .tag-list a').first().getAttribute('href')
    expect(tagHref).toMatch(/^\/fr\/blog\/tags\/./)
    for (const path of ['/fr/blog', '/fr/blog/page/2', '/fr/blog/tags', tagHref ?? '', '/fr/blog/authors']) {
      await open(page, path)
      const sidebar = page.getByRole('navigation', {name: frenchMessage('blog.recentPosts', 'Articles récents')})
      await expect(sidebar, path).toBeVisible()
      expect(await sidebar.getByRole('link').evaluateAll((items) => items.map((link) => link.getAttribute('href'))), path).toEqual(latest)
      // Beside the list, not above it.
      const sidebarBox = await sidebar.boundingBox()
      const mainBox = await page.locator('main').boundingBox()
      expect(sidebarBox && mainBox && sidebarBox.x + sidebarBox.width <= mainBox.x, path).toBe(true)
    }
    await open(page, '/fr/blog/archive')
    await expect(page.getByRole('navigation', {name: frenchMessage('blog.recentPosts', 'Articles récents')})).toHaveCount(0)
  })

  test('the list pagination is labelled in French on every page', async ({page}) => {
    await open(page, '/fr/blog/page/2')
    const pager = page.getByRole('navigation', {name: frenchMessage('blog.listPagination', 'Navigation dans la liste des articles du blog')})
    await expect(pager.getByRole('link', {name: frenchMessage('blog.newerEntries', 'Articles plus récents')})).toHaveAttribute('href', '/fr/blog')
    await expect(pager.getByRole('link', {name: frenchMessage('blog.olderEntries', 'Articles plus anciens')})).toHaveAttribute('href', '/fr/blog/page/3')
  })

  test('the archive groups every post under its year, newest year first', async ({page}) => {
    await open(page, '/fr/blog/archive')
    // The years are h3s, as Docusaurus's, under a heading screen readers read.
    await expect(page.getByRole('heading', {level: 2, name: frenchMessage('blog.archiveYears', 'Articles par année')})).toBeAttached()
    const years = (await page.locator('.archive-year > h3').allInnerTexts()).map(Number)
    expect(years.length).toBeGreaterThan(3)
    expect([...years].sort((a, b) => b - a)).toEqual(years)
    for (const section of await page.locator('.archive-year').all()) {
      const year = (await section.locator('h3').innerText()).trim()
      // Docusaurus's archive links a year as #2024: the heading keeps that anchor.
      await expect(section.locator('h3')).toHaveAttribute('id', year)
      const dates = await section.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
      expect(dates.length).toBeGreaterThan(0)
      for (const date of dates) expect(date.startsWith(year)).toBe(true)
    }
  })
})
