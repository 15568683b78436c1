/**
 * The frame of every page: skip link, announcement bar, navbar (every item kind of the site
 * settings), main content and footer.
 */
import type {Locale} from '@site/schemas/model'
import type {ReactNode} from 'react'
import {ColorModeToggle} from '../components/color-mode-toggle'
import {localizeHref, routeUrl, switchLocale} from '../routing/routes'
import {pickLabel, type SiteContext, type VersionInfo} from '../site/context'
import {docHref, docLinkVersion} from '../site/docs'
import {SearchButton} from '../search/search-button'

export interface ShellProps {
  context: SiteContext
  /** The page's own URL, for the locale dropdown and aria-current. */
  currentUrl: string
  /** The docs version being read, for doc links and the version dropdown. */
  version?: VersionInfo | undefined
  /** Slugs of the current doc per version path, so the version dropdown can stay on the same page. */
  versionTargets?: ReadonlyMap<string, string> | undefined
  /** Where the locale dropdown leads; the same page in each locale by default. */
  localeHref?: ((locale: Locale) => string) | undefined
  children: ReactNode
}

export const MAIN_CONTENT_ID = 'main-content'

export function SiteShell({context, currentUrl, version, versionTargets, localeHref, children}: ShellProps) {
  const {t} = context
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>{t('common.skipToContent')}</a>
      <AnnouncementBar context={context} />
      <input type="checkbox" id="menu-toggle" className="menu-toggle-input" aria-hidden="true" tabIndex={-1} />
      <Navbar context={context} currentUrl={currentUrl} version={version ?? context.latest} versionTargets={versionTargets} localeHref={localeHref ?? ((locale) => switchLocale(currentUrl, locale))} />
      <div className="page-body" id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </div>
      <Footer context={context} />
    </>
  )
}

function AnnouncementBar({context}: {context: SiteContext}) {
  const bar = context.settings.announcementBar
  if (!bar || bar.enabled === false) return null
  const content = pickLabel(bar.content, context.locale)
  if (!content) return null
  const linkLabel = pickLabel(bar.linkLabel, context.locale)
  return (
    <div className="announcement-bar" data-announcement-id={bar.id ?? undefined} role="region" aria-label={content} style={{backgroundColor: bar.backgroundColor ?? undefined, color: bar.textColor ?? undefined}}>
      <span>{content}</span>
      {linkLabel && bar.linkHref ? (
        <>
          {' '}
          <a href={localizeHref(bar.linkHref, context.locale)}>{linkLabel}</a>
        </>
      ) : null}
    </div>
  )
}

type NavbarItem = NonNullable<SiteContext['settings']['navbarItems']>[number]

interface NavbarProps {
  context: SiteContext
  currentUrl: string
  version: VersionInfo
  versionTargets: ReadonlyMap<string, string> | undefined
  localeHref: (locale: Locale) => string
}

function Navbar({context, currentUrl, version, versionTargets, localeHref}: NavbarProps) {
  const {t, settings} = context
  const items = settings.navbarItems ?? []
  const logo = settings.logo?.light
  const render = (item: NavbarItem) => <NavbarEntry key={item._key} item={item} context={context} currentUrl={currentUrl} version={version} versionTargets={versionTargets} localeHref={localeHref} />
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={t('nav.mainLabel')}>
        <a className="navbar-brand" href={routeUrl({kind: 'home', locale: context.locale})}>
          {logo?.url ? <img src={logo.url} alt="" width={logo.width ?? 32} height={logo.height ?? 32} className="navbar-logo" /> : null}
          <span className="navbar-title">{settings.navbarTitle || context.siteTitle}</span>
        </a>
        <label htmlFor="menu-toggle" className="menu-toggle-button">
          <span className="visually-hidden">{t('nav.toggleMenu')}</span>
          <span aria-hidden="true">☰</span>
        </label>
        <div className="navbar-items">
          <ul className="navbar-left">{items.filter((item) => item.position !== 'right').map(render)}</ul>
          <ul className="navbar-right">
            {items.filter((item) => item.position === 'right').map(render)}
            <li>
              <SearchButton context={context} />
            </li>
            <li>
              <ColorModeToggle label={t('colorMode.toggle')} lightName={t('colorMode.light')} darkName={t('colorMode.dark')} />
            </li>
          </ul>
        </div>
      </nav>
    </header>
  )
}

