/** Editors see which translations are missing or stale: in the Translation status view and on each document. */
import {toLocaleTable} from '../locales'
import {badgeSummary, REPORT_PARAMS, REPORT_QUERY, type ReportDocument, translationReport} from '../translation/report'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'
import type {StoredDocument} from '@site/test-support/sanity-api/playwright'
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, goInStudio, test} from './studio-fixtures'

/** The locales as the studio reads them: from the dataset's site settings. */
function localesOf(documents: readonly StoredDocument[]) {
  const settings = documents.find((document) => document._type === 'siteSettings' && !String(document._id).startsWith('drafts.'))
  return toLocaleTable(settings as Parameters<typeof toLocaleTable>[0])
}

async function reportRows(documents: readonly StoredDocument[]): Promise<ReportDocument[]> {
  return datasetClientStandIn(documents).fetch<ReportDocument[]>(REPORT_QUERY, REPORT_PARAMS)
}

test.describe('studio translation status (Sanity API stand-in)', () => {
  test('the Translation status view counts the missing and stale translations of each locale and lists the stale ones', async ({openStudio, documents}) => {
    const report = translationReport(await reportRows(documents), localesOf(documents))
    const stale = [...report].flatMap(([locale, entries]) => entries.filter((entry) => entry.status === 'stale').map((entry) => ({locale, ...entry})))
    expect(stale.length, 'the dataset has a stale translation to show').toBeGreaterThan(0)

    const page = await openStudio('/structure')
    await page.getByTestId('structure-tool-list-pane').getByRole('link', {name: 'Translation status', exact: true}).click()
    // The view reads every translated document with its body: slow on a loaded machine.
    await expect(page.getByText(/^fr: /)).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    for (const [locale, entries] of report) {
      const missing = entries.filter((entry) => entry.status === 'missing').length
      const staleCount = entries.filter((entry) => entry.status === 'stale').length
      const heading = entries.length === 0 ? `${locale}: all translations current` : `${locale}: ${missing} missing, ${staleCount} stale`
      await expect(page.getByText(heading, {exact: true})).toBeVisible()
    }
    // Each stale entry links to the translation to update.
    for (const entry of stale) {
      const link = page.getByRole('link', {name: entry.title, exact: true}).and(page.locator(`a[href*="${entry.translationId}"]`))
      await expect(link).toBeVisible()
    }
  })

  test('a source document shows its stale and missing locales, and its stale translation says so', async ({openStudio, documents}) => {
    const rows = await reportRows(documents)
    const locales = localesOf(documents)
    const report = translationReport(rows, locales)
    const stale = [...report.values()].flat().find((entry) => entry.status === 'stale')
    if (!stale?.translationId) throw new Error('the dataset has no stale translation: the importer no longer marks any, check content/')
    const source = rows.find((row) => row._id === stale.sourceId)
    if (!source) throw new Error(`no document ${stale.sourceId} in the dataset`)
    const expected = badgeSummary(
      source,
      rows.filter((row) => row.translation?.source === source._id),
      locales,
    )
    expect(expected?.label).toMatch(/stale: /)

    const page = await openStudio(`/structure/intent/edit/id=${source._id};type=${source._type}`)
    const pane = page.getByTestId('document-pane')
    await expect(pane.getByText(expected?.label ?? '', {exact: true})).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})

    await goInStudio(page, `/structure/intent/edit/id=${stale.translationId};type=${stale.type}`)
    await expect(page.getByTestId('document-pane').getByText('Translation stale', {exact: true})).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
  })
})
