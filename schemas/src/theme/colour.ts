/**
 * CSS colours as the theme holds them (`#2e6fdb`, `rgb(46 111 219)`, `hsl(217 71% 52%)`, `rebeccapurple`),
 * read into numbers, and the WCAG 2 contrast ratio between two of them. Plain functions, no dependencies:
 * the importer, the studio's validation and the site all read colours the same way.
 */

/** A colour in sRGB: channels 0–255 (not rounded), alpha 0–1. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** The named colours of CSS Color 4 (plus `transparent`), as 6-digit hex. */
const NAMED: Readonly<Record<string, string>> = {
  aliceblue: 'f0f8ff',
  antiquewhite: 'faebd7',
  aqua: '00ffff',
  aquamarine: '7fffd4',
  azure: 'f0ffff',
  beige: 'f5f5dc',
  bisque: 'ffe4c4',
  black: '000000',
  blanchedalmond: 'ffebcd',
  blue: '0000ff',
  blueviolet: '8a2be2',
  brown: 'a52a2a',
  burlywood: 'deb887',
  cadetblue: '5f9ea0',
  chartreuse: '7fff00',
  chocolate: 'd2691e',
  coral: 'ff7f50',
  cornflowerblue: '6495ed',
  cornsilk: 'fff8dc',
  crimson: 'dc143c',
  cyan: '00ffff',
  darkblue: '00008b',
  darkcyan: '008b8b',
  darkgoldenrod: 'b8860b',
  darkgray: 'a9a9a9',
  darkgreen: '006400',
  darkgrey: 'a9a9a9',
  darkkhaki: 'bdb76b',
  darkmagenta: '8b008b',
  darkolivegreen: '556b2f',
  darkorange: 'ff8c00',
  darkorchid: '9932cc',
  darkred: '8b0000',
  darksalmon: 'e9967a',
  darkseagreen: '8fbc8f',
  darkslateblue: '483d8b',
  darkslategray: '2f4f4f',
  darkslategrey: '2f4f4f',
  darkturquoise: '00ced1',
  darkviolet: '9400d3',
  deeppink: 'ff1493',
  deepskyblue: '00bfff',
  dimgray: '696969',
  dimgrey: '696969',
  dodgerblue: '1e90ff',
  firebrick: 'b22222',
  floralwhite: 'fffaf0',
  forestgreen: '228b22',
  fuchsia: 'ff00ff',
  gainsboro: 'dcdcdc',
  ghostwhite: 'f8f8ff',
  gold: 'ffd700',
  goldenrod: 'daa520',
  gray: '808080',
  green: '008000',
  greenyellow: 'adff2f',
  grey: '808080',
  honeydew: 'f0fff0',
  hotpink: 'ff69b4',
  indianred: 'cd5c5c',
  indigo: '4b0082',
  ivory: 'fffff0',
  khaki: 'f0e68c',
  lavender: 'e6e6fa',
  lavenderblush: 'fff0f5',
  lawngreen: '7cfc00',
  lemonchiffon: 'fffacd',
  lightblue: 'add8e6',
  lightcoral: 'f08080',
  lightcyan: 'e0ffff',
  lightgoldenrodyellow: 'fafad2',
  lightgray: 'd3d3d3',
  lightgreen: '90ee90',
  lightgrey: 'd3d3d3',
  lightpink: 'ffb6c1',
  lightsalmon: 'ffa07a',
  lightseagreen: '20b2aa',
  lightskyblue: '87cefa',
  lightslategray: '778899',
  lightslategrey: '778899',
  lightsteelblue: 'b0c4de',
  lightyellow: 'ffffe0',
  lime: '00ff00',
  limegreen: '32cd32',
  linen: 'faf0e6',
  magenta: 'ff00ff',
  maroon: '800000',
  mediumaquamarine: '66cdaa',
  mediumblue: '0000cd',
  mediumorchid: 'ba55d3',
  mediumpurple: '9370db',
  mediumseagreen: '3cb371',
  mediumslateblue: '7b68ee',
  mediumspringgreen: '00fa9a',
  mediumturquoise: '48d1cc',
  mediumvioletred: 'c71585',
  midnightblue: '191970',
  mintcream: 'f5fffa',
  mistyrose: 'ffe4e1',
  moccasin: 'ffe4b5',
  navajowhite: 'ffdead',
  navy: '000080',
  oldlace: 'fdf5e6',
  olive: '808000',
  olivedrab: '6b8e23',
  orange: 'ffa500',
  orangered: 'ff4500',
  orchid: 'da70d6',
  palegoldenrod: 'eee8aa',
  palegreen: '98fb98',
  paleturquoise: 'afeeee',
  palevioletred: 'db7093',
  papayawhip: 'ffefd5',
  peachpuff: 'ffdab9',
  peru: 'cd853f',
  pink: 'ffc0cb',
  plum: 'dda0dd',
  powderblue: 'b0e0e6',
  purple: '800080',
  rebeccapurple: '663399',
  red: 'ff0000',
  rosybrown: 'bc8f8f',
  royalblue: '4169e1',
  saddlebrown: '8b4513',
  salmon: 'fa8072',
  sandybrown: 'f4a460',
  seagreen: '2e8b57',
  seashell: 'fff5ee',
  sienna: 'a0522d',
  silver: 'c0c0c0',
  skyblue: '87ceeb',
  slateblue: '6a5acd',
  slategray: '708090',
  slategrey: '708090',
  snow: 'fffafa',
  springgreen: '00ff7f',
  steelblue: '4682b4',
  tan: 'd2b48c',
  teal: '008080',
  thistle: 'd8bfd8',
  tomato: 'ff6347',
  turquoise: '40e0d0',
  violet: 'ee82ee',
  wheat: 'f5deb3',
  white: 'ffffff',
  whitesmoke: 'f5f5f5',
  yellow: 'ffff00',
  yellowgreen: '9acd32',
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value))
}

