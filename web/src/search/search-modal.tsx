'use client'
/**
 * The search modal, loaded on demand by the launcher (never in a page's first load): a combobox
 * over InstantSearch hits grouped by page, arrow keys and Enter, Esc to close, recent results
 * when the box is empty, and a link to the search page with the query.
 */
import {useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent} from 'react'
import {Configure, InstantSearch, useHits, useInstantSearch, useSearchBox} from 'react-instantsearch-core'
import type {FlatSearchRecord} from '@site/schemas/search'
import {forgetRecent, readRecent, rememberRecent, type RecentSearch} from './recent-searches'
import type {SiteSearchClient} from './search-client'
import {contextVersion, modalFilters, searchPageHref, type SearchUiProps} from './search-props'
import {
  GroupHeading,
  groupHits,
  HitBreadcrumb,
  HitContent,
  hitPath,
  NoResultsScreen,
  SearchErrorScreen,
  seeAllLabel,
  type HitGroup,
  type SearchHit,
} from './search-results'
import './search.css'

export interface SearchModalProps {
  props: SearchUiProps
  search: SiteSearchClient
  initialQuery: string
  onClose: () => void
  /**
   * Called once the modal is on screen, before the browser handles another key: removes the box
   * shown while the island started and gives what the reader typed in it since (search-entry.ts).
   */
  takeOver?: () => string
}

export function SearchModal({props, search, initialQuery, onClose, takeOver}: SearchModalProps) {
  const version = contextVersion(window.location.pathname, props)
  const filters = modalFilters(props, window.location.pathname)
  useEffect(() => {
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = previous
    }
  }, [])
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a click on the backdrop closes the dialog; from the keyboard Esc does (ModalBody's onKeyDown)
    <div className="search-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="search-modal" role="dialog" aria-modal="true" aria-label={props.messages['search.dialogLabel']}>
        <InstantSearch
          searchClient={search.client}
          indexName={search.indexName}
          future={{preserveSharedStateOnUnmount: true}}
          initialUiState={{[search.indexName]: {query: initialQuery}}}
        >
          <Configure hitsPerPage={20} facetFilters={filters} attributesToSnippet={['content:24']} snippetEllipsisText="…" />
          <ModalBody props={props} version={version} onClose={onClose} takeOver={takeOver} />
        </InstantSearch>
      </div>
    </div>
  )
}

/** An option of the list: a page (its group's heading), a section of it, or a recent result. */
type Item = {kind: 'page'; group: HitGroup} | {kind: 'hit'; hit: SearchHit} | {kind: 'recent'; recent: RecentSearch}

function itemUrl(item: Item): string {
  return item.kind === 'page' ? item.group.url : item.kind === 'hit' ? item.hit.url : item.recent.url
}

