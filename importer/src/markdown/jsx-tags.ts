/**
 * A small scanner for the JSX-ish tags that Docusaurus markdown carries (`<Tabs groupId="x">`,
 * `<ThemedImage sources={{light: '…'}} />`) and for plain HTML tags. remark hands these over as raw
 * html (or even paragraph) text, so the converter tokenizes that text itself.
 */
import {JS_STRING, jsStringValue} from './js-string'

export interface TagToken {
  kind: 'open' | 'close' | 'self'
  name: string
  /** Attribute values: strings for quoted values, the expression text for `{…}`, true when bare. */
  attributes: Record<string, string | true>
  /** The attributes written as `{…}` expressions (their value above is the expression's text). */
  expressions?: ReadonlySet<string>
  /** The expressions of `{...x}` spreads, in the order written. */
  spreads?: readonly string[]
  /** Offsets of the tag inside the scanned text. */
  start: number
  end: number
}

const IMPORT_LINE = new RegExp(String.raw`^import\s+(?:[\w{}\s,*]+\s+from\s+)?(${JS_STRING});?\s*$`)

/**
 * For an `import … from '…'` line: 'known' for Docusaurus's own modules (@theme/*, @docusaurus/*),
 * whose components the converter reads; 'unknown' for the site's own; null if not an import line.
 */
export function classifyImportLine(line: string): 'known' | 'unknown' | null {
  const match = IMPORT_LINE.exec(line.trim())
  if (!match) return null
  return /^(@theme|@theme-original|@docusaurus)\//.test(jsStringValue(match[1] ?? '')) ? 'known' : 'unknown'
}

/**
 * What a blank line inside a JSX opening tag is marked with in the text parsed (source-text.ts), so that
 * markdown does not end the paragraph there; attribute values are read without it.
 */
export const BLANK_LINE_MARK = '\u2060'
const MARKED_BLANK_LINE = new RegExp(`${BLANK_LINE_MARK}$`, 'gm')

const NAME_START = /[A-Za-z]/
const NAME_CHAR = /[\w.:-]/

/**
 * Finds every tag in `text` whose name passes `accept`. Quoted strings and balanced `{…}`
 * expressions inside a tag are skipped, so `sources={{light: '/a.png'}}` does not end the tag early.
 */
export function scanTags(text: string, accept: (name: string) => boolean): TagToken[] {
  const tokens: TagToken[] = []
  let index = 0
  while ((index = text.indexOf('<', index)) !== -1) {
    const token = readTag(text, index)
    if (token && accept(token.name)) {
      tokens.push(token)
      index = token.end
    } else {
      index++
    }
  }
  return tokens
}

/** The tag that starts at `start` (its name, attributes and end), or null when none is complete there. */
export function readTag(text: string, start: number): TagToken | null {
  let i = start + 1
  const closing = text[i] === '/'
  if (closing) i++
  if (!NAME_START.test(text[i] ?? '')) return null
  const nameStart = i
  while (i < text.length && NAME_CHAR.test(text[i] ?? '')) i++
  const name = text.slice(nameStart, i)
  const attributes: Record<string, string | true> = {}
  const expressions = new Set<string>()
  const spreads: string[] = []
  const token = (kind: TagToken['kind'], end: number): TagToken => ({
    kind,
    name,
    attributes,
    ...(expressions.size > 0 ? {expressions} : {}),
    ...(spreads.length > 0 ? {spreads} : {}),
    start,
    end,
  })
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i++
    const char = text[i]
    if (char === undefined) return null
    if (char === '>') {
      return token(closing ? 'close' : 'open', i + 1)
    }
    if (char === '/' && text[i + 1] === '>') {
      return token('self', i + 2)
    }
    if (char === '{') {
      // A spread such as {...props}: its expression is kept apart from the attributes.
      const end = skipExpression(text, i)
      if (end === -1) return null
      const spread = /^\{\s*\.\.\.([\s\S]*)\}$/.exec(text.slice(i, end))
      if (spread?.[1]) spreads.push(spread[1].trim())
      i = end
      continue
    }
    const attrStart = i
    while (i < text.length && /[^\s=>/]/.test(text[i] ?? '')) i++
    const attrName = text.slice(attrStart, i)
    if (attrName === '') return null
    while (/\s/.test(text[i] ?? '')) i++
    if (text[i] !== '=') {
      attributes[attrName] = true
      continue
    }
    i++
    while (/\s/.test(text[i] ?? '')) i++
    const quote = text[i]
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, i + 1)
      if (end === -1) return null
      attributes[attrName] = text.slice(i + 1, end)
      i = end + 1
    } else if (quote === '{') {
      const end = skipExpression(text, i)
      if (end === -1) return null
      attributes[attrName] = text
        .slice(i + 1, end - 1)
        .trim()
        .replace(MARKED_BLANK_LINE, '')
      expressions.add(attrName)
      i = end
    } else {
      const valueStart = i
      while (i < text.length && /[^\s>]/.test(text[i] ?? '')) i++
      attributes[attrName] = text.slice(valueStart, i)
    }
  }
}

