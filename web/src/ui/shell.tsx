/**
 * The frame of every page: skip link, announcement bar, navbar (every item kind of the site
 * settings), main content and footer.
 */
import type {Locale} from '@site/schemas/model'
import type {LocaleString} from '@site/schemas/types'
import type {ReactNode} from 'react'
import {ColorModeToggle} from '../components/color-mode-toggle'
import {localizeHref, routeUrl, switchLocale} from '../routing/routes'
import {pickLabel, type SiteContext, type VersionInfo} from '../site/context'
import {docHref, docLinkVersion} from '../site/docs'
import {SearchButton} from '../search/search-button'
import {PageScriptConfig} from '../components/page-script'
import {MenuToggle, NavbarMenu} from './mobile-menu'
import {activeNavbarItem, type ActiveNavbarItem, type NavbarCandidate} from './navbar-active'
import {SiteBrand} from './site-logo'
import {VersionDropdownLabel} from './version-dropdown'

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
  const {t, settings} = context
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>{t('common.skipToContent')}</a>
      <div className="nav-progress" aria-hidden="true" />
      <AnnouncementBar context={context} />
      <Navbar context={context} currentUrl={currentUrl} version={version ?? context.latest} readingDocs={version !== undefined} versionTargets={versionTargets} localeHref={localeHref ?? ((locale) => switchLocale(currentUrl, locale))} />
      <div className="page-body" id={MAIN_CONTENT_ID} tabIndex={-1} data-doc-version={version?.path}>
        {children}
      </div>
      <Footer context={context} />
      <PageScriptConfig config={{versions: context.versions.map((entry) => entry.path), respectSystemColorMode: settings.colorMode?.respectPrefersColorScheme !== false}} />
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
    <div className="announcement-bar" data-announcement-id={bar.id ?? ''} role="region" aria-label={content} style={{backgroundColor: bar.backgroundColor ?? undefined, color: bar.textColor ?? undefined}}>
      <p className="announcement-content">
        {content}
        {linkLabel && bar.linkHref ? (
          <>
            {' '}
            <a href={localizeHref(bar.linkHref, context.locale)}>{linkLabel}</a>
          </>
        ) : null}
      </p>
      {bar.isCloseable !== false ? (
        <button type="button" className="announcement-close" aria-label={context.t('common.close')}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}

type NavbarItem = NonNullable<SiteContext['settings']['navbarItems']>[number]

interface NavbarProps {
  context: SiteContext
  currentUrl: string
  version: VersionInfo
  /** True on doc pages: doc links then follow the version being read rather than the remembered one. */
  readingDocs: boolean
  versionTargets: ReadonlyMap<string, string> | undefined
  localeHref: (locale: Locale) => string
}

function Navbar({context, currentUrl, version, readingDocs, versionTargets, localeHref}: NavbarProps) {
  const {t, settings} = context
  const items = settings.navbarItems ?? []
  // One item lit at a time: the one leading to this page, else to the deepest section holding it.
  const active = activeNavbarItem(navbarCandidates(items, context, version), currentUrl, context.locales.map((entry) => routeUrl({kind: 'home', locale: entry.code})))
  const render = (item: NavbarItem) => <NavbarEntry key={item._key} item={item} context={context} currentUrl={currentUrl} version={version} readingDocs={readingDocs} versionTargets={versionTargets} localeHref={localeHref} active={active} />
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={t('nav.mainLabel')}>
        <SiteBrand context={context} />
        <MenuToggle context={context} />
        <NavbarMenu context={context}>
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
        </NavbarMenu>
      </nav>
      <div className="menu-backdrop" aria-hidden="true" />
    </header>
  )
}

type LinkState = 'page' | 'section' | null

/** The state of a navbar link: the page itself, the section the page is in (the lit item), or neither. */
function linkStateOf(active: ActiveNavbarItem | null, itemKey: string, href: string): LinkState {
  if (!active || active.itemKey !== itemKey || active.href !== href) return null
  return active.exact ? 'page' : 'section'
}

function NavLinkItem({href, label, state, externalHint, docVersions}: {href: string; label: string; state: LinkState; externalHint: string; docVersions?: string | undefined}) {
  const external = /^https?:\/\//.test(href)
  return (
    <a
      className={state === 'section' ? 'navbar-link navbar-link-active' : 'navbar-link'}
      href={href}
      aria-current={state === 'page' ? 'page' : undefined}
      data-doc-versions={docVersions}
      {...(external ? {rel: 'noopener noreferrer', target: '_blank'} : {})}
    >
      {label}
      {external ? <span className="visually-hidden"> {externalHint}</span> : null}
    </a>
  )
}

function Dropdown({label, active, children}: {label: ReactNode; active?: boolean; children: ReactNode}) {
  return (
    <details className="navbar-dropdown">
      <summary className={active ? 'navbar-link navbar-link-active' : 'navbar-link'}>{label}</summary>
      <ul className="dropdown-menu">{children}</ul>
    </details>
  )
}

