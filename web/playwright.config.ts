/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium, never a downloaded browser) against the
 * built export web/out/, served by scripts/src/serve.ts on 127.0.0.1 and a free port.
 */
import {execFileSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {defineConfig} from '@playwright/test'
import {chromiumProjects} from '@site/test-support/playwright-projects'
import {e2eSkipReason} from './e2e/environment'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The config is loaded again in every worker; the port is chosen once, in the runner, and handed
 * to the workers through the environment so that all agree with the server.
 */
function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return Number(execFileSync(process.execPath, ['-e', script], {encoding: 'utf8'}))
}
process.env.E2E_PORT ||= String(freePort())
const port = Number(process.env.E2E_PORT)
const baseURL = `http://127.0.0.1:${port}`

const skipReason = e2eSkipReason()
if (skipReason && !process.env.E2E_SKIP_REPORTED) {
  process.env.E2E_SKIP_REPORTED = '1'
  console.log(`\n[e2e] The end-to-end tests are skipped: ${skipReason}\n`)
}

export default defineConfig({
  testDir: join(root, 'web/e2e'),
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results/playwright-artifacts'),
  fullyParallel: true,
  // Two workers: the pages are static files, and each test waits on the browser more than on the CPU.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: {timeout: 5_000},
  reporter: [['list'], ['json', {outputFile: join(root, 'test-results/playwright.json')}]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: chromiumProjects,
  // Without the export there is nothing to serve; the tests then skip with the reason printed above.
  webServer: existsSync(join(root, 'web/out'))
    ? {
        command: `npx tsx scripts/src/serve.ts --dir web/out --port ${port} --host 127.0.0.1`,
        cwd: root,
        url: `${baseURL}/`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'pipe',
        stderr: 'pipe',
      }
    : undefined,
})
