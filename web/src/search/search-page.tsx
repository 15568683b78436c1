// The /search page. Without JavaScript it is a plain GET form; the search UI replaces it once loaded.
import {routeUrl} from '@site/schemas/routing'
import type {SiteContext} from '../site/context'

export async function SearchPage({context}: {context: SiteContext}) {
  const {t, locale} = context
  return (
    <div id="search-page-root">
      <main className="container search-page">
        <h1>{t('search.pageTitleEmpty')}</h1>
        <form action={routeUrl(context.routing, {kind: 'search', locale})} method="get" role="search" className="search-form">
          <input type="search" name="q" aria-label={t('search.placeholder')} placeholder={t('search.placeholder')} />
          <button type="submit" className="button button-primary">
            {t('search.button')}
          </button>
        </form>
      </main>
    </div>
  )
}
