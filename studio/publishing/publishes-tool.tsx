/**
 * The "Publishes" tool: every publish of the site, newest first, kept up to date as the publish service writes its
 * status documents: its state (publishing, live, refused, failed), the documents it was for with their pages, the
 * Content Release they came in, how long it took to go live and how many pages it rendered; for a refused publish,
 * what to fix in which document and field; and for a refused or failed one, a Retry button.
 */
import {Badge, Box, Button, Card, Flex, Heading, Spinner, Stack, Text} from '@sanity/ui'
import {useState} from 'react'
import {useClient, type Tool} from 'sanity'
import {IntentLink} from 'sanity/router'
import {PUBLISH_REQUEST_ID_PREFIX, PUBLISH_REQUEST_TYPE, type StatusProblem} from '@site/schemas'
import {SANITY_API_VERSION} from '@site/schemas/model'
import type {SiteDocument} from '../site-url'
import {useLoaded} from '../use-loaded'
import {pageUrlOf, useSitePlaces, type SiteAddressing} from '../use-site-places'
import {RECENT_PUBLISHES_QUERY, seconds, shortTime, STATE_LABELS, STATE_TONES, type PublishStatus} from './publish-status'
import {useLiveQuery} from './use-live-query'

/** The fields of the documents a publish lists that their page addresses are made of. */
const PAGES_QUERY = `*[_id in $ids]{_id, _type, language, version, slug, path, urlPath, docsPath}`

export function PublishesTool() {
  const client = useClient({apiVersion: SANITY_API_VERSION})
  const publishes = useLiveQuery<PublishStatus[]>(RECENT_PUBLISHES_QUERY, {})
  const addressing = useSitePlaces()
  // The documents' page addresses, read again when the publishes name other documents.
  const ids =
    publishes.state === 'loaded' ? [...new Set(publishes.value.flatMap((status) => (status.documents ?? []).map((entry) => entry.documentId)))].sort() : []
  const pages = useLoaded(() => (ids.length > 0 ? client.fetch<PageDocument[]>(PAGES_QUERY, {ids}) : Promise.resolve([])), [client, ids.join(',')])
  const pageDocuments = pages.state === 'loaded' ? pages.value : []
  if (publishes.state === 'failed')
    return (
      <Card padding={4} tone="critical">
        <Text>Could not read the publishes: {publishes.error}</Text>
      </Card>
    )
  if (publishes.state === 'loading')
    return (
      <Flex padding={5} justify="center">
        <Spinner />
      </Flex>
    )
  return (
    <Box padding={4} style={{overflowY: 'auto', height: '100%'}}>
      <Stack gap={4} style={{maxWidth: 960}}>
        <Heading as="h1" size={2}>
          Publishes
        </Heading>
        <Text size={1} muted>
          Each publish of the site, newest first. A publish goes live when its pages are rebuilt and their links checked; a refused one leaves the site as it
          was.
        </Text>
        {publishes.value.length === 0 ? <Text>No publish yet.</Text> : null}
        {publishes.value.map((status) => (
          <PublishRow key={status._id} status={status} addressing={addressing} pages={pageDocuments} />
        ))}
      </Stack>
    </Box>
  )
}

type PageDocument = SiteDocument & {_id: string}

