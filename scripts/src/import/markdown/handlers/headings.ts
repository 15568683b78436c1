/**
 * Headings: markdown `#` headings (with a `{#custom-id}` anchor), HTML `<h1>`…`<h6>`, and the level-1
 * heading opening a body, which Docusaurus shows as the page title rather than in the content.
 */
import type {Heading, RootContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import type {BlockStyle, RichTextBlock} from '../../portable-text'
import {emojifyMarkup, emojifyText, textBlock} from '../blocks'
import type {Element, HandlerContext} from '../handler-context'
import {mdxText, toInlineMarkup} from '../inline'
import {attributeString} from '../jsx-tags'
import {jsStringValue} from '../js-string'
import {inlineMarkupOf} from './html-elements'
import {softBreaksToSpaces} from './line-breaks'
import {isModuleParagraph} from './mdx-modules'
import {paragraph} from './paragraphs'

/**
 * A level-1 heading opening the body (after imports and comments) is the page's title, as in Docusaurus:
 * its text, and the body's nodes without it.
 */
export function takeContentTitle(cx: HandlerContext, children: RootContent[]): {contentTitle?: string; children: RootContent[]} {
  const firstIndex = children.findIndex(
    (node) => node.type !== 'yaml' && !isModuleParagraph(cx, node) && !(node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim())),
  )
  const first = children[firstIndex]
  if (first?.type !== 'heading' || first.depth !== 1) return {children}
  const contentTitle = emojifyText(
    softBreaksToSpaces(mdxText(toString(first), cx.constants))
      .replace(/\s*\{#[^}\s]+\}\s*$/, '')
      .trim(),
  )
  return {contentTitle, children: children.filter((_, index) => index !== firstIndex)}
}

export function heading(cx: HandlerContext, node: Heading): RichTextBlock[] {
  const children = [...node.children]
  const last = children.at(-1)
  let anchor: string | undefined
  if (last?.type === 'text') {
    const match = /\s*\{#([^}\s]+)\}\s*$/.exec(last.value)
    if (match) {
      anchor = match[1]
      children[children.length - 1] = {...last, value: last.value.slice(0, match.index)}
    }
  }
  // A level-1 heading that does not open the body: the page has one title, so it is shown as h2.
  const level = Math.max(2, node.depth)
  if (anchor) return [{_type: 'heading', level, text: emojifyMarkup(toInlineMarkup(children, cx.inlineEnv).trim()), anchor}]
  return paragraph(cx, {...node, type: 'paragraph', children}, `h${level}` as BlockStyle)
}

export function htmlHeading(cx: HandlerContext, element: Element, depth: number): RichTextBlock[] {
  return headingBlocks(inlineMarkupOf(cx, element.children), attributeString(element.tag.attributes.id), depth)
}

/**
 * The theme's `<Heading as="h2" id="…">`: the HTML heading `as` names, its text given as content or
 * as a `children` attribute (a string expression read as JavaScript reads it). Null for another `as`.
 */
export function themeHeading(cx: HandlerContext, element: Element): RichTextBlock[] | null {
  const {attributes, expressions} = element.tag
  const depth = Number(/^h([1-6])$/.exec(attributeString(attributes.as) ?? '')?.[1] ?? 0)
  if (depth === 0) return null
  const written = attributes.children
  if (element.children.length > 0 || written === undefined || written === true) return htmlHeading(cx, element, depth)
  const text = expressions?.has('children') ? (/^(['"])[\s\S]*\1$/.test(written.trim()) ? jsStringValue(written.trim()) : null) : written
  if (text === null) return null
  return headingBlocks(text, attributeString(attributes.id), depth)
}

function headingBlocks(text: string, id: string | undefined, depth: number): RichTextBlock[] {
  const level = Math.max(2, depth)
  if (id) return [{_type: 'heading', level, text, anchor: id}]
  return [textBlock(`h${level}` as BlockStyle, [{_type: 'span', text: text.replace(/[*`]/g, ''), marks: []}], [])]
}
