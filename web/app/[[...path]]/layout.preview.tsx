// The preview server's root layout: the site's, plus the page script (menus, colour mode, tabs, copy
// buttons, search: the export's behaviours, served by app/%5Fsite/dev/[file]/route.preview.ts) and, in
// draft mode, the visual-editing bridge (click-to-edit overlays, the Presentation tool's navigation, a
// new render at each change of a draft).
import type {ReactNode} from 'react'
import {draftMode} from 'next/headers'
import {DEV_SCRIPT_DIR} from '@/components/dev-script-files'
import {PreviewBridge} from '@/editing/preview-bridge'
import RootLayout from './layout'

export default async function PreviewLayout({children, params}: {children: ReactNode; params: Promise<{path?: string[]}>}) {
  const {isEnabled} = await draftMode()
  return RootLayout({
    params,
    children: (
      <>
        {children}
        {/* Starts once React has hydrated the page (src/client/dev-main.ts), as under next dev. */}
        <script type="module" src={`${DEV_SCRIPT_DIR}/main.js`} />
        {isEnabled ? <PreviewBridge /> : null}
      </>
    ),
  })
}
