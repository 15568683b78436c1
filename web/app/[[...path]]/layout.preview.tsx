// The preview server's root layout: the site's, plus the visual-editing bridge (click-to-edit overlays,
// the Presentation tool's navigation, a new render at each edit) when the request is in draft mode.
import type {ReactNode} from 'react'
import {draftMode} from 'next/headers'
import {PreviewBridge} from '@/editing/preview-bridge'
import RootLayout from './layout'

export default async function PreviewLayout({children, params}: {children: ReactNode; params: Promise<{path?: string[]}>}) {
  const {isEnabled} = await draftMode()
  return RootLayout({
    params,
    children: (
      <>
        {children}
        {isEnabled ? <PreviewBridge /> : null}
      </>
    ),
  })
}