function fromHex(hex: string): Rgba | null {
  if (!/^[0-9a-f]+$/i.test(hex)) return null
  const expand = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex
  if (expand.length !== 6 && expand.length !== 8) return null
  const channel = (at: number) => parseInt(expand.slice(at, at + 2), 16)
  return {r: channel(0), g: channel(2), b: channel(4), a: expand.length === 8 ? channel(6) / 255 : 1}
}

/** An alpha value: a number (0–1) or a percentage. */
function alphaOf(text: string | undefined): number | null {
  if (text === undefined) return 1
  const match = new RegExp(`^(${NUMBER})(%?)$`, 'i').exec(text)
  if (!match) return null
  return clamp(match[2] ? Number(match[1]) / 100 : Number(match[1]), 0, 1)
}

/** The arguments of rgb()/hsl() in either syntax (commas, or spaces and `/ alpha`): three values and the alpha. */
function argumentsOf(inner: string): {values: string[]; alpha: string | undefined} | null {
  const text = inner.trim()
  if (text.includes(',')) {
    const parts = text.split(',').map((part) => part.trim())
    if (parts.length !== 3 && parts.length !== 4) return null
    return {values: parts.slice(0, 3), alpha: parts[3]}
  }
  const [main = '', alpha, ...rest] = text.split('/').map((part) => part.trim())
  if (rest.length > 0) return null
  const values = main.split(/\s+/).filter(Boolean)
  return values.length === 3 ? {values, alpha} : null
}

function fromRgb(inner: string): Rgba | null {
  const parsed = argumentsOf(inner)
  if (!parsed) return null
  const channels = parsed.values.map((value) => {
    const match = new RegExp(`^(${NUMBER})(%?)$`, 'i').exec(value)
    if (!match) return null
    return clamp(match[2] ? (Number(match[1]) * 255) / 100 : Number(match[1]), 0, 255)
  })
  const alpha = alphaOf(parsed.alpha)
  const [r, g, b] = channels
  if (r == null || g == null || b == null || alpha === null) return null
  return {r, g, b, a: alpha}
}

function hueDegrees(value: string): number | null {
  const match = new RegExp(`^(${NUMBER})(deg|grad|rad|turn)?$`, 'i').exec(value)
  if (!match) return null
  const amount = Number(match[1])
  switch (match[2]?.toLowerCase()) {
    case 'grad':
      return amount * 0.9
    case 'rad':
      return (amount * 180) / Math.PI
    case 'turn':
      return amount * 360
    default:
      return amount
  }
}

function fromHsl(inner: string): Rgba | null {
  const parsed = argumentsOf(inner)
  if (!parsed) return null
  const [hueText = '', saturationText = '', lightnessText = ''] = parsed.values
  const hue = hueDegrees(hueText)
  const percent = (value: string) => {
    const match = new RegExp(`^(${NUMBER})%?$`, 'i').exec(value)
    return match ? clamp(Number(match[1]) / 100, 0, 1) : null
  }
  const saturation = percent(saturationText)
  const lightness = percent(lightnessText)
  const alpha = alphaOf(parsed.alpha)
  if (hue === null || saturation === null || lightness === null || alpha === null) return null
  // CSS Color 4's hsl-to-rgb.
  const channel = (n: number) => {
    const k = (n + (((hue % 360) + 360) % 360) / 30) % 12
    const a = saturation * Math.min(lightness, 1 - lightness)
    return 255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return {r: channel(0), g: channel(8), b: channel(4), a: alpha}
}

/** The colour a CSS colour value names, or null when it is not one this reads (a var(), currentColor, a gradient). */
export function parseColour(value: string): Rgba | null {
  const text = value.trim().toLowerCase()
  if (text === 'transparent') return {r: 0, g: 0, b: 0, a: 0}
  if (text.startsWith('#')) return fromHex(text.slice(1))
  const named = NAMED[text]
  if (named) return fromHex(named)
  const call = /^(rgba?|hsla?)\(([^()]*)\)$/.exec(text)
  if (!call) return null
  return call[1]?.startsWith('rgb') ? fromRgb(call[2] ?? '') : fromHsl(call[2] ?? '')
}

export function isColour(value: unknown): value is string {
  return typeof value === 'string' && parseColour(value) !== null
}

/** `over` painted on `under` (an opaque colour): what the eye sees. */
export function composite(over: Rgba, under: Rgba): Rgba {
  const mix = (top: number, bottom: number) => top * over.a + bottom * (1 - over.a)
  return {r: mix(over.r, under.r), g: mix(over.g, under.g), b: mix(over.b, under.b), a: 1}
}

/** WCAG 2's relative luminance of an opaque colour. */
export function relativeLuminance({r, g, b}: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * The WCAG 2 contrast ratio (1 to 21) of text in `foreground` on `background`. A translucent
 * background is first painted on `canvas` (white unless given), then a translucent foreground on that.
 */
export function contrastRatio(foreground: Rgba, background: Rgba, canvas: Rgba = {r: 255, g: 255, b: 255, a: 1}): number {
  const under = background.a < 1 ? composite(background, canvas) : background
  const over = foreground.a < 1 ? composite(foreground, under) : foreground
  const [light, dark] = [relativeLuminance(over), relativeLuminance(under)].sort((a, b) => b - a) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** A ratio as people write it: 4.48:1 (two decimals, never rounded up to a pass). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`
}

/** `#rrggbb` of an opaque colour (what a colour picker takes). */
export function toHex({r, g, b}: Rgba): string {
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(clamp(channel, 0, 255))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}
