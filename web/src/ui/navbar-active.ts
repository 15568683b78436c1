/**
 * Which navbar item is lit for the page being read: one at most. Every link of the navbar (top
 * level or inside a dropdown) is a candidate; the link to the page itself wins, else the link to
 * the deepest section the page is in (the blog archive is in "/blog/archive", not only in
 * "/blog"). Ties go to the first item of the navbar. External links never light an item, nor do
 * the locales' home pages for the pages under them.
 */

export interface NavbarCandidate {
  /** The top-level navbar item the link belongs to (itself, or the dropdown holding it). */
  itemKey: string
  href: string
}

export interface ActiveNavbarItem {
  itemKey: string
  /** The winning link's address. */
  href: string
  /** True when the link leads to the page itself (aria-current="page"), false for a section. */
  exact: boolean
}

const pathOf = (href: string) => href.replace(/[?#].*$/, '')
const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`)

/**
 * How well a link matches the page: Infinity for the page itself, its path length for a section
 * holding it, 0 otherwise. `homePaths` are the home pages of the locales ("/", "/fr/"), which hold
 * every page and so are never a section.
 */
export function matchScore(href: string, currentUrl: string, homePaths: readonly string[] = ['/']): number {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) return 0
  const path = pathOf(href)
  if (!path.startsWith('/')) return 0
  if (withSlash(path) === withSlash(currentUrl)) return Number.POSITIVE_INFINITY
  if (path === '/' || homePaths.some((home) => withSlash(home) === withSlash(path))) return 0
  return currentUrl.startsWith(withSlash(path)) ? withSlash(path).length : 0
}

export function activeNavbarItem(candidates: readonly NavbarCandidate[], currentUrl: string, homePaths: readonly string[] = ['/']): ActiveNavbarItem | null {
  let best: ActiveNavbarItem | null = null
  let bestScore = 0
  for (const candidate of candidates) {
    const score = matchScore(candidate.href, currentUrl, homePaths)
    if (score > bestScore) {
      best = {itemKey: candidate.itemKey, href: candidate.href, exact: score === Number.POSITIVE_INFINITY}
      bestScore = score
    }
  }
  return best
}
