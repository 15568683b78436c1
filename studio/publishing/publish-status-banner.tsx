/**
 * Above a document's fields: what its last publish did, as the badge says it, with the page it is live at, and for a
 * refused publish what to fix in this document (each with a link to the field) and a Retry button. Nothing when no
 * publish lists the document.
 */
import {Card, Flex, Stack, Text} from '@sanity/ui'
import {useFormValue, useWorkspace} from 'sanity'
import type {SiteDocument} from '../site-url'
import {pageUrlOf, useSitePlaces} from '../use-site-places'
import {documentPublishState, publishedIdOf, type PublishStatus, shortTime} from './publish-status'
import {ProblemLine, RetryButton} from './publishes-tool'
import {useLiveQuery} from './use-live-query'

const BANNER_QUERY = `{
  "status": *[_type == "publishStatus" && $id in documents[].documentId] | order(startedAt desc)[0]{_id, runId, state, startedAt, finishedAt, durationMs, documents, reason, problems, release},
  "published": *[_id == $id][0]{_id, _type, _rev, language, version, slug, path, urlPath, docsPath}
}`

export function PublishStatusBanner() {
  const formId = useFormValue(['_id'])
  const id = publishedIdOf(typeof formId === 'string' ? formId : '')
  const {basePath} = useWorkspace()
  const addressing = useSitePlaces()
  const loaded = useLiveQuery<{status: PublishStatus | null; published: (SiteDocument & {_rev: string}) | null}>(BANNER_QUERY, {id})
  if (!id || loaded.state !== 'loaded' || !loaded.value.status) return null
  const {status, published} = loaded.value
  const state = documentPublishState(status, id, published?._rev)
  if (!state) return null
  const page = state.kind === 'live' ? pageUrlOf(published, addressing) : null
  const mine = (status.problems ?? []).filter((problem) => problem.documentId === id)
  const tone = state.kind === 'live' ? 'positive' : state.kind === 'waiting' ? 'primary' : 'critical'
  const headline =
    state.kind === 'live'
      ? `Live on the site since ${shortTime(state.since)}`
      : state.kind === 'waiting'
        ? 'Waiting to go live: the site is being rebuilt with this document'
        : state.kind === 'refused'
          ? 'The last publish was refused: readers still see the previous version'
          : 'The last publish failed: readers still see the previous version'
  return (
    <Card padding={3} radius={2} tone={tone} border data-testid="publish-status-banner">
      <Stack gap={3}>
        <Flex gap={2} wrap="wrap">
          <Text size={1} weight="semibold">
            {headline}
          </Text>
          {page ? (
            <Text size={1}>
              <a href={page} target="_blank" rel="noreferrer" data-testid="publish-status-page">
                {page}
              </a>
            </Text>
          ) : null}
        </Flex>
        {state.kind === 'refused' || state.kind === 'failed' ? (
          <>
            {mine.length > 0 ? mine.map((problem) => <ProblemLine key={problem._key} problem={problem} />) : <Text size={1}>{state.reason}</Text>}
            <RetryButton status={status} />
          </>
        ) : null}
        <Text size={1} muted>
          <a href={`${basePath.replace(/\/$/, '')}/publishes`}>All publishes</a>
        </Text>
      </Stack>
    </Card>
  )
}