type Leaf = {_type: 'navLink' | 'navDocLink' | 'navHtml'; _key: string; label?: LocaleString | null; href?: string | null; docSlug?: string | null; value?: LocaleString | null}

/** Where a navbar leaf leads (html items lead nowhere). */
function leafHrefOf(leaf: Leaf, context: SiteContext, version: VersionInfo): string | null {
  if (leaf._type === 'navLink') return leaf.href ? localizeHref(leaf.href, context.locale) : null
  if (leaf._type === 'navDocLink') return leaf.docSlug ? docHref(context, docLinkVersion(context, version, leaf.docSlug), leaf.docSlug) : null
  return null
}

/** The navbar's own links, each with the top-level item it belongs to (version and locale dropdowns are not sections). */
function navbarCandidates(items: readonly NavbarItem[], context: SiteContext, version: VersionInfo): NavbarCandidate[] {
  return items.flatMap((item) => {
    const leaves: readonly Leaf[] = item._type === 'navDropdown' ? (item.items ?? []) : item._type === 'navLink' || item._type === 'navDocLink' ? [item] : []
    return leaves.flatMap((leaf) => {
      const href = leafHrefOf(leaf, context, version)
      return href ? [{itemKey: item._key, href}] : []
    })
  })
}

function NavbarEntry({item, context, version, readingDocs, versionTargets, localeHref, active}: NavbarProps & {item: NavbarItem; active: ActiveNavbarItem | null}) {
  const {locale, t} = context
  const hint = t('common.externalLink')
  const leafHref = (leaf: Leaf) => leafHrefOf(leaf, context, version)
  // Outside the docs, a doc link may follow the version the reader chose before (see versionMemory).
  const docVersions = (slug: string): string | undefined => {
    if (readingDocs) return undefined
    const entries = context.versions.filter((candidate) => !candidate.isLast && context.docSlugs.get(candidate.path)?.has(slug)).map((candidate) => `${candidate.path} ${docHref(context, candidate, slug)}`)
    return entries.length > 0 ? entries.join('|') : undefined
  }
  const renderLeaf = (leaf: Leaf, htmlClass: string) => {
    if (leaf._type === 'navHtml') return <li key={leaf._key} className={htmlClass}>{pickLabel(leaf.value, locale)}</li>
    const href = leafHref(leaf)
    if (!href) return null
    return (
      <li key={leaf._key}>
        <NavLinkItem href={href} label={pickLabel(leaf.label, locale)} state={linkStateOf(active, item._key, href)} externalHint={hint} docVersions={leaf._type === 'navDocLink' && leaf.docSlug ? docVersions(leaf.docSlug) : undefined} />
      </li>
    )
  }
  switch (item._type) {
    case 'navLink':
    case 'navDocLink':
    case 'navHtml':
      return renderLeaf(item, 'navbar-html')
    case 'navDropdown': {
      const entries = item.items ?? []
      return (
        <li>
          <Dropdown label={pickLabel(item.label, locale)} active={active?.itemKey === item._key}>
            {entries.map((entry) => renderLeaf(entry, 'dropdown-html'))}
          </Dropdown>
        </li>
      )
    }
    case 'navVersionDropdown':
      return (
        <li>
          <Dropdown label={<VersionDropdownLabel version={version} />}>
            {context.versions.map((candidate) => {
              const slug = versionTargets?.get(candidate.path)
              const href = slug ? docHref(context, candidate, slug) : routeUrl({kind: 'docsHome', locale, version: candidate.path})
              return (
                <li key={candidate.path}>
                  <a className="navbar-link" href={href} data-version={candidate.path} aria-current={readingDocs && candidate.path === version.path ? 'true' : undefined}>{candidate.label}</a>
                </li>
              )
            })}
            {(item.extraItems ?? []).map((extra) =>
              extra.href ? <li key={extra._key}><NavLinkItem href={localizeHref(extra.href, locale)} label={pickLabel(extra.label, locale)} state={null} externalHint={hint} /></li> : null,
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
                <a className="navbar-link" href={localeHref(entry.code)} hrefLang={entry.htmlLang} lang={entry.htmlLang} data-locale-link="" aria-current={entry.code === locale ? 'true' : undefined}>
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
            <h2 className="footer-title">{pickLabel(group.title, locale)}</h2>
            <ul>
              {(group.items ?? []).map((item) =>
                item.href ? (
                  <li key={item._key}>
                    <a href={localizeHref(item.href, locale)} {...(/^https?:\/\//.test(item.href) ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>
                      {pickLabel(item.label, locale)}
                      {/^https?:\/\//.test(item.href) ? <span className="visually-hidden"> {context.t('common.externalLink')}</span> : null}
                    </a>
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
