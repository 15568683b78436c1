/** The first-load figures: chunk ownership from the modules in each chunk, asset references, the median of Lighthouse runs. */
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {clientBundleImports, inlinedPayloadBytes, isSiteModule, measureFirstLoad, pageAssets} from '../first-load'
import {median} from '../lighthouse'

let root = ''
afterAll(async () => {
  if (root) await rm(root, {recursive: true, force: true})
})

/** Which modules each chunk holds, as the bench maps the scripts a page loads. */
const modulesByChunk = new Map<string, Set<string>>([
  ['_next/static/chunks/runtime.js', new Set(['[project]/node_modules/next/dist/client/components/layout-router.js'])],
  ['_next/static/chunks/site.js', new Set(['[project]/web/src/components/tabs.tsx'])],
  ['_next/static/chunks/lazy.js', new Set(['[project]/node_modules/@portabletext/react/dist/index.js'])],
])

describe('first-load figures', () => {
  it('tells site modules from framework modules', () => {
    expect(isSiteModule('[project]/web/src/components/tabs.tsx')).toBe(true)
    expect(isSiteModule('[project]/web/app/[[...path]]/error.tsx')).toBe(true)
    expect(isSiteModule('[project]/node_modules/next/dist/client/index.js')).toBe(false)
  })

  it('finds a page’s scripts, stylesheets and inlined payload', () => {
    const html =
      '<link rel="stylesheet" href="/_next/static/chunks/a.css"/><script src="/_next/static/chunks/p.js" noModule=""></script><script src="/x.js" async=""></script><script>self.__next_f.push([1,"abc"])</script>'
    expect(pageAssets(html)).toEqual({
      scripts: [
        {src: '/_next/static/chunks/p.js', legacy: true},
        {src: '/x.js', legacy: false},
      ],
      styles: ['/_next/static/chunks/a.css'],
    })
    expect(inlinedPayloadBytes(html)).toBe('<script>self.__next_f.push([1,"abc"])</script>'.length)
  })

  it('splits a page’s first load into runtime and site code and flags forbidden libraries', async () => {
    root = await mkdtemp(join(tmpdir(), 'first-load-'))
    await mkdir(join(root, '_next/static/chunks'), {recursive: true})
    await mkdir(join(root, 'docs'), {recursive: true})
    await writeFile(join(root, '_next/static/chunks/runtime.js'), 'r'.repeat(5000))
    await writeFile(join(root, '_next/static/chunks/site.js'), 's'.repeat(100))
    await writeFile(join(root, '_next/static/chunks/lazy.js'), 'l'.repeat(100))
    await writeFile(join(root, '_next/static/chunks/a.css'), 'c'.repeat(100))
    const scripts = ['runtime.js', 'site.js', 'lazy.js'].map((file) => `<script src="/_next/static/chunks/${file}" async=""></script>`).join('')
    await writeFile(join(root, 'docs/index.html'), `<html><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>${scripts}</head></html>`)
    const figures = await measureFirstLoad(root, '/docs/', modulesByChunk)
    expect(figures.js.site).toBeGreaterThan(0)
    expect(figures.js.framework).toBeGreaterThan(figures.js.site)
    expect(figures.css.site).toBeGreaterThan(0)
    expect(figures.chunks.find((chunk) => chunk.file.endsWith('lazy.js'))?.forbidden).toEqual(['Portable Text renderer'])
    expect(figures.chunks.find((chunk) => chunk.file.endsWith('site.js'))?.forbidden).toEqual([])
  })

  it('counts the page script and the modules the page preloads, and lists the modules it imports later apart', async () => {
    const site = await mkdtemp(join(tmpdir(), 'first-load-split-'))
    try {
      await mkdir(join(site, '_site'), {recursive: true})
      await mkdir(join(site, 'docs'), {recursive: true})
      for (const [file, size] of [
        ['main-A.js', 3000],
        ['page-S.js', 400],
        ['page-T.js', 500],
        ['page-C.js', 600],
        ['page-M.js', 700],
      ] as const)
        await writeFile(join(site, '_site', file), Array.from({length: size}, (_, index) => String.fromCharCode(33 + ((index * 7919) % 90))).join(''))
      await writeFile(
        join(site, 'docs/index.html'),
        '<html><head><script type="module" src="/_site/main-A.js"></script><link rel="modulepreload" href="/_site/page-S.js"><link rel="modulepreload" href="/_site/page-T.js"></head></html>',
      )
      const imports = clientBundleImports(
        JSON.stringify({
          workingDir: site,
          outDir: site,
          outputs: {
            '_site/main-A.js': {
              imports: [
                {path: '_site/page-S.js', kind: 'import-statement'},
                {path: '_site/page-T.js', kind: 'dynamic-import'},
                {path: '_site/page-C.js', kind: 'dynamic-import'},
                {path: '_site/search-island.js', kind: 'dynamic-import', external: true},
              ],
            },
            '_site/page-C.js': {imports: [{path: '_site/page-M.js', kind: 'import-statement'}]},
          },
        }),
      )
      const figures = await measureFirstLoad(site, '/docs/', new Map(), imports)
      expect(figures.chunks.map((chunk) => chunk.file).sort()).toEqual(['_site/main-A.js', '_site/page-S.js', '_site/page-T.js'])
      expect(figures.js.site).toBe(figures.chunks.reduce((sum, chunk) => sum + chunk.gzip, 0))
      expect(figures.onDemand.chunks.map((chunk) => chunk.file).sort()).toEqual(['_site/page-C.js', '_site/page-M.js'])
      expect(figures.onDemand.js).toBeGreaterThan(0)
    } finally {
      await rm(site, {recursive: true, force: true})
    }
  })

  it('takes the median of Lighthouse runs', () => {
    expect(median([90, 100, 95])).toBe(95)
    expect(median([1, 2, 3, 4])).toBe(2.5)
    expect(() => median([])).toThrow(/no values/)
  })
})