function PublishRow({status, addressing, pages}: {status: PublishStatus; addressing: SiteAddressing | null; pages: readonly PageDocument[]}) {
  const documents = status.documents ?? []
  // The page of a document this publish made live (a deleted one has none).
  const pageOf = (id: string) =>
    status.state === 'live'
      ? pageUrlOf(
          pages.find((candidate) => candidate._id === id),
          addressing,
        )
      : null
  const timing =
    status.state === 'live'
      ? `live ${seconds(status.durationMs)} after it started`
      : status.state === 'running'
        ? `started ${shortTime(status.startedAt)}`
        : `ended after ${seconds(status.durationMs)}`
  return (
    <Card
      padding={3}
      radius={2}
      shadow={1}
      tone={status.state === 'refused' || status.state === 'failed' ? 'critical' : 'default'}
      data-testid="publish-row"
      data-run={status.runId}
    >
      <Stack gap={3}>
        <Flex gap={3} align="center" wrap="wrap">
          <Badge tone={STATE_TONES[status.state]} data-testid="publish-state">
            {STATE_LABELS[status.state]}
          </Badge>
          <Text size={1} weight="semibold">
            {shortTime(status.startedAt)}
          </Text>
          <Text size={1} muted>
            {timing}
            {status.mode ? ` · ${status.mode === 'full' ? 'whole site rebuilt' : `${status.routesRendered ?? 0} pages rendered`}` : ''}
            {status.retryOf ? ' · a retry' : ''}
          </Text>
          {status.release ? <Badge tone="primary">Release: {status.release.title ?? status.release.releaseId}</Badge> : null}
        </Flex>
        {documents.length > 0 ? (
          <Stack gap={2}>
            {documents.map((entry) => {
              const page = pageOf(entry.documentId)
              return (
                <Text key={entry._key} size={1}>
                  {entry.documentType ? (
                    <IntentLink intent="edit" params={{id: entry.documentId, type: entry.documentType}}>
                      {entry.title ?? entry.documentId}
                    </IntentLink>
                  ) : (
                    (entry.title ?? entry.documentId)
                  )}
                  {entry.operation === 'delete' ? ' (deleted)' : ''}
                  {entry.carriedFrom ? ' (held back by an earlier publish that did not go live)' : ''}
                  {page ? (
                    <>
                      {' · '}
                      <a href={page} target="_blank" rel="noreferrer" data-testid="publish-page-link">
                        {page}
                      </a>
                    </>
                  ) : null}
                </Text>
              )
            })}
          </Stack>
        ) : (
          <Text size={1} muted>
            {status.trigger === 'start' ? 'The publish service’s first build' : 'A publish of everything'}
          </Text>
        )}
        {status.fullReason ? (
          <Text size={1} muted>
            Whole site rebuilt: {status.fullReason}
          </Text>
        ) : null}
        {status.reason ? (
          <Text size={1} data-testid="publish-reason">
            {status.reason}
          </Text>
        ) : null}
        {(status.problems ?? []).map((problem) => (
          <ProblemLine key={problem._key} problem={problem} />
        ))}
        {status.state === 'refused' || status.state === 'failed' ? <RetryButton status={status} /> : null}
      </Stack>
    </Card>
  )
}

/** One thing to fix, with a link to the field that holds it. */
export function ProblemLine({problem}: {problem: StatusProblem}) {
  return (
    <Flex gap={2} align="flex-start" data-testid="publish-problem">
      <Box flex={1}>
        <Text size={1}>{problem.message}</Text>
      </Box>
      {problem.documentId && problem.documentType ? (
        <Text size={1}>
          <IntentLink
            intent="edit"
            params={{id: problem.documentId, type: problem.documentType, ...(problem.field ? {path: problem.field.replace(/\.href$/, '')} : {})}}
          >
            Fix it
          </IntentLink>
        </Text>
      ) : null}
    </Flex>
  )
}

/** Asks the publish service to run a refused or failed publish again (a `publishRequest`, the one thing editors write for it). */
export function RetryButton({status}: {status: PublishStatus}) {
  const client = useClient({apiVersion: SANITY_API_VERSION})
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | {error: string}>('idle')
  const retry = () => {
    setState('sending')
    client
      .create({
        _id: `${PUBLISH_REQUEST_ID_PREFIX}${crypto.randomUUID()}`,
        _type: PUBLISH_REQUEST_TYPE,
        retryOf: status.runId,
        requestedAt: new Date().toISOString(),
      })
      .then(() => setState('sent'))
      .catch((error: unknown) => setState({error: error instanceof Error ? error.message : String(error)}))
  }
  return (
    <Flex gap={3} align="center">
      <Button
        text={state === 'sent' ? 'Retry requested' : 'Retry'}
        tone="primary"
        mode="ghost"
        disabled={state === 'sending' || state === 'sent'}
        onClick={retry}
        data-testid="publish-retry"
      />
      <Text size={1} muted>
        {typeof state === 'object' ? `Could not ask for a retry: ${state.error}` : 'Runs this publish again, with the content as it is now.'}
      </Text>
    </Flex>
  )
}

export const publishesTool: Tool = {
  name: 'publishes',
  title: 'Publishes',
  component: PublishesTool,
}
