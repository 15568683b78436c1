/**
 * The search entry points of every page, in plain DOM code: the navbar link opens the modal (a
 * click, Ctrl/Cmd+K or "/"), and the search page swaps its plain form for the search UI. A module of
 * its own, out of a page's first load: the page script fetches it when idle, or at once on the search
 * page, and its stand-in (search-trigger.ts) answers the first click or key press until it is there. When the browser is idle, it is told to download (not run) the
 * island and the index shards the page's search would fetch; when the reader shows intent (points
 * at or focuses the search button, presses Ctrl or Cmd, the first key of the shortcut), the island
 * starts and fetches those shards, so that the first search answers from memory.
 */
import {cleanupAll, fetchAheadAllowed, listen, type Cleanup} from '../components/dom'
import {loadWithStates, type LoadingLabels} from '../components/load-states'
import {contextShards, searchShardUrl} from '../search/index-format'
import {contextVersion, modalFilters, type SearchUiProps} from '../search/search-props'
import {isSearchShortcut} from '../search/shortcuts'
import {CLASS, ID, LOADING_LABELS_DATA, readData} from '../components/seam'
import {readSearchProps} from './page-config'
import type {ModalHandle} from './search-island'

type Island = typeof import('./search-island')

// Set by the bundler (web/src/build/client-bundle.ts): the island's hashed script and stylesheet,
// the chunks it imports, and each language's stemmer chunk by language tag.
declare const __SEARCH_ISLAND_JS__: string
declare const __SEARCH_ISLAND_CSS__: string
declare const __SEARCH_ISLAND_CHUNKS__: string[]
declare const __SEARCH_STEMMER_CHUNKS__: Record<string, string>
declare const __SEARCH_TYPESENSE__: boolean

let island: Promise<Island> | null = null

function loadStylesheet(href: string): Promise<void> {
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.addEventListener('load', () => resolve(), {once: true})
    link.addEventListener(
      'error',
      () => {
        link.remove()
        reject(new Error(`${href} did not load`))
      },
      {once: true},
    )
    document.head.append(link)
  })
}

/** The island, loaded once; a failed load is forgotten so that "retry" fetches it again. */
export function loadIsland(): Promise<Island> {
  island ??= Promise.all([import(/* @vite-ignore */ __SEARCH_ISLAND_JS__) as Promise<Island>, loadStylesheet(__SEARCH_ISLAND_CSS__)]).then(([module]) => module)
  island.catch(() => {
    island = null
  })
  return island
}

function loadingLabels(): LoadingLabels {
  const labels = document.getElementById(ID.searchLoadingLabels)
  const {loading = 'Loading…', error = 'This part of the page could not be loaded.', retry = 'Try again'} = labels ? readData(labels, LOADING_LABELS_DATA) : {}
  return {loading, error, retry}
}

/** What the page's first search needs: the island's files, the stemmer of the locale, and the shards of the page's context (local index only). */
export function searchPrefetchUrls(props: SearchUiProps, pathname: string, typesense: boolean): string[] {
  const urls = [...__SEARCH_ISLAND_CHUNKS__, __SEARCH_ISLAND_CSS__]
  const stemmer = __SEARCH_STEMMER_CHUNKS__[props.locale.split('-')[0]?.toLowerCase() ?? '']
  if (stemmer && !typesense) urls.push(stemmer)
  if (!typesense)
    urls.push(...contextShards(props.contextual ? contextVersion(pathname, props) : props.latestVersion).map((shard) => searchShardUrl(props.locale, shard)))
  return urls.filter(Boolean)
}

