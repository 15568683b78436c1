/** The built studio starts against the Sanity API stand-in: signed in with a token, at the login screen without. */
import {expect, test} from './studio-fixtures'

test.describe('studio sign-in (Sanity API stand-in)', () => {
  test('an editor with a token sees the content structure, not the login screen', async ({openStudio, standIn}) => {
    const page = await openStudio('/structure')
    const structure = page.getByTestId('structure-tool-list-pane').first()
    for (const title of ['Docs', 'Blog', 'Changelog', 'Pages', 'Home page', 'Interface strings', 'Translation status', 'Site settings']) {
      await expect(structure.getByRole('link', {name: title, exact: true})).toBeVisible()
    }
    await expect(page.getByText(/choose login provider/i)).toHaveCount(0)
    expect(standIn.requests.some((request) => request.path.endsWith('/users/me'))).toBe(true)
  })

  test.describe('without a token', () => {
    test.use({signedIn: false})
    test('the studio asks the editor to sign in', async ({openStudio}) => {
      const page = await openStudio('/structure')
      await expect(page.getByText(/choose login provider/i)).toBeVisible()
      await expect(page.getByTestId('structure-tool-list-pane')).toHaveCount(0)
    })
  })
})
