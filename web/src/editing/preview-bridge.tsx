'use client'
/**
 * The preview's bridge to the studio's Presentation tool, rendered in draft mode only (never in the
 * export): click-to-edit overlays on the marked strings, navigation kept in step with the studio,
 * and a fresh server render at each change of the content, so that what the editor types shows in
 * the preview.
 *
 * Changes are learnt from the Live Content API's events with drafts, relayed by the preview server
 * (./live-relay.ts: the token stays there): an event arrives as soon as the studio's save of the draft
 * is written, and the page is rendered anew, as next-sanity's `<SanityLive includeDrafts>` does in draft
 * mode. The studio's own "mutation" refresh messages come later by design (its document state is
 * watched at low priority, 1 s after the last change, and @sanity/visual-editing repeats the refresh a
 * second later): they are used only while the relayed stream is not open.
 */
import {useRouter} from 'next/navigation'
import {startTransition, useCallback, useEffect, useRef} from 'react'
import {VisualEditing} from 'next-sanity/visual-editing/client-component'
// The studio's perspective (drafts, or a Content Release) changed in the Presentation tool: the server keeps it in a cookie and renders again.
import {perspectiveChangeAction} from 'next-sanity/visual-editing/server-actions'
import type {VisualEditingProps} from 'next-sanity/visual-editing/client-component'

type Refresh = NonNullable<VisualEditingProps['refresh']>

/** Where the preview server relays the live events (app/api/draft-mode/live/route.preview.ts; draft mode only). */
export const LIVE_EVENTS_PATH = '/api/draft-mode/live/'

/** Time given to a refresh before the studio may ask for the next one. */
const REFRESH_SETTLE_MS = 250

/** Renders the page anew at each relayed change; reports whether the stream is open (ref). */
function useLiveDrafts(refresh: () => void) {
  const open = useRef(false)
  useEffect(() => {
    const source = new EventSource(LIVE_EVENTS_PATH)
    const opened = () => (open.current = true)
    const changed = () => refresh()
    const closed = () => {
      open.current = false
      source.close()
    }
    source.addEventListener('welcome', opened)
    source.addEventListener('message', changed)
    // The API lost track of what changed: everything may have.
    source.addEventListener('restart', changed)
    // The API (or the relay) closed the stream for good: the studio's refresh messages take over.
    source.addEventListener('goaway', closed)
    // EventSource reconnects by itself after a network error; until then the studio's messages count.
    source.addEventListener('error', () => (open.current = false))
    return () => {
      open.current = false
      source.close()
    }
  }, [refresh])
  return open
}

export function PreviewBridge() {
  const router = useRouter()
  const renderAgain = useCallback(() => startTransition(() => router.refresh()), [router])
  const live = useLiveDrafts(renderAgain)
  const refresh = useCallback<Refresh>(
    (payload) => {
      // 'mutation': the studio saw the draft change, already announced by the live events when they flow.
      if (payload.source === 'mutation' && live.current) return false
      // 'manual': the studio's refresh button.
      if (payload.source !== 'mutation' && payload.source !== 'manual') return false
      router.refresh()
      return new Promise<void>((resolve) => setTimeout(resolve, REFRESH_SETTLE_MS))
    },
    [router, live],
  )
  const onPerspectiveChange = useCallback((perspective: Parameters<typeof perspectiveChangeAction>[0]) => {
    void perspectiveChangeAction(perspective)
  }, [])
  return <VisualEditing trailingSlash refresh={refresh} onPerspectiveChange={onPerspectiveChange} />
}
