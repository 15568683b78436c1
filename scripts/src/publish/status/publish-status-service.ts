/**
 * The editors' publish status: told of each run of the webhook's queue (a RunObserver), it writes one
 * `publishStatus` document per publish to the dataset with the service's write token, and keeps it up to date from
 * the events the publish's steps append to the file it names in SITE_PUBLISH_EVENTS: running → live, refused (the
 * broken links explained in the editors' words, ./explain-refusal.ts) or failed. A `publishRequest` (an editor's
 * retry) among the run's documents makes the run a retry of the publish it names; the request is removed once taken.
 *
 * Nothing here can fail or hold up a publish: writes happen beside the steps, each with a time limit, and a failed
 * write is logged and given up (the next event writes the status again).
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {
  linkTargetState,
  PUBLISH_REQUEST_ID_PREFIX,
  PUBLISH_REQUEST_TYPE,
  PUBLISH_STATUS_TYPE,
  type PublishStatusDocument,
  type StatusProblem,
} from '@site/schemas'
import {parsePublishEvents, PUBLISH_EVENTS_VARIABLE, type PublishEventBrokenLink} from '@site/publish/publish-events'
import type {DocumentChange, RunObserver, RunRecord, RunStart} from '../../sanity/webhook'
import {explainBrokenLinks, type ContentDocument, type TargetState} from './explain-refusal'
import {applyEvent, documentEntry, finishStatus, newStatus, statusIdOf, withDocuments} from './status-document'
import {sanityStatusStore, statusStoreSettings, type StatusStore} from './status-store'

export interface PublishStatusServiceOptions {
  store: StatusStore
  log?: (line: string) => void
  /** Where the events files go (the system's temporary folder by default). */
  eventsDir?: string
  /** How often a run's events file is read. */
  pollMs?: number
  /** Status documents kept; older ones are deleted after each run. */
  keep?: number
  /** What started a run that names no document (the receiver's first build, a publish run by hand). */
  triggerWithoutDocuments?: 'start' | 'manual' | 'full'
  /** How long a run's end waits for its last status write. */
  finalWriteTimeoutMs?: number
}

interface RunState {
  status: PublishStatusDocument
  file: string
  offset: number
  broken: PublishEventBrokenLink[]
  timer: NodeJS.Timeout
  writing: Promise<void> | null
  dirty: boolean
  /** A write failed: the next ones are tried only at events that change the state. */
  failedWrites: number
  /** The documents' titles, release and carried documents being read (the run's end waits for it, a while). */
  describing: Promise<void>
}

const isRequest = (change: DocumentChange) => change.type === PUBLISH_REQUEST_TYPE || change.id.startsWith(PUBLISH_REQUEST_ID_PREFIX)

/** The documents' titles and the revisions published. */
const TITLE_QUERY = `*[_id in $ids]{_id, _type, _rev, "title": coalesce(title, label[0].value, name, version, path, slug, _id)}`
const RELEASES_QUERY = `*[_type == "system.release" && state == "published"] | order(publishedAt desc)[0...20]{name, "title": metadata.title, publishedAt, "ids": finalDocumentStates[].id}`
const PLACES_QUERY = `*[_id == "siteSettings"][0]{"localePaths": locales[].path}`

export class PublishStatusService implements RunObserver {
  private readonly runs = new Map<string, RunState>()
  private readonly store: StatusStore
  private readonly log: (line: string) => void
  private readonly eventsDir: string
  private readonly pollMs: number
  private readonly keep: number
  private readonly triggerWithoutDocuments: 'start' | 'manual' | 'full'
  private readonly finalWriteTimeoutMs: number
  private abandonedClosed = false

  constructor(options: PublishStatusServiceOptions) {
    this.store = options.store
    this.log = options.log ?? console.log
    this.eventsDir = options.eventsDir ?? path.join(tmpdir(), 'site-publish-events')
    this.pollMs = options.pollMs ?? 200
    this.keep = options.keep ?? 200
    this.triggerWithoutDocuments = options.triggerWithoutDocuments ?? 'start'
    this.finalWriteTimeoutMs = options.finalWriteTimeoutMs ?? 15_000
  }

  /** The status of a run as last built (for tests and logs). */
  statusOf(runId: string): PublishStatusDocument | undefined {
    return this.runs.get(runId)?.status
  }

  runStarted(run: RunStart): Record<string, string> {
    mkdirSync(this.eventsDir, {recursive: true})
    const file = path.join(this.eventsDir, `publish-events-${run.id}.jsonl`)
    writeFileSync(file, '')
    const requests = run.changes.filter(isRequest)
    const changes = run.changes.filter((change) => !isRequest(change))
    const trigger = requests.length > 0 ? 'retry' : changes.length > 0 ? 'webhook' : this.triggerWithoutDocuments
    const state: RunState = {
      status: newStatus({runId: run.id, startedAt: run.startedAt, trigger, documents: changes.map((change) => documentEntry(change))}),
      file,
      offset: 0,
      broken: [],
      timer: setInterval(() => this.readEvents(state), this.pollMs),
      writing: null,
      dirty: false,
      failedWrites: 0,
      describing: Promise.resolve(),
    }
    state.timer.unref()
    this.runs.set(run.id, state)
    this.write(state)
    if (!this.abandonedClosed) {
      this.abandonedClosed = true
      void this.closeAbandoned()
    }
    // Titles, the Content Release the documents came in, a retry's original publish: beside the publish, never before it.
    state.describing = this.describe(state, requests)
    return {[PUBLISH_EVENTS_VARIABLE]: file}
  }

