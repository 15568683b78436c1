/**
 * Code: fenced and indented code blocks (a ```mermaid fence is a diagram where the site turns Mermaid
 * on, a `live` fence is noted for the live-codeblock theme), an unclosed fence is reported, and the
 * theme's `<CodeBlock>` component becomes the same code block.
 */
import type {Code, Nodes} from 'mdast'
import type {CodeBlock, RichTextBlock} from '../../portable-text'
import {convertFence} from '../code-fence'
import type {Element, HandlerContext} from '../handler-context'
import {importedValue} from '../imported-values'
import {attributeString} from '../jsx-tags'
import {codeFenceNotes} from './live-code'
import {mermaidBlockOf} from './mermaid'

export function codeBlock(cx: HandlerContext, node: Code, nested: boolean): RichTextBlock[] {
  if (node.lang === 'mermaid' && cx.context.features?.mermaid) {
    const title = /\btitle=(["'])(.*?)\1/.exec(node.meta ?? '')?.[2]
    const line = node.position?.start.line ?? 0
    return [
      mermaidBlockOf(node.value, title, line, cx.context.features.diagramProblem?.(node.value), (at, message) =>
        cx.context.warn({file: cx.context.file, line: at, message}),
      ),
    ]
  }
  codeFenceNotes(node, cx.context)
  // A fence without a language takes the site's default (themeConfig.prism.defaultLanguage), as Docusaurus's code block does.
  const fence = convertFence(node.lang ?? cx.context.features?.defaultCodeLanguage ?? null, node.meta, node.value, cx.context.features?.magicComments)
  if (!fence.known) {
    if (cx.context.unknownLanguage) cx.context.unknownLanguage(node.lang ?? '', node.position?.start.line ?? 0)
    else cx.warn(node, `code language "${node.lang}" is not one the highlighter knows; it is shown as plain text`)
  }
  if (isUnclosedFence(cx, node)) {
    cx.warn(
      node,
      `this code block's ${cx.nodeSource(node).trimStart().slice(0, 3)} fence is never closed: everything after it, to the end of ${nested ? 'what contains it' : 'the file'}, is code (as Docusaurus shows it); close it where the code ends`,
    )
  }
  return [fencedCodeBlock(fence)]
}

/** The code block of a converted fence (convertFence), as a fence in the markdown or a component rendering the theme's code block gives it. */
export function fencedCodeBlock(fence: ReturnType<typeof convertFence>): CodeBlock {
  return {
    _type: 'codeBlock',
    language: fence.language,
    ...(fence.title ? {title: fence.title} : {}),
    // An empty fence is a code box of one empty line in Docusaurus; the content model requires code: a space.
    code: fence.code.trim() === '' ? ' ' : fence.code,
    ...(fence.highlightedLines.length > 0 ? {highlightedLines: fence.highlightedLines} : {}),
  }
}

/** A fenced code block without its closing fence: CommonMark runs it to the end of its container. */
function isUnclosedFence(cx: HandlerContext, node: Nodes): boolean {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return false
  // Without the prefixes of the containers it stands in (block quotes, list indentation).
  const lines = cx.source.text
    .slice(start, end)
    .split('\n')
    .map((line) => line.replace(/^[\s>]*/, ''))
  const opening = /^(`{3,}|~{3,})/.exec(lines[0] ?? '')?.[1]
  if (!opening) return false // an indented code block
  const last = (lines.at(-1) ?? '').trimEnd()
  const closed = lines.length > 1 && last.length >= opening.length && last === (opening[0] ?? '').repeat(last.length)
  return !closed
}

/** `<CodeBlock language="js" title="x.js">{`code`}</CodeBlock>`. */
export function codeComponent(cx: HandlerContext, element: Element): RichTextBlock {
  const {attributes} = element.tag
  const inner = cx.source
    .slice(element.start, element.end)
    .replace(/^<CodeBlock\b[^>]*>/, '')
    .replace(/<\/CodeBlock>\s*$/, '')
  const literal = /^\s*\{\s*(['"`])([\s\S]*)\1\s*\}\s*$/.exec(inner)
  // `{snippet}` after `import snippet from '!!raw-loader!./x.dart'` (or a site module's string): that text.
  const named = literal ? null : /^\s*\{([^{}]+)\}\s*$/.exec(inner)
  const read = named?.[1] ? importedValue(cx, named[1]) : null
  if (read && 'problem' in read)
    cx.context.warn({file: cx.context.file, line: element.line, message: `<CodeBlock>{${named?.[1]}}: ${read.problem}; the expression is shown as written`})
  const code = literal
    ? (literal[2] ?? '').replace(/\\(`|\$\{)/g, '$1')
    : read && 'value' in read && typeof read.value === 'string'
      ? read.value.replace(/\n+$/, '')
      : dedent(inner.replace(/^\n+|\s+$/g, ''))
  const lines = typeof attributes.metastring === 'string' ? attributes.metastring : ''
  // The theme's CodeBlock takes its language from `language`, else from a `language-x` class.
  const classLanguage = /(?:^|\s)language-([\w+#-]+)/.exec(attributeString(attributes.className) ?? '')?.[1]
  const fence = convertFence(
    attributeString(attributes.language) ?? classLanguage ?? cx.context.features?.defaultCodeLanguage ?? null,
    [lines, attributeString(attributes.title) ? `title="${attributeString(attributes.title)}"` : ''].join(' '),
    code.replace(/^\n/, '').replace(/\n\s*$/, ''),
    cx.context.features?.magicComments,
  )
  return {
    _type: 'codeBlock',
    language: fence.language,
    ...(fence.title ? {title: fence.title} : {}),
    code: fence.code,
    ...(fence.highlightedLines.length > 0 ? {highlightedLines: fence.highlightedLines} : {}),
  }
}

/** Text written as a component's children, indented with its tags: without the indentation its lines share. */
function dedent(text: string): string {
  const lines = text.split('\n')
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0))
  return Number.isFinite(common) && common > 0 ? lines.map((line) => line.slice(common)).join('\n') : text
}
