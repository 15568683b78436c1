/**
 * The preview server's content: one transport per request, chosen by draft mode. In draft mode (entered
 * through the studio's signed preview URL, see app/api/draft-mode/) the studio's perspective with the read
 * token and stega markers: `drafts`, or a Content Release's stack (`rX,drafts`) when the editor previews a
 * release, as the Presentation tool sets it in the `sanity-preview-perspective` cookie; otherwise the published
 * content, as the public site shows it. Answers are shared within a request only, so an edit shows at the next render.
 */
import 'server-only'
import {AsyncLocalStorage} from 'node:async_hooks'
import {cache} from 'react'
import {contentEnv} from './env'
import {createSanityTransport, memoizeTransport, type ContentTransport} from './transports'
import {PREVIEW_PERSPECTIVE_COOKIE, previewPerspectiveOf, readPreviewSettings, STEGA_FIELDS, type PreviewSettings} from './preview-env'

let settings: PreviewSettings | undefined
const drafts = new Map<string, ContentTransport>()
let published: ContentTransport | undefined

function previewSettings(): PreviewSettings {
  settings ??= readPreviewSettings(contentEnv())
  return settings
}

/** The transport of draft mode: drafts (or a release stack) over published documents, strings of STEGA_FIELDS marked with their document and field. */
export function draftTransport(perspective: 'drafts' | 'published' | string[] = 'drafts'): ContentTransport {
  const key = Array.isArray(perspective) ? perspective.join(',') : perspective
  const known = drafts.get(key)
  if (known) return known
  const {studioUrl, ...config} = previewSettings()
  const transport = createSanityTransport({
    ...config,
    perspective,
    stega: {
      enabled: true,
      studioUrl,
      filter: (props) => {
        const field = props.sourcePath.at(-1)
        return typeof field === 'string' && STEGA_FIELDS.has(field) && props.filterDefault(props)
      },
    },
  })
  drafts.set(key, transport)
  return transport
}

/** The perspective of the request being rendered in draft mode, from the studio's cookie. */
async function requestPerspective(): Promise<'drafts' | 'published' | string[]> {
  const {cookies} = await import('next/headers')
  return previewPerspectiveOf((await cookies()).get(PREVIEW_PERSPECTIVE_COOKIE)?.value)
}

let plainDrafts: ContentTransport | undefined

/** Drafts over published documents without markers: what the preview's search index of drafts is built from. */
export function plainDraftTransport(): ContentTransport {
  const {studioUrl: _studio, ...config} = previewSettings()
  plainDrafts ??= createSanityTransport({...config, perspective: 'drafts'})
  return plainDrafts
}

/**
 * Reads made inside `load` in draft mode get the drafts without click-to-edit markers: the search index
 * of drafts holds the text as the editor typed it (a marker would be cut by the records' excerpts, and
 * searched for).
 */
const withoutMarkersScope = new AsyncLocalStorage<true>()
export function withoutMarkers<T>(load: () => Promise<T>): Promise<T> {
  return withoutMarkersScope.run(true, load)
}

/** The transport outside draft mode: published documents only, no markers. */
export function publishedTransport(): ContentTransport {
  const {studioUrl: _studio, ...config} = previewSettings()
  published ??= createSanityTransport({...config, perspective: 'published'})
  return published
}

/** Whether the request being rendered is in draft mode. */
export async function inDraftMode(): Promise<boolean> {
  const {draftMode} = await import('next/headers')
  return (await draftMode()).isEnabled
}

/** The transport of the request being rendered, memoized for that request only. */
export const requestTransport = cache(async (): Promise<ContentTransport> =>
  memoizeTransport(
    (await inDraftMode()) ? (withoutMarkersScope.getStore() ? plainDraftTransport() : draftTransport(await requestPerspective())) : publishedTransport(),
  ),
)
