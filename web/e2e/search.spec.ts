/**
 * Search in the browser, on the embedded index of the export: the modal (shortcuts, keys, recent
 * results, "see all" link), the /search page, the French error and no-results screens, escaping of
 * indexed text, and that nothing of search is in a page's first load (idle prefetch downloads only
 * the page context's files).
 */
import {expect, test, type Page} from '@playwright/test'
import {buildSearchRecords} from '@site/schemas/search'
import {encodeSearchIndex} from '../src/search/index-format'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'

const skipReason = e2eSkipReason()
const DOC = '/fr/docs/v4/rooms/'

const dialog = (page: Page) => page.getByRole('dialog')
const input = (page: Page) => dialog(page).getByRole('combobox')

test.describe('search', () => {
  test.skip(Boolean(skipReason), skipReason)

  test("keeps search out of the first load, prefetches only the page context's files when idle, and fetches each shard once", async ({page}) => {
    const beforeLoad: string[] = []
    const indexRequests: string[] = []
    let loaded = false
    page.on('load', () => {
      loaded = true
    })
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (!loaded && (path.includes('/_search/') || path.includes('search-island') || /\/_site\/chunk-/.test(path))) beforeLoad.push(path)
      if (path.includes('/_search/')) indexRequests.push(path)
    })
    await page.goto(DOC)
    expect(beforeLoad).toEqual([])
    // Idle: the browser is told to download (not run) the island and the two shards of a v4 page.
    await expect.poll(() => [...indexRequests].sort()).toEqual(['/_search/fr/default.json', '/_search/fr/docs-v4.json'])
    await expect(page.locator('#search-modal-root')).toHaveCount(0)
    await page.keyboard.press('Control+k')
    await expect(dialog(page)).toBeVisible()
    await input(page).fill('rooms')
    await expect(dialog(page).getByRole('option').first()).toBeVisible()
    await input(page).fill('salles')
    await expect(dialog(page).getByRole('option').first()).toBeVisible()
    // Searching fetched nothing more than the prefetch did (the page gives the versions: no list of shards either).
    expect(new Set(indexRequests)).toEqual(new Set(['/_search/fr/default.json', '/_search/fr/docs-v4.json']))
  })

  test("on an older version's docs page, fetches that version's shard and links to its results", async ({page}) => {
    const indexRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_search/')) indexRequests.push(new URL(request.url()).pathname)
    })
    await page.goto('/fr/docs/v3/rooms/')
    await page.keyboard.press('Control+k')
    await input(page).fill('rooms')
    await expect(dialog(page).getByRole('option').first()).toBeVisible()
    const hrefs = await dialog(page)
      .getByRole('option')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(hrefs.filter((href) => /\/docs\/v\d\//.test(href) && !href.includes('/docs/v3/'))).toEqual([])
    expect(hrefs.some((href) => href.includes('/fr/docs/v3/'))).toBe(true)
    // Once each, whether the idle prefetch or the search asked first.
    expect(new Set(indexRequests)).toEqual(new Set(['/_search/fr/default.json', '/_search/fr/docs-v3.json']))
    await expect(dialog(page).locator('a.search-see-all')).toHaveAttribute('href', '/fr/search?q=rooms&version=v3')
  })

  test('opens with Ctrl+K and "/", not while typing in a field, and Esc closes it', async ({page}) => {
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page)).toHaveAttribute('aria-label', frenchMessage('search.dialogLabel', 'Search the site'))
    await expect(input(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await page.keyboard.press('/')
    await expect(dialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
    await page.evaluate(() => {
      const field = document.createElement('input')
      field.id = 'typing-here'
      document.body.prepend(field)
    })
    await page.locator('#typing-here').focus()
    await page.keyboard.press('/')
    await page.keyboard.press('Control+k')
    await expect(page.locator('#typing-here')).toHaveValue('/')
    await expect(dialog(page)).toHaveCount(0)
  })

  test('groups results by page with breadcrumbs; arrows and Enter open one, which becomes a recent result', async ({page}) => {
    await page.goto(DOC)
    await page.locator('a.navbar-search').click()
    await input(page).fill('rooms')
    const options = dialog(page).getByRole('option')
    await expect(options.first()).toBeVisible()
    await expect(dialog(page).getByRole('group').first()).toBeVisible()
    await expect(options.first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
    const href = await options.nth(1).locator('a').getAttribute('href')
    expect(href).toMatch(/^\/fr\//)
    await page.keyboard.press('Enter')
    // Often a section of the same page: only the hash changes, so no load event to wait for.
    await expect.poll(() => page.evaluate(() => decodeURIComponent(`${location.pathname}${location.hash}`))).toBe(href)
    await page.keyboard.press('Control+k')
    await expect(dialog(page).getByText(frenchMessage('search.recent', 'Recent'))).toBeVisible()
    await expect(dialog(page).getByRole('option').first().locator('a')).toHaveAttribute('href', href ?? '')
  })

  test('links to the search page with the query, whose results load more on scroll and filter by version', async ({page}) => {
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    await input(page).fill('socket')
    const seeAll = dialog(page).locator('a.search-see-all')
    await expect(seeAll).toHaveText(/^Voir les [\d\s  ]+ résultats$/)
    await expect(seeAll).toHaveAttribute('href', '/fr/search?q=socket')
    await seeAll.click()
    await page.waitForURL('**/fr/search?q=socket')
    const box = page.getByRole('searchbox')
    await expect(box).toHaveValue('socket')
    await expect(page.locator('.search-count')).toHaveText(/documents trouvés/)
    const firstCount = await page.locator('.search-page-group li').count()
    await page.locator('.search-loading-more').scrollIntoViewIfNeeded()
    await expect.poll(() => page.locator('.search-page-group li').count()).toBeGreaterThan(firstCount)
    const facet = page.locator('fieldset.search-facet')
    // The latest docs by default, like the modal outside the docs.
    await expect(facet.getByRole('radio', {name: /^4\.x/})).toBeChecked()
    await facet.getByRole('radio', {name: /^2\.x/}).check()
    await expect(page).toHaveURL(/\/fr\/search\?q=socket&version=v2$/)
    const groupLinks = page.locator('.search-page-group h2 a')
    await expect.poll(() => groupLinks.evaluateAll((links) => links.some((link) => link.getAttribute('href')?.includes('/fr/docs/v2/')))).toBe(true)
    // Other versions' docs are left out; the changelog, outside the docs versions, is not.
    expect(
      await groupLinks.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? '').filter((href) => /\/docs\/v[34]\/(?!changelog\/)/.test(href)),
      ),
    ).toEqual([])
    await box.fill('salles')
    await expect(page).toHaveURL(/\/fr\/search\?q=salles&version=v2$/)
    await facet.getByRole('radio', {name: /^4\.x/}).check()
    await expect(page).toHaveURL(/\/fr\/search\?q=salles$/)
  })

  test('keeps what the reader typed into the search page before its search UI loaded', async ({page}) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/_site/search-island-*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/fr/search')
    // The plain form takes the text while the island's script is on its way.
    await page.getByRole('searchbox').fill('salles')
    release()
    await expect(page).toHaveURL(/\/fr\/search\?q=salles$/)
    await expect(page.getByRole('searchbox')).toHaveValue('salles')
    await expect(page.locator('.search-page-group li').first()).toBeVisible()
  })

  test('says, in French, when nothing matches: suggestions and the report link', async ({page}) => {
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    await input(page).fill('zzqxjv')
    const screen = dialog(page).getByRole('status')
    await expect(screen).toContainText(`${frenchMessage('search.noResults', 'No results for')} “zzqxjv”`)
    await expect(screen).toContainText(frenchMessage('search.trySearching', 'Try searching for'))
    await expect(screen.getByRole('link', {name: frenchMessage('search.reportLink', 'Let us know.')})).toHaveAttribute(
      'href',
      /^https:\/\/github\.com\/.+\/issues\/new\?title=Search/,
    )
    await screen.locator('button.search-suggestion').first().click()
    await expect(dialog(page).getByRole('option').first()).toBeVisible()
  })

  test('says, in French, when the index cannot be fetched', async ({page}) => {
    await page.route('**/_search/fr/**', (route) => route.fulfill({status: 503, body: 'unavailable'}))
    await page.goto(DOC)
    await page.keyboard.press('Control+k')
    await input(page).fill('rooms')
    const alert = dialog(page).getByRole('alert')
    await expect(alert).toContainText(frenchMessage('search.errorTitle', 'Unable to fetch results'))
    await expect(alert).toContainText(frenchMessage('search.errorHelp', 'You might want to check your network connection.'))
  })

  test('shows indexed markup and entities as text, never as HTML', async ({page}) => {
    // A document indexed through the site's own builder and index format, served in place of the English index.
    const nasty = 'Zorbleflux <script>window.__searchXss = 1</script> <img src=x onerror="window.__searchXss = 2"> &amp; &lt;b&gt; done'
    const records = buildSearchRecords(
      {
        versions: [{path: 'v4', label: '4.x', isLast: true, mainDoc: 'index'}],
        docs: [
          {
            version: 'v4',
            slug: 'rooms',
            doc: {_id: 'x', title: 'Zorbleflux <em>title</em>', body: [{_type: 'block', _key: 'p', style: 'normal', children: [{text: nasty}]}]},
          },
        ],
        posts: [],
        pages: [],
        releases: [],
      },
      {locale: 'en', urlPrefix: '', labels: {blog: 'Blog', changelog: 'Changelog', page: 'Site'}},
    )
    const {manifest, shards} = encodeSearchIndex('en', records, {latest: 'v4', versions: ['v4', 'v3', 'v2']})
    const files = new Map<string, unknown>([['shards', manifest], ...shards.map((shard): [string, unknown] => [shard.shard, shard])])
    await page.route('**/_search/en/*.json', (route) => {
      const file = files.get(new URL(route.request().url()).pathname.replace(/^.*\/|\.json$/g, ''))
      return file
        ? route.fulfill({status: 200, contentType: 'application/json', body: JSON.stringify(file)})
        : route.fulfill({status: 404, body: 'no such shard'})
    })
    await page.goto('/docs/v4/rooms/')
    await page.keyboard.press('Control+k')
    await input(page).fill('zorbleflux')
    const content = dialog(page).locator('.search-hit-content').first()
    await expect(content).toContainText('<script>window.__searchXss = 1</script>')
    await expect(content).toContainText('&amp; &lt;b&gt; done')
    await expect(dialog(page).locator('.search-group-heading').first()).toContainText('Zorbleflux <em>title</em>')
    await expect(dialog(page).locator('mark').first()).toHaveText(/zorbleflux/i)
    expect(await dialog(page).locator('script, img, em').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as {__searchXss?: number}).__searchXss)).toBeUndefined()
  })
})
