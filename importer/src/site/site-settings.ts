/**
 * The siteSettings document from the Docusaurus config: title, tagline, url, navbar (every item
 * kind Docusaurus accepts), footer, announcement bar, colour mode, locales, blog and search settings,
 * and the link checks. Labels are localeStrings with translations from
 * i18n/<locale>/docusaurus-theme-classic/{navbar,footer,announcement-bar}.json.
 */
import {SITE_SETTINGS_ID} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {DiagnosticLog} from '../diagnostics'
import {refusedScheme} from '@site/schemas/link-schemes'
import {parseColour, toHex} from '@site/schemas/theme'
import {isRecord} from '../front-matter'
import type {ImportedSiteSettings, SanityDocument} from './sanity-document'
import {type LabelTranslations, localeString, noTranslations, readLabelTranslations, reportUntranslatable} from './i18n-labels'
import type {AssetStore} from './resolvers'
import {asList, type ConfigRecord, i18nFolder, type SiteConfig} from './site-config'
import type {InstanceTargets, VersionSidebars} from './sidebars'

/** The id of the site tagline's translation in i18n/<locale>/code.json (`{"site.tagline": {"message": "…"}}`). */
export const TAGLINE_MESSAGE_ID = 'site.tagline'

interface SettingsContext {
  site: SiteConfig
  file: string
  navbar: LabelTranslations
  footer: LabelTranslations
  docSlugById: Map<string, string>
  docTitleById: Map<string, string>
  sidebars: VersionSidebars | undefined
  /** Second docs instances (imported as pages): where their sidebars and docs are, by plugin id. */
  instances: Map<string, InstanceTargets>
  log: DiagnosticLog
}

type Item = Record<string, unknown> & {_type: string}

/** Languages written right to left: Docusaurus gives them direction rtl unless the config says otherwise. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi'])

/** Docusaurus's default label of a locale: its own name for itself, capitalized ("Français", "Español"). */
export function defaultLocaleLabel(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], {type: 'language'}).of(locale) ?? locale
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
  } catch {
    return locale
  }
}

