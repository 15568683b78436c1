/**
 * The frame of every page: skip link, announcement bar, navbar (every item kind of the site
 * settings), main content and footer.
 */
import {isSiteDocsVersion, type Locale, type LocalizedValue} from '@site/schemas/model'
import type {ReactNode} from 'react'
import {sanitizeRawHtml} from '../portable-text/sanitize'
import {ColorModeToggle} from '../components/color-mode-toggle'
import {localizeHref, routeUrl, switchLocale} from '@site/schemas/routing'
import {pickLabel, type SiteContext, type VersionInfo} from '../site/context'
import {docHref, docLinkVersion} from '../site/docs'
import {SearchButton} from '../search/search-button'
import {PageScriptConfig} from '../components/page-script'
import {CLASS, DATA, ID} from '../components/seam'
import {MenuToggle, NavbarMenu} from './mobile-menu'
import {activeNavbarItem, type ActiveNavbarItem, type NavbarCandidate} from './navbar-active'
import {SiteBrand} from './site-logo'
import {iconClasses} from '../site/theme'
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

export function SiteShell({context, currentUrl, version: read, versionTargets, localeHref, children}: ShellProps) {
  const {t, settings} = context
  // A docs set of its own (community docs) is not one of the versions the navbar and the version memory speak of.
  const version = read && isSiteDocsVersion(read) ? read : undefined
  return (
    <>
      <a className="skip-link" href={`#${ID.mainContent}`}>
        {t('common.skipToContent')}
      </a>
      <div className="nav-progress" aria-hidden="true" />
      <AnnouncementBar context={context} />
      <Navbar
        context={context}
        currentUrl={currentUrl}
        version={version ?? context.latest}
        readingDocs={version !== undefined}
        versionTargets={versionTargets}
        localeHref={localeHref ?? ((locale) => switchLocale(context.routing.locales, currentUrl, locale))}
      />
      <div className="page-body" id={ID.mainContent} tabIndex={-1} {...{[DATA.docVersion]: version?.path}}>
        {children}
      </div>
      <Footer context={context} />
      <PageScriptConfig
        config={{
          versions: context.versions.filter(isSiteDocsVersion).map((entry) => entry.path),
          respectSystemColorMode: settings.colorMode?.respectPrefersColorScheme !== false,
        }}
      />
    </>
  )
}

