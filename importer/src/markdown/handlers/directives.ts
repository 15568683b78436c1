/**
 * Admonitions: `:::note Title` container directives and the theme's `<Admonition type="…">` → an
 * `admonition` block of the content model's kinds, with the keywords a site's config adds; a
 * directive that is no admonition keyword shows its content as plain text, as in Docusaurus.
 */
import {ADMONITION_KINDS, type AdmonitionKind} from '@site/schemas'
import {toString} from 'mdast-util-to-string'
import type {ContainerDirective} from 'mdast-util-directive'
import type {AdmonitionBlock, RichTextBlock} from '../../portable-text'
import {emojifyText} from '../blocks'
import {toItems, tree} from '../flow-items'
import type {Element, HandlerContext, TreeItem} from '../handler-context'
import {mdxText} from '../inline'
import {softBreaksToSpaces} from './line-breaks'
import {readsAsMdx1} from '../conversion-context'

/** Admonition keywords of Docusaurus 2 and 3, folded onto the kinds of the content model. */
const ADMONITION_ALIASES: Record<string, {kind: AdmonitionKind; title?: string}> = {
  important: {kind: 'info', title: 'important'},
  success: {kind: 'tip', title: 'success'},
  secondary: {kind: 'note', title: 'secondary'},
}

export function directive(cx: HandlerContext, node: ContainerDirective, nested: boolean): RichTextBlock[] {
  const name = node.name.toLowerCase()
  const [first, ...rest] = node.children
  const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel === true
  const children = hasLabel ? rest : node.children
  const options = cx.context.admonitions
  const added = options?.keywords.some((keyword) => keyword.toLowerCase() === name) ?? false
  const builtIn =
    options?.extendDefaults === false
      ? undefined
      : (ADMONITION_KINDS as readonly string[]).includes(name)
        ? (name as AdmonitionKind)
        : ADMONITION_ALIASES[name]?.kind
  // A keyword the config adds has no box of its own in Docusaurus's theme: it shows the info box
  // (with its "info" title) unless the site's theme gives it a component, which is not imported.
  const kind = builtIn ?? (added ? 'info' : undefined)
  if (added && !builtIn) {
    cx.warn(
      node,
      `:::${node.name} is a keyword the config adds (${options?.file}, ${options?.field}.keywords): shown as an info box, as Docusaurus shows a keyword its theme has no component for; a component of the site's theme for it is not imported`,
    )
  }
  if (!kind) {
    // Not an admonition keyword: Docusaurus warns ("unused Markdown directives") and renders the
    // content in a plain <div>, without a box or title, the ::: lines gone. The label, if any, stays as text.
    cx.warn(
      node,
      `:::${node.name} is not an admonition keyword Docusaurus knows: its content is shown as plain text, without a box (Docusaurus warns about it as an unused directive)`,
    )
    return cx.flow(tree(cx, toItems(cx, node.children)), nested)
  }
  const label = hasLabel
    ? emojifyText(softBreaksToSpaces(mdxText(toString(first), cx.constants)), readsAsMdx1(cx.context.features)).trim()
    : typeof node.attributes?.title === 'string'
      ? node.attributes.title
      : ADMONITION_ALIASES[name]?.title
  if (hasLabel && first.children.some((child) => child.type === 'link'))
    cx.warn(first, `the title of this :::${node.name} holds a link: the title is kept as its text, without the link (a title here is text)`)
  const body = cx.nestedFlow(tree(cx, toItems(cx, children)))
  const block: AdmonitionBlock = {_type: 'admonition', kind, ...(label ? {title: label} : {}), ...(body.length > 0 ? {body} : {})}
  return [block]
}

export function admonitionOf(cx: HandlerContext, type: string, title: string | undefined, children: readonly TreeItem[], element: Element): RichTextBlock {
  const name = type.toLowerCase()
  const kind = (ADMONITION_KINDS as readonly string[]).includes(name) ? (name as AdmonitionKind) : (ADMONITION_ALIASES[name]?.kind ?? 'note')
  if (kind === 'note' && name !== 'note' && !ADMONITION_ALIASES[name])
    cx.context.warn({file: cx.context.file, line: element.line, message: `<Admonition type="${type}">: not a kind Docusaurus knows; shown as a note`})
  const label = title ?? ADMONITION_ALIASES[name]?.title
  const body = cx.nestedFlow(children)
  return {_type: 'admonition', kind, ...(label ? {title: label} : {}), ...(body.length > 0 ? {body} : {})}
}
