/** "View on site": opens the document's page on the site (SANITY_STUDIO_SITE_URL). */
import {useEffect, useState} from 'react'
import {type DocumentActionComponent, useClient} from 'sanity'
import {blogPathOf, docsPathOf, type LocaleTable} from '@site/schemas/model'
import {studioEnv} from '../env'
import {fetchLocaleTable} from '../locales'
import {siteUrlFor, type SiteDocument, type SiteVersion} from '../site-url'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION

export const ViewOnSiteAction: DocumentActionComponent = (props) => {
  const client = useClient({apiVersion: API_VERSION})
  const [places, setPlaces] = useState<{versions: SiteVersion[]; docsPath: string | null; blogPath: string | null}>({
    versions: [],
    docsPath: null,
    blogPath: null,
  })
  const [table, setTable] = useState<LocaleTable | null>(null)
  useEffect(() => {
    let live = true
    fetchLocaleTable((query, params) => client.fetch(query, params ?? {}))
      .then((loaded) => live && setTable(loaded))
      .catch(() => undefined)
    if (props.type === 'release' || props.type === 'doc' || props.type === 'docsVersion' || props.type === 'blogPost') {
      // Docs and the changelog are addressed through where the docs are served and their version's URL path, posts through the blog's path.
      client
        .fetch<{versions: SiteVersion[] | null; docsPath: string | null; blogPath: string | null}>(
          `{"versions": *[_type == "docsVersion" && !(_id in path("drafts.**"))]{path, urlPath, docsPath, isLast, mainDoc}, "docsPath": *[_id == "siteSettings"][0].docsPath, "blogPath": *[_id == "siteSettings"][0].blog.path}`,
        )
        .then((result) => live && setPlaces({versions: result?.versions ?? [], docsPath: result?.docsPath ?? null, blogPath: result?.blogPath ?? null}))
        .catch(() => undefined)
    }
    return () => {
      live = false
    }
  }, [client, props.type])
  // The published page is what readers see; a never-published draft has no page yet.
  const document = props.published as SiteDocument | null
  const url =
    document && table
      ? siteUrlFor(document, studioEnv.siteUrl, table, {
          versions: places.versions,
          docsPath: docsPathOf(places.docsPath),
          blogPath: blogPathOf(places.blogPath),
        })
      : null
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
