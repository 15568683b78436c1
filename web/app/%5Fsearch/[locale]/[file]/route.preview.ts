// The preview server (SITE_PREVIEW=1): the embedded search index of a locale at /_search/, as next dev
// serves it (route.dev.ts), built from the published content the server reads.
import {devSearchIndexFile} from '@/build/dev-client'

export const dynamic = 'force-dynamic'

export async function GET(_request: Request, {params}: {params: Promise<{locale: string; file: string}>}): Promise<Response> {
  const {locale, file} = await params
  const json = await devSearchIndexFile(locale, file)
  if (json === null) return new Response(`No search index file /_search/${locale}/${file}`, {status: 404})
  return new Response(json, {headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store'}})
}
