/**
 * The shared state of one file's conversion, as the handlers see it: the file's options and resolvers
 * (`context`), its source text, what its import lines declared, the inline environment, and the few
 * operations of the core walk that handlers call back into (converting the children of an element,
 * parsing a piece of text, keeping a piece verbatim with a warning). The core (converter.ts) implements it.
 */
import type {Nodes, PhrasingContent, Root, RootContent} from 'mdast'
import type {NestedBlock, RichTextBlock, UnconvertedBlock} from '../portable-text'
import type {ImportedComponent} from './component-imports'
import type {ConversionContext} from './conversion-context'
import type {AssetImports} from './handlers/asset-imports'
import type {Footnotes} from './handlers/footnotes'
import type {InlineEnvironment} from './inline'
import type {TagToken} from './jsx-tags'
import type {SourceText} from './source-text'

/** A piece of a flow: a markdown node, a tag of a component or element, or raw HTML kept whole. */
export type FlowItem =
  | {kind: 'node'; node: RootContent; start: number; end: number; line: number}
  | {kind: 'tag'; tag: TagToken; start: number; end: number; line: number}
  /** `slots`: what stands between the HTML's tags that is not HTML (markdown, components), each at rawHtmlSlotMarker(n). */
  | {kind: 'raw'; html: string; start: number; end: number; line: number; slots?: TreeItem[][]}
  /** An MDX expression standing as a block (flow-expression.ts): `expression` is the JavaScript between its braces. */
  | {kind: 'expression'; expression: string; start: number; end: number; line: number}

/** A flow after matching tags: markdown nodes, raw HTML, and elements holding their children. */
export type TreeItem =
  Exclude<FlowItem, {kind: 'tag'}> | {kind: 'element'; tag: TagToken; children: TreeItem[]; start: number; end: number; line: number; closed: boolean}

export type Element = Extract<TreeItem, {kind: 'element'}>

export interface HandlerContext {
  /** The file's options: its name (for `file:line`), resolvers, warnings, the site's features and plugins. */
  readonly context: ConversionContext
  readonly source: SourceText
  /** Link reference definitions of the file (`[name]: url`), by identifier. */
  readonly definitions: Map<string, {url: string; title?: string | null}>
  readonly inlineEnv: InlineEnvironment
  /** Components imported from the site's own files (`import X from '@site/src/components/X'`). */
  readonly siteComponents: Set<string>
  readonly inlineComponentsNoted: Set<string>
  /** Components imported from the site's own modules, by the name the file uses. */
  readonly componentImports: Map<string, ImportedComponent>
  /** Markdown files imported as components: their content is inlined where they are used. */
  readonly partials: Map<string, string>
  /** Components neither of Docusaurus's theme nor markdown files: the lines where each is used. */
  readonly unknownUses: Map<string, {lines: number[]; withContent: boolean}>
  /** Constants the page exports with a literal value: MDX prints them where `{name}` stands. */
  readonly constants: Map<string, string>
  /** Names the file imports `@theme/IdealImage` as. */
  readonly idealImageNames: Set<string>
  /** Local names of Docusaurus's Link component in this file. */
  readonly linkNames: Set<string>
  /** The names `@theme/Heading` is imported as. */
  readonly headingNames: Set<string>
  /** Images and files the page imports as modules (`import logo from '@site/static/img/logo.png'`). */
  readonly assetImports: AssetImports
  /** The file's GFM footnotes: references become `footnote` inline objects holding their notes. */
  readonly footnotes: Footnotes
  /** Whether nesting deeper than the limit was reported (once per file). */
  reportedDepth: boolean

  /** The blocks of a flow of items; `nested` inside a block that holds only nested blocks (tabs, admonitions…). */
  flow(items: readonly TreeItem[], nested: boolean): RichTextBlock[]
  /** The blocks of a flow that a nested body may hold. */
  nestedFlow(items: readonly TreeItem[]): NestedBlock[]
  /** A piece of the file parsed as markdown, its positions moved to where it stands. */
  parse(text: string, offsetDelta: number, lineDelta: number): Root
  /** The source of a node as written in the file. */
  nodeSource(node: Nodes | PhrasingContent): string
  warn(node: Nodes, message: string): void
  /** A piece kept verbatim in a "not converted" block, with a warning giving the reason. */
  unconverted(start: number, end: number, line: number, reason: string): UnconvertedBlock
  unconvertedNode(node: Nodes, reason: string): UnconvertedBlock
  /** What an attribute's `{…}` expression gives in the HTML read from JSX: an imported image's or a required file's path. */
  readonly expressionValue: (expression: string) => string | undefined
  /** The blocks of another markdown file (a partial) converted with its own context. */
  convertPartial(markdown: string, context: ConversionContext): RichTextBlock[]
}
