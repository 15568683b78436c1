import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{schemas,content-source,importer,scripts,web,studio,test-support}/**/__tests__/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'web/e2e/**', 'web/.next/**', 'web/out/**', 'web/.builds/**'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
})
