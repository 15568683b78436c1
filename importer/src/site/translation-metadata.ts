/**
 * The `translation.metadata` documents of @sanity/document-internationalization: one per source
 * document with translations, listing every language's document, so that the studio's translation
 * menu shows the imported translations as linked.
 */
import {documentId} from '@site/schemas'
import type {ImportedTranslationMetadata, SanityDocument} from './sanity-document'

export const METADATA_TYPE = 'translation.metadata'

export function buildTranslationMetadata(documents: readonly SanityDocument[]): SanityDocument[] {
  const groups = new Map<string, SanityDocument[]>()
  for (const document of documents) {
    const origin = document.translation as {source?: {_ref?: unknown}} | undefined
    const sourceId = typeof origin?.source?._ref === 'string' ? origin.source._ref : undefined
    if (!sourceId) continue
    groups.set(sourceId, [...(groups.get(sourceId) ?? []), document])
  }
  const byId = new Map(documents.map((document) => [document._id, document]))
  const metadata: SanityDocument[] = []
  for (const [sourceId, translations] of groups) {
    const source = byId.get(sourceId)
    if (!source) continue
    const members = [source, ...translations.sort((a, b) => String(a.language).localeCompare(String(b.language)))]
    metadata.push({
      // Derived from the source, so a re-import updates the same metadata document.
      _id: documentId('translation-metadata', sourceId),
      _type: METADATA_TYPE,
      schemaTypes: [source._type],
      translations: members.map((member) => ({
        _key: String(member.language),
        _type: 'internationalizedArrayReferenceValue',
        language: member.language,
        value: {_type: 'reference', _ref: member._id},
      })),
    } satisfies ImportedTranslationMetadata)
  }
  return metadata
}
