/** The "Translation status" view: every missing or stale translation, per locale, with links to edit. */
import {Badge, Box, Card, Flex, Heading, Spinner, Stack, Text} from '@sanity/ui'
import {useClient} from 'sanity'
import {IntentLink} from 'sanity/router'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {fetchLocaleTable} from '../locales'
import {useLoaded} from '../use-loaded'
import {REPORT_PARAMS, REPORT_QUERY, type ReportDocument, type ReportEntry, translationReport} from './report'

const API_VERSION = SANITY_API_VERSION

export function TranslationStatusView() {
  const client = useClient({apiVersion: API_VERSION})
  const loaded = useLoaded(
    () =>
      Promise.all([client.fetch<ReportDocument[]>(REPORT_QUERY, REPORT_PARAMS), fetchLocaleTable((query, params) => client.fetch(query, params ?? {}))]).then(
        ([documents, table]) => translationReport(documents, table),
      ),
    [client],
  )

  if (loaded.state === 'failed')
    return (
      <Card padding={4} tone="critical">
        <Text>Could not read the documents: {loaded.error}</Text>
      </Card>
    )
  if (loaded.state === 'loading')
    return (
      <Flex padding={5} justify="center">
        <Spinner />
      </Flex>
    )
  const report: Map<string, ReportEntry[]> = loaded.value
  return (
    <Box padding={4}>
      <Stack gap={5}>
        {[...report].map(([locale, entries]) => (
          <Stack key={locale} gap={3}>
            <Heading as="h2" size={1}>
              {locale}:{' '}
              {entries.length === 0
                ? 'all translations current'
                : `${entries.filter((e) => e.status === 'missing').length} missing, ${entries.filter((e) => e.status === 'stale').length} stale`}
            </Heading>
            {entries.map((entry) => (
              <Flex key={`${locale}-${entry.sourceId}`} gap={3} align="center">
                <Badge tone={entry.status === 'stale' ? 'caution' : 'critical'}>{entry.status}</Badge>
                <Text size={1}>
                  <IntentLink intent="edit" params={{id: entry.translationId ?? entry.sourceId, type: entry.type}}>
                    {entry.title}
                  </IntentLink>{' '}
                  · {entry.type}
                </Text>
              </Flex>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  )
}
