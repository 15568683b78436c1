/**
 * An MDX expression standing as a block (`{…}` opening a line and closing one, MDX 2 and 3): MDX renders what it
 * gives, JSX included (`{(() => { const rows = […]; return <Cards rows={rows} /> })()}`). CommonMark reads it as
 * paragraphs of text. The expression is found by parsing JavaScript with JSX from its brace (acorn with acorn-jsx,
 * the parser MDX itself uses), so braces in its strings, comments, templates and JSX text do not end it early.
 */
import {Parser, type Node} from 'acorn'
import jsx from 'acorn-jsx'
import {readTag} from './jsx-tags'

const JsxParser = Parser.extend(jsx())

export interface FlowExpression {
  /** The JavaScript between the braces. */
  expression: string
  /** Offset of the opening brace in the text. */
  start: number
  /** Offset just after the closing brace. */
  end: number
  /** Offset of the end of the closing brace's line (its newline, or the text's end). */
  lineEnd: number
}

/**
 * The expression whose brace is at `offset`, when it is one MDX renders as a block of JSX: it parses, its closing brace
 * ends its line, and it holds JSX (an expression of text alone, `{'a'}` or `{/* a comment *\/}`, is read elsewhere as
 * the text it gives). `functions`: a function is one too (a component's children it calls, `{(item) => \`…\`}`). Null
 * otherwise.
 */
export function flowExpressionAt(text: string, offset: number, {functions = false}: {functions?: boolean} = {}): FlowExpression | null {
  const braced = bracedExpressionAt(text, offset)
  if (!braced) return null
  const {node, close} = braced
  const newline = text.indexOf('\n', close + 1)
  const lineEnd = newline === -1 ? text.length : newline
  if (text.slice(close + 1, lineEnd).trim() !== '') return null
  if (!holdsJsx(node) && !(functions && isFunctionExpression(node))) return null
  return {expression: text.slice(offset + 1, close), start: offset, end: close + 1, lineEnd}
}

/**
 * For each line of an MDX text, whether it is fenced code, its fence lines included. Any indentation: MDX 2 and 3 have no
 * indented code, and a fence inside JSX is indented with it; a fence may stand in a quote (`> ````).
 */
export function fencedLines(lines: readonly string[]): boolean[] {
  let fence: string | null = null
  return lines.map((line) => {
    const opening = /^[ \t>]*(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence !== null) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim().replace(/^>\s*/, '') === opening) fence = null
      return true
    }
    if (opening) fence = opening
    return opening !== undefined
  })
}

/**
 * The JavaScript expression (JSX included) in the braces opening at `offset`: its tree, and the offset of its closing
 * brace (white space and comments may stand before it). Null when no expression parses there or no brace closes it.
 */
export function bracedExpressionAt(text: string, offset: number): {node: Node; close: number} | null {
  if (text[offset] !== '{') return null
  const node = jsExpressionAt(text, offset + 1)
  if (!node) return null
  const close = afterSpaceAndComments(text, node.end)
  return text[close] === '}' ? {node, close} : null
}

/** The tree of the JavaScript expression (JSX included) starting at `offset` of `text`, as MDX's parser reads it; null when none parses. */
export function jsExpressionAt(text: string, offset = 0): Node | null {
  try {
    return JsxParser.parseExpressionAt(text, offset, {ecmaVersion: 'latest', sourceType: 'module'})
  } catch {
    return null
  }
}

/**
 * Every block expression of an MDX file's text: at a line's start (inside JSX too, indented), outside fenced code; and
 * each element whose children are a function it calls (functionChildElementAt), which MDX compiles as one expression.
 */
export function flowExpressionsIn(text: string): FlowExpression[] {
  const found: FlowExpression[] = []
  const lines = text.split('\n')
  const fenced = fencedLines(lines)
  let offset = 0
  for (const [index, line] of lines.entries()) {
    const lineOffset = offset
    offset += line.length + 1
    // Lines inside an expression found above are part of it.
    if (fenced[index] || lineOffset <= (found.at(-1)?.lineEnd ?? -1)) continue
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0
    const expression =
      line[indent] === '{' ? flowExpressionAt(text, lineOffset + indent) : line[indent] === '<' ? functionChildElementAt(text, lineOffset + indent) : null
    if (expression) found.push(expression)
  }
  return found
}

/**
 * The element opening at `offset` (its `<`) when its only child is a function, which the component calls
 * (`<Flavored flavors={['a', 'b']}>{(flavor) => \`…\`}</Flavored>`, a render prop): the element's source as the
 * expression (JSX is one). Null for any other element.
 */
export function functionChildElementAt(text: string, offset: number): FlowExpression | null {
  const tag = readTag(text, offset)
  if (tag?.kind !== 'open' || !/^\s*\{/.test(text.slice(tag.end, tag.end + 200))) return null
  const node = jsExpressionAt(text, offset)
  if (node?.type !== 'JSXElement') return null
  const written = (node as {children?: Array<Node & {value?: string; expression?: Node}>}).children ?? []
  const children = written.filter((child) => !(child.type === 'JSXText' && (child.value ?? '').trim() === ''))
  const [only] = children
  if (children.length !== 1 || only?.type !== 'JSXExpressionContainer' || !isFunctionExpression(only.expression ?? null)) return null
  const newline = text.indexOf('\n', node.end)
  return {expression: text.slice(offset, node.end), start: offset, end: node.end, lineEnd: newline === -1 ? text.length : newline}
}

/**
 * The page's import statements that bind a name `expression` uses, as written (markdown partials left out: they are
 * the page's content, not code), for evaluating the expression with them in scope.
 */
export function importsUsedBy(statements: ReadonlyArray<{statement: string; names: readonly string[]; specifier: string}>, expression: string): string[] {
  return statements
    .filter(({specifier}) => !/\.mdx?$/.test(specifier))
    .filter(({names}) => names.some((name) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(expression)))
    .map(({statement}) => statement)
}

function afterSpaceAndComments(text: string, from: number): number {
  let at = from
  for (;;) {
    const space = /^\s*/.exec(text.slice(at))?.[0].length ?? 0
    at += space
    if (text.startsWith('//', at)) {
      const newline = text.indexOf('\n', at)
      at = newline === -1 ? text.length : newline
    } else if (text.startsWith('/*', at)) {
      const close = text.indexOf('*/', at + 2)
      if (close === -1) return text.length
      at = close + 2
    } else {
      return at
    }
  }
}

/** Whether an expression's tree is a function (`(item) => …`, `function (item) {…}`): a component's children to call. */
export function isFunctionExpression(node: Node | null): boolean {
  return node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression'
}

/** Whether an ESTree node has a JSX element or fragment anywhere inside. */
function holdsJsx(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false
  const type = (node as {type?: unknown}).type
  if (type === 'JSXElement' || type === 'JSXFragment') return true
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'range') continue
    if (Array.isArray(value) ? value.some(holdsJsx) : typeof value === 'object' && holdsJsx(value)) return true
  }
  return false
}
