/**
 * What a page's address on the site is made of, read once per component from the dataset: the locale table, the
 * published docs versions, and where the site serves the docs and the blog (see site-url.ts). Used by "View on
 * site" and by the publish status's page links.
 */
import {useEffect, useState} from 'react'
import {useClient} from 'sanity'
import {blogPathOf, docsPathOf, type LocaleTable, SANITY_API_VERSION} from '@site/schemas/model'
import {studioEnv} from './env'
import {fetchLocaleTable} from './locales'
import {siteUrlFor, type SitePlaces, type SiteDocument, type SiteVersion} from './site-url'

const PLACES_QUERY = `{"versions": *[_type == "docsVersion" && !(_id in path("drafts.**"))]{path, urlPath, docsPath, isLast, mainDoc}, "docsPath": *[_id == "siteSettings"][0].docsPath, "blogPath": *[_id == "siteSettings"][0].blog.path}`

export interface SiteAddressing {
  table: LocaleTable
  places: SitePlaces
}

/** The locale table and the site's places; null until both are read. */
export function useSitePlaces(): SiteAddressing | null {
  const client = useClient({apiVersion: SANITY_API_VERSION})
  const [value, setValue] = useState<SiteAddressing | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([
      fetchLocaleTable((query, params) => client.fetch(query, params ?? {})),
      client.fetch<{versions: SiteVersion[] | null; docsPath: string | null; blogPath: string | null}>(PLACES_QUERY),
    ])
      .then(([table, result]) => {
        if (live) setValue({table, places: {versions: result?.versions ?? [], docsPath: docsPathOf(result?.docsPath), blogPath: blogPathOf(result?.blogPath)}})
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [client])
  return value
}

/** A document's page on the site (SANITY_STUDIO_SITE_URL), or null when it has none or the places are not read yet. */
export function pageUrlOf(document: SiteDocument | null | undefined, addressing: SiteAddressing | null): string | null {
  return document && addressing ? siteUrlFor(document, studioEnv.siteUrl, addressing.table, addressing.places) : null
}
