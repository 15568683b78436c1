// Rendering a publish's pages with the app the last build compiled: which recorded compile may be
// used, how routes map to Next's export paths, where the HTML goes, and how pages are split over
// processes. The render itself runs in the incremental publish check (scripts/src/publish/).
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {serialize} from 'node:v8'
import {afterEach, describe, expect, it} from 'vitest'
import {nextEnvironment} from '../compiled-app-capture'
import {
  batches,
  exportEntriesFor,
  exportedFiles,
  exportPathKey,
  loadCompiledApp,
  markCompiledApp,
  routeHandlerFiles,
  type ExportPathEntry,
} from '../compiled-render'

let dir: string

afterEach(async () => {
  await rm(dir, {recursive: true, force: true})
})

const page = (route: string): ExportPathEntry => ({page: '/[[...path]]', path: route, _isAppDir: true})

/** A compile folder as next build leaves it with the capture on: its BUILD_ID and the workers' recorded calls. */
async function compiledFolder(buildId: string, calls: ExportPathEntry[][]): Promise<{distDir: string; captureDir: string}> {
  dir = await mkdtemp(path.join(tmpdir(), 'compiled-'))
  const distDir = path.join(dir, '.next')
  const captureDir = path.join(distDir, 'site-compiled-app')
  await mkdir(captureDir, {recursive: true})
  await writeFile(path.join(distDir, 'BUILD_ID'), buildId)
  for (const [index, exportPaths] of calls.entries()) {
    const input = {buildId, distDir, exportPaths, renderOpts: {trailingSlash: true}}
    await writeFile(path.join(captureDir, `input-100-${index}.bin`), serialize({input, env: {NODE_ENV: 'production'}}))
  }
  return {distDir, captureDir}
}

describe('the compiled app of the last build', () => {
  it('is used only once a build marked it, for the code it was compiled from', async () => {
    const icon = {page: '/icon.svg/route', path: '/icon.svg'}
    const {distDir, captureDir} = await compiledFolder('b1', [
      [page('/'), page('/docs/v4/rooms')],
      [page('/fr/docs/v4/rooms'), icon],
    ])
    expect(await loadCompiledApp('code-1', captureDir, distDir)).toEqual({unusable: expect.stringContaining('no render input recorded') as unknown})
    expect(await markCompiledApp('code-1', captureDir, distDir)).toBe(true)
    const app = await loadCompiledApp('code-1', captureDir, distDir)
    if ('unusable' in app) throw new Error(app.unusable)
    expect(app.buildId).toBe('b1')
    // Every worker's paths, by route key; the template carries the render options without paths.
    expect([...app.entries.keys()].sort()).toEqual(['', 'docs/v4/rooms', 'fr/docs/v4/rooms'])
    expect(app.handlers).toEqual([icon])
    // A publish with no page to render takes these files from the build being served.
    expect(routeHandlerFiles(app, path.join(dir, '.builds/2'))).toEqual(['icon.svg'])
    expect(app.template.exportPaths).toEqual([])
    expect(app.template.renderOpts).toEqual({trailingSlash: true})
    expect(app.env).toEqual({NODE_ENV: 'production'})
    expect(await loadCompiledApp('code-2', captureDir, distDir)).toEqual({unusable: 'web/.next was compiled from other code or settings'})
  })

  it('is refused when another compile replaced it, and never marked when nothing was recorded', async () => {
    const {distDir, captureDir} = await compiledFolder('b1', [[page('/')]])
    await markCompiledApp('code-1', captureDir, distDir)
    await writeFile(path.join(distDir, 'BUILD_ID'), 'b2')
    expect(await loadCompiledApp('code-1', captureDir, distDir)).toEqual({unusable: expect.stringContaining('another compile (b2, recorded b1)') as unknown})
    await rm(captureDir, {recursive: true})
    expect(await markCompiledApp('code-1', captureDir, distDir)).toBe(false)
  })

  it('gives a route it never rendered the catch-all page’s entry with its path, as next build would', async () => {
    const {distDir, captureDir} = await compiledFolder('b1', [[page('/'), {...page('/blog/a-post'), _ssgPath: '/blog/a-post', _notFoundParams: ['path']}]])
    await markCompiledApp('code-1', captureDir, distDir)
    const app = await loadCompiledApp('code-1', captureDir, distDir)
    if ('unusable' in app) throw new Error(app.unusable)
    const {entries, added, unknown} = exportEntriesFor(app, ['blog/a-post', 'blog/a-new-post', ''])
    expect(entries.map((entry) => entry.path)).toEqual(['/blog/a-post', '/blog/a-new-post', '/'])
    expect(entries[1]).toEqual({page: '/[[...path]]', path: '/blog/a-new-post', _ssgPath: '/blog/a-new-post', _isAppDir: true, _notFoundParams: ['path']})
    expect(added).toEqual(['blog/a-new-post'])
    expect(unknown).toEqual([])
  })

  it('names the new routes next build must render: a path Next would encode, or no single catch-all page', async () => {
    const {distDir, captureDir} = await compiledFolder('b1', [[page('/'), page('/blog/a-post'), {page: '/docs/[...slug]', path: '/docs/a', _isAppDir: true}]])
    await markCompiledApp('code-1', captureDir, distDir)
    const two = await loadCompiledApp('code-1', captureDir, distDir)
    if ('unusable' in two) throw new Error(two.unusable)
    expect(exportEntriesFor(two, ['blog/new'])).toMatchObject({added: [], unknown: ['blog/new']})
    await rm(dir, {recursive: true, force: true})
    const one = await compiledFolder('b2', [[page('/'), page('/blog/a-post')]])
    await markCompiledApp('code-1', one.captureDir, one.distDir)
    const app = await loadCompiledApp('code-1', one.captureDir, one.distDir)
    if ('unusable' in app) throw new Error(app.unusable)
    expect(exportEntriesFor(app, ['blog/tags/été', 'blog/tags/a b'])).toMatchObject({added: [], unknown: ['blog/tags/été', 'blog/tags/a b']})
  })
})

