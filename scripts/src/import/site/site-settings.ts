/**
 * The siteSettings document from docusaurus.config.js: title, tagline, url, navbar, footer,
 * announcement bar, colour mode, locales, blog and search settings. Labels are localeStrings with
 * translations from i18n/<locale>/docusaurus-theme-classic/{navbar,footer,announcement-bar}.json.
 */
import {type Locale, SITE_SETTINGS_ID} from '@site/schemas'
import {CONFIG_FILE, asList, type ConfigRecord, latestVersion, type SiteConfig} from './site-config'
import type {DiagnosticLog} from '../diagnostics'
import {isRecord} from '../front-matter'
import type {SanityDocument} from './documents'
import {type LabelTranslations, localeString, readLabelTranslations} from './i18n-labels'
import type {ImageStore} from './resolvers'
import type {VersionSidebars} from './sidebars'

/** The id of the site tagline's translation in i18n/<locale>/code.json (`{"site.tagline": {"message": "…"}}`). */
export const TAGLINE_MESSAGE_ID = 'site.tagline'

interface SettingsContext {
  site: SiteConfig
  navbar: LabelTranslations
  footer: LabelTranslations
  docSlugById: Map<string, string>
  sidebars: VersionSidebars | undefined
  log: DiagnosticLog
}

type Item = Record<string, unknown> & {_type: string}

const LOCALE_DEFAULTS: Record<Locale, {label: string; htmlLang: string}> = {
  en: {label: 'English', htmlLang: 'en'},
  fr: {label: 'Français', htmlLang: 'fr'},
  'pt-br': {label: 'Português (Brasil)', htmlLang: 'pt-BR'},
  'zh-CN': {label: '简体中文', htmlLang: 'zh-CN'},
}

export async function buildSiteSettings(
  contentDir: string,
  site: SiteConfig,
  docSlugById: Map<string, string>,
  sidebars: VersionSidebars | undefined,
  images: ImageStore,
  log: DiagnosticLog,
): Promise<SanityDocument> {
  const others = site.locales.filter((locale) => locale !== site.defaultLocale)
  const theme = (name: string) => (locale: Locale) => `i18n/${locale}/docusaurus-theme-classic/${name}.json`
  const navbarTranslations = await readLabelTranslations(contentDir, others, theme('navbar'), log)
  const footerTranslations = await readLabelTranslations(contentDir, others, theme('footer'), log)
  const barTranslations = await readLabelTranslations(contentDir, others, theme('announcement-bar'), log)
  const codeTranslations = await readLabelTranslations(contentDir, others, (locale) => `i18n/${locale}/code.json`, log)
  const context: SettingsContext = {site, navbar: navbarTranslations, footer: footerTranslations, docSlugById, sidebars, log}
  const {config, themeConfig} = site
  const navbar = isRecord(themeConfig.navbar) ? themeConfig.navbar : {}
  const footer = isRecord(themeConfig.footer) ? themeConfig.footer : {}
  if (typeof config.title !== 'string') log.error({file: CONFIG_FILE, field: 'title', message: 'is required'})
  if (typeof config.url !== 'string') log.error({file: CONFIG_FILE, field: 'url', message: 'is required'})
  const settings: SanityDocument = {
    _id: SITE_SETTINGS_ID,
    _type: 'siteSettings',
    title: typeof config.title === 'string' ? config.title : '',
    url: typeof config.url === 'string' ? config.url : '',
  }
  if (typeof config.tagline === 'string') settings.tagline = localeString(config.tagline, TAGLINE_MESSAGE_ID, codeTranslations)
  if (typeof site.docsOptions.editUrl === 'string') settings.editUrl = site.docsOptions.editUrl
  if (typeof footer.copyright === 'string') settings.copyright = localeString(footer.copyright, 'copyright', footerTranslations)
  if (typeof navbar.title === 'string') settings.navbarTitle = navbar.title
  const logo = isRecord(navbar.logo) ? navbarLogo(navbar.logo, images, log) : undefined
  if (logo) settings.logo = logo
  settings.navbarItems = asList(navbar.items).flatMap((item) => navbarItem(item, context, false))
  settings.footerLinks = asList(footer.links).flatMap((group) => footerGroup(group, context))
  const bar = isRecord(themeConfig.announcementBar) ? announcementBar(themeConfig.announcementBar, barTranslations) : undefined
  if (bar) settings.announcementBar = bar
  if (isRecord(themeConfig.colorMode)) {
    const mode = themeConfig.colorMode
    settings.colorMode = {
      defaultMode: mode.defaultMode === 'dark' ? 'dark' : 'light',
      respectPrefersColorScheme: mode.respectPrefersColorScheme !== false,
    }
  }
  settings.locales = localeConfigs(site)
  settings.blog = blogSettings(site.blogOptions)
  const search = searchSettings(themeConfig)
  if (search) settings.search = search
  return settings
}

