// The navbar's search entry: a link to the search page, which the launcher turns into the modal.
import type {SiteContext} from '../site/context'
import {SearchLauncher} from './search-launcher'
import {searchUiProps} from './search-props-server'

export async function SearchButton({context}: {context: SiteContext}) {
  return <SearchLauncher props={await searchUiProps(context)} />
}
