'use client'
/**
 * The navbar's search entry, the only search code in a page's first load: a link to the search
 * page that, with JavaScript, opens the modal instead. Ctrl/Cmd+K and "/" open it too, except
 * while the reader types in a field. The modal, InstantSearch and the index load on first open.
 */
import {useCallback, useEffect, useRef, useState, type ComponentType} from 'react'
import type {SearchModalProps} from './search-modal'
import type {SiteSearchClient} from './search-client'
import type {SearchUiProps} from './search-props'

/** Whether a key press happens while the reader types: shortcuts must then stay out of the way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
}

/** Ctrl/Cmd+K or a bare "/", outside fields. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (isTypingTarget(event.target)) return false
  if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) return true
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey
}

interface Loaded {
  Modal: ComponentType<SearchModalProps>
  search: SiteSearchClient
}

export function SearchLauncher({props}: {props: SearchUiProps}) {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [initialQuery, setInitialQuery] = useState('')
  const button = useRef<HTMLAnchorElement>(null)

  const show = useCallback(
    (query = '') => {
      setInitialQuery(query)
      setOpen(true)
      if (!loaded) {
        void Promise.all([import('./search-modal'), import('./search-client')]).then(([modal, client]) =>
          client.siteSearchClient(props.locale).then((search) => setLoaded({Modal: modal.SearchModal, search})),
        )
      }
    },
    [loaded, props.locale],
  )

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (open || event.defaultPrevented || !isSearchShortcut(event)) return
      event.preventDefault()
      show()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open, show])

  const close = useCallback(() => {
    setOpen(false)
    button.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open, close])

  return (
    <>
      <a
        ref={button}
        className="navbar-link navbar-search"
        href={props.searchPageUrl}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return
          event.preventDefault()
          show()
        }}
      >
        {props.messages['search.button']}
      </a>
      {open && loaded && <loaded.Modal props={props} search={loaded.search} initialQuery={initialQuery} onClose={close} />}
    </>
  )
}
