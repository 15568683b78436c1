/**
 * "Cut a new version", on a docs version: asks for the new version's identifier, label, URL path,
 * whether it becomes the latest and whether its documents go into a Content Release, then writes the
 * drafts (or the release's versions) that studio/versions/cut-version.ts plans (in batches, the new
 * version last) and shows what was copied and what to review before publishing.
 */
import {Box, Button, Card, Checkbox, Dialog, Flex, Label, Stack, Text, TextInput} from '@sanity/ui'
import {type ChangeEvent, useCallback, useMemo, useState, useSyncExternalStore} from 'react'
import {type DocumentActionComponent, type SanityClient, useClient, useWorkspace} from 'sanity'
import {IntentLink} from 'sanity/router'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {docsPathOf, versionBasePath} from '@site/schemas/model'
import {
  batchMutations,
  newReleaseId,
  releaseWrites,
  type CutRequest,
  cutRequestProblems,
  planVersionCut,
  type StoredDocument,
  type StoredVersion,
  type VersionCutPlan,
} from '../versions/cut-version'

import {useLoaded} from '../use-loaded'

const API_VERSION = SANITY_API_VERSION

const CUT_QUERY = `{
  "versions": *[_type == "docsVersion"],
  "documents": *[_type in ["doc", "sidebar"] && version == $version],
  "settings": coalesce(*[_id == "siteSettings"][0], *[_id == "drafts.siteSettings"][0]),
  "homePages": *[_type == "homePage"],
  "defaultLocale": coalesce(*[_id == "siteSettings"][0].defaultLocale, "en")
}`

interface CutSource {
  versions: StoredVersion[]
  documents: StoredDocument[]
  settings: StoredDocument | null
  homePages: StoredDocument[]
  defaultLocale: string
}

type Phase =
  | {kind: 'form'}
  | {kind: 'writing'; batch: number; batches: number; written: number; total: number}
  | {kind: 'failed'; message: string; batch: number; batches: number; written: number; total: number}
  | {kind: 'done'; plan: VersionCutPlan; release?: {releaseId: string; title: string}}

/**
 * The dialog lives outside the document actions: writing the drafts gives this version (and others)
 * drafts, and the studio then rebuilds the document's footer and its action menu, which would close a
 * dialog an action returned, summary and all. So the action only opens it, and CutVersionDialogHost,
 * mounted once in the studio's layout, shows it from this small store until the editor closes it.
 */
interface CutState {
  source: StoredVersion
  phase: Phase
}
let cutState: CutState | null = null
const cutListeners = new Set<() => void>()

function setCutState(next: CutState | null): void {
  cutState = next
  for (const listener of cutListeners) listener()
}

function subscribeCutState(listener: () => void): () => void {
  cutListeners.add(listener)
  return () => cutListeners.delete(listener)
}

export const CutVersionAction: DocumentActionComponent = (props) => {
  const source = props.published as StoredVersion | null
  if (props.type !== 'docsVersion') return null
  // Versions of a docs set of its own (community docs) are not the versions the site's dropdown cuts.
  const ownSet = typeof (source as {docsPath?: unknown} | null)?.docsPath === 'string'
  return {
    label: 'Cut a new version',
    title: ownSet
      ? 'These are docs of their own (Docs of their own at is set): only versions of the site’s docs are cut here'
      : source
        ? `Copy ${source.label ?? source.path} into drafts of a new docs version`
        : 'Publish this version first: a new version is cut from a published one',
    disabled: !source || ownSet,
    onHandle: () => {
      if (source) setCutState({source, phase: {kind: 'form'}})
      props.onComplete()
    },
  }
}

