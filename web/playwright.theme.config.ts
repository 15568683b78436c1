/**
 * The theme's end-to-end tests in Debian's Chromium (/usr/bin/chromium): the kitchen-sink fixture, a
 * Docusaurus site with custom CSS, imported and built into web/.theme-e2e-out (beside web/out) and
 * served by the site's own server on 127.0.0.1 (e2e-theme/serve-themed-site.ts).
 */
import {execFileSync} from 'node:child_process'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {defineConfig} from '@playwright/test'
import {chromiumProjects} from '@site/test-support/playwright-projects'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return Number(execFileSync(process.execPath, ['-e', script], {encoding: 'utf8'}))
}
// Chosen once, in the runner; the workers load this config again and read it from the environment.
process.env.THEME_E2E_PORT ||= String(freePort())
const port = Number(process.env.THEME_E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: join(root, 'web/e2e-theme'),
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results/playwright-theme-artifacts'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: {timeout: 5_000},
  reporter: [['list'], ['json', {outputFile: join(root, 'test-results/playwright-theme.json')}]],
  use: {baseURL, trace: 'retain-on-failure', screenshot: 'only-on-failure'},
  projects: chromiumProjects,
  webServer: {
    command: `npx tsx web/e2e-theme/serve-themed-site.ts ${port}`,
    cwd: root,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    // An import and a web build when the export is older than its sources.
    timeout: 1_200_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
