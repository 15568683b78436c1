/**
 * The Portable Text bodies of the site as the queries return them, and the prepared form the
 * renderer takes: anchors allocated, code highlighted, links localized, raw HTML sanitized,
 * embeds checked. Preparing is async and per page; rendering is then synchronous and pure.
 */
import type {AdmonitionKind, LinkLook} from '@site/schemas'
import type {NestedRichText, RichText} from '@site/schemas/types'
import type {DocCard} from '../site/docs'
import type {MarkupNode} from './component-markup'
import type {InlineNode} from './inline-markup'

/** A body as stored and returned by the doc, page, blog post and release queries. */
export type RichBody = RichText
export type RichBlock = RichBody[number]
/** The body of an admonition, a tab panel or a details block: the same blocks but "read more". */
export type NestedBody = NestedRichText
export type NestedBlock = NestedBody[number]
export type TextBlock = Extract<RichBlock, {_type: 'block'}>

/**
 * What a text block may hold, as the content model defines it (schemas/src/objects/portable-text.ts):
 * the renderer has a component for each (render.tsx) and preparing refuses anything else.
 */
export const TEXT_STYLES = ['normal', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'listParagraph', 'line', 'codeBox'] as const satisfies ReadonlyArray<
  NonNullable<TextBlock['style']>
>
export const LIST_KINDS = ['bullet', 'number'] as const satisfies ReadonlyArray<NonNullable<TextBlock['listItem']>>
export const DECORATORS = ['strong', 'em', 'code', 'strike-through', 'underline', 'sup', 'sub', 'kbd', 'mark'] as const
export type Decorator = (typeof DECORATORS)[number]
export type TextStyle = (typeof TEXT_STYLES)[number]
export type ListKind = (typeof LIST_KINDS)[number]

export interface PreparedSpan {
  _type: 'span'
  _key: string
  text: string
  marks: string[]
}

/** An image inside a line of text. */
export interface PreparedInlineImage {
  _type: 'inlineImage'
  _key: string
  src: string
  alt: string
  href: string | null
  width: string | null
  height: string | null
}

/** A place in a line of text that links point to (#id): an empty element with that id. */
export interface PreparedAnchorTarget {
  _type: 'anchorTarget'
  _key: string
  id: string
}

/** Math inside a line of text: KaTeX's HTML and MathML, or (KaTeX could not read it) its TeX and why. */
export interface PreparedMathInline {
  _type: 'mathInline'
  _key: string
  tex: string
  html: string | null
  problem?: string
}

/** A formula on a line of its own, typeset (a formula KaTeX cannot read is prepared as a code block). */
export interface PreparedMathBlock {
  _type: 'mathBlock'
  _key: string
  tex: string
  html: string
}

/** A Mermaid diagram drawn into SVG (one the site cannot draw is prepared as a code block). */
export interface PreparedDiagram {
  _type: 'mermaidDiagram'
  _key: string
  svg: string
  title: string | null
  code: string
}

/** A footnote reference: its number, linking to its note at the end of the page (footnotes.ts). */
export interface PreparedFootnoteRef {
  _type: 'footnote'
  _key: string
  number: number
  /** The reference's own id, which the note links back to. */
  id: string
  /** The note's id. */
  noteId: string
}

/** One note of the list at the end of a page, with a link back to each of its references. */
export interface PreparedNote {
  id: string
  number: number
  blocks: PreparedTextBlock[]
  backLinks: Array<{href: string; label: string}>
}

/** The notes of a page's footnotes, after its body; the heading is for screen readers. */
export interface PreparedFootnotes {
  _type: 'footnotes'
  _key: string
  heading: string
  headingId: string
  notes: PreparedNote[]
}

export type PreparedMarkDef =
  | {_type: 'link'; _key: string; href: string; external: boolean; look?: LinkLook}
  | {_type: 'inlineElement'; _key: string; tag: string; className: string | null; style: Record<string, string> | null; title: string | null}

export interface PreparedTextBlock {
  _type: 'block'
  _key: string
  style: NonNullable<TextBlock['style']>
  listItem?: NonNullable<TextBlock['listItem']>
  level?: number
  children: Array<PreparedSpan | PreparedInlineImage | PreparedMathInline | PreparedFootnoteRef | PreparedAnchorTarget>
  markDefs: PreparedMarkDef[]
  /** The id of a heading-styled block. */
  anchor?: string
  /** A list item's blocks after its first paragraph (list-items.ts). */
  more?: PreparedBlock[]
}

export interface PreparedHeading {
  _type: 'heading'
  _key: string
  level: 1 | 2 | 3 | 4 | 5 | 6
  anchor: string
  content: InlineNode[]
}

