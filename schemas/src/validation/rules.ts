/**
 * Validation that needs the dataset: slugs unique per type, version and language (links are checked
 * by ./published-links.ts, with the site's route rules). Run by the studio (and by the dataset test
 * with a stand-in client), through the validation context's client.
 */
import type {CustomValidator} from '@sanity/types'
import {SANITY_API_VERSION} from '../model'

export const VALIDATION_API_VERSION = SANITY_API_VERSION

/** Fields that, with the document type, scope a slug: a doc slug repeats across versions and languages. */
export type SlugScope = readonly ('version' | 'language')[]

function publishedId(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
}

/**
 * A custom rule: no other document of the same type (and the same values of `scope`) has this
 * value in `field`. The document's draft and published versions count as one.
 */
export function uniqueInScope(field: string, scope: SlugScope): CustomValidator<string | undefined> {
  return async (value, context) => {
    const document = context.document
    if (!value || !document) return true
    const id = publishedId(document._id)
    const params: Record<string, unknown> = {type: document._type, value, id, draft: `drafts.${id}`}
    const conditions = ['_type == $type', `${field} == $value`, '!(_id in [$id, $draft])', '!(_id in path("versions.**"))']
    for (const key of scope) {
      params[key] = (document as Record<string, unknown>)[key] ?? null
      conditions.push(`${key} == $${key}`)
    }
    const client = context.getClient({apiVersion: VALIDATION_API_VERSION})
    const clash = await client.fetch<string | null>(`*[${conditions.join(' && ')}][0]._id`, params)
    if (!clash) return true
    const where = scope.map((key) => `${key} ${String(params[key])}`).join(', ')
    return `Another ${document._type} already uses "${value}"${where ? ` (${where})` : ''}: ${publishedId(clash)}`
  }
}
