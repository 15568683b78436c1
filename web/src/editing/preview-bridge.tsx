'use client'
/**
 * The preview's bridge to the studio's Presentation tool, rendered in draft mode only (never in the
 * export): click-to-edit overlays on the marked strings, navigation kept in step with the studio,
 * and a fresh server render whenever the studio reports a change of the edited documents, so that
 * what the editor types shows in the preview.
 */
import {useRouter} from 'next/navigation'
import {useCallback} from 'react'
import {VisualEditing} from 'next-sanity/visual-editing/client-component'
import type {VisualEditingProps} from 'next-sanity/visual-editing/client-component'

type Refresh = NonNullable<VisualEditingProps['refresh']>

/** Time given to a refresh before the studio may ask for the next one. */
const REFRESH_SETTLE_MS = 250

export function PreviewBridge() {
  const router = useRouter()
  const refresh = useCallback<Refresh>(
    (payload) => {
      // 'mutation': the studio saw the draft change (the editor typing); 'manual': its refresh button.
      if (payload.source !== 'mutation' && payload.source !== 'manual') return false
      router.refresh()
      return new Promise<void>((resolve) => setTimeout(resolve, REFRESH_SETTLE_MS))
    },
    [router],
  )
  return <VisualEditing trailingSlash refresh={refresh} />
}
