/**
 * The navbar's search entry: a link to the search page, which the page script turns into the
 * modal, and the search UI's props as JSON for when it loads.
 */
import {scriptJson} from '../components/page-script'
import {SEARCH_PROPS_ID} from '../client/page-config'
import type {SiteContext} from '../site/context'
import {searchUiProps} from './search-props-server'

export async function SearchButton({context}: {context: SiteContext}) {
  const props = await searchUiProps(context)
  const {t} = context
  return (
    <>
      <a className="navbar-link navbar-search" href={props.searchPageUrl} aria-keyshortcuts="Control+K Meta+K /" aria-haspopup="dialog">
        {props.messages['search.button']}
      </a>
      <script type="application/json" id={SEARCH_PROPS_ID} dangerouslySetInnerHTML={{__html: scriptJson(props)}} />
      <span hidden id="search-loading-labels" data-loading={t('common.loading')} data-error={t('common.loadError')} data-retry={t('common.retry')} />
    </>
  )
}
