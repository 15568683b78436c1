/**
 * The site's page behaviours as plain DOM functions over server-rendered markup (navbar,
 * dropdowns, version memory, locale links, navigation progress, prefetching,
 * announcement bar; the mobile menu is in mobile-menu.ts, the TOC highlight in toc-highlight.ts). Each returns its cleanup; pure decisions are exported for unit tests.
 */
import {SPECULATION_RULES} from './speculation-rules'
import {cleanupAll, eventClosest, fetchAheadAllowed, listen, storageGet, storageSet, type Cleanup} from './dom'
import {CLASS, DATA, EVENT, ID, STORAGE, withData} from './seam'

/** Spec §9: the progress bar shows only when a navigation takes longer than this. */
export const PROGRESS_DELAY_MS = 200

/** The link a click lands on, when it is a plain left click without modifier keys. */
function plainLinkClick(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  return eventClosest<HTMLAnchorElement>(event, 'a[href]')
}

/** Hides the navbar while the reader scrolls down and shows it again on the way up. */
export function navbarAutoHide(): Cleanup {
  const navbar = document.querySelector<HTMLElement>(`.${CLASS.navbar}`)
  if (!navbar) return () => {}
  let last = window.scrollY
  let frame = 0
  const update = () => {
    frame = 0
    const y = window.scrollY
    const menuOpen = document.documentElement.dataset.menu === 'open'
    // Below the navbar's own height it always stays, so the top of the page never loses it.
    const hide = !menuOpen && y > navbar.offsetHeight && y > last && !navbar.contains(document.activeElement)
    if (y !== last) navbar.classList.toggle(CLASS.navbarHidden, hide)
    last = y
  }
  return listen(
    window,
    'scroll',
    () => {
      frame ||= requestAnimationFrame(update)
    },
    {passive: true},
  )
}

/** Navbar dropdowns (<details>): one open at a time, closed by Escape (focus back on the toggle) or a click elsewhere. */
export function dropdowns(): Cleanup {
  const dropdown = `details.${CLASS.navbarDropdown}`
  const all = () => [...document.querySelectorAll<HTMLDetailsElement>(dropdown)]
  const cleanups = [
    listen(document, 'click', (event) => {
      const inside = eventClosest(event, dropdown)
      for (const details of all()) if (details !== inside) details.open = false
    }),
    listen(document, 'keydown', (event) => {
      if (event.key !== 'Escape') return
      const open = all().find((details) => details.open)
      if (!open) return
      open.open = false
      open.querySelector('summary')?.focus()
    }),
  ]
  return cleanupAll(cleanups)
}

