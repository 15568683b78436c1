/**
 * Small builders of Portable Text values that several handlers share: a text block, one side of a
 * themed image, emoji shortcodes as Docusaurus shows them, and the blog's truncate marker.
 */
import type {RootContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {emojify} from 'node-emoji'
import type {BlockStyle, ImageValue, MarkDefinition, TextBlock, ThemedImageBlock} from '../portable-text'

/** The blog's "read more" marker, in markdown and in MDX. */
export const TRUNCATE_MARKERS = [/^<!--\s*truncate\s*-->$/, /^\{\/\*\s*truncate\s*\*\/\}$/]
/**
 * The marker anywhere in a line, as plugin-content-blog's default `truncateMarker` matches it (the
 * excerpt is the text before its first match, even one ending a paragraph).
 */
export const TRUNCATE_MARKER_ANYWHERE = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/

export function textBlock(
  style: BlockStyle,
  children: TextBlock['children'],
  markDefs: MarkDefinition[],
  list?: {listItem: 'bullet' | 'number'; level: number},
): TextBlock {
  return {_type: 'block', style, ...(list ?? {}), markDefs, children}
}

export function imageSide(which: 'light' | 'dark', image: ImageValue | {url: string}): Partial<ThemedImageBlock> {
  return 'url' in image ? {[`${which}Url`]: image.url} : {[which]: image}
}

export function isBlank(node: RootContent): boolean {
  return node.type === 'paragraph' && toString(node).trim() === ''
}

/** `:shortcode:` emoji as Docusaurus shows them (remark-emoji); unknown shortcodes stay as written. */
export function emojifyText(text: string): string {
  return text.includes(':') ? emojify(text) : text
}

/** Emoji in inline markup, outside `code`. */
export function emojifyMarkup(markup: string): string {
  if (!markup.includes(':')) return markup
  return markup
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : emojify(part)))
    .join('')
}
