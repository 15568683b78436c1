/**
 * The Portable Text the importer writes, typed after schemas/src/objects/portable-text.ts. `_key`s
 * are optional here because they are added in one pass (keys.ts) once a body is complete.
 */
import type {AdmonitionKind} from '@site/schemas'

export type BlockStyle = 'normal' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote' | 'listParagraph' | 'line' | 'codeBox'
export type Decorator = 'strong' | 'em' | 'code' | 'strike-through' | 'underline' | 'sup' | 'sub' | 'kbd' | 'mark'

export interface Span {
  _type: 'span'
  _key?: string
  text: string
  marks: string[]
}

/** An image inside a line of text: an uploaded image or the address of a remote one. */
export interface InlineImage {
  _type: 'inlineImage'
  _key?: string
  image?: ImageValue
  url?: string
  alt?: string
  href?: string
  width?: string
  height?: string
}

/** A place in a line of text that links point to (`#id`): an element's `id` there (`<a id="…"></a>`), showing nothing. */
export interface AnchorTarget {
  _type: 'anchorTarget'
  _key?: string
  id: string
}

/** A formula inside a line of text (`$…$`), in TeX. */
export interface MathInline {
  _type: 'mathInline'
  _key?: string
  tex: string
}

/** A formula on a line of its own (`$$…$$`), in TeX. */
export interface MathBlock {
  _type: 'mathBlock'
  _key?: string
  tex: string
}

/** A Mermaid diagram (a ```mermaid fence), drawn when the site is built. */
export interface MermaidDiagramBlock {
  _type: 'mermaidDiagram'
  _key?: string
  code: string
  title?: string
}

/** A footnote reference holding its note (the note only on the first reference of a label). */
export interface Footnote {
  _type: 'footnote'
  _key?: string
  label: string
  note?: TextBlock[]
}

export interface LinkDefinition {
  _type: 'link'
  _key: string
  href: string
}

/** An inline HTML element kept as an annotation (a span with a class or style, an abbreviation). */
export interface InlineElementDefinition {
  _type: 'inlineElement'
  _key: string
  tag: string
  className?: string
  style?: string
  title?: string
}

export type MarkDefinition = LinkDefinition | InlineElementDefinition

export interface TextBlock {
  _type: 'block'
  _key?: string
  style: BlockStyle
  listItem?: 'bullet' | 'number'
  level?: number
  markDefs: MarkDefinition[]
  children: Array<Span | InlineImage | MathInline | Footnote | AnchorTarget>
}

export interface HeadingBlock {
  _type: 'heading'
  _key?: string
  level: number
  text: string
  anchor: string
  /** The notes its text's `[^label]` refer to, when it is where the page first refers to them. */
  notes?: Footnote[]
}

export interface CodeBlock {
  _type: 'codeBlock'
  _key?: string
  /** Shown inside the list item above, at this level (a block indented under an item). */
  listLevel?: number
  language: string
  title?: string
  code: string
  highlightedLines?: number[]
}

export interface ImageValue {
  _type: 'image'
  _sanityAsset: string
}

export interface ThemedImageBlock {
  _type: 'themedImage'
  _key?: string
  /** Shown inside the list item above, at this level (a block indented under an item). */
  listLevel?: number
  light?: ImageValue
  dark?: ImageValue
  lightUrl?: string
  darkUrl?: string
  alt?: string
  caption?: string
  href?: string
  width?: string
  height?: string
  /** Widths served in a srcset (ideal-image's min, max, steps and quality). */
  responsive?: {min?: number; max?: number; steps?: number; quality?: number}
}

export interface FileValue {
  _type: 'file'
  _sanityAsset: string
}

export interface VideoBlock {
  _type: 'video'
  _key?: string
  sources: Array<{_type: 'videoSource'; _key?: string; file?: FileValue; url?: string; mimeType?: string}>
  title?: string
  /** Inline markup shown by a browser that cannot play the video (the element's own text). */
  fallback?: string
  poster?: ImageValue
  controls?: boolean
  autoPlay?: boolean
  loop?: boolean
  muted?: boolean
  width?: string
  height?: string
}

export interface DetailsBlock {
  _type: 'details'
  _key?: string
  /** Shown inside the list item above, at this level (a collapsible section indented under an item). */
  listLevel?: number
  summary: string
  open?: boolean
  className?: string
  body: NestedBlock[]
}