/** A locale link's target with the current query string and hash kept. */
export function withQueryAndHash(href: string, search: string, hash: string): string {
  const base = href.replace(/[?#].*$/, '')
  return `${base}${search}${hash}`
}

/** Locale links carry the reader's query and hash to the other locale's page. */
export function localeLinks(): Cleanup {
  return listen(
    document,
    'click',
    (event) => {
      const link = plainLinkClick(event)
      if (!link?.hasAttribute(DATA.localeLink)) return
      link.href = withQueryAndHash(link.getAttribute('href') ?? '/', location.search, location.hash)
    },
    {capture: true},
  )
}

/** The remembered docs version, or null when there is none or it no longer exists (then it is forgotten). */
export function preferredVersion(stored: string | null, versions: readonly string[]): string | null {
  if (stored === null) return null
  return versions.includes(stored) ? stored : null
}

/** Parses a navbar doc link's `data-doc-versions` (DATA.docVersions) ("v3 /docs/v3/x/|v2 /docs/v2/x/") into hrefs by version. */
export function parseDocVersions(value: string | null | undefined): Map<string, string> {
  const map = new Map<string, string>()
  for (const entry of (value ?? '').split('|')) {
    const [version, href] = entry.trim().split(' ')
    if (version && href) map.set(version, href)
  }
  return map
}

/** The label a version dropdown shows: the version being read, else the remembered one, else what the page says (the latest). */
export function versionDropdownLabel(options: {
  reading: string | null
  preferred: string | null
  labels: ReadonlyMap<string, string>
  rendered: string
}): string {
  const version = options.reading ?? options.preferred
  return (version !== null ? options.labels.get(version) : undefined) ?? options.rendered
}

/**
 * The version dropdown remembers the reader's choice; outside the docs the navbar's doc links then
 * lead to that version and the dropdown is labelled with it (inside the docs both follow the
 * version being read, as rendered).
 */
export function versionMemory(versions: readonly string[]): Cleanup {
  const stored = storageGet(STORAGE.preferredVersion)
  const preferred = preferredVersion(stored, versions)
  if (stored !== null && preferred === null) storageSet(STORAGE.preferredVersion, null)
  const reading = document.querySelector(withData(DATA.docVersion))?.getAttribute(DATA.docVersion) || null
  if (preferred && !reading) {
    for (const link of document.querySelectorAll<HTMLAnchorElement>(`a${withData(DATA.docVersions)}`)) {
      const href = parseDocVersions(link.getAttribute(DATA.docVersions)).get(preferred)
      if (href) link.setAttribute('href', href)
    }
  }
  const versionLinks = `a${withData(DATA.version)}`
  for (const label of document.querySelectorAll<HTMLElement>(withData(DATA.versionDropdownLabel))) {
    const dropdown = label.closest('details')
    const labels = new Map(
      [...(dropdown?.querySelectorAll<HTMLAnchorElement>(versionLinks) ?? [])].map((link) => [
        link.getAttribute(DATA.version) ?? '',
        link.textContent?.trim() ?? '',
      ]),
    )
    label.textContent = versionDropdownLabel({reading, preferred, labels, rendered: label.textContent ?? ''})
    for (const link of dropdown?.querySelectorAll<HTMLAnchorElement>(versionLinks) ?? []) {
      if (link.getAttribute(DATA.version) === (reading ?? preferred)) link.setAttribute('aria-current', 'true')
      else link.removeAttribute('aria-current')
    }
  }
  return listen(
    document,
    'click',
    (event) => {
      const link = plainLinkClick(event)
      const version = link?.getAttribute(DATA.version)
      if (version) storageSet(STORAGE.preferredVersion, version)
    },
    {capture: true},
  )
}

/** A same-origin page link worth prefetching or timing: another page, not a file or an anchor of this one. */
export function isPageNavigation(link: HTMLAnchorElement, current: Location): boolean {
  if (link.target && link.target !== '_self') return false
  if (link.hasAttribute('download')) return false
  const url = new URL(link.href, current.href)
  if (url.origin !== current.origin) return false
  if (/\.[a-z0-9]{2,5}$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return false
  return url.pathname !== current.pathname || url.search !== current.search
}

/**
 * Pages are separate documents (static HTML without a framework runtime: web/src/build/static-pages.ts), so the browser itself scrolls
 * to the top or to the hash. This adds what it does not do: a top progress bar when leaving takes
 * longer than 200 ms, and prefetching of the page a link leads to when the reader points at it:
 * through speculation rules where the browser has them, else a `<link rel="prefetch">` per link.
 */
export function navigation(): Cleanup {
  const root = document.documentElement
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    clearTimeout(timer)
    delete root.dataset.navigating
  }
  // Where the browser has speculation rules, it prefetches on intent itself (SPECULATION_RULES); elsewhere a hint per link pointed at.
  const speculation = typeof HTMLScriptElement.supports === 'function' && HTMLScriptElement.supports('speculationrules')
  if (speculation && fetchAheadAllowed()) {
    const rules = document.createElement('script')
    rules.type = 'speculationrules'
    rules.textContent = SPECULATION_RULES
    document.head.append(rules)
  }
  const prefetched = new Set<string>()
  const prefetch = (event: Event) => {
    const link = eventClosest<HTMLAnchorElement>(event, 'a[href]')
    if (!link || !isPageNavigation(link, location)) return
    if (!fetchAheadAllowed()) return
    const url = new URL(link.href, location.href)
    url.hash = ''
    if (prefetched.has(url.href)) return
    prefetched.add(url.href)
    const hint = document.createElement('link')
    hint.rel = 'prefetch'
    hint.href = url.href
    document.head.append(hint)
  }
  const cleanups = [
    listen(document, 'click', (event) => {
      const link = plainLinkClick(event)
      if (!link || !isPageNavigation(link, location)) return
      clearTimeout(timer)
      timer = setTimeout(() => {
        root.dataset.navigating = 'true'
      }, PROGRESS_DELAY_MS)
    }),
    ...(speculation
      ? []
      : [
          listen(document, 'mouseover', prefetch, {passive: true}),
          listen(document, 'focusin', prefetch),
          listen(document, 'touchstart', prefetch, {passive: true}),
        ]),
    listen(window, 'pageshow', stop),
    listen(window, 'pagehide', stop),
  ]
  return () => {
    stop()
    cleanups.forEach((cleanup) => cleanup())
  }
}

/** The closing button of the announcement bar stores the bar's id, so only a new bar shows again. */
export function announcementBar(): Cleanup {
  return listen(document, 'click', (event) => {
    const button = eventClosest(event, `.${CLASS.announcementClose}`)
    const bar = button?.closest<HTMLElement>(`.${CLASS.announcementBar}`)
    if (!bar) return
    storageSet(STORAGE.announcementDismissed, bar.getAttribute(DATA.announcementId) ?? '')
    document.documentElement.dataset.announcementDismissed = 'true'
    document.getElementById(ID.mainContent)?.focus()
  })
}

/** Follows the system colour scheme while the reader has not chosen a mode. */
export function followSystemColorMode(respect: boolean): Cleanup {
  if (!respect) return () => {}
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const onChange = () => {
    const saved = storageGet(STORAGE.theme)
    if (saved === 'light' || saved === 'dark') return
    document.documentElement.dataset.theme = query.matches ? 'dark' : 'light'
    document.dispatchEvent(new CustomEvent(EVENT.theme))
  }
  return listen(query, 'change', onChange)
}
