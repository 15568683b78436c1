'use client'
/**
 * The /search page's UI: the query lives in the URL (?q=), a version facet narrows the docs,
 * results group by page and more load as the reader scrolls to the end of the list.
 */
import {useEffect, useRef, useState} from 'react'
import {Configure, InstantSearch, useInfiniteHits, useInstantSearch, useRefinementList, useSearchBox} from 'react-instantsearch'
import type {FlatSearchRecord} from '@site/schemas/search'
import type {SiteSearchClient} from './search-client'
import {fill, pluralForm, type SearchUiProps} from './search-props'
import {GroupHeading, groupHits, HitBreadcrumb, HitContent, NoResultsScreen, SearchErrorScreen} from './search-results'
import './search.css'

export interface SearchPageUiProps {
  props: SearchUiProps
  search: SiteSearchClient
}

export function SearchPageUi({props, search}: SearchPageUiProps) {
  const initial = new URLSearchParams(window.location.search).get('q') ?? ''
  return (
    <InstantSearch searchClient={search.client} indexName={search.indexName} future={{preserveSharedStateOnUnmount: true}} initialUiState={{[search.indexName]: {query: initial, refinementList: {language: [props.locale]}}}}>
      {/* The locale is a refinement, not a Configure filter: the helper replaces Configure's facetFilters once a facet is refined. */}
      <LocaleFilter />
      <Configure hitsPerPage={20} attributesToSnippet={['content:40']} snippetEllipsisText="…" />
      <PageBody props={props} initial={initial} />
    </InstantSearch>
  )
}

function PageBody({props, initial}: {props: SearchUiProps; initial: string}) {
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
        <input type="search" name="q" aria-label={messages['search.placeholder']} placeholder={messages['search.placeholder']} value={value} onChange={(event) => change(event.currentTarget.value)} autoFocus />
      </form>
      <div className="search-page-layout">
        <VersionFacet props={props} />
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

/** A widget without UI that keeps the locale refinement of initialUiState alive. */
function LocaleFilter() {
  useRefinementList({attribute: 'language'})
  return null
}

function VersionFacet({props}: {props: SearchUiProps}) {
  const {items, refine} = useRefinementList({attribute: 'version', sortBy: ['name:desc']})
  const refined = items.filter((item) => item.isRefined).map((item) => item.value)
  const label = (value: string) => props.versions.find((version) => version.path === value)?.label ?? value
  const select = (value: string | null) => {
    // One version at a time: clear the others, then refine on the chosen one.
    for (const current of refined) if (current !== value) refine(current)
    if (value && !refined.includes(value)) refine(value)
  }
  return (
    <fieldset className="search-facet">
      <legend>{props.messages['search.versionFacet']}</legend>
      <label>
        <input type="radio" name="version" checked={refined.length === 0} onChange={() => select(null)} /> {props.messages['search.allVersions']}
      </label>
      {items.map((item) => (
        <label key={item.value}>
          <input type="radio" name="version" checked={item.isRefined} onChange={() => select(item.value)} /> {label(item.value)} <span className="search-facet-count">{item.count}</span>
        </label>
      ))}
    </fieldset>
  )
}
