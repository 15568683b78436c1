/**
 * "Cut a new version" as an editor runs it: on the 4.x docs version, the dialog refuses identifiers and
 * URL paths other versions use, then writes 5.x as drafts (through the stand-in's mutate endpoint) and
 * shows the summary to act on.
 */
import type {Locator, Page} from '@playwright/test'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

/** The 4.x docs version opened, and "Cut a new version" chosen from its menu: the page and the dialog. */
async function openCutDialog(openStudio: (path: string) => Promise<Page>): Promise<{page: Page; dialog: Locator}> {
  const page = await openStudio('/structure/docsVersion;docsVersion-v4')
  const pane = page.getByTestId('document-pane')
  await expect(pane.locator('input[id="label"]')).toHaveValue('4.x', {timeout: FIRST_OPEN_TIMEOUT})
  await pane.getByTestId('pane-footer').getByTestId('action-menu-button').click()
  await page.getByRole('menuitem', {name: /Cut a new version/}).click()
  return {page, dialog: page.getByRole('dialog')}
}

test.describe('cutting a docs version (Sanity API stand-in)', () => {
  test('the editor cuts 5.x from 4.x: the dialog checks the request, the summary lists what to review, the drafts exist', async ({
    openStudio,
    standIn,
    documents,
  }) => {
    const {page, dialog} = await openCutDialog(openStudio)
    await expect(dialog.getByText('Cut a new version from 4.x')).toBeVisible()
    const sourceDocs = documents.filter((document) => document._type === 'doc' && document.version === 'v4')
    await expect(dialog.getByText(`${sourceDocs.length} docs (every locale) and 4 sidebars of 4.x will be copied`)).toBeVisible({timeout: 30_000})
    const submit = dialog.getByTestId('cut-version-submit')

    // Refusals, each with its reason in the dialog.
    await dialog.getByTestId('cut-path-input').fill('v4')
    await expect(dialog.getByTestId('cut-path-problem')).toHaveText('The version 4.x already uses the identifier "v4"')
    await expect(submit).toBeDisabled()
    await dialog.getByTestId('cut-path-input').fill('v5')
    // The URL path followed the identifier.
    await expect(dialog.getByTestId('cut-url-path-input')).toHaveValue('v5')
    await dialog.getByTestId('cut-label-input').fill('3.x')
    await expect(dialog.getByTestId('cut-label-problem')).toHaveText('The version v3 already has the label "3.x"')
    await dialog.getByTestId('cut-label-input').fill('5.x')
    await dialog.getByTestId('cut-url-path-input').fill('v3')
    await expect(dialog.getByTestId('cut-url-path-problem')).toHaveText('/docs/v3/ already serves the version 3.x')
    await expect(submit).toBeDisabled()
    await dialog.getByTestId('cut-url-path-input').fill('v5')
    await expect(dialog.getByText('Served at /docs/v5/.')).toBeVisible()
    // Cut from the latest version, the new one becomes the latest unless the editor says otherwise.
    await expect(dialog.getByTestId('cut-is-last')).toBeChecked()
    await expect(submit).toBeEnabled()
    await submit.click()

    const summary = page.getByTestId('cut-version-summary')
    await expect(summary).toBeVisible({timeout: 60_000})
    await expect(summary.getByText('5.x is ready as drafts: nothing is published yet.')).toBeVisible()
    const perLocale = new Map<string, number>()
    for (const doc of sourceDocs) perLocale.set(String(doc.language), (perLocale.get(String(doc.language)) ?? 0) + 1)
    const locales = [...perLocale].sort(([a], [b]) => Number(b === 'en') - Number(a === 'en') || a.localeCompare(b))
    await expect(summary.getByText(`${sourceDocs.length} docs copied: ${locales.map(([locale, count]) => `${count} ${locale}`).join(', ')}`)).toBeVisible()
    await expect(summary.getByText(/^4 sidebars copied, \d+ translation links created, \d+ links moved to 5\.x$/)).toBeVisible()
    const implied = summary.getByTestId('cut-version-implied')
    await expect(implied.getByText(/no longer the latest version; banner: unmaintained .*; order 1 → 2/)).toBeVisible()
    await expect(implied.getByRole('link', {name: 'Site settings'})).toBeVisible()
    const review = summary.getByTestId('cut-version-review')
    await expect(review.getByRole('link', {name: 'Changelog'})).toBeVisible()
    await expect(review.getByRole('link', {name: 'Banner of 5.x'})).toBeVisible()

    // What the stand-in holds now: a draft of every 4.x doc in 5.x, sidebars, translation links, the versions.
    for (const doc of sourceDocs) {
      const copy = standIn.document(`drafts.doc-v5-${String(doc.language)}-${String(doc._id).slice(`doc-v4-${String(doc.language)}-`.length)}`)
      expect(copy, `the draft of ${doc._id}`).toMatchObject({_type: 'doc', version: 'v5', language: doc.language, slug: doc.slug, title: doc.title})
      expect(standIn.document(String(doc._id).replace('doc-v4-', 'doc-v5-')), 'nothing is published').toBeUndefined()
    }
    expect(standIn.document('drafts.sidebar-v5-sidebar')).toMatchObject({version: 'v5'})
    expect(JSON.stringify(standIn.document('drafts.doc-v5-en-rooms')?.body)).not.toContain('/docs/v4/')
    expect(standIn.document('translation-metadata-doc-v5-en-rooms')).toMatchObject({_type: 'translation.metadata'})
    expect(standIn.document('drafts.docsVersion-v5')).toMatchObject({path: 'v5', label: '5.x', isLast: true, order: 1})
    expect(standIn.document('drafts.docsVersion-v4')).toMatchObject({isLast: false, order: 2})
    expect(standIn.document('docsVersion-v4')).toMatchObject({isLast: true, order: 1})
    expect(standIn.writes.filter((write) => write.endpoint === 'mutate').length).toBeGreaterThan(1)
    expect(standIn.unanswered.filter((request) => request.path.includes('/data/mutate'))).toEqual([])

    // The summary's links open the documents to review.
    await summary.getByRole('link', {name: 'Open the docs version 5.x'}).click()
    await expect(page.getByTestId('document-pane').last().locator('input[id="label"]')).toHaveValue('5.x', {timeout: 30_000})
  })

  test('the editor cuts 5.x into a Content Release: its documents are versions of the release, nothing is a draft or published', async ({
    openStudio,
    standIn,
  }) => {
    const {page, dialog} = await openCutDialog(openStudio)
    await dialog.getByTestId('cut-path-input').fill('v5')
    await dialog.getByTestId('cut-label-input').fill('5.x')
    await expect(dialog.getByText('Served at /docs/v5/.')).toBeVisible({timeout: 30_000})
    await dialog.getByText(/Put the new documents in a Content Release/).click()
    await expect(dialog.getByTestId('cut-in-release')).toBeChecked()
    await dialog.getByTestId('cut-version-submit').click()

    const summary = page.getByTestId('cut-version-summary')
    await expect(summary.getByTestId('cut-version-release')).toHaveText('5.x is ready in the Content Release “Docs 5.x”: nothing is published yet.', {
      timeout: 60_000,
    })
    const href = await summary.getByRole('link', {name: 'Open the release'}).getAttribute('href')
    const releaseId = /\/releases\/([^/?#]+)/.exec(href ?? '')?.[1]
    expect(releaseId, `the release's link (${href})`).toBeTruthy()
    // The release exists, and the new docs are its versions: no draft, nothing published.
    expect(standIn.document(`_.releases.${releaseId}`)).toMatchObject({metadata: {title: 'Docs 5.x'}})
    expect(standIn.document(`versions.${releaseId}.doc-v5-en-rooms`)).toMatchObject({_type: 'doc', version: 'v5', language: 'en'})
    expect(standIn.document(`versions.${releaseId}.docsVersion-v5`)).toMatchObject({path: 'v5', label: '5.x'})
    expect(standIn.document('drafts.doc-v5-en-rooms')).toBeUndefined()
    expect(standIn.document('doc-v5-en-rooms')).toBeUndefined()
    expect(standIn.document('docsVersion-v4')).toMatchObject({isLast: true})
  })
})