function ModalBody({props, version, onClose, takeOver}: {props: SearchUiProps; version: string; onClose: () => void; takeOver: (() => string) | undefined}) {
  const {messages, locale} = props
  const {query, refine} = useSearchBox()
  const {items: hits} = useHits<FlatSearchRecord>()
  const {status, error, results} = useInstantSearch({catchError: true})
  const [value, setValue] = useState(query)
  const [active, setActive] = useState(0)
  // Read once as the modal opens (it is only ever rendered in the browser, on demand).
  const [recent, setRecent] = useState<RecentSearch[]>(() => readRecent(locale))
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()

  const trimmed = value.trim()
  const groups = useMemo(() => (trimmed ? groupHits(hits) : []), [hits, trimmed])
  const items: Item[] = trimmed
    ? groups.flatMap((group): Item[] => [{kind: 'page', group}, ...group.hits.map((hit): Item => ({kind: 'hit', hit}))])
    : recent.map((entry): Item => ({kind: 'recent', recent: entry}))
  const optionId = (index: number) => `${listId}-option-${index}`

  const change = (next: string) => {
    setValue(next)
    setActive(0)
    refine(next)
  }
  // A layout effect: it runs as the modal is put on screen, so no key press falls between the box
  // shown while loading and this input.
  useLayoutEffect(() => {
    const field = input.current
    const typed = takeOver?.()
    if (typed !== undefined && typed !== field?.value) change(typed)
    field?.focus()
    // After what the reader typed: the caret goes at the end.
    const length = (typed ?? field?.value ?? '').length
    field?.setSelectionRange(length, length)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: later renders must not take the box over again
  }, [])

  const open = (item: Item | undefined) => {
    if (!item) return
    const url = itemUrl(item)
    if (item.kind === 'hit') rememberRecent(locale, {url, title: item.hit['hierarchy.lvl1'], path: hitPath(item.hit)})
    if (item.kind === 'page') rememberRecent(locale, {url, title: item.group.title['hierarchy.lvl1'], path: item.group.title['hierarchy.lvl0']})
    onClose()
    window.location.assign(url)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (items.length === 0) return
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      open(items[active])
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    }
  }
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'})
  })

  const failed = status === 'error' || error !== undefined
  const settled = status === 'idle' && results.query === trimmed
  let index = -1
  const option = (item: Item, children: React.ReactNode, extra?: React.ReactNode) => {
    index++
    const at = index
    const url = itemUrl(item)
    return (
      <li
        key={url + at}
        id={optionId(at)}
        role="option"
        aria-selected={at === active}
        className={item.kind === 'page' ? 'search-option search-option-page' : 'search-option'}
        onMouseMove={() => setActive(at)}
      >
        <a
          href={url}
          onClick={(event) => {
            event.preventDefault()
            open(item)
          }}
        >
          {children}
        </a>
        {extra}
      </li>
    )
  }

  return (
    <>
      <div className="search-bar">
        <input
          ref={input}
          className="search-input"
          type="search"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
          aria-autocomplete="list"
          aria-label={messages['search.placeholder']}
          placeholder={messages['search.placeholder']}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="search-cancel" onClick={onClose}>
          {messages['search.cancel']}
        </button>
      </div>
      <div className="search-body">
        {failed ? (
          <SearchErrorScreen props={props} />
        ) : !trimmed ? (
          recent.length === 0 ? (
            <p className="search-screen">{messages['search.noRecent']}</p>
          ) : (
            <section>
              <h2 className="search-group-heading">{messages['search.recent']}</h2>
              <ul id={listId} role="listbox" className="search-options">
                {recent.map((entry) =>
                  option(
                    {kind: 'recent', recent: entry},
                    <>
                      <span className="search-hit-title">{entry.path}</span>
                      <span className="search-hit-content">{entry.title}</span>
                    </>,
                    <button
                      type="button"
                      className="search-remove"
                      title={messages['search.removeRecent']}
                      aria-label={messages['search.removeRecent']}
                      onClick={() => setRecent(forgetRecent(locale, entry.url))}
                    >
                      ×
                    </button>,
                  ),
                )}
              </ul>
            </section>
          )
        ) : settled && hits.length === 0 ? (
          <NoResultsScreen props={props} query={trimmed} onSuggestion={change} />
        ) : (
          // data-results-for: the query these results answer (tests and the bench wait on it).
          <div id={listId} role="listbox" className="search-options" data-results-for={results.query}>
            {groups.map((group) => (
              <section key={group.url} role="group" aria-label={group.title['hierarchy.lvl1']}>
                <ul role="presentation">
                  {/* The page itself is the group's first result: its title and first paragraph. */}
                  {option(
                    {kind: 'page', group},
                    <>
                      <GroupHeading hit={group.title} />
                      {group.page && <HitContent hit={group.page} />}
                    </>,
                  )}
                  {group.hits.map((hit) =>
                    option(
                      {kind: 'hit', hit},
                      <>
                        <HitBreadcrumb hit={hit} />
                        <HitContent hit={hit} />
                      </>,
                    ),
                  )}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
      <footer className="search-footer">
        {trimmed && results.nbHits > 0 && !failed ? (
          <a className="search-see-all" href={searchPageHref(props, trimmed, version)}>
            {seeAllLabel(props, results.nbHits)}
          </a>
        ) : (
          <span />
        )}
        <span className="search-keys">
          <kbd>↵</kbd> {messages['search.toSelect']} <kbd>↑</kbd>
          <kbd>↓</kbd> {messages['search.toNavigate']} <kbd>esc</kbd> {messages['search.toClose']}
        </span>
      </footer>
    </>
  )
}
