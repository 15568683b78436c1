// The adapter between the site and Next's build: the supported versions and their message, the two steps
// of the full build, and which compile a publish may render with.
import {execFile} from 'node:child_process'
import {mkdir, mkdtemp, readdir, rm, utimes, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterEach, describe, expect, it} from 'vitest'
import {isCompileStage} from '../build-stage'
import {
  buildStageOf,
  checkFrameworkVersions,
  compiledAppUnusable,
  forgetCompileStageManifest,
  FrameworkVersionError,
  inCaretRange,
  installedVersions,
  markCompiledApp,
  prepareProductionBuild,
  SUPPORTED,
  versionProblems,
} from '../next-adapter'

let folder = ''
afterEach(async () => {
  if (folder) await rm(folder, {recursive: true, force: true})
  folder = ''
})

/** A project folder with Next and React "installed" at these versions (their package.json files only). */
async function projectWith(versions: Record<string, string>): Promise<string> {
  folder = await mkdtemp(path.join(tmpdir(), 'next-adapter-'))
  const web = path.join(folder, 'web')
  await mkdir(web, {recursive: true})
  await writeFile(path.join(web, 'package.json'), '{"name":"web","private":true}')
  for (const [name, version] of Object.entries(versions)) {
    const dir = path.join(folder, 'node_modules', name)
    await mkdir(dir, {recursive: true})
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({name, version}))
  }
  return web
}

describe('the supported versions of Next and React', () => {
  it('are caret ranges: the same major, this release or a later one, no pre-release', () => {
    expect(inCaretRange('16.4.6', '^16.4.6')).toBe(true)
    expect(inCaretRange('16.4.10', '^16.4.6')).toBe(true)
    expect(inCaretRange('16.12.0', '^16.4.6')).toBe(true)
    expect(inCaretRange('16.4.5', '^16.4.6')).toBe(false)
    expect(inCaretRange('16.3.9', '^16.4.6')).toBe(false)
    expect(inCaretRange('17.0.0', '^16.4.6')).toBe(false)
    expect(inCaretRange('16.5.0-canary.3', '^16.4.6')).toBe(false)
    expect(inCaretRange('not a version', '^16.4.6')).toBe(false)
  })

  it('hold for what is installed here', async () => {
    expect(versionProblems(installedVersions())).toEqual([])
    expect(() => checkFrameworkVersions()).not.toThrow()
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx')
    const {stdout} = await promisify(execFile)(tsx, [path.resolve(import.meta.dirname, '../next-adapter.ts'), 'check'])
    expect(stdout).toMatch(/^Framework: next 16\.\d+\.\d+, react 19\.\d+\.\d+, react-dom 19\.\d+\.\d+ \(supported: /)
  })

  it('are read from the packages web/ resolves, and an unsupported or missing one is named with what is supported', async () => {
    const web = await projectWith({next: '17.0.1', react: '19.3.1'})
    const installed = installedVersions(web)
    expect(installed).toEqual({next: '17.0.1', react: '19.3.1', 'react-dom': null})
    const problems = versionProblems(installed)
    expect(problems).toEqual([
      `next 17.0.1 is installed, the site supports next@${SUPPORTED.next}`,
      `react-dom is not installed (the site needs react-dom@${SUPPORTED['react-dom']}; run npm install)`,
    ])
    expect(() => checkFrameworkVersions(installed)).toThrow(FrameworkVersionError)
    expect(() => checkFrameworkVersions(installed)).toThrow(/^Unsupported framework version: next 17\.0\.1 is installed, the site supports next@\^16/)
  })

  it('stop the build with the message alone, not a stack trace', async () => {
    const web = await projectWith({next: '15.5.0', react: '19.3.1', 'react-dom': '19.3.1'})
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx')
    const failure = await promisify(execFile)(tsx, [path.resolve(import.meta.dirname, '../next-adapter.ts'), 'check', web]).then(
      () => null,
      (error: unknown) => error as {code: number; stderr: string},
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr.trim()).toBe(
      `Unsupported framework version: next 15.5.0 is installed, the site supports next@${SUPPORTED.next}. The supported ranges are declared in web/src/build/next-adapter.ts (SUPPORTED); \`npm run check:framework\` checks the newest release of each major before a range is widened.`,
    )
  })
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
    const env: Record<string, string | undefined> = {}
    folder = path.join(tmpdir(), `next-adapter-none-${process.pid}`)
    prepareProductionBuild(['node', 'next', 'build', '--experimental-build-mode', 'compile'], env, folder)
    expect(isCompileStage(env)).toBe(true)
    prepareProductionBuild(['node', 'next', 'build', '--experimental-build-mode', 'generate'], env, folder)
    expect(isCompileStage(env)).toBe(false)
  })

  it("removes an earlier process's prerender manifest when the generate step starts, and keeps the generate step's own", async () => {
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

describe('the compile a publish renders with', () => {
  it('is used only once a successful build marked it, for the code and versions it was compiled from', async () => {
    const web = await projectWith({next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1'})
    expect(await markCompiledApp('code-1', web)).toBe(false)
    await mkdir(path.join(web, '.next'))
    expect(await compiledAppUnusable('code-1', web)).toBe('no compile of a successful build in .next')
    expect(await markCompiledApp('code-1', web)).toBe(true)
    expect(await compiledAppUnusable('code-1', web)).toBeNull()
    expect(await compiledAppUnusable('code-2', web)).toBe('.next was compiled from other code or settings')
    await writeFile(path.join(folder, 'node_modules/next/package.json'), JSON.stringify({name: 'next', version: '16.5.0'}))
    expect(await compiledAppUnusable('code-1', web)).toBe('.next was compiled with other versions of Next or React')
  })

  it("loses its mark when next build's own process starts a compile, not when the generate step or a worker loads the config", async () => {
    const web = await projectWith({next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1'})
    await mkdir(path.join(web, '.next'))
    await markCompiledApp('code-1', web)
    prepareProductionBuild(['node', 'next', 'build', '--experimental-build-mode', 'generate'], {}, web)
    prepareProductionBuild(['node', '/x/export-worker.js'], {}, web)
    expect(await compiledAppUnusable('code-1', web)).toBeNull()
    prepareProductionBuild(['node', 'next', 'build', '--experimental-build-mode', 'compile'], {}, web)
    expect(await compiledAppUnusable('code-1', web)).toBe('no compile of a successful build in .next')
    await markCompiledApp('code-1', web)
    prepareProductionBuild(['node', 'next', 'build'], {}, web)
    expect(await compiledAppUnusable('code-1', web)).toBe('no compile of a successful build in .next')
  })
})
