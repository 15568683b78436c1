/**
 * A migrated site keeps its look: the kitchen-sink fixture's brand colours (its custom.css, imported
 * into the theme document) painted on links, buttons, the navbar and the footer in light and dark mode,
 * through the page's one <style> that the Content-Security-Policy allows by hash; and its navbar link
 * without a label shows the icon its class draws, with the accessible name of its aria-label.
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {expect, type Page, test} from '@playwright/test'
import {parseColour} from '@site/schemas/theme'
import {chromiumMissingReason} from '@site/test-support/chromium'
import {THEMED_DATASET} from './settings'

const skipReason = chromiumMissingReason()

interface ThemeDocument {
  light: Record<string, string>
  dark: Record<string, string>
}

function themeOfDataset(): ThemeDocument {
  const documents = readFileSync(join(THEMED_DATASET, 'data.ndjson'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as {_type: string})
  const theme = documents.find((document) => document._type === 'theme')
  if (!theme) throw new Error(`${THEMED_DATASET}/data.ndjson has no theme document: the kitchen-sink's custom.css was not imported`)
  return theme as unknown as ThemeDocument
}

/** A colour as Chromium computes it (`rgb(46, 111, 219)`), for comparing with the theme's CSS values. */
function rgb(value: string): string {
  const colour = parseColour(value)
  if (!colour) throw new Error(`not a colour: ${value}`)
  const channels = [colour.r, colour.g, colour.b].map((channel) => Math.round(channel))
  return colour.a < 1 ? `rgba(${channels.join(', ')}, ${colour.a})` : `rgb(${channels.join(', ')})`
}

async function computed(page: Page, selector: string, property: string, pseudo?: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, [name, where]) => getComputedStyle(element, where ?? null).getPropertyValue(name), [property, pseudo] as const)
}

/** Problems the browser reported: a blocked <style> or stylesheet shows as a console error. */
function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test.describe('the theme of an imported site', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const mode of ['light', 'dark'] as const) {
    test(`paints links, the primary button, the navbar and the footer in the site's ${mode} colours`, async ({page}) => {
      const theme = themeOfDataset()
      const palette = theme[mode]
      const errors = watchConsole(page)
      await page.emulateMedia({colorScheme: mode})
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode)
      // The home page's first call to action is the primary button; a doc's text has links.
      expect(await computed(page, '.home-hero .button-primary', 'background-color')).toBe(rgb(palette.primary ?? ''))
      expect(await computed(page, '.home-hero .button-primary', 'color')).toBe(rgb(palette.onPrimary ?? ''))
      expect(await computed(page, 'footer.footer', 'background-color')).toBe(rgb(palette.footerBackground ?? ''))
      expect(await computed(page, 'footer.footer a', 'color')).toBe(rgb(palette.footerLink ?? ''))
      expect(await computed(page, 'header.navbar', 'background-color')).toBe(rgb(palette.navbarBackground ?? palette.surface ?? ''))
      expect(await computed(page, 'body', 'background-color')).toBe(rgb(palette.background ?? ''))
      await page.goto('/docs/')
      expect(await computed(page, '.doc-article :is(p, li) > a[href]', 'color')).toBe(rgb(palette.link ?? palette.primary ?? ''))
      // Headings in the site's serif.
      expect(await computed(page, '.doc-article h1', 'font-family')).toMatch(/^Georgia/)
      expect(errors.filter((text) => /Content Security Policy|Refused to apply/i.test(text))).toEqual([])
    })
  }

  test('the two modes differ where the site’s CSS makes them differ', () => {
    const theme = themeOfDataset()
    // Without that, the test above could not tell the dark palette from the light one.
    expect(theme.dark.primary).not.toBe(theme.light.primary)
    expect(theme.dark.background).not.toBe(theme.light.background)
  })

  test('shows the icon the navbar link’s class draws, and names the link by its aria-label', async ({page}) => {
    const errors = watchConsole(page)
    await page.goto('/')
    const link = page.getByRole('link', {name: 'Relay source code'})
    await expect(link).toBeVisible()
    // The class's icon: a mask of the site's SVG over the link's colour, 24px square; none of this site's own icons inside.
    expect(await link.evaluate((element) => getComputedStyle(element, '::before').getPropertyValue('mask-image'))).toMatch(/^url\("data:image\/svg\+xml,/)
    expect(await link.evaluate((element) => getComputedStyle(element, '::before').getPropertyValue('width'))).toBe('24px')
    await expect(link.locator('svg')).toHaveCount(0)
    const box = await link.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(24)
    expect(box?.height).toBeGreaterThanOrEqual(24)
    // The icon is painted: without the class (its ::before gone) the link looks different; a mask image the
    // policy blocked would paint nothing, and the two would be the same.
    await page.mouse.move(0, 0)
    const drawn = await link.screenshot()
    await link.evaluate((element) => element.classList.remove('header-code-host-link'))
    expect(Buffer.compare(drawn, await link.screenshot())).not.toBe(0)
    await link.evaluate((element) => element.classList.add('header-code-host-link'))
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([])
    // Its hover rule came too.
    await link.hover()
    await expect.poll(() => link.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.6')
  })

  test('keeps the theme’s <style> allowed by the page policy and nothing else inline', async ({page, request}) => {
    const response = await request.get('/')
    const policy = response.headers()['content-security-policy'] ?? ''
    const style = /<style id="site-theme">([\s\S]*?)<\/style>/.exec(await response.text())?.[1]
    expect(style, 'the page carries the theme').toBeTruthy()
    const hash = /style-src-elem ([^;]*)/.exec(policy)?.[1] ?? ''
    expect(hash).toMatch(/'sha256-[A-Za-z0-9+/=]+'/)
    // Under the same policy in the browser, the theme applies: the link colour is not the site's own (tokens.css).
    await page.goto('/')
    expect(await computed(page, 'html', '--color-primary')).toBe(themeOfDataset().light.primary)
  })
})
