/** An editor finds a doc by version and language: Docs → 4.x → Français lists its pages in sidebar order. */
import {type OrderDoc, type OrderSidebar, sidebarOrder} from '../structure/sidebar-order'
import {VERSION_DOCS_QUERY, VERSION_SIDEBARS_QUERY} from '../structure/structure'
import type {Locator} from '@playwright/test'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'
import type {StoredDocument} from '@site/test-support/sanity-api/playwright'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

async function groq<R>(documents: readonly StoredDocument[], query: string, params: Record<string, unknown>): Promise<R> {
  return datasetClientStandIn(documents).fetch<R>(query, params)
}

/** The rows of a virtual list pane in order: document titles, and dividers as "— title". */
/** Scrolls the list's scroll container (the nearest scrollable ancestor of its listbox) by half a screen; false at the end. */
function scrollDown(list: Locator): Promise<boolean> {
  return list
    .getByRole('listbox')
    .first()
    .evaluate((listbox) => {
      let element: HTMLElement | null = listbox.parentElement
      while (element && !(element.scrollHeight > element.clientHeight && /auto|scroll/.test(getComputedStyle(element).overflowY)))
        element = element.parentElement
      if (!element) return false
      const before = element.scrollTop
      element.scrollTop += element.clientHeight / 2
      return element.scrollTop !== before
    })
}

async function readVirtualList(list: Locator): Promise<string[]> {
  const rows = new Map<number, string>()
  for (let step = 0; step < 200; step++) {
    const seen = await list.locator('li[data-index]').evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('a[data-testid^="pane-item-"]')
        const title = link ? (link.getAttribute('data-testid') ?? '').slice('pane-item-'.length) : `— ${(item.textContent ?? '').trim()}`
        return [Number(item.getAttribute('data-index')), title] as const
      }),
    )
    for (const [index, title] of seen) rows.set(index, title)
    if (!(await scrollDown(list))) break
    await list.page().waitForTimeout(50)
  }
  return [...rows].sort(([a], [b]) => a - b).map(([, title]) => title)
}

/** Scrolls down a virtual list until `target` exists (the list was read from the top, so it is at its end: start over). */
async function scrollUntilPresent(list: Locator, target: Locator): Promise<void> {
  await list
    .getByRole('listbox')
    .first()
    .evaluate((listbox) => {
      for (let element = listbox.parentElement; element; element = element.parentElement) element.scrollTop = 0
    })
  for (let step = 0; step < 200 && (await target.count()) === 0; step++) {
    if (!(await scrollDown(list))) break
    await list.page().waitForTimeout(50)
  }
  await target.scrollIntoViewIfNeeded()
}

test.describe('studio docs navigation (Sanity API stand-in)', () => {
  test('Docs → 4.x → Français lists the French v4 pages in sidebar order, and a page opens with its title', async ({openStudio, documents}) => {
    const docs = await groq<OrderDoc[]>(documents, VERSION_DOCS_QUERY, {version: 'v4', locale: 'fr', defaultLocale: 'en'})
    const sidebars = await groq<OrderSidebar[]>(documents, VERSION_SIDEBARS_QUERY, {version: 'v4'})
    const expected = sidebarOrder(sidebars, docs, 'fr', 'en').map((row) => (row.kind === 'doc' ? row.title : `— ${row.title}`))
    expect(expected, 'the dataset has French v4 docs to list').toContain('Les rooms')

    const page = await openStudio('/structure')
    // Three clicks from the studio's start to the list that holds every French 4.x page.
    await page.getByTestId('structure-tool-list-pane').getByRole('link', {name: 'Docs', exact: true}).click()
    await page.getByRole('link', {name: '4.x', exact: true}).click()
    await page.getByRole('link', {name: 'Français', exact: true}).click()
    const list = page.getByTestId('structure-tool-list-pane').last()
    await expect(list.getByRole('listbox', {name: '4.x · Français'})).toBeVisible()
    // The list is virtual (only the rows in view exist): read it while scrolling through it.
    expect(await readVirtualList(list)).toEqual(expected)

    const rooms = list.getByTestId('pane-item-Les rooms')
    await scrollUntilPresent(list, rooms)
    await rooms.click()
    const pane = page.getByTestId('document-pane')
    await expect(pane.getByRole('heading', {name: 'Les rooms', level: 2})).toBeVisible()
    await expect(pane.locator('input[id="title"]')).toHaveValue('Les rooms', {timeout: FIRST_OPEN_TIMEOUT})
    expect(new URL(page.url()).pathname).toContain('doc-v4-fr-rooms')
  })
})
