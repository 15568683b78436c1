/**
 * The search UI as a React island, bundled on its own (with React, InstantSearch and the index
 * client) and loaded only when the reader opens search or lands on the search page.
 */
import {Component, type ErrorInfo, type ReactNode} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {showCrashFallback} from '../components/crash-fallback'
import {siteSearchClient, type SiteSearchClient} from '../search/search-client'
import {SearchModal} from '../search/search-modal'
import {SearchPageUi} from '../search/search-page-ui'
import type {SearchUiProps} from '../search/search-props'

/** A rendering error in the island shows the page's crash fallback; its retry mounts the island again. */
class CrashBoundary extends Component<{children: ReactNode; remount: () => void}, {failed: boolean}> {
  override state = {failed: false}
  static getDerivedStateFromError(): {failed: boolean} {
    return {failed: true}
  }
  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    showCrashFallback(error, () => {
      this.setState({failed: false})
      this.props.remount()
    })
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}

export interface ModalHandle {
  close: () => void
}

let modalRoot: Root | null = null

/** Gets the search client of the page's locale ready (the caller shows the loading states meanwhile); the search client module opens each locale's once. */
export function prepareSearch(props: SearchUiProps): Promise<SiteSearchClient> {
  return siteSearchClient(
    props.locale,
    props.versions.map((version) => version.path),
  )
}

/** Shows the search modal in a container of its own. */
export function renderSearchModal(
  props: SearchUiProps,
  search: SiteSearchClient,
  initialQuery: string,
  onClose: () => void,
  takeOver?: () => string,
): ModalHandle {
  let host = document.getElementById('search-modal-root')
  if (!host) {
    host = document.createElement('div')
    host.id = 'search-modal-root'
    document.body.append(host)
  }
  modalRoot ??= createRoot(host)
  const root = modalRoot
  const close = () => {
    root.render(null)
    onClose()
  }
  const render = () =>
    root.render(
      <CrashBoundary remount={render}>
        <SearchModal props={props} search={search} initialQuery={initialQuery} onClose={close} takeOver={takeOver} />
      </CrashBoundary>,
    )
  render()
  return {close}
}

/**
 * Replaces the search page's plain form with the search UI. What the reader typed into the plain
 * form while the island loaded is the query (the UI reads it from the URL).
 */
export async function mountSearchPage(host: HTMLElement, props: SearchUiProps): Promise<void> {
  const search = await prepareSearch(props)
  const typed = host.querySelector<HTMLInputElement>('input[name="q"]')?.value.trim()
  if (typed) {
    const url = new URL(window.location.href)
    url.searchParams.set('q', typed)
    window.history.replaceState(null, '', url)
  }
  const root = createRoot(host)
  const render = () =>
    root.render(
      <CrashBoundary remount={render}>
        <SearchPageUi props={props} search={search} />
      </CrashBoundary>,
    )
  render()
}
