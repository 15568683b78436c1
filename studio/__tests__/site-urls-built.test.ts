/**
 * The URL module against a built site: every page document of content/, in every locale, has its page at the
 * module's address in the release SITE_URLS_BUILT_OUT names. npm test runs it after its build of content/
 * (tools/run.sh); by hand, after npm run build: SITE_URLS_BUILT_OUT=web/out npx vitest run studio/__tests__/site-urls-built.test.ts
 */
import {existsSync} from 'node:fs'
import path from 'node:path'
import {routeUrl} from '@site/schemas/routing'
import {describe, expect, it} from 'vitest'
import {exportedFile, importSite, ROOT, SITES} from './site-urls-fixture'

describe('the built site', () => {
  const given = process.env.SITE_URLS_BUILT_OUT
  const outDir = given ? path.resolve(ROOT, given) : ''
  const built = given !== undefined && existsSync(path.join(outDir, 'index.html'))
  if (!built)
    console.log(
      given === undefined
        ? 'Skipped: the built site is checked after the site build of npm test (SITE_URLS_BUILT_OUT names its release)'
        : `Skipped: no built site at ${outDir} (npm run build builds it)`,
    )
  it.skipIf(!built)(
    'has a page at the module’s address of every page document of content/, in every locale',
    async () => {
      const {table, pages} = await importSite(SITES['content/'])
      const missing: string[] = []
      for (const {code} of table.locales.locales)
        for (const {route} of pages) {
          const url = routeUrl(table, {...route, locale: code})
          if (!exportedFile(outDir, url)) missing.push(url)
        }
      expect(missing).toEqual([])
    },
    180_000,
  )
})
