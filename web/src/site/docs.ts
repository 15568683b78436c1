/**
 * Docs: which doc routes exist, the sidebar of a version converted for the UI (labels in the
 * locale, links resolved to URLs), previous/next (a doc's own links, else the sidebar order) and
 * breadcrumbs, and the data of one doc page. Unlisted docs are reachable, never listed: the
 * sidebar shows one only while it is being read, and no previous/next link or card leads to it.
 */
import type {Locale} from '@site/schemas/model'
import {docQuery, docsNavigationQuery, sidebarsQuery} from '@site/schemas/queries'
import type {DocQueryResult, LocaleString, LocaleText} from '@site/schemas/types'
import {fetchContent} from '@site/content-source/source'
import {loadRoutingTable} from './routing-table-loader'
import {docTarget, localizeHref, routeUrl, type Route} from '@site/schemas/routing'
import {pickLabel, type SiteContext, type VersionInfo} from './context'
import {oncePerKey} from '@site/content-source/once'

/** A card of a sidebar category's page list (`<DocCardList />`, a generated index). */
export interface DocCard {
  label: string
  href: string
  /** A category's card counts its items. */
  items?: number
  description?: string
}

export type SidebarItem =
  | {
      type: 'category'
      key: string
      label: string
      href: string | null
      collapsed: boolean
      className: string | null
      items: SidebarItem[]
      generated: GeneratedIndex | null
      unlisted: boolean
    }
  | {type: 'doc'; key: string; label: string; href: string; slug: string; className: string | null; unlisted: boolean}
  | {type: 'link'; key: string; label: string; href: string; className: string | null}
  | {type: 'html'; key: string; value: string; className: string | null}

/** A category's own page listing its items as cards (Docusaurus's generated index). */
export interface GeneratedIndex {
  slug: string
  title: string
  description: string | null
}

export interface DocLink {
  label: string
  href: string
}

/** The route of a doc: the version home for the version's main doc. */
export function docRoute(locale: Locale, version: VersionInfo, slug: string): Route {
  return {locale, ...docTarget(version, slug)}
}

export function docHref(context: SiteContext, version: VersionInfo, slug: string): string {
  return routeUrl(context.routing, docRoute(context.locale, version, slug))
}

/** The version a "doc link" of the navbar opens: the one being read when it has the doc, else the latest. */
export function docLinkVersion(context: SiteContext, reading: VersionInfo, slug: string): VersionInfo {
  if (context.docSlugs.get(reading.path)?.has(slug)) return reading
  return context.latest
}

interface RawSidebarItem {
  _key: string
  _type: 'sidebarCategory' | 'sidebarDoc' | 'sidebarHtml' | 'sidebarLink'
  label: LocaleString | null
  href: string | null
  value: LocaleString | null
  collapsed: boolean | null
  className: string | null
  /** Its description: translated (localeText), or one string in datasets written before descriptions were translated. */
  generatedIndex: {slug: string | null; title: LocaleString | null; description: LocaleText | string | null} | null
  docSlug: string | null
  linkDocSlug: string | null
  items?: readonly RawSidebarItem[] | null
}

export interface VersionSidebars {
  sidebars: Array<{id: string; items: SidebarItem[]}>
  /** Doc labels in the locale (sidebar label, else title), by slug. */
  docLabels: Map<string, string>
  /** Doc descriptions in the locale, by slug, for cards. */
  docDescriptions: Map<string, string>
  /** Slugs of the docs unlisted in the locale (the translation's flag where there is one). */
  unlisted: Set<string>
  /** How previous/next links name a doc that has a label for them (pagination_label), in the locale, by the doc's address. */
  paginationLabels: Map<string, string>
}

/** A version's sidebars in the context's locale, converted once per locale and version for all its pages. */
export const loadVersionSidebars = oncePerKey((context: SiteContext, version: VersionInfo) => `${context.locale}\u0000${version.path}`, convertVersionSidebars)

