// The notice readers see on a page shown in English under another locale, or on an outdated translation.
import {translationNoticeKind, type TranslationState} from './translation-notice-kind'
import type {SiteContext} from '../site/context'

export {translationNoticeKind, type TranslationState}

/** Tells readers they see the English original (missing translation) or an outdated translation. */
export function TranslationNotice({context, content, sourceHref}: {context: SiteContext; content: TranslationState; sourceHref: string}) {
  const kind = translationNoticeKind(content, context.locale)
  if (kind === 'missing') {
    return (
      <p role="note" className="translation-notice" lang={context.localeInfo.htmlLang}>
        {context.t('translation.missing')}
      </p>
    )
  }
  if (kind === 'stale') {
    return (
      <p role="note" className="translation-notice translation-stale">
        {context.t('translation.stale')} <a href={sourceHref}>{context.t('translation.readSource')}</a>
      </p>
    )
  }
  return null
}
