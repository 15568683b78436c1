// The navbar's search entry: a link to the search page.
import {routeUrl} from '../routing/routes'
import type {SiteContext} from '../site/context'

export function SearchButton({context}: {context: SiteContext}) {
  return (
    <a className="navbar-link navbar-search" href={routeUrl({kind: 'search', locale: context.locale})}>
      {context.t('search.button')}
    </a>
  )
}
