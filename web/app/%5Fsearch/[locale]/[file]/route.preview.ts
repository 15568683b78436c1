// The preview server (SITE_PREVIEW=1): the embedded search index of a locale at /_search/, as next dev
// serves it (route.dev.ts). Without draft mode it is built from the published content and kept a few
// seconds for every visitor; in draft mode, from the drafts the editor sees (read without click-to-edit
// markers), rebuilt every few seconds and kept apart, never served to a visitor without draft mode.
import {draftMode} from 'next/headers'
import {devSearchIndexFile, draftSearchIndexFile} from '@/build/dev-client'
import {withoutMarkers} from '@site/content-source/preview-source'

export const dynamic = 'force-dynamic'

export async function GET(_request: Request, {params}: {params: Promise<{locale: string; file: string}>}): Promise<Response> {
  const {locale, file} = await params
  const drafts = (await draftMode()).isEnabled
  const json = drafts ? await withoutMarkers(() => draftSearchIndexFile(locale, file)) : await devSearchIndexFile(locale, file)
  if (json === null) return new Response(`No search index file /_search/${locale}/${file}`, {status: 404})
  // Each visitor's own answer: a cache between the preview and the browser must not hand drafts to someone else.
  return new Response(json, {headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': drafts ? 'private, no-store' : 'no-store'}})
}
