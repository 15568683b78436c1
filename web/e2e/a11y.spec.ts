/**
 * axe-core in Chromium: no serious or critical accessibility violation on the home page, a doc
 * page, the blog list, a blog post, the authors page, the search page and the not-found page, and with the mobile menu
 * open on a phone, in light and dark mode (every rule in light mode, the colour rules in dark mode).
 */
import AxeBuilder from '@axe-core/playwright'
import {expect, test} from '@playwright/test'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()

/** axe-core's rules that read colours (contrast of text, links told from text by colour alone). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const PAGES = [
  '/fr/',
  '/fr/docs/v4/rooms/',
  '/fr/blog',
  '/fr/blog/socket-io-4-8-preview/',
  '/fr/blog/authors',
  '/fr/search',
  '/fr/no-such-page',
  '/',
  '/docs/v4/client-installation/',
]

test.describe('accessibility (axe-core)', () => {
  test.skip(Boolean(skipReason), skipReason)

  for (const path of PAGES) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${path} in ${scheme} mode has no serious or critical violation`, async ({page}) => {
        await page.emulateMedia({colorScheme: scheme})
        await page.goto(path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
        // Dark mode changes colours only: the rules about colour, rather than every rule a second time.
        const axe = new AxeBuilder({page})
        const results = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze()
        const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        const summary = blocking.map(
          (violation) =>
            `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join('\n    ')}`,
        )
        expect(summary, summary.join('\n')).toEqual([])
      })
    }
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`the open mobile menu of a doc page in ${scheme} mode has no serious or critical violation`, async ({page}) => {
      await page.setViewportSize({width: 390, height: 844})
      await page.emulateMedia({colorScheme: scheme})
      await open(page, '/fr/docs/v4/rooms/')
      await page.locator('.menu-toggle-button').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      for (const panel of ['secondary', 'primary']) {
        if (panel === 'primary') await page.locator('.menu-back').click()
        const results = await new AxeBuilder({page}).include('#navbar-menu').analyze()
        const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        const summary = blocking.map(
          (violation) =>
            `${panel}: ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
              .slice(0, 3)
              .map((node) => node.target.join(' '))
              .join('\n    ')}`,
        )
        expect(summary, summary.join('\n')).toEqual([])
      }
    })
  }
})
