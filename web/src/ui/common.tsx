// Pieces shared by the content pages: body preparation that fails the build on bad content, the translation notice, dates.
import type {Locale} from '@site/schemas/model'
import {prepareBody, type PreparedBody} from '../portable-text/prepare'
import type {RichBody} from '../portable-text/types'
import type {SiteContext} from '../site/context'

/** Prepares a body for rendering; refused embeds stop the build with the document named. */
export async function prepareOrFail(body: RichBody | null | undefined, context: SiteContext, document: string): Promise<PreparedBody> {
  const prepared = await prepareBody(body, {locale: context.locale, translator: context.translator, document})
  if (prepared.problems.length > 0) throw new Error(`Content that cannot be published:\n${prepared.problems.join('\n')}`)
  return prepared
}

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
