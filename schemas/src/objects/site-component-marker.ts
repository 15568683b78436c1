/**
 * Where a site component's content goes in its rendered markup (text the sanitizer keeps). A module
 * of its own, without the schema types: the search records read it, and they reach the page script
 * of every page (web/src/search/index-format.ts), which must not carry the schema definitions.
 */
export const SITE_COMPONENT_CONTENT_MARKER = '\u27e6content\u27e7'

/**
 * Where the n-th slot of a `rawHtml` block goes in its HTML: markdown written between the tags of an HTML
 * table or list (a code fence in a `<td>`), or a component used there, converted into blocks of their own.
 */
export const rawHtmlSlotMarker = (index: number): string => `\u27e6slot ${index}\u27e7`

/** The slot markers of a piece of HTML, each with its index. */
export const RAW_HTML_SLOT_MARKERS = /\u27e6slot (\d+)\u27e7/g
