// Pieces shared by the content pages: body preparation that fails the build on bad content.
import {prepareBody, type PreparedBody} from '../portable-text/prepare'
import type {RichBody} from '../portable-text/types'
import type {DocCard} from '../site/docs'
import type {SiteContext} from '../site/context'

/** Prepares a body for rendering; refused embeds stop the build with the document named. */
export async function prepareOrFail(
  body: RichBody | null | undefined,
  context: SiteContext,
  document: string,
  categoryCards?: readonly DocCard[],
): Promise<PreparedBody> {
  const prepared = await prepareBody(body, {
    locale: context.locale,
    locales: context.routing.locales,
    translator: context.translator,
    document,
    embedHosts: context.settings.embedHosts ?? [],
    ...(categoryCards ? {categoryCards} : {}),
  })
  if (prepared.problems.length > 0) throw new Error(`Content that cannot be published:\n${prepared.problems.join('\n')}`)
  return prepared
}
