/**
 * Links of kept HTML (raw HTML of the page, the markup a component of the site rendered) written relative to the page's
 * address (`<a href="./unrolling">`, `<Link to="../api/x#y">`): the browser reads them against the page's address,
 * which in Docusaurus has no folder slash (/docs/a/b) and here has one (/docs/a/b/), so as written they would lead one
 * folder deeper. Each is made a path from the site's root, as resolveLink makes a markdown link relative to the page.
 * A link to a markdown file is left as written: MDX resolves those in markdown links only, not in HTML or JSX.
 */
import {parseEntities} from 'parse-entities'
import type {HandlerContext} from '../handler-context'

const ANCHOR_HREF = /(<a\s[^>]*?\bhref=)("([^"]*)"|'([^']*)')/gi

export function withRelativeLinksResolved(cx: HandlerContext, html: string, line: number): string {
  if (!/<a\s/i.test(html)) return html
  return html.replace(ANCHOR_HREF, (whole, before: string, _quoted: string, double?: string, single?: string) => {
    const href = parseEntities(double ?? single ?? '')
    if (!isPageRelative(href)) return whole
    const resolved = cx.context.resolveLink(href, line)
    return resolved === null || resolved === href ? whole : `${before}"${resolved.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`
  })
}

/** A link relative to the page's address: not from the root, not a fragment, not an address with a scheme, not markdown. */
function isPageRelative(href: string): boolean {
  if (href === '' || href.startsWith('/') || href.startsWith('#') || href.startsWith('?') || /^[a-z][a-z\d+.-]*:/i.test(href)) return false
  return !/\.mdx?$/i.test(href.split(/[?#]/)[0] ?? '')
}
