/**
 * The studio e2e's machinery run for a figure, not a verdict: `npm run bench -- --only preview`
 * (scripts/src/bench/preview.ts) runs studio/e2e/*.bench.ts with it. Same browser and settings as
 * studio/playwright.config.ts; one worker, so that nothing else competes with the timed rounds.
 */
import {join} from 'node:path'
import {defineConfig} from '@playwright/test'
import tests from './playwright.config'
import {REPO_ROOT} from './e2e/environment'

export default defineConfig({
  ...tests,
  testMatch: '**/*.bench.ts',
  outputDir: join(REPO_ROOT, 'test-results/playwright-studio-bench-artifacts'),
  workers: 1,
  fullyParallel: false,
  reporter: [['line']],
})