  runCovers(runId: string, changes: readonly DocumentChange[]): void {
    const state = this.runs.get(runId)
    if (!state) return
    const documents = changes.filter((change) => !isRequest(change))
    state.status = withDocuments(
      state.status,
      documents.map((change) => documentEntry(change)),
    )
    this.write(state)
    state.describing = Promise.all([state.describing, this.describe(state, [])]).then(() => undefined)
  }

  async runEnded(runId: string, record: RunRecord): Promise<void> {
    const state = this.runs.get(runId)
    if (!state) return
    clearInterval(state.timer)
    this.readEvents(state)
    await Promise.race([state.describing, new Promise((resolve) => setTimeout(resolve, this.finalWriteTimeoutMs).unref())])
    let problems: StatusProblem[] = []
    if (state.status.state === 'refused' || state.broken.length > 0) {
      problems = await this.explain(state).catch((error: unknown) => {
        this.log(`publish status: could not explain the refusal: ${message(error)}`)
        return []
      })
    }
    state.status = finishStatus(
      state.status,
      {
        ok: record.ok,
        finishedAt: record.finishedAt,
        ...(record.failedStep ? {failedStep: record.failedStep} : {}),
        ...(record.exitCode !== undefined ? {exitCode: record.exitCode} : {}),
        ...(record.timedOut ? {timedOut: true} : {}),
      },
      problems,
    )
    state.failedWrites = 0
    this.write(state)
    await this.settled(state, this.finalWriteTimeoutMs)
    rmSync(state.file, {force: true})
    this.runs.delete(runId)
    void this.prune()
  }

  /** Reads the events appended since the last read (whole lines only) and writes the status when they changed it. */
  private readEvents(state: RunState): void {
    let text: string
    try {
      text = readFileSync(state.file, 'utf8')
    } catch {
      return
    }
    const end = text.lastIndexOf('\n') + 1
    if (end <= state.offset) return
    const events = parsePublishEvents(text.slice(state.offset, end))
    state.offset = end
    if (events.length === 0) return
    const before = state.status.state
    for (const event of events) {
      if (event.event === 'links-refused') state.broken.push(...event.broken)
      state.status = applyEvent(state.status, event)
    }
    if (state.status.state !== before) state.failedWrites = 0
    this.write(state)
  }

  /** Writes the run's status now, or after the write going on (one at a time, the latest state). */
  private write(state: RunState): void {
    if (state.failedWrites > 0) return
    if (state.writing) {
      state.dirty = true
      return
    }
    const document = state.status
    state.writing = this.store
      .save(document)
      .catch((error: unknown) => {
        state.failedWrites++
        this.log(`publish status: could not write ${document._id} (${document.state}): ${message(error)}; the publish goes on`)
      })
      .finally(() => {
        state.writing = null
        if (state.dirty) {
          state.dirty = false
          this.write(state)
        }
      })
  }

