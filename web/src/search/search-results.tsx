'use client'
/**
 * Pieces shared by the modal and the search page: hits grouped by page with the hierarchy as a
 * breadcrumb, the error screen and the no-results screen. Highlighted parts go through
 * InstantSearch's Highlight/Snippet, which render text nodes: a "<script>" in content stays text.
 */
import {Highlight, Snippet} from 'react-instantsearch'
import type {Hit} from 'instantsearch.js'
import type {FlatSearchRecord} from '@site/schemas/search'
import {formatPlural} from '../i18n/plural'
import type {SearchUiProps} from './search-props'

export type SearchHit = Hit<FlatSearchRecord>

export interface HitGroup {
  url: string
  title: SearchHit
  hits: SearchHit[]
}

/** Hits grouped by the page they are on, in the order of each page's best hit. */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>()
  for (const hit of hits) {
    const group = groups.get(hit.url_without_anchor)
    if (group) group.hits.push(hit)
    else groups.set(hit.url_without_anchor, {url: hit.url_without_anchor, title: hit, hits: [hit]})
  }
  return [...groups.values()]
}

/** The breadcrumb of a hit below its page title: lvl2 › lvl3, or the page itself. */
export function hitPath(hit: SearchHit): string {
  return [hit['hierarchy.lvl2'], hit['hierarchy.lvl3']].filter(Boolean).join(' › ') || hit['hierarchy.lvl1']
}

export function HitBreadcrumb({hit}: {hit: SearchHit}) {
  const levels = (['hierarchy.lvl2', 'hierarchy.lvl3'] as const).filter((level) => hit[level])
  if (levels.length === 0) return <Highlight hit={hit} attribute={['hierarchy.lvl1']} classNames={{root: 'search-hit-title'}} />
  return (
    <span className="search-hit-title">
      {levels.map((level, index) => (
        <span key={level}>
          {index > 0 ? ' › ' : ''}
          <Highlight hit={hit} attribute={[level]} />
        </span>
      ))}
    </span>
  )
}

export function HitContent({hit}: {hit: SearchHit}) {
  if (!hit.content) return null
  return <Snippet hit={hit} attribute={['content']} classNames={{root: 'search-hit-content'}} />
}

export function GroupHeading({hit}: {hit: SearchHit}) {
  return (
    <span className="search-group-heading">
      <Highlight hit={hit} attribute={['hierarchy.lvl1']} />
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

export function seeAllLabel(props: SearchUiProps, count: number): string {
  return formatPlural(props.messages['search.seeAll'], count, props.locale)
}
