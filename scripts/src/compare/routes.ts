/**
 * The pages of a static build, keyed by route: `docs/v4/rooms/index.html` and `docs/v4/rooms.html`
 * are both the route `/docs/v4/rooms`, whatever the trailing slash. Locales are the top-level
 * folders that hold a home page in their own language, as Docusaurus lays them out (and this site).
 */
import {readdir} from 'node:fs/promises'
import {join, relative, sep} from 'node:path'
import {isDatasetFile} from '@site/web/build/export-files'

/** The route of a file of a build, trailing slash dropped: `fr/docs/index.html` → `/fr/docs`. */
export function routeOfFile(relativeFile: string): string {
  const path = relativeFile.split(sep).join('/')
  const withoutIndex = path === 'index.html' ? '' : path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path.replace(/\.html$/, '')
  return `/${withoutIndex}`
}

/** The URL path a page file is read at (`fr/docs/index.html` → `/fr/docs/`), for resolving its relative links. */
export function urlPathOfFile(relativeFile: string): string {
  const path = relativeFile.split(sep).join('/')
  if (path === 'index.html') return '/'
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'index.html'.length)}`
  return `/${path}`
}

/** Not-found pages are not routes of the site (`404.html`, `fr/404.html`). */
export function isNotFoundPage(relativeFile: string): boolean {
  return /(^|\/)404(\/index)?\.html$/.test(relativeFile.split(sep).join('/'))
}

/**
 * Whether an HTML file of this site's build is one of its pages: not a file Docusaurus copied from
 * static/ (`docusaurusStatic`: the same path here) nor the dataset's copy of one (`_dataset/files/…`,
 * served as a file).
 */
export function isPageHere(relativeFile: string, docusaurusStatic: ReadonlySet<string>): boolean {
  return !docusaurusStatic.has(relativeFile) && !isDatasetFile(relativeFile)
}

/** Every file under `root`, relative with forward slashes. */
export async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, {recursive: true, withFileTypes: true})
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
}

export interface LocaleLayout {
  /** The locale of the pages at the root (`<html lang>` of the home page). */
  defaultLocale: string
  /** Locales served under a folder of the same name (`fr` → `/fr/…`). */
  prefixed: string[]
}

/**
 * The locales of a build, from the `<html lang>` of its home pages: the root's is the default; a
 * top-level folder whose home page is in another language, or in the language it is named after,
 * is a locale prefix.
 */
export function detectLocales(homeLangs: {root: string | null; folders: ReadonlyMap<string, string | null>}): LocaleLayout {
  const defaultLocale = homeLangs.root ?? 'en'
  const prefixed: string[] = []
  for (const [folder, lang] of homeLangs.folders) {
    if (!lang) continue
    if (lang.toLowerCase() === folder.toLowerCase() || lang.toLowerCase() !== defaultLocale.toLowerCase()) prefixed.push(folder)
  }
  prefixed.sort()
  return {defaultLocale, prefixed}
}

/** The locale a route belongs to: its first segment when that is a locale folder, else the default. */
export function localeOfRoute(route: string, layout: LocaleLayout): string {
  const first = route.split('/')[1] ?? ''
  return layout.prefixed.includes(first) ? first : layout.defaultLocale
}
