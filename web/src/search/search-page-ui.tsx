'use client'
/**
 * The /search page's UI: the query and the docs version live in the URL (?q=, &version= unless the
 * latest), results group by page and more load as the reader scrolls to the end of the list. Like
 * the modal it searches one docs version with the other pages (the latest by default): the local
 * index then fetches only those shards; "all versions" fetches every shard.
 */
import {useEffect, useRef, useState} from 'react'
import {Configure, InstantSearch, useInfiniteHits, useInstantSearch, useRefinementList, useSearchBox} from 'react-instantsearch-core'
import {contextualFacetFilters, type FlatSearchRecord} from '@site/schemas/search'
import type {SiteSearchClient} from './search-client'
import {fill, pluralForm, type SearchUiProps} from './search-props'
import {GroupHeading, groupHits, HitBreadcrumb, HitContent, NoResultsScreen, SearchErrorScreen} from './search-results'
import './search.css'

export interface SearchPageUiProps {
  props: SearchUiProps
  search: SiteSearchClient
}

/** The facet's value for every version at once. */
const ALL_VERSIONS = 'all'

export function SearchPageUi({props, search}: SearchPageUiProps) {
  const params = new URLSearchParams(window.location.search)
  const initial = params.get('q') ?? ''
  const asked = params.get('version')
  const [version, setVersion] = useState(
    asked === ALL_VERSIONS || props.versions.some((entry) => entry.path === asked) ? (asked ?? props.latestVersion) : props.latestVersion,
  )
  const filters = version === ALL_VERSIONS ? [[`language:${props.locale}`]] : contextualFacetFilters(props.locale, version)
  const choose = (next: string) => {
    setVersion(next)
    const url = new URL(window.location.href)
    if (next === props.latestVersion) url.searchParams.delete('version')
    else url.searchParams.set('version', next)
    window.history.replaceState(null, '', url)
  }
  return (
    <InstantSearch
      searchClient={search.client}
      indexName={search.indexName}
      future={{preserveSharedStateOnUnmount: true}}
      initialUiState={{[search.indexName]: {query: initial}}}
    >
      {/* The version is a filter, not a refinement: a refined facet makes InstantSearch send a second request without it, which would need every shard. */}
      <Configure hitsPerPage={20} facetFilters={filters} attributesToSnippet={['content:40']} snippetEllipsisText="…" />
      <PageBody props={props} initial={initial} version={version} onVersion={choose} />
    </InstantSearch>
  )
}

function PageBody({props, initial, version, onVersion}: {props: SearchUiProps; initial: string; version: string; onVersion: (version: string) => void}) {
  const {messages, locale} = props
  const {refine} = useSearchBox()
  const [value, setValue] = useState(initial)
  const {items, isLastPage, showMore, results} = useInfiniteHits<FlatSearchRecord>()
  const {status, error} = useInstantSearch({catchError: true})
  const sentinel = useRef<HTMLDivElement>(null)
  const trimmed = value.trim()

  const change = (next: string) => {
    setValue(next)
    refine(next)
    const url = new URL(window.location.href)
    if (next.trim()) url.searchParams.set('q', next.trim())
    else url.searchParams.delete('q')
    window.history.replaceState(null, '', url)
  }

  useEffect(() => {
    document.title = trimmed ? fill(messages['search.pageTitle'], {query: trimmed}) : messages['search.pageTitleEmpty']
  }, [trimmed, messages])

  useEffect(() => {
    const target = sentinel.current
    if (!target || isLastPage) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) showMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [isLastPage, showMore, items.length])

  const failed = status === 'error' || error !== undefined
  const count = results?.nbHits ?? 0
  const settled = status === 'idle' && results?.query === trimmed
  return (
    <main className="container search-page">
      <h1>{trimmed ? fill(messages['search.pageTitle'], {query: trimmed}) : messages['search.pageTitleEmpty']}</h1>
      <form role="search" className="search-form" onSubmit={(event) => event.preventDefault()}>
        {/* eslint-disable jsx-a11y/no-autofocus -- the search page exists to type a query: its box has the focus as the page opens, as on Docusaurus's search page (a block, so that it still covers the attribute once Prettier wraps the element) */}
        <input
          type="search"
          name="q"
          aria-label={messages['search.placeholder']}
          placeholder={messages['search.placeholder']}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          autoFocus
        />
        {/* eslint-enable jsx-a11y/no-autofocus */}
      </form>
      <div className="search-page-layout">
        <VersionFacet props={props} version={version} onVersion={onVersion} />
        <div className="search-page-results">
          {failed ? (
            <SearchErrorScreen props={props} />
          ) : !trimmed ? null : settled && count === 0 ? (
            <NoResultsScreen props={props} query={trimmed} onSuggestion={change} />
          ) : (
            <>
              {settled && <p className="search-count">{pluralForm(messages['search.resultCount'], count, locale)}</p>}
              {groupHits(items).map((group) => (
                <article key={group.url} className="search-page-group">
                  <h2>
                    <a href={group.url}>
                      <GroupHeading hit={group.title} />
                    </a>
                  </h2>
                  {group.page && <HitContent hit={group.page} />}
                  <ul>
                    {group.hits.map((hit) => (
                      <li key={hit.objectID}>
                        <a href={hit.url}>
                          <HitBreadcrumb hit={hit} />
                        </a>
                        <HitContent hit={hit} />
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
              {!isLastPage && (
                <div ref={sentinel} className="search-loading-more">
                  {messages['search.loadingMore']}
                </div>
              )}
            </>
          )}
        </div>
      </div>
    </main>
  )
}

/** The docs version searched; each shows its number of hits when the results count it. */
function VersionFacet({props, version, onVersion}: {props: SearchUiProps; version: string; onVersion: (version: string) => void}) {
  // Read only, never refined: it asks the results for the hits per version.
  const {items} = useRefinementList({attribute: 'version'})
  const counts = new Map(items.map((item) => [item.value, item.count]))
  const option = (value: string, label: string) => (
    <label key={value}>
      <input type="radio" name="version" value={value} checked={version === value} onChange={() => onVersion(value)} /> {label}{' '}
      {counts.has(value) && <span className="search-facet-count">{counts.get(value)}</span>}
    </label>
  )
  return (
    <fieldset className="search-facet">
      <legend>{props.messages['search.versionFacet']}</legend>
      {props.versions.map((entry) => option(entry.path, entry.label))}
      {option(ALL_VERSIONS, props.messages['search.allVersions'])}
    </fieldset>
  )
}
