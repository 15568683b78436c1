/**
 * Sanity mode end to end, with stand-ins where Sanity itself would be: content in a git work tree
 * with a source changed after its translation → the importer's dataset → loaded as `sanity dataset
 * import` would store it (web's local-dataset loader) → served by the local HTTP stand-in of the
 * query API → read with @sanity/client configured as the site's transport → the reader's notice says stale; then a signed
 * publish notification reaches the webhook receiver and queues the build and the reindex.
 */
import {execFileSync} from 'node:child_process'
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {createClient} from '@sanity/client'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {docQuery} from '@site/schemas/queries'
// The TypeGen module augmentation of @sanity/client that the site's transport is typed with.
import type {} from '@site/schemas/types'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {gitEnv} from '@site/test-support/git'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {loadLocalDataset} from '@site/content-source/local-dataset'
import {translationNoticeKind} from '@site/web/editing/translation-notice-kind'
import {runImport} from '@site/importer/run-import'
import {contentTransportFromEnv, readLocaleTable} from '@site/content-source'
import {createWebhookServer, DEFAULT_STEPS, HOOK_PATH, RebuildQueue, type Step} from '../webhook'

const FIXTURE = path.join(import.meta.dirname, '../../../../importer/src/__tests__/__fixtures__/site')

let root = ''
let standin: SanityApiServer | null = null
let hooks: Server | null = null

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sanity-mode-'))
  const content = path.join(root, 'content')
  await cp(FIXTURE, content, {recursive: true})
  const git = (...args: string[]) => execFileSync('git', args, {cwd: root, env: gitEnv(), stdio: 'pipe'})
  git('init', '-q')
  git('add', '-A')
  git('commit', '-qm', 'site with a French translation')
  // The English rooms doc changes after its French translation was committed.
  const source = path.join(content, 'docs/02-server/rooms.md')
  await writeFile(source, (await readFile(source, 'utf8')).replace('## Joining a room', '## Joining and leaving a room'))
  git('commit', '-qam', 'rooms: leaving')
  const result = await runImport({contentDir: content, outDir: path.join(root, 'dataset')})
  expect(result.errors).toEqual([])
  const stored = await loadLocalDataset(path.join(root, 'dataset'))
  standin = await startSanityApiStandIn({projectId: 'standin', dataset: 'production', documents: stored.documents})
}, 120_000)

afterAll(async () => {
  await standin?.close()
  await new Promise<void>((resolve) => (hooks ? hooks.close(() => resolve()) : resolve()))
  if (root) await rm(root, {recursive: true, force: true})
})

describe('Sanity mode with stand-ins', () => {
  it('serves the stale translation over the query API, and the site reads it as stale', async () => {
    // Configured as the site's Sanity transport configures it (content-source/src/transports.ts).
    const client = createClient({
      projectId: 'standin',
      dataset: 'production',
      apiVersion: SANITY_API_VERSION,
      apiHost: standin!.url,
      useProjectHostname: false,
      useCdn: false,
      perspective: 'published',
    })
    const params = {version: 'v4', slug: 'server/rooms', defaultLocale: 'en'}
    const french = await client.fetch(docQuery, {...params, locale: 'fr'})
    expect(french).toMatchObject({language: 'fr', title: 'Salles'})
    expect(translationNoticeKind(french!, 'fr')).toBe('stale')
    const english = await client.fetch(docQuery, {...params, locale: 'en'})
    expect(translationNoticeKind(english!, 'en')).toBeNull()
    // No Chinese translation: the English doc is what Chinese readers get.
    expect(translationNoticeKind(english!, 'zh-CN')).toBe('missing')
    expect(standin!.requests.every((request) => request.path === `/v${SANITY_API_VERSION}/data/query/production`)).toBe(true)
  })

  it('lets the search index job read the same project through SANITY_API_HOST, as the web build does', async () => {
    const before = standin!.requests.length
    const source = await contentTransportFromEnv({SANITY_PROJECT_ID: 'standin', SANITY_DATASET: 'production', SANITY_API_HOST: standin!.url}, root)
    expect((await readLocaleTable(source)).locales.map((entry) => entry.code)).toEqual(['en', 'fr'])
    expect(standin!.requests.slice(before).map((request) => request.path)).toEqual([`/v${SANITY_API_VERSION}/data/query/production`])
  })

  it('turns a signed publish notification into a build and an incremental reindex', async () => {
    const ran: Step[] = []
    const queue = new RebuildQueue(
      DEFAULT_STEPS,
      async (step) => (ran.push(step), 0),
      () => {},
    )
    hooks = createWebhookServer('secret', queue)
    await new Promise<void>((resolve) => hooks!.listen(0, '127.0.0.1', resolve))
    const body = JSON.stringify({_id: 'doc-v4-fr-server--rooms', operation: 'update'})
    const response = await fetch(`http://127.0.0.1:${(hooks.address() as AddressInfo).port}${HOOK_PATH}`, {
      method: 'POST',
      headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), 'secret')},
      body,
    })
    expect(response.status).toBe(202)
    await queue.idle()
    expect(ran).toEqual(DEFAULT_STEPS)
  })
})