async function convertVersionSidebars(context: SiteContext, version: VersionInfo): Promise<VersionSidebars> {
  const [rows, docs] = await Promise.all([
    fetchContent(sidebarsQuery, {version: version.path}),
    fetchContent(docsNavigationQuery, {version: version.path, locale: context.locale, defaultLocale: (await loadRoutingTable()).locales.defaultLocale}),
  ])
  const docLabels = new Map<string, string>()
  const docDescriptions = new Map<string, string>()
  const unlisted = new Set<string>()
  const paginationLabels = new Map<string, string>()
  // Default-locale labels first, so that translated ones replace them.
  for (const doc of [...docs].sort((a, b) => Number(a.language === context.locale) - Number(b.language === context.locale))) {
    if (!doc.slug) continue
    docLabels.set(doc.slug, doc.sidebarLabel || doc.title || doc.slug)
    const href = docHref(context, version, doc.slug)
    if (doc.paginationLabel) paginationLabels.set(href, doc.paginationLabel)
    else paginationLabels.delete(href)
    if (doc.description) docDescriptions.set(doc.slug, doc.description)
    if (doc.unlisted) unlisted.add(doc.slug)
    else unlisted.delete(doc.slug)
  }
  const convert = (items: readonly RawSidebarItem[] | null | undefined): SidebarItem[] =>
    (items ?? []).flatMap((item): SidebarItem[] => {
      const className = item.className || null
      switch (item._type) {
        case 'sidebarCategory': {
          const label = pickLabel(item.label, context)
          const generated = item.generatedIndex?.slug
            ? {
                slug: item.generatedIndex.slug,
                title: pickLabel(item.generatedIndex.title, context) || label,
                description:
                  (typeof item.generatedIndex.description === 'string'
                    ? item.generatedIndex.description
                    : pickLabel(item.generatedIndex.description, context)) || null,
              }
            : null
          const href = item.linkDocSlug ? docHref(context, version, item.linkDocSlug) : generated ? docHref(context, version, generated.slug) : null
          return [
            {
              type: 'category',
              key: item._key,
              label,
              href,
              collapsed: item.collapsed === true,
              className,
              items: convert(item.items),
              generated,
              unlisted: item.linkDocSlug ? unlisted.has(item.linkDocSlug) : false,
            },
          ]
        }
        case 'sidebarDoc': {
          if (!item.docSlug) return []
          return [
            {
              type: 'doc',
              key: item._key,
              label: pickLabel(item.label, context) || docLabels.get(item.docSlug) || item.docSlug,
              href: docHref(context, version, item.docSlug),
              slug: item.docSlug,
              className,
              unlisted: unlisted.has(item.docSlug),
            },
          ]
        }
        case 'sidebarLink':
          return item.href
            ? [
                {
                  type: 'link',
                  key: item._key,
                  label: pickLabel(item.label, context),
                  href: localizeHref(context.routing.locales, item.href, context.locale),
                  className,
                },
              ]
            : []
        case 'sidebarHtml':
          return [{type: 'html', key: item._key, value: pickLabel(item.value, context), className}]
      }
    })
  return {sidebars: rows.map((row) => ({id: row.sidebarId || 'sidebar', items: convert(row.items)})), docLabels, docDescriptions, unlisted, paginationLabels}
}

/**
 * The sidebar items a reader sees on the page `currentHref`: unlisted docs are hidden unless they
 * are that page, and so is a category whose own doc is unlisted and that has nothing else to show.
 */
export function visibleSidebarItems(items: readonly SidebarItem[], currentHref: string): SidebarItem[] {
  return items.flatMap((item): SidebarItem[] => {
    if (item.type === 'doc') return item.unlisted && item.href !== currentHref ? [] : [item]
    if (item.type !== 'category') return [item]
    const children = visibleSidebarItems(item.items, currentHref)
    if (item.unlisted && item.href !== currentHref && children.length === 0) return []
    return [{...item, items: children}]
  })
}

/** The generated index pages of sidebars' categories, by slug. */
export function generatedIndexes(items: readonly SidebarItem[]): Map<string, Extract<SidebarItem, {type: 'category'}>> {
  const found = new Map<string, Extract<SidebarItem, {type: 'category'}>>()
  const visit = (list: readonly SidebarItem[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue
      if (item.generated) found.set(item.generated.slug, item)
      visit(item.items)
    }
  }
  visit(items)
  return found
}

