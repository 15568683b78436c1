/**
 * Markdown and MDX as Docusaurus renders them → Portable Text blocks of the `richText` type.
 *
 * The body is parsed with remark (CommonMark, GFM, directives for admonitions). What remark leaves
 * as raw HTML or JSX-looking paragraphs is tokenized into tags, and the tags of components and of
 * block HTML elements are matched into a tree that spans the markdown between them, so that
 * components nest to any depth: tabs in tabs, admonitions in tabs and details, markdown inside
 * <details>. Each element becomes its block (tabs, admonition, details, video, embed, image, table
 * of contents, code); a component of the site's own is reported with file:line and its children's
 * content kept. Nothing is dropped silently: what cannot be represented becomes an `unconverted`
 * block holding the original source, with a warning.
 *
 * This module is the conversion's entry point. The walk is converter.ts (the core: items and tree in
 * flow-items.ts, dispatch by node type and element name), each construct has its handler in
 * handlers/, and handler-context.ts is the state they share.
 */
import {withKeys} from '../keys'
import type {RichTextBlock} from '../portable-text'
import type {ConversionContext, ConvertedBody} from './conversion-context'
import {Converter} from './converter'

export type {AdmonitionKeywords, BlockFeatures, ConversionContext, ConvertedBody} from './conversion-context'
export {jsxAttributesToHtml, jsxAttributesToHtmlMapped} from './jsx-attributes'
export {parseBody, pluginProcessor} from './parse'

export function markdownToPortableText(markdown: string, context: ConversionContext): RichTextBlock[] {
  return convertMarkdown(markdown, context).blocks
}

export function convertMarkdown(markdown: string, context: ConversionContext): ConvertedBody {
  const converter = new Converter(markdown, context)
  const blocks = withKeys(converter.convert())
  if (converter.titleInText) return {blocks, titleInText: true}
  if (converter.contentTitle === undefined) return {blocks}
  return {blocks, contentTitle: converter.contentTitle, ...(converter.contentTitleOpens ? {contentTitleOpens: true} : {})}
}
