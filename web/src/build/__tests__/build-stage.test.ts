import {mkdtemp, readdir, rm, utimes, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {buildStageOf, forgetCompileStageManifest, isCompileStage} from '../build-stage'

let folder = ''
afterEach(async () => {
  if (folder) await rm(folder, {recursive: true, force: true})
  folder = ''
})

describe('the two steps of the full build', () => {
  it("tells the step from next build's arguments, in either spelling", () => {
    expect(buildStageOf(['node', 'next', 'build', '--experimental-build-mode', 'compile'])).toBe('compile')
    expect(buildStageOf(['node', 'next', 'build', '--experimental-build-mode=generate'])).toBe('generate')
    expect(buildStageOf(['node', 'next', 'build'])).toBe('whole')
    // Next's other modes, and the flag without a value, build in one step as far as the site is concerned.
    expect(buildStageOf(['node', 'next', 'build', '--experimental-build-mode', 'generate-env'])).toBe('whole')
    expect(buildStageOf(['node', 'next', 'build', '--experimental-build-mode'])).toBe('whole')
  })

  it('marks only the compile step, whose export renders no page of the site', () => {
    expect(isCompileStage({SITE_BUILD_STAGE: 'compile'})).toBe(true)
    expect(isCompileStage({SITE_BUILD_STAGE: 'generate'})).toBe(false)
    expect(isCompileStage({})).toBe(false)
  })

  it("removes the compile step's prerender manifest when the generate step starts, and keeps the generate step's own", async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'build-stage-'))
    const manifest = path.join(folder, 'prerender-manifest.json')
    await writeFile(manifest, '{"version":4,"routes":{},"dynamicRoutes":{}}')
    await writeFile(path.join(folder, 'BUILD_ID'), 'compiled')
    const written = new Date('2026-11-25T06:00:00Z')
    await utimes(manifest, written, written)

    // Written after this process started (Next loading the config again during the same step): kept.
    expect(forgetCompileStageManifest(folder, written.getTime() - 1000)).toBe(false)
    expect(await readdir(folder)).toContain('prerender-manifest.json')

    // Written by an earlier process, the compile step: removed, and nothing else of the compile.
    expect(forgetCompileStageManifest(folder, written.getTime() + 60_000)).toBe(true)
    expect((await readdir(folder)).sort()).toEqual(['BUILD_ID'])

    // Nothing to remove (a first build, or the manifest already gone).
    expect(forgetCompileStageManifest(folder, written.getTime() + 60_000)).toBe(false)
  })
})
