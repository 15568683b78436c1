/**
 * Moving between pages and the page states, in Chromium: scroll position after navigation, the
 * progress bar after 200 ms, connection-aware prefetching, the loader and retry of what loads on
 * demand, the crash fallback, the French not-found texts and the base-URL banner.
 */
import {expect, test, type Page} from '@playwright/test'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()

test.describe('navigation', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('a new page starts at the top, or at the heading its hash names', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.locator('a.pagination-next').click()
    await page.waitForURL((url) => url.pathname !== '/fr/docs/v4/rooms/')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await open(page, '/fr/')
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = '/fr/docs/v4/rooms/#avec-plusieurs-serveurs'
      link.id = 'test-hash-link'
      link.textContent = 'hash link'
      document.querySelector('main')?.prepend(link)
    })
    await page.locator('#test-hash-link').click()
    await page.waitForURL(/#avec-plusieurs-serveurs$/)
    await expect(page.locator('[id="avec-plusieurs-serveurs"]')).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('the progress bar appears only once a navigation has taken 200 ms', async ({page}) => {
    // Playwright's routing cannot delay the browser's own speculative prefetch, which a navigation then
    // joins: this page runs without speculation rules (the page script's fallback, a hint per link), so
    // that the route below is what makes the navigation slow.
    await page.addInitScript(() => Object.defineProperty(HTMLScriptElement, 'supports', {value: () => false, configurable: true}))
    // The leaving page records when, after the click, the bar showed; the record survives in sessionStorage.
    await page.addInitScript(() => {
      let clickedAt = 0
      document.addEventListener(
        'click',
        () => {
          clickedAt = performance.now()
        },
        true,
      )
      // documentElement does not exist yet when init scripts run: watch the whole document.
      new MutationObserver(() => {
        const bar = document.querySelector('.nav-progress')
        if (document.documentElement.dataset.navigating === 'true' && bar) {
          sessionStorage.setItem('progress-shown', JSON.stringify({after: performance.now() - clickedAt, opacity: getComputedStyle(bar).opacity}))
        }
      }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-navigating']})
      // How long the leaving page stayed after the click: a navigation that left sooner than 200 ms is a fast one.
      addEventListener('pagehide', () => {
        if (clickedAt) sessionStorage.setItem('left-after', String(performance.now() - clickedAt))
      })
    })
    const shown = () => page.evaluate(() => sessionStorage.getItem('progress-shown'))

    await open(page, '/fr/docs/v4/rooms/')
    await page.locator('nav.docs-sidebar a[href="/fr/docs/v4/namespaces/"]').click()
    await page.waitForURL(/\/fr\/docs\/v4\/namespaces\/$/)
    // A loaded machine can make even this navigation take 200 ms: then the bar may show, but never sooner.
    const leftAfter = Number(await page.evaluate(() => sessionStorage.getItem('left-after')))
    const early = JSON.parse((await shown()) ?? 'null') as {after: number} | null
    if (leftAfter < 195) expect(early, `a fast navigation (${Math.round(leftAfter)} ms) shows no progress bar`).toBeNull()
    else if (early) expect(early.after, 'the bar of a navigation that took 200 ms').toBeGreaterThanOrEqual(195)
    await page.evaluate(() => sessionStorage.removeItem('progress-shown'))
    await page.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})

    await page.route('**/fr/docs/v4/middlewares/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await page.locator('nav.docs-sidebar a[href="/fr/docs/v4/middlewares/"]').click()
    await page.waitForURL(/\/fr\/docs\/v4\/middlewares\/$/)
    const record = JSON.parse((await shown()) ?? 'null') as {after: number; opacity: string} | null
    expect(record, 'a slow navigation shows the progress bar').not.toBeNull()
    expect(record?.after).toBeGreaterThanOrEqual(195)
    expect(record?.after).toBeLessThan(900)
    expect(record?.opacity).toBe('1')
    await expect(page.locator('html')).not.toHaveAttribute('data-navigating', 'true')
  })

  /** How many times the page the link leads to was fetched ahead of a click (speculation rules prefetch on a short hover). */
  async function hoverAndCountPrefetch(page: Page): Promise<number> {
    await open(page, '/fr/docs/v4/rooms/')
    const next = page.locator('a.pagination-next')
    const target = new URL((await next.getAttribute('href')) ?? '', page.url()).href
    const prefetches: string[] = []
    page.on('request', (request) => {
      if (request.url() === target && !request.isNavigationRequest()) prefetches.push(request.url())
    })
    await next.hover()
    await page.waitForTimeout(1000)
    return prefetches.length
  }

  test('pointing at a link prefetches its page, except on 2g and save-data connections', async ({page, browser}) => {
    expect(await hoverAndCountPrefetch(page)).toBe(1)
    // Through the browser's speculation rules, allowed by the page policy's hash: no hint elements of our own.
    await expect(page.locator('head script[type="speculationrules"]')).toHaveCount(1)
    for (const connection of [
      {saveData: true, effectiveType: '4g'},
      {saveData: false, effectiveType: '2g'},
      {saveData: false, effectiveType: 'slow-2g'},
    ]) {
      const context = await browser.newContext()
      const slow = await context.newPage()
      await slow.addInitScript((value) => Object.defineProperty(navigator, 'connection', {value, configurable: true}), connection)
      expect(await hoverAndCountPrefetch(slow), JSON.stringify(connection)).toBe(0)
      await context.close()
    }
  })
})

