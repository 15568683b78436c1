/** "View on site": opens the document's page on the site (SANITY_STUDIO_SITE_URL). */
import {useEffect, useState} from 'react'
import {type DocumentActionComponent, useClient} from 'sanity'
import {studioEnv} from '../env'
import {siteUrlFor, type SiteDocument} from '../site-url'

const API_VERSION = '2025-02-19'

export const ViewOnSiteAction: DocumentActionComponent = (props) => {
  const client = useClient({apiVersion: API_VERSION})
  const [latest, setLatest] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (props.type !== 'release') return
    let live = true
    client
      .fetch<string | null>(`*[_type == "docsVersion" && isLast][0].path`)
      .then((path) => live && setLatest(path ?? undefined))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [client, props.type])
  // The published page is what readers see; a never-published draft has no page yet.
  const document = props.published as SiteDocument | null
  const url = document ? siteUrlFor(document, studioEnv.siteUrl, latest) : null
  return {
    label: 'View on site',
    title: url ? url : 'Publish the document first: it has no page on the site yet',
    disabled: !url,
    onHandle: () => {
      if (url) window.open(url, '_blank', 'noopener')
      props.onComplete()
    },
  }
}
