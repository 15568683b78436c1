// The preview server (SITE_PREVIEW=1, see next.config.ts): the page script and the search island that
// next dev serves here too (route.dev.ts), bundled from the sources once per server, so that a
// previewed page behaves as the export's does (menus, colour mode, tabs, copy buttons, search).
import {devClientFile} from '@/build/dev-client'
import {DEV_FILES, type DevFile} from '@/components/dev-script-files'

export const dynamic = 'force-dynamic'

const bundled = new Map<DevFile, ReturnType<typeof devClientFile>>()

export async function GET(_request: Request, {params}: {params: Promise<{file: string}>}): Promise<Response> {
  const {file} = await params
  const known = DEV_FILES.find((candidate) => candidate === file)
  if (!known) return new Response(`No page script file ${file}`, {status: 404})
  let built = bundled.get(known)
  if (!built) {
    built = devClientFile(known)
    bundled.set(known, built)
    built.catch(() => bundled.delete(known))
  }
  const {body, contentType} = await built
  return new Response(body, {headers: {'content-type': contentType, 'cache-control': 'no-cache'}})
}