test.describe('page states', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('an embed loaded on demand shows the loader after 200 ms, then the frame', async ({page}) => {
    await page.route('**/embeds/chat.html', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    await open(page, '/fr/demos/chat')
    const loader = page.locator('.lazy-embed .loader[role="status"]')
    await expect(loader).toBeVisible()
    await expect(loader).toHaveText(frenchMessage('common.loading', 'Chargement…'))
    const durations = await loader.locator('svg, circle').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).animationDuration))
    expect(durations).toContain('3s')
    expect(durations).toContain('1.5s')
    await expect(page.locator('.lazy-embed iframe')).toBeVisible({timeout: 10_000})
    await expect(loader).toHaveCount(0)
  })

  test('a failed load shows the error with “Réessayer”, which loads it again', async ({page}) => {
    await page.route('**/embeds/chat.html', (route) => route.abort('connectionrefused'))
    await open(page, '/fr/demos/chat')
    const error = page.locator('.lazy-embed .load-error[role="alert"]')
    await expect(error).toContainText(frenchMessage('common.loadError', 'Cette partie de la page n’a pas pu être chargée.'))
    await page.unroute('**/embeds/chat.html')
    await error.getByRole('button', {name: frenchMessage('common.retry', 'Réessayer')}).click()
    await expect(page.locator('.lazy-embed iframe')).toBeVisible({timeout: 10_000})
  })

  test('a crash shows “Cette page a planté.” with the chain of error messages, and “Réessayer” renders the page again', async ({page}) => {
    // The first colour-scheme query made after the page has loaded throws an error with a cause.
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window)
      let thrown = false
      window.matchMedia = (query: string) => {
        if (!thrown && document.readyState !== 'loading' && query.includes('prefers-color-scheme')) {
          thrown = true
          throw new Error('Test outer failure', {cause: new Error('Test inner cause')})
        }
        return original(query)
      }
    })
    page.on('pageerror', () => {})
    await page.goto('/fr/docs/v4/rooms/')
    await expect(page.getByRole('heading', {level: 1})).toHaveText(frenchMessage('error.crashed', 'Cette page a planté.'))
    const chain = page.locator('.error-chain li')
    await expect(chain).toHaveCount(2)
    await expect(chain.nth(0)).toContainText('Test outer failure')
    await expect(chain.nth(1)).toContainText('Test inner cause')
    await page.getByRole('button', {name: frenchMessage('error.tryAgain', 'Réessayer')}).click()
    await expect(page.locator('article h1')).toBeVisible()
    await expect(page.locator('header.navbar')).toBeVisible()
  })

  test('the French not-found page tells the reader the content was not found and to report the broken link', async ({page}) => {
    const response = await open(page, '/fr/docs/v4/no-such-doc/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', {level: 1})).toHaveText(frenchMessage('notFound.title', 'Page introuvable'))
    await expect(page.locator('main')).toContainText(frenchMessage('notFound.p1', ''))
    await expect(page.locator('main')).toContainText(frenchMessage('notFound.p2', ''))
  })

  test('the base-URL banner shows on the home page only when the site is served from another address', async ({page}) => {
    await page.goto('/fr/')
    await expect(page.locator('#base-url-banner')).toBeHidden()
    const html = await (await page.request.get('/fr/')).text()
    await page.route('**/mirror/site/', (route) => route.fulfill({body: html, contentType: 'text/html'}))
    await page.goto('/mirror/site/')
    const banner = page.locator('#base-url-banner')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('/fr/')
    // Other pages have no such banner.
    await page.goto('/fr/blog')
    await expect(page.locator('#base-url-banner')).toHaveCount(0)
  })
})
