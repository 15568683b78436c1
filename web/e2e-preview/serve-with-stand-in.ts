/**
 * The preview server's tests' server: the stand-in of the Sanity API (not Sanity: api.sanity.io is
 * unreachable here) serving the generated dataset on STAND_IN_PORT, accepting only READ_TOKEN (drafts
 * are invisible without it), then the preview server (next build and next start with SITE_PREVIEW=1)
 * on PREVIEW_PORT reading from it. Started by playwright.preview.config.ts; stops both on SIGTERM.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import path from 'node:path'
import {startSanityApiStandIn} from '@site/test-support/sanity-api'
import {loadLocalDataset} from '@site/content-source/local-dataset'
import {DATASET, PREVIEW_PORT, PROJECT_ID, READ_TOKEN, STAND_IN_PORT, STUDIO_URL} from './settings'

const webDir = path.resolve(import.meta.dirname, '..')
const root = path.resolve(webDir, '..')

/** A command in this process's group: Playwright stops the whole group (npx, next and its server with it). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, {cwd: webDir, env, stdio: 'inherit'})
}

async function main() {
  const {documents, images} = await loadLocalDataset(path.join(root, '.generated/dataset'))
  // Images and files are served by the stand-in at their CDN paths, as Sanity's CDN would serve them.
  const cdnPath = (kind: 'image' | 'file', fileName: string) => `/${kind}s/${PROJECT_ID}/${DATASET}/${fileName}`
  const files = new Map(images.map((asset) => [cdnPath(asset.kind, asset.fileName), asset.source] as const))
  const served = documents.map((document) =>
    (document._type === 'sanity.imageAsset' || document._type === 'sanity.fileAsset') && typeof document.url === 'string'
      ? {
          ...document,
          url: `http://127.0.0.1:${STAND_IN_PORT}${cdnPath(document._type === 'sanity.imageAsset' ? 'image' : 'file', path.basename(document.url))}`,
        }
      : document,
  )
  const standin = await startSanityApiStandIn({projectId: PROJECT_ID, dataset: DATASET, documents: served, token: READ_TOKEN, port: STAND_IN_PORT, files})
  console.log(`Sanity API stand-in on ${standin.url}: ${documents.length} documents`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_PREVIEW: '1',
    SANITY_PROJECT_ID: PROJECT_ID,
    SANITY_DATASET: DATASET,
    SANITY_API_HOST: standin.url,
    SANITY_API_READ_TOKEN: READ_TOKEN,
    STUDIO_URL,
  }
  const running: {server?: ChildProcess} = {}
  const stop = () => {
    running.server?.kill('SIGTERM')
    void standin.close().then(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  if (!process.argv.includes('--no-build')) {
    const code = await new Promise<number | null>((resolve) => run('npx', ['next', 'build'], env).on('close', resolve))
    if (code !== 0) {
      await standin.close()
      throw new Error(`The preview build failed (next build exited with ${code})`)
    }
  }
  const server = run('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(PREVIEW_PORT)], env)
  running.server = server
  server.on('close', (code) => {
    void standin.close().then(() => process.exit(code ?? 1))
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
