/** A document's badge with the state of its last publish: waiting to go live, live since …, refused, failed. */
import type {DocumentBadgeDescription, DocumentBadgeProps} from 'sanity'
import {documentPublishState, LAST_PUBLISH_QUERY, publishBadge, publishedIdOf, type PublishStatus} from './publish-status'
import {useLiveQuery} from './use-live-query'

export function PublishStatusBadge(props: DocumentBadgeProps): DocumentBadgeDescription | null {
  const last = useLiveQuery<{status: PublishStatus | null}>(LAST_PUBLISH_QUERY, {id: publishedIdOf(props.id)})
  if (last.state !== 'loaded') return null
  return publishBadge(documentPublishState(last.value.status, props.id, props.published?._rev))
}
