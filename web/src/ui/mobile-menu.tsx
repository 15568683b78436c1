/**
 * The navbar's items, as a row on desktop and, below 996 px, as the slide-in menu Docusaurus
 * readers know: a header with the logo and a close button, the navbar items (primary panel) and,
 * on pages with a sidebar (docs, blog), a secondary panel holding that sidebar with a way back to
 * the main menu. The page script (components/mobile-menu.ts) opens it as a modal dialog, moves the
 * page's sidebar into the secondary panel, traps focus and gives it back on close.
 */
import type {ReactNode} from 'react'
import type {SiteContext} from '../site/context'
import {CLASS, ID} from '../components/seam'
import {SiteBrand} from './site-logo'

/** The button of the navbar that opens the menu below 996 px. */
export function MenuToggle({context}: {context: SiteContext}) {
  const {t} = context
  return (
    <button type="button" className={CLASS.menuToggle} aria-expanded="false" aria-controls={ID.menu} aria-label={t('nav.toggleMenu')}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  )
}

/** The navbar's items (children) inside the menu's frame; on desktop the frame is invisible. */
export function NavbarMenu({context, children}: {context: SiteContext; children: ReactNode}) {
  const {t} = context
  return (
    <div className="navbar-items" id={ID.menu} aria-label={t('nav.mainLabel')} data-close-label={t('nav.closeMenu')}>
      <div className="menu-header">
        <SiteBrand context={context} />
        <button type="button" className={CLASS.menuClose} aria-label={t('nav.closeMenu')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          </svg>
        </button>
      </div>
      <div className={`menu-panel ${CLASS.menuPrimary}`}>{children}</div>
      <nav className={`menu-panel ${CLASS.menuSecondary}`} hidden>
        <button type="button" className={CLASS.menuBack}>
          {t('nav.backToMainMenu')}
        </button>
        <div className={CLASS.menuSecondaryContent} />
      </nav>
    </div>
  )
}
