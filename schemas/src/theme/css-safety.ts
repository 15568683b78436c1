/**
 * What of a theme may reach a page's CSS, checked the same way by the importer (which writes it), the
 * studio (which validates what editors type) and the site (which emits it in every page's <style>):
 * colours, font names, sizes, @font-face rules with the site's own files, stylesheets of font
 * services, and rules of the site's classes that only draw an icon or set colours and sizes.
 */
import {isColour} from './colour'

/** Font services whose stylesheets a theme may load, with the hosts their font files come from. */
export const FONT_SERVICES: Readonly<Record<string, readonly string[]>> = {
  'fonts.googleapis.com': ['fonts.gstatic.com'],
  'fonts.bunny.net': ['fonts.bunny.net'],
  'use.typekit.net': ['use.typekit.net', 'p.typekit.net'],
  'api.fontshare.com': ['cdn.fontshare.com'],
  'fonts.cdnfonts.com': ['fonts.cdnfonts.com'],
  'rsms.me': ['rsms.me'],
}

/** The stylesheet's host and the hosts of its fonts when `url` is an https stylesheet of a font service; else null. */
export function fontServiceOf(url: string): {stylesheetHost: string; fontHosts: readonly string[]} | null {
  if (!URL.canParse(url)) return null
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) return null
  // The URL goes into an attribute and a header as it is: nothing that would need escaping there.
  if (/["'<>\\\s]/.test(url)) return null
  const fontHosts = FONT_SERVICES[parsed.hostname]
  return fontHosts ? {stylesheetHost: parsed.hostname, fontHosts} : null
}

/** A path of the site (`/fonts/a.woff2`, `/assets/files/x.woff2`): absolute, no `..`, no scheme, plain characters. */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9._~%/@+-]*$/.test(value) && !value.split('/').includes('..')
}

