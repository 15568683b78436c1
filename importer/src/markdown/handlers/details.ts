/**
 * Collapsible sections: HTML `<details>` with its `<summary>`, and the theme's `<Details summary={…}>`,
 * → a `details` block whose body is converted markdown.
 */
import type {Paragraph} from 'mdast'
import type {RichTextBlock} from '../../portable-text'
import {emojifyMarkup} from '../blocks'
import type {Element, HandlerContext} from '../handler-context'
import {toInlineMarkup} from '../inline'
import {attributeString} from '../jsx-tags'
import {jsxAttributesToHtml} from '../jsx-attributes'
import {countNewlines, stripLeadingZeroWidth} from '../parse'
import {inlineMarkupOf} from './html-elements'
import {readsAsMdx1} from '../conversion-context'

export function details(cx: HandlerContext, element: Element): RichTextBlock {
  const summaryElement = element.children.find((child): child is Element => child.kind === 'element' && child.tag.name.toLowerCase() === 'summary')
  const rest = element.children.filter((child) => child !== summaryElement)
  const summaryProp = attributeString(element.tag.attributes.summary)
  const summary = summaryElement ? inlineMarkupOf(cx, summaryElement.children) : summaryProp ? summaryOfProp(cx, summaryProp, element.start) : ''
  const className = attributeString(element.tag.attributes.className) ?? attributeString(element.tag.attributes.class)
  const open = element.tag.attributes.open !== undefined && element.tag.attributes.open !== 'false' && element.tag.attributes.open !== '{false}'
  return {
    _type: 'details',
    summary: summary || 'Details',
    ...(open ? {open: true} : {}),
    ...(className ? {className} : {}),
    body: cx.nestedFlow(rest),
  }
}

/**
 * The `summary` prop of `<Details>`: a string, or JSX such as `{<summary>Why <b>this</b>?</summary>}`,
 * whose text (with its inline markup) is the summary, as Docusaurus shows it.
 */
function summaryOfProp(cx: HandlerContext, value: string, tagStart: number): string {
  const jsx = /^<summary\b[^>]*>([\s\S]*)<\/summary>$/i.exec(value.trim()) ?? /^<>([\s\S]*)<\/>$/.exec(value.trim())
  if (!jsx && !value.trim().startsWith('<')) return value
  const inner = (jsx ? (jsx[1] ?? '') : value).trim()
  // Parsed where it stands in the file, so that lines and source offsets stay right.
  const at = Math.max(0, cx.source.text.indexOf(inner, tagStart))
  const root = cx.parse(`\u200b${jsxAttributesToHtml(inner, cx.expressionValue)}`, at - 1, countNewlines(cx.source.text.slice(0, at)))
  stripLeadingZeroWidth(root)
  const paragraphs = root.children.filter((node): node is Paragraph => node.type === 'paragraph')
  return emojifyMarkup(
    paragraphs
      .map((paragraph) => toInlineMarkup(paragraph.children, cx.inlineEnv))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
    readsAsMdx1(cx.context.features),
  )
}
