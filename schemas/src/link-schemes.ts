/**
 * The schemes a link of the site may have, for the importer (which refuses the others with a warning)
 * and the link check (which fails a build whose HTML holds one): http, https, mailto and tel. Site
 * paths, fragments and `//host` addresses have no scheme. `javascript:`, `data:`, `vbscript:`, `file:`
 * and every other scheme are refused: a browser would run them, open them locally or hand them to
 * another program.
 */

/** Schemes a page may link to. */
export const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * The scheme of an address as a browser reads it (tabs and newlines removed, surrounding spaces and
 * control characters trimmed), lower-cased; null for a path, a fragment or `//host`.
 */
export function schemeOf(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  const normalized = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalized)?.[1]?.toLowerCase() ?? null
}

/** The scheme of an address when it is one a page must not link to, else null. */
export function refusedScheme(value: string): string | null {
  const scheme = schemeOf(value)
  return scheme !== null && !ALLOWED_SCHEMES.has(scheme) ? scheme : null
}
