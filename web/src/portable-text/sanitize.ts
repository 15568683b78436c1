/**
 * HTML kept from imported pages, cleaned at build time with a conservative allowlist: the markup
 * Docusaurus pages carry (tables, details, figures, line breaks, ids that links point at, classes,
 * a few presentational styles), never scripts, handlers, frames or other link schemes.
 */
import sanitizeHtml from 'sanitize-html'

/** CSS properties an author may set inline; each value must look like a plain CSS value. */
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'font-size',
  'text-decoration',
  'text-align',
  'vertical-align',
  'white-space',
  'width',
  'max-width',
  'height',
  'margin',
  'margin-left',
  'margin-right',
  'padding',
  'border',
  'border-radius',
  'display',
  'float',
  'position',
  'top',
  'right',
  'bottom',
  'left',
] as const
const STYLE_VALUE = /^(?!.*(?:url|expression|javascript)\s*\()[#\w\s.,%()+-]+$/i
/** An element moved from where it stands (a badge lifted beside a heading), never taken out of the page's flow over other content. */
const POSITION_VALUE = /^(?:relative|static)$/i

const valueRule = (property: string) => (property === 'position' ? POSITION_VALUE : STYLE_VALUE)
const allowedStyles = Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [valueRule(property)]]))

const INPUT_TYPES = new Set(['checkbox', 'radio', 'text'])

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'code',
    'kbd',
    'samp',
    'var',
    'abbr',
    'cite',
    'q',
    'pre',
    'span',
    'div',
    'center',
    'section',
    'nav',
    'a',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'img',
    'picture',
    'source',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'details',
    'summary',
    'video',
    // A page's demo of a form's controls (a button, a checkbox with its label), drawn as the site drew them; never in a form.
    'button',
    'label',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'name'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'title'],
    source: ['src', 'srcset', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'autoplay', 'loop', 'muted', 'playsinline', 'width', 'height', 'preload'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    col: ['span'],
    ol: ['start', 'type', 'reversed'],
    details: ['open'],
    button: ['type', 'disabled'],
    input: ['type', 'checked', 'value', 'placeholder', 'disabled', 'readonly'],
    label: ['for'],
    '*': ['id', 'class', 'style', 'title', 'lang', 'dir', 'align'],
  },
  allowedStyles: {'*': allowedStyles},
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset', 'poster'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A button never submits; an input is a checkbox, a radio button or a text field (never a password, a file, a submit).
    button: (tagName, attribs) => ({tagName, attribs: {...attribs, type: 'button'}}),
    input: (tagName, attribs) => {
      const {type, ...rest} = attribs
      return {tagName, attribs: type && INPUT_TYPES.has(type.toLowerCase()) ? {...rest, type: type.toLowerCase()} : rest}
    },
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? '')
      return {tagName, attribs: external ? {...attribs, rel: 'noopener noreferrer', target: '_blank'} : attribs}
    },
  },
}

export function sanitizeRawHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/**
 * An inline `style` attribute as a React style object holding only the allowed properties with
 * plain values; null when nothing is left.
 */
export function sanitizeInlineStyle(style: string): Record<string, string> | null {
  const result: Record<string, string> = {}
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon === -1) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (!(STYLE_PROPERTIES as readonly string[]).includes(property) || !valueRule(property).test(value)) continue
    result[property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value
  }
  return Object.keys(result).length > 0 ? result : null
}
