// The notice readers see on a page shown in English under another locale, or on an outdated translation.
import {translationStatus, type TranslatableDocument} from '@site/schemas'
import type {Locale} from '@site/schemas/model'
import type {SiteContext} from '../site/context'

export interface TranslationState {
  language: Locale | null
  translation: {sourceRevision: string | null; source: TranslatableDocument | null} | null
}

/**
 * What to tell readers about the page's language: 'missing' when they see the default-locale
 * original in place of a translation, 'stale' when the translation's source changed after it
 * was made (translationStatus over the source's translatable content), else nothing.
 */
export function translationNoticeKind(content: TranslationState, locale: Locale): 'missing' | 'stale' | null {
  if (content.language !== locale) return 'missing'
  const origin = content.translation
  // A document without a source is an original (or a translation whose source is gone): nothing to compare.
  if (!origin?.source) return null
  return translationStatus(origin.source, {translation: origin}) === 'stale' ? 'stale' : null
}

/** Tells readers they see the English original (missing translation) or an outdated translation. */
export function TranslationNotice({context, content, sourceHref}: {context: SiteContext; content: TranslationState; sourceHref: string}) {
  const kind = translationNoticeKind(content, context.locale)
  if (kind === 'missing') {
    return <p role="note" className="translation-notice" lang={context.localeInfo.htmlLang}>{context.t('translation.missing')}</p>
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
