/**
 * The seed: what it asks for when settings are missing, and the Sanity CLI command it runs. The
 * CLI cannot be pointed at a local stand-in of the Sanity API, so a stub CLI records what it is
 * given, and the real CLI's help confirms that the flags exist.
 */
import {execFile} from 'node:child_process'
import {chmod, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {runSeed, SeedConfigError, seedPlan} from '../seed'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
let root = ''

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'seed-test-'))
  await mkdir(path.join(root, 'dataset/images'), {recursive: true})
  await writeFile(path.join(root, 'dataset/data.ndjson'), '{"_id":"a","_type":"doc","image":{"_sanityAsset":"image@file://./images/x.png"}}\n')
  await writeFile(path.join(root, 'dataset/images/x.png'), 'png')
  await mkdir(path.join(root, 'studio'))
})

afterAll(async () => {
  if (root) await rm(root, {recursive: true, force: true})
})

const complete = {SANITY_PROJECT_ID: 'abc123de', SANITY_DATASET: 'staging', SANITY_AUTH_TOKEN: 'sk-secret', DATASET_DIR: 'dataset'}

describe('seedPlan', () => {
  it('names every missing setting and what it is for', () => {
    expect(() => seedPlan({}, root)).toThrow(SeedConfigError)
    expect(() => seedPlan({}, root)).toThrow(/SANITY_PROJECT_ID: the project[\s\S]*SANITY_DATASET: the dataset[\s\S]*SANITY_AUTH_TOKEN: a token with write access/)
    expect(() => seedPlan({SANITY_PROJECT_ID: 'p', SANITY_DATASET: 'd'}, root)).toThrow(/^seed:sanity needs these settings[^]*SANITY_AUTH_TOKEN/)
    expect(() => seedPlan({SANITY_PROJECT_ID: 'p', SANITY_DATASET: 'd'}, root)).not.toThrow(/SANITY_PROJECT_ID/)
  })

  it('says to run the import when there is no dataset', () => {
    expect(() => seedPlan({...complete, DATASET_DIR: 'nowhere'}, root)).toThrow(/no dataset at .*nowhere\/data\.ndjson; run `npm run import` first/)
  })

  it('imports the NDJSON into the project and dataset, replacing same-id documents, the token only in the environment', () => {
    const plan = seedPlan({...complete, SANITY_AUTH_TOKEN: undefined, SANITY_API_WRITE_TOKEN: 'sk-write'}, root)
    expect(plan.args).toEqual(['dataset', 'import', path.join(root, 'dataset/data.ndjson'), '--dataset', 'staging', '--project-id', 'abc123de', '--replace'])
    expect(plan.env).toEqual({SANITY_AUTH_TOKEN: 'sk-write', SANITY_IMPORT_TOKEN: 'sk-write'})
    expect(plan.args.join(' ')).not.toContain('sk-write')
    expect(plan.cwd).toBe(path.join(root, 'studio'))
  })
})

describe('runSeed', () => {
  it('runs the CLI with the plan and reports its exit code', async () => {
    const stub = path.join(root, 'sanity-stub.mjs')
    const record = path.join(root, 'record.json')
    await writeFile(
      stub,
      `#!/usr/bin/env node\nimport {writeFileSync} from 'node:fs'\nwriteFileSync(${JSON.stringify(record)}, JSON.stringify({args: process.argv.slice(2), cwd: process.cwd(), token: process.env.SANITY_IMPORT_TOKEN}))\nprocess.exit(3)\n`,
    )
    await chmod(stub, 0o755)
    const plan = seedPlan({...complete, SANITY_CLI: stub}, root)
    expect(await runSeed(plan, {PATH: process.env.PATH})).toBe(3)
    const seen = JSON.parse(await readFile(record, 'utf8')) as {args: string[]; cwd: string; token: string}
    expect(seen).toEqual({args: plan.args, cwd: path.join(root, 'studio'), token: 'sk-secret'})
  })

  it('uses only flags that the installed Sanity CLI has', async () => {
    const {stdout} = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/sanity'), ['dataset', 'import', '--help'], {cwd: path.join(ROOT, 'studio')})
    for (const flag of ['--dataset', '--project-id', '--replace']) expect(stdout).toContain(flag)
    expect(stdout).toContain('SANITY_IMPORT_TOKEN')
  }, 60_000)
})
