import {availableParallelism} from 'node:os'
import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{schemas,content-source,importer,scripts,web,publish,studio,test-support}/**/__tests__/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'web/e2e/**', 'web/.next/**', 'web/out/**', 'web/.builds/**'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Every core (Vitest's default leaves one idle): many files wait on child processes and servers, and on
    // 2 cores the suite took 359 s with one worker, 210 s with two.
    maxWorkers: availableParallelism(),
  },
})
