/**
 * What a publish did, for the editors: one `publishStatus` document per publish of the site (webhook-driven or
 * full), written only by the publish service with its write token (`publishStatus.<run id>`: an id in a path, so
 * not readable without a token), read-only in the studio. Editors ask for a refused or failed publish to be run
 * again with a `publishRequest`, which the publish service takes and removes.
 */
import {defineArrayMember, defineField, defineType} from '@sanity/types'

export const PUBLISH_STATUS_TYPE = 'publishStatus'
export const PUBLISH_REQUEST_TYPE = 'publishRequest'
/** Ids of status documents: `publishStatus.<run id>`. */
export const PUBLISH_STATUS_ID_PREFIX = 'publishStatus.'
/** Ids of retry requests: `publishRequest.<random id>`. */
export const PUBLISH_REQUEST_ID_PREFIX = 'publishRequest.'

/** Where a publish is: running (waiting to be live), then live, refused (the link check kept the site as it was) or failed. */
export const PUBLISH_STATES = ['running', 'live', 'refused', 'failed'] as const
export type PublishState = (typeof PUBLISH_STATES)[number]

/** What started a publish. */
export const PUBLISH_TRIGGERS = ['webhook', 'retry', 'full', 'start', 'manual'] as const

/** The steps a publish goes through, in order; an incremental publish plans and renders, a full one builds. */
export const PUBLISH_STEPS = ['plan', 'render', 'build', 'links', 'swap', 'search'] as const
export type PublishStep = (typeof PUBLISH_STEPS)[number]
export type PublishTrigger = (typeof PUBLISH_TRIGGERS)[number]

/** A document a publish was for (an item of `documents`). */
export interface PublishStatusEntry {
  _key: string
  _type: 'publishedDocument'
  documentId: string
  documentType?: string
  operation?: string
  title?: string
  /** The published revision this publish took (a newer one means a publish is still to come for it). */
  revision?: string
  /** The run id of an earlier refused or failed publish that held this document back: this one puts its change live too. */
  carriedFrom?: string
}

/** A step of a publish (an item of `steps`). */
export interface PublishStatusStep {
  _key: string
  _type: 'publishStep'
  name: PublishStep
  state: 'running' | 'done' | 'failed'
  startedAt: string
  finishedAt?: string
}

/** What an editor has to fix for a refused publish (an item of `problems`): the document, the field and the link. */
export interface StatusProblem {
  _key: string
  _type: 'publishProblem'
  message: string
  documentId?: string
  documentType?: string
  documentTitle?: string
  field?: string
  fieldTitle?: string
  linkText?: string
  href?: string
  page?: string
}

/** A `publishStatus` document as the publish service writes it and the studio reads it. */
export interface PublishStatusDocument {
  _id: string
  _type: typeof PUBLISH_STATUS_TYPE
  runId: string
  state: PublishState
  trigger: PublishTrigger
  mode?: 'incremental' | 'full'
  fullReason?: string
  startedAt: string
  finishedAt?: string
  durationMs?: number
  documents: PublishStatusEntry[]
  release?: {releaseId: string; title?: string}
  steps: PublishStatusStep[]
  routesRendered?: number
  routes?: string[]
  reason?: string
  problems?: StatusProblem[]
  retryOf?: string
}

export const publishStatus = defineType({
  name: PUBLISH_STATUS_TYPE,
  title: 'Publish',
  type: 'document',
  readOnly: true,
  description: 'Written by the publish service; read-only.',
  fields: [
    defineField({name: 'runId', title: 'Run', type: 'string'}),
    defineField({name: 'state', title: 'State', type: 'string', options: {list: [...PUBLISH_STATES]}}),
    defineField({name: 'trigger', title: 'Started by', type: 'string', options: {list: [...PUBLISH_TRIGGERS]}}),
    defineField({name: 'mode', title: 'Kind', type: 'string', options: {list: ['incremental', 'full']}}),
    defineField({name: 'fullReason', title: 'Why everything was built', type: 'string'}),
    defineField({name: 'startedAt', title: 'Started', type: 'datetime'}),
    defineField({name: 'finishedAt', title: 'Finished', type: 'datetime'}),
    defineField({name: 'durationMs', title: 'Duration (ms)', type: 'number'}),
    defineField({
      name: 'documents',
      title: 'Documents',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'publishedDocument',
          type: 'object',
          fields: [
            defineField({name: 'documentId', type: 'string'}),
            defineField({name: 'documentType', type: 'string'}),
            defineField({name: 'operation', type: 'string'}),
            defineField({name: 'title', type: 'string'}),
            defineField({name: 'revision', title: 'Revision published', type: 'string'}),
            defineField({name: 'carriedFrom', title: 'Held back by the publish', type: 'string'}),
          ],
          preview: {select: {title: 'title', subtitle: 'url'}},
        }),
      ],
    }),
    defineField({
      name: 'release',
      title: 'Content release',
      type: 'object',
      fields: [defineField({name: 'releaseId', type: 'string'}), defineField({name: 'title', type: 'string'})],
    }),
    defineField({
      name: 'steps',
      title: 'Steps',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'publishStep',
          type: 'object',
          fields: [
            defineField({name: 'name', type: 'string', options: {list: [...PUBLISH_STEPS]}}),
            defineField({name: 'state', type: 'string', options: {list: ['running', 'done', 'failed']}}),
            defineField({name: 'startedAt', type: 'datetime'}),
            defineField({name: 'finishedAt', type: 'datetime'}),
          ],
          preview: {select: {title: 'name', subtitle: 'state'}},
        }),
      ],
    }),
    defineField({name: 'routesRendered', title: 'Pages rendered', type: 'number'}),
    defineField({name: 'routes', title: 'Some of the pages rendered', type: 'array', of: [defineArrayMember({type: 'string'})]}),
    defineField({name: 'reason', title: 'What happened', type: 'text'}),
    defineField({
      name: 'problems',
      title: 'What to fix',
      type: 'array',
      of: [
        defineArrayMember({
          name: 'publishProblem',
          type: 'object',
          fields: [
            defineField({name: 'message', type: 'text'}),
            defineField({name: 'documentId', type: 'string'}),
            defineField({name: 'documentType', type: 'string'}),
            defineField({name: 'documentTitle', type: 'string'}),
            defineField({name: 'field', title: 'Field path', type: 'string'}),
            defineField({name: 'fieldTitle', type: 'string'}),
            defineField({name: 'linkText', type: 'string'}),
            defineField({name: 'href', type: 'string'}),
            defineField({name: 'page', type: 'string'}),
          ],
          preview: {select: {title: 'message', subtitle: 'documentTitle'}},
        }),
      ],
    }),
    defineField({name: 'retryOf', title: 'Retry of', type: 'string'}),
  ],
  orderings: [{title: 'Newest first', name: 'startedAtDesc', by: [{field: 'startedAt', direction: 'desc'}]}],
  preview: {
    select: {state: 'state', startedAt: 'startedAt', title: 'documents.0.title'},
    prepare: ({state, startedAt, title}: {state?: string; startedAt?: string; title?: string}) => ({
      title: title ? `${title}: ${state ?? ''}` : `Publish: ${state ?? ''}`,
      subtitle: startedAt,
    }),
  },
})

export const publishRequest = defineType({
  name: PUBLISH_REQUEST_TYPE,
  title: 'Publish request',
  type: 'document',
  description: 'An editor’s request to run a refused or failed publish again; the publish service takes it and removes it.',
  fields: [
    defineField({name: 'retryOf', title: 'Retry of', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'requestedAt', title: 'Requested', type: 'datetime'}),
  ],
})
