'use client'
/**
 * Pieces shared by the modal and the search page: hits grouped by page (the page itself first, a
 * result of its own), the hierarchy as a breadcrumb, the error screen and the no-results screen.
 * Highlighting is our own small widget over InstantSearch's helpers (getHighlightedParts, unescape):
 * the parts become text nodes and <mark> elements, so a "<script>" in content stays text.
 */
import type {Hit} from 'instantsearch.js'
import {getHighlightedParts, unescape} from 'instantsearch.js/es/lib/utils/index.js'
import {languageTag, searchFieldName, type FlatSearchRecord, type SearchLevel} from '@site/schemas/search'
import {formatPlural} from '@site/schemas/i18n/plural'
import type {SearchUiProps} from './search-props'

export type SearchHit = Hit<FlatSearchRecord>

export interface HitGroup {
  url: string
  /** The hit that names the page: its own (lvl1) hit when it matched, else its best section's. */
  title: SearchHit
  /** The page's own hit, when it matched: the group's heading is then a result of its own. */
  page: SearchHit | null
  /** The sections that matched, each once, best first. */
  hits: SearchHit[]
}

/** Hits grouped by the page they are on, in the order of each page's best hit; no address twice. */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>()
  const seen = new Set<string>()
  for (const hit of hits) {
    if (seen.has(hit.url)) continue
    seen.add(hit.url)
    let group = groups.get(hit.url_without_anchor)
    if (!group) {
      group = {url: hit.url_without_anchor, title: hit, page: null, hits: []}
      groups.set(hit.url_without_anchor, group)
    }
    if (hit.type === 'lvl1' || hit.url === hit.url_without_anchor) {
      group.page ??= hit
      group.title = group.page
    } else {
      group.hits.push(hit)
    }
  }
  return [...groups.values()]
}

type HighlightedField = 'hierarchy.lvl0' | 'hierarchy.lvl1' | 'hierarchy.lvl2' | 'hierarchy.lvl3' | 'content'

/**
 * A field of a hit with its matches marked. The value comes from the hit's highlight (or snippet)
 * result, escaped by InstantSearch, and is cut into parts: never parsed as HTML. Without a
 * highlight for the field (a backend that did not highlight it), the plain value is shown.
 */
export function Highlighted({
  hit,
  attribute,
  snippet = false,
  className,
}: {
  hit: SearchHit
  attribute: HighlightedField
  snippet?: boolean
  className?: string
}) {
  const results = (snippet ? hit._snippetResult : hit._highlightResult) as Record<string, {value?: string} | undefined> | undefined
  // Typesense highlights the language's own field of a level (lvl1_fr), which holds the same text.
  const level = attribute === 'content' ? 'content' : attribute === 'hierarchy.lvl0' ? null : (attribute.slice('hierarchy.'.length) as SearchLevel)
  const value = results?.[attribute]?.value ?? (level ? results?.[searchFieldName(level, languageTag(hit.language))]?.value : undefined)
  const parts = value === undefined ? [{value: String(hit[attribute] ?? ''), isHighlighted: false}] : getHighlightedParts(unescape(value))
  return <span className={className}>{parts.map((part, index) => (part.isHighlighted ? <mark key={index}>{part.value}</mark> : part.value))}</span>
}

/** The breadcrumb of a hit below its page title: lvl2 › lvl3, or the page itself. */
export function hitPath(hit: SearchHit): string {
  return [hit['hierarchy.lvl2'], hit['hierarchy.lvl3']].filter(Boolean).join(' › ') || hit['hierarchy.lvl1']
}

export function HitBreadcrumb({hit}: {hit: SearchHit}) {
  const levels = (['hierarchy.lvl2', 'hierarchy.lvl3'] as const).filter((level) => hit[level])
  if (levels.length === 0) return <Highlighted hit={hit} attribute="hierarchy.lvl1" className="search-hit-title" />
  return (
    <span className="search-hit-title">
      {levels.map((level, index) => (
        <span key={level}>
          {index > 0 ? ' › ' : ''}
          <Highlighted hit={hit} attribute={level} />
        </span>
      ))}
    </span>
  )
}

export function HitContent({hit}: {hit: SearchHit}) {
  if (!hit.content) return null
  return <Highlighted hit={hit} attribute="content" snippet className="search-hit-content" />
}

export function GroupHeading({hit}: {hit: SearchHit}) {
  return (
    <span className="search-group-heading">
      <Highlighted hit={hit} attribute="hierarchy.lvl1" />
      <span className="search-group-section"> · {hit['hierarchy.lvl0']}</span>
    </span>
  )
}

export function SearchErrorScreen({props}: {props: SearchUiProps}) {
  return (
    <div className="search-screen" role="alert">
      <p className="search-screen-title">{props.messages['search.errorTitle']}</p>
      <p>{props.messages['search.errorHelp']}</p>
    </div>
  )
}

export function NoResultsScreen({props, query, onSuggestion}: {props: SearchUiProps; query: string; onSuggestion: (query: string) => void}) {
  const {messages} = props
  const report = new URL(props.reportUrl)
  if (report.hostname === 'github.com' && report.pathname.endsWith('/issues/new')) report.searchParams.set('title', `Search: ${query}`)
  return (
    <div className="search-screen" role="status">
      <p className="search-screen-title">
        {messages['search.noResults']} “<strong>{query}</strong>”
      </p>
      {props.suggestions.length > 0 && (
        <p>
          {messages['search.trySearching']}{' '}
          {props.suggestions.map((suggestion, index) => (
            <span key={suggestion}>
              {index > 0 ? ', ' : ''}
              <button type="button" className="search-suggestion" onClick={() => onSuggestion(suggestion)}>
                “{suggestion}”
              </button>
            </span>
          ))}
        </p>
      )}
      <p>
        {messages['search.reportMissing']}{' '}
        <a href={report.toString()} target="_blank" rel="noopener noreferrer">
          {messages['search.reportLink']}
        </a>
      </p>
    </div>
  )
}

/** "See all 12 results", in the plural form of the count (Intl.PluralRules), the number formatted for the locale. */
export function seeAllLabel(props: SearchUiProps, count: number): string {
  return formatPlural(props.messages['search.seeAll'], count, props.locale)
}
