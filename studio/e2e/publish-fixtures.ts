/**
 * The studio fixtures (./studio-fixtures.ts) with the whole publish path behind them, for the publish status specs:
 * one Sanity API stand-in for the worker (the studio reaches it through the browser's routing, the publishes through
 * its HTTP door), which sends its GROQ-powered webhook to the real receiver (scripts/src/sanity/webhook.ts) with its
 * real queue and step (`bash tools/run.sh publish:site`: the incremental publish, its link check and its swap of
 * web/out), the receiver's publish status service writing `publishStatus` documents with a robot token that editors
 * do not hold, and web/out served on 127.0.0.1 as `npm start` serves it.
 *
 * The site is first built whole from the stand-in's content (a few minutes). web/out as it was before is put aside
 * and put back afterwards, with the builds it pointed at: the specs leave the project's own build as they found it.
 */
import {existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync} from 'node:fs'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {basename, join} from 'node:path'
import {spawn} from 'node:child_process'
import {startSanityApiStandIn, type SanityApiServer} from '@site/test-support/sanity-api'
import {type BrowserSanityApiStandIn, createBrowserSanityApiStandIn, STAND_IN_TOKEN, type StoredDocument} from '@site/test-support/sanity-api/playwright'
import {WEBHOOK_FILTER} from '@site/schemas/webhook'
import {createStaticServer} from '@site/scripts/serve'
import {createWebhookServer, HOOK_PATH, RebuildQueue, spawnStep} from '@site/scripts/sanity/webhook'
import {PublishStatusService} from '@site/scripts/publish/status/publish-status-service'
import {sanityStatusStore} from '@site/scripts/publish/status/status-store'
import {loadLocalDataset} from '@site/content-source/local-dataset'
import {studioEnv} from '../env'
import {DATASET_DIR, REPO_ROOT} from './environment'
import {type PreviewServer, previewServerFixture} from './preview-server'
import {expect, test as studioTest} from './studio-fixtures'

/** The publish service's token: it alone writes the status documents. */
export const SERVICE_TOKEN = 'stand-in-publish-service-token'
const WEBHOOK_SECRET = 'stand-in-webhook-secret'
const WEB = join(REPO_ROOT, 'web')
const OUT_LINK = join(WEB, 'out')
const BUILDS = join(WEB, '.builds')
/** Where web/out and its builds wait while the specs publish (a run killed midway leaves them here: the next run puts them back first). */
const STASH = join(WEB, '.status-e2e-stash')

export interface Publishing {
  standIn: BrowserSanityApiStandIn
  door: SanityApiServer
  /** web/out served on 127.0.0.1. */
  site: string
  queue: RebuildQueue
  service: PublishStatusService
  /** The receiver's and the publishes' output. */
  log: string[]
  /** The build web/out points at now. */
  servedBuild(): string
  /** The published documents, as the stand-in holds them now. */
  document(id: string): StoredDocument | undefined
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe']})
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    child.on('exit', (code) => resolve(code ?? 1))
  })
}

/** Puts web/out (a link or a folder) and every build aside. */
function stashSite(): void {
  restoreSite()
  mkdirSync(STASH, {recursive: true})
  if (existsSync(OUT_LINK) || isLink(OUT_LINK)) renameSync(OUT_LINK, join(STASH, 'out'))
  if (existsSync(BUILDS)) renameSync(BUILDS, join(STASH, '.builds'))
}

/** Removes what the specs built and puts web/out and the builds back as they were. */
function restoreSite(): void {
  if (!existsSync(STASH)) return
  rmSync(OUT_LINK, {recursive: true, force: true})
  rmSync(BUILDS, {recursive: true, force: true})
  if (existsSync(join(STASH, '.builds'))) renameSync(join(STASH, '.builds'), BUILDS)
  if (existsSync(join(STASH, 'out')) || isLink(join(STASH, 'out'))) renameSync(join(STASH, 'out'), OUT_LINK)
  rmSync(STASH, {recursive: true, force: true})
}

function isLink(path: string): boolean {
  try {
    readlinkSync(path)
    return true
  } catch {
    return false
  }
}

