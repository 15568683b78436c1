/**
 * JSX attributes rewritten as HTML attributes (`src={useBaseUrl('/x.png')}` → `src="/x.png"`), so that
 * remark reads a tag written for MDX as the HTML it compiles to.
 */
import {jsxStyleToCss} from './inline'
import {ASSET_CALL} from './handlers/asset-imports'

/**
 * JSX attributes as HTML, for the inline markdown between tags: `src={useBaseUrl('/x.png')}`,
 * `src={require('./x.png').default}` and `{'literal'}` become quoted values, a style object CSS;
 * other expressions are dropped. Newlines are kept, so that lines still count.
 */
export function jsxAttributesToHtml(text: string, expressionValue?: (expression: string) => string | undefined): string {
  return jsxAttributesToHtmlMapped(text, expressionValue).html
}

/**
 * jsxAttributesToHtml, with the offsets of the HTML mapped back to the text's (a rewritten tag maps
 * to the tag as written), so that a block kept verbatim shows its source exactly.
 */
export function jsxAttributesToHtmlMapped(
  text: string,
  expressionValue?: (expression: string) => string | undefined,
): {html: string; sourceOffset: (offset: number) => number} {
  const edits: {from: number; to: number; sourceFrom: number; sourceTo: number}[] = []
  let html = ''
  let cursor = 0
  for (const match of text.matchAll(/<([a-zA-Z][\w.:-]*)((?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?)(\/?)>/g)) {
    const [whole, name = '', attributes = '', slash = ''] = match
    if (!attributes.includes('{')) continue
    const converted = attributes.replace(/\s*([\w:-]+)\s*=\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g, (_attribute, attribute: string, expression: string) => {
      const value = expression.trim()
      const given = expressionValue?.(value)
      if (given !== undefined) return ` ${attribute}="${given.replace(/"/g, '&quot;')}"`
      const literal = /^(['"`])([\s\S]*)\1$/.exec(value) ?? ASSET_CALL.exec(value)
      if (literal) return ` ${attribute}="${(literal[2] ?? '').replace(/"/g, '&quot;')}"`
      if (attribute === 'style' && value.startsWith('{')) return ` style="${jsxStyleToCss(value).replace(/"/g, '&quot;')}"`
      if (/^\d+(\.\d+)?$/.test(value)) return ` ${attribute}="${value}"`
      return ''
    })
    const tag = `<${name}${converted}${slash}>`
    html += text.slice(cursor, match.index)
    edits.push({from: html.length, to: html.length + tag.length, sourceFrom: match.index, sourceTo: match.index + whole.length})
    html += tag
    cursor = match.index + whole.length
  }
  html += text.slice(cursor)
  const sourceOffset = (offset: number): number => {
    for (const edit of edits) {
      if (offset <= edit.from) return offset - edit.from + edit.sourceFrom
      if (offset < edit.to) return edit.sourceFrom + Math.min(offset - edit.from, edit.sourceTo - edit.sourceFrom)
    }
    const last = edits.at(-1)
    return last ? offset - last.to + last.sourceTo : offset
  }
  return {html, sourceOffset}
}
