/**
 * The colours of a theme, per colour mode: what each one is, the Infima variable a Docusaurus site
 * sets it with, the value the site has when the theme leaves it empty (the site's own design,
 * web/src/styles/tokens.css), and the WCAG AA checks every mode must pass.
 */
import {contrastRatio, formatRatio, parseColour, type Rgba} from './colour'

export type ColourMode = 'light' | 'dark'

export const PALETTE_FIELDS = [
  {name: 'primary', title: 'Primary', variable: '--ifm-color-primary', description: 'Links, buttons, the current page in menus.'},
  {name: 'primaryDark', title: 'Primary, dark', variable: '--ifm-color-primary-dark', description: 'Buttons and links on hover.'},
  {name: 'primaryDarker', title: 'Primary, darker', variable: '--ifm-color-primary-darker'},
  {name: 'primaryDarkest', title: 'Primary, darkest', variable: '--ifm-color-primary-darkest'},
  {name: 'primaryLight', title: 'Primary, light', variable: '--ifm-color-primary-light'},
  {name: 'primaryLighter', title: 'Primary, lighter', variable: '--ifm-color-primary-lighter'},
  {name: 'primaryLightest', title: 'Primary, lightest', variable: '--ifm-color-primary-lightest'},
  {name: 'onPrimary', title: 'Text on the primary colour', variable: '--ifm-font-color-base-inverse', description: 'The label of primary buttons.'},
  {name: 'link', title: 'Links', variable: '--ifm-link-color', description: 'Empty: the primary colour.'},
  {name: 'background', title: 'Background', variable: '--ifm-background-color'},
  {name: 'surface', title: 'Surfaces', variable: '--ifm-background-surface-color', description: 'Menus, cards, the search dialog.'},
  {name: 'text', title: 'Text', variable: '--ifm-font-color-base'},
  {name: 'navbarBackground', title: 'Navbar background', variable: '--ifm-navbar-background-color'},
  {name: 'navbarLink', title: 'Navbar links', variable: '--ifm-navbar-link-color'},
  {name: 'footerBackground', title: 'Footer background', variable: '--ifm-footer-background-color'},
  {name: 'footerText', title: 'Footer text', variable: '--ifm-footer-color'},
  {name: 'footerLink', title: 'Footer links', variable: '--ifm-footer-link-color'},
  {name: 'highlightedLine', title: 'Highlighted code lines', variable: '--docusaurus-highlighted-code-line-bg', description: 'Usually translucent.'},
] as const

export type PaletteField = (typeof PALETTE_FIELDS)[number]['name']

/** A mode's colours as CSS colour values; an absent one is the site's own. */
export type Palette = Partial<Record<PaletteField, string | null>>

/**
 * The site's own colours (web/src/styles/tokens.css) in each mode: what an empty field of the theme
 * means, and what the contrast checks compare a partly filled palette with.
 */
export const SITE_PALETTE: Readonly<Record<ColourMode, Readonly<Record<PaletteField, string>>>> = {
  light: {
    primary: '#2f5fd0',
    primaryDark: '#1f46a6',
    primaryDarker: '#1f46a6',
    primaryDarkest: '#1f46a6',
    primaryLight: '#2f5fd0',
    primaryLighter: '#2f5fd0',
    primaryLightest: '#2f5fd0',
    onPrimary: '#ffffff',
    link: '#2f5fd0',
    background: '#ffffff',
    surface: '#ffffff',
    text: '#1c1e21',
    navbarBackground: '#ffffff',
    navbarLink: '#1c1e21',
    footerBackground: '#f5f6f8',
    footerText: '#1c1e21',
    footerLink: '#2f5fd0',
    highlightedLine: 'rgba(47, 95, 208, 0.12)',
  },
  dark: {
    primary: '#8fb0ff',
    primaryDark: '#b5cbff',
    primaryDarker: '#b5cbff',
    primaryDarkest: '#b5cbff',
    primaryLight: '#8fb0ff',
    primaryLighter: '#8fb0ff',
    primaryLightest: '#8fb0ff',
    onPrimary: '#16181d',
    link: '#8fb0ff',
    background: '#16181d',
    surface: '#22252d',
    text: '#e6e8eb',
    navbarBackground: '#22252d',
    navbarLink: '#e6e8eb',
    footerBackground: '#1e2128',
    footerText: '#e6e8eb',
    footerLink: '#8fb0ff',
    highlightedLine: 'rgba(143, 176, 255, 0.16)',
  },
}

/** WCAG 2.x level AA for text of normal size. */
export const AA_TEXT_RATIO = 4.5

export interface ContrastProblem {
  /** The field to show the problem on: the one whose colour the check is about. */
  field: PaletteField
  /** The fields whose colours were compared (text first), for messages naming where each came from. */
  compared: readonly [PaletteField, PaletteField]
  ratio: number
  message: string
}

function colourOf(palette: Palette, mode: ColourMode, field: PaletteField): Rgba | null {
  const given = palette[field]
  return parseColour(typeof given === 'string' && given.trim() ? given : SITE_PALETTE[mode][field])
}

/**
 * The checks a mode's palette must pass, in WCAG AA for text (4.5:1): the label of primary buttons on
 * the primary colour, and link text (the link colour, else the primary one) on the background.
 * Colours the palette leaves empty are the site's own; a colour that cannot be read is not checked
 * (the field's own validation says so).
 */
export function paletteContrastProblems(palette: Palette, mode: ColourMode): ContrastProblem[] {
  const problems: ContrastProblem[] = []
  const siteBackground = parseColour(SITE_PALETTE[mode].background) ?? {r: 255, g: 255, b: 255, a: 1}
  const background = colourOf(palette, mode, 'background')
  // What translucent colours are painted on: the page's background (the site's own when that is translucent too).
  const canvas = background && background.a === 1 ? background : siteBackground
  const primary = colourOf(palette, mode, 'primary')
  const onPrimary = colourOf(palette, mode, 'onPrimary')
  const modeName = mode === 'light' ? 'light mode' : 'dark mode'
  if (primary && onPrimary && (palette.primary || palette.onPrimary)) {
    const ratio = contrastRatio(onPrimary, primary, canvas)
    if (ratio < AA_TEXT_RATIO) {
      problems.push({
        field: palette.primary ? 'primary' : 'onPrimary',
        compared: ['onPrimary', 'primary'],
        ratio,
        message: `Text on the primary colour (buttons, ${modeName}) has a contrast of ${formatRatio(ratio)}, below the ${AA_TEXT_RATIO}:1 of WCAG AA`,
      })
    }
  }
  const linkField: PaletteField = palette.link ? 'link' : 'primary'
  const link = colourOf(palette, mode, linkField)
  if (link && background && (palette[linkField] || palette.background)) {
    const ratio = contrastRatio(link, background, siteBackground)
    if (ratio < AA_TEXT_RATIO) {
      problems.push({
        field: palette[linkField] ? linkField : 'background',
        compared: [linkField, 'background'],
        ratio,
        message: `${linkField === 'link' ? 'Links' : 'The primary colour as link text'} on the background (${modeName}) has a contrast of ${formatRatio(ratio)}, below the ${AA_TEXT_RATIO}:1 of WCAG AA`,
      })
    }
  }
  return problems
}