/** Idle time: the browser downloads these at its lowest priority into its cache, and runs nothing. */
function prefetchWhenIdle(props: SearchUiProps): void {
  for (const url of searchPrefetchUrls(props, window.location.pathname, __SEARCH_TYPESENSE__)) {
    if (document.querySelector(`link[rel="prefetch"][href="${url}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = url
    // Told apart from the prefetch of a page a link leads to (behaviours.ts).
    link.dataset.searchPrefetch = ''
    document.head.append(link)
  }
}

/**
 * The search box shown the moment the reader opens search, before the island runs: the modal's
 * frame and input (styled by search/search-shell.css, part of every page, as the island's stylesheet may not be there yet) and a
 * place for the loading states.
 */
function searchShell(props: SearchUiProps, query: string): {root: HTMLElement; input: HTMLInputElement; status: HTMLElement} {
  const root = document.createElement('div')
  root.className = 'search-backdrop search-shell'
  const dialog = document.createElement('div')
  dialog.setAttribute('role', 'dialog')
  dialog.setAttribute('aria-modal', 'true')
  dialog.setAttribute('aria-label', props.messages['search.dialogLabel'])
  dialog.className = 'search-shell-box'
  const input = document.createElement('input')
  input.type = 'search'
  input.className = 'search-input'
  input.value = query
  input.placeholder = props.messages['search.placeholder']
  input.setAttribute('aria-label', props.messages['search.placeholder'])
  input.autocomplete = 'off'
  input.spellcheck = false
  const status = document.createElement('div')
  status.className = 'search-pending-status'
  dialog.append(input, status)
  root.append(dialog)
  return {root, input, status}
}

/** What the page script's stand-in (search-trigger.ts) hands over to once this module is there: the event that loaded it. */
export interface SearchEntry {
  cleanup: Cleanup
  /** Opens the modal, as a click on the search button or the shortcut does. */
  open: () => void
  /** Starts the island and fetches the page context's shards, as pointing at the search button does. */
  warm: () => void
}

export function searchEntry(): SearchEntry {
  const props = readSearchProps()
  if (!props) return {cleanup: () => {}, open: () => {}, warm: () => {}}
  const cleanups: Cleanup[] = []

  const pageRoot = document.getElementById(ID.searchPageRoot)
  if (pageRoot) {
    void loadWithStates(pageRoot, loadingLabels(), () => loadIsland().then((module) => module.mountSearchPage(pageRoot, props)))
  }

  const button = document.querySelector<HTMLAnchorElement>(`a.${CLASS.navbarSearch}`)
  // Intent: start the island and fetch the shards now, so that the modal opens ready to answer.
  let warmed = false
  const warm = () => {
    if (warmed || !fetchAheadAllowed()) return
    warmed = true
    loadIsland()
      .then((module) => module.prepareSearch(props))
      .then((search) => search.prefetch(modalFilters(props, window.location.pathname)))
      .catch(() => {
        // Opening search loads again and shows the error with its retry.
        warmed = false
      })
  }
  const onIdle = () => {
    if (!fetchAheadAllowed()) return
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => prefetchWhenIdle(props), {timeout: 5000})
    else setTimeout(() => prefetchWhenIdle(props), 1500)
  }
  if (document.readyState === 'complete') onIdle()
  else cleanups.push(listen(window, 'load', onIdle, {once: true}))
  let state: 'closed' | 'opening' | 'open' = 'closed'
  let handle: ModalHandle | null = null
  let pending: HTMLElement | null = null
  let attempts = 0

  const onClosed = () => {
    state = 'closed'
    handle = null
    // Closed before the modal took the box over.
    pending?.remove()
    pending = null
    button?.focus()
  }
  /** Stop waiting: the load finishes in the background, out of sight, and opens nothing. */
  const cancelOpening = () => {
    if (state !== 'opening' || !pending) return
    pending.remove()
    pending = null
    state = 'closed'
    button?.focus()
  }
  const open = (initialQuery = '') => {
    if (state !== 'closed') return
    state = 'opening'
    const attempt = ++attempts
    // The box is on screen at once, in plain DOM, and takes what the reader types while the island
    // starts; the island's modal then takes its place with that text as its query.
    const shell = searchShell(props, initialQuery)
    document.body.append(shell.root)
    shell.input.focus()
    shell.root.addEventListener('mousedown', (event) => {
      if (event.target === shell.root) cancelOpening()
    })
    pending = shell.root
    let ready: {module: Island; search: Awaited<ReturnType<Island['prepareSearch']>>} | null = null
    void loadWithStates(shell.status, loadingLabels(), async () => {
      const module = await loadIsland()
      ready = {module, search: await module.prepareSearch(props)}
    }).then(() => {
      // Escape while it loaded means the reader no longer wants it.
      if (state !== 'opening' || attempt !== attempts || !ready) {
        shell.root.remove()
        return
      }
      // The box stays until the modal is on screen, which then takes it over with what was typed;
      // meanwhile it is no longer a dialog, so that readers (and assistive technology) meet one.
      const frame = shell.root.firstElementChild
      frame?.removeAttribute('role')
      frame?.removeAttribute('aria-modal')
      handle = ready.module.renderSearchModal(props, ready.search, shell.input.value, onClosed, () => {
        shell.root.remove()
        if (pending === shell.root) pending = null
        return shell.input.value
      })
      state = 'open'
    })
  }
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    open()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    // Ctrl or Cmd alone: the first key of the shortcut.
    if ((event.key === 'Control' || event.key === 'Meta') && state === 'closed') warm()
    if (event.key === 'Escape') {
      if (state === 'open') handle?.close()
      else cancelOpening()
      return
    }
    if (state !== 'closed' || event.defaultPrevented || !isSearchShortcut(event)) return
    event.preventDefault()
    open()
  }
  cleanups.push(listen(window, 'keydown', onKeyDown))
  if (button)
    cleanups.push(
      listen(button, 'click', onClick),
      ...(['pointerenter', 'focus', 'touchstart'] as const).map((type) => listen(button, type, warm, {passive: true})),
    )
  return {cleanup: cleanupAll(cleanups), open: () => open(), warm}
}