function navbarLogo(logo: ConfigRecord, images: ImageStore, log: DiagnosticLog): Item | undefined {
  if (typeof logo.src !== 'string') return undefined
  const light = images.resolve(logo.src, CONFIG_FILE)
  if ('problem' in light) {
    log.warn({file: CONFIG_FILE, field: 'themeConfig.navbar.logo.src', message: light.problem})
    return undefined
  }
  const dark = typeof logo.srcDark === 'string' ? images.resolve(logo.srcDark, CONFIG_FILE) : undefined
  if (dark && 'problem' in dark) log.warn({file: CONFIG_FILE, field: 'themeConfig.navbar.logo.srcDark', message: dark.problem})
  return {
    _type: 'themedImage',
    light,
    ...(dark && !('problem' in dark) ? {dark} : {}),
    alt: typeof logo.alt === 'string' ? logo.alt : '',
  }
}

function position(item: ConfigRecord): {position?: string} {
  return item.position === 'right' || item.position === 'left' ? {position: item.position} : {}
}

function navLabel(label: string, context: SettingsContext) {
  return localeString(label, `item.label.${label}`, context.navbar)
}

function navbarItem(raw: unknown, context: SettingsContext, insideDropdown: boolean): Item[] {
  const {log} = context
  if (!isRecord(raw)) return []
  const type = typeof raw.type === 'string' ? raw.type : 'default'
  const label = typeof raw.label === 'string' ? raw.label : undefined
  const field = 'themeConfig.navbar.items'
  switch (type) {
    case 'dropdown':
      if (insideDropdown) break
      return [
        {
          _type: 'navDropdown',
          label: navLabel(label ?? '', context),
          ...position(raw),
          items: asList(raw.items).flatMap((item) => navbarItem(item, context, true)),
        },
      ]
    case 'docSidebar': {
      const sidebarId = typeof raw.sidebarId === 'string' ? raw.sidebarId : ''
      const docSlug = context.sidebars?.firstDocSlug.get(sidebarId)
      if (!docSlug) {
        log.error({file: CONFIG_FILE, field, message: `docSidebar item "${label}": no sidebar "${sidebarId}" with a doc in the latest version`})
        return []
      }
      return [{_type: 'navDocLink', label: navLabel(label ?? sidebarId, context), docSlug, ...position(raw)}]
    }
    case 'doc': {
      const docId = typeof raw.docId === 'string' ? raw.docId : ''
      const docSlug = context.docSlugById.get(docId)
      if (!docSlug) {
        log.error({file: CONFIG_FILE, field, message: `doc item "${label}": no doc "${docId}" in the latest version`})
        return []
      }
      return [{_type: 'navDocLink', label: navLabel(label ?? docId, context), docSlug, ...position(raw)}]
    }
    case 'html':
      return typeof raw.value === 'string'
        ? [{_type: 'navHtml', value: localeString(raw.value, `item.label.${raw.value}`, context.navbar), ...position(raw)}]
        : []
    case 'docsVersionDropdown':
      if (insideDropdown) break
      return [
        {
          _type: 'navVersionDropdown',
          ...position(raw),
          extraItems: asList(raw.dropdownItemsAfter).flatMap((item) => linkItem(item, context)),
        },
      ]
    case 'localeDropdown':
      if (insideDropdown) break
      return [{_type: 'navLocaleDropdown', ...position(raw)}]
    case 'default':
      return linkItem(raw, context).map((item) => ({...item, ...position(raw)}))
    default:
      break
  }
  log.warn({file: CONFIG_FILE, field, message: `navbar item of type "${type}"${insideDropdown ? ' inside a dropdown' : ''} is not part of the content model; not imported`})
  return []
}

function linkItem(raw: unknown, context: SettingsContext, translations: LabelTranslations = context.navbar, keyPrefix = 'item.label.'): Item[] {
  if (!isRecord(raw)) return []
  const href = typeof raw.href === 'string' ? raw.href : typeof raw.to === 'string' ? (raw.to.startsWith('/') ? raw.to : `/${raw.to}`) : undefined
  const label = typeof raw.label === 'string' ? raw.label : undefined
  if (!href || !label) {
    context.log.error({file: CONFIG_FILE, message: `a link needs a label and a to or href: ${JSON.stringify(raw)}`})
    return []
  }
  return [{_type: 'navLink', label: localeString(label, `${keyPrefix}${label}`, translations), href}]
}

