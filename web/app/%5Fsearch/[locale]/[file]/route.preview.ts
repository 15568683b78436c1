// The preview server (SITE_PREVIEW=1): the embedded search index of a locale at /_search/, as next dev
// serves it (route.dev.ts), built from the published content and kept a few seconds for every visitor.
// Not in draft mode: the index would then be built from drafts (with click-to-edit markers) and could be
// kept for a visitor without draft mode; the search box says it has no index.
import {draftMode} from 'next/headers'
import {devSearchIndexFile} from '@/build/dev-client'

export const dynamic = 'force-dynamic'

export async function GET(_request: Request, {params}: {params: Promise<{locale: string; file: string}>}): Promise<Response> {
  const {locale, file} = await params
  if ((await draftMode()).isEnabled)
    return new Response('The preview serves no search index in draft mode (it would be built from drafts)\n', {
      status: 404,
      headers: {'content-type': 'text/plain; charset=utf-8'},
    })
  const json = await devSearchIndexFile(locale, file)
  if (json === null) return new Response(`No search index file /_search/${locale}/${file}`, {status: 404})
  return new Response(json, {headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store'}})
}
