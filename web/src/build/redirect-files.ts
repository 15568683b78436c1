/**
 * The files of the site's redirects, as pure functions of the redirects: the page at an old address
 * (what Docusaurus's client-redirects plugin writes: meta refresh, canonical link, readable without
 * JavaScript) and nginx's 301s. redirect-pages.ts writes them; the link check reads redirects.json.
 */
export const REDIRECTS_FILE = '_site/redirects.json'
export const NGINX_REDIRECTS_FILE = '_site/nginx-redirects.conf'

export interface ExportRedirect {
  /** The redirect document, for messages (the studio opens it by id). */
  id: string
  from: string
  to: string
}

/** Where the page of an old address is written: `/old.html` as that file, `/old` and `/old/` as `old/index.html`. */
export function redirectFileOf(from: string): string {
  const clean = from.replace(/^\/+/, '')
  if (/\.html?$/i.test(clean)) return clean
  return `${clean.replace(/\/+$/, '')}${clean === '' ? '' : '/'}index.html`
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The page at an old address: readable without JavaScript, sending the reader on at once. */
export function redirectPage(to: string, canonical: string, htmlLang: string): string {
  const target = escapeHtml(to)
  return `<!DOCTYPE html><html lang="${escapeHtml(htmlLang)}"><head><meta charset="utf-8"><title>${target}</title><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${target}"><link rel="canonical" href="${escapeHtml(canonical)}"></head><body><p><a href="${target}">${target}</a></p></body></html>\n`
}

/** nginx's answer to each old address (both with and without its trailing slash), a 301 to the new one. */
export function nginxRedirects(redirects: readonly ExportRedirect[]): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&').replace(/\$/g, '${dollar}')}"`
  const lines = ['# Written by the site build (web/src/build/redirect-pages.ts): the redirects of the content, as 301s.']
  if (redirects.some((redirect) => /\$/.test(redirect.to))) lines.push('set $dollar "$";')
  const seen = new Set<string>()
  for (const redirect of redirects) {
    const bare = redirect.from.replace(/\/+$/, '') || '/'
    for (const from of new Set([bare, bare === '/' ? '/' : `${bare}/`])) {
      if (/\.html?$/i.test(bare) && from.endsWith('/')) continue
      if (seen.has(from)) continue
      seen.add(from)
      lines.push(`location = ${quote(from)} { return 301 ${quote(redirect.to)}; }`)
    }
  }
  return `${lines.join('\n')}\n`
}
