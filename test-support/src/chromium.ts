/**
 * The browser of every Playwright suite (the site, its development server, the preview server, the
 * studio): Debian's Chromium, never a downloaded one, started the same way everywhere.
 */
import {existsSync} from 'node:fs'

export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Flags for a container without a GPU or a user namespace, and no background traffic to skew network checks. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

/** The launch options of a Playwright project (`use: {...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions}`). */
export const chromiumLaunchOptions = {executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS]}

/** Why no browser test can run here, or undefined when Debian's Chromium is installed. */
export function chromiumMissingReason(): string | undefined {
  return existsSync(CHROMIUM_PATH) ? undefined : `${CHROMIUM_PATH} is missing; install Debian's chromium (apt-get install chromium), as .ci/run does`
}
