/**
 * The preview server for editors against the Sanity API stand-in: without draft mode a page shows the
 * published content; the studio's signed preview URL (a secret the studio stores in the dataset, checked
 * by the server with its read token) enters draft mode, and the same page then shows the draft with
 * click-to-edit markers. The token never reaches a browser.
 */
import {randomUUID} from 'node:crypto'
import {stegaClean} from '@sanity/client/stega'
import {expect, test} from '@playwright/test'
import {DATASET, PREVIEW_URL, READ_TOKEN, STAND_IN_URL, STUDIO_URL} from './settings'

const API = `${STAND_IN_URL}/v2025-02-19`
const ROOMS_ID = 'doc-v4-en-rooms'
const ROOMS_PATH = '/docs/v4/rooms/'
const STEGA_RUN = /(?:\u200B|\u200C|\u200D|\u2060|\uFEFF){4,}/

async function api(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {authorization: `Bearer ${READ_TOKEN}`, ...(body === undefined ? {} : {'content-type': 'application/json'})},
    ...(body === undefined ? {} : {body: JSON.stringify(body)}),
  })
  if (!response.ok) throw new Error(`The stand-in answered ${response.status} to ${path}: ${await response.text()}`)
  return response.json()
}

/** Writes a draft of the Rooms doc with another title, as the studio's form would (a mutation of drafts.<id>). */
async function writeDraftTitle(title: string): Promise<void> {
  const {documents} = (await api(`/data/doc/${DATASET}/${ROOMS_ID}`)) as {documents: Array<Record<string, unknown>>}
  const published = documents[0]
  if (!published) throw new Error(`The stand-in has no ${ROOMS_ID}`)
  await api(`/data/mutate/${DATASET}`, {mutations: [{createOrReplace: {...published, _id: `drafts.${ROOMS_ID}`, title}}]})
}

/** What the Presentation tool does before it opens the preview: stores a fresh secret (sanity.previewUrlSecret) in the dataset. */
async function storePreviewSecret(): Promise<string> {
  const secret = randomUUID().replaceAll('-', '')
  await api(`/data/mutate/${DATASET}`, {
    mutations: [
      {create: {_id: `sanity-preview-url-secret.${randomUUID()}`, _type: 'sanity.previewUrlSecret', secret, source: 'presentation', studioUrl: STUDIO_URL}},
    ],
  })
  return secret
}

/** Enters draft mode with the secret; returns the cookie header the preview server set. */
async function enterDraftMode(secret: string, pathname: string): Promise<{cookie: string; location: string | null}> {
  const url = new URL('/api/draft-mode/enable/', PREVIEW_URL)
  url.searchParams.set('sanity-preview-secret', secret)
  url.searchParams.set('sanity-preview-pathname', pathname)
  const response = await fetch(url, {redirect: 'manual'})
  expect(response.status, await response.clone().text()).toBe(307)
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return {cookie, location: response.headers.get('location')}
}

async function page(path: string, cookie?: string): Promise<string> {
  const response = await fetch(new URL(path, PREVIEW_URL), {headers: cookie ? {cookie} : {}})
  expect(response.status).toBe(200)
  return response.text()
}

function heading(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)
  return (match?.[1] ?? '').replace(/<[^>]+>/g, '')
}

test('without draft mode the preview server shows the published page: no draft, no markers, no bridge, no token', async () => {
  const draftTitle = `Rooms, drafted ${randomUUID().slice(0, 8)}`
  await writeDraftTitle(draftTitle)
  const html = await page(ROOMS_PATH)
  expect(heading(html)).toBe('Rooms')
  expect(html).not.toContain(draftTitle)
  expect(STEGA_RUN.test(html)).toBe(false)
  expect(html).not.toContain(READ_TOKEN)
  // Guessing is no way in: no secret, or one the dataset does not hold, is refused without a cookie.
  for (const query of ['', '?sanity-preview-secret=not-a-stored-secret&sanity-preview-pathname=/docs/v4/rooms/']) {
    const response = await fetch(new URL(`/api/draft-mode/enable/${query}`, PREVIEW_URL), {redirect: 'manual'})
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie().join()).not.toContain('__prerender_bypass')
  }
})

test('the studio’s preview secret enters draft mode: the draft shows with click-to-edit markers, and leaving shows the published page again', async ({
  browser,
}) => {
  const draftTitle = `Rooms, drafted ${randomUUID().slice(0, 8)}`
  await writeDraftTitle(draftTitle)
  const {cookie, location} = await enterDraftMode(await storePreviewSecret(), ROOMS_PATH)
  expect(cookie).toContain('__prerender_bypass=')
  expect(location).toBe(ROOMS_PATH)

  const html = await page(ROOMS_PATH, cookie)
  const title = heading(html)
  // The title carries the markers the overlays read (which document and field), invisible to the reader.
  expect(STEGA_RUN.test(title)).toBe(true)
  expect(stegaClean(title)).toBe(draftTitle)
  expect(html).not.toContain(READ_TOKEN)

  // In Chromium: the page as the Presentation tool's frame shows it.
  const context = await browser.newContext()
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=')
      return {name, value: value.join('='), url: PREVIEW_URL}
    }),
  )
  const tab = await context.newPage()
  await tab.goto(ROOMS_PATH)
  await expect(tab.locator('h1')).toHaveText(new RegExp(`^${draftTitle}`))
  const visible = await tab.locator('h1').evaluate((element) => element.textContent ?? '')
  expect(stegaClean(visible)).toBe(draftTitle)
  await context.close()

  const left = await fetch(new URL('/api/draft-mode/disable/', PREVIEW_URL), {headers: {cookie}, redirect: 'manual'})
  expect(left.status).toBe(307)
  const cleared = left.headers.getSetCookie().find((line) => line.startsWith('__prerender_bypass='))
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i)
  expect(heading(await page(ROOMS_PATH))).toBe('Rooms')
})

