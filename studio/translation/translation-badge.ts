/** A document badge with the translation status (see badgeSummary), kept up to date as the document changes. */
import {useEffect, useState} from 'react'
import {type DocumentBadgeDescription, type DocumentBadgeProps, useClient} from 'sanity'
import {fetchLocaleTable} from '../locales'
import {asReportDocument, badgeSummary, type ReportDocument} from './report'
import {SANITY_API_VERSION} from '@site/schemas/model'

const API_VERSION = SANITY_API_VERSION
const FIELDS = `_id, _type, language, title, slug, path, version, description, summary, body, sections, translation{sourceRevision, "source": source._ref}`
const RELATED_QUERY = `*[(_id in [$sourceId, "drafts." + $sourceId]) || translation.source._ref == $id]{${FIELDS}}`

export function TranslationStatusBadge(props: DocumentBadgeProps): DocumentBadgeDescription | null {
  const client = useClient({apiVersion: API_VERSION})
  const stored = props.draft ?? props.published
  const document = stored ? asReportDocument(stored) : null
  const [badge, setBadge] = useState<DocumentBadgeDescription | null>(null)
  const revision = document?._rev
  useEffect(() => {
    if (!document) return
    let live = true
    const sourceId = document.translation?.source ?? ''
    Promise.all([
      client.fetch<ReportDocument[]>(RELATED_QUERY, {id: props.id, sourceId}),
      fetchLocaleTable((query, params) => client.fetch(query, params ?? {})),
    ])
      .then(([related, table]) => {
        if (!live) return
        const summary = badgeSummary({...document, _id: props.id}, related, table)
        setBadge(summary)
      })
      .catch(() => live && setBadge({label: 'Translation status unknown', color: 'warning', title: 'Could not read the related documents'}))
    return () => {
      live = false
    }
    // The revision stands for the document's content: refetch when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revision, not the document object (a new one each render), says when to refetch
  }, [client, props.id, revision])
  return badge
}
