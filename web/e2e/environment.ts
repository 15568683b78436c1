/** What the end-to-end tests need from the machine, shared by the Playwright config and the specs. */
import {existsSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {chromiumMissingReason} from '@site/test-support/chromium'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Why the end-to-end tests cannot run here, or undefined when they can. */
export function e2eSkipReason(): string | undefined {
  const noBrowser = chromiumMissingReason()
  if (noBrowser) return noBrowser
  if (!existsSync(join(REPO_ROOT, 'web/out/index.html'))) {
    return 'web/out/ is not built; run npm run build first (npm test builds it)'
  }
  return undefined
}
