/**
 * The theme document as CSS: its colours set the custom properties of styles/tokens.css (light
 * and dark), its fonts and font files, and the rules of the site's classes, every value checked again
 * by @site/schemas/theme before it is written. Emitted once per page in a small <style> (its hash is in
 * the Content-Security-Policy); without a theme nothing is emitted and the site keeps its own design.
 */
import type {ThemeQueryResult} from '@site/schemas/types'
import {
  classRuleCss,
  drawsIcon,
  fontFaceCss,
  fontServiceOf,
  isColour,
  isFontFamilyList,
  isFontSize,
  type PaletteField,
  selectorClasses,
} from '@site/schemas/theme'

export type Theme = NonNullable<ThemeQueryResult>

/** The custom properties of styles/tokens.css each colour of the theme sets. */
const PROPERTIES: Readonly<Record<PaletteField, readonly string[]>> = {
  primary: ['--color-primary'],
  primaryDark: ['--color-primary-strong', '--color-primary-dark'],
  primaryDarker: ['--color-primary-darker'],
  primaryDarkest: ['--color-primary-darkest'],
  primaryLight: ['--color-primary-light'],
  primaryLighter: ['--color-primary-lighter'],
  primaryLightest: ['--color-primary-lightest'],
  onPrimary: ['--color-on-primary'],
  link: ['--color-link'],
  background: ['--color-bg'],
  surface: ['--color-bg-raised'],
  text: ['--color-text'],
  navbarBackground: ['--navbar-bg'],
  navbarLink: ['--navbar-link'],
  footerBackground: ['--footer-bg'],
  footerText: ['--footer-text'],
  footerLink: ['--footer-link'],
  highlightedLine: ['--color-highlight-line'],
}

/** Docusaurus's dark footer (footer.style 'dark'), in both colour modes, where the theme gives no footer colours. */
const DARK_FOOTER: Readonly<Partial<Record<PaletteField, string>>> = {footerBackground: '#303846', footerText: '#ebedf0', footerLink: '#ebedf0'}

function paletteDeclarations(palette: Theme['light'] | Theme['dark'], footerStyle: Theme['footerStyle']): string[] {
  const given = (palette ?? {}) as Partial<Record<PaletteField, string | null>>
  const valid = new Map<PaletteField, string>()
  for (const field of Object.keys(PROPERTIES) as PaletteField[]) {
    const value = given[field] ?? (footerStyle === 'dark' ? DARK_FOOTER[field] : undefined)
    if (typeof value === 'string' && isColour(value) && !/[;{}<>\\]/.test(value)) valid.set(field, value.trim())
  }
  const declarations = [...valid].flatMap(([field, value]) => PROPERTIES[field].map((property) => `${property}:${value}`))
  // Colours the site's stylesheets mix from the theme's: the soft primary of hovered menu items, the muted text.
  if (valid.has('primary') || valid.has('background')) declarations.push('--color-primary-soft:color-mix(in srgb,var(--color-primary) 12%,var(--color-bg))')
  if (valid.has('text') || valid.has('background')) declarations.push('--color-text-muted:color-mix(in srgb,var(--color-text) 72%,var(--color-bg))')
  // Links keep their colour on hover, as in Docusaurus (the site's own hover colour suits its own palette only).
  if (valid.has('primary') || valid.has('link')) declarations.push('--color-link-hover:var(--color-link,var(--color-primary))')
  return declarations
}

/** The CSS of a theme: custom properties of each mode, @font-face rules, rules of the site's classes; '' for none. */
export function themeStylesheet(theme: Theme | null): string {
  if (!theme) return ''
  const light = paletteDeclarations(theme.light, theme.footerStyle)
  const dark = paletteDeclarations(theme.dark, theme.footerStyle)
  const fonts = theme.fonts ?? {base: null, headings: null, monospace: null}
  const shared = [
    ...(fonts.base && isFontFamilyList(fonts.base) ? [`--font-body:${fonts.base}`] : []),
    ...(fonts.headings && isFontFamilyList(fonts.headings) ? [`--font-headings:${fonts.headings}`] : []),
    ...(fonts.monospace && isFontFamilyList(fonts.monospace) ? [`--font-mono:${fonts.monospace}`] : []),
    ...(theme.codeFontSize && isFontSize(theme.codeFontSize) ? [`--code-font-size:${theme.codeFontSize}`] : []),
  ]
  // Twice the specificity of tokens.css's :root and [data-theme='dark'], so that the order of stylesheets does not matter.
  const parts = [
    ...(light.length + shared.length > 0 ? [`:root:root{${[...shared, ...light].join(';')}}`] : []),
    ...(dark.length > 0 ? [`:root[data-theme='dark']{${dark.join(';')}}`] : []),
    ...(theme.fontFaces ?? []).flatMap((face) => {
      const css = fontFaceCss(face)
      return css ? [css] : []
    }),
    ...(theme.classRules ?? []).flatMap((rule) => {
      const css = classRuleCss(rule)
      return css ? [css] : []
    }),
  ]
  return parts.join('\n')
}

/** The font service stylesheets pages link to (only https stylesheets of known services). */
export function themeFontStylesheets(theme: Theme | null): string[] {
  return (theme?.fontStylesheets ?? []).filter((url): url is string => typeof url === 'string' && fontServiceOf(url) !== null)
}

/** Hosts the font service stylesheets load fonts from: connected to early. */
export function themeFontHosts(theme: Theme | null): string[] {
  return [...new Set(themeFontStylesheets(theme).flatMap((url) => fontServiceOf(url)?.fontHosts ?? []))]
}

const iconClassCache = new WeakMap<Theme, ReadonlySet<string>>()
const NO_CLASSES: ReadonlySet<string> = new Set()

/** Classes whose rules draw an icon: a link with one and no label shows that icon instead of the site's own. */
export function iconClasses(theme: Theme | null): ReadonlySet<string> {
  if (!theme) return NO_CLASSES
  const cached = iconClassCache.get(theme)
  if (cached) return cached
  const classes = new Set<string>()
  for (const rule of theme.classRules ?? []) {
    if (classRuleCss(rule) !== null && drawsIcon(rule)) for (const name of selectorClasses(rule.selector ?? '')) classes.add(name)
  }
  iconClassCache.set(theme, classes)
  return classes
}