function AnnouncementBar({context}: {context: SiteContext}) {
  const bar = context.settings.announcementBar
  if (!bar || bar.enabled === false) return null
  const content = pickLabel(bar.content, context)
  if (!content) return null
  const linkLabel = pickLabel(bar.linkLabel, context)
  // The content is HTML, as in Docusaurus (text and links in their order); its site links follow the reader's locale.
  const html = localizeHtmlLinks(sanitizeRawHtml(content), context)
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return (
    <div
      className={CLASS.announcementBar}
      {...{[DATA.announcementId]: bar.id ?? ''}}
      role="region"
      aria-label={text}
      style={{backgroundColor: bar.backgroundColor ?? undefined, color: bar.textColor ?? undefined}}
    >
      <p className="announcement-content">
        <span dangerouslySetInnerHTML={{__html: html}} />
        {linkLabel && bar.linkHref ? (
          <>
            {' '}
            <a href={localizeHref(context.routing.locales, bar.linkHref, context.locale)}>{linkLabel}</a>
          </>
        ) : null}
      </p>
      {bar.isCloseable !== false ? (
        <button type="button" className={CLASS.announcementClose} aria-label={context.t('common.close')}>
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
  const active = activeNavbarItem(
    navbarCandidates(items, context, version),
    currentUrl,
    context.locales.map((entry) => routeUrl(context.routing, {kind: 'home', locale: entry.code})),
  )
  const render = (item: NavbarItem) => (
    <NavbarEntry
      key={item._key}
      item={item}
      context={context}
      currentUrl={currentUrl}
      version={version}
      readingDocs={readingDocs}
      versionTargets={versionTargets}
      localeHref={localeHref}
      active={active}
    />
  )
  // A search item places the search button; without one it sits at the right end, as in Docusaurus.
  const placesSearch = items.some((item) => item._type === 'navSearch')
  return (
    <header className={CLASS.navbar}>
      <nav className="navbar-inner" aria-label={t('nav.mainLabel')}>
        <SiteBrand context={context} />
        <MenuToggle context={context} />
        <NavbarMenu context={context}>
          <ul className="navbar-left">{items.filter((item) => item.position !== 'right').map(render)}</ul>
          <ul className="navbar-right">
            {items.filter((item) => item.position === 'right').map(render)}
            {placesSearch ? null : (
              <li>
                <SearchButton context={context} />
              </li>
            )}
            {settings.colorMode?.disableSwitch ? null : (
              <li>
                <ColorModeToggle label={t('colorMode.toggle')} lightName={t('colorMode.light')} darkName={t('colorMode.dark')} />
              </li>
            )}
          </ul>
        </NavbarMenu>
      </nav>
      <div className={CLASS.menuBackdrop} aria-hidden="true" />
    </header>
  )
}

type LinkState = 'page' | 'section' | null

/**
 * The state of a navbar link: the page itself, the section the page is in (the lit item), or
 * neither. `hrefs` are the addresses the link answers for: its own, and its activeBasePath.
 */
function linkStateOf(active: ActiveNavbarItem | null, itemKey: string, hrefs: readonly string[]): LinkState {
  if (!active || active.itemKey !== itemKey || !hrefs.includes(active.href)) return null
  return active.exact && active.href === hrefs[0] ? 'page' : 'section'
}

interface NavLinkItemProps {
  href: string
  label: string
  state: LinkState
  externalHint: string
  docVersions?: string | undefined
  /** The accessible name of a link without a label (an icon link). */
  ariaLabel?: string | undefined
  className?: string | null | undefined
  /** The theme draws the icon of a link without a label through its class (a site's `header-github-link`). */
  iconDrawnByClass?: boolean
}

function NavLinkItem({href, label, state, externalHint, docVersions, ariaLabel, className, iconDrawnByClass = false}: NavLinkItemProps) {
  const external = /^https?:\/\//.test(href)
  const iconOnly = label === ''
  const classes = ['navbar-link', state === 'section' ? 'navbar-link-active' : null, iconOnly ? 'navbar-icon-link' : null, className].filter(Boolean).join(' ')
  return (
    <a
      className={classes}
      href={href}
      aria-current={state === 'page' ? 'page' : undefined}
      aria-label={iconOnly ? ariaLabel || href : undefined}
      title={iconOnly ? ariaLabel || undefined : undefined}
      {...{[DATA.docVersions]: docVersions}}
      {...(external ? {rel: 'noopener noreferrer', target: '_blank'} : {})}
    >
      {iconOnly ? iconDrawnByClass ? null : <LinkIcon href={href} /> : label}
      {external && !iconOnly ? <span className="visually-hidden"> {externalHint}</span> : null}
    </a>
  )
}

/** The icon of a link without a label: a code host's mark for repositories, an arrow for other sites. */
function LinkIcon({href}: {href: string}) {
  const host = URL.canParse(href) ? new URL(href).hostname : ''
  const codeHost = /(^|\.)(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/.test(host)
  return codeHost ? (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M8 7 3 12l5 5M16 7l5 5-5 5M14 4l-4 16" />
    </svg>
  ) : (
    <svg className="navbar-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
      />
    </svg>
  )
}

/** Site paths in the href of HTML links, put under the reader's locale. */
function localizeHtmlLinks(html: string, context: Pick<SiteContext, 'routing' | 'locale'>): string {
  return html.replace(
    /(<a\s[^>]*href=")(\/[^"]*)"/g,
    (_whole, start: string, href: string) =>
      `${start}${localizeHref(context.routing.locales, href.replace(/&amp;/g, '&'), context.locale).replace(/&/g, '&amp;')}"`,
  )
}

/** HTML of the site settings (a dropdown heading, a separator), cleaned like imported body HTML. */
function NavHtml({html, className}: {html: string; className: string}) {
  return <li className={className} dangerouslySetInnerHTML={{__html: sanitizeRawHtml(html)}} />
}

function Dropdown({label, active, children}: {label: ReactNode; active?: boolean; children: ReactNode}) {
  return (
    <details className={CLASS.navbarDropdown}>
      <summary className={active ? 'navbar-link navbar-link-active' : 'navbar-link'}>{label}</summary>
      <ul className="dropdown-menu">{children}</ul>
    </details>
  )
}

/** A navbar item that is not a menu: the fields the query gives every leaf, top-level or in a dropdown. */
interface NavLeaf {
  _key: string
  _type: 'navLink' | 'navDocLink' | 'navDocsVersionLink' | 'navHtml'
  label?: readonly LocalizedValue[] | null
  ariaLabel?: readonly LocalizedValue[] | null
  value?: readonly LocalizedValue[] | null
  href?: string | null
  docSlug?: string | null
  className?: string | null
  activeBasePath?: string | null
}

/** Where a navbar leaf leads (html items lead nowhere). */
function leafHrefOf(leaf: NavLeaf, context: SiteContext, version: VersionInfo): string | null {
  switch (leaf._type) {
    case 'navLink':
      return leaf.href ? localizeHref(context.routing.locales, leaf.href, context.locale) : null
    case 'navDocLink':
      return leaf.docSlug ? docHref(context, docLinkVersion(context, version, leaf.docSlug), leaf.docSlug) : null
    case 'navDocsVersionLink':
      return routeUrl(context.routing, {kind: 'docsHome', locale: context.locale, version: version.path})
    case 'navHtml':
      return null
  }
}

/** The addresses a leaf answers for: where it leads, then its activeBasePath (a section it lights). */
function leafHrefsOf(leaf: NavLeaf, context: SiteContext, version: VersionInfo): string[] {
  const href = leafHrefOf(leaf, context, version)
  if (!href) return []
  const base =
    leaf._type === 'navLink' && leaf.activeBasePath
      ? localizeHref(context.routing.locales, `/${leaf.activeBasePath.replace(/^\/+/, '')}`, context.locale)
      : null
  return base && base !== href ? [href, base] : [href]
}

/** The navbar's own links, each with the top-level item it belongs to (version and locale dropdowns are not sections). */
function navbarCandidates(items: readonly NavbarItem[], context: SiteContext, version: VersionInfo): NavbarCandidate[] {
  return items.flatMap((item) => {
    const leaves: readonly NavLeaf[] =
      item._type === 'navDropdown'
        ? (item.items ?? [])
        : item._type === 'navLink' || item._type === 'navDocLink' || item._type === 'navDocsVersionLink'
          ? [item]
          : []
    return leaves.flatMap((leaf) => leafHrefsOf(leaf, context, version).map((href) => ({itemKey: item._key, href})))
  })
}

function NavbarEntry({
  item,
  context,
  version,
  readingDocs,
  versionTargets,
  localeHref,
  active,
}: NavbarProps & {item: NavbarItem; active: ActiveNavbarItem | null}) {
  const {locale, t} = context
  const hint = t('common.externalLink')
  const leafHref = (leaf: NavLeaf) => leafHrefOf(leaf, context, version)
  // Outside the docs, a doc link may follow the version the reader chose before (see versionMemory).
  const docVersions = (slug: string): string | undefined => {
    if (readingDocs) return undefined
    const entries = context.versions
      .filter((candidate) => !candidate.isLast && isSiteDocsVersion(candidate) && context.docSlugs.get(candidate.path)?.has(slug))
      .map((candidate) => `${candidate.path} ${docHref(context, candidate, slug)}`)
    return entries.length > 0 ? entries.join('|') : undefined
  }
  const renderLeaf = (leaf: NavLeaf, htmlClass: string, itemKey: string | null) => {
    if (leaf._type === 'navHtml')
      return <NavHtml key={leaf._key} html={pickLabel(leaf.value, context)} className={[htmlClass, leaf.className].filter(Boolean).join(' ')} />
    const href = leafHref(leaf)
    if (!href) return null
    const label = leaf._type === 'navDocsVersionLink' ? pickLabel(leaf.label, context) || version.label : pickLabel(leaf.label, context)
    return (
      <li key={leaf._key}>
        <NavLinkItem
          href={href}
          label={label}
          state={itemKey ? linkStateOf(active, itemKey, leafHrefsOf(leaf, context, version)) : null}
          externalHint={hint}
          className={leaf.className}
          iconDrawnByClass={Boolean(leaf.className?.split(/\s+/).some((name) => iconClasses(context.theme).has(name)))}
          ariaLabel={leaf._type === 'navLink' ? pickLabel(leaf.ariaLabel, context) : undefined}
          docVersions={leaf._type === 'navDocLink' && leaf.docSlug ? docVersions(leaf.docSlug) : undefined}
        />
      </li>
    )
  }
  // Links of the version and locale dropdowns are not sections of the site: they are never lit.
  const leaves = (list: readonly NavLeaf[] | null | undefined, itemKey: string | null) =>
    (list ?? []).map((entry) => renderLeaf(entry, 'dropdown-html', itemKey))
  switch (item._type) {
    case 'navLink':
    case 'navDocLink':
    case 'navDocsVersionLink':
    case 'navHtml':
      return renderLeaf(item, 'navbar-html', item._key)
    case 'navSearch':
      return (
        <li>
          <SearchButton context={context} />
        </li>
      )
    case 'navDropdown': {
      return (
        <li className={item.className ?? undefined}>
          <Dropdown label={pickLabel(item.label, context)} active={active?.itemKey === item._key}>
            {leaves(item.items, item._key)}
          </Dropdown>
        </li>
      )
    }
    case 'navVersionDropdown':
      return (
        <li>
          <Dropdown label={<VersionDropdownLabel version={version} />}>
            {leaves(item.itemsBefore, null)}
            {context.versions.filter(isSiteDocsVersion).map((candidate) => {
              const slug = versionTargets?.get(candidate.path)
              const href = slug ? docHref(context, candidate, slug) : routeUrl(context.routing, {kind: 'docsHome', locale, version: candidate.path})
              return (
                <li key={candidate.path}>
                  <a
                    className="navbar-link"
                    href={href}
                    {...{[DATA.version]: candidate.path}}
                    aria-current={readingDocs && candidate.path === version.path ? 'true' : undefined}
                  >
                    <bdi>{candidate.label}</bdi>
                  </a>
                </li>
              )
            })}
            {leaves(item.extraItems, null)}
          </Dropdown>
        </li>
      )
    case 'navLocaleDropdown':
      return (
        <li>
          <Dropdown label={context.localeInfo.label}>
            {leaves(item.itemsBefore, null)}
            {context.locales.map((entry) => (
              <li key={entry.code}>
                <a
                  className="navbar-link"
                  href={localeHref(entry.code)}
                  hrefLang={entry.htmlLang}
                  lang={entry.htmlLang}
                  {...{[DATA.localeLink]: ''}}
                  aria-current={entry.code === locale ? 'true' : undefined}
                >
                  {entry.label}
                </a>
              </li>
            ))}
            {leaves(item.itemsAfter, null)}
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
        {(settings.footerLinks ?? []).map((group) => {
          const title = pickLabel(group.title, context)
          return (
            <div key={group._key} className="footer-group">
              {title ? <h2 className="footer-title">{title}</h2> : null}
              <ul>
                {(group.items ?? []).map((item) => {
                  if (item._type === 'navHtml') return <NavHtml key={item._key} html={pickLabel(item.value, context)} className="footer-html" />
                  if (!item.href) return null
                  const external = /^https?:\/\//.test(item.href)
                  const label = pickLabel(item.label, context) || pickLabel(item.ariaLabel, context) || item.href
                  return (
                    <li key={item._key}>
                      <a
                        href={localizeHref(context.routing.locales, item.href, locale)}
                        className={item.className ?? undefined}
                        {...(external ? {rel: 'noopener noreferrer', target: '_blank'} : {})}
                      >
                        {label}
                        {external ? <span className="visually-hidden"> {context.t('common.externalLink')}</span> : null}
                      </a>
                    </li>
                  )
                })}
              </ul>
            </div>
          )
        })}
      </div>
      {settings.copyright ? (
        <p className="footer-copyright" dangerouslySetInnerHTML={{__html: sanitizeRawHtml(pickLabel(settings.copyright, context))}} />
      ) : null}
    </footer>
  )
}
