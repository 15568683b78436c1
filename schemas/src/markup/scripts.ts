/**
 * What in an HTML document runs script of its own: inline `<script>` elements that run and `on…=` event
 * handlers. A Content-Security-Policy without 'unsafe-inline' blocks both: the build checks its pages
 * with this (web's page-policy.ts), and the import warns about a site's static HTML files that hold them.
 */

/** Every `<script>` element, its attributes and its text. */
export const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** A start tag with an `on…=` attribute, reading attribute by attribute so that quoted values cannot match. */
const EVENT_HANDLER = /<[a-z][a-z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*?\s+on[a-z]+\s*=/i

/** Whether a `<script>` element with these attributes runs inline code (not one with src, not a JSON data block). */
export function isInlineExecutable(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false
  const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase()
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
}

/**
 * The first event handler outside the scripts: the start tag up to its `on…=`, and where it starts; null
 * when there is none. The scripts are blanked, not removed, so that the index is the document's.
 */
export function firstEventHandler(html: string): {tag: string; index: number} | null {
  const withoutScripts = html.replace(SCRIPT_ELEMENT, (script) => script.replace(/[^\n]/g, ' '))
  // The attribute-by-attribute reading is slow on long pages: only when something looks like a handler.
  if (!/\son[a-z]+\s*=/i.test(withoutScripts)) return null
  const found = EVENT_HANDLER.exec(withoutScripts)
  return found ? {tag: found[0], index: found.index} : null
}
