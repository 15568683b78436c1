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
  const logo = settings.logo?.light
  const render = (item: NavbarItem) => <NavbarEntry key={item._key} item={item} context={context} currentUrl={currentUrl} version={version} readingDocs={readingDocs} versionTargets={versionTargets} localeHref={localeHref} />
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label={t('nav.mainLabel')}>
        <a className="navbar-brand" href={routeUrl({kind: 'home', locale: context.locale})}>
          {logo?.url ? <img src={logo.url} alt="" width={logo.width ?? 32} height={logo.height ?? 32} className="navbar-logo" /> : null}
          <span className="navbar-title">{settings.navbarTitle || context.siteTitle}</span>
        </a>
        <button type="button" className="menu-toggle-button" aria-expanded="false" aria-controls="navbar-menu" aria-label={t('nav.toggleMenu')} data-open-label={t('nav.toggleMenu')} data-close-label={t('nav.closeMenu')}>
          <span aria-hidden="true">☰</span>
        </button>
        <div className="navbar-items" id="navbar-menu">
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
      <div className="menu-backdrop" aria-hidden="true" />
    </header>
  )
}

/** Exact match: the current page; a path prefix (not the home page): a section the reader is in. */
function linkState(href: string, currentUrl: string): 'page' | 'section' | null {
  const path = href.replace(/[?#].*$/, '')
  if (path === currentUrl || `${path}/` === currentUrl) return 'page'
  if (path.length > 1 && !/^\/[a-z-]{2,5}\/?$/i.test(path) && currentUrl.startsWith(path.endsWith('/') ? path : `${path}/`)) return 'section'
  return null
}

function NavLinkItem({href, label, currentUrl, externalHint, docVersions}: {href: string; label: string; currentUrl: string; externalHint: string; docVersions?: string | undefined}) {
  const external = /^https?:\/\//.test(href)
  const state = external ? null : linkState(href, currentUrl)
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

function Dropdown({label, active, children}: {label: string; active?: boolean; children: ReactNode}) {
  return (
    <details className="navbar-dropdown">
      <summary className={active ? 'navbar-link navbar-link-active' : 'navbar-link'}>{label}</summary>
      <ul className="dropdown-menu">{children}</ul>
    </details>
  )
}

function NavbarEntry({item, context, currentUrl, version, readingDocs, versionTargets, localeHref}: NavbarProps & {item: NavbarItem}) {
  const {locale, t} = context
  const hint = t('common.externalLink')
  type Leaf = {_type: 'navLink' | 'navDocLink' | 'navHtml'; _key: string; label?: LocaleString | null; href?: string | null; docSlug?: string | null; value?: LocaleString | null}
  // Where each leaf leads, so that a dropdown can tell whether it holds the current page.
  const leafHref = (leaf: Leaf): string | null => {
    if (leaf._type === 'navLink') return leaf.href ? localizeHref(leaf.href, locale) : null
    if (leaf._type === 'navDocLink') return leaf.docSlug ? docHref(context, docLinkVersion(context, version, leaf.docSlug), leaf.docSlug) : null
    return null
  }
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
        <NavLinkItem href={href} label={pickLabel(leaf.label, locale)} currentUrl={currentUrl} externalHint={hint} docVersions={leaf._type === 'navDocLink' && leaf.docSlug ? docVersions(leaf.docSlug) : undefined} />
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
      const active = entries.some((entry) => {
        const href = leafHref(entry)
        return href !== null && !/^https?:/.test(href) && linkState(href, currentUrl) !== null
      })
      return (
        <li>
          <Dropdown label={pickLabel(item.label, locale)} active={active}>
            {entries.map((entry) => renderLeaf(entry, 'dropdown-html'))}
          </Dropdown>
        </li>
      )
    }
    case 'navVersionDropdown':
      return (
        <li>
          <Dropdown label={version.label} active={readingDocs}>
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
              extra.href ? <li key={extra._key}><NavLinkItem href={localizeHref(extra.href, locale)} label={pickLabel(extra.label, locale)} currentUrl={currentUrl} externalHint={hint} /></li> : null,
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
