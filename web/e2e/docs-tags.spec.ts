/**
 * Docs tags as Docusaurus shows them, on content/'s 4.x docs (rooms, broadcasting-events and
 * namespaces are tagged; docs/tags.yml and the French tags file give labels and descriptions): the
 * tags under a doc, each tag's page and the page of all tags of the version, in every locale and in
 * the sitemap; and the "Edit this page" link of a translation, which opens its source file.
 */
import {expect, test} from '@playwright/test'
import {builtInUiCatalog, UI_MESSAGES} from '@site/schemas'
import {frenchMessage} from './content'
import {e2eSkipReason} from './environment'
import {open} from './hydrated'

const skipReason = e2eSkipReason()
const SITE = 'https://socket.io'

test.describe('docs tags', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('a doc shows its tags under its text, each leading to the page of the docs with that tag', async ({page}) => {
    await open(page, '/docs/v4/rooms/')
    const tags = page.locator('.doc-tags')
    await expect(tags).toContainText(UI_MESSAGES['blog.tags'].message)
    await expect(tags.getByRole('link')).toHaveText(['Server', 'Broadcasting'])
    await tags.getByRole('link', {name: 'Broadcasting'}).click()
    await expect(page).toHaveURL(/\/docs\/v4\/tags\/broadcasting$/)
    await expect(page.locator('h1')).toHaveText('2 docs tagged with “Broadcasting”')
    await expect(page.locator('.tag-description')).toHaveText('Sending one event to many clients with a single call.')
    // Its docs by title, each with its description, linking to the doc.
    const docs = page.locator('.tagged-docs h2 a')
    await expect(docs).toHaveText(['Broadcasting events', 'Rooms'])
    await expect(docs.first()).toHaveAttribute('href', '/docs/v4/broadcasting-events/')
    await expect(page.locator('.tagged-docs p').first()).toContainText('Send one event to many clients')
    await page.getByRole('link', {name: UI_MESSAGES['blog.viewAllTags'].message}).click()
    await expect(page).toHaveURL(/\/docs\/v4\/tags$/)
  })

  test('the tags page of 4.x lists every tag with its number of docs', async ({page}) => {
    const response = await open(page, '/docs/v4/tags')
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toHaveText(UI_MESSAGES['blog.allTags'].message)
    await expect(page.locator('.tags-page a.tag')).toHaveText(['Broadcasting 2', 'Server 2'])
    await expect(page.locator('.tags-page a.tag').last()).toHaveAttribute('href', '/docs/v4/tags/server')
  })

  test('shows the French labels and descriptions of the French tags file, at the same addresses', async ({page}) => {
    await open(page, '/fr/docs/v4/namespaces/')
    await expect(page.locator('.doc-tags').getByRole('link')).toHaveText(['Serveur'])
    await page.locator('.doc-tags').getByRole('link', {name: 'Serveur'}).click()
    await expect(page).toHaveURL(/\/fr\/docs\/v4\/tags\/server$/)
    const plural =
      frenchMessage('doc.taggedDocs', builtInUiCatalog('fr')?.['doc.taggedDocs'] ?? '')
        .split('|')
        .at(-1) ?? ''
    await expect(page.locator('h1')).toHaveText(plural.replace('{count}', '2').replace('{tag}', 'Serveur'))
    await expect(page.locator('.tag-description')).toHaveText('Comment le serveur Socket.IO regroupe ses clients, les désigne et les atteint.')
    await expect(page.locator('.tagged-docs h2 a')).toHaveText(['Les espaces de noms', 'Les rooms'])
    await expect(page.locator('.tagged-docs h2 a').first()).toHaveAttribute('href', '/fr/docs/v4/namespaces/')
  })

  test('exist in every locale and are in the sitemap', async ({page, request}) => {
    for (const path of ['/pt-br/docs/v4/tags', '/zh-CN/docs/v4/tags/broadcasting', '/fr/docs/v4/tags']) {
      expect((await open(page, path))?.status(), path).toBe(200)
      await expect(page.locator('h1'), path).not.toHaveText('')
    }
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const path of ['/docs/v4/tags', '/docs/v4/tags/server', '/fr/docs/v4/tags/broadcasting', '/zh-CN/docs/v4/tags'])
      expect(sitemap).toContain(`<loc>${SITE}${path}</loc>`)
    // 3.x has no tagged docs, hence no tag pages.
    expect(sitemap).not.toContain(`<loc>${SITE}/docs/v3/tags</loc>`)
  })
})

test.describe('"Edit this page" on a translation', () => {
  test.skip(Boolean(skipReason), skipReason)

  test('opens the source file, as Docusaurus does without editLocalizedFiles', async ({page}) => {
    await open(page, '/fr/docs/v4/rooms/')
    const edit = page.getByRole('link', {name: new RegExp(frenchMessage('doc.editPage', 'Modifier cette page'))})
    await expect(edit).toHaveAttribute('href', 'https://github.com/socketio/socket.io-website/edit/main/docs/rooms.md')
  })
})