describe('export paths and files', () => {
  it('keys a path as the route filter does, decoded', () => {
    expect(exportPathKey('/')).toBe('')
    expect(exportPathKey('/zh-CN/docs/v4/rooms')).toBe('zh-CN/docs/v4/rooms')
    expect(exportPathKey('/blog/tags/%C3%A9t%C3%A9')).toBe('blog/tags/été')
  })

  it('reads a page or a route handler from the compile and writes it where the export puts it', () => {
    expect(exportedFiles('/w/.next', '/w/.builds/2', page('/'))).toEqual({rendered: '/w/.next/server/app/index.html', exported: '/w/.builds/2/index.html'})
    expect(exportedFiles('/w/.next', '/w/.builds/2', page('/fr/docs/v4/rooms'))).toEqual({
      rendered: '/w/.next/server/app/fr/docs/v4/rooms.html',
      exported: '/w/.builds/2/fr/docs/v4/rooms/index.html',
    })
    expect(exportedFiles('/w/.next', '/w/.builds/2', {page: '/icon.svg/route', path: '/icon.svg'})).toEqual({
      rendered: '/w/.next/server/app/icon.svg.body',
      exported: '/w/.builds/2/icon.svg',
    })
  })

  it('splits pages over processes as Next does: one for a few pages, all for many', () => {
    expect(batches(['a', 'b', 'c', 'd'], 2)).toEqual([['a', 'b', 'c', 'd']])
    const many = Array.from({length: 60}, (_, index) => index)
    expect(batches(many, 2).map((batch) => batch.length)).toEqual([30, 30])
    expect(batches(many, 1)).toEqual([many])
    expect(batches([], 2)).toEqual([])
  })
})

describe('the capture', () => {
  it("keeps Next's own environment of the worker, and none of ours", () => {
    expect(
      nextEnvironment({
        NODE_ENV: 'production',
        __NEXT_PRERENDER_CLIENT_ASSET_SUFFIX: '',
        NEXT_RUNTIME: 'nodejs',
        SANITY_API_READ_TOKEN: 'secret',
        TYPESENSE_ADMIN_API_KEY: 'secret',
        NEXT_PUBLIC_SITE_URL: 'https://example.org',
      }),
    ).toEqual({NODE_ENV: 'production', __NEXT_PRERENDER_CLIENT_ASSET_SUFFIX: '', NEXT_RUNTIME: 'nodejs'})
  })
})
