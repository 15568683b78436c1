/**
 * The input of a theme colour: a swatch of the colour as the site will paint it (or of the site's own
 * colour when the field is empty), the CSS value as text, and a colour picker that writes #rrggbb.
 * The contrast checks of the palette show on the field as validation warnings (schemas/src/singletons/theme.ts).
 */
import {parseColour, SITE_PALETTE, toHex, type PaletteField} from '@site/schemas/theme'
import {Box, Card, Flex, Text, TextInput} from '@sanity/ui'
import type {ChangeEvent} from 'react'
import {PatchEvent, set, type StringInputProps, unset} from 'sanity'

/** The site's own colour for this field, from its path (light.primary, dark.footerBackground). */
function siteColour(path: StringInputProps['path']): string | undefined {
  const [mode, field] = path
  if ((mode !== 'light' && mode !== 'dark') || typeof field !== 'string') return undefined
  return SITE_PALETTE[mode][field as PaletteField]
}

export function ThemeColourInput(props: StringInputProps) {
  const value = props.value ?? ''
  const fallback = siteColour(props.path)
  const shown = value.trim() ? value : (fallback ?? '')
  const colour = parseColour(shown)
  const change = (text: string) => props.onChange(PatchEvent.from(text.trim() === '' ? unset() : set(text)))
  const label = value.trim() ? (colour ? `Swatch of ${value}` : `“${value}” is not a colour`) : `Swatch of the site’s own colour ${fallback ?? ''}`
  return (
    <Flex gap={2} align="center">
      <Card
        radius={2}
        shadow={1}
        data-testid="theme-colour-swatch"
        aria-label={label}
        title={label}
        style={{
          width: 36,
          height: 36,
          flex: 'none',
          // A checkerboard under the colour, so that a translucent one shows as such.
          backgroundImage: colour
            ? `linear-gradient(${shown}, ${shown}), repeating-conic-gradient(#d0d4d9 0% 25%, #ffffff 0% 50%)`
            : 'repeating-linear-gradient(45deg, #e0444a 0 4px, #ffffff 4px 8px)',
          backgroundSize: colour ? 'auto, 12px 12px' : 'auto',
        }}
      />
      <Box flex={1}>
        <TextInput
          {...props.elementProps}
          value={value}
          placeholder={fallback ? `${fallback} (the site’s own)` : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => change(event.currentTarget.value)}
        />
      </Box>
      <input
        type="color"
        aria-label={`Pick ${props.schemaType.title ?? 'a colour'}`}
        value={colour ? toHex(colour) : '#000000'}
        disabled={props.readOnly}
        onChange={(event) => change(event.currentTarget.value)}
        style={{width: 36, height: 36, padding: 0, border: 'none', background: 'none', cursor: 'pointer', flex: 'none'}}
      />
      {value.trim() && !colour ? (
        <Text size={1} muted>
          not a colour
        </Text>
      ) : null}
    </Flex>
  )
}
