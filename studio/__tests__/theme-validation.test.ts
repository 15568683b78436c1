/**
 * The theme document against the studio's own validation (Sanity's validateDocument over the compiled
 * schema, offline): a colour that is not one is an error; a primary colour that text on it or links in
 * it cannot be read on is a warning on that field, with the ratio, in the mode it is in.
 */
import {schemaTypes} from '@site/schemas'
import {validateDocument} from '@sanity/validation'
import type {SanityDocument} from '@sanity/types'
import {createSchema} from 'sanity'
import {describe, expect, it} from 'vitest'
import {datasetClientStandIn} from '@site/test-support/sanity-api/dataset-client'

const schema = createSchema({name: 'default', types: schemaTypes})

async function markersOf(fields: Record<string, unknown>) {
  const document = {_id: 'drafts.theme', _type: 'theme', _rev: 'r', _createdAt: '', _updatedAt: '', ...fields} as SanityDocument
  const result = await validateDocument({document, schema, client: datasetClientStandIn([]), getDocumentExists: async () => false})
  const segment = (part: unknown) => (typeof part === 'object' && part !== null && '_key' in part ? String((part as {_key: string})._key) : String(part))
  return result.markers.map((marker) => ({level: marker.level, path: marker.path.map(segment).join('.'), message: marker.message}))
}

describe('the theme’s validation in the studio', () => {
  it('passes a theme whose colours keep WCAG AA in both modes', async () => {
    expect(
      await markersOf({
        light: {_type: 'themePaletteLight', primary: '#1f5fbf', onPrimary: '#ffffff', background: '#ffffff'},
        dark: {_type: 'themePaletteDark', primary: '#8fb0ff', onPrimary: '#000000', background: '#1b1b1d'},
        fonts: {base: '"Public Sans", sans-serif'},
        codeFontSize: '95%',
      }),
    ).toEqual([])
  })

  it('warns on a light primary too pale for white text and for links, giving the ratio', async () => {
    expect(await markersOf({light: {_type: 'themePaletteLight', primary: '#f69220'}})).toEqual([
      {
        level: 'warning',
        path: 'light.primary',
        message: 'Text on the primary colour (buttons, light mode) has a contrast of 2.32:1, below the 4.5:1 of WCAG AA',
      },
    ])
  })

  it('warns on the link colour when it is the one that fails, and on the dark mode’s own fields', async () => {
    const markers = await markersOf({
      light: {_type: 'themePaletteLight', primary: '#0f1689', link: '#2ba0d3'},
      dark: {_type: 'themePaletteDark', primary: '#3b2a7a'},
    })
    expect(markers.map((marker) => `${marker.level} ${marker.path}: ${marker.message}`)).toEqual([
      'warning light.link: Links on the background (light mode) has a contrast of 2.96:1, below the 4.5:1 of WCAG AA',
      'warning dark.primary: Text on the primary colour (buttons, dark mode) has a contrast of 1.52:1, below the 4.5:1 of WCAG AA',
    ])
  })

  it('refuses what is not a colour, a font list or a size, and class rules that would reach beyond icons and colours', async () => {
    const markers = await markersOf({
      light: {_type: 'themePaletteLight', primary: 'var(--brand)'},
      fonts: {base: 'Inter; } body { display: none'},
      codeFontSize: 'large',
      fontStylesheets: ['https://cdn.example.net/fonts.css'],
      classRules: [
        {
          _key: 'a',
          _type: 'themeClassRule',
          selector: '.navbar .x',
          declarations: [{_key: 'd', _type: 'themeDeclaration', property: 'position', value: 'fixed'}],
        },
      ],
    })
    expect(
      markers
        .filter((marker) => marker.level === 'error')
        .map((marker) => marker.path)
        .sort(),
    ).toEqual([
      'classRules.a.declarations',
      'classRules.a.declarations.d.property',
      'classRules.a.selector',
      'codeFontSize',
      'fontStylesheets.0',
      'fonts.base',
      'light.primary',
    ])
    expect(markers.find((marker) => marker.path === 'light.primary')?.message).toBe(
      '"var(--brand)" is not a colour: write it as #rrggbb, rgb(…), hsl(…) or a colour name',
    )
  })
})
