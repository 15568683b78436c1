/**
 * Content Releases and document versions, as the stand-in's Actions API applies them (the `sanity.action.release.*`
 * and `sanity.action.document.version.*` action types of API version 2025-02-19 and later). A release is a document
 * `_.releases.<releaseId>` of type `system.release` (state, metadata); a document's version in it is the document
 * `versions.<releaseId>.<publishedId>`. Publishing a release writes every version over its published document in
 * one transaction (a version marked for unpublishing deletes it instead), removes the versions and records them in
 * the release's `finalDocumentStates`. Scheduling is not implemented (the caller answers 501 for it).
 */
import type {StoredDocument} from './api'

export const RELEASE_TYPE = 'system.release'
const RELEASE_PREFIX = '_.releases.'

/** What a transaction offers an action: the document as staged so far, and a way to change it. */
export interface Staging {
  current(id: string): StoredDocument | null
  apply(id: string, mutations: Record<string, unknown>[]): StoredDocument | null
  /** Every staged or stored document id starting with `prefix`. */
  idsStartingWith(prefix: string): string[]
}

/** An action the API refuses: its status and the description of its `actionError`. */
export class ActionRefused extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(description)
  }
}

export const releaseDocumentId = (releaseId: string) => `${RELEASE_PREFIX}${releaseId}`
export const versionIdOf = (releaseId: string, publishedId: string) => `versions.${releaseId}.${publishedId}`

/** The published id of a draft, a version or a published document. */
export function publishedIdOf(id: string): string {
  return id.replace(/^drafts\./, '').replace(/^versions\.[^.]+\./, '')
}

/** The release a version id belongs to, or undefined for other ids. */
export function releaseOfVersionId(id: string): string | undefined {
  return /^versions\.([^.]+)\./.exec(id)?.[1]
}

export function isSystemId(id: string): boolean {
  return id.startsWith('_.')
}

/** Versions kept aside while their release is archived, by release id (unarchiving puts them back). */
export type ArchivedVersions = Map<string, StoredDocument[]>

const RELEASE_ID = /^[a-zA-Z0-9_-]{1,64}$/

function requireRelease(staging: Staging, releaseId: unknown, states?: readonly string[]): StoredDocument {
  if (typeof releaseId !== 'string' || !RELEASE_ID.test(releaseId)) throw new ActionRefused(400, `"${String(releaseId)}" is not a release id`)
  const release = staging.current(releaseDocumentId(releaseId))
  if (!release) throw new ActionRefused(404, `Release "${releaseId}" not found`)
  if (states && !states.includes(String(release.state)))
    throw new ActionRefused(409, `Release "${releaseId}" is ${String(release.state)}; this action needs it ${states.join(' or ')}`)
  return release
}

function setRelease(staging: Staging, releaseId: string, fields: Record<string, unknown>, unset: string[] = []): void {
  staging.apply(releaseDocumentId(releaseId), [{patch: {id: releaseDocumentId(releaseId), set: fields, ...(unset.length > 0 ? {unset} : {})}}])
}

/** Applies one `sanity.action.release.*` action. */
export function applyReleaseAction(action: Record<string, unknown>, staging: Staging, archived: ArchivedVersions, now: string): void {
  const releaseId = action.releaseId as string
  switch (action.actionType) {
    case 'sanity.action.release.create': {
      if (typeof releaseId !== 'string' || !RELEASE_ID.test(releaseId)) throw new ActionRefused(400, `"${String(releaseId)}" is not a release id`)
      if (staging.current(releaseDocumentId(releaseId))) throw new ActionRefused(409, `Release "${releaseId}" already exists`)
      const metadata = typeof action.metadata === 'object' && action.metadata !== null ? action.metadata : {}
      staging.apply(releaseDocumentId(releaseId), [
        {
          create: {
            _id: releaseDocumentId(releaseId),
            _type: RELEASE_TYPE,
            name: releaseId,
            state: 'active',
            metadata: {releaseType: 'undecided', ...metadata},
          },
        },
      ])
      return
    }
    case 'sanity.action.release.edit': {
      requireRelease(staging, releaseId)
      const patch = typeof action.patch === 'object' && action.patch !== null ? action.patch : {}
      staging.apply(releaseDocumentId(releaseId), [{patch: {...patch, id: releaseDocumentId(releaseId)}}])
      return
    }
    case 'sanity.action.release.publish': {
      requireRelease(staging, releaseId, ['active'])
      const versions = staging.idsStartingWith(`versions.${releaseId}.`)
      if (versions.length === 0) throw new ActionRefused(409, `Release "${releaseId}" has no documents to publish`)
      for (const versionId of versions) {
        const version = staging.current(versionId)
        if (!version) continue
        const publishedId = publishedIdOf(versionId)
        const system = version._system as {delete?: boolean} | undefined
        if (system?.delete === true) staging.apply(publishedId, [{delete: {id: publishedId}}])
        else {
          const {_system: _dropped, ...content} = version
          staging.apply(publishedId, [{createOrReplace: {...structuredClone(content), _id: publishedId}}])
        }
        staging.apply(versionId, [{delete: {id: versionId}}])
      }
      setRelease(staging, releaseId, {state: 'published', publishedAt: now, finalDocumentStates: versions.map((id) => ({id}))})
      return
    }
    case 'sanity.action.release.archive': {
      requireRelease(staging, releaseId, ['active'])
      const kept: StoredDocument[] = []
      for (const versionId of staging.idsStartingWith(`versions.${releaseId}.`)) {
        const version = staging.current(versionId)
        if (version) kept.push(structuredClone(version))
        staging.apply(versionId, [{delete: {id: versionId}}])
      }
      archived.set(releaseId, kept)
      setRelease(staging, releaseId, {state: 'archived', finalDocumentStates: kept.map((version) => ({id: version._id}))})
      return
    }
    case 'sanity.action.release.unarchive': {
      requireRelease(staging, releaseId, ['archived'])
      for (const version of archived.get(releaseId) ?? []) staging.apply(version._id, [{createOrReplace: structuredClone(version)}])
      archived.delete(releaseId)
      setRelease(staging, releaseId, {state: 'active'}, ['finalDocumentStates'])
      return
    }
    case 'sanity.action.release.delete': {
      requireRelease(staging, releaseId, ['archived', 'published'])
      archived.delete(releaseId)
      staging.apply(releaseDocumentId(releaseId), [{delete: {id: releaseDocumentId(releaseId)}}])
      return
    }
    default:
      throw new ActionRefused(501, `The action ${String(action.actionType)} is not implemented by the stand-in`)
  }
}

