/**
 * Browser tests of the built studio (studio/dist) in Debian's Chromium (/usr/bin/chromium, never a
 * downloaded browser), against a stand-in of the Sanity HTTP API (@site/test-support/sanity-api/playwright).
 */
import {join} from 'node:path'
import {defineConfig, devices} from '@playwright/test'
import {chromiumLaunchOptions} from '@site/test-support/chromium'
import {REPO_ROOT, studioE2eSkipReason} from './e2e/environment'

const skipReason = studioE2eSkipReason()
if (skipReason && !process.env.STUDIO_E2E_SKIP_REPORTED) {
  process.env.STUDIO_E2E_SKIP_REPORTED = '1'
  console.log(`\n[studio e2e] The studio's browser tests are skipped: ${skipReason}\n`)
}

/** Debian's Chromium, at the size of an editor's screen. */
const browser = {
  ...devices['Desktop Chrome'],
  viewport: {width: 1440, height: 900},
  launchOptions: chromiumLaunchOptions,
}

/** The spec that builds and publishes the site for real (studio/e2e/publish-fixtures.ts). */
const PUBLISHING_SPEC = '**/studio-publish-status.spec.ts'

export default defineConfig({
  testDir: join(REPO_ROOT, 'studio/e2e'),
  testMatch: '**/*.spec.ts',
  outputDir: join(REPO_ROOT, 'test-results/playwright-studio-artifacts'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The studio's first load parses a large bundle and its first document may take FIRST_OPEN_TIMEOUT
  // (e2e/environment.ts) on a loaded machine; later steps are quick.
  timeout: 180_000,
  expect: {timeout: 15_000},
  // npm test runs the two projects at different times, each with a report of its own (STUDIO_E2E_REPORT).
  reporter: [['list'], ['json', {outputFile: join(REPO_ROOT, process.env.STUDIO_E2E_REPORT ?? 'test-results/playwright-studio.json')}]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: {width: 1440, height: 900},
    // The editor's system asks for reduced motion: the studio's spinners and loading skeletons (Sanity UI animates them
    // only for `prefers-reduced-motion: no-preference`) stop, instead of being painted 60 times a second in software
    // (no GPU here) for as long as a document loads. Measured opening a document here: Chromium's CPU time 35 s → 17 s,
    // its wall time 25–55 s → 17–22 s on a loaded machine. Nothing a test checks moves.
    reducedMotion: 'reduce',
  },
  // Run whole, two workers, one per project: the publish status spec (mostly waiting on builds of the site, niced: a full
  // build, then a publish per test) beside every other spec. npm test runs the projects apart (tools/run.sh: the others
  // beside the incremental check, the publish status spec last). Never two of the other specs at once: two studios
  // opening together on 2 cores starve each other (the Translation status view timed out so).
  workers: 2,
  projects: [
    {
      name: 'chromium',
      testIgnore: PUBLISHING_SPEC,
      workers: 1,
      use: browser,
    },
    {
      name: 'chromium publishing',
      testMatch: PUBLISHING_SPEC,
      workers: 1,
      use: browser,
    },
  ],
})