/** Shows the cut dialog while one is open; rendered once by the studio layout (sanity.config.ts). */
export function CutVersionDialogHost() {
  const state = useSyncExternalStore(subscribeCutState, () => cutState)
  const close = useCallback(() => setCutState(null), [])
  const setPhase = useCallback((phase: Phase) => {
    if (cutState) setCutState({...cutState, phase})
  }, [])
  if (!state) return null
  const {source, phase} = state
  return (
    <Dialog
      id="cut-version"
      header={`Cut a new version from ${source.label ?? source.path}`}
      width={1}
      onClose={phase.kind === 'writing' ? undefined : close}
      padding={4}
    >
      <CutVersionDialog source={source} phase={phase} setPhase={setPhase} onClose={close} />
    </Dialog>
  )
}

function initialRequest(source: StoredVersion): CutRequest {
  return {path: '', label: '', urlPath: '', isLast: Boolean(source.isLast)}
}

function CutVersionDialog({source, phase, setPhase, onClose}: {source: StoredVersion; phase: Phase; setPhase: (phase: Phase) => void; onClose: () => void}) {
  const baseClient = useClient({apiVersion: API_VERSION})
  // Drafts too: a draft-only doc is part of the version, and a draft version's identifier is taken.
  const client = useMemo(() => baseClient.withConfig({perspective: 'raw'}), [baseClient])
  const cutSource = useLoaded(() => client.fetch<CutSource>(CUT_QUERY, {version: source.path ?? ''}), [client, source.path])
  const loaded = cutSource.state === 'loaded' ? cutSource.value : null
  const loadError = cutSource.state === 'failed' ? cutSource.error : null
  const [request, setRequest] = useState<CutRequest>(() => initialRequest(source))
  // A launch is published together: the new version's documents (and the other documents' changes) in one Content Release.
  const [inRelease, setInRelease] = useState(false)
  const releasesEnabled = Boolean(useWorkspace().releases?.enabled)
  // The URL path follows the identifier until the editor changes it.
  const [urlPathEdited, setUrlPathEdited] = useState(false)

  // Where the docs are served (site settings), for the URL hints and problems.
  const docsPath = docsPathOf(typeof loaded?.settings?.docsPath === 'string' ? loaded.settings.docsPath : null)
  const problems = useMemo(() => (loaded ? cutRequestProblems(request, loaded.versions, docsPath) : []), [loaded, request, docsPath])
  const problemOf = (field: string) => problems.find((problem) => problem.field === field)?.message
  const docCount = loaded?.documents.filter((document) => document._type === 'doc' && !document._id.startsWith('drafts.')).length ?? 0

  const update = (field: keyof CutRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'isLast' ? event.currentTarget.checked : event.currentTarget.value
    setRequest((current) => ({...current, [field]: value, ...(field === 'path' && !urlPathEdited ? {urlPath: String(value).trim()} : {})}))
    if (field === 'urlPath') setUrlPathEdited(true)
  }

  const run = async () => {
    if (!loaded) return
    let plan: VersionCutPlan
    try {
      plan = planVersionCut({
        source,
        versions: loaded.versions,
        documents: loaded.documents,
        settings: loaded.settings,
        homePages: loaded.homePages,
        defaultLocale: loaded.defaultLocale,
        request,
      })
    } catch (error) {
      setPhase({kind: 'failed', message: error instanceof Error ? error.message : String(error), batch: 0, batches: 0, written: 0, total: 0})
      return
    }
    await writeBatches(
      client,
      plan,
      setPhase,
      inRelease && releasesEnabled ? {releaseId: newReleaseId(), title: `Docs ${request.label.trim() || request.path.trim()}`} : undefined,
    )
  }

  if (loadError) return <Text>Could not read the versions and docs: {loadError}</Text>
  if (phase.kind === 'done') return <CutSummary plan={phase.plan} release={phase.release} onClose={onClose} />
  if (phase.kind === 'writing') {
    return (
      <Stack gap={3} data-testid="cut-version-progress">
        <Text>
          Writing batch {phase.batch} of {phase.batches}: {phase.written} of {phase.total} documents written{inRelease ? ' into the release' : ' as drafts'}…
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap={4} data-testid="cut-version-form">
      <Text size={1} muted>
        {loaded
          ? `${docCount} docs (every locale) and ${loaded.documents.filter((document) => document._type === 'sidebar' && !document._id.startsWith('drafts.')).length} sidebars of ${source.label ?? source.path} will be copied into drafts of the new version. Nothing is published.`
          : 'Reading the versions and docs…'}
      </Text>
      <Field label="Identifier" hint="What docs and sidebars name the version by, such as v5." problem={problemOf('path')} testId="cut-path">
        <TextInput value={request.path} onChange={update('path')} data-testid="cut-path-input" />
      </Field>
      <Field label="Label" hint="Shown in the version dropdown, such as 5.x." problem={problemOf('label')} testId="cut-label">
        <TextInput value={request.label} onChange={update('label')} data-testid="cut-label-input" />
      </Field>
      <Field
        label="URL path"
        hint={
          request.urlPath.trim()
            ? `Served at ${versionBasePath(docsPath, {path: request.urlPath.trim()})}/.`
            : `Empty: served at ${versionBasePath(docsPath, {path: '', urlPath: ''})}/ itself.`
        }
        problem={problemOf('urlPath')}
        testId="cut-url-path"
      >
        <TextInput value={request.urlPath} onChange={update('urlPath')} data-testid="cut-url-path-input" />
      </Field>
      <Flex align="center" gap={2}>
        <Checkbox id="cut-is-last" checked={request.isLast} onChange={update('isLast')} data-testid="cut-is-last" />
        <Box flex={1}>
          <Text size={1}>
            <label htmlFor="cut-is-last">Becomes the latest version (the other versions’ changes are prepared as drafts and listed)</label>
          </Text>
        </Box>
      </Flex>
      {releasesEnabled ? (
        <Flex align="center" gap={2}>
          <Checkbox id="cut-in-release" checked={inRelease} onChange={(event) => setInRelease(event.currentTarget.checked)} data-testid="cut-in-release" />
          <Box flex={1}>
            <Text size={1}>
              <label htmlFor="cut-in-release">
                Put the new documents in a Content Release (previewed together and published as one, instead of drafts published one by one)
              </label>
            </Text>
          </Box>
        </Flex>
      ) : null}
      {phase.kind === 'failed' ? (
        <Card tone="critical" padding={3} radius={2} data-testid="cut-version-failure">
          <Text size={1}>
            {phase.batches > 0
              ? `Batch ${phase.batch} of ${phase.batches} failed: ${phase.message}. ${phase.written} of ${phase.total} documents were written as drafts before it; the new version is written last and does not exist yet. Run the cut again with the same identifier: it replaces the drafts already written.`
              : phase.message}
          </Text>
        </Card>
      ) : null}
      <Flex gap={2} justify="flex-end">
        <Button mode="ghost" text="Cancel" onClick={onClose} />
        <Button tone="primary" text="Cut version" disabled={!loaded || problems.length > 0} onClick={() => void run()} data-testid="cut-version-submit" />
      </Flex>
    </Stack>
  )
}

async function writeBatches(client: SanityClient, plan: VersionCutPlan, setPhase: (phase: Phase) => void, release?: {releaseId: string; title: string}) {
  const batches = batchMutations(plan.mutations)
  const total = plan.mutations.length
  let written = 0
  if (release) {
    try {
      await client.releases.create({releaseId: release.releaseId, metadata: {title: release.title, releaseType: 'undecided'}})
    } catch (error) {
      setPhase({
        kind: 'failed',
        message: `The Content Release could not be created: ${error instanceof Error ? error.message : String(error)}`,
        batch: 0,
        batches: 0,
        written,
        total,
      })
      return
    }
  }
  for (const [index, batch] of batches.entries()) {
    setPhase({kind: 'writing', batch: index + 1, batches: batches.length, written, total})
    try {
      if (release) {
        // Drafts become versions in the release (the Actions API); translation links are written as they are.
        const {actions, mutations} = releaseWrites(batch, release.releaseId)
        if (actions.length > 0) await client.action(actions, {})
        if (mutations.length > 0) await client.mutate(mutations, {visibility: 'sync'})
      } else await client.mutate(batch, {visibility: 'sync'})
    } catch (error) {
      setPhase({kind: 'failed', message: error instanceof Error ? error.message : String(error), batch: index + 1, batches: batches.length, written, total})
      return
    }
    written += batch.length
  }
  setPhase({kind: 'done', plan, ...(release ? {release} : {})})
}

function Field({label, hint, problem, testId, children}: {label: string; hint: string; problem?: string; testId: string; children: React.ReactNode}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Label size={1}>{label}</Label>
      {children}
      <Text size={1} muted>
        {hint}
      </Text>
      {problem ? (
        <Text size={1} data-testid={`${testId}-problem`} style={{color: 'var(--card-badge-critical-fg-color, #c3362b)'}}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  )
}

function CutSummary({plan, release, onClose}: {plan: VersionCutPlan; release: {releaseId: string; title: string} | undefined; onClose: () => void}) {
  const {basePath} = useWorkspace()
  const label = String(plan.version.label)
  const locales = Object.entries(plan.summary.docsPerLocale)
  const total = locales.reduce((sum, [, count]) => sum + count, 0)
  return (
    <Stack gap={4} data-testid="cut-version-summary">
      {release ? (
        <Stack gap={2}>
          <Text weight="semibold" data-testid="cut-version-release">
            {label} is ready in the Content Release “{release.title}”: nothing is published yet.
          </Text>
          <Text size={1}>
            <a href={`${basePath.replace(/\/$/, '')}/releases/${release.releaseId}`}>Open the release</a> to preview it (Presentation, with the release’s
            perspective) and publish it as one.
          </Text>
        </Stack>
      ) : (
        <Text weight="semibold">{label} is ready as drafts: nothing is published yet.</Text>
      )}
      <Stack gap={2} as="ul">
        <Text as="li" size={1}>
          {total} docs copied: {locales.map(([locale, count]) => `${count} ${locale}`).join(', ')}
        </Text>
        <Text as="li" size={1}>
          {plan.summary.sidebars} sidebars copied, {plan.summary.translationLinks} translation links created, {plan.summary.linksRewritten} links moved to{' '}
          {label}
        </Text>
        <Text as="li" size={1}>
          <IntentLink intent="edit" params={{id: String(plan.version._id).replace(/^drafts\./, ''), type: 'docsVersion'}}>
            Open the docs version {label}
          </IntentLink>
        </Text>
      </Stack>
      {plan.implied.length > 0 ? (
        <Stack gap={2}>
          <Text weight="semibold" size={1}>
            Prepared drafts of other documents (publish them together with {label})
          </Text>
          <Stack gap={2} as="ul" data-testid="cut-version-implied">
            {plan.implied.map((change) => (
              <Text as="li" size={1} key={change.id}>
                <IntentLink intent="edit" params={{id: change.id, type: change.type}}>
                  {change.title}
                </IntentLink>
                : {change.changes.join('; ')}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      <Stack gap={2}>
        <Text weight="semibold" size={1}>
          Review before publishing
        </Text>
        <Stack gap={2} as="ul" data-testid="cut-version-review">
          {plan.summary.review.map((item, index) => (
            <Text as="li" size={1} key={`${item.title}-${index}`}>
              {item.document ? (
                <IntentLink intent="edit" params={{id: item.document.id, type: item.document.type}}>
                  {item.title}
                </IntentLink>
              ) : item.structurePath ? (
                <a href={`${basePath.replace(/\/$/, '')}/structure/${item.structurePath}`}>{item.title}</a>
              ) : (
                item.title
              )}
              : {item.detail}
            </Text>
          ))}
        </Stack>
      </Stack>
      <Flex justify="flex-end">
        <Button tone="primary" text="Close" onClick={onClose} />
      </Flex>
    </Stack>
  )
}
