import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {buildEnvironment, parseImportSummary, runLogged, StepFailedError} from '../build-ours'
import {parseOptions} from '../cli'

describe('parseOptions', () => {
  it('reads the documented options, with their defaults', () => {
    expect(parseOptions(['--site', 'my-site', '--docusaurus-build', 'my-site/build'])).toEqual({
      site: 'my-site',
      docusaurusBuild: 'my-site/build',
      work: '.generated/compare',
      build: true,
      json: null,
      pages: 10,
      screenshots: true,
    })
    expect(parseOptions(['--docusaurus-build', 'b', '--no-build', '--work', 'w', '--json', 'r.json', '--pages', '0', '--no-screenshots'])).toMatchObject({
      site: null,
      build: false,
      work: 'w',
      json: 'r.json',
      pages: 0,
      screenshots: false,
    })
    expect(parseOptions(['--help'])).toBe('help')
  })

  it('says what is wrong with the arguments', () => {
    expect(() => parseOptions(['--site', 's'])).toThrow('--docusaurus-build is required')
    expect(() => parseOptions(['--docusaurus-build', 'b'])).toThrow('--site is required (or --no-build to compare an existing <work>/out)')
    expect(() => parseOptions(['--docusaurus-build', 'b', '--no-build', '--pages', 'many'])).toThrow('--pages takes a whole number, not "many"')
    expect(() => parseOptions(['--docusaurus-build', 'b', '--no-build', '--colour'])).toThrow(/--colour/)
  })
})

describe('the build step helpers', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compare-cli-'))
  })
  afterAll(async () => {
    await rm(dir, {recursive: true, force: true})
  })

  it('reads the importer summary', () => {
    const output = 'Summary\n  files read: 12 markdown files\n  documents: 40 written\n  images: 2\n  warnings: 3\n    warning docs/a.md:4: x\n  errors: 0\n'
    expect(parseImportSummary(output)).toEqual({documents: 40, warnings: 3, errors: 0})
    expect(parseImportSummary('crashed')).toEqual({documents: null, warnings: null, errors: null})
  })

  it('builds from the comparison dataset, never from a Sanity project set in the environment', () => {
    const env = buildEnvironment(
      {PATH: '/bin', SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'production', SANITY_API_READ_TOKEN: 'secret', DATASET_DIR: 'elsewhere'},
      '/work/dataset',
    )
    expect(env).toEqual({PATH: '/bin', DATASET_DIR: '/work/dataset', NEXT_TELEMETRY_DISABLED: '1'})
  })

  it('logs a step and, when it fails, gives the tail of its output and the log file', async () => {
    const ok = await runLogged('echo', process.execPath, ['-e', 'console.log("one"); console.error("two")'], {
      cwd: dir,
      env: process.env,
      log: join(dir, 'ok.log'),
    })
    expect(ok.output).toContain('one')
    expect(await readFile(join(dir, 'ok.log'), 'utf8')).toContain('two')
    const failing = runLogged('broken step', process.execPath, ['-e', 'console.log("last words"); process.exit(3)'], {
      cwd: dir,
      env: process.env,
      log: join(dir, 'fail.log'),
    })
    await expect(failing).rejects.toBeInstanceOf(StepFailedError)
    await expect(failing).rejects.toMatchObject({
      step: 'broken step',
      tail: expect.stringContaining('last words'),
      message: `broken step failed (full output: ${join(dir, 'fail.log')})`,
    })
  })
})
