/** "View on site": opens the document's page on the site (SANITY_STUDIO_SITE_URL). */
import {useEffect, useState} from 'react'
import {type DocumentActionComponent, useClient} from 'sanity'
import {docsPathOf, type LocaleTable} from '@site/schemas/model'
import {studioEnv} from '../env'
import {loadLocaleTable} from '../locales'
import {siteUrlFor, type SiteDocument, type SiteVersion} from '../site-url'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION

export const ViewOnSiteAction: DocumentActionComponent = (props) => {
  const client = useClient({apiVersion: API_VERSION})
  const [docs, setDocs] = useState<{versions: SiteVersion[]; docsPath: string | null}>({versions: [], docsPath: null})
  const [table, setTable] = useState<LocaleTable | null>(null)
  useEffect(() => {
    let live = true
    loadLocaleTable((query, params) => client.fetch(query, params ?? {}))
      .then((loaded) => live && setTable(loaded))
      .catch(() => undefined)
    if (props.type === 'release' || props.type === 'doc' || props.type === 'docsVersion') {
      // Docs and the changelog are addressed through where the docs are served and their version's URL path.
      client
        .fetch<{versions: SiteVersion[] | null; docsPath: string | null}>(`{"versions": *[_type == "docsVersion" && !(_id in path("drafts.**"))]{path, urlPath, isLast, mainDoc}, "docsPath": *[_id == "siteSettings"][0].docsPath}`)
        .then((result) => live && setDocs({versions: result?.versions ?? [], docsPath: result?.docsPath ?? null}))
        .catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [client, props.type])
  // The published page is what readers see; a never-published draft has no page yet.
  const document = props.published as SiteDocument | null
  const url = document && table ? siteUrlFor(document, studioEnv.siteUrl, table, docs.versions, docsPathOf(docs.docsPath)) : null
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