/** The cards of sidebar items (a category's): docs with their description, sub-categories with their count. */
export function categoryCards(items: readonly SidebarItem[], descriptions: ReadonlyMap<string, string>): DocCard[] {
  return items.flatMap((item): DocCard[] => {
    if (item.type === 'doc') {
      if (item.unlisted) return []
      const description = descriptions.get(item.slug)
      return [{label: item.label, href: item.href, ...(description ? {description} : {})}]
    }
    if (item.type === 'link') return [{label: item.label, href: item.href}]
    if (item.type === 'category') {
      const shown = item.items.filter((child) => !(child.type === 'doc' && child.unlisted))
      const href = (item.unlisted ? null : item.href) ?? flattenSidebar(item.items)[0]?.href
      return href && (shown.length > 0 || !item.unlisted) ? [{label: item.label, href, items: shown.length}] : []
    }
    return []
  })
}

/**
 * The items `<DocCardList />` shows on the page at `href`, as Docusaurus finds them: the innermost
 * category the page is in, as the category's own page or as one of its items (the first such path in
 * sidebar order, a category's own page before its items), else the sidebar's top level.
 */
export function cardListItems(items: readonly SidebarItem[], href: string): readonly SidebarItem[] {
  const innermost = (list: readonly SidebarItem[]): Extract<SidebarItem, {type: 'category'}> | null | undefined => {
    for (const item of list) {
      if (item.type === 'category') {
        if (item.href === href) return item
        const inner = innermost(item.items)
        // undefined: not in this category; null: in it, as one of its items (or deeper, outside any category).
        if (inner !== undefined) return inner ?? item
      } else if ((item.type === 'doc' || item.type === 'link') && item.href === href) return null
    }
    return undefined
  }
  return innermost(items)?.items ?? items
}

/** The doc links of a sidebar in reading order (category pages, then their items), unlisted docs left out. */
export function flattenSidebar(items: readonly SidebarItem[]): DocLink[] {
  return items.flatMap((item): DocLink[] => {
    if (item.type === 'doc') return item.unlisted ? [] : [{label: item.label, href: item.href}]
    if (item.type === 'category') return [...(item.href && !item.unlisted ? [{label: item.label, href: item.href}] : []), ...flattenSidebar(item.items)]
    return []
  })
}

/** A doc's own previous or next link as queried: another doc, or none; null when it has none of its own. */
export interface PaginationOverride {
  mode: string | null
  slug: string | null
  version: string | null
}

/**
 * Previous or next of a doc as Docusaurus 3 gives it: the doc's own link when it has one (no link
 * for "none", none either when the doc it names is unlisted), else the neighbour in sidebar order;
 * an unlisted doc has no neighbours of its own in the sidebar. A link whose doc no longer exists
 * (deleted in the studio) falls back to the sidebar's order.
 */
export function paginationLink(
  override: PaginationOverride | null | undefined,
  sidebarNeighbour: DocLink | null,
  target: (slug: string, version: string | null) => {label: string; href: string; unlisted: boolean} | null,
): DocLink | null {
  if (!override?.mode) return sidebarNeighbour
  if (override.mode === 'none') return null
  const found = override.slug ? target(override.slug, override.version) : null
  if (!found) return sidebarNeighbour
  return found.unlisted ? null : {label: found.label, href: found.href}
}

/**
 * A previous/next link named as Docusaurus names it: the doc's own label for these links
 * (pagination_label) first, else the sidebar's label.
 */
export function withPaginationLabel(link: DocLink | null, labels: ReadonlyMap<string, string>): DocLink | null {
  const own = link ? labels.get(link.href) : undefined
  return link && own ? {...link, label: own} : link
}

/**
 * The sidebar a doc shows (Docusaurus's displayed_sidebar): none when the doc hides it, the one it
 * names (also when no sidebar lists the doc), else the first that lists it; none when no sidebar
 * lists it. A name of no sidebar (an editor's typo) is read as no name.
 */
export function displayedSidebar<S extends {id: string; items: readonly SidebarItem[]}>(
  sidebars: readonly S[],
  href: string,
  doc: {displayedSidebar?: string | null; hideSidebar?: boolean | null} | null,
): S | undefined {
  if (doc?.hideSidebar) return undefined
  const named = doc?.displayedSidebar ? sidebars.find((candidate) => candidate.id === doc.displayedSidebar) : undefined
  return named ?? sidebars.find((candidate) => sidebarTrail(candidate.items, href) !== null)
}