/**
 * The spans of `text` that are MDX rather than markdown: JSX tags (with their attribute expressions)
 * and `{…}` expressions, as sorted [start, end) offsets. What stands in them is never markdown text.
 */
export function mdxSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '<') {
      const tag = readTag(text, i)
      if (tag) {
        spans.push([tag.start, tag.end])
        i = tag.end - 1
      }
    } else if (char === '{') {
      const end = skipExpression(text, i)
      if (end !== -1) {
        spans.push([i, end])
        i = end - 1
      }
    }
  }
  return spans
}

/** Characters after which a `<` in JavaScript starts JSX rather than a comparison. */
const JSX_CAN_START = new Set(['(', ',', ':', '[', '{', '=', '?', '&', '|', '>'])

/**
 * Returns the offset just past the `}` that balances the `{` at `start`, or -1. JSX inside the expression
 * (`description: <>Some *markdown*, don't</>`) is skipped whole, its text not read as JavaScript; each such element
 * standing in the expression itself (not inside another) is added to `jsx`, as offsets in `text`.
 */
function skipExpression(text: string, start: number, jsx?: Array<{start: number; end: number}>): number {
  let depth = 0
  let previous = ''
  for (let i = start; i < text.length; i++) {
    const char = text[i]
    if (char === '<' && JSX_CAN_START.has(previous) && /[>A-Za-z]/.test(text[i + 1] ?? '')) {
      const end = skipJsxElement(text, i)
      if (end !== -1) {
        jsx?.push({start: i, end})
        i = end - 1
        previous = '>'
        continue
      }
    }
    if (char !== undefined && !/\s/.test(char)) previous = char
    if (char === '"' || char === "'" || char === '`') {
      // A string of the expression: a quote after a backslash does not end it.
      let end = i + 1
      while (end < text.length && text[end] !== char) end += text[end] === '\\' ? 2 : 1
      if (end >= text.length) return -1
      i = end
    } else if (char === '{') {
      depth++
    } else if (char === '}') {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return -1
}

/**
 * The offset past the JSX element or fragment that starts at `start` inside an expression (`<>…</>`, `<b>…</b>`,
 * `<Link … />`), or -1. What it holds is JSX text, where quotes are text and `{…}` holds expressions.
 */
function skipJsxElement(text: string, start: number): number {
  const fragment = text.startsWith('<>', start)
  let name = ''
  let i = start + 2
  if (!fragment) {
    const open = readTag(text, start)
    if (!open || open.kind === 'close') return -1
    if (open.kind === 'self') return open.end
    name = open.name
    i = open.end
  }
  let depth = 1
  while (i < text.length) {
    const char = text[i]
    // Markdown written in it (MDX 1 reads it): code, fenced or in a span, is text, whatever braces or quotes it holds.
    const lineStart = text.lastIndexOf('\n', i - 1) + 1
    const fence = char === '`' || char === '~' ? /^[ \t]*(`{3,}|~{3,})/.exec(text.slice(lineStart, i + 3)) : null
    if (fence?.[1] && lineStart + fence[0].length - fence[1].length === i) {
      const close = new RegExp(`\\n[ \\t]*${fence[1][0] === '`' ? '`' : '~'}{${fence[1].length},}[ \\t]*(?=\\n|$)`, 'g')
      close.lastIndex = i
      const found = close.exec(text)
      i = found ? found.index + found[0].length : text.length
      continue
    }
    if (char === '`') {
      const run = /^`+/.exec(text.slice(i))?.[0] ?? '`'
      const close = text.indexOf(run, i + run.length)
      const blank = text.slice(i, close === -1 ? text.length : close).search(/\n[ \t]*\n/)
      i = close !== -1 && blank === -1 ? close + run.length : i + run.length
      continue
    }
    if (char === '{') {
      const end = skipExpression(text, i)
      if (end === -1) return -1
      i = end
      continue
    }
    if (char === '<' && fragment && text.startsWith('<>', i)) {
      depth++
      i += 2
      continue
    }
    if (char === '<' && fragment && text.startsWith('</>', i)) {
      depth--
      i += 3
      if (depth === 0) return i
      continue
    }
    const tag = char === '<' ? readTag(text, i) : null
    if (tag) {
      if (!fragment && tag.name === name) depth += tag.kind === 'open' ? 1 : tag.kind === 'close' ? -1 : 0
      if (depth === 0) return tag.end
      i = tag.end
      continue
    }
    i++
  }
  return -1
}

/**
 * The JSX elements and fragments written in the attribute expressions of the tag at the start of `text`
 * (`annotations={[{label: 'x', description: <>…</>}]}`), outermost only, as offsets in `text`.
 */
export function jsxInAttributes(text: string): Array<{start: number; end: number}> {
  const tag = readTag(text, 0)
  if (!tag) return []
  const found: Array<{start: number; end: number}> = []
  for (let i = text.indexOf('{'); i !== -1 && i < tag.end; i = text.indexOf('{', i)) {
    const end = skipExpression(text, i, found)
    if (end === -1) break
    i = end
  }
  return found
}

/** The string value of a JSX attribute: `"x"`, or `{'x'}` / `{"x"}`; true for `{true}` or a bare name. */
export function attributeString(value: string | true | undefined): string | undefined {
  if (value === undefined || value === true) return undefined
  const literal = /^(['"`])(.*)\1$/s.exec(value.trim())
  return literal ? literal[2] : value
}

export function attributeFlag(value: string | true | undefined): boolean {
  return value === true || value === 'true'
}

/**
 * Reads `light`/`dark` from a ThemedImage `sources` expression: string literals, `useBaseUrl('…')`,
 * and, through `resolve`, `require('…').default` and imported names.
 */
export function themedImageSources(expression: string, resolve?: (value: string) => string | undefined): {light?: string; dark?: string} {
  const pick = (name: string) => {
    const value = new RegExp(
      `\\b${name}\\s*:\\s*(require\\([^()]*\\)(?:\\.default)?|useBaseUrl\\([^()]*\\)|'[^']*'|"[^"]*"|\`[^\`]*\`|[A-Za-z_$][\\w$]*)`,
    ).exec(expression)?.[1]
    if (value === undefined) return undefined
    const resolved = resolve?.(value)
    if (resolved !== undefined) return resolved
    const literal = /^(?:useBaseUrl\(\s*)?(['"`])([^'"`]+)\1/.exec(value)
    return literal?.[2]
  }
  return {light: pick('light'), dark: pick('dark')}
}

/** The bodies of an expression's object literals (`{…}` holding no other), in order. */
function objectLiterals(expression: string): string[] {
  return [...expression.matchAll(/\{([^{}]*)\}/g)].map(([, body]) => body ?? '')
}

/** A property of an object literal written as a string (`label: 'Babel'`), between one of `quotes`. */
function stringProperty(body: string, name: string, quotes = `'"`): string | undefined {
  return new RegExp(`\\b${name}\\s*:\\s*([${quotes}])(.*?)\\1`).exec(body)?.[2]
}

/** Reads the `values={[{label, value}]}` list of older `<Tabs>` markup: value → label. */
export function tabsValueLabels(expression: string): Map<string, string> {
  const labels = new Map<string, string>()
  for (const body of objectLiterals(expression)) {
    const value = stringProperty(body, 'value')
    const label = stringProperty(body, 'label')
    if (value !== undefined && label !== undefined) labels.set(value, label)
  }
  return labels
}

/**
 * The cards of `<DocCardList items={[{type: 'link', label: 'Babel', href: '/docs/tools/babel'}, …]} />`:
 * the objects of a literal array with a label and an href, in order (a description kept). Null when the
 * expression is not such a literal (`useCurrentSidebarCategory().items`), which leaves the category's pages.
 */
export function docCardItems(expression: string): {label: string; href: string; description?: string}[] | null {
  const text = expression.trim()
  if (!text.startsWith('[') || !text.endsWith(']')) return null
  const objects = objectLiterals(text)
  const field = (body: string, name: string) => stringProperty(body, name, '\'"`')
  const items = objects.flatMap((body) => {
    const label = field(body, 'label')
    const href = field(body, 'href')
    const description = field(body, 'description')
    return label !== undefined && href !== undefined ? [{label, href, ...(description ? {description} : {})}] : []
  })
  return items.length > 0 && items.length === objects.length ? items : null
}

/** HTML elements that have no closing tag. */
const VOID_ELEMENTS: ReadonlySet<string> = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])

/**
 * Whether a tag name is an HTML void element (`br`, `img`, `BR`): a name in PascalCase (`Link`, `Source`) is a
 * component, whose tag is closed like any other.
 */
export function isVoidElement(name: string): boolean {
  return (name === name.toLowerCase() || name === name.toUpperCase()) && VOID_ELEMENTS.has(name.toLowerCase())
}

/**
 * How far an HTML fragment leaves elements open: 0 when balanced, positive when some are still
 * open (markdown follows inside them), negative when it closes elements opened earlier.
 */
export function htmlDepthChange(html: string): number {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '')
  let depth = 0
  for (const token of scanTags(withoutComments, (name) => !isVoidElement(name))) {
    if (token.kind === 'open') depth++
    else if (token.kind === 'close') depth--
  }
  return depth
}
