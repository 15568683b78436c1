// Development only (next dev reads *.dev.ts, next build does not: see next.config.ts): the page
// script and the search island at /_site/dev/, bundled from the current sources on each request.
import {devClientFile} from '@/build/dev-client'
import {DEV_FILES} from '@/components/dev-script-files'

export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams(): Array<{file: string}> {
  return DEV_FILES.map((file) => ({file}))
}

export async function GET(_request: Request, {params}: {params: Promise<{file: string}>}): Promise<Response> {
  const {file} = await params
  const known = DEV_FILES.find((candidate) => candidate === file)
  if (!known) return new Response(`No development file ${file}`, {status: 404})
  const {body, contentType} = await devClientFile(known)
  return new Response(body, {headers: {'content-type': contentType, 'cache-control': 'no-store'}})
}