function NavLinkItem({href, label, currentUrl}: {href: string; label: string; currentUrl: string}) {
  const external = /^https?:\/\//.test(href)
  return (
    <a className="navbar-link" href={href} aria-current={href === currentUrl ? 'page' : undefined} {...(external ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>
      {label}
    </a>
  )
}

function Dropdown({label, children}: {label: string; children: ReactNode}) {
  return (
    <details className="navbar-dropdown">
      <summary className="navbar-link">{label}</summary>
      <ul className="dropdown-menu">{children}</ul>
    </details>
  )
}

function NavbarEntry({item, context, currentUrl, version, versionTargets, localeHref}: NavbarProps & {item: NavbarItem}) {
  const {locale} = context
  switch (item._type) {
    case 'navLink':
      return item.href ? <li><NavLinkItem href={localizeHref(item.href, locale)} label={pickLabel(item.label, locale)} currentUrl={currentUrl} /></li> : null
    case 'navDocLink':
      return item.docSlug ? <li><NavLinkItem href={docHref(context, docLinkVersion(context, version, item.docSlug), item.docSlug)} label={pickLabel(item.label, locale)} currentUrl={currentUrl} /></li> : null
    case 'navHtml':
      return <li className="navbar-html">{pickLabel(item.value, locale)}</li>
    case 'navDropdown':
      return (
        <li>
          <Dropdown label={pickLabel(item.label, locale)}>
            {(item.items ?? []).map((entry) => {
              switch (entry._type) {
                case 'navLink':
                  return entry.href ? <li key={entry._key}><NavLinkItem href={localizeHref(entry.href, locale)} label={pickLabel(entry.label, locale)} currentUrl={currentUrl} /></li> : null
                case 'navDocLink':
                  return entry.docSlug ? <li key={entry._key}><NavLinkItem href={docHref(context, docLinkVersion(context, version, entry.docSlug), entry.docSlug)} label={pickLabel(entry.label, locale)} currentUrl={currentUrl} /></li> : null
                case 'navHtml':
                  return <li key={entry._key} className="dropdown-html">{pickLabel(entry.value, locale)}</li>
              }
            })}
          </Dropdown>
        </li>
      )
    case 'navVersionDropdown':
      return (
        <li>
          <Dropdown label={version.label}>
            {context.versions.map((candidate) => {
              const slug = versionTargets?.get(candidate.path)
              const href = slug ? docHref(context, candidate, slug) : routeUrl({kind: 'docsHome', locale, version: candidate.path})
              return (
                <li key={candidate.path}>
                  <a className="navbar-link" href={href} aria-current={candidate.path === version.path ? 'true' : undefined}>{candidate.label}</a>
                </li>
              )
            })}
            {(item.extraItems ?? []).map((extra) =>
              extra.href ? <li key={extra._key}><NavLinkItem href={localizeHref(extra.href, locale)} label={pickLabel(extra.label, locale)} currentUrl={currentUrl} /></li> : null,
            )}
          </Dropdown>
        </li>
      )
    case 'navLocaleDropdown':
      return (
        <li>
          <Dropdown label={context.localeInfo.label}>
            {context.locales.map((entry) => (
              <li key={entry.code}>
                <a className="navbar-link" href={localeHref(entry.code)} hrefLang={entry.htmlLang} lang={entry.htmlLang} aria-current={entry.code === locale ? 'true' : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </Dropdown>
        </li>
      )
  }
}

function Footer({context}: {context: SiteContext}) {
  const {settings, locale} = context
  return (
    <footer className="footer">
      <div className="footer-groups">
        {(settings.footerLinks ?? []).map((group) => (
          <div key={group._key} className="footer-group">
            <p className="footer-title">{pickLabel(group.title, locale)}</p>
            <ul>
              {(group.items ?? []).map((item) =>
                item.href ? (
                  <li key={item._key}>
                    <a href={localizeHref(item.href, locale)} {...(/^https?:\/\//.test(item.href) ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>{pickLabel(item.label, locale)}</a>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        ))}
      </div>
      {settings.copyright ? <p className="footer-copyright">{pickLabel(settings.copyright, locale)}</p> : null}
    </footer>
  )
}
