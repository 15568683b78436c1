// The live updates of draft mode (see src/editing/live-relay.ts): the Live Content API's events with
// drafts, which need the read token, relayed to the editor's browser by the server that holds it.
// Outside draft mode there is nothing to relay: 401, as the API answers drafts asked without a token.
import {draftMode} from 'next/headers'
import {contentEnv} from '@site/content-source/env'
import {relayLiveEvents} from '@/editing/live-relay'
import {readPreviewSettings} from '@site/content-source/preview-env'

export async function GET(request: Request): Promise<Response> {
  if (!(await draftMode()).isEnabled)
    return new Response('Live updates of drafts are for draft mode, which the studio’s Presentation tool enters\n', {
      status: 401,
      headers: {'content-type': 'text/plain; charset=utf-8'},
    })
  return new Response(relayLiveEvents(readPreviewSettings(contentEnv()), request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: next start's compression would hold the events back in its buffer.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  })
}

export const dynamic = 'force-dynamic'
