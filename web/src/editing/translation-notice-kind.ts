// Which notice a page needs about its language: plain logic, shared by the page and by tests outside the web app.
import {translationStatus, type TranslatableDocument} from '@site/schemas'
import type {Locale} from '@site/schemas/model'

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