export interface TocInlineBlock {
  _type: 'tocInline'
  _key?: string
  minLevel?: number
  maxLevel?: number
}

export interface DocCardListBlock {
  _type: 'docCardList'
  _key?: string
  /** The cards the page lists itself (`<DocCardList items={[…]} />`); without them, the category's pages. */
  items?: {_type: 'docCard'; _key?: string; label: string; href: string; description?: string}[]
}

export interface TableBlock {
  _type: 'table'
  _key?: string
  /** Shown inside the list item above, at this level (a block indented under an item). */
  listLevel?: number
  rows: {_type: 'tableRow'; _key?: string; cells: string[]}[]
  align: ('left' | 'center' | 'right' | 'none')[]
  /** The notes its cells' `[^label]` refer to, when a cell is where the page first refers to them. */
  notes?: Footnote[]
}

export interface RawHtmlBlock {
  _type: 'rawHtml'
  _key?: string
  /** The HTML, with rawHtmlSlotMarker(n) where the n-th slot's blocks go. */
  html: string
  slots?: {_type: 'htmlSlot'; _key?: string; body: NestedBlock[]}[]
}

/** A component of the site's own, as it rendered at import time, with its content editable. */
export interface SiteComponentBlock {
  _type: 'siteComponent'
  _key?: string
  name: string
  /** Its HTML, with SITE_COMPONENT_CONTENT_MARKER where its children go and rawHtmlSlotMarker(n) where the n-th JSX prop's content goes. */
  markup: string
  body?: NestedBlock[]
  /** The content of the JSX given as props (`description={<>…</>}`), in the order written. */
  slots?: {_type: 'htmlSlot'; _key?: string; body: NestedBlock[]}[]
}

export interface UnconvertedBlock {
  _type: 'unconverted'
  _key?: string
  source: string
  reason: string
  location: string
}

/** Blocks allowed inside admonitions, tab panels and details (`nestedRichText`): all but the read-more break. */
export type NestedBlock =
  | TextBlock
  | HeadingBlock
  | CodeBlock
  | MathBlock
  | MermaidDiagramBlock
  | ThemedImageBlock
  | TableBlock
  | AdmonitionBlock
  | QuoteBlock
  | TabsBlock
  | DetailsBlock
  | VideoBlock
  | EmbedBlock
  | TocInlineBlock
  | DocCardListBlock
  | RawHtmlBlock
  | SiteComponentBlock
  | UnconvertedBlock

export interface AdmonitionBlock {
  _type: 'admonition'
  _key?: string
  /** Shown inside the list item above, at this level (a block indented under an item). */
  listLevel?: number
  kind: AdmonitionKind
  title?: string
  /** Absent for an admonition without content (`:::note` closed at once), which Docusaurus shows as its title alone. */
  body?: NestedBlock[]
}

/** A quote holding several blocks (paragraphs, a list, a heading, code): one quote around them. A quote of one paragraph is a text block of the `blockquote` style. */
export interface QuoteBlock {
  _type: 'quote'
  _key?: string
  /** Shown inside the list item above, at this level (a quote indented under an item). */
  listLevel?: number
  body: NestedBlock[]
}

export interface TabPanel {
  _type: 'tabPanel'
  _key?: string
  value: string
  label: string
  isDefault?: boolean
  body: NestedBlock[]
}

export interface TabsBlock {
  _type: 'tabs'
  _key?: string
  /** Shown inside the list item above, at this level (tabs indented under an item). */
  listLevel?: number
  groupId?: string
  panels: TabPanel[]
}

export interface EmbedBlock {
  _type: 'embed'
  _key?: string
  url: string
  title: string
  height?: number
  sourceUrl?: string
}

export interface ReadMoreBlock {
  _type: 'readMore'
  _key?: string
  /** The break stands inside a paragraph: the text blocks on either side are one paragraph on the post's page. */
  withinParagraph?: boolean
}

/** Any block of a `richText` body. */
export type RichTextBlock = NestedBlock | ReadMoreBlock

export function isNestedBlock(block: RichTextBlock): block is NestedBlock {
  return block._type !== 'readMore'
}

/** What a converter gets for an image or file address: an asset of the dataset, a remote address, or why neither. */
export type ResolvedImage = ImageValue | {url: string} | {problem: string}
export type ResolvedFile = FileValue | {url: string} | {problem: string}
