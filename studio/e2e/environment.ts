/** What the studio's browser tests need from the machine, shared by studio/playwright.config.ts and the specs. */
import {existsSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {chromiumMissingReason} from '@site/test-support/chromium'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Where `npm run build -w @site/studio` (sanity build) puts the studio. */
export const STUDIO_DIST = join(REPO_ROOT, 'studio/dist')
/** The dataset the stand-in serves: the importer's output unless STUDIO_E2E_DATASET_DIR names another. */
/**
 * How long a test waits for the first document it opens to show its fields. Opening the built studio
 * loads about 40 lazy chunks before the form's inputs render; on these 2 cores with other builds
 * running (load average 17) one run showed the list pane at +18 s and the fields still loading at
 * +45 s, all requests answered: the browser was starved, not stuck. Later steps use shorter waits.
 */
export const FIRST_OPEN_TIMEOUT = 90_000

export const DATASET_DIR = process.env.STUDIO_E2E_DATASET_DIR || join(REPO_ROOT, '.generated/dataset')

/** Why the studio's browser tests cannot run here, or undefined when they can. */
export function studioE2eSkipReason(): string | undefined {
  const noBrowser = chromiumMissingReason()
  if (noBrowser) return noBrowser
  if (!existsSync(join(STUDIO_DIST, 'index.html'))) return 'studio/dist/ is not built; run npm run build -w @site/studio first'
  if (!existsSync(join(DATASET_DIR, 'data.ndjson'))) return `${join(DATASET_DIR, 'data.ndjson')} is missing; run npm run import first`
  return undefined
}
