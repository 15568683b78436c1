/**
 * The Sanity webhook receiver as docker compose runs it (deploy/webhook.Dockerfile): the receiver of
 * ./webhook.ts with one more step, which hands the rebuilt web/out/ to the nginx of the site service.
 */
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {readContentEnv} from '@site/content-source'
import {publishStatusFromEnv, withoutWriteToken} from '../publish/status/publish-status-service'
import {NGINX_POLICY_FILE} from '../security/content-security-policy'
import {createWebhookServer, readListenSettings, RebuildQueue, spawnStep, type ListenSettings, type Step} from './webhook'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Variables the site build has no use for: removed from its environment so no bundle can embed them. */
export const BUILD_HIDDEN_VARIABLES = ['TYPESENSE_ADMIN_API_KEY', 'SANITY_WEBHOOK_SECRET', 'SANITY_AUTH_TOKEN'] as const

export interface ComposeStepOptions {
  /** Lock file shared with the indexer service, so that two index runs never write the alias at once. */
  indexLock: string
}

/**
 * Build (only what the changed documents reach, see tools/build-aside.sh), write the build's nginx policy lines, publish, then reindex. The publish comes before the reindex so that a failed reindex
 * still leaves readers the new pages (the queue skips the steps after a failure).
 */
export function composeSteps({indexLock}: ComposeStepOptions): Step[] {
  const hidden = BUILD_HIDDEN_VARIABLES.flatMap((name) => ['-u', name])
  return [
    ['env', ...hidden, 'npm', 'run', 'publish:site'],
    // The release's own nginx policy lines, from what its pages need (the site service's nginx takes them, deploy/site-policy-watch.sh).
    ['npx', 'tsx', 'scripts/src/security/content-security-policy.ts', '--nginx', 'web/out', '--out', `web/out/${NGINX_POLICY_FILE}`],
    ['sh', 'deploy/publish-site.sh', 'web/out'],
    ['flock', indexLock, 'npm', 'run', 'search:index', '--', '--incremental'],
  ]
}

/** The lock beside the state file: both services mount the state volume, so both see it. */
export function indexLockFor(statePath: string): string {
  return path.join(path.dirname(statePath), 'index.lock')
}

/** Reads WEBHOOK_BUILD_ON_START: on unless set to 0, false or no. */
export function buildOnStart(value: string | undefined): boolean {
  return !/^(0|false|no)$/i.test(value?.trim() ?? '')
}

async function main(): Promise<void> {
  const secret = process.env.SANITY_WEBHOOK_SECRET ?? ''
  if (!secret) {
    console.error('sanity-webhook: SANITY_WEBHOOK_SECRET is required (the secret set on the webhook in sanity.io/manage → API → Webhooks)')
    process.exit(2)
  }
  const missing = ['SANITY_PROJECT_ID', 'SANITY_DATASET'].filter((name) => !process.env[name]?.trim())
  if (missing.length > 0) {
    console.error(`sanity-webhook: ${missing.join(' and ')} must be set: publishes rebuild the site from that Sanity project`)
    process.exit(2)
  }
  if (!process.env.SITE_RELEASES_DIR) {
    console.error('sanity-webhook: SITE_RELEASES_DIR is required (the volume the site service serves)')
    process.exit(2)
  }
  let settings: ListenSettings
  try {
    // The rest of the content variables (API host, version, perspective), checked now by the build's own rules rather than at the first publish.
    readContentEnv(process.env)
    settings = readListenSettings(process.env)
  } catch (error) {
    console.error(`sanity-webhook: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  }
  const statePath = process.env.SEARCH_INDEX_STATE ?? path.join(ROOT, '.generated/search-index-state.json')
  // Editors see each publish in the studio when the receiver has a write token (scripts/src/publish/status).
  const observer = publishStatusFromEnv(process.env)
  const queue = new RebuildQueue(composeSteps({indexLock: indexLockFor(statePath)}), spawnStep(ROOT, withoutWriteToken(process.env)), console.log, {
    stepTimeoutMs: settings.stepTimeoutMs,
    ...(observer ? {observer} : {}),
  })
  const server = createWebhookServer(secret, queue)
  // 127.0.0.1 unless WEBHOOK_HOST says otherwise: docker-compose.yml sets 0.0.0.0, the container's port being the way in.
  server.listen(settings.port, settings.host, () => {
    const address = server.address()
    console.log(
      `sanity-webhook: listening on ${settings.host} port ${typeof address === 'object' && address ? address.port : settings.port}, POST /hooks/sanity`,
    )
  })
  // The site image holds the build of content/; the first run replaces it with what Sanity has published.
  if (buildOnStart(process.env.WEBHOOK_BUILD_ON_START)) queue.request([])
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