function footerGroup(raw: unknown, context: SettingsContext): Item[] {
  if (!isRecord(raw) || typeof raw.title !== 'string') {
    context.log.error({file: CONFIG_FILE, field: 'themeConfig.footer.links', message: 'each group needs a title and items'})
    return []
  }
  return [
    {
      _type: 'footerLinkGroup',
      title: localeString(raw.title, `link.title.${raw.title}`, context.footer),
      items: asList(raw.items).flatMap((item) => linkItem(item, context, context.footer, 'link.item.label.')),
    },
  ]
}

/**
 * Docusaurus's bar content is HTML; a single `<a href>` in it becomes the bar's link. Explicit
 * `linkLabel`/`linkHref` keys (an extension of content/README.md) take precedence.
 */
function announcementBar(bar: ConfigRecord, translations: LabelTranslations): Item | undefined {
  if (typeof bar.content !== 'string') return undefined
  const link = /<a\s[^>]*href=["']([^"']+)["'][^>]*>(.*?)<\/a>/i.exec(bar.content)
  const linkHref = typeof bar.linkHref === 'string' ? bar.linkHref : link?.[1]
  const linkLabel = typeof bar.linkLabel === 'string' ? bar.linkLabel : link?.[2]?.replace(/<[^>]+>/g, '')
  const content = (typeof bar.linkLabel === 'string' || !link ? bar.content : bar.content.replace(link[0], ''))
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return {
    _type: 'announcementBar',
    id: typeof bar.id === 'string' ? bar.id : 'announcement',
    enabled: true,
    content: localeString(content, 'content', translations),
    ...(linkLabel ? {linkLabel: localeString(linkLabel, 'linkLabel', translations)} : {}),
    ...(linkHref ? {linkHref} : {}),
    ...(typeof bar.backgroundColor === 'string' ? {backgroundColor: bar.backgroundColor} : {}),
    ...(typeof bar.textColor === 'string' ? {textColor: bar.textColor} : {}),
    isCloseable: bar.isCloseable !== false,
  }
}

function localeConfigs(site: SiteConfig): Item[] {
  const i18n = isRecord(site.config.i18n) ? site.config.i18n : {}
  const configs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {}
  return site.locales.map((locale) => {
    const own = isRecord(configs[locale]) ? configs[locale] : {}
    return {
      _type: 'localeConfig',
      code: locale,
      label: typeof own.label === 'string' ? own.label : LOCALE_DEFAULTS[locale].label,
      direction: own.direction === 'rtl' ? 'rtl' : 'ltr',
      htmlLang: typeof own.htmlLang === 'string' ? own.htmlLang : LOCALE_DEFAULTS[locale].htmlLang,
      calendar: typeof own.calendar === 'string' ? own.calendar : 'gregory',
      path: locale === site.defaultLocale ? '' : typeof own.path === 'string' ? own.path : locale,
    }
  })
}

function blogSettings(blog: ConfigRecord): Record<string, unknown> {
  return {
    postsPerPage: typeof blog.postsPerPage === 'number' ? blog.postsPerPage : 10,
    sidebarCount: typeof blog.blogSidebarCount === 'number' ? blog.blogSidebarCount : 10,
    showReadingTime: blog.showReadingTime !== false,
    ...(typeof blog.blogTitle === 'string' ? {title: localeString(blog.blogTitle, 'title')} : {}),
    ...(typeof blog.blogDescription === 'string' ? {description: localeString(blog.blogDescription, 'description')} : {}),
  }
}

function searchSettings(themeConfig: ConfigRecord): Record<string, unknown> | undefined {
  const search = isRecord(themeConfig.algolia) ? themeConfig.algolia : isRecord(themeConfig.typesense) ? themeConfig.typesense : undefined
  if (!search) return undefined
  const parameters = isRecord(search.typesenseCollectionName) ? {} : search
  return {
    contextualSearch: parameters.contextualSearch !== false,
    ...(typeof parameters.searchPagePath === 'string' ? {searchPagePath: parameters.searchPagePath} : {}),
    ...(typeof parameters.indexName === 'string'
      ? {indexName: parameters.indexName}
      : typeof parameters.typesenseCollectionName === 'string'
        ? {indexName: parameters.typesenseCollectionName}
        : {}),
  }
}

/** Doc id → slug in the latest version, for navbar `doc` items. */
export function latestDocSlugs(site: SiteConfig, docs: {version: {name: string}; locale: string; docId: string; slug: string}[]) {
  const latest = latestVersion(site)
  return new Map(
    docs.filter((doc) => doc.version.name === latest?.name && doc.locale === site.defaultLocale).map((doc) => [doc.docId, doc.slug]),
  )
}
