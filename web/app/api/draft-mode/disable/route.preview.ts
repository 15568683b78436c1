// Leaves draft mode: the preview shows the published content again.
import {draftMode} from 'next/headers'
import {NextResponse, type NextRequest} from 'next/server'

export async function GET(request: NextRequest): Promise<Response> {
  ;(await draftMode()).disable()
  return NextResponse.redirect(new URL('/', request.url))
}

export const dynamic = 'force-dynamic'
