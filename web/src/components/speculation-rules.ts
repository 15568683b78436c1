/**
 * The speculation rules the page script adds (in browsers that have them, and not on 2g or save-data
 * connections): the browser prefetches a page of the site when the reader points at a link to it
 * ('moderate': a short hover, or the press), not a file (a path ending in an extension), not a link
 * to another window, a download or an anchor of this page. Allowed by their hash like the inline
 * scripts (inline-scripts.ts lists them with those).
 *
 * A module of its own, importing nothing, because the page script needs it (behaviours.ts): esbuild
 * keeps every statement of a module it bundles that reads another module's names (an enum member, a
 * constant in a template literal), used or not, so taking it from inline-scripts.ts brought the
 * server's inline scripts into every page's script (about 0.3 KB gzipped).
 */
export const SPECULATION_RULES = `{"prefetch":[{"where":{"and":[{"href_matches":"/*"},{"not":{"href_matches":"/*.([A-Za-z0-9]{2,5})"}},{"not":{"selector_matches":"[download], [target]:not([target='_self']), [href^='#']"}}]},"eagerness":"moderate"}]}`
