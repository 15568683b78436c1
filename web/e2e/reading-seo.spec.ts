/**
 * What search engines and feed readers get from the export: title, description, canonical URL and
 * hreflang alternates on pages, sitemap.xml, robots.txt and each locale's RSS and Atom feeds.
 */
import {expect, test} from '@playwright/test'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()
const SITE = 'https://socket.io'

test.describe('SEO basics', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const path of ['/fr/', '/fr/docs/v4/rooms/', '/fr/blog', '/fr/blog/archive', '/docs/v3/', '/zh-CN/search', '/pt-br/get-started/']) {
    test(`${path} has a title, a description, a canonical URL and alternates in the four locales`, async ({page}) => {
      await page.goto(path)
      expect((await page.title()).length).toBeGreaterThan(3)
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}${path}`)
      const alternates = page.locator('link[rel="alternate"][hreflang]')
      const languages = await alternates.evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`))
      const unprefixed = path.replace(/^\/(fr|pt-br|zh-CN)\//, '/')
      expect(languages).toEqual(expect.arrayContaining([`en-US ${SITE}${unprefixed}`, `x-default ${SITE}${unprefixed}`]))
      expect(languages.filter((entry) => !entry.startsWith('x-default')).map((entry) => entry.split(' ')[0])).toHaveLength(4)
      expect(languages.some((entry) => entry.startsWith('fr') && entry.endsWith(`${SITE}/fr${unprefixed}`))).toBe(true)
    })
  }

  test('the not-found page names no canonical page', async ({page}) => {
    await page.goto('/fr/no-such-page')
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
  })

  test('sitemap.xml lists the pages of every locale and robots.txt points to it', async ({request}) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of ['/', '/fr/', '/fr/docs/v4/rooms/', '/zh-CN/blog', '/pt-br/docs/v3/']) expect(sitemap).toContain(`<loc>${SITE}${path}</loc>`)
    expect(sitemap).not.toContain('__not-found')
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  test('each locale has RSS and Atom feeds of its blog, linked from its pages', async ({page, request}) => {
    await page.goto('/fr/blog')
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${SITE}/fr/blog/rss.xml`)
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `${SITE}/fr/blog/atom.xml`)
    const firstPost = await page.locator('article.blog-preview h2 a').first().getAttribute('href')
    const rss = await (await request.get('/fr/blog/rss.xml')).text()
    expect(rss).toMatch(/^<\?xml/)
    expect(rss).toContain('<language>fr')
    expect(rss).toContain(`<link>${SITE}${firstPost}</link>`)
    const atom = await (await request.get('/fr/blog/atom.xml')).text()
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom"')
    expect(atom).toContain(`<link href="${SITE}${firstPost}"/>`)
    for (const path of ['/blog/rss.xml', '/pt-br/blog/atom.xml', '/zh-CN/blog/rss.xml']) expect((await request.get(path)).status()).toBe(200)
  })
})
