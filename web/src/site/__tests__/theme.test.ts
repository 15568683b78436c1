// The theme as the CSS of a page: tokens.css's custom properties in each mode, fonts, font files, the
// site's class rules, and nothing that the checks of @site/schemas/theme refuse, whatever the document holds.
import {describe, expect, it} from 'vitest'
import {iconClasses, type Theme, themeFontHosts, themeFontStylesheets, themeStylesheet} from '../theme'

const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8'/%3E%3C/svg%3E"

/** A theme document as the query gives it; fields may hold what no validation let through. */
function theme(fields: Record<string, unknown>): Theme {
  return {
    light: null,
    dark: null,
    footerStyle: null,
    fonts: null,
    codeFontSize: null,
    fontStylesheets: null,
    fontFaces: null,
    classRules: null,
    ...fields,
  }
}

describe('themeStylesheet', () => {
  it('is empty without a theme: the site keeps its own design', () => {
    expect(themeStylesheet(null)).toBe('')
    expect(themeStylesheet(theme({}))).toBe('')
  })

  it('sets tokens.css’s properties from each mode’s colours, twice as specific as tokens.css’s own', () => {
    const css = themeStylesheet(
      theme({
        light: {_type: 'themePaletteLight', primary: '#2e6fdb', primaryDark: '#2462c9', onPrimary: '#fff', navbarBackground: '#10213f'},
        dark: {_type: 'themePaletteDark', primary: '#7ea6e9', background: '#1b1b1d'},
        fonts: {base: null, headings: 'Georgia, serif', monospace: null},
        codeFontSize: '95%',
      }),
    )
    const [light = '', dark = ''] = css.split('\n')
    expect(light).toBe(
      ':root:root{--font-headings:Georgia, serif;--code-font-size:95%;--color-primary:#2e6fdb;--color-primary-strong:#2462c9;--color-primary-dark:#2462c9;--color-on-primary:#fff;--navbar-bg:#10213f;--color-primary-soft:color-mix(in srgb,var(--color-primary) 12%,var(--color-bg));--color-link-hover:var(--color-link,var(--color-primary))}',
    )
    expect(dark).toBe(
      ":root[data-theme='dark']{--color-primary:#7ea6e9;--color-bg:#1b1b1d;--color-primary-soft:color-mix(in srgb,var(--color-primary) 12%,var(--color-bg));--color-text-muted:color-mix(in srgb,var(--color-text) 72%,var(--color-bg));--color-link-hover:var(--color-link,var(--color-primary))}",
    )
  })

  it('gives a dark footer its dark colours in both modes when the theme gives none', () => {
    const css = themeStylesheet(theme({footerStyle: 'dark', light: {_type: 'themePaletteLight', footerLink: '#c9d7f5'}}))
    expect(css).toContain('--footer-bg:#303846;--footer-text:#ebedf0;--footer-link:#c9d7f5')
    expect(css).toContain(":root[data-theme='dark']{--footer-bg:#303846;--footer-text:#ebedf0;--footer-link:#ebedf0}")
  })

  it('writes the font files and the class rules, checked again', () => {
    const css = themeStylesheet(
      theme({
        fontFaces: [
          {family: 'Space Mono', sources: [{url: '/fonts/space-mono.woff2', format: 'woff2'}], weight: '400', style: null, display: 'swap', unicodeRange: null},
        ],
        classRules: [
          {
            selector: '.header-github-link::before',
            declarations: [
              {property: 'content', value: "''"},
              {property: 'mask', value: `url("${ICON}") no-repeat`},
            ],
          },
          {selector: "[data-theme='dark'] .header-github-link::before", declarations: [{property: 'filter', value: 'invert(1)'}]},
        ],
      }),
    )
    expect(css.split('\n')).toEqual([
      '@font-face{font-family:"Space Mono";src:url("/fonts/space-mono.woff2") format("woff2");font-weight:400;font-display:swap}',
      `.header-github-link::before{content:'';mask:url("${ICON}") no-repeat}`,
      "[data-theme='dark'] .header-github-link::before{filter:invert(1)}",
    ])
  })

  it('leaves out what a document written around the studio’s validation could hold', () => {
    const css = themeStylesheet(
      theme({
        light: {_type: 'themePaletteLight', primary: 'red;} body{display:none', text: '</style><script>alert(1)</script>', background: '#fff'},
        fonts: {base: 'x;} * {color: red', headings: null, monospace: null},
        codeFontSize: '1em;}',
        fontFaces: [
          {
            family: 'Remote',
            sources: [{url: 'https://fonts.example.net/a.woff2', format: 'woff2'}],
            weight: null,
            style: null,
            display: null,
            unicodeRange: null,
          },
        ],
        classRules: [
          {selector: 'body', declarations: [{property: 'display', value: 'none'}]},
          {
            selector: '.x',
            declarations: [
              {property: 'position', value: 'fixed'},
              {property: 'background', value: 'url("https://tracker.example.com/p.png")'},
            ],
          },
        ],
      }),
    )
    expect(css).toBe(
      ':root:root{--color-bg:#fff;--color-primary-soft:color-mix(in srgb,var(--color-primary) 12%,var(--color-bg));--color-text-muted:color-mix(in srgb,var(--color-text) 72%,var(--color-bg))}',
    )
    expect(css).not.toContain('<')
  })
})

describe('fonts of services and icon classes', () => {
  it('links only https stylesheets of font services, and connects early to the hosts of their fonts', () => {
    const value = theme({
      fontStylesheets: ['https://fonts.googleapis.com/css2?family=Lora', 'https://cdn.example.net/icons.css', 'http://fonts.googleapis.com/css2?family=X'],
    })
    expect(themeFontStylesheets(value)).toEqual(['https://fonts.googleapis.com/css2?family=Lora'])
    expect(themeFontHosts(value)).toEqual(['fonts.gstatic.com'])
  })

  it('names the classes whose rules draw an icon, and not those that only colour', () => {
    const value = theme({
      classRules: [
        {selector: '.header-github-link::before', declarations: [{property: 'mask', value: `url("${ICON}")`}]},
        {selector: '.badge-new', declarations: [{property: 'color', value: '#4a2c8f'}]},
      ],
    })
    expect([...iconClasses(value)]).toEqual(['header-github-link'])
    expect(iconClasses(null).size).toBe(0)
  })
})