/** A font-family list (`"Public Sans", Helvetica, sans-serif`): names, quotes, commas, nothing else. */
export function isFontFamilyList(value: string): boolean {
  if (value.length > 600 || !/^[\p{L}\p{N} ,'"._-]+$/u.test(value)) return false
  // Each quote closes on the same line of names: balanced quotes of each kind.
  return (value.match(/"/g) ?? []).length % 2 === 0 && (value.match(/'/g) ?? []).length % 2 === 0
}

/** A font size as Infima writes it: `95%`, `0.875rem`, `14px`. */
export function isFontSize(value: string): boolean {
  return /^(?:\d+\.?\d*|\.\d+)(?:%|px|rem|em|pt)$/.test(value)
}

export interface FontSource {
  url?: string | null
  format?: string | null
}

export interface FontFaceValue {
  family?: string | null
  sources?: readonly FontSource[] | null
  weight?: string | null
  style?: string | null
  display?: string | null
  unicodeRange?: string | null
}

export const FONT_FORMATS = ['woff2', 'woff', 'truetype', 'opentype', 'embedded-opentype', 'svg', 'collection'] as const

/** Why an @font-face rule may not be emitted, or nothing. */
export function fontFaceProblems(face: FontFaceValue): string[] {
  const problems: string[] = []
  if (!face.family || !isFontFamilyList(face.family) || face.family.includes(',')) problems.push('the family must be one font name')
  const sources = face.sources ?? []
  if (sources.length === 0) problems.push('a font needs at least one file')
  for (const source of sources) {
    if (!source.url || !isSitePath(source.url))
      problems.push(`${source.url ?? '(no address)'}: a font file must be a file of the site (a path starting with /)`)
    if (source.format && !(FONT_FORMATS as readonly string[]).includes(source.format)) problems.push(`${source.format}: not a font format`)
  }
  if (face.weight && !/^(?:normal|bold|[1-9]00|[1-9]\d{0,2}(?: [1-9]\d{0,2})?)$/.test(face.weight)) problems.push(`${face.weight}: not a font weight`)
  if (face.style && !/^(?:normal|italic|oblique(?: -?\d+deg(?: -?\d+deg)?)?)$/.test(face.style)) problems.push(`${face.style}: not a font style`)
  if (face.display && !/^(?:auto|block|swap|fallback|optional)$/.test(face.display)) problems.push(`${face.display}: not a font-display value`)
  if (face.unicodeRange && !/^[Uu]\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?(?:\s*,\s*[Uu]\+[0-9A-Fa-f?]{1,6}(?:-[0-9A-Fa-f]{1,6})?)*$/.test(face.unicodeRange))
    problems.push(`${face.unicodeRange}: not a unicode-range`)
  return problems
}

/** The @font-face rule of a checked face. */
export function fontFaceCss(face: FontFaceValue): string | null {
  if (fontFaceProblems(face).length > 0) return null
  const src = (face.sources ?? []).map((source) => `url("${source.url ?? ''}")${source.format ? ` format("${source.format}")` : ''}`).join(',')
  const family = (face.family ?? '').replace(/^["']|["']$/g, '')
  return `@font-face{font-family:"${family}";src:${src}${face.weight ? `;font-weight:${face.weight}` : ''}${face.style ? `;font-style:${face.style}` : ''}${face.display ? `;font-display:${face.display}` : ''}${face.unicodeRange ? `;unicode-range:${face.unicodeRange}` : ''}}`
}

/**
 * A selector of a carried-over class rule, in the one form the importer writes: an optional colour
 * mode, an optional element name, one or more classes, optional states and an optional ::before or
 * ::after. It can only match elements that carry the site's class.
 */
export const CLASS_SELECTOR =
  /^(?:\[data-theme='(?:dark|light)'\] )?(?:[a-z][a-z0-9]*)?(?:\.-?[A-Za-z_][A-Za-z0-9_-]*)+(?::(?:hover|focus|focus-visible|active))*(?:::(?:before|after))?$/

/** Properties that paint: colours and filters. */
const COLOUR_PROPERTIES = ['color', 'background-color', 'border-color', 'outline-color', 'text-decoration-color', 'fill', 'stroke', 'opacity', 'filter']

/** Properties that draw an icon (an image or a mask) and give it its size. */
const ICON_PROPERTIES = [
  'background',
  'background-image',
  'background-size',
  'background-position',
  'background-repeat',
  'mask',
  'mask-image',
  'mask-size',
  'mask-position',
  'mask-repeat',
  '-webkit-mask',
  '-webkit-mask-image',
  '-webkit-mask-size',
  '-webkit-mask-position',
  '-webkit-mask-repeat',
  'width',
  'height',
  'min-width',
  'min-height',
  'vertical-align',
  'border-radius',
]

/** Properties that make the box of a ::before or ::after icon; on the element itself they would change our layout. */
const PSEUDO_ELEMENT_PROPERTIES = ['content', 'display']

export const CLASS_RULE_PROPERTIES: readonly string[] = [...COLOUR_PROPERTIES, ...ICON_PROPERTIES, ...PSEUDO_ELEMENT_PROPERTIES]

/** Functions a value may call; url() is further limited to data: images and the site's files. */
const FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'calc',
  'min',
  'max',
  'clamp',
  'var',
  'color-mix',
  'linear-gradient',
  'radial-gradient',
  'invert',
  'brightness',
  'contrast',
  'grayscale',
  'hue-rotate',
  'saturate',
  'sepia',
  'opacity',
])

/** Whether a url() argument is one a page may load: an image as a data: URI, or a file of the site. */
export function isAllowedUrl(url: string): boolean {
  return /^data:image\/(?:svg\+xml|png|gif|webp|jpeg|avif)[;,]/i.test(url) || isSitePath(url)
}

/** The site's own variables a carried-over value may refer to (the importer maps Infima's onto them). */
const OWN_VARIABLE = /^--(?:color|font)-[a-z0-9-]+$/

/** Why `property: value` may not be emitted in a rule of `selector`, or null. */
export function declarationProblem(selector: string, property: string, value: string): string | null {
  if (!CLASS_RULE_PROPERTIES.includes(property)) return `${property} is not a property that draws an icon or sets a colour or size`
  const pseudoElement = /::(?:before|after)$/.test(selector)
  if (PSEUDO_ELEMENT_PROPERTIES.includes(property) && !pseudoElement)
    return `${property} is kept on ::before and ::after only (on the element it changes the layout)`
  if (value.length > 20_000) return 'the value is too long'
  if (property === 'content' && !/^(?:none|""|''|"[^"\\<>\n]{1,8}"|'[^'\\<>\n]{1,8}')$/.test(value)) return 'content may only be a short text'
  if (property === 'display' && !/^(?:block|inline-block|flex|inline-flex|inline)$/.test(value)) return `display: ${value} is not kept`
  // Outside quoted strings: words, numbers, units, colours, operators and function calls only.
  const strings: string[] = []
  const rest = value.replace(/"([^"]*)"|'([^']*)'/g, (_whole, double?: string, single?: string) => {
    strings.push(double ?? single ?? '')
    return '""'
  })
  if (rest.includes('!')) return '!important is not kept'
  if (rest.replace(/""/g, '').includes('"')) return 'a quoted text of the value is not closed'
  if (rest.includes('/*') || rest.includes('*/')) return 'the value holds a comment'
  if (!/^[A-Za-z0-9\s#%.,()+*/_"-]*$/.test(rest)) return 'the value holds characters a colour or an icon does not need'
  if (strings.some((text) => /[\\<>\n\r]/.test(text))) return 'a quoted text of the value holds a backslash, a < or a >, or a line break'
  for (const [, name = ''] of rest.matchAll(/([A-Za-z-]+)\(/g)) {
    if (!FUNCTIONS.has(name.toLowerCase())) return `${name}() is not kept`
  }
  // Each url() must hold a quoted address: the quoted strings are counted to know which is its.
  let stringAt = 0
  for (const token of rest.matchAll(/""|url\(\s*([^)]*?)\s*\)/gi)) {
    if (token[0] === '""') {
      stringAt++
      continue
    }
    if (token[1] !== '""') return 'url() must hold a quoted address'
    const address = strings[stringAt++] ?? ''
    if (!isAllowedUrl(address)) return `url("${address.slice(0, 60)}") is neither a data: image nor a file of the site`
  }
  for (const [, name = ''] of rest.matchAll(/var\(\s*([^,)\s]+)/g)) {
    if (!OWN_VARIABLE.test(name)) return `var(${name}) is not a variable of the site`
  }
  if (property === 'filter' && /url\(/i.test(rest)) return 'filter: url() is not kept'
  return null
}

export interface ClassRuleValue {
  selector?: string | null
  declarations?: ReadonlyArray<{property?: string | null; value?: string | null}> | null
}

/** The CSS of a carried-over class rule with every declaration checked again, or null when nothing of it may be emitted. */
export function classRuleCss(rule: ClassRuleValue): string | null {
  const selector = rule.selector ?? ''
  if (!CLASS_SELECTOR.test(selector)) return null
  const declarations = (rule.declarations ?? []).flatMap(({property, value}) =>
    property && value && declarationProblem(selector, property, value) === null ? [`${property}:${value}`] : [],
  )
  return declarations.length > 0 ? `${selector}{${declarations.join(';')}}` : null
}

/** Whether a rule draws an icon: a ::before or ::after with an image or a mask. */
export function drawsIcon(rule: ClassRuleValue): boolean {
  if (!/::(?:before|after)$/.test(rule.selector ?? '')) return false
  return (rule.declarations ?? []).some(
    ({property, value}) =>
      /^(?:-webkit-)?mask(?:-image)?$/.test(property ?? '') || (/^background(?:-image)?$/.test(property ?? '') && /url\(/i.test(value ?? '')),
  )
}

/** The classes of a carried-over rule's selector. */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.(-?[A-Za-z_][A-Za-z0-9_-]*)/g)].map((match) => match[1] ?? '')
}

export {isColour}
