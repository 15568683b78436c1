/** "View on site": opens the document's page on the site (SANITY_STUDIO_SITE_URL). */
import {useEffect, useState} from 'react'
import {type DocumentActionComponent, useClient} from 'sanity'
import type {LocaleTable} from '@site/schemas/model'
import {studioEnv} from '../env'
import {loadLocaleTable} from '../locales'
import {siteUrlFor, type SiteDocument, type SiteVersion} from '../site-url'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION

export const ViewOnSiteAction: DocumentActionComponent = (props) => {
  const client = useClient({apiVersion: API_VERSION})
  const [versions, setVersions] = useState<SiteVersion[]>([])
  const [table, setTable] = useState<LocaleTable | null>(null)
  useEffect(() => {
    let live = true
    loadLocaleTable((query, params) => client.fetch(query, params ?? {}))
      .then((loaded) => live && setTable(loaded))
      .catch(() => undefined)
    if (props.type === 'release' || props.type === 'doc') {
      // Docs and the changelog are addressed through their version's URL path.
      client
        .fetch<SiteVersion[]>(`*[_type == "docsVersion" && !(_id in path("drafts.**"))]{path, urlPath, isLast}`)
        .then((rows) => live && setVersions(rows ?? []))
        .catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [client, props.type])
  // The published page is what readers see; a never-published draft has no page yet.
  const document = props.published as SiteDocument | null
  const url = document && table ? siteUrlFor(document, studioEnv.siteUrl, table, versions) : null
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
