/**
 * The publish service's status documents as the studio shows them (schemas' `publishStatus`, written by the service
 * only): the queries, and what a document's badge and banner say about its last publish. Pure, so that it is tested
 * on its own.
 */
import type {DocumentBadgeDescription} from 'sanity'
import type {PublishState, PublishStatusDocument} from '@site/schemas'

/**
 * A status document as the studio's queries return it (without its `_type`). Its lists are optional: a document
 * written by an older service, or still being written, may lack them.
 */
export type PublishStatus = Omit<PublishStatusDocument, '_type' | 'documents' | 'steps'> & Partial<Pick<PublishStatusDocument, 'documents' | 'steps'>>

const FIELDS = `_id, runId, state, trigger, mode, fullReason, startedAt, finishedAt, durationMs, documents, release, steps, routesRendered, routes, reason, problems, retryOf`

/** The newest publishes, newest first. */
export const RECENT_PUBLISHES_QUERY = `*[_type == "publishStatus"] | order(startedAt desc)[0...50]{${FIELDS}}`

/** A document's last publish (the newest status that lists it), and the retries editors asked for. */
export const LAST_PUBLISH_QUERY = `{
  "status": *[_type == "publishStatus" && $id in documents[].documentId] | order(startedAt desc)[0]{${FIELDS}},
  "requests": *[_type == "publishRequest"].retryOf
}`

/** The published id of a draft or version id. */
export function publishedIdOf(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
}

/** `14:03` today, `28 Nov, 14:03` on another day, in the editor's time zone. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  const time = date.toLocaleTimeString('en-GB', {hour: '2-digit', minute: '2-digit'})
  return date.toDateString() === now.toDateString() ? time : `${date.toLocaleDateString('en-GB', {day: 'numeric', month: 'short'})}, ${time}`
}

export function seconds(ms: number | undefined): string {
  return ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`
}

/** The state an editor reads: Live, Publishing, Refused, Failed. */
export const STATE_LABELS: Record<PublishState, string> = {running: 'Publishing…', live: 'Live', refused: 'Refused', failed: 'Failed'}
export const STATE_TONES: Record<PublishState, 'positive' | 'primary' | 'critical' | 'caution'> = {
  running: 'primary',
  live: 'positive',
  refused: 'critical',
  failed: 'critical',
}

/**
 * Where a document's last publish is: waiting (a publish is running, or the published revision is newer than the
 * one the last publish took: one is still to come), live, refused or failed; null when no publish lists it.
 */
export type DocumentPublishState = {kind: 'waiting'; since?: string} | {kind: 'live'; since: string} | {kind: 'refused' | 'failed'; reason: string}

export function documentPublishState(status: PublishStatus | null | undefined, id: string, publishedRevision: string | undefined): DocumentPublishState | null {
  if (!status) return null
  const entry = status.documents?.find((candidate) => candidate.documentId === publishedIdOf(id))
  if (status.state === 'running') return {kind: 'waiting', since: status.startedAt}
  if (publishedRevision && entry?.revision && entry.revision !== publishedRevision) return {kind: 'waiting'}
  if (status.state === 'live') return {kind: 'live', since: status.finishedAt ?? status.startedAt}
  const mine = status.problems?.find((problem) => problem.documentId === publishedIdOf(id))
  return {
    kind: status.state,
    reason: mine?.message ?? status.reason ?? (status.state === 'refused' ? 'The link check refused the publish.' : 'The publish failed.'),
  }
}

/** The badge of a document's last publish. */
export function publishBadge(state: DocumentPublishState | null, now: Date = new Date()): DocumentBadgeDescription | null {
  if (!state) return null
  switch (state.kind) {
    case 'waiting':
      return {label: 'Waiting to go live', color: 'primary', title: 'Published in the studio; the site is being rebuilt with it'}
    case 'live':
      return {label: `Live since ${shortTime(state.since, now)}`, color: 'success', title: `On the site since ${new Date(state.since).toLocaleString('en-GB')}`}
    case 'refused':
      return {label: 'Publish refused', color: 'danger', title: state.reason}
    case 'failed':
      return {label: 'Publish failed', color: 'danger', title: state.reason}
  }
}
