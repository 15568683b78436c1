/**
 * Math, diagrams, responsive images and redirects as readers meet them on the built site (content/):
 * the reconnection delay typeset by KaTeX (MathML there for assistive technology, KaTeX's stylesheet
 * served by the site and only on that page), the Engine.IO session as an SVG drawn at build in the
 * colours of each mode (no diagram library loaded), the load-test chart in several widths, and the
 * old addresses of renamed pages leading to them.
 */
import AxeBuilder from '@axe-core/playwright'
import {expect, test} from '@playwright/test'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()

test.describe('math', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('is typeset with MathML and KaTeX’s stylesheet served by the site, on the page that has math only', async ({page}) => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await open(page, '/docs/v4/client-options/')
    const display = page.locator('.math-display .katex-display')
    await expect(display).toHaveCount(1)
    await expect(display.locator('math[display="block"]')).toHaveCount(1)
    await expect(display.locator('math annotation[encoding="application/x-tex"]')).toContainText('d_n = \\min')
    await expect(page.locator('.math-inline .katex math').first()).toBeAttached()
    // The stylesheet is the site's own: KaTeX's layout applies (its MathML copy is visually hidden) and its fonts load from the site.
    const stylesheet = page.locator('link[rel="stylesheet"][href^="/_katex/"]')
    await expect(stylesheet).toHaveCount(1)
    expect(await display.locator('.katex-mathml').evaluate((node) => getComputedStyle(node).position)).toBe('absolute')
    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded'))).toBe(true)
    expect(requests.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([])

    await open(page, '/docs/v4/rooms/')
    await expect(page.locator('link[href^="/_katex/"]')).toHaveCount(0)
  })
})

test.describe('a Mermaid diagram', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('is an SVG drawn at build, in the light and dark colours of the site, with no diagram script', async ({page}) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.emulateMedia({colorScheme: 'light'})
    await open(page, '/docs/v4/how-it-works/')
    const svg = page.locator('figure.mermaid-diagram svg')
    await expect(svg).toHaveCount(1)
    await expect(svg).toBeVisible()
    for (const label of ['Client', 'Server', '2probe', '5 upgrade']) await expect(svg.locator('text', {hasText: label}).first()).toBeAttached()
    await expect(page.locator('figure.mermaid-diagram figcaption')).toHaveText('An Engine.IO session, from the handshake to the heartbeat')
    const textColour = () =>
      svg
        .locator('text', {hasText: 'Client'})
        .first()
        .evaluate((node) => getComputedStyle(node).fill)
    const lightText = await textColour()
    const pageText = await page.evaluate(() => getComputedStyle(document.body).color)
    expect(lightText).toBe(pageText)

    await page.locator('button.color-mode-toggle').click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    const darkText = await textColour()
    expect(darkText).not.toBe(lightText)
    expect(darkText).toBe(await page.evaluate(() => getComputedStyle(document.body).color))
    // The site's bundles are named <entry>-<content hash>.js: the name is read without the hash, whose letters
    // can spell anything (a bundle hashed …JD33… is no d3).
    const names = scripts.map((url) => new URL(url).pathname.replace(/^.*\//, '').replace(/-[A-Z0-9]{8}\.js$/, '.js'))
    expect(names.filter((name) => /mermaid|elk|d3/i.test(name))).toEqual([])
    expect(names.length).toBeGreaterThan(0)
  })
})

test.describe('a responsive image (ideal-image)', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('has a srcset of widths made at build, sizes, its width and height, and loads lazily', async ({page}) => {
    await page.setViewportSize({width: 390, height: 800})
    await open(page, '/docs/v4/load-testing/')
    const image = page.locator('figure.themed-image img[srcset]')
    await expect(image).toHaveCount(1)
    await expect(image).toHaveAttribute('loading', 'lazy')
    await expect(image).toHaveAttribute('width', '1600')
    await expect(image).toHaveAttribute('height', '800')
    await expect(image).toHaveAttribute('sizes', /100vw/)
    const srcset = (await image.getAttribute('srcset')) ?? ''
    expect(srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '1040w', '1600w'])
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth)).toBeGreaterThan(0)
    // A phone of 390 CSS pixels picks a narrow width, not the 1600-pixel original.
    expect(await image.evaluate((node: HTMLImageElement) => node.currentSrc)).toMatch(/-w(480|1040)q80\.png$/)
    // No layout shift: the box has the image's proportions before it loads.
    const box = await image.boundingBox()
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 10) / 10).toBe(2)
  })
})

test.describe('a redirect from an old address', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('leads to its page without JavaScript, in each locale, with the canonical address of the page', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false})
    const page = await context.newPage()
    for (const [from, to, heading] of [
      ['/docs/v4/internals/', '/docs/v4/how-it-works/', 'How it works'],
      ['/fr/docs/v4/internals', '/fr/docs/v4/how-it-works/', null],
      ['/docs/v4/reconnection', '/docs/v4/client-options/#reconnection', null],
    ] as const) {
      await page.goto(from)
      await page.waitForURL((url) => url.pathname + url.hash === to)
      await expect(page.locator('h1')).toBeVisible()
      if (heading) await expect(page.locator('h1')).toHaveText(heading)
    }
    await context.close()
  })

  test('is a page of its own that names where it leads, for readers and search engines', async ({request}) => {
    const response = await request.get('/docs/v4/how-it-works-internals/', {maxRedirects: 0})
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/docs/v4/how-it-works/">')
    expect(html).toContain('<link rel="canonical" href="https://socket.io/docs/v4/how-it-works/">')
    expect(html).toContain('<meta name="robots" content="noindex">')
  })
})

test.describe('pages with math, a diagram and a responsive image', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const mode of ['light', 'dark'] as const) {
    test(`have no serious accessibility problem in ${mode} mode`, async ({page}) => {
      await page.emulateMedia({colorScheme: mode})
      for (const url of ['/docs/v4/client-options/', '/docs/v4/how-it-works/', '/docs/v4/load-testing/']) {
        await open(page, url)
        const results = await new AxeBuilder({page}).include('main').analyze()
        const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        expect(blocking.map((violation) => `${url} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
      }
    })
  }
})