export function defaultLocaleDirection(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(locale.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr'
}

export async function buildSiteSettings(
  contentDir: string,
  site: SiteConfig,
  docs: {slugById: Map<string, string>; titleById: Map<string, string>},
  sidebars: VersionSidebars | undefined,
  images: AssetStore,
  log: DiagnosticLog,
  instances: Map<string, InstanceTargets> = new Map(),
): Promise<SanityDocument> {
  const file = site.configFile
  const theme = (name: string) => (locale: Locale) => `i18n/${i18nFolder(site, locale)}/docusaurus-theme-classic/${name}.json`
  const read = (fileFor: (locale: Locale) => string) => readLabelTranslations(contentDir, site.defaultLocale, site.locales, fileFor, log)
  const navbarTranslations = await read(theme('navbar'))
  const footerTranslations = await read(theme('footer'))
  const barTranslations = await read(theme('announcement-bar'))
  const codeTranslations = await read((locale) => `i18n/${i18nFolder(site, locale)}/code.json`)
  const blogTranslations = await read((locale) => `i18n/${i18nFolder(site, locale)}/docusaurus-plugin-content-blog/options.json`)
  const context: SettingsContext = {
    site,
    file,
    navbar: navbarTranslations,
    footer: footerTranslations,
    docSlugById: docs.slugById,
    docTitleById: docs.titleById,
    sidebars,
    instances,
    log,
  }
  const {config, themeConfig} = site
  const navbar = isRecord(themeConfig.navbar) ? themeConfig.navbar : {}
  const footer = isRecord(themeConfig.footer) ? themeConfig.footer : {}
  if (typeof config.title !== 'string') log.error({file, field: 'title', message: 'is required'})
  if (typeof config.url !== 'string') log.error({file, field: 'url', message: 'is required'})
  const settings: ImportedSiteSettings = {
    _id: SITE_SETTINGS_ID,
    _type: 'siteSettings',
    title: typeof config.title === 'string' ? config.title : '',
    url: typeof config.url === 'string' ? config.url : '',
    defaultLocale: site.defaultLocale,
    // Where the docs are served, as the studio writes it: "/" for the site root.
    docsPath: site.docsPath === '' ? '/' : site.docsPath,
  }
  if (typeof config.tagline === 'string' && config.tagline) settings.tagline = localeString(config.tagline, TAGLINE_MESSAGE_ID, codeTranslations)
  if (typeof site.docsOptions.editUrl === 'string') settings.editUrl = site.docsOptions.editUrl
  else if (typeof site.docsOptions.editUrl === 'function')
    log.warn({file, field: 'docs.editUrl', message: 'is a function: "Edit this page" links are not imported'})
  if (typeof footer.copyright === 'string') settings.copyright = localeString(footer.copyright, 'copyright', footerTranslations)
  if (typeof navbar.title === 'string') settings.navbarTitle = navbar.title
  if (typeof config.favicon === 'string') settings.favicon = `/${config.favicon.replace(/^\/+/, '')}`
  const logo = isRecord(navbar.logo) ? navbarLogo(navbar.logo, images, file, log) : undefined
  if (logo) settings.logo = logo
  if (logo && typeof logo.alt === 'string' && logo.alt)
    reportUntranslatable(navbarTranslations, 'logo.alt', logo.alt, theme('navbar'), log, 'the alternative text of the navbar logo')
  settings.navbarItems = asList(navbar.items).flatMap((item, index) => navbarItem(item, context, `themeConfig.navbar.items[${index}]`, false))
  settings.footerLinks = footerGroups(footer.links, context)
  if (isRecord(footer.logo)) log.warn({file, field: 'themeConfig.footer.logo', message: 'the footer logo is not part of the site settings; not shown'})
  const bar = isRecord(themeConfig.announcementBar) ? announcementBar(themeConfig.announcementBar, barTranslations) : undefined
  if (bar) settings.announcementBar = bar
  const mode = isRecord(themeConfig.colorMode) ? themeConfig.colorMode : {}
  settings.colorMode = {
    defaultMode: mode.defaultMode === 'dark' ? 'dark' : 'light',
    // Docusaurus follows the system only when asked to.
    respectPrefersColorScheme: mode.respectPrefersColorScheme === true,
    ...(mode.disableSwitch === true ? {disableSwitch: true} : {}),
  }
  settings.locales = localeConfigs(site)
  settings.blog = {
    ...(site.blogPath !== undefined && site.blogPath !== 'blog' ? {path: site.blogPath === '' ? '/' : site.blogPath} : {}),
    ...blogSettings(site.blogOptions, blogTranslations),
  }
  if (site.blogOptions.blogSidebarCount === 'ALL') {
    // The content model holds a number of posts; "all" has no value of its own there yet.
    log.warn({
      file,
      field: 'blog.blogSidebarCount',
      message: `is 'ALL' (every post in the blog sidebar): the site settings hold a number of posts, so the sidebar shows the ${String((settings.blog as {sidebarCount: number}).sidebarCount)} most recent; change "Posts in the sidebar" in the studio`,
    })
  }
  const search = searchSettings(themeConfig)
  if (search) settings.search = search
  settings.linkChecks = linkChecks(config)
  return settings
}

/** What the build does about broken links, markdown links and anchors, with Docusaurus's defaults. */
function linkChecks(config: ConfigRecord): Record<string, string> {
  const level = (value: unknown, fallback: string) => (value === 'ignore' || value === 'log' || value === 'warn' || value === 'throw' ? value : fallback)
  const markdown = isRecord(config.markdown) && isRecord(config.markdown.hooks) ? config.markdown.hooks : {}
  return {
    onBrokenLinks: level(config.onBrokenLinks, 'throw'),
    onBrokenAnchors: level(config.onBrokenAnchors, 'warn'),
    onBrokenMarkdownLinks: level(markdown.onBrokenMarkdownLinks ?? config.onBrokenMarkdownLinks, 'warn'),
  }
}

function navbarLogo(logo: ConfigRecord, images: AssetStore, file: string, log: DiagnosticLog): Item | undefined {
  if (typeof logo.src !== 'string') return undefined
  const light = images.image(logo.src, file)
  if ('problem' in light) {
    log.warn({file, field: 'themeConfig.navbar.logo.src', message: light.problem})
    return undefined
  }
  const dark = typeof logo.srcDark === 'string' ? images.image(logo.srcDark, file) : undefined
  if (dark && 'problem' in dark) log.warn({file, field: 'themeConfig.navbar.logo.srcDark', message: dark.problem})
  return {
    _type: 'themedImage',
    ...imageFields('light', light),
    ...(dark && !('problem' in dark) ? imageFields('dark', dark) : {}),
    alt: typeof logo.alt === 'string' ? logo.alt : '',
    ...(typeof logo.width === 'number' || typeof logo.width === 'string' ? {width: String(logo.width)} : {}),
    ...(typeof logo.height === 'number' || typeof logo.height === 'string' ? {height: String(logo.height)} : {}),
  }
}

/** An image value as a themedImage's fields: an uploaded image, or the address of a remote one. */
export function imageFields(which: 'light' | 'dark', image: {_type: 'image'; _sanityAsset: string} | {url: string}): Record<string, unknown> {
  return 'url' in image ? {[`${which}Url`]: image.url} : {[which]: image}
}

function position(item: ConfigRecord): {position?: string} {
  return item.position === 'right' || item.position === 'left' ? {position: item.position} : {}
}

function className(item: ConfigRecord): {className?: string} {
  return typeof item.className === 'string' && item.className ? {className: item.className} : {}
}

function navLabel(label: string, context: SettingsContext) {
  return localeString(label, `item.label.${label}`, context.navbar)
}

/** Text of an HTML label (`html` instead of `label` on a link). */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

function navbarItem(raw: unknown, context: SettingsContext, field: string, insideDropdown: boolean): Item[] {
  const {log, file} = context
  if (!isRecord(raw)) {
    log.error({file, field, message: `expected a navbar item, got ${JSON.stringify(raw)}`})
    return []
  }
  // An item with sub-items and no type is a dropdown, as in Docusaurus.
  const type = typeof raw.type === 'string' ? raw.type : Array.isArray(raw.items) ? 'dropdown' : 'default'
  const label = typeof raw.label === 'string' ? raw.label : undefined
  const leaves = (list: unknown, name: string) => asList(list).flatMap((item, index) => navbarItem(item, context, `${field}.${name}[${index}]`, true))
  const pluginId =
    (type === 'docSidebar' || type === 'doc') && typeof raw.docsPluginId === 'string' && raw.docsPluginId !== 'default' ? raw.docsPluginId : undefined
  if (pluginId !== undefined) {
    // An item of a second docs instance: a link to the page its doc was imported as.
    const targets = context.instances.get(pluginId)
    const name = type === 'docSidebar' ? (typeof raw.sidebarId === 'string' ? raw.sidebarId : '') : typeof raw.docId === 'string' ? raw.docId : ''
    const to = type === 'docSidebar' ? targets?.sidebars.get(name) : targets?.docs.get(name)
    if (!to) {
      log.error({
        file,
        field,
        message: `${type} item "${label ?? name}": ${targets ? `no ${type === 'docSidebar' ? 'sidebar' : 'doc'} "${name}" with a doc in the docs instance "${pluginId}"` : `no docs plugin instance with id "${pluginId}" (docsPluginId)`}`,
      })
      return []
    }
    return linkItem({...raw, to, label: label ?? (type === 'doc' ? name : undefined)}, context, context.navbar, 'item.label.', field).map((item) => ({
      ...item,
      ...position(raw),
    }))
  }
  switch (type) {
    case 'dropdown':
      if (insideDropdown) break
      return [{_type: 'navDropdown', label: navLabel(label ?? '', context), ...position(raw), ...className(raw), items: leaves(raw.items, 'items')}]
    case 'docSidebar': {
      const sidebarId = typeof raw.sidebarId === 'string' ? raw.sidebarId : ''
      const docSlug = context.sidebars?.firstDocSlug.get(sidebarId)
      if (!docSlug) {
        log.error({file, field, message: `docSidebar item "${label ?? sidebarId}": no sidebar "${sidebarId}" with a doc in the latest version`})
        return []
      }
      return [{_type: 'navDocLink', label: navLabel(label ?? sidebarId, context), docSlug, sidebarId, ...position(raw), ...className(raw)}]
    }
    case 'doc': {
      const docId = typeof raw.docId === 'string' ? raw.docId : ''
      const docSlug = context.docSlugById.get(docId)
      if (!docSlug) {
        log.error({file, field, message: `doc item "${label ?? docId}": no doc "${docId}" in the latest version`})
        return []
      }
      return [{_type: 'navDocLink', label: navLabel(label ?? context.docTitleById.get(docId) ?? docId, context), docSlug, ...position(raw), ...className(raw)}]
    }
    case 'docsVersion':
      return [{_type: 'navDocsVersionLink', ...(label ? {label: navLabel(label, context)} : {}), ...position(raw), ...className(raw)}]
    case 'html':
      if (typeof raw.value !== 'string') {
        log.error({file, field: `${field}.value`, message: 'an html item needs its HTML in value'})
        return []
      }
      return [{_type: 'navHtml', value: localeString(raw.value, `item.label.${raw.value}`, context.navbar), ...position(raw), ...className(raw)}]
    case 'docsVersionDropdown':
      if (insideDropdown) break
      return [
        {
          _type: 'navVersionDropdown',
          ...position(raw),
          itemsBefore: leaves(raw.dropdownItemsBefore, 'dropdownItemsBefore'),
          extraItems: leaves(raw.dropdownItemsAfter, 'dropdownItemsAfter'),
        },
      ]
    case 'localeDropdown':
      if (insideDropdown) break
      return [
        {
          _type: 'navLocaleDropdown',
          ...position(raw),
          itemsBefore: leaves(raw.dropdownItemsBefore, 'dropdownItemsBefore'),
          itemsAfter: leaves(raw.dropdownItemsAfter, 'dropdownItemsAfter'),
        },
      ]
    case 'search':
      if (insideDropdown) break
      return [{_type: 'navSearch', ...position(raw)}]
    case 'default':
      return linkItem(raw, context, context.navbar, 'item.label.', field).map((item) => ({...item, ...position(raw)}))
    default:
      if (type.startsWith('custom-')) {
        log.warn({file, field, message: `navbar item of type "${type}" is a component of the site's theme, which cannot be imported; not shown`})
        return []
      }
      break
  }
  log.warn({file, field, message: `navbar item of type "${type}"${insideDropdown ? ' inside a dropdown' : ''} is not one Docusaurus accepts there; not shown`})
  return []
}

/**
 * Docusaurus's `pathname://` marks a link to a plain file of the site that its router must not
 * handle (`pathname:///files/x.txt`): on this site every static file is a plain file, so it is the path.
 */
export function withoutPathnameProtocol(href: string): string {
  return href.replace(/^pathname:\/\//i, '') || '/'
}

function linkItem(raw: ConfigRecord, context: SettingsContext, translations: LabelTranslations, keyPrefix: string, field: string): Item[] {
  const given =
    typeof raw.href === 'string'
      ? raw.href
      : typeof raw.to === 'string'
        ? /^[a-z][a-z0-9+.-]*:/i.test(raw.to) || raw.to.startsWith('/')
          ? raw.to
          : `/${raw.to}`
        : undefined
  const href = given === undefined ? undefined : withoutPathnameProtocol(given)
  const text = typeof raw.label === 'string' ? raw.label : typeof raw.html === 'string' ? htmlText(raw.html) : undefined
  const ariaLabel = typeof raw['aria-label'] === 'string' ? raw['aria-label'] : undefined
  if (!href) {
    context.log.error({file: context.file, field, message: `a link needs a to or an href: ${JSON.stringify(raw)}`})
    return []
  }
  const scheme = refusedScheme(href)
  if (scheme) {
    context.log.warn({
      file: context.file,
      field,
      message: `link with the scheme "${scheme}:" refused (${href}): only http, https, mailto, tel and site paths are links; the item is left out`,
    })
    return []
  }
  if (!text && !ariaLabel) {
    context.log.warn({file: context.file, field, message: `a link without label or aria-label (${href}): its address is its accessible name`})
  }
  const activeBase = typeof raw.activeBasePath === 'string' ? `/${raw.activeBasePath.replace(/^\/+/, '')}` : undefined
  return [
    {
      _type: 'navLink',
      ...(text ? {label: localeString(text, `${keyPrefix}${text}`, translations)} : {}),
      href,
      ...(ariaLabel
        ? {ariaLabel: localeString(ariaLabel, `${keyPrefix}${ariaLabel}`, translations)}
        : !text
          ? {ariaLabel: localeString(href, href, noTranslations(context.site.defaultLocale))}
          : {}),
      ...(activeBase ? {activeBasePath: activeBase} : {}),
      ...className(raw),
    },
  ]
}

/** Footer links: groups of `{title, items}`, or one untitled group for a simple footer's flat list. */
function footerGroups(raw: unknown, context: SettingsContext): Item[] {
  const list = asList(raw)
  const grouped = list.every((entry) => isRecord(entry) && Array.isArray(entry.items))
  const groups = grouped ? list : list.length > 0 ? [{items: list}] : []
  return groups.flatMap((group, index) => {
    const field = grouped ? `themeConfig.footer.links[${index}]` : 'themeConfig.footer.links'
    if (!isRecord(group)) {
      context.log.error({file: context.file, field, message: 'expected {title, items}'})
      return []
    }
    const items = asList(group.items).flatMap((item, itemIndex): Item[] => {
      if (isRecord(item) && typeof item.html === 'string' && item.href === undefined && item.to === undefined) {
        return [{_type: 'navHtml', value: localeString(item.html, `link.item.html.${item.html}`, context.footer)}]
      }
      return isRecord(item) ? linkItem(item, context, context.footer, 'link.item.label.', `${field}.items[${itemIndex}]`) : []
    })
    return [
      {
        _type: 'footerLinkGroup',
        ...(typeof group.title === 'string' ? {title: localeString(group.title, `link.title.${group.title}`, context.footer)} : {}),
        items,
      },
    ]
  })
}

/**
 * Docusaurus's bar content is HTML, kept as it is (the site shows it sanitized, links and text in
 * their order). Explicit `linkLabel`/`linkHref` keys (an extension of content/README.md) add a link after it.
 */
function announcementBar(bar: ConfigRecord, translations: LabelTranslations): Item | undefined {
  if (typeof bar.content !== 'string') return undefined
  return {
    _type: 'announcementBar',
    id: typeof bar.id === 'string' ? bar.id : 'announcement-bar',
    enabled: true,
    content: localeString(bar.content, 'content', translations),
    ...(typeof bar.linkLabel === 'string' ? {linkLabel: localeString(bar.linkLabel, 'linkLabel', translations)} : {}),
    ...(typeof bar.linkHref === 'string' ? {linkHref: bar.linkHref} : {}),
    ...(typeof bar.backgroundColor === 'string' ? {backgroundColor: hexColour(bar.backgroundColor)} : {}),
    ...(typeof bar.textColor === 'string' ? {textColor: hexColour(bar.textColor)} : {}),
    isCloseable: bar.isCloseable !== false,
  }
}

/**
 * A CSS colour as the hex code the settings hold: Docusaurus takes any CSS colour (Arbitrum's bar writes `white`), a
 * name, rgb() or hsl() among them. One that is no colour is kept as written, and the dataset check names the field.
 */
function hexColour(value: string): string {
  const colour = parseColour(value)
  return colour ? toHex(colour) : value
}

/** Every locale of the i18n config with Docusaurus's defaults; the URL prefix of a locale is its code. */
function localeConfigs(site: SiteConfig): Item[] {
  const i18n = isRecord(site.config.i18n) ? site.config.i18n : {}
  const configs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {}
  return site.locales.map((locale) => {
    const own = isRecord(configs[locale]) ? configs[locale] : {}
    return {
      _type: 'localeConfig',
      _key: locale,
      code: locale,
      label: typeof own.label === 'string' ? own.label : defaultLocaleLabel(locale),
      direction: own.direction === 'rtl' || own.direction === 'ltr' ? own.direction : defaultLocaleDirection(locale),
      htmlLang: typeof own.htmlLang === 'string' ? own.htmlLang : locale,
      calendar: typeof own.calendar === 'string' ? own.calendar : 'gregory',
      path: locale === site.defaultLocale ? '' : locale,
    }
  })
}

function blogSettings(blog: ConfigRecord, translations: LabelTranslations): Record<string, unknown> {
  // A title or description translated in options.json but not set in the config translates
  // Docusaurus's default for it ('Blog' for both): kept, with that default in the default locale.
  const translated = (key: string) => [...translations.messages.values()].some((messages) => messages.has(key))
  const text = (value: unknown, key: string) => (typeof value === 'string' ? value : translated(key) ? 'Blog' : undefined)
  const title = text(blog.blogTitle, 'title')
  const description = text(blog.blogDescription, 'description')
  return {
    postsPerPage: typeof blog.postsPerPage === 'number' ? blog.postsPerPage : 10,
    sidebarCount: typeof blog.blogSidebarCount === 'number' ? blog.blogSidebarCount : 5,
    showReadingTime: blog.showReadingTime !== false,
    ...(title !== undefined ? {title: localeString(title, 'title', translations)} : {}),
    ...(description !== undefined ? {description: localeString(description, 'description', translations)} : {}),
  }
}

function searchSettings(themeConfig: ConfigRecord): Record<string, unknown> | undefined {
  const search = isRecord(themeConfig.algolia) ? themeConfig.algolia : isRecord(themeConfig.typesense) ? themeConfig.typesense : undefined
  if (!search) return undefined
  return {
    contextualSearch: search.contextualSearch !== false,
    ...(typeof search.searchPagePath === 'string' ? {searchPagePath: search.searchPagePath} : {}),
    ...(typeof search.indexName === 'string'
      ? {indexName: search.indexName}
      : typeof search.typesenseCollectionName === 'string'
        ? {indexName: search.typesenseCollectionName}
        : {}),
  }
}

/** Doc id → slug and title in the latest version, for navbar `doc` items. */
export function latestDocIndex(
  site: SiteConfig,
  docs: ReadonlyArray<{version: {isLast: boolean}; locale: string; docId: string; slug: string; title?: string}>,
) {
  const latest = docs.filter((doc) => doc.version.isLast && doc.locale === site.defaultLocale)
  return {
    slugById: new Map(latest.map((doc) => [doc.docId, doc.slug])),
    titleById: new Map(latest.flatMap((doc) => (doc.title ? [[doc.docId, doc.title] as const] : []))),
  }
}
