/**
 * MDX's JavaScript lines: `import` and `export` paragraphs. Imports tell which names are partials,
 * images, Docusaurus's Link and IdealImage, or components of the site's own; an exported constant
 * with a literal value is printed where `{name}` stands; other exports are reported, not imported.
 */
import type {Paragraph, RootContent} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {componentImports, parseImportLine} from '../component-imports'
import type {HandlerContext} from '../handler-context'
import {classifyImportLine} from '../jsx-tags'
import {flowExpressionsIn} from '../flow-expression'

/** Components of Docusaurus's theme whose imports produce nothing and whose tags the converter knows. */
const THEME_COMPONENTS = new Set([
  'Tabs',
  'TabItem',
  'ThemedImage',
  'Admonition',
  'Details',
  'TOCInline',
  'CodeBlock',
  'DocCardList',
  'BrowserOnly',
  'Highlight',
])

/**
 * A paragraph of MDX `import`/`export` lines: JavaScript of the page, not content. As MDX reads it, a
 * paragraph that starts with `import` or `export` is JavaScript up to the next blank line.
 */
export function isModuleParagraph(cx: HandlerContext, node: RootContent): boolean {
  if (node.type !== 'paragraph') return false
  return /^(import\s+[\w{*'"]|export\s+(const|let|var|function|default|\{))/.test(cx.nodeSource(node).trimStart())
}

export function moduleLines(cx: HandlerContext, node: Paragraph): RichTextBlock[] {
  const source = cx.nodeSource(node)
  const firstLine = node.position?.start.line ?? 0
  const lines = source.split('\n')
  // Each statement is reported at its own line. A constant with a literal value is printed where the text uses it.
  const exportAt = lines.findIndex((text) => /^\s*export\b/.test(text) && literalConstant(text) === null)
  if (exportAt !== -1) {
    cx.context.warn({file: cx.context.file, line: firstLine + exportAt, message: 'an MDX export is JavaScript of the page, not content: not imported'})
  }
  readImports(cx, node, true)
  return []
}

/**
 * Knows the names a paragraph of import lines gives (partials, images, the site's components), and
 * with `report`, warns of the imports of components that are not imported. MDX hoists imports, so
 * they are read once before the body is converted (a name may be used above its import), and
 * reported where they stand.
 */
export function readImports(cx: HandlerContext, node: Paragraph, report: boolean): void {
  readImportLines(cx, cx.nodeSource(node), node.position?.start.line ?? 0, report)
}

/** What readImports reads of a paragraph, from its text (`source`, whose first line is the file's `firstLine`). */
export function readImportLines(cx: HandlerContext, source: string, firstLine: number, report: boolean): void {
  // A line may hold several statements (`import Tabs from '@theme/Tabs'; import TabItem from '@theme/TabItem';`).
  // A statement over several lines (`import {` … `} from '…'`, `import logo from` then `'./logo.png'`), the last of its
  // line or alone, is read as one line, reported at its first: an import is whole once its specifier is written.
  const lines = source.split('\n')
  const statements: Array<{importLine: string; index: number}> = []
  const unfinished = (text: string) => {
    const last = text.split(/;[ \t]*/).at(-1) ?? ''
    return /^\s*import\b/.test(last) && !/['"]/.test(last)
  }
  for (let index = 0; index < lines.length; index++) {
    const first = index
    let text = lines[index] ?? ''
    while (unfinished(text) && index + 1 < lines.length) text += ` ${(lines[++index] ?? '').trim()}`
    for (const importLine of text.split(/;[ \t]*(?=import\s)/)) statements.push({importLine, index: first})
  }
  for (const {importLine, index} of statements) {
    const line = firstLine + index
    const statement = parseImportLine(importLine)
    if (!statement) continue
    const names = statement.bindings.map((binding) => binding.local)
    const from = statement.specifier
    const onlyDefault = statement.defaultOnly
    if (from === '@theme/IdealImage' && onlyDefault) cx.idealImageNames.add(onlyDefault)
    if (from === '@docusaurus/Link' && onlyDefault) cx.linkNames.add(onlyDefault)
    if (from === '@theme/Heading' && onlyDefault) cx.headingNames.add(onlyDefault)
    if (classifyImportLine(importLine) === 'known') continue
    if (cx.assetImports.addImportLine(importLine, line)) continue
    if (/\.mdx?$/.test(from) && onlyDefault) {
      cx.partials.set(onlyDefault, from)
      continue
    }
    for (const name of names) if (!THEME_COMPONENTS.has(name)) cx.siteComponents.add(name)
    const rendered = cx.context.renderComponent ? componentImports(importLine.trim()) : []
    for (const component of rendered) cx.componentImports.set(component.local, component)
    // Components of the site's own files are rendered where they are used (a failure is said there), and so are the
    // page's block expressions, with the imports they use in scope (a failure is said there too).
    if (!report || (rendered.length > 0 && rendered.length === names.length)) continue
    const notInExpressions = cx.context.renderExpression ? names.filter((name) => !usedByExpressions(cx, name)) : names
    if (notInExpressions.length === 0) continue
    cx.context.warn({
      file: cx.context.file,
      line,
      message: `imports ${notInExpressions.join(', ')} from ${from}: components of the site are not imported (their content is kept where they are used)`,
    })
  }
}

/** `export const name = 18;` (a number, string, boolean or plain template literal): [name, printed value], else null. */
function literalConstant(line: string): [string, string] | null {
  const match = /^\s*export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(-?\d+(?:\.\d+)?|true|false|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`$]*`)\s*;?\s*$/.exec(line)
  if (!match?.[1] || match[2] === undefined) return null
  const value = match[2]
  return [match[1], /^['"`]/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value]
}

export function collectConstants(source: string, into: Map<string, string>): void {
  for (const line of source.split('\n')) {
    const constant = literalConstant(line)
    if (constant) into.set(constant[0], constant[1])
  }
}

/** The block expressions of each file's text, found once. */
const expressionsOf = new WeakMap<object, string[]>()

/** Whether a block expression of the page (`{team.map(…)}`) uses `name`: it is evaluated with that import in scope. */
function usedByExpressions(cx: HandlerContext, name: string): boolean {
  let expressions = expressionsOf.get(cx.source)
  if (!expressions) {
    expressions = flowExpressionsIn(cx.source.text).map(({expression}) => expression)
    expressionsOf.set(cx.source, expressions)
  }
  const uses = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`)
  return expressions.some((expression) => uses.test(expression))
}

/** The import statements of an ESM node a remark plugin wrote (no position in the file), else undefined. */
export function pluginImport(node: RootContent): string | undefined {
  if ((node.type as string) !== 'mdxjsEsm' || node.position) return undefined
  const value = (node as unknown as {value?: unknown}).value
  return typeof value === 'string' && /^\s*import\s/.test(value) ? value : undefined
}
