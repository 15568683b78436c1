/** Editors change the site's look in the Theme: a colour with its swatch, and a warning when text on it cannot be read. */
import {FIRST_OPEN_TIMEOUT} from './environment'
import {expect, test} from './studio-fixtures'

test.describe('studio theme (Sanity API stand-in)', () => {
  test('a primary colour too pale for the text on it shows the contrast warning with its ratio, and a readable one clears it', async ({
    openStudio,
    standIn,
  }) => {
    // The dataset of content/ has no theme: the singleton opens empty, and is made on the first edit.
    const page = await openStudio('/structure/theme')
    const pane = page.getByTestId('document-pane')
    const field = pane.getByTestId('field-light.primary')
    const input = field.locator('input[type="text"]')
    await expect(input).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    // Empty, the swatch shows the site's own colour.
    await expect(field.getByTestId('theme-colour-swatch')).toHaveAttribute('aria-label', 'Swatch of the site’s own colour #2f5fd0')

    await input.fill('#f69220')
    await expect(field.getByTestId('theme-colour-swatch')).toHaveAttribute('aria-label', 'Swatch of #f69220')
    const warning = field.getByTestId('input-validation-icon-warning')
    await expect(warning).toBeVisible({timeout: 30_000})
    await warning.hover()
    await expect(page.getByText('Text on the primary colour (buttons, light mode) has a contrast of 2.32:1, below the 4.5:1 of WCAG AA')).toBeVisible()
    // A warning, not an error: the theme can be published as the site has it.
    await expect(field.getByTestId('input-validation-icon-error')).toHaveCount(0)
    await expect.poll(() => JSON.stringify(standIn.writes), {message: 'the edit reached the API as a draft of the theme', timeout: 30_000}).toContain('#f69220')

    await input.fill('#1f5fbf')
    await expect(warning).toHaveCount(0, {timeout: 30_000})
    await expect(pane.getByTestId('action-publish')).toBeEnabled({timeout: 30_000})
  })

  test('a value that is not a colour is an error that blocks publishing', async ({openStudio}) => {
    const page = await openStudio('/structure/theme')
    const pane = page.getByTestId('document-pane')
    const field = pane.getByTestId('field-light.primary')
    const input = field.locator('input[type="text"]')
    await expect(input).toBeVisible({timeout: FIRST_OPEN_TIMEOUT})
    await input.fill('var(--brand)')
    const error = field.getByTestId('input-validation-icon-error')
    await expect(error).toBeVisible({timeout: 30_000})
    await error.hover()
    await expect(page.getByText('"var(--brand)" is not a colour: write it as #rrggbb, rgb(…), hsl(…) or a colour name')).toBeVisible()
    await expect(pane.getByTestId('action-publish')).toBeDisabled()
  })
})
