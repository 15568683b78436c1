/**
 * Small builders of Portable Text values that several handlers share: a text block, one side of a
 * themed image, emoji shortcodes as Docusaurus shows them, and the blog's truncate marker.
 */
import type {RootContent} from 'mdast'
import {toString} from 'mdast-util-to-string'
import {createRequire} from 'node:module'
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

// Docusaurus 2's remark-emoji 2 reads shortcodes with node-emoji 1, whose names and emoji differ from version 2's (Docusaurus 3):
// `:construction_worker:` is 👷‍♂️ there and unknown here, `:man_shrugging:` the other way round, `:gear:` has its emoji selector.
const legacyEmoji = createRequire(import.meta.url)('node-emoji-v1') as {emojify(text: string): string}

/**
 * `:shortcode:` emoji as Docusaurus shows them (remark-emoji); unknown shortcodes stay as written. `legacy`: as Docusaurus 2
 * shows them (readsAsMdx1).
 */
export function emojifyText(text: string, legacy = false): string {
  if (!text.includes(':')) return text
  return legacy ? legacyEmoji.emojify(text) : emojify(text)
}

/** Emoji in inline markup, outside `code`. */
export function emojifyMarkup(markup: string, legacy = false): string {
  if (!markup.includes(':')) return markup
  return markup
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : emojifyText(part, legacy)))
    .join('')
}
