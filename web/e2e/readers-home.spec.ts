/**
 * The home page in Chromium, as a reader sees it on a desktop (1280×800) and a phone (390×844), in
 * light and dark mode: the hero with the site's logo, features without orphans, code examples that
 * can be read whole, the latest posts as cards and the sponsors' logos. Expectations come from the
 * home page documents of the dataset the site was built from.
 */
import {expect, test, type Locator, type Page} from '@playwright/test'
import {homeSection} from './dataset'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const DESKTOP = {width: 1280, height: 800}
const PHONE = {width: 390, height: 844}

/** Rows of boxes (same top), each as [left, right] edges, top to bottom. */
async function rows(items: Locator): Promise<Array<Array<{left: number; right: number}>>> {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map((box) => ({top: Math.round(box.top), left: box.left, right: box.right})),
  )
  const byTop = new Map<number, Array<{left: number; right: number}>>()
  for (const box of boxes) byTop.set(box.top, [...(byTop.get(box.top) ?? []), {left: box.left, right: box.right}])
  return [...byTop.entries()].sort(([a], [b]) => a - b).map(([, row]) => row.sort((a, b) => a.left - b.left))
}

/** A mouse click in the middle of an element, landing on whatever is on top there (a card's link covers the card). */
async function clickOn(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded()
  const box = await element.boundingBox()
  if (!box) throw new Error('nothing to click')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

test.describe('home page', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const scheme of ['light', 'dark'] as const) {
    test(`the hero shows the site’s logo for ${scheme} mode, the title, the tagline and the calls to action`, async ({page}) => {
      const hero = homeSection('fr', 'homeHero')
      await page.emulateMedia({colorScheme: scheme})
      await page.setViewportSize(DESKTOP)
      await open(page, '/fr/')
      const section = page.locator('.home-hero')
      const logo = section.locator('img.home-logo:visible')
      await expect(logo).toHaveCount(1)
      await expect(logo).toHaveClass(new RegExp(`themed-logo-${scheme}`))
      expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
      const title = section.getByRole('heading', {level: 1})
      await expect(title).toHaveText(hero.title ?? '')
      await expect(section.locator('.home-tagline')).toHaveText(hero.tagline ?? '')
      const actions = section.locator('.home-actions a')
      await expect(actions).toHaveText((hero.actions ?? []).map((action) => action.label))
      await expect(actions.first()).toHaveAttribute('href', `/fr${hero.actions?.[0]?.href}`)
      await expect(actions.first()).toHaveClass(/button-primary/)
      // Desktop: the logo beside the text; phone: above it, everything centred and inside the screen.
      const logoBox = await logo.boundingBox()
      const titleBox = await title.boundingBox()
      expect(logoBox && titleBox && logoBox.x + logoBox.width < titleBox.x).toBe(true)
      await page.setViewportSize(PHONE)
      const phoneLogo = await logo.boundingBox()
      const phoneTitle = await title.boundingBox()
      expect(phoneLogo && phoneTitle && phoneLogo.y + phoneLogo.height <= phoneTitle.y).toBe(true)
      for (const action of await actions.all()) {
        const box = await action.boundingBox()
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true)
      }
      await noHorizontalScroll(page)
    })
  }

  test('features fill every row of their grid at every width: no card is left alone on a row', async ({page}) => {
    const features = homeSection('fr', 'homeFeatures')
    await open(page, '/fr/')
    const cards = page.locator('.home-features .card-grid > li')
    await expect(cards).toHaveCount(features.items?.length ?? 0)
    const grid = page.locator('.home-features .card-grid')
    for (const width of [1440, 1280, 1000, 996, 800, 640, 600, 390, 320]) {
      await page.setViewportSize({width, height: 900})
      const gridBox = await grid.boundingBox()
      if (!gridBox) throw new Error('no feature grid')
      const layout = await rows(cards)
      const columns = Math.max(...layout.map((row) => row.length))
      for (const [index, row] of layout.entries()) {
        // Each row spans the grid from edge to edge: a short last row has wider cards, never a gap.
        expect({width, row: index, left: Math.round(row[0]?.left ?? -1)}).toEqual({width, row: index, left: Math.round(gridBox.x)})
        expect({width, row: index, right: Math.round(row.at(-1)?.right ?? -1)}).toEqual({width, row: index, right: Math.round(gridBox.x + gridBox.width)})
        if (columns > 1) expect({width, row: index, alone: row.length === 1}).toEqual({width, row: index, alone: false})
      }
      expect({width, columns}).toEqual({width, columns: width >= 997 ? 3 : width >= 640 ? 2 : 1})
    }
  })

  test('a feature card is one link, its title in the text colour, not an underlined link', async ({page}) => {
    const first = homeSection('fr', 'homeFeatures').items?.find((item) => item.href)
    if (!first?.href) throw new Error('no feature with a link')
    await open(page, '/fr/')
    const card = page.locator('.home-features .card').filter({hasText: first.title}).first()
    const link = card.getByRole('link', {name: first.title})
    expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('none')
    expect(await link.evaluate((element) => getComputedStyle(element).color)).toBe(await page.evaluate(() => getComputedStyle(document.body).color))
    // A click anywhere on the card, here on its text, follows the link.
    await clickOn(page, card.locator('.card-text'))
    await expect(page).toHaveURL(new RegExp(`/fr${first.href.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}$`))
  })

  test('the code examples can be read whole at every width: side by side when they fit, else stacked and scrolling with a visible cue', async ({page}) => {
    const code = homeSection('fr', 'homeCode')
    await open(page, '/fr/')
    const blocks = page.locator('.home-code .code-block')
    await expect(blocks).toHaveCount(code.examples?.length ?? 0)
    for (const viewport of [{width: 1440, height: 900}, DESKTOP, {width: 1000, height: 800}, PHONE, {width: 320, height: 640}]) {
      await page.setViewportSize(viewport)
      await noHorizontalScroll(page)
      const layout = await rows(blocks)
      if (viewport.width >= 1360) expect({viewport, side: layout[0]?.length}).toEqual({viewport, side: 2})
      else expect({viewport, stacked: layout.every((row) => row.length === 1)}).toEqual({viewport, stacked: true})
      for (const pre of await page.locator('.home-code .code-block pre').all()) {
        const fits = await pre.evaluate((element) => element.scrollWidth <= element.clientWidth)
        if (fits) continue
        // Too wide: it scrolls, a shadow marks the side where code is hidden, and scrolling reveals the end of every line.
        const style = await pre.evaluate((element) => {
          const computed = getComputedStyle(element)
          return {overflowX: computed.overflowX, attachment: computed.backgroundAttachment, image: computed.backgroundImage}
        })
        expect({viewport, overflowX: style.overflowX}).toEqual({viewport, overflowX: 'auto'})
        expect(style.attachment).toBe('local, local, scroll, scroll')
        expect(style.image.match(/linear-gradient/g)?.length).toBe(4)
        await pre.evaluate((element) => element.scrollTo({left: element.scrollWidth}))
        const clipped = await pre.evaluate((element) => {
          const right = element.getBoundingClientRect().right
          return [...element.querySelectorAll('.line')].some((line) => {
            const range = document.createRange()
            range.selectNodeContents(line)
            return range.getBoundingClientRect().right > right + 1
          })
        })
        expect({viewport, clipped}).toEqual({viewport, clipped: false})
        await pre.evaluate((element) => element.scrollTo({left: 0}))
      }
    }
  })

  test('the latest posts are cards with their date, title, reading time and an excerpt, newest first, each leading to its post', async ({page}) => {
    const count = homeSection('fr', 'homeLatestPosts').count ?? 3
    await open(page, '/fr/blog')
    const newest = await page
      .locator('.blog-preview h2 a')
      .evaluateAll((links) => links.map((link) => ({title: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? ''})))
    await open(page, '/fr/')
    const cards = page.locator('.home-posts .post-card')
    await expect(cards).toHaveCount(count)
    for (const [index, card] of (await cards.all()).entries()) {
      const expected = newest[index]
      if (!expected) throw new Error('fewer posts on the blog than on the home page')
      await expect(card.getByRole('heading', {level: 3})).toHaveText(expected.title)
      await expect(card.getByRole('link', {name: expected.title})).toHaveAttribute('href', expected.href)
      await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}/)
      await expect(card.locator('time')).toHaveText(/\d{4}$/)
      await expect(card.locator('.post-card-meta')).toContainText('lecture')
      expect((await card.locator('.card-text').textContent())?.length ?? 0).toBeGreaterThan(40)
    }
    await page.setViewportSize(PHONE)
    await noHorizontalScroll(page)
    await clickOn(page, cards.first().locator('.card-text'))
    await expect(page).toHaveURL(new RegExp(`${newest[0]?.href}$`))
  })

  test('sponsors show their logos, each leading to the sponsor, and the call to become one', async ({page}) => {
    const sponsors = homeSection('fr', 'homeSponsors')
    await open(page, '/fr/')
    const section = page.locator('.home-sponsors')
    for (const sponsor of sponsors.sponsors ?? []) {
      const link = section.getByRole('link', {name: sponsor.name})
      await expect(link).toHaveAttribute('href', sponsor.url ?? '')
      await expect(link).toHaveAttribute('rel', /sponsored/)
      if (sponsor.logo) {
        const logo = link.getByRole('img', {name: sponsor.name})
        await logo.scrollIntoViewIfNeeded()
        await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
      }
    }
    await expect(section.getByRole('link', {name: sponsors.cta?.label ?? ''})).toHaveAttribute('href', sponsors.cta?.href ?? '')
  })

  test('a home page of a hero alone (as a freshly migrated site has) fills the first screen', async ({page}) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport)
      await open(page, '/fr/')
      // The sections an editor has not written yet: what the importer makes from a site's config is a hero alone.
      await page.evaluate(() => {
        document.querySelectorAll('.home-section').forEach((section) => section.remove())
        document.querySelector('main.home')?.classList.add('home-hero-only')
      })
      const hero = await page.locator('.home-hero').boundingBox()
      const navbar = await page.locator('header.navbar').boundingBox()
      expect(hero && navbar && hero.height).toBeGreaterThan((viewport.height - (navbar?.height ?? 0)) * 0.75)
      const footer = await page.locator('footer.footer').boundingBox()
      expect(hero && footer && Math.abs(footer.y - (hero.y + hero.height))).toBeLessThanOrEqual(1)
    }
  })
})