export interface CodeLabels {
  copy: string
  copied: string
  copyLabel: string
}

export interface PreparedCode {
  _type: 'codeBlock'
  _key: string
  language: string
  title: string | null
  code: string
  /** shiki's <pre>, both themes as CSS variables. */
  html: string
  labels: CodeLabels
}

export interface PreparedAdmonition {
  _type: 'admonition'
  _key: string
  kind: AdmonitionKind
  title: string
  body: PreparedBlock[]
}

/** A quote of several blocks, shown as one quote around them (a quote of one paragraph is a text block of the `blockquote` style). */
export interface PreparedQuote {
  _type: 'quote'
  _key: string
  body: PreparedBlock[]
}

export interface PreparedTabs {
  _type: 'tabs'
  _key: string
  groupId: string | null
  panels: Array<{key: string; value: string; label: string; isDefault: boolean; body: PreparedBlock[]}>
}

export interface ImageSource {
  url: string
  width: number | null
  height: number | null
}

export interface PreparedImage {
  _type: 'themedImage'
  _key: string
  alt: string
  /** Its caption's inline markup (links localized). */
  caption: InlineNode[] | null
  light: ImageSource | null
  dark: ImageSource | null
  /** Where clicking the image leads (an image inside a link). */
  href: string | null
  /** Display size written by the author (HTML width/height attributes). */
  width: string | null
  height: string | null
  /** The widths the light image is served in (responsive sizes), as a srcset, and the sizes attribute. */
  srcset?: string | null
  sizes?: string | null
}

export interface PreparedDetails {
  _type: 'details'
  _key: string
  summary: InlineNode[]
  open: boolean
  className: string | null
  body: PreparedBlock[]
}

export interface PreparedVideo {
  _type: 'video'
  _key: string
  sources: Array<{src: string; type: string | null}>
  title: string | null
  /** What a browser that cannot play the video shows. */
  fallback: InlineNode[]
  poster: string | null
  controls: boolean
  autoPlay: boolean
  loop: boolean
  muted: boolean
  width: string | null
  height: string | null
}

/** The pages of the doc's sidebar category, as cards (`<DocCardList />`). */
export interface PreparedDocCardList {
  _type: 'docCardList'
  _key: string
  cards: DocCard[]
}

/** A heading in a table of contents, with the headings nested under it. */
export interface TocEntry {
  anchor: string
  text: string
  children: TocEntry[]
}

export interface PreparedTocInline {
  _type: 'tocInline'
  _key: string
  entries: TocEntry[]
}

export interface PreparedTable {
  _type: 'table'
  _key: string
  header: InlineNode[][]
  rows: InlineNode[][][]
  align: Array<'left' | 'center' | 'right' | null>
}

export interface PreparedEmbed {
  _type: 'embed'
  _key: string
  url: string
  title: string
  height: number
  sourceUrl: string | null
  /** Why the address is refused; a refused embed renders nothing and fails the build. */
  refused: string | null
  /** The loading indicator's texts in the page's locale. */
  loadingLabels: {loading: string; error: string; retry: string}
}

export interface PreparedRawHtml {
  _type: 'rawHtml'
  _key: string
  html: string
  /** With slots: the HTML as a tree (`html` is then empty), each slot's blocks at its marker. */
  markup?: MarkupNode[]
  slots?: PreparedBlock[][]
}

/** A component of the imported site: its rendered markup, with the content where it placed its children. */
export interface PreparedSiteComponent {
  _type: 'siteComponent'
  _key: string
  name: string
  markup: MarkupNode[]
  body: PreparedBlock[]
  /** The content given as props, each slot's blocks at its marker. */
  slots: PreparedBlock[][]
}

export interface PreparedReadMore {
  _type: 'readMore'
  _key: string
}

export interface PreparedUnconverted {
  _type: 'unconverted'
  _key: string
  source: string
  reason: string | null
  location: string | null
}

export type PreparedBlock =
  | PreparedTextBlock
  | PreparedFootnotes
  | PreparedHeading
  | PreparedCode
  | PreparedMathBlock
  | PreparedDiagram
  | PreparedAdmonition
  | PreparedQuote
  | PreparedTabs
  | PreparedDetails
  | PreparedVideo
  | PreparedTocInline
  | PreparedDocCardList
  | PreparedImage
  | PreparedTable
  | PreparedEmbed
  | PreparedRawHtml
  | PreparedSiteComponent
  | PreparedReadMore
  | PreparedUnconverted

/** A heading of a body, in document order, as the table of contents and search records see it. */
export type {BodyHeading} from '@site/schemas/search'
