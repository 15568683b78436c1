import {describe, expect, it} from 'vitest'
import {contrastRatio, formatRatio, parseColour, toHex} from '../colour'
import {paletteContrastProblems} from '../palette'

const rgb = (value: string) => {
  const colour = parseColour(value)
  if (!colour) throw new Error(`${value} did not parse`)
  return {...colour, r: Math.round(colour.r), g: Math.round(colour.g), b: Math.round(colour.b), a: Math.round(colour.a * 1000) / 1000}
}

describe('reading CSS colours', () => {
  it('reads hex in its four lengths', () => {
    expect(rgb('#2e6fdb')).toEqual({r: 46, g: 111, b: 219, a: 1})
    expect(rgb('#FFF')).toEqual({r: 255, g: 255, b: 255, a: 1})
    expect(rgb('#0008')).toEqual({r: 0, g: 0, b: 0, a: 0.533})
    expect(rgb('#10213f80')).toEqual({r: 16, g: 33, b: 63, a: 0.502})
  })

  it('reads rgb() and hsl() with commas or spaces, numbers or percentages, and an alpha', () => {
    expect(rgb('rgb(39, 40, 34)')).toEqual({r: 39, g: 40, b: 34, a: 1})
    expect(rgb('rgba(0,0,0,.1)')).toEqual({r: 0, g: 0, b: 0, a: 0.1})
    expect(rgb('rgb(55 60 75)')).toEqual({r: 55, g: 60, b: 75, a: 1})
    expect(rgb('rgb(55 60 75 / 40%)')).toEqual({r: 55, g: 60, b: 75, a: 0.4})
    // What Dart Sass writes for darken() and friends.
    expect(rgb('rgb(12.9080723198%, 67.6801629743%, 55.8186911128%)')).toEqual({r: 33, g: 173, b: 142, a: 1})
    expect(rgb('hsl(0, 0%, 98%)')).toEqual({r: 250, g: 250, b: 250, a: 1})
    expect(rgb('hsl(120deg 100% 25%)')).toEqual({r: 0, g: 128, b: 0, a: 1})
    expect(rgb('hsla(0.5turn, 100%, 50%, 0.5)')).toEqual({r: 0, g: 255, b: 255, a: 0.5})
  })

  it('reads named colours and transparent, in any case', () => {
    expect(rgb('RebeccaPurple')).toEqual({r: 102, g: 51, b: 153, a: 1})
    expect(rgb('white')).toEqual({r: 255, g: 255, b: 255, a: 1})
    expect(rgb('transparent').a).toBe(0)
  })

  it('refuses what is not a colour it can read', () => {
    for (const value of ['var(--navy)', 'currentColor', 'linear-gradient(red, blue)', '#12', '#ggg', 'rgb(1, 2)', 'blurple', 'rgb(1 2 3 / 4 / 5)', '']) {
      expect(parseColour(value), value).toBeNull()
    }
  })

  it('writes #rrggbb for a colour picker', () => {
    expect(toHex(rgb('rgb(246 146 32)'))).toBe('#f69220')
  })
})

describe('WCAG contrast', () => {
  it('gives the ratios of the WCAG formula', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5)
    expect(contrastRatio(rgb('#fff'), rgb('#fff'))).toBeCloseTo(1, 5)
    // A well-known pair: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2)
    expect(contrastRatio(rgb('#777777'), rgb('#ffffff'))).toBeLessThan(4.5)
  })

  it('paints a translucent background on the canvas first', () => {
    const black = rgb('#000')
    expect(contrastRatio(black, rgb('rgba(0, 0, 0, 0)'))).toBeCloseTo(21, 5)
    expect(contrastRatio(black, rgb('rgba(0, 0, 0, 0)'), rgb('#000'))).toBeCloseTo(1, 5)
  })

  it('never rounds a failing ratio up to a pass', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1')
    expect(formatRatio(21)).toBe('21.00:1')
  })
})

describe('the contrast checks of a palette', () => {
  it('finds text on an orange primary and the orange as link text too light in light mode', () => {
    const problems = paletteContrastProblems({primary: '#f69220', onPrimary: '#ffffff', background: '#ffffff'}, 'light')
    expect(problems.map((problem) => [problem.field, formatRatio(problem.ratio)])).toEqual([
      ['primary', '2.32:1'],
      ['primary', '2.32:1'],
    ])
    expect(problems[0]?.message).toBe('Text on the primary colour (buttons, light mode) has a contrast of 2.32:1, below the 4.5:1 of WCAG AA')
    expect(problems[1]?.message).toBe('The primary colour as link text on the background (light mode) has a contrast of 2.32:1, below the 4.5:1 of WCAG AA')
  })

  it('checks the link colour instead of the primary one when the palette has one', () => {
    const problems = paletteContrastProblems({primary: '#0f1689', link: '#2ba0d3', background: '#ffffff'}, 'light')
    expect(problems.map((problem) => problem.field)).toEqual(['link'])
    expect(problems[0]?.message).toMatch(/^Links on the background \(light mode\) has a contrast of 2\.9\d:1/)
  })

  it('passes a palette that keeps AA, and checks nothing the palette leaves to the site', () => {
    expect(paletteContrastProblems({primary: '#1f5fbf', onPrimary: '#ffffff', background: '#ffffff'}, 'light')).toEqual([])
    expect(paletteContrastProblems({primary: '#8fb0ff', onPrimary: '#000000', background: '#1b1b1d'}, 'dark')).toEqual([])
    expect(paletteContrastProblems({}, 'light')).toEqual([])
    expect(paletteContrastProblems({}, 'dark')).toEqual([])
  })

  it('compares a partly filled palette with the site’s own colours of the mode', () => {
    // A dark-mode primary this dark is unreadable on the site's own dark background, and under its dark button text.
    const problems = paletteContrastProblems({primary: '#10213f'}, 'dark')
    expect(problems.map((problem) => problem.compared)).toEqual([
      ['onPrimary', 'primary'],
      ['primary', 'background'],
    ])
  })
})
