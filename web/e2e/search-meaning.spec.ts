/**
 * Search as a reader means it, in the browser, on the embedded index of the export: the island and
 * the shards start on intent (pointing at the search button, pressing Ctrl), the box takes what is
 * typed while the island starts, the page itself is a result that can be picked, no address is
 * listed twice, the editors' synonyms apply (salle → the rooms page), and the count of the "see
 * all" link takes its plural form.
 */
import {expect, test, type Page} from '@playwright/test'
import {buildSearchRecords} from '@site/schemas/search'
import {encodeSearchIndex} from '../src/search/index-format'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()
const DOC = '/fr/docs/v4/rooms/'
const dialog = (page: Page) => page.getByRole('dialog')
const input = (page: Page) => dialog(page).getByRole('combobox')
const options = (page: Page) => dialog(page).getByRole('option')

/** No idle time: idle prefetching is left out, so that what is fetched comes from intent alone. */
const withoutIdle = (page: Page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0
  })

/** Search files requested so far: island scripts and stylesheet, stemmer, index shards. */
function searchRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.includes('/_search/') || path.includes('search-island') || /\/_site\/(chunk|fr)-/.test(path)) seen.push(path)
  })
  return seen
}

test.describe('search, as readers mean it', () => {
  test.skip(Boolean(skipReason), skipReason)

  test("pointing at the search button starts the island and fetches the page context's shards, before any open", async ({page}) => {
    await withoutIdle(page)
    const requests = searchRequests(page)
    await page.goto(DOC)
    await page.waitForLoadState('networkidle')
    expect(requests).toEqual([])
    await page.locator('a.navbar-search').hover()
    await expect.poll(() => requests.filter((path) => path.includes('/_search/')).sort()).toEqual(['/_search/fr/default.json', '/_search/fr/docs-v4.json'])
    expect(requests.some((path) => path.includes('search-island') && path.endsWith('.js'))).toBe(true)
    // The French stemmer is a chunk of its own, fetched for a French page.
    expect(requests.some((path) => /\/_site\/fr-[A-Z0-9]+\.js$/.test(path))).toBe(true)
    await expect(dialog(page)).toHaveCount(0)
  })

  test('Ctrl, the first key of the shortcut, starts it too; the box takes what is typed while it loads', async ({page}) => {
    await withoutIdle(page)
    const requests = searchRequests(page)
    await page.goto(DOC)
    await page.waitForLoadState('networkidle')
    await page.keyboard.down('Control')
    await expect.poll(() => requests.filter((path) => path.includes('/_search/')).length).toBe(2)
    await page.keyboard.press('k')
    await page.keyboard.up('Control')
    await page.keyboard.type('salle')
    await expect(input(page)).toHaveValue('salle')
    await expect(options(page).first().locator('a')).toHaveAttribute('href', DOC)
  })

  test('the page itself is the first result of its group and can be picked with Enter', async ({page}) => {
    await page.goto('/fr/docs/v4/namespaces/')
    await page.keyboard.press('Control+k')
    await input(page).fill('room')
    const first = options(page).first()
    await expect(first.locator('a')).toHaveAttribute('href', DOC)
    await expect(first).toContainText('Les rooms')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await page.waitForURL(`**${DOC}`)
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Les rooms')
  })

  test('lists every address once: a heading and its text are one result', async ({page}) => {
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    for (const query of ['room', 'socket.join', 'diffuser']) {
      await input(page).fill(query)
      await expect(dialog(page).locator(`[data-results-for="${query}"]`)).toBeVisible()
      const hrefs = await options(page)
        .locator('a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(hrefs.length, query).toBeGreaterThan(0)
      expect(new Set(hrefs).size, `${query}: ${hrefs.join(' ')}`).toBe(hrefs.length)
    }
  })

  test('the editors\' synonyms apply: "salle" finds the rooms page first, with accents and case folded', async ({page}) => {
    await page.goto('/fr/')
    await page.keyboard.press('Control+k')
    for (const query of ['salle', 'SALLES', 'récupération de l’état', 'recuperation de l etat']) {
      await input(page).fill(query)
      await expect(dialog(page).locator(`[data-results-for="${query}"]`)).toBeVisible()
      const expected = query.startsWith('r') ? '/fr/docs/v4/connection-state-recovery/' : DOC
      await expect(options(page).first().locator('a'), query).toHaveAttribute('href', expected)
    }
  })

  test('"see all" takes the plural form of its count', async ({page}) => {
    // An index of one page, in the site's own format, served in place of the French one.
    const records = buildSearchRecords(
      {
        versions: [{path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'}],
        docs: [
          {
            version: 'v4',
            slug: 'rooms',
            doc: {_id: 'x', title: 'Zorbleflux', body: [{_type: 'block', _key: 'p', style: 'normal', children: [{text: 'Une seule page.'}]}]},
          },
        ],
        posts: [],
        pages: [],
        releases: [],
      },
      {locale: 'fr', urlPrefix: '/fr', labels: {blog: 'Blog', changelog: 'Journal', page: 'Site'}},
    )
    const {shards} = encodeSearchIndex('fr', records, {latest: 'v4', versions: ['v4', 'v3', 'v2']})
    await page.route('**/_search/fr/*.json', (route) => {
      const shard = shards.find((file) => file.shard === new URL(route.request().url()).pathname.replace(/^.*\/|\.json$/g, ''))
      return shard
        ? route.fulfill({status: 200, contentType: 'application/json', body: JSON.stringify(shard)})
        : route.fulfill({status: 404, body: 'no such shard'})
    })
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    await input(page).fill('zorbleflux')
    await expect(dialog(page).locator('a.search-see-all')).toHaveText('Voir le résultat')
  })
})
