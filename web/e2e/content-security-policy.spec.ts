/**
 * The site under its Content-Security-Policy (sent by scripts/src/serve.ts from the export's
 * _site/page-policy.json, as nginx sends it in docker compose): every page kind loads and works with
 * no violation reported, by `securitypolicyviolation` events in any frame or by the console, while
 * a script injected into a page is refused, so the policy is really in force.
 */
import {expect, test, type Page} from '@playwright/test'
import type {RouteKind} from '@site/schemas/routing'
import {open} from './hydrated'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()

/** Each kind of page, in each locale prefix, with what a reader does there that could need more than the policy allows. */
const PAGES: Array<{kind: RouteKind; label: string; url: string; status?: number; use?: (page: Page) => Promise<void>}> = [
  {kind: 'home', label: 'home', url: '/'},
  {kind: 'home', label: 'home in French', url: '/fr/'},
  {kind: 'home', label: 'home in Brazilian Portuguese', url: '/pt-br/'},
  {kind: 'home', label: 'home in Chinese', url: '/zh-CN/'},
  {kind: 'docsHome', label: 'docs index', url: '/docs/v4/'},
  {kind: 'doc', label: 'doc', url: '/docs/v4/rooms/', use: hoverFirstDocLink},
  {kind: 'doc', label: 'doc in French', url: '/fr/docs/v4/rooms/'},
  {kind: 'doc', label: 'doc in Brazilian Portuguese', url: '/pt-br/docs/v4/rooms/'},
  {kind: 'doc', label: 'doc in Chinese', url: '/zh-CN/docs/v4/rooms/'},
  {kind: 'doc', label: 'older docs version', url: '/docs/v3/rooms/'},
  {kind: 'doc', label: 'page with tabs', url: '/docs/v4/server-installation/', use: switchTabs},
  {kind: 'blogList', label: 'blog list', url: '/blog/'},
  {kind: 'blogList', label: 'blog list, page 2', url: '/blog/page/2'},
  {kind: 'blogArchive', label: 'blog archive', url: '/blog/archive'},
  {kind: 'blogTags', label: 'blog tags', url: '/blog/tags'},
  {kind: 'blogTag', label: 'blog tag', url: '/blog/tags/admin-ui'},
  {kind: 'blogAuthors', label: 'blog authors', url: '/blog/authors'},
  {kind: 'blogPost', label: 'blog post', url: '/blog/socket-io-4-8-preview/'},
  {kind: 'blogPost', label: 'blog post in Chinese', url: '/zh-CN/blog/socket-io-4-8-preview/'},
  {kind: 'changelog', label: 'changelog', url: '/docs/v4/changelog/'},
  {kind: 'release', label: 'release', url: '/docs/v4/changelog/4.5.0/'},
  {kind: 'page', label: 'page', url: '/get-started/chat/'},
  {kind: 'page', label: 'page with an embed', url: '/demos/whiteboard/', use: loadEmbeds},
  {kind: 'search', label: 'search page, typing a query', url: '/search', use: typeOnSearchPage},
  {
    kind: 'search',
    label: 'search page with a query, in French',
    url: '/fr/search?q=salles',
    use: async (page) => void (await expect(page.locator('.search-page-group li').first()).toBeVisible()),
  },
  {kind: 'docsTags', label: 'docs tags', url: '/docs/v4/tags/'},
  {kind: 'docsTag', label: 'docs tag, in French', url: '/fr/docs/v4/tags/broadcasting/'},
  {kind: 'notFound', label: 'not found', url: '/no-such-page/', status: 404},
  {kind: 'notFound', label: 'not found in French', url: '/fr/no-such-page/', status: 404},
  {kind: 'doc', label: 'search modal', url: '/docs/v4/rooms/', use: searchInModal},
]

/**
 * Every kind of route of @site/schemas/routing: true when PAGES opens one, or why this site has
 * none. A new kind of route does not compile until it is listed here.
 */
const KINDS: Record<RouteKind, true | string> = {
  home: true,
  docsHome: true,
  doc: true,
  changelog: true,
  release: true,
  blogList: true,
  blogArchive: true,
  blogTags: true,
  blogTag: true,
  blogAuthors: true,
  blogAuthor: 'no author of content/blog/authors.yml has a page of their own (page: true), so the export has no author page',
  blogPost: true,
  page: true,
  search: true,
  notFound: true,
  docsTags: true,
  docsTag: true,
}

interface Violation {
  directive: string
  blocked: string
  frame: string
}

