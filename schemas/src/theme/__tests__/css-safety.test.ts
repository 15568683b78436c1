import {describe, expect, it} from 'vitest'
import {
  CLASS_SELECTOR,
  classRuleCss,
  declarationProblem,
  drawsIcon,
  fontFaceCss,
  fontFaceProblems,
  fontServiceOf,
  isFontFamilyList,
  isFontSize,
  isSitePath,
} from '../css-safety'

const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M4 4h16v16H4z'/%3E%3C/svg%3E"

describe('what a theme may put in a page', () => {
  it('accepts the selectors of carried-over class rules, and nothing that reaches beyond the class', () => {
    for (const selector of [
      '.header-github-link',
      'a.header-github-link:hover',
      '.header-github-link::before',
      "[data-theme='dark'] .header-github-link::before",
      '.badge.badge--new',
    ])
      expect(CLASS_SELECTOR.test(selector), selector).toBe(true)
    for (const selector of [
      '.navbar .x',
      'body',
      '#carbonads',
      '.x > a',
      '.x, .y',
      '.x::before::after',
      '.x:has(a)',
      "[data-theme='dark']",
      '.x{color:red}',
      '.x ::before',
    ])
      expect(CLASS_SELECTOR.test(selector), selector).toBe(false)
  })

  it('keeps what draws an icon: data: images, masks, sizes, and the box of a ::before', () => {
    const before = '.header-github-link::before'
    expect(declarationProblem(before, 'background', `url("${ICON}") no-repeat`)).toBeNull()
    expect(declarationProblem(before, 'mask', `url("${ICON}") no-repeat center`)).toBeNull()
    expect(declarationProblem(before, 'background-color', 'currentColor')).toBeNull()
    expect(declarationProblem(before, 'content', "''")).toBeNull()
    expect(declarationProblem(before, 'display', 'flex')).toBeNull()
    expect(declarationProblem(before, 'width', '24px')).toBeNull()
    expect(declarationProblem(before, 'filter', 'invert(1)')).toBeNull()
    expect(declarationProblem('.logo::before', 'background-image', 'url("/img/logo-mark.svg")')).toBeNull()
    expect(declarationProblem('.x', 'color', 'var(--color-primary)')).toBeNull()
  })

  it('refuses layout, other sites, scripts and anything that could end the rule', () => {
    const before = '.header-github-link::before'
    expect(declarationProblem('.x', 'position', 'fixed')).toMatch(/not a property that draws an icon/)
    expect(declarationProblem('.x', 'margin', '0')).toMatch(/not a property/)
    expect(declarationProblem('.x', 'display', 'none')).toMatch(/::before and ::after only/)
    expect(declarationProblem(before, 'display', 'grid')).toMatch(/display: grid is not kept/)
    expect(declarationProblem(before, 'background', 'url("https://tracker.example.com/pixel.png")')).toMatch(/neither a data: image nor a file/)
    expect(declarationProblem(before, 'background', 'url(/img/x.png)')).toMatch(/quoted address/)
    expect(declarationProblem(before, 'background', 'url("data:text/html,<script>")')).toMatch(/backslash, a < or a >|neither/)
    expect(declarationProblem(before, 'background', 'url("../../secret.png")')).toMatch(/neither a data: image nor a file/)
    expect(declarationProblem('.x', 'color', 'red;}body{display:none')).toMatch(/characters/)
    expect(declarationProblem('.x', 'color', 'red /*')).toMatch(/comment/)
    expect(declarationProblem('.x', 'color', 'red !important')).toMatch(/!important/)
    expect(declarationProblem('.x', 'color', 'var(--ifm-color-primary)')).toMatch(/not a variable of the site/)
    expect(declarationProblem('.x', 'background-image', 'image-set("a.png" 1x)')).toMatch(/image-set\(\) is not kept/)
    expect(declarationProblem(before, 'content', '"a long text that is not an icon"')).toMatch(/short text/)
    expect(declarationProblem('.x', 'color', '"unclosed')).toMatch(/not closed/)
  })

  it('writes a rule with only the declarations that pass, or nothing', () => {
    expect(
      classRuleCss({
        selector: '.header-github-link::before',
        declarations: [
          {property: 'content', value: "''"},
          {property: 'position', value: 'absolute'},
          {property: 'width', value: '24px'},
        ],
      }),
    ).toBe(".header-github-link::before{content:'';width:24px}")
    expect(classRuleCss({selector: 'body', declarations: [{property: 'color', value: 'red'}]})).toBeNull()
    expect(classRuleCss({selector: '.x', declarations: [{property: 'position', value: 'absolute'}]})).toBeNull()
  })

  it('tells a rule that draws an icon from one that sets a colour', () => {
    expect(drawsIcon({selector: '.gh::before', declarations: [{property: 'background', value: `url("${ICON}")`}]})).toBe(true)
    expect(drawsIcon({selector: '.gh::after', declarations: [{property: '-webkit-mask-image', value: `url("${ICON}")`}]})).toBe(true)
    expect(drawsIcon({selector: '.gh', declarations: [{property: 'background', value: `url("${ICON}")`}]})).toBe(false)
    expect(drawsIcon({selector: '.gh::before', declarations: [{property: 'color', value: 'red'}]})).toBe(false)
  })

  it('accepts font names, sizes, site paths and font service stylesheets', () => {
    expect(isFontFamilyList('"Public Sans", Helvetica, Arial, sans-serif')).toBe(true)
    expect(isFontFamilyList('system-ui, -apple-system, Segoe UI')).toBe(true)
    expect(isFontFamilyList('"Unclosed, serif')).toBe(false)
    expect(isFontFamilyList('x;} body {color: red')).toBe(false)
    expect(isFontSize('95%')).toBe(true)
    expect(isFontSize('0.875rem')).toBe(true)
    expect(isFontSize('calc(1em)')).toBe(false)
    expect(isSitePath('/fonts/space-mono.woff2')).toBe(true)
    expect(isSitePath('//evil.example.com/x.woff2')).toBe(false)
    expect(isSitePath('/fonts/../../etc/passwd')).toBe(false)
    expect(fontServiceOf('https://fonts.googleapis.com/css2?family=Space+Mono&display=swap')).toEqual({
      stylesheetHost: 'fonts.googleapis.com',
      fontHosts: ['fonts.gstatic.com'],
    })
    expect(fontServiceOf('http://fonts.googleapis.com/css2?family=Space+Mono')).toBeNull()
    expect(fontServiceOf('https://cdn.jsdelivr.net/npm/@mdi/font/css/materialdesignicons.min.css')).toBeNull()
  })

  it('writes @font-face rules of the site’s own files only', () => {
    const face = {family: 'Space Mono', sources: [{url: '/fonts/space-mono.woff2', format: 'woff2'}], weight: '700', style: 'normal', display: 'swap'}
    expect(fontFaceCss(face)).toBe(
      '@font-face{font-family:"Space Mono";src:url("/fonts/space-mono.woff2") format("woff2");font-weight:700;font-style:normal;font-display:swap}',
    )
    expect(fontFaceProblems({...face, sources: [{url: 'https://fonts.example.com/a.woff2'}]})).toEqual([
      'https://fonts.example.com/a.woff2: a font file must be a file of the site (a path starting with /)',
    ])
    expect(fontFaceCss({...face, weight: '700;}'})).toBeNull()
  })
})