/** The categories leading to `href`, outermost first; null when the sidebar does not hold it. */
export function sidebarTrail(items: readonly SidebarItem[], href: string): Array<{label: string; href: string | null}> | null {
  for (const item of items) {
    if (item.type === 'doc' && item.href === href) return []
    if (item.type === 'category') {
      if (item.href === href) return []
      const inner = sidebarTrail(item.items, href)
      if (inner) return [{label: item.label, href: item.href}, ...inner]
    }
  }
  return null
}

export type DocContent = NonNullable<DocQueryResult>

export interface DocPageData {
  /** The doc; null on a category's generated index page. */
  doc: DocContent | null
  generated: {title: string; description: string | null} | null
  /** The items of the category whose page this is, for `<DocCardList />` and generated index pages. */
  cards: DocCard[]
  version: VersionInfo
  href: string
  sidebar: SidebarItem[]
  previous: DocLink | null
  next: DocLink | null
  breadcrumbs: Array<{label: string; href: string | null}>
  /** The same page in the latest version, when this one is older and it exists there. */
  latestHref: string | null
}

export async function loadDocPage(context: SiteContext, versionPath: string, slug: string): Promise<DocPageData | null> {
  const version = context.versions.find((candidate) => candidate.path === versionPath)
  if (!version) return null
  const doc = await fetchContent(docQuery, {
    version: version.path,
    slug,
    locale: context.locale,
    defaultLocale: (await loadRoutingTable()).locales.defaultLocale,
  })
  const href = docHref(context, version, slug)
  const navigation = await loadVersionSidebars(context, version)
  const {sidebars, docDescriptions} = navigation
  const generated = doc ? null : (sidebars.map((candidate) => generatedIndexes(candidate.items).get(slug)).find(Boolean) ?? null)
  if (!doc && !generated?.generated) return null
  // A doc in no sidebar is shown without one, as in Docusaurus, unless it names one to show.
  const owner = displayedSidebar(sidebars, href, doc)
  const sidebar = owner?.items ?? []
  const order = flattenSidebar(sidebar)
  // An unlisted doc is not in the reading order: it has no sidebar neighbours.
  const index = order.findIndex((link) => link.href === href)
  // The docs a doc's own previous/next links name: of its version (what the importer writes), or of another one an editor chose.
  const targetVersions = new Map<string, VersionSidebars>([[version.path, navigation]])
  for (const override of [doc?.paginationPrev, doc?.paginationNext]) {
    const other = override?.version ? context.versions.find((candidate) => candidate.path === override.version) : undefined
    if (other && !targetVersions.has(other.path)) targetVersions.set(other.path, await loadVersionSidebars(context, other))
  }
  const target = (targetSlug: string, targetVersion: string | null) => {
    const inVersion = context.versions.find((candidate) => candidate.path === (targetVersion ?? version.path))
    const docs = inVersion ? targetVersions.get(inVersion.path) : undefined
    if (!inVersion || !docs || !context.docSlugs.get(inVersion.path)?.has(targetSlug)) return null
    const targetHref = docHref(context, inVersion, targetSlug)
    return {
      label: docs.paginationLabels.get(targetHref) ?? docs.docLabels.get(targetSlug) ?? targetSlug,
      href: targetHref,
      unlisted: docs.unlisted.has(targetSlug),
    }
  }
  let latestHref: string | null = null
  // A docs set of its own (community docs) has no latest version to point to.
  if (!version.isLast && version.docsPath === null) {
    latestHref = context.docSlugs.get(context.latest.path)?.has(slug)
      ? docHref(context, context.latest, slug)
      : routeUrl(context.routing, {kind: 'docsHome', locale: context.locale, version: context.latest.path})
  }
  return {
    doc,
    generated: generated?.generated ? {title: generated.generated.title, description: generated.generated.description} : null,
    cards: categoryCards(generated ? generated.items : cardListItems(sidebar, href), docDescriptions),
    version,
    href,
    sidebar: visibleSidebarItems(sidebar, href),
    previous: paginationLink(doc?.paginationPrev, withPaginationLabel(index > 0 ? (order[index - 1] ?? null) : null, navigation.paginationLabels), target),
    next: paginationLink(doc?.paginationNext, withPaginationLabel(index !== -1 ? (order[index + 1] ?? null) : null, navigation.paginationLabels), target),
    breadcrumbs: sidebarTrail(sidebar, href) ?? [],
    latestHref,
  }
}
