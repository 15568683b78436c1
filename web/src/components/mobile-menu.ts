/**
 * The slide-in menu below 996 px (markup: ui/mobile-menu.tsx), as a modal dialog: the rest of the
 * page is inert while it is open and Tab cycles inside it; Escape, the close button and the
 * backdrop close it and give focus back to the menu button; a link closes it; so does growing to
 * desktop width. On a page with a sidebar (docs, blog) the menu opens on that sidebar, moved into
 * its secondary panel, with "← Back to main menu" leading to the navbar's items.
 */

import {cleanupAll, listen, type Cleanup} from './dom'
import {CLASS, DATA, ID, MOBILE_QUERY, withData} from './seam'

const FOCUSABLE =
  'a[href], button:not([disabled]), summary, input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The elements Tab reaches inside `container`, in order: focusable, shown, not inside a closed <details> (its summary excepted). */
export function tabbable(container: Element): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.closest('[hidden], [inert]')) return false
    const closed = element.closest('details:not([open])')
    if (closed && !(element.tagName === 'SUMMARY' && element.parentElement === closed)) return false
    return element.getClientRects().length > 0
  })
}

/** Where Tab goes next inside a trap: from the last element back to the first, and the other way with Shift. */
export function trapTarget<T>(elements: readonly T[], active: T | null, backwards: boolean): T | null {
  if (elements.length === 0) return null
  const first = elements[0] as T
  const last = elements[elements.length - 1] as T
  const index = active === null ? -1 : elements.indexOf(active)
  if (index === -1) return backwards ? last : first
  if (backwards && index === 0) return last
  if (!backwards && index === elements.length - 1) return first
  return null
}

/** Marks everything outside `keep` inert (each ancestor's other children) but `spare` (the backdrop, which closes it), returning how to undo it. */
function inertOutside(keep: Element, spare: string): Cleanup {
  const changed: Element[] = []
  for (let node: Element | null = keep; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT' || sibling.matches(spare)) continue
      sibling.setAttribute('inert', '')
      changed.push(sibling)
    }
  }
  return () => changed.forEach((element) => element.removeAttribute('inert'))
}

/** On desktop the docs sidebar is always open; a page opened on a phone had it closed. */
export function onDesktopWidth(): void {
  for (const disclosure of document.querySelectorAll<HTMLDetailsElement>(`details.${CLASS.sidebarDisclosure}`)) disclosure.open = true
}

export function mobileMenu(): Cleanup {
  const root = document.documentElement
  const toggle = document.querySelector<HTMLButtonElement>(`.${CLASS.menuToggle}`)
  const menu = document.getElementById(ID.menu)
  const primary = menu?.querySelector<HTMLElement>(`.${CLASS.menuPrimary}`)
  const secondary = menu?.querySelector<HTMLElement>(`.${CLASS.menuSecondary}`)
  const slot = secondary?.querySelector<HTMLElement>(`.${CLASS.menuSecondaryContent}`)
  if (!toggle || !menu || !primary || !secondary || !slot) return () => {}
  const mobile = window.matchMedia(MOBILE_QUERY)
  // The page's sidebar, moved into the secondary panel while the menu is open.
  const sidebar = document.querySelector<HTMLElement>(withData(DATA.menuSecondary))
  const sidebarHome = sidebar ? {parent: sidebar.parentElement, next: sidebar.nextSibling} : null
  // The secondary panel is named like the sidebar's own landmark ("Docs sidebar", "Recent posts").
  const sidebarLabel = sidebar?.closest('[aria-label]')?.getAttribute('aria-label') ?? ''
  if (sidebarLabel) secondary.setAttribute('aria-label', sidebarLabel)
  let restoreInert: Cleanup | null = null

  const isOpen = () => root.dataset.menu === 'open'
  const showPanel = (panel: 'primary' | 'secondary') => {
    primary.hidden = panel !== 'primary'
    secondary.hidden = panel !== 'secondary'
    menu.dataset.panel = panel
  }
  // Focus goes to the page's own link in the sidebar (shown in the middle of the panel), else to the panel's first item.
  const focusFirst = () => {
    const current = secondary.hidden ? null : secondary.querySelector<HTMLElement>('a[aria-current="page"]')
    if (current) {
      current.scrollIntoView({block: 'center'})
      current.focus({preventScroll: true})
    } else {
      tabbable(secondary.hidden ? primary : secondary)[0]?.focus()
    }
  }

  const open = () => {
    if (isOpen()) return
    root.dataset.menu = 'open'
    toggle.setAttribute('aria-expanded', 'true')
    menu.setAttribute('role', 'dialog')
    menu.setAttribute('aria-modal', 'true')
    if (sidebar) slot.append(sidebar)
    showPanel(sidebar ? 'secondary' : 'primary')
    restoreInert = inertOutside(menu, `.${CLASS.menuBackdrop}`)
    focusFirst()
  }

  const close = (giveFocusBack: boolean) => {
    if (!isOpen()) return
    delete root.dataset.menu
    toggle.setAttribute('aria-expanded', 'false')
    menu.removeAttribute('role')
    menu.removeAttribute('aria-modal')
    restoreInert?.()
    restoreInert = null
    if (sidebar && sidebarHome?.parent) sidebarHome.parent.insertBefore(sidebar, sidebarHome.next)
    // On desktop the panels are a plain row of items: both shown.
    primary.hidden = false
    secondary.hidden = true
    delete menu.dataset.panel
    if (giveFocusBack) toggle.focus()
  }

  const onWidth = () => {
    if (mobile.matches) return
    close(false)
    onDesktopWidth()
  }

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null
    if (!target) return
    if (target.closest(`.${CLASS.menuToggle}`)) {
      if (isOpen()) close(true)
      else open()
    } else if (target.closest(`.${CLASS.menuClose}`) || target.closest(`.${CLASS.menuBackdrop}`)) {
      close(true)
    } else if (target.closest(`.${CLASS.menuBack}`)) {
      showPanel('primary')
      focusFirst()
    } else if (isOpen() && target.closest(`#${ID.menu} a[href]`)) {
      close(false)
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isOpen() || (event.key !== 'Escape' && event.key !== 'Tab')) return
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    // Keys in a dialog opened over the menu (search, by its shortcut) are that dialog's business.
    if (active && !menu.contains(active)) return
    if (event.key === 'Escape') {
      // An open dropdown of the menu closes first (dropdowns() handles it).
      if (menu.querySelector(`details.${CLASS.navbarDropdown}[open]`)) return
      event.preventDefault()
      close(true)
      return
    }
    const target = trapTarget(tabbable(menu), active, event.shiftKey)
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }
  // A page restored from the back/forward cache comes back as it was left: closed again. The first
  // pageshow of a page comes after its load event, which slow images delay past a reader's first tap.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) close(false)
  }
  return cleanupAll([
    () => close(false),
    listen(mobile, 'change', onWidth),
    listen(document, 'click', onClick),
    listen(document, 'keydown', onKeyDown),
    listen(window, 'pageshow', onPageShow),
  ])
}
