/**
 * What the server hands the search UI: the locale, the versions, the interface messages it shows
 * (raw, with their {placeholders}) and where to send readers. Plain data, serialized into the page.
 */
import type {UiMessageKey} from '@site/schemas'
import {type Locale, parseDocsAddress} from '@site/schemas/model'
import {contextualFacetFilters} from '@site/schemas/search'
import {formatPlural} from '@site/schemas/i18n/plural'

export const SEARCH_MESSAGE_KEYS = [
  'search.button',
  'search.placeholder',
  'search.clear',
  'search.cancel',
  'search.recent',
  'search.noRecent',
  'search.removeRecent',
  'search.errorTitle',
  'search.errorHelp',
  'search.noResults',
  'search.trySearching',
  'search.reportMissing',
  'search.reportLink',
  'search.seeAll',
  'search.toSelect',
  'search.toNavigate',
  'search.toClose',
  'search.pageTitle',
  'search.pageTitleEmpty',
  'search.resultCount',
  'search.loadingMore',
  'search.versionFacet',
  'search.allVersions',
  'search.dialogLabel',
] as const satisfies readonly UiMessageKey[]

export type SearchMessageKey = (typeof SEARCH_MESSAGE_KEYS)[number]

export interface SearchUiProps {
  locale: Locale
  /** The docs version filtered on outside docs pages (the latest). */
  latestVersion: string
  /** The docs versions: identifier, label and URL segment ('' for the version at the docs' root); docsPath for a docs set of its own (community docs). */
  versions: Array<{path: string; label: string; segment: string; docsPath?: string}>
  /** The locale's URL prefix (`/fr`; '' for the default locale). */
  localePrefix: string
  /** Where the docs are served ("docs"; '' for the site root), as the routing table says. */
  docsPath: string
  messages: Record<SearchMessageKey, string>
  /** Queries offered when nothing matches. */
  suggestions: string[]
  /** Where a reader reports a query that should have results. */
  reportUrl: string
  /** The search page of the locale (/fr/search). */
  searchPageUrl: string
  /** Filter by locale and version (site settings, on by default). */
  contextual: boolean
}

/** Fills {name} placeholders of a raw message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])))
}

/** The form of a "|"-separated plural message for `count`, the number formatted for the locale (the same choice as the server's, @site/schemas/i18n/plural). */
export function pluralForm(message: string, count: number, locale: Locale): string {
  return formatPlural(message, count, locale)
}

/**
 * The docs version a page is about, read from its path as the site's router reads it
 * (/fr/docs/v3/rooms/ → v3; /docs/rooms/ → the version served at the docs' root, if any), else the latest.
 */
export function contextVersion(pathname: string, props: Pick<SearchUiProps, 'versions' | 'latestVersion' | 'localePrefix' | 'docsPath'>): string {
  const local =
    props.localePrefix && (pathname === props.localePrefix || pathname.startsWith(`${props.localePrefix}/`))
      ? pathname.slice(props.localePrefix.length)
      : pathname
  const segments = local
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment)
      } catch {
        return segment
      }
    })
  const address = parseDocsAddress(
    segments,
    props.docsPath,
    props.versions.map((version) => ({path: version.path, urlPath: version.segment, docsPath: version.docsPath ?? null})),
  )
  return address?.version.path ?? props.latestVersion
}

/** The modal's filters on a page: the locale, and the docs version read (the latest elsewhere) unless contextual search is off. */
export function modalFilters(
  props: Pick<SearchUiProps, 'locale' | 'latestVersion' | 'versions' | 'contextual' | 'localePrefix' | 'docsPath'>,
  pathname: string,
): string[][] {
  return props.contextual ? contextualFacetFilters(props.locale, contextVersion(pathname, props)) : [[`language:${props.locale}`]]
}

/** The search page with a query, and the docs version searched when it is not the latest (the page's default). */
export function searchPageHref(props: Pick<SearchUiProps, 'searchPageUrl' | 'latestVersion'>, query: string, version: string): string {
  const suffix = version === props.latestVersion ? '' : `&version=${encodeURIComponent(version)}`
  return `${props.searchPageUrl}?q=${encodeURIComponent(query)}${suffix}`
}
