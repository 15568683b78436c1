'use client'
/** Replaces the search page's plain form with the search UI once it has loaded (on this page only). */
import {useEffect, useState, type ComponentType} from 'react'
import type {SiteSearchClient} from './search-client'
import type {SearchPageUiProps} from './search-page-ui'
import type {SearchUiProps} from './search-props'

export function SearchPageLoader({props, children}: {props: SearchUiProps; children: React.ReactNode}) {
  const [loaded, setLoaded] = useState<{Page: ComponentType<SearchPageUiProps>; search: SiteSearchClient} | null>(null)
  useEffect(() => {
    let live = true
    void Promise.all([import('./search-page-ui'), import('./search-client')]).then(([page, client]) =>
      client.siteSearchClient(props.locale).then((search) => {
        if (live) setLoaded({Page: page.SearchPageUi, search})
      }),
    )
    return () => {
      live = false
    }
  }, [props.locale])
  return loaded ? <loaded.Page props={props} search={loaded.search} /> : <>{children}</>
}
