/**
 * The site's redirects (redirect documents) in the export, in every locale, as Docusaurus's
 * client-redirects plugin writes them: a small HTML page at the old address that sends readers on
 * without JavaScript (meta refresh) and tells search engines where the page is (canonical link,
 * noindex). Beside them, for servers: _site/redirects.json (the link check follows it: loops and
 * redirects to missing pages are broken links) and _site/nginx-redirects.conf (real 301s, included
 * by deploy/nginx.conf).
 */
import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {redirectsQuery} from '@site/schemas/queries'
import type {Locale} from '@site/schemas/model'
import {fetchContent} from '@site/content-source/source'
import {localizeHref} from '@site/schemas/routing'
import {exists} from './files'
import {type ExportRedirect, NGINX_REDIRECTS_FILE, nginxRedirects, REDIRECTS_FILE, redirectFileOf, redirectPage} from './redirect-files'

export {NGINX_REDIRECTS_FILE, REDIRECTS_FILE, type ExportRedirect} from './redirect-files'

export interface RedirectsReport {
  written: number
  /** Old addresses left alone because a page of the site is there (the page wins). */
  skipped: string[]
}

/** Writes the redirect pages of every locale, and the files for servers and the link check. */
export async function writeRedirectPages(outDir: string): Promise<RedirectsReport> {
  const [{loadRoutingTable}, {loadSiteContext}] = await Promise.all([import('../site/routing-table-loader'), import('../site/context')])
  const table = (await loadRoutingTable()).locales
  const siteUrl = (await loadSiteContext(table.defaultLocale)).settings.url ?? ''
  const documents = await fetchContent(redirectsQuery, {})
  const all: ExportRedirect[] = []
  const report: RedirectsReport = {written: 0, skipped: []}
  for (const entry of table.locales) {
    const locale: Locale = entry.code
    for (const document of documents) {
      if (!document.from || !document.to) continue
      const from = localizeHref(table, document.from, locale)
      const to = /^https?:\/\//i.test(document.to) ? document.to : localizeHref(table, document.to, locale)
      const file = path.join(outDir, ...redirectFileOf(from).split('/'))
      all.push({id: document._id, from, to})
      if (await exists(file)) {
        report.skipped.push(from)
        continue
      }
      await mkdir(path.dirname(file), {recursive: true})
      const canonical = /^https?:\/\//i.test(to) || !URL.canParse(siteUrl) ? to : new URL(to, siteUrl).href
      await writeFile(file, redirectPage(to, canonical, entry.htmlLang ?? locale))
      report.written++
    }
  }
  const written = all.filter((redirect) => !report.skipped.includes(redirect.from))
  await mkdir(path.join(outDir, '_site'), {recursive: true})
  await writeFile(path.join(outDir, ...REDIRECTS_FILE.split('/')), `${JSON.stringify(written, null, 1)}\n`)
  await writeFile(path.join(outDir, ...NGINX_REDIRECTS_FILE.split('/')), nginxRedirects(written))
  return report
}
