/**
 * What routing needs to know of the content, read once per process: the site's locales and where
 * its docs are served (from the site settings), the docs version paths, whether the site has a
 * changelog of release documents, and the pages' paths.
 * Entry points `await loadRoutingTable()` (routing-table-loader.ts); after that routing, a pure and synchronous module, reads it
 * with `routingTable()`/`localeTable()`. A site with other locales or versions needs no change of code.
 */
import {blogPathOf, docsPathOf, type LocaleTable, localeTableFrom, type VersionAddress, versionSegment} from '@site/schemas/model'
import type {RoutingTableQueryResult} from '@site/schemas/types'

export interface RoutingTable {
  locales: LocaleTable
  /** Where the docs are served: "docs" for /docs/ (the default), "" for the site root, as Docusaurus's `routeBasePath`. */
  docsPath: string
  /** Where the blog is served: "blog" for /blog/ (the default), "news", as the blog's `routeBasePath`. */
  blogPath: string
  /** The docs versions, newest first: identifier (v4, current, 1.0) and URL segment ('' for the version at the docs' root). */
  versions: readonly RoutedVersion[]
  /** Whether /docs/<latest>/changelog/ lists release documents (our extension of the Docusaurus layout). */
  changelog: boolean
  /** The paths of page documents: with docs at the site root, a path that is a page's is the page, any other is a doc. */
  pagePaths: ReadonlySet<string>
}

let loaded: RoutingTable | null = null
let loading: Promise<RoutingTable> | null = null

/**
 * Loads the table once with `load` (the content source's query, see routing-table-loader.ts, kept
 * apart so that routing itself never pulls the server-only content source into tests or bundles).
 */
export function loadOnce(load: () => Promise<RoutingTableQueryResult>): Promise<RoutingTable> {
  loading ??= load().then((result) => {
    const table = toRoutingTable(result)
    loaded = table
    return table
  })
  return loading
}

/** The table loaded by loadRoutingTable(); using routes before it is loaded is a programming error. */
export function routingTable(): RoutingTable {
  if (!loaded) throw new Error('The routing table is not loaded yet: await loadRoutingTable() at the entry point')
  return loaded
}

export function localeTable(): LocaleTable {
  return routingTable().locales
}

/** Sets the table directly: for tests and tools that already hold the content. */
export function setRoutingTable(table: RoutingTable): void {
  loaded = table
  loading = Promise.resolve(table)
}

export interface RoutedVersion {
  path: string
  segment: string
}

/** The routed versions of a list of identifiers and URL paths. */
export function routedVersions(versions: readonly (VersionAddress | string)[]): RoutedVersion[] {
  return versions.map((version) => (typeof version === 'string' ? {path: version, segment: version} : {path: version.path, segment: versionSegment(version)}))
}

export function toRoutingTable(result: RoutingTableQueryResult): RoutingTable {
  if (!result.settings) throw new Error('The dataset has no siteSettings document (_id "siteSettings"): run the importer first')
  const docsPath = docsPathOf(result.settings.docsPath)
  return {
    locales: localeTableFrom(result.settings),
    docsPath,
    blogPath: blogPathOf(result.settings.blogPath),
    versions: routedVersions(result.versions.flatMap((version) => (typeof version?.path === 'string' ? [{path: version.path, urlPath: version.urlPath ?? null}] : []))),
    changelog: result.hasReleases === true,
    pagePaths: new Set((result.pagePaths ?? []).filter((path): path is string => typeof path === 'string')),
  }
}

/** Whether the site's home is a docs version's main doc (docs at the site root with a version served there), not the home page document. */
export function homeIsDocs(table: RoutingTable): boolean {
  return table.docsPath === '' && table.versions.some((version) => version.segment === '')
}
