// Development only (see next.config.ts): the embedded search index of a locale at /_search/, as the
// export writes it after next build (web/src/build/search-index.ts), built from the current dataset.
import {devSearchIndexFile, devSearchIndexFiles} from '@/build/dev-client'

export const dynamic = 'force-static'
export const dynamicParams = false

export async function generateStaticParams(): Promise<Array<{locale: string; file: string}>> {
  return devSearchIndexFiles()
}

export async function GET(_request: Request, {params}: {params: Promise<{locale: string; file: string}>}): Promise<Response> {
  const {locale, file} = await params
  const json = await devSearchIndexFile(locale, file)
  if (json === null) return new Response(`No search index file /_search/${locale}/${file}`, {status: 404})
  return new Response(json, {headers: {'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store'}})
}