/** Records every violation of every frame, from before the page's own scripts run. */
async function watchViolations(page: Page): Promise<{violations: () => Promise<Violation[]>; consoleErrors: string[]}> {
  await page.addInitScript(() => {
    const seen: Array<{directive: string; blocked: string; frame: string}> = []
    Object.defineProperty(window, '__cspViolations', {value: seen})
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({directive: event.effectiveDirective, blocked: event.blockedURI || '(inline)', frame: location.pathname}),
    )
  })
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`))
  const violations = async () => {
    const all: Violation[] = []
    for (const frame of page.frames()) {
      all.push(...(await frame.evaluate(() => (window as unknown as {__cspViolations?: Violation[]}).__cspViolations ?? []).catch(() => [])))
    }
    return all
  }
  return {violations, consoleErrors}
}

async function hoverFirstDocLink(page: Page): Promise<void> {
  // Pointing at a link makes the browser prefetch it, through the speculation rules the page script adds.
  const prefetched = page
    .waitForRequest((request) => request.url().includes('/docs/v4/') && request.resourceType() !== 'document', {timeout: 5000})
    .catch(() => null)
  await page.locator('nav.docs-sidebar a[href^="/docs/v4/"]').nth(2).hover()
  expect(await prefetched, 'the page a link leads to is prefetched when pointed at').not.toBeNull()
  await expect(page.locator('head script[type="speculationrules"]')).toHaveCount(1)
}

async function loadEmbeds(page: Page): Promise<void> {
  const box = page.locator('.lazy-embed').first()
  await box.scrollIntoViewIfNeeded()
  const frame = box.locator('iframe')
  await expect(frame).toHaveCount(1)
  await expect(frame).not.toHaveClass(/lazy-embed-pending/)
  // The demo's own script and stylesheet work in its frame: picking a pen colour marks it.
  const demo = page.frameLocator('.lazy-embed iframe').first()
  const red = demo.getByRole('button', {name: 'Red'})
  await red.click()
  await expect(red).toHaveAttribute('aria-pressed', 'true')
  await expect(demo.locator('header')).toHaveCSS('display', 'flex')
}

async function switchTabs(page: Page): Promise<void> {
  const tabs = page.getByRole('tablist').first().getByRole('tab')
  await expect(tabs.nth(1)).toBeVisible()
  await tabs.nth(1).click()
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
}

async function typeOnSearchPage(page: Page): Promise<void> {
  const box = page.getByRole('searchbox')
  await box.fill('rooms')
  await expect(page).toHaveURL(/\/search\?q=rooms$/)
  await expect(page.locator('.search-count')).toBeVisible()
  await expect(page.locator('.search-page-group li').first()).toBeVisible()
}

async function searchInModal(page: Page): Promise<void> {
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox').fill('rooms')
  await expect(dialog.getByRole('option').first()).toBeVisible()
}

test.describe('Content-Security-Policy', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('opens a page of every kind of route the site has', () => {
    const opened = new Set(PAGES.map((entry) => entry.kind))
    for (const [kind, covered] of Object.entries(KINDS)) {
      if (covered === true) expect(opened.has(kind as RouteKind), kind).toBe(true)
      else console.log(`[content-security-policy] no ${kind} page to open: ${covered}`)
    }
    // Each locale prefix of the site is opened too.
    for (const prefix of ['/fr/', '/pt-br/', '/zh-CN/'])
      expect(
        PAGES.some((entry) => entry.url.startsWith(prefix)),
        prefix,
      ).toBe(true)
  })

  for (const {label, url, status, use} of PAGES) {
    test(`${label} (${url}) works with no violation`, async ({page}) => {
      const {violations, consoleErrors} = await watchViolations(page)
      const response = await open(page, url)
      expect(response?.status()).toBe(status ?? 200)
      const policy = response?.headers()['content-security-policy'] ?? ''
      expect(policy).toMatch(/script-src 'self' 'sha256-/)
      expect(policy).toContain("object-src 'none'")
      // The colour-mode script of <head> ran (allowed by its hash).
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/)
      if (use) await use(page)
      await page.waitForLoadState('networkidle')
      expect(await violations()).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  }

  test('refuses a script injected into a page, an inline handler and an image from elsewhere', async ({page}) => {
    const {violations} = await watchViolations(page)
    await open(page, '/docs/v4/rooms/')
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      const image = document.createElement('img')
      image.setAttribute('onerror', 'window.__handler = true')
      image.src = 'https://images.example.com/pixel.png'
      document.body.append(image)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const flags = window as unknown as {__injected?: boolean; __handler?: boolean}
      return {injected: flags.__injected === true, handler: flags.__handler === true}
    })
    expect(ran).toEqual({injected: false, handler: false})
    await expect
      .poll(async () => (await violations()).map((violation) => violation.directive).sort())
      .toEqual(['img-src', 'script-src-attr', 'script-src-elem'])
  })
})