/** The version id of an action, checked: `versions.<release>.<publishedId>` of an active release, or `drafts.<publishedId>`. */
function checkedVersionId(staging: Staging, versionId: unknown, publishedId?: unknown): string {
  if (typeof versionId !== 'string' || !/^(drafts\.|versions\.[^.]+\.)/.test(versionId))
    throw new ActionRefused(400, `"${String(versionId)}" is not a version id (drafts.<id> or versions.<release>.<id>)`)
  if (publishedId !== undefined && publishedIdOf(versionId) !== publishedId)
    throw new ActionRefused(400, `The version id "${versionId}" does not belong to the document ${JSON.stringify(publishedId)}`)
  const releaseId = releaseOfVersionId(versionId)
  if (releaseId) requireRelease(staging, releaseId, ['active'])
  return versionId
}

/** Applies one `sanity.action.document.version.*` action. */
export function applyVersionAction(action: Record<string, unknown>, staging: Staging): void {
  switch (action.actionType) {
    case 'sanity.action.document.version.create': {
      const publishedId = action.publishedId
      if (typeof publishedId !== 'string') throw new ActionRefused(400, 'version.create needs a publishedId')
      const given = action.document as StoredDocument | undefined
      if (given) {
        const versionId = checkedVersionId(staging, given._id, publishedId)
        if (staging.current(versionId)) throw new ActionRefused(409, `Document by ID "${versionId}" already exists`)
        staging.apply(versionId, [{create: structuredClone(given)}])
        return
      }
      const versionId = checkedVersionId(staging, action.versionId, publishedId)
      const baseId = action.baseId
      const base = typeof baseId === 'string' ? staging.current(baseId) : null
      if (!base) throw new ActionRefused(404, `The base document "${String(baseId)}" does not exist`)
      if (typeof action.ifBaseRevisionId === 'string' && base._rev !== action.ifBaseRevisionId)
        throw new ActionRefused(409, `The base document "${String(baseId)}" is at another revision`)
      if (staging.current(versionId)) throw new ActionRefused(409, `Document by ID "${versionId}" already exists`)
      const {_rev: _baseRev, _createdAt: _baseCreated, _updatedAt: _baseUpdated, ...content} = base
      staging.apply(versionId, [{create: {...structuredClone(content), _id: versionId}}])
      return
    }
    case 'sanity.action.document.version.discard': {
      const versionId = checkedVersionId(staging, action.versionId)
      if (!staging.current(versionId)) throw new ActionRefused(404, `Document "${versionId}" not found`)
      staging.apply(versionId, [{delete: {id: versionId}}])
      return
    }
    case 'sanity.action.document.version.replace': {
      const document = action.document as StoredDocument | undefined
      const versionId = checkedVersionId(staging, document?._id)
      if (!staging.current(versionId)) throw new ActionRefused(404, `Document "${versionId}" not found`)
      staging.apply(versionId, [{createOrReplace: structuredClone(document)}])
      return
    }
    case 'sanity.action.document.version.unpublish': {
      const versionId = checkedVersionId(staging, action.versionId, action.publishedId)
      if (!releaseOfVersionId(versionId)) throw new ActionRefused(400, 'version.unpublish takes a release version (versions.<release>.<id>)')
      const publishedId = publishedIdOf(versionId)
      const published = staging.current(publishedId)
      if (!published) throw new ActionRefused(404, `"${publishedId}" is not published: there is nothing to unpublish`)
      // Kept as the version's content, marked: the release's publish deletes the published document instead of writing it.
      const version = staging.current(versionId) ?? {...structuredClone(published), _id: versionId}
      const system = typeof version._system === 'object' && version._system !== null ? version._system : {}
      staging.apply(versionId, [{createOrReplace: {...structuredClone(version), _system: {...system, delete: true}}}])
      return
    }
    default:
      throw new ActionRefused(501, `The action ${String(action.actionType)} is not implemented by the stand-in`)
  }
}
