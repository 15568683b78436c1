/**
 * Parsing markdown into the mdast tree the conversion walks: remark with CommonMark, GFM, front
 * matter, directives (admonitions) and, where a plugin runs it, remark-math; and the position
 * helpers for text parsed again from a piece of the file (inline markdown between tags).
 */
import type {Nodes, Root} from 'mdast'
import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import remarkParse from 'remark-parse'
import {type Processor, unified} from 'unified'
import {type BlockFeatures, readsAsMdx1} from './conversion-context'
import {SourceText} from './source-text'

/**
 * MDX's markdown has no indented code: text indented by four spaces or more (inside a component, a
 * list, or at the top) is read as any other line, and a fence may be indented any amount, as
 * Docusaurus 3 reads its `.md` and `.mdx` files.
 */
function withoutIndentedCode(this: Processor): void {
  const data = this.data() as {micromarkExtensions?: unknown[]}
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), {disable: {null: ['codeIndented']}}]
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(withoutIndentedCode)
/** The same, with remark-math's syntax, for the files of a plugin that runs remark-math. */
const mathParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(remarkMath).use(withoutIndentedCode)
/** Both, with CommonMark's indented code. */
const commonMarkParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective)
const commonMarkMathParser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).use(remarkMath)

/**
 * A processor that parses as the body was parsed, for the site's remark plugins to run in: a plugin that parses
 * markdown of its own with `this.parse` (remark-typescript-tools reading doc comments) finds the parser it expects.
 */
export function pluginProcessor(options: {math?: boolean} = {}): Processor<Root, Root | undefined, Root | undefined> {
  const processor = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective)
  return options.math ? processor.use(remarkMath) : processor
}

/** The markdown tree a body is converted from (what the site's remark plugins are given). */
export function parseBody(markdown: string, features: Pick<BlockFeatures, 'math' | 'indentedCode' | 'commonMark'> = {}): Root {
  // The same text and syntaxes as the converter reads the file with (Converter's constructor and parse), so that a tree
  // parsed here first (the site's remark plugins run over it) holds the offsets and nodes of the converter's own.
  const source = new SourceText(markdown, {mdx: features.indentedCode !== true, mdx1: readsAsMdx1(features)})
  return parseMarkdown(source.text, features, 0, 0)
}

/**
 * A piece of a file's markdown parsed with the syntaxes the file is read with (math, indented code),
 * its positions moved by the given deltas to where the piece stands in the file.
 */
export function parseMarkdown(text: string, features: BlockFeatures | undefined, offsetDelta: number, lineDelta: number): Root {
  const root = (features?.indentedCode ? (features.math ? commonMarkMathParser : commonMarkParser) : features?.math ? mathParser : parser).parse(text)
  if (readsAsMdx1(features)) dotlessAddressesAsText(root, text)
  if (offsetDelta !== 0 || lineDelta !== 0) shiftPositions(root, offsetDelta, lineDelta)
  return root
}

/**
 * A bare address whose domain has no dot (`http://localhost:9090/`) is text under MDX 1: remark-parse 8 links a bare
 * `http://`, `https://` or `www.` address only when its domain has one, where GFM's autolink literals of today link it.
 */
function dotlessAddressesAsText(node: Nodes, text: string): void {
  if (!('children' in node)) return
  const children: Nodes[] = node.children
  for (const [index, child] of children.entries()) {
    const start = child.position?.start.offset
    const end = child.position?.end.offset
    if (child.type !== 'link' || start === undefined || end === undefined || !/^(?:https?:\/\/|www\.)/i.test(text.slice(start, end))) continue
    // After `www.` the domain needs a dot of its own (`www.localhost` is text too).
    const domain = /^(?:https?:\/\/|www\.)([^/?#:\s]*)/i.exec(text.slice(start, end))?.[1] ?? ''
    if (!domain.includes('.')) children[index] = {type: 'text', value: text.slice(start, end), position: child.position}
  }
  for (const child of node.children) dotlessAddressesAsText(child, text)
}

export function collectDefinitions(root: Root, into: Map<string, {url: string; title?: string | null}>): void {
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      const definition = node
      into.set(definition.identifier, {url: definition.url, title: definition.title})
    }
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(root)
}

function shiftPositions(node: Nodes, offsetDelta: number, lineDelta: number): void {
  const position = node.position
  if (position) {
    position.start = {...position.start, line: position.start.line + lineDelta, offset: (position.start.offset ?? 0) + offsetDelta}
    position.end = {...position.end, line: position.end.line + lineDelta, offset: (position.end.offset ?? 0) + offsetDelta}
  }
  if ('children' in node) for (const child of node.children) shiftPositions(child, offsetDelta, lineDelta)
}

/** Moves the offsets of a tree parsed from rewritten text (inlineRun) back to the text as written. */
export function mapOffsets(node: Nodes, map: (offset: number) => number): void {
  const position = node.position
  if (position) {
    if (position.start.offset !== undefined) position.start = {...position.start, offset: map(position.start.offset)}
    if (position.end.offset !== undefined) position.end = {...position.end, offset: map(position.end.offset)}
  }
  if ('children' in node) for (const child of node.children) mapOffsets(child, map)
}

export function stripLeadingZeroWidth(root: Root): void {
  let node: Nodes | undefined = root
  while (node && 'children' in node && node.children.length > 0) node = node.children[0]
  if (node?.type === 'text' && node.value.startsWith('\u200b')) node.value = node.value.slice(1)
}

export function countNewlines(text: string): number {
  let count = 0
  for (const char of text) if (char === '\n') count++
  return count
}
