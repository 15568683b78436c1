/**
 * The props a page gives a markdown partial (`<Location sectionName="behavior" />` after
 * `import Location from './_location.mdx'`), which MDX hands the partial as `props`: the partial's expressions that
 * read only them (`{props.sectionName}`, a CodeBlock's `{[…, `${props.sectionName}: {`].join('\n')}`) are evaluated
 * with the values the page wrote, before the partial is converted, as MDX evaluates them when the page renders.
 */
import {runInNewContext} from 'node:vm'
import type {Node} from 'acorn'
import {bracedExpressionAt, fencedLines, jsExpressionAt} from './flow-expression'
import {evaluateLiteral} from './js-string'
import type {TagToken} from './jsx-tags'

/** The props of a partial's use: its attributes written as strings, bare (`true`) or as literal expressions. */
export function partialProps(tag: Pick<TagToken, 'attributes' | 'expressions'>): Record<string, unknown> {
  const props: Record<string, unknown> = {}
  for (const [name, written] of Object.entries(tag.attributes)) {
    if (!tag.expressions?.has(name) || typeof written !== 'string') {
      props[name] = written
      continue
    }
    const read = evaluateLiteral(written)
    if ('value' in read) props[name] = read.value
  }
  return props
}

export interface PropsProblem {
  /** 1-based line of the expression in the partial. */
  line: number
  message: string
}

/**
 * The partial's text with each of its expressions that read `props` and nothing else of the page's JavaScript
 * replaced by what it gives: a string attribute for `name={…}`, a template literal as the content of a
 * `<CodeBlock>`, the text itself elsewhere. Fenced and inline code are left as written. An expression that
 * reads `props` but cannot be evaluated, or gives something other than text, is kept and named in `problems`.
 */
export function withPartialProps(text: string, props: Record<string, unknown>): {text: string; problems: PropsProblem[]} {
  const problems: PropsProblem[] = []
  if (!/\bprops\b/.test(text)) return {text, problems}
  let out = ''
  let at = 0
  for (const range of expressionCandidates(text)) {
    if (range < at) continue
    const conditional = conditionalMarkup(text, range)
    if (conditional && /\bprops\b/.test(conditional.condition)) {
      const shown = evaluate(conditional.condition, props)
      const line = text.slice(0, range).split('\n').length
      if ('problem' in shown) {
        problems.push({line, message: `{${abbreviate(conditional.condition)} && <…>}: ${shown.problem}; kept as written`})
        continue
      }
      // The markup the condition shows, as written (MDX reads markdown inside it), or nothing.
      out += text.slice(at, range) + (shown.value ? text.slice(conditional.markup.start, conditional.markup.end) : '')
      at = conditional.end
      continue
    }
    const braced = bracedExpressionAt(text, range)
    if (!braced) continue
    const {node, close} = braced
    const end = close + 1
    const source = text.slice(range + 1, close)
    const evaluated = evaluateNode(node, source, props)
    if (evaluated === null) continue
    const line = text.slice(0, range).split('\n').length
    if ('problem' in evaluated) {
      problems.push({line, message: `{${abbreviate(source)}} ${evaluated.problem}; kept as written`})
      continue
    }
    const value = evaluated.value
    const replacement = written(text, range, value)
    if (replacement === null) {
      problems.push({line, message: `{${abbreviate(source)}} gives ${typeof value}, not text; kept as written`})
      continue
    }
    out += text.slice(at, range) + replacement
    at = end
  }
  return {text: out + text.slice(at), problems}
}

/**
 * `{props.debug && <div>…</div>}`, whose markup holds markdown (a fence, a `>`) that JavaScript's parser cannot read as
 * JSX, as MDX reads it: the condition, the markup's offsets (its tags balanced), and where the expression ends.
 */
