/**
 * Search synonyms are the editors' (docs/search.md, "Synonyms, managed by editors"): the French document lists the entries imported from
 * content/ (salle → room …), an editor adds a one-way entry, saved as a valid draft, and an entry
 * without terms is refused with the rule's message, publishing blocked. What a published document
 * then does is tested where it is used: the local index (web/src/search) and the Typesense synonym
 * sets (scripts/src/search).
 */
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

interface SynonymEntry {
  root?: string
  synonyms?: string[]
}

test.describe('search synonyms in the studio (Sanity API stand-in)', () => {
  test('the French synonyms list their entries; a one-way entry added by an editor is saved as a valid draft and published', async ({openStudio, standIn}) => {
    const page = await openStudio('/structure/searchSynonyms;searchSynonyms-fr')
    const pane = page.getByTestId('document-pane')
    // Each entry is shown as "root → terms".
    await expect(pane.getByText('salle → room', {exact: true})).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    const before = ((standIn.document('searchSynonyms-fr')?.entries ?? []) as SynonymEntry[]).length

    // On a loaded machine the form may still be settling (read-only while its first validation runs): the
    // click that adds an item waits for the button to be enabled, and the item's dialog gets longer to open.
    const addItem = pane.getByRole('button', {name: 'Add item'})
    await expect(addItem).toBeEnabled({timeout: 60_000})
    await expect(pane.getByTestId('action-publish')).toBeVisible({timeout: 60_000})
    await addItem.click()
    const root = page.getByLabel('Root (one-way)')
    await expect(root).toBeVisible({timeout: 60_000})
    await root.fill('websocket sécurisé')
    // The terms are a tags input: the group titled "Terms" holds its text box.
    const terms = page
      .getByRole('group')
      .filter({has: page.getByText('Terms', {exact: true})})
      .getByRole('textbox')
    const dialog = page.getByRole('dialog').filter({has: root})
    // Enter turns the typed text into a tag; under load that key can be lost while the input is still
    // settling (the entry is then saved without terms), so the tag is awaited, and typed again only while absent.
    const tag = dialog.getByText('wss', {exact: true})
    await expect(async () => {
      if (await tag.isVisible()) return
      await terms.fill('wss')
      await terms.press('Enter')
      await expect(tag).toBeVisible({timeout: 3_000})
    }).toPass({timeout: 30_000})
    // The entry's dialog is closed by its own button, then the list shows the new entry.
    await dialog.getByRole('button', {name: /close/i}).first().click()
    await expect(root).toBeHidden()
    await expect(pane.getByText('websocket sécurisé → wss', {exact: true})).toBeVisible({timeout: 30_000})

    // The edit reaches the Content Lake (the stand-in) as the draft of the French synonyms, with both the
    // new entry and the editors' earlier ones.
    const entriesOf = (id: string) =>
      ((standIn.document(id)?.entries ?? []) as SynonymEntry[]).map((entry) => `${entry.root ?? ''} → ${(entry.synonyms ?? []).join(', ')}`)
    await expect
      .poll(() => entriesOf('drafts.searchSynonyms-fr'), {message: 'the stand-in holds the draft with the new entry', timeout: 30_000})
      .toContain('websocket sécurisé → wss')
    expect(entriesOf('drafts.searchSynonyms-fr')).toHaveLength(before + 1)
    expect(entriesOf('drafts.searchSynonyms-fr')).toContain('salle → room')
    await expect(pane.getByTestId('input-validation-icon-error')).toHaveCount(0, {timeout: 30_000})

    // Published, the entry is in the French synonyms the index job and the build read. Right after an
    // edit the studio may still be validating an earlier revision and answer "Validation errors"; the
    // editor (and this test) publishes again once it has caught up.
    const publish = pane.getByTestId('action-publish')
    await expect
      .poll(
        async () => {
          if (await publish.isEnabled()) await publish.click()
          return entriesOf('searchSynonyms-fr')
        },
        {message: 'the published French synonyms hold the new entry', timeout: 60_000, intervals: [2_000, 4_000]},
      )
      .toContain('websocket sécurisé → wss')
    expect(entriesOf('searchSynonyms-fr')).toHaveLength(before + 1)
  })

  test('an entry without terms is refused with the rule’s message, and publishing is blocked', async ({openStudio}) => {
    const page = await openStudio('/structure/searchSynonyms;searchSynonyms-fr')
    const pane = page.getByTestId('document-pane')
    await expect(pane.getByText('salle → room', {exact: true})).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    await pane.getByRole('button', {name: 'Add item'}).click()
    const root = page.getByLabel('Root (one-way)')
    await expect(root).toBeVisible({timeout: 30_000})
    await root.fill('poignée de main')
    const dialog = page.getByRole('dialog').filter({has: root})
    await dialog.getByRole('button', {name: /close/i}).first().click()
    await expect(root).toBeHidden()
    // The entry in the list carries the error mark, which tells the rule's message on hover.
    const entry = pane.getByRole('button', {name: /^poignée de main →/})
    await expect(entry).toBeVisible({timeout: 30_000})
    await expect(pane.getByTestId('field-entries').getByTestId('input-validation-icon-error').first()).toBeVisible({timeout: 30_000})
    await expect(pane.getByTestId('action-publish')).toBeDisabled({timeout: 30_000})
    // Opened again, the entry's Terms field tells the rule's message.
    await entry.click()
    const reopened = page.getByRole('dialog').filter({has: page.getByLabel('Root (one-way)')})
    const mark = reopened.getByTestId('input-validation-icon-error').first()
    await expect(mark).toBeVisible({timeout: 30_000})
    await mark.hover()
    await expect(page.getByText('Add at least one term').first()).toBeVisible({timeout: 30_000})
  })
})
