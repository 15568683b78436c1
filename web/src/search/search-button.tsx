/**
 * The navbar's search entry: a link to the search page, which the page script turns into the
 * modal, and the search UI's props as JSON for when it loads.
 */
import {scriptJson} from '../components/page-script'
import {CLASS, dataProps, ID, LOADING_LABELS_DATA} from '../components/seam'
import type {SiteContext} from '../site/context'
import {searchUiProps} from './search-props-server'

export async function SearchButton({context}: {context: SiteContext}) {
  const props = await searchUiProps(context)
  const {t} = context
  return (
    <>
      <a className={`navbar-link ${CLASS.navbarSearch}`} href={props.searchPageUrl} aria-keyshortcuts="Control+K Meta+K /" aria-haspopup="dialog">
        {props.messages['search.button']}
      </a>
      <script type="application/json" id={ID.searchProps} dangerouslySetInnerHTML={{__html: scriptJson(props)}} />
      <span
        hidden
        id={ID.searchLoadingLabels}
        {...dataProps(LOADING_LABELS_DATA, {loading: t('common.loading'), error: t('common.loadError'), retry: t('common.retry')})}
      />
    </>
  )
}
