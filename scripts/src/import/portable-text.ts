/**
 * The Portable Text the importer writes, typed after schemas/src/objects/portable-text.ts. `_key`s
 * are optional here because they are added in one pass (keys.ts) once a body is complete.
 */
import type {AdmonitionKind} from '@site/schemas'

export type BlockStyle = 'normal' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote'
export type Decorator = 'strong' | 'em' | 'code' | 'strike-through'

export interface Span {
  _type: 'span'
  _key?: string
  text: string
  marks: string[]
}

export interface LinkDefinition {
  _type: 'link'
  _key: string
  href: string
}

export interface TextBlock {
  _type: 'block'
  _key?: string
  style: BlockStyle
  listItem?: 'bullet' | 'number'
  level?: number
  markDefs: LinkDefinition[]
  children: Span[]
}

export interface HeadingBlock {
  _type: 'heading'
  _key?: string
  level: number
  text: string
  anchor: string
}

export interface CodeBlock {
  _type: 'codeBlock'
  _key?: string
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
  light: ImageValue
  dark?: ImageValue
  alt?: string
  caption?: string
}

export interface TableBlock {
  _type: 'table'
  _key?: string
  rows: {_type: 'tableRow'; _key?: string; cells: string[]}[]
  align: ('left' | 'center' | 'right' | 'none')[]
}

export interface RawHtmlBlock {
  _type: 'rawHtml'
  _key?: string
  html: string
}

export interface UnconvertedBlock {
  _type: 'unconverted'
  _key?: string
  source: string
  reason: string
  location: string
}

/** Blocks allowed inside admonitions and tab panels (`nestedRichText`). */
export type NestedBlock = TextBlock | CodeBlock | ThemedImageBlock | TableBlock | RawHtmlBlock | UnconvertedBlock

export interface AdmonitionBlock {
  _type: 'admonition'
  _key?: string
  kind: AdmonitionKind
  title?: string
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
}

/** Any block of a `richText` body. */
export type RichTextBlock = NestedBlock | HeadingBlock | AdmonitionBlock | TabsBlock | EmbedBlock | ReadMoreBlock

const NESTED_TYPES: ReadonlySet<string> = new Set(['block', 'codeBlock', 'themedImage', 'table', 'rawHtml', 'unconverted'])

export function isNestedBlock(block: RichTextBlock): block is NestedBlock {
  return NESTED_TYPES.has(block._type)
}
