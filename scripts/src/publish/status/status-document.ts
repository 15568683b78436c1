/**
 * A publish's status document (schemas' `publishStatus`), built from what the publish tells as it goes (the events
 * of publish/src/publish-events.ts) and from how its run ended. Pure: the service (./publish-status-service.ts)
 * decides when to write it.
 */
import {
  PUBLISH_STATUS_ID_PREFIX,
  PUBLISH_STATUS_TYPE,
  type PublishStatusDocument,
  type PublishStatusEntry,
  type PublishStatusStep,
  type PublishStep,
  type StatusProblem,
} from '@site/schemas'
import type {PublishEvent} from '@site/publish/publish-events'

/** How a run ended, as the webhook's queue records it. */
export interface RunOutcome {
  ok: boolean
  finishedAt: string
  failedStep?: string
  exitCode?: number
  timedOut?: boolean
}

export const statusIdOf = (runId: string) => `${PUBLISH_STATUS_ID_PREFIX}${runId}`

/** A key for an array item, stable for a given text (Sanity needs one per item of an array of objects). */
export function keyOf(text: string): string {
  let hash = 0
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  return `k${(hash >>> 0).toString(36)}`
}

export function documentEntry(change: {id: string; type?: string; operation?: string}, title?: string): PublishStatusEntry {
  return {
    _key: keyOf(change.id),
    _type: 'publishedDocument',
    documentId: change.id,
    ...(change.type ? {documentType: change.type} : {}),
    ...(change.operation ? {operation: change.operation} : {}),
    ...(title ? {title} : {}),
  }
}

export function newStatus(run: {
  runId: string
  startedAt: string
  trigger: PublishStatusDocument['trigger']
  documents: readonly PublishStatusEntry[]
  retryOf?: string
}): PublishStatusDocument {
  return {
    _id: statusIdOf(run.runId),
    _type: PUBLISH_STATUS_TYPE,
    runId: run.runId,
    state: 'running',
    trigger: run.trigger,
    startedAt: run.startedAt,
    documents: [...run.documents],
    steps: [],
    ...(run.retryOf ? {retryOf: run.retryOf} : {}),
  }
}

/** The status with more documents (each once; a known title kept). */
export function withDocuments(status: PublishStatusDocument, entries: readonly PublishStatusEntry[]): PublishStatusDocument {
  const byId = new Map(status.documents.map((entry) => [entry.documentId, entry]))
  for (const entry of entries) byId.set(entry.documentId, {...byId.get(entry.documentId), ...entry})
  return {...status, documents: [...byId.values()]}
}

const iso = (at: number) => new Date(at).toISOString()

function closeRunningStep(steps: readonly PublishStatusStep[], at: number, state: 'done' | 'failed'): PublishStatusStep[] {
  return steps.map((step) => (step.state === 'running' ? {...step, state, finishedAt: iso(at)} : step))
}

/** The status after one event of the publish. */
export function applyEvent(status: PublishStatusDocument, event: PublishEvent): PublishStatusDocument {
  switch (event.event) {
    case 'step': {
      const steps = closeRunningStep(status.steps, event.at, 'done')
      const name: PublishStep = event.step
      steps.push({_key: keyOf(`${name}-${steps.length}`), _type: 'publishStep', name, state: 'running', startedAt: iso(event.at)})
      return {
        ...status,
        steps,
        ...(name === 'build' ? {mode: 'full' as const} : {}),
        ...(name === 'plan' && !status.mode ? {mode: 'incremental' as const} : {}),
      }
    }
    case 'plan':
      return event.mode === 'full'
        ? {...status, mode: 'full', ...(event.reason ? {fullReason: event.reason} : {})}
        : {...status, mode: 'incremental', routesRendered: event.count ?? event.routes?.length ?? 0, routes: event.routes ?? []}
    case 'rendered':
      return {...status, routesRendered: event.count}
    case 'live':
      return {
        ...status,
        state: 'live',
        steps: closeRunningStep(status.steps, event.at, 'done'),
        finishedAt: iso(event.at),
        durationMs: event.at - Date.parse(status.startedAt),
      }
    case 'refused':
      return {...status, state: 'refused', steps: closeRunningStep(status.steps, event.at, 'failed')}
    case 'failed':
      return {...status, steps: closeRunningStep(status.steps, event.at, 'failed')}
    case 'links-refused':
      return status
  }
}

/** What the editors read about a failed step, by the command that failed. */
function failureReason(outcome: RunOutcome): string {
  const step = outcome.failedStep ?? 'a step'
  const how = outcome.timedOut ? 'ran out of time' : `failed (exit code ${outcome.exitCode ?? '?'})`
  if (/search:index/.test(step)) return `The site is live, but the search index was not updated: its update ${how}. The next publish updates it.`
  return `The site could not be rebuilt: "${step}" ${how}. Readers still see the site as it was before this publish. Retry it; if it fails again, the publish service's log says why.`
}

/** What the editors read about a step that failed after the new pages went live. */
function afterLiveReason(outcome: RunOutcome): string {
  if (/search:index/.test(outcome.failedStep ?? '')) return failureReason(outcome)
  const how = outcome.timedOut ? 'ran out of time' : `failed (exit code ${outcome.exitCode ?? '?'})`
  return `The new pages are live, but "${outcome.failedStep ?? 'a later step'}" ${how} afterwards. The publish service's log says why.`
}

/** The status once the run has ended: its final state, its duration, and why when it is not live. */
export function finishStatus(status: PublishStatusDocument, outcome: RunOutcome, problems: readonly StatusProblem[] = []): PublishStatusDocument {
  const at = Date.parse(outcome.finishedAt)
  const steps = closeRunningStep(status.steps, at, outcome.ok ? 'done' : 'failed')
  // Live since the swap (the time editors wait for), even when a later step such as the search index failed.
  const durationMs = status.durationMs ?? at - Date.parse(status.startedAt)
  const finishedAt = status.finishedAt ?? outcome.finishedAt
  if (status.state === 'refused')
    return {
      ...status,
      steps,
      finishedAt: outcome.finishedAt,
      durationMs: at - Date.parse(status.startedAt),
      problems: [...problems],
      reason:
        problems.length > 0
          ? `The link check refused this publish: ${problems.length === 1 ? 'a link leads' : `${problems.length} links lead`} nowhere. Readers still see the site as it was. Fix ${problems.length === 1 ? 'it' : 'them'}, then publish again or retry.`
          : 'The link check refused this publish. Readers still see the site as it was.',
    }
  if (status.state === 'live' || outcome.ok)
    return {...status, state: 'live', steps, finishedAt, durationMs, ...(outcome.ok ? {} : {reason: afterLiveReason(outcome)})}
  return {...status, state: 'failed', steps, finishedAt: outcome.finishedAt, durationMs: at - Date.parse(status.startedAt), reason: failureReason(outcome)}
}
