/**
 * The preview server's tests: next build and next start with SITE_PREVIEW=1 against a stand-in of the
 * Sanity API (e2e-preview/serve-with-stand-in.ts), draft mode entered through the studio's preview
 * secret flow, pages checked over HTTP and in Debian's Chromium (/usr/bin/chromium).
 */
import {existsSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {defineConfig} from '@playwright/test'
import {chromiumProjects} from '@site/test-support/playwright-projects'
import {PREVIEW_URL} from './e2e-preview/settings'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

if (!existsSync(join(root, '.generated/dataset/data.ndjson')))
  throw new Error('The preview tests serve .generated/dataset through the stand-in: run npm run import first')

export default defineConfig({
  testDir: join(root, 'web/e2e-preview'),
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results/playwright-preview-artifacts'),
  // One server, one dataset the tests write drafts into: one test at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [['list'], ['json', {outputFile: join(root, 'test-results/playwright-preview.json')}]],
  use: {baseURL: PREVIEW_URL, trace: 'retain-on-failure', screenshot: 'only-on-failure'},
  projects: chromiumProjects,
  webServer: {
    command: `npx tsx ${join(root, 'web/e2e-preview/serve-with-stand-in.ts')}${process.env.PREVIEW_E2E_NO_BUILD ? ' --no-build' : ''}`,
    cwd: join(root, 'web'),
    url: `${PREVIEW_URL}/`,
    reuseExistingServer: false,
    // next build of the preview app, then next start.
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
