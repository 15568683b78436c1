/**
 * End-to-end tests of the development server: next dev (web/, port DEV_E2E_PORT or 3198) in
 * Debian's Chromium. Not part of npm test (next dev's first compile takes minutes here); run with
 * `npx playwright test --config web/playwright.dev.config.ts` after `npm run import`.
 */
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {defineConfig} from '@playwright/test'
import {chromiumProjects} from '@site/test-support/playwright-projects'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.DEV_E2E_PORT || 3198)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: join(root, 'web/e2e-dev'),
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results/playwright-dev-artifacts'),
  workers: 1,
  retries: 0,
  expect: {timeout: 10_000},
  reporter: [['list']],
  use: {baseURL, trace: 'retain-on-failure'},
  projects: chromiumProjects,
  webServer: {
    command: `npx next dev --port ${port} --hostname 127.0.0.1`,
    cwd: join(root, 'web'),
    url: `${baseURL}/_site/dev/main.js`,
    reuseExistingServer: true,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