  private async settled(state: RunState, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (state.writing && Date.now() < deadline) {
      await Promise.race([state.writing, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())])
    }
  }

  /** Titles of the documents, the release they were published in, and for a retry the publish it repeats. */
  private async describe(state: RunState, requests: readonly DocumentChange[]): Promise<void> {
    try {
      if (requests.length > 0) {
        const taken = await this.store.fetch<Array<{_id: string; retryOf?: string}>>('*[_id in $ids]{_id, retryOf}', {
          ids: requests.map((request) => request.id),
        })
        const retryOf = taken.find((request) => request.retryOf)?.retryOf
        if (retryOf) {
          const original = await this.store.fetch<{documents?: PublishStatusDocument['documents']; release?: PublishStatusDocument['release']} | null>(
            '*[_id == $id][0]{documents, release}',
            {id: statusIdOf(retryOf)},
          )
          state.status = withDocuments({...state.status, retryOf, ...(original?.release ? {release: original.release} : {})}, original?.documents ?? [])
        }
        await this.store.remove(taken.map((request) => request._id))
      }
      // The documents of the publishes refused or failed since the last live one: their changes go live with this one.
      const earlier = await this.store.fetch<Array<{runId: string; state: string; documents?: PublishStatusDocument['documents']}>>(
        '*[_type == $type && _id != $self] | order(startedAt desc)[0...50]{runId, state, documents}',
        {type: PUBLISH_STATUS_TYPE, self: state.status._id},
      )
      const carried: PublishStatusDocument['documents'] = []
      for (const status of earlier) {
        if (status.state === 'live' || status.state === 'running') break
        for (const entry of status.documents ?? []) carried.push({...entry, carriedFrom: status.runId})
      }
      const listed = new Set(state.status.documents.map((entry) => entry.documentId))
      const added: PublishStatusDocument['documents'] = []
      for (const entry of carried) {
        if (listed.has(entry.documentId)) continue
        listed.add(entry.documentId)
        added.push(entry)
      }
      state.status = withDocuments(state.status, added)
      const ids = state.status.documents.map((entry) => entry.documentId)
      if (ids.length > 0) {
        const [titled, releases] = await Promise.all([
          this.store.fetch<Array<{_id: string; _type: string; _rev: string; title: string}>>(TITLE_QUERY, {ids}, 'published'),
          this.store.fetch<Array<{name: string; title?: string; publishedAt?: string; ids?: string[]}>>(RELEASES_QUERY),
        ])
        state.status = withDocuments(
          state.status,
          titled.map((document) => ({...documentEntry({id: document._id, type: document._type}), title: document.title, revision: document._rev})),
        )
        const started = Date.parse(state.status.startedAt)
        const release = releases.find(
          (candidate) =>
            candidate.publishedAt !== undefined &&
            Math.abs(started - Date.parse(candidate.publishedAt)) < 10 * 60_000 &&
            (candidate.ids ?? []).some((versionId) => ids.some((id) => versionId === `versions.${candidate.name}.${id}`)),
        )
        if (release) state.status = {...state.status, release: {releaseId: release.name, ...(release.title ? {title: release.title} : {})}}
      }
      this.write(state)
    } catch (error) {
      this.log(`publish status: could not read the documents' titles: ${message(error)}`)
    }
  }

  /** The refusal's broken links, traced to the documents and fields that hold them. */
  private async explain(state: RunState): Promise<StatusProblem[]> {
    if (state.broken.length === 0) return []
    const ids = state.status.documents.map((entry) => entry.documentId)
    const [documents, places] = await Promise.all([
      this.store.fetch<ContentDocument[]>('*[_id in $ids || _id == "siteSettings" || _type == "sidebar"]', {ids}, 'published'),
      this.store.fetch<{localePaths?: string[] | null} | null>(PLACES_QUERY, {}, 'published'),
    ])
    // The documents the publish was for come first: a broken link is most likely theirs.
    const ordered = [...documents].sort((a, b) => Number(!ids.includes(a._id)) - Number(!ids.includes(b._id)))
    // The site's route rules and the studio's check (schemas' published-links): a draft, a version in a release, or nothing.
    const targetState = async (href: string): Promise<TargetState> => {
      const state = await linkTargetState((query, params) => this.store.fetch(query, params ?? {}, 'raw'), href)
      return state === 'draft' || state === 'release' ? state : 'missing'
    }
    return explainBrokenLinks(state.broken, ordered, {localePaths: places?.localePaths ?? [], targetState})
  }

  /** Publishes still "running" that no run of this service is doing: the service stopped during them (a restart, a crash). */
  private async closeAbandoned(): Promise<void> {
    try {
      const running = await this.store.fetch<PublishStatusDocument[]>('*[_type == $type && state == "running"]', {type: PUBLISH_STATUS_TYPE})
      for (const status of running) {
        if (this.runs.has(status.runId)) continue
        const failed: PublishStatusDocument = {
          ...status,
          state: 'failed',
          reason:
            'The publish service stopped during this publish (it was restarted or its machine went down). Readers see the site as it was before it; retry it.',
        }
        await this.store.save(failed)
      }
    } catch (error) {
      this.log(`publish status: could not close the publishes left running: ${message(error)}`)
    }
  }

  /** Deletes status documents beyond the newest `keep`. */
  private async prune(): Promise<void> {
    try {
      const old = await this.store.fetch<string[]>(`*[_type == $type] | order(startedAt desc)[${Math.max(1, Math.floor(this.keep))}...]._id`, {
        type: PUBLISH_STATUS_TYPE,
      })
      if (old.length > 0) await this.store.remove(old)
    } catch (error) {
      this.log(`publish status: could not remove old status documents: ${message(error)}`)
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The variable holding the publish service's write token: read by the receiver, kept from the steps it runs. */
export const WRITE_TOKEN_VARIABLE = 'SANITY_API_WRITE_TOKEN'

/**
 * The publish status of a receiver from its environment (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_WRITE_TOKEN),
 * or undefined, saying why, when the status is not written.
 */
export function publishStatusFromEnv(
  env: Record<string, string | undefined>,
  log: (line: string) => void = console.log,
  options: Omit<PublishStatusServiceOptions, 'store' | 'log'> = {},
): PublishStatusService | undefined {
  const settings = statusStoreSettings(env)
  if ('missing' in settings) {
    log(`publish status: not written to the dataset (${settings.missing} not set): editors will not see their publishes in the studio`)
    return undefined
  }
  log(`publish status: written to ${settings.projectId}/${settings.dataset} as ${PUBLISH_STATUS_TYPE} documents`)
  return new PublishStatusService({...options, store: sanityStatusStore(settings), log})
}

/** The environment of the publish's steps: the receiver's, without the write token (no step needs it). */
export function withoutWriteToken(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const {[WRITE_TOKEN_VARIABLE]: _token, ...rest} = env
  return rest
}