/** A browser context holding the draft-mode cookie, as the Presentation tool's frame has it. */
async function draftModeContext(browser: import('@playwright/test').Browser, cookie: string) {
  const context = await browser.newContext()
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=')
      return {name, value: value.join('='), url: PREVIEW_URL}
    }),
  )
  return context
}

test('in draft mode a saved draft shows in the open page by itself (the Live Content API relayed by the server), and the relay is closed outside draft mode', async ({
  browser,
}) => {
  const outside = await fetch(new URL('/api/draft-mode/live/', PREVIEW_URL))
  expect(outside.status).toBe(401)
  await writeDraftTitle('Rooms')
  const {cookie} = await enterDraftMode(await storePreviewSecret(), ROOMS_PATH)
  const context = await draftModeContext(browser, cookie)
  const tab = await context.newPage()
  const relayed: string[] = []
  tab.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/draft-mode/live/') relayed.push(`${response.status()} ${response.headers()['content-type']}`)
  })
  await tab.goto(ROOMS_PATH)
  await expect(tab.locator('main h1').first()).toHaveText(/^Rooms/)
  await expect.poll(() => relayed.join()).toContain('200 text/event-stream')
  // The studio's save of a keystroke, as the stand-in receives it; nobody reloads the page.
  const draftTitle = `Rooms, live ${randomUUID().slice(0, 8)}`
  await writeDraftTitle(draftTitle)
  await expect(tab.locator('main h1').first()).toHaveText(new RegExp(`^${draftTitle}`))
  await context.close()
})

test('a previewed page runs the site’s page script as the export does: tabs switch and the colour mode toggles', async ({browser}) => {
  const {cookie} = await enterDraftMode(await storePreviewSecret(), '/docs/v4/server-installation/')
  for (const context of [await browser.newContext(), await draftModeContext(browser, cookie)]) {
    const tab = await context.newPage()
    await tab.goto('/docs/v4/server-installation/')
    await tab.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
    const second = tab.locator('article [role="tablist"]').first().getByRole('tab').nth(1)
    await second.click()
    await expect(second).toHaveAttribute('aria-selected', 'true')
    const before = await tab.evaluate(() => document.documentElement.dataset.theme)
    await tab.locator('button.color-mode-toggle').first().click()
    await expect(tab.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark')
    await context.close()
  }
  // Search: the published content's index for everyone; in draft mode, an index of the drafts, without markers.
  const draftTitle = `Rooms, searched ${randomUUID().slice(0, 8)}`
  await writeDraftTitle(draftTitle)
  const shard = new URL('/_search/en/docs-v4.json', PREVIEW_URL)
  const published = await fetch(shard)
  expect(published.status).toBe(200)
  const publishedText = await published.text()
  expect(publishedText).toContain('"Rooms"')
  expect(publishedText).not.toContain(draftTitle)
  expect(publishedText).not.toContain(READ_TOKEN)
  const drafts = await fetch(shard, {headers: {cookie}})
  expect(drafts.status).toBe(200)
  expect(drafts.headers.get('cache-control')).toBe('private, no-store')
  // The drafts' index is built again once it is 3 s old: the page above may have had it built before the draft.
  let draftText = ''
  await expect.poll(async () => (draftText = await (await fetch(shard, {headers: {cookie}})).text()), {timeout: 15_000}).toContain(JSON.stringify(draftTitle))
  // No click-to-edit marker anywhere: the drafts are read without them, not cleaned after (an excerpt would cut one).
  expect(draftText).not.toMatch(STEGA_RUN)
  expect(draftText).not.toContain(READ_TOKEN)
  // The drafts' index is not what a visitor without draft mode gets afterwards.
  expect(await (await fetch(shard)).text()).not.toContain(draftTitle)
})

test('in draft mode, the search box finds a draft by its new title', async ({browser}) => {
  const draftTitle = `Rooms, found ${randomUUID().slice(0, 8)}`
  await writeDraftTitle(draftTitle)
  const {cookie} = await enterDraftMode(await storePreviewSecret(), '/docs/v4/')
  // The server's index of drafts is at most 3 s old: wait until it holds the draft, as an editor opening search a moment later would find it.
  const shard = new URL('/_search/en/docs-v4.json', PREVIEW_URL)
  await expect.poll(async () => (await fetch(shard, {headers: {cookie}})).text(), {timeout: 15_000}).toContain(JSON.stringify(draftTitle))
  const context = await draftModeContext(browser, cookie)
  const tab = await context.newPage()
  await tab.goto('/docs/v4/')
  await tab.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
  await tab.keyboard.press('Control+k')
  await tab
    .getByRole('dialog')
    .getByRole('combobox')
    .fill(draftTitle.split(' ').at(-1) ?? draftTitle)
  await expect(tab.getByRole('dialog').getByRole('option').filter({hasText: draftTitle}).first()).toBeVisible()
  await context.close()
})
