/**
 * Where a site component's content goes in its rendered markup (text the sanitizer keeps). A module
 * of its own, without the schema types: the search records read it, and they reach the page script
 * of every page (web/src/search/index-format.ts), which must not carry the schema definitions.
 */
export const SITE_COMPONENT_CONTENT_MARKER = '\u27e6content\u27e7'
