/**
 * "Mark translation current": after updating a translation, the editor records that it now matches
 * its source (the source's fingerprint and today's date), which clears the stale status everywhere.
 */
import {translationFingerprint} from '@site/schemas'
import {type DocumentActionComponent, useClient, useDocumentOperation} from 'sanity'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION

interface Translated {
  language?: string
  translation?: {source?: {_ref?: string}; sourceRevision?: string}
}

export const MarkTranslationCurrentAction: DocumentActionComponent = (props) => {
  const client = useClient({apiVersion: API_VERSION})
  const {patch} = useDocumentOperation(props.id, props.type)
  const document = (props.draft ?? props.published) as Translated | null
  const sourceId = document?.translation?.source?._ref
  if (!document || !sourceId) return null
  return {
    label: 'Mark translation current',
    title: 'Record that this translation matches its source as published now',
    disabled: Boolean(patch.disabled),
    onHandle: () => {
      client
        .fetch<Record<string, unknown> | null>(`*[_id == $id][0]`, {id: sourceId})
        .then((source) => {
          if (source) {
            patch.execute([{set: {'translation.sourceRevision': translationFingerprint(source), 'translation.translatedAt': new Date().toISOString()}}])
          }
        })
        // The source could not be read (offline, no access): nothing is recorded, and the console says why.
        .catch((error: unknown) => console.error('Mark translation current: the source document could not be read', error))
        .finally(() => props.onComplete())
    },
  }
}