function conditionalMarkup(text: string, open: number): {condition: string; markup: {start: number; end: number}; end: number} | null {
  const head = /^\{\s*([^{}<>]+?)\s*&&\s*(\(\s*)?<([A-Za-z][\w.]*)(?=[\s/>])/.exec(text.slice(open))
  if (!head?.[1] || !head[3]) return null
  const name = head[3]
  const start = open + head[0].length - name.length - 1
  const tags = new RegExp(`<(/?)${name.replace(/\./g, '\\.')}(?=[\\s/>])[^>]*?(/?)>`, 'g')
  tags.lastIndex = start
  let depth = 0
  for (let tag = tags.exec(text); tag; tag = tags.exec(text)) {
    if (tag[1] === '/') depth--
    else if (tag[2] !== '/') depth++
    if (depth > 0) continue
    const close = new RegExp(`^\\s*${head[2] ? '\\)\\s*' : ''}\\}`).exec(text.slice(tag.index + tag[0].length))
    return close ? {condition: head[1], markup: {start, end: tag.index + tag[0].length}, end: tag.index + tag[0].length + close[0].length} : null
  }
  return null
}

/** The value of an expression that reads only the partial's props, or why it has none. */
function evaluate(source: string, props: Record<string, unknown>): {value: unknown} | {problem: string} {
  const node = jsExpressionAt(source)
  if (!node) return {problem: 'is not an expression the import can read'}
  return evaluateNode(node, source, props) ?? {problem: "does not read the partial's props"}
}

/** The value of a parsed expression that reads the partial's props and nothing else of the page; null when it reads no props. */
function evaluateNode(node: Node, source: string, props: Record<string, unknown>): {value: unknown} | {problem: string} | null {
  const free = freeNames(node)
  if (!free.has('props')) return null
  const others = [...free].filter((name) => name !== 'props' && !GLOBALS.has(name))
  if (others.length > 0) return {problem: `reads ${others.join(', ')} beside the partial's props, which the import cannot evaluate`}
  try {
    // Only `props`, literals and the methods of their values are in it, in a context of its own.
    return {value: runInNewContext(`(${source})`, {props: structuredClone(props)}, {timeout: 1000})}
  } catch (error) {
    return {problem: `failed with the props ${JSON.stringify(props)}: ${messageOf(error)}`}
  }
}

const GLOBALS = new Set(['undefined', 'String', 'Number', 'JSON', 'Math', 'Array', 'Object'])

/** How the value stands in for the expression at `start`: as an attribute's value, a CodeBlock's code or text. */
function written(text: string, start: number, value: unknown): string | null {
  const shown = value === undefined || value === null || typeof value === 'boolean' ? '' : value
  if (typeof shown !== 'string' && typeof shown !== 'number') return null
  const textValue = String(shown)
  if (/=\s*$/.test(text.slice(Math.max(0, start - 20), start))) return `{${JSON.stringify(textValue)}}`
  if (/<CodeBlock\b[^>]*>\s*$/.test(text.slice(0, start))) return `{\`${textValue.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\`}`
  // Inside a CodeBlock's text (`detox test --configuration {props.name}`): the code's own characters.
  const before = text.slice(0, start)
  if (before.lastIndexOf('<CodeBlock') > before.lastIndexOf('</CodeBlock>')) return textValue
  // Text of a paragraph: MDX's own characters and markdown's are escaped, so the value reads as written.
  return textValue.replace(/[\\`*_[\]<>{}]/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** Offsets of the `{` that may open an MDX expression: outside fenced code and inline code. */
function expressionCandidates(text: string): number[] {
  const found: number[] = []
  const lines = text.split('\n')
  const fenced = fencedLines(lines)
  let offset = 0
  for (const [index, line] of lines.entries()) {
    if (!fenced[index]) {
      let inCode = false
      for (let at = 0; at < line.length; at++) {
        if (line[at] === '`') inCode = !inCode
        else if (line[at] === '{' && !inCode) found.push(offset + at)
      }
    }
    offset += line.length + 1
  }
  return found
}

/** The names an expression reads that it does not bind itself (its functions' parameters). */
function freeNames(root: Node): Set<string> {
  const read = new Set<string>()
  const bound = new Set<string>()
  const visit = (node: unknown, parent: Record<string, unknown> | null, key: string | null): void => {
    if (typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent, key)
      return
    }
    const record = node as Record<string, unknown>
    const type = record.type
    if (type === 'Identifier' && typeof record.name === 'string') {
      const isProperty =
        parent &&
        ((parent.type === 'MemberExpression' && key === 'property' && !parent.computed) || (parent.type === 'Property' && key === 'key' && !parent.computed))
      if (!isProperty) read.add(record.name)
      return
    }
    if ((type === 'ArrowFunctionExpression' || type === 'FunctionExpression') && Array.isArray(record.params)) {
      for (const param of record.params as Array<Record<string, unknown>>)
        if (param.type === 'Identifier' && typeof param.name === 'string') bound.add(param.name)
    }
    for (const [childKey, child] of Object.entries(record)) if (childKey !== 'loc' && childKey !== 'range') visit(child, record, childKey)
  }
  visit(root, null, null)
  return new Set([...read].filter((name) => !bound.has(name)))
}

function abbreviate(source: string): string {
  const line = source.replace(/\s+/g, ' ').trim()
  return line.length > 40 ? `${line.slice(0, 40)}…` : line
}

/** An error's message, also of an error made in the evaluation's own context (not an Error of this one). */
function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error)
}
