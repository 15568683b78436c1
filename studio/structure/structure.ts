/**
 * The studio's sidebar: Docs → version → locale → docs in sidebar order; Blog, Changelog, Pages,
 * Home page and Interface strings per locale; Site settings and the Theme as singletons; the translation status
 * view; the remaining types (versions, sidebars, authors).
 */
import {SITE_SETTINGS_ID, THEME_ID} from '@site/schemas'
import {type Locale, type LocaleTable, SANITY_API_VERSION} from '@site/schemas/model'
import type {ListItemBuilder, StructureBuilder, StructureResolver} from 'sanity/structure'
import {TranslationStatusView} from '../translation/translation-status-view'
import {fetchLocaleTable, localeTitle} from '../locales'
import {type OrderDoc, type OrderSidebar, sidebarOrder} from './sidebar-order'

export const STRUCTURE_API_VERSION = SANITY_API_VERSION

/** Answers GROQ: the studio's client, or a stand-in in tests. */
export type StructureFetch = <R>(query: string, params?: Record<string, unknown>) => Promise<R>

/** Types with a place of their own in the structure, left out of the "Other" group. */
const PLACED_TYPES = new Set([
  'doc',
  'blogPost',
  'release',
  'page',
  'homePage',
  'uiStrings',
  'siteSettings',
  'theme',
  'translation.metadata',
  // The publish service's documents: shown by the Publishes tool.
  'publishStatus',
  'publishRequest',
])

interface VersionRow {
  path: string
  label: string | null
}

export const VERSIONS_QUERY = `*[_type == "docsVersion" && !(_id in path("drafts.**"))] | order(order asc) {path, label}`
export const VERSION_DOCS_QUERY = `*[_type == "doc" && version == $version && language in [$locale, $defaultLocale]]{_id, language, slug, title, sidebarPosition}`
export const VERSION_SIDEBARS_QUERY = `*[_type == "sidebar" && version == $version && !(_id in path("drafts.**"))]{sidebarId, items}`

/** Docs of one version and locale, in sidebar order, categories as dividers. */
export async function versionLocaleList(S: StructureBuilder, fetch: StructureFetch, version: VersionRow, locale: Locale, table: LocaleTable) {
  const [docs, sidebars] = await Promise.all([
    fetch<OrderDoc[]>(VERSION_DOCS_QUERY, {version: version.path, locale, defaultLocale: table.defaultLocale}),
    fetch<OrderSidebar[]>(VERSION_SIDEBARS_QUERY, {version: version.path}),
  ])
  const rows = sidebarOrder(sidebars, docs, locale, table.defaultLocale)
  return S.list()
    .id(`docs-${version.path}-${locale}`)
    .title(`${version.label ?? version.path} · ${localeTitle(table, locale)}`)
    .items(rows.map((row) => (row.kind === 'heading' ? S.divider().title(row.title) : S.documentListItem().id(row.id).schemaType('doc').title(row.title))))
}

function perLocale(
  S: StructureBuilder,
  fetch: StructureFetch,
  id: string,
  title: string,
  child: (locale: Locale, table: LocaleTable) => ReturnType<StructureBuilder['documentList']>,
): ListItemBuilder {
  return S.listItem()
    .id(id)
    .title(title)
    .child(async () => {
      const table = await fetchLocaleTable(fetch)
      return S.list()
        .id(id)
        .title(title)
        .items(table.locales.map((entry) => S.listItem().id(entry.code).title(entry.label).child(child(entry.code, table))))
    })
}

function typeInLocale(
  S: StructureBuilder,
  type: string,
  title: string,
  locale: Locale,
  table: LocaleTable,
  ordering: {field: string; direction: 'asc' | 'desc'}[],
) {
  return S.documentList()
    .id(`${type}-${locale}`)
    .title(`${title} · ${localeTitle(table, locale)}`)
    .schemaType(type)
    .filter('_type == $type && language == $locale')
    .params({type, locale})
    .defaultOrdering(ordering)
    .apiVersion(STRUCTURE_API_VERSION)
}

export function buildStructure(S: StructureBuilder, fetch: StructureFetch) {
  const docs = S.listItem()
    .id('docs')
    .title('Docs')
    .child(async () => {
      const [versions, table] = await Promise.all([fetch<VersionRow[]>(VERSIONS_QUERY), fetchLocaleTable(fetch)])
      return S.list()
        .id('docs')
        .title('Docs')
        .items(
          versions.map((version) =>
            S.listItem()
              .id(version.path)
              .title(version.label ?? version.path)
              .child(
                S.list()
                  .id(`docs-${version.path}`)
                  .title(version.label ?? version.path)
                  .items(
                    table.locales.map((entry) =>
                      S.listItem()
                        .id(entry.code)
                        .title(entry.label)
                        .child(() => versionLocaleList(S, fetch, version, entry.code, table)),
                    ),
                  ),
              ),
          ),
        )
    })
  return S.list()
    .title('Content')
    .items([
      docs,
      perLocale(S, fetch, 'blog', 'Blog', (locale, table) => typeInLocale(S, 'blogPost', 'Blog', locale, table, [{field: 'date', direction: 'desc'}])),
      perLocale(S, fetch, 'changelog', 'Changelog', (locale, table) =>
        typeInLocale(S, 'release', 'Changelog', locale, table, [{field: 'date', direction: 'desc'}]),
      ),
      perLocale(S, fetch, 'pages', 'Pages', (locale, table) => typeInLocale(S, 'page', 'Pages', locale, table, [{field: 'path', direction: 'asc'}])),
      perLocale(S, fetch, 'home', 'Home page', (locale, table) =>
        typeInLocale(S, 'homePage', 'Home page', locale, table, [{field: 'title', direction: 'asc'}]),
      ),
      perLocale(S, fetch, 'ui-strings', 'Interface strings', (locale, table) =>
        typeInLocale(S, 'uiStrings', 'Interface strings', locale, table, [{field: 'language', direction: 'asc'}]),
      ),
      S.divider(),
      S.listItem()
        .id('translation-status')
        .title('Translation status')
        .child(S.component(TranslationStatusView).id('translation-status').title('Missing and stale translations')),
      S.listItem().id(SITE_SETTINGS_ID).title('Site settings').child(S.document().schemaType('siteSettings').documentId(SITE_SETTINGS_ID)),
      // The site's look: colours of each colour mode, fonts, rules of the site's classes (one document, made on first edit).
      S.listItem().id(THEME_ID).title('Theme').child(S.document().schemaType('theme').documentId(THEME_ID)),
      S.divider(),
      ...S.documentTypeListItems().filter((item) => !PLACED_TYPES.has(item.getId() ?? '')),
    ])
}

/** The resolver for structureTool(): data from the workspace's client. */
export const structure: StructureResolver = (S, context) => {
  const client = context.getClient({apiVersion: STRUCTURE_API_VERSION})
  return buildStructure(S, (query, params) => client.fetch(query, params ?? {}))
}
