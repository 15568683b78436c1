/**
 * The search entry points of every page, in plain DOM code: the navbar link opens the modal (a
 * click, Ctrl/Cmd+K or "/"), and the search page swaps its plain form for the search UI. Both
 * load the search island, whose code and styles are fetched on first use with the loading states.
 */
import {loadWithStates, type LoadingLabels} from '../components/widgets'
import {isSearchShortcut} from '../search/shortcuts'
import {readSearchProps} from './page-config'
import type {ModalHandle} from './search-island'

type Island = typeof import('./search-island')

// Set by the bundler (web/src/build/client-bundle.ts): the island's hashed script and stylesheet.
declare const __SEARCH_ISLAND_JS__: string
declare const __SEARCH_ISLAND_CSS__: string

let island: Promise<Island> | null = null

function loadStylesheet(href: string): Promise<void> {
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.addEventListener('load', () => resolve(), {once: true})
    link.addEventListener('error', () => {
      link.remove()
      reject(new Error(`${href} did not load`))
    }, {once: true})
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
  const {loading = 'Loading…', error = 'This part of the page could not be loaded.', retry = 'Try again'} = document.getElementById('search-loading-labels')?.dataset ?? {}
  return {loading, error, retry}
}

export function searchEntry(): () => void {
  const props = readSearchProps()
  if (!props) return () => {}
  const cleanups: Array<() => void> = []

  const pageRoot = document.getElementById('search-page-root')
  if (pageRoot) {
    void loadWithStates(pageRoot, loadingLabels(), () => loadIsland().then((module) => module.mountSearchPage(pageRoot, props)))
  }

  const button = document.querySelector<HTMLAnchorElement>('a.navbar-search')
  let state: 'closed' | 'opening' | 'open' = 'closed'
  let handle: ModalHandle | null = null
  let pending: HTMLElement | null = null
  let attempts = 0

  const onClosed = () => {
    state = 'closed'
    handle = null
    button?.focus()
  }
  const open = (initialQuery = '') => {
    if (state !== 'closed') return
    state = 'opening'
    const attempt = ++attempts
    const box = document.createElement('div')
    box.className = 'search-pending'
    document.body.append(box)
    pending = box
    let ready: {module: Island; search: Awaited<ReturnType<Island['prepareSearch']>>} | null = null
    void loadWithStates(box, loadingLabels(), async () => {
      const module = await loadIsland()
      ready = {module, search: await module.prepareSearch(props)}
    }).then(() => {
      box.remove()
      pending = null
      // Escape while it loaded means the reader no longer wants it.
      if (state !== 'opening' || attempt !== attempts || !ready) return
      handle = ready.module.renderSearchModal(props, ready.search, initialQuery, onClosed)
      state = 'open'
    })
  }
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    open()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      if (state === 'open') handle?.close()
      else if (state === 'opening' && pending) {
        // Stop waiting: the load finishes in the background, out of sight, and opens nothing.
        pending.remove()
        pending = null
        state = 'closed'
      }
      return
    }
    if (state !== 'closed' || event.defaultPrevented || !isSearchShortcut(event)) return
    event.preventDefault()
    open()
  }
  button?.addEventListener('click', onClick)
  window.addEventListener('keydown', onKeyDown)
  cleanups.push(() => button?.removeEventListener('click', onClick), () => window.removeEventListener('keydown', onKeyDown))
  return () => cleanups.forEach((cleanup) => cleanup())
}
