/**
 * What routing needs to know of the content, read once per process: the site's locales and where
 * its docs are served (from the site settings), the docs version paths, whether the site has a
 * changelog of release documents, and the pages' paths.
 * Entry points `await loadRoutingTable()` (routing-table-loader.ts); after that routing, a pure and synchronous module, reads it
 * with `routingTable()`/`localeTable()`. A site with other locales or versions needs no change of code.
 */
import {blogPathOf, docsPathOf, type LocaleTable, localeTableFrom, ownDocsPath, type VersionAddress, versionSegment} from '@site/schemas/model'
import type {RoutingTableQueryResult} from '@site/schemas/types'

export interface RoutingTable {
  locales: LocaleTable
  /** Where the docs are served: "docs" for /docs/ (the default), "" for the site root, as Docusaurus's `routeBasePath`. */
  docsPath: string
  /** Where the blog is served: "blog" for /blog/ (the default), "news", '' for the site root, as the blog's `routeBasePath`. */
  blogPath: string
  /** The docs versions, newest first: identifier (v4, current, 1.0) and URL segment ('' for the version at the docs' root). */
  versions: readonly RoutedVersion[]
  /** Whether /docs/<latest>/changelog/ lists release documents (our extension of the Docusaurus layout). */
  changelog: boolean
  /** The paths of page documents: with docs at the site root, a path that is a page's is the page, any other is a doc. */
  pagePaths: ReadonlySet<string>
  /** The versions (by identifier) whose docs have tags, which have tag pages under <version>/tags. */
  docTagVersions?: ReadonlySet<string>
}

export interface TableHolder {
  loaded: RoutingTable | null
  loading: Promise<RoutingTable> | null
}

const processTable: TableHolder = {loaded: null, loading: null}
let holder: () => TableHolder = () => processTable

/** Where the table is kept: the process by default; the preview server keeps one per request (see editing/preview-source.ts). */
export function keepRoutingTableIn(scope: () => TableHolder): void {
  holder = scope
}

/**
 * Loads the table once with `load` (the content source's query, see routing-table-loader.ts, kept
 * apart so that routing itself never pulls the server-only content source into tests or bundles).
 */
export function loadOnce(load: () => Promise<RoutingTableQueryResult>): Promise<RoutingTable> {
  const table = holder()
  table.loading ??= load().then((result) => {
    table.loaded = toRoutingTable(result)
    return table.loaded
  })
  return table.loading
}

/** The table loaded by loadRoutingTable(); using routes before it is loaded is a programming error. */
export function routingTable(): RoutingTable {
  const {loaded} = holder()
  if (!loaded) throw new Error('The routing table is not loaded yet: await loadRoutingTable() at the entry point')
  return loaded
}

export function localeTable(): LocaleTable {
  return routingTable().locales
}

/** Sets the table directly: for tests and tools that already hold the content. */
export function setRoutingTable(table: RoutingTable): void {
  const scoped = holder()
  scoped.loaded = table
  scoped.loading = Promise.resolve(table)
}

export interface RoutedVersion {
  path: string
  segment: string
  /** Set on a version of a docs set of its own (community docs): where that set is served instead of the site's docs path. */
  docsPath?: string
  /** False when the version has no main doc (no doc at `slug: /`): served at the site root, it then leaves the home to the home page, as Docusaurus leaves it to src/pages/index. */
  hasMainDoc?: boolean
}

/** The routed versions of a list of identifiers and URL paths. */
export function routedVersions(versions: readonly (VersionAddress | string)[]): RoutedVersion[] {
  return versions.map((version) => {
    if (typeof version === 'string') return {path: version, segment: version}
    const own = ownDocsPath(version)
    return {path: version.path, segment: versionSegment(version), ...(own === undefined ? {} : {docsPath: own})}
  })
}

/** A routed version as the model's address functions (versionBasePath, parseDocsAddress) read it. */
export function versionAddress(version: RoutedVersion): VersionAddress {
  return {path: version.path, urlPath: version.segment, docsPath: version.docsPath ?? null}
}

export function toRoutingTable(result: RoutingTableQueryResult): RoutingTable {
  if (!result.settings) throw new Error('The dataset has no siteSettings document (_id "siteSettings"): run the importer first')
  const docsPath = docsPathOf(result.settings.docsPath)
  return {
    locales: localeTableFrom(result.settings),
    docsPath,
    blogPath: blogPathOf(result.settings.blogPath),
    versions: result.versions.flatMap((version) =>
      typeof version?.path === 'string'
        ? routedVersions([{path: version.path, urlPath: version.urlPath ?? null, docsPath: version.docsPath ?? null}]).map((routed) =>
            version.hasMainDoc === false ? {...routed, hasMainDoc: false} : routed,
          )
        : [],
    ),
    changelog: result.hasReleases === true,
    pagePaths: new Set((result.pagePaths ?? []).filter((path): path is string => typeof path === 'string')),
    docTagVersions: new Set((result.docTagVersions ?? []).filter((version): version is string => typeof version === 'string')),
  }
}

/** Whether the site's home is the blog's first list page: the blog at the site root (Docusaurus's blog-only mode), the docs not. */
export function homeIsBlog(table: RoutingTable): boolean {
  return table.blogPath === '' && !homeIsDocs(table)
}

/** Whether the site's home is a docs version's main doc (docs at the site root with a version served there that has one), not the home page document. */
export function homeIsDocs(table: RoutingTable): boolean {
  return table.versions.some((version) => (version.docsPath ?? table.docsPath) === '' && version.segment === '' && version.hasMainDoc !== false)
}
