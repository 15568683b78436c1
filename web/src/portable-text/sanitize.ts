/** Raw HTML kept from imported pages, cleaned at build time with a conservative allowlist. */
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'code', 'kbd', 'pre', 'span', 'div',
    'a', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'h3', 'h4', 'h5', 'h6', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'align'],
    td: ['colspan', 'rowspan', 'align'],
    '*': ['title', 'lang', 'dir'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//.test(attribs.href ?? '')
      return {tagName, attribs: external ? {...attribs, rel: 'noopener noreferrer', target: '_blank'} : attribs}
    },
  },
}

export function sanitizeRawHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
