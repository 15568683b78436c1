// Draft mode is entered here only: the studio's Presentation tool opens this address with a secret it
// has just stored in the dataset (@sanity/preview-url-secret); the secret is checked with the read
// token, which never leaves the server, and the editor is sent on to the page asked for.
import {createClient} from 'next-sanity'
import {defineEnableDraftMode, type EnableDraftMode} from 'next-sanity/draft-mode'
import {contentEnv} from '@site/content-source/env'
import {readPreviewSettings} from '@site/content-source/preview-env'

let enable: EnableDraftMode | undefined

/** Made at the first request: the settings (and the token) are the running server's, never the build's. */
function enableDraftMode(): EnableDraftMode {
  const {projectId, dataset, apiVersion, apiHost, token} = readPreviewSettings(contentEnv())
  enable ??= defineEnableDraftMode({
    client: createClient({projectId, dataset, apiVersion, token, useCdn: false, ...(apiHost ? {apiHost, useProjectHostname: false} : {})}),
  })
  return enable
}

export function GET(request: Request): Promise<Response> {
  return enableDraftMode().GET(request)
}

export const dynamic = 'force-dynamic'
