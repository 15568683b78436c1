// The notice readers see on a page shown in English under another locale, or on an outdated translation.
import type {Locale} from '@site/schemas/model'
import type {SiteContext} from '../site/context'

interface TranslationState {
  language: Locale | null
  translation: {sourceRevision: string | null; source: {_rev: string} | null} | null
}

/** Tells readers they see the English original (missing translation) or an outdated translation. */
export function TranslationNotice({context, content, sourceHref}: {context: SiteContext; content: TranslationState; sourceHref: string}) {
  if (content.language !== context.locale) {
    return <p role="note" className="translation-notice" lang={context.localeInfo.htmlLang}>{context.t('translation.missing')}</p>
  }
  const origin = content.translation
  if (origin?.source?._rev && origin.sourceRevision && origin.sourceRevision !== origin.source._rev) {
    return (
      <p role="note" className="translation-notice translation-stale">
        {context.t('translation.stale')} <a href={sourceHref}>{context.t('translation.readSource')}</a>
      </p>
    )
  }
  return null
}
