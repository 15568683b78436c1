// The cascade the theme reads colours with: selectors matched and weighed as a browser does, custom
// properties inherited and substituted, and the site's declaration that decided each value.
import {describe, expect, it} from 'vitest'
import {DiagnosticLog} from '../../../diagnostics'
import {backgroundColourOf, Cascade} from '../cascade'
import {INFIMA_DEFAULTS} from '../infima'
import {matches, parseSelectorList, type Probe, specificity} from '../selectors'
import {StylesheetReader} from '../stylesheets'

const html = (mode: 'light' | 'dark'): Probe => ({tag: 'html', classes: [], attributes: {'data-theme': mode}})
const footer = (mode: 'light' | 'dark'): Probe => ({tag: 'footer', classes: ['footer', 'footer--dark'], parent: {tag: 'body', classes: [], parent: html(mode)}})

function selector(text: string) {
  const parsed = parseSelectorList(text)?.[0]
  if (!parsed) throw new Error(`${text} did not parse`)
  return parsed
}

/** A cascade of Infima's defaults and `css` as the site's custom.css. */
function cascadeOf(css: string): Cascade {
  const reader = new StylesheetReader({contentDir: '/site', log: new DiagnosticLog(), configFile: 'docusaurus.config.js', field: 'theme.customCss'})
  reader.addDefaults(INFIMA_DEFAULTS)
  reader.addSiteCss(css, 'src/css/custom.css')
  return new Cascade(reader.result.rules)
}

describe('selectors', () => {
  it('weighs selectors as CSS does, :where() counting nothing and :is()/:not() their heaviest argument', () => {
    expect(specificity(selector(':root'))).toEqual([0, 1, 0])
    expect(specificity(selector("html[data-theme='dark']"))).toEqual([0, 1, 1])
    expect(specificity(selector(":root[data-theme='dark']"))).toEqual([0, 2, 0])
    expect(specificity(selector(':where(.button--primary)'))).toEqual([0, 0, 0])
    expect(specificity(selector('#main .x:not(.y, #z) a::before'))).toEqual([2, 1, 2])
  })

  it('matches the elements of a page in a colour mode, through descendants and children only', () => {
    expect(matches(selector("html[data-theme='dark'] .footer--dark"), footer('dark'))).toBe(true)
    expect(matches(selector("[data-theme='dark'] .footer--dark"), footer('light'))).toBe(false)
    expect(matches(selector('body > .footer'), footer('light'))).toBe(true)
    expect(matches(selector('html > .footer'), footer('light'))).toBe(false)
    expect(matches(selector('.footer:not(.footer--dark)'), footer('light'))).toBe(false)
    expect(matches(selector('.navbar + .footer'), footer('light'))).toBe(false)
    expect(matches(selector('.footer:hover'), footer('light'))).toBe(false)
    expect(matches(selector(':root'), html('light'))).toBe(true)
  })

  it('reads what it cannot match as nothing, not as a rule of every element', () => {
    expect(parseSelectorList('.a ]b')).toBeNull()
    expect(parseSelectorList('.a, .b::before')?.map((complex) => complex.text)).toEqual(['.a', '.b::before'])
  })
})

describe('the cascade', () => {
  it('lets Infima’s html[data-theme=dark] win over a site’s less specific [data-theme=dark], as in the browser', () => {
    const cascade = cascadeOf("[data-theme='dark'] { --ifm-background-color: #000; --ifm-color-primary: #88c0ff; }")
    const dark = cascade.customProperties(html('dark'))
    expect(dark.get('--ifm-background-color')?.value).toBe('#1b1b1d')
    expect(dark.get('--ifm-color-primary')?.value).toBe('#88c0ff')
    expect(dark.get('--ifm-color-primary')?.source?.at.line).toBe(1)
  })

  it('substitutes variables through the site’s own ones, with fallbacks, and remembers every declaration used', () => {
    const cascade = cascadeOf(':root {\n  --brand: #0f1689;\n  --ifm-color-primary: var(--brand);\n  --ifm-link-color: var(--missing, var(--brand));\n}')
    const root = cascade.customProperties(html('light'))
    expect(root.get('--ifm-color-primary')).toMatchObject({value: '#0f1689', source: {property: '--ifm-color-primary', at: {line: 3}}})
    expect(root.get('--ifm-color-primary')?.uses.map((use) => use.property)).toEqual(['--ifm-color-primary', '--brand'])
    expect(root.get('--ifm-link-color')?.value).toBe('#0f1689')
  })

  it('treats variables that refer to each other as invalid, and an invalid colour as inherited', () => {
    const cascade = cascadeOf(':root { --a: var(--b); --b: var(--a); }\nhtml { color: var(--a); }')
    expect(cascade.customProperties(html('light')).get('--a')).toBeNull()
    // The root's colour is then unset: it has nothing to inherit, and the body inherits that.
    expect(cascade.property({tag: 'body', classes: [], parent: html('light')}, 'color')).toBeNull()
  })

  it('computes the dark footer from footer--dark’s own variables, and a site’s background on it', () => {
    const cascade = cascadeOf(
      ".footer--dark { --ifm-footer-link-color: #c0c8ff; }\nhtml[data-theme='dark'] .footer--dark { background: url('/img/map.png') no-repeat, #101418; }",
    )
    expect(cascade.property(footer('light'), 'background-color')?.value).toBe('#303846')
    expect(cascade.property(footer('light'), 'color')?.value).toBe('#c0c8ff')
    expect(cascade.property(footer('dark'), 'background-color')).toMatchObject({value: '#101418', source: {property: 'background', at: {line: 2}}})
  })

  it('finds the colour of a background shorthand', () => {
    expect(backgroundColourOf("url('/img/a.png') no-repeat center / cover, rgb(1 2 3)")).toBe('rgb(1 2 3)')
    expect(backgroundColourOf('url("/img/a.png") repeat-x')).toBe('transparent')
    expect(backgroundColourOf('#fff')).toBe('#fff')
  })
})