export const test = studioTest.extend<{previewServer: PreviewServer}, {publishing: Publishing}>({
  publishing: [
    async ({}, use, workerInfo) => {
      const log: string[] = []
      // The dataset as a Sanity project has it (as scripts/src/sanity/dataset-stand-in.ts serves it): images on Sanity's CDN,
      // the static files (which the build downloads) served by the stand-in at their CDN path.
      const {projectId, dataset} = studioEnv
      const {documents, images} = await loadLocalDataset(DATASET_DIR)
      const served = documents.map((document) =>
        document._type === 'sanity.imageAsset' && typeof document.url === 'string'
          ? {...document, url: `https://cdn.sanity.io/images/${projectId}/${dataset}/${basename(document.url)}`}
          : document,
      )
      const files = new Map(
        images.filter((asset) => asset.kind === 'file').map((asset) => [`/files/${projectId}/${dataset}/${asset.fileName}`, asset.source] as const),
      )
      const standIn = createBrowserSanityApiStandIn({
        projectId,
        dataset,
        documents: served,
        // Editors read the publish service's status documents and may ask for a retry; only the service writes a status.
        grants: [
          {filter: '_type != "publishStatus"', permissions: ['read', 'create', 'update', 'history']},
          {filter: '_type == "publishStatus"', permissions: ['read', 'history']},
        ],
        tokens: {[SERVICE_TOKEN]: {}},
        features: ['contentReleases'],
      })
      const door = await startSanityApiStandIn({api: standIn, projectId, dataset, files})
      for (const document of served)
        if (document._type === 'sanity.fileAsset' && typeof document.url === 'string') document.url = door.assetUrl('files', basename(document.url))
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        SANITY_PROJECT_ID: standIn.projectId,
        SANITY_DATASET: standIn.dataset,
        SANITY_API_HOST: door.url,
        SANITY_API_READ_TOKEN: STAND_IN_TOKEN,
      }
      let siteServer: Server | undefined
      let hookServer: Server | undefined
      stashSite()
      try {
        // The site as the stand-in's content builds it, whole: the build every publish starts from.
        log.push(`[${workerInfo.workerIndex}] full build from the stand-in\n`)
        const code = await run('nice', ['-n', '10', 'bash', 'tools/run.sh', 'publish:site', '--full'], env, log)
        if (code !== 0) throw new Error(`The full build from the stand-in failed (exit ${code}):\n${log.join('').slice(-4000)}`)
        siteServer = createStaticServer({dir: OUT_LINK})
        await new Promise<void>((resolve) => siteServer?.listen(0, '127.0.0.1', resolve))
        const site = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`

        const service = new PublishStatusService({
          store: sanityStatusStore({projectId: standIn.projectId, dataset: standIn.dataset, token: SERVICE_TOKEN, apiHost: door.url}),
          log: (line) => log.push(`${line}\n`),
          pollMs: 100,
        })
        const queue = new RebuildQueue(
          [['nice', '-n', '10', 'bash', 'tools/run.sh', 'publish:site']],
          spawnStep(REPO_ROOT, env),
          (line) => log.push(`${line}\n`),
          {
            observer: service,
          },
        )
        hookServer = createWebhookServer(WEBHOOK_SECRET, queue)
        await new Promise<void>((resolve) => hookServer?.listen(0, '127.0.0.1', resolve))
        standIn.webhooks.push({
          url: `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}${HOOK_PATH}`,
          // The types the webhook is set up for, as docs/publishing.md tells operators to set it up (editors' retry requests included).
          filter: WEBHOOK_FILTER,
          projection: '{_id, _type, "operation": delta::operation()}',
          secret: WEBHOOK_SECRET,
        })
        await use({
          standIn,
          door,
          site,
          queue,
          service,
          log,
          servedBuild: () => readlinkSync(OUT_LINK),
          document: (id) => standIn.document(id),
        })
        await queue.idle()
      } finally {
        await new Promise<void>((resolve) => (hookServer ? hookServer.close(() => resolve()) : resolve()))
        await new Promise<void>((resolve) => (siteServer ? siteServer.close(() => resolve()) : resolve()))
        await door.close()
        restoreSite()
        if (process.env.STUDIO_E2E_LOG) console.log(log.join(''))
      }
    },
    {scope: 'worker', timeout: 30 * 60_000},
  ],
  // The studio's requests go to the worker's stand-in, the one the publishes read and write.
  standIn: async ({publishing}, use) => {
    await use(publishing.standIn)
  },
  // The preview server (web/.next-preview) in the Presentation tool's frame, reading that same stand-in.
  previewServer: previewServerFixture,
})

/** The builds in web/.builds now (for counting swaps). */
export function buildsNow(): string[] {
  return existsSync(BUILDS) ? readdirSync(BUILDS).filter((name) => !name.includes('.')) : []
}

export {expect}
