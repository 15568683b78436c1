/**
 * The seed's parts: what it asks for when settings are missing, the Sanity CLI command it runs (a stub
 * CLI records what it is given), and the messages it gives for the CLI's failures. The real CLI runs
 * against a stand-in of the Sanity API in seed-real-cli-against-stand-in.test.ts.
 */
import {execFile} from 'node:child_process'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {PassThrough} from 'node:stream'
import {chmod, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {explainSeedFailure, isNetworkFailure, runSeed, SeedConfigError, seedApiUrl, seedPlan, unreachableReason} from '../seed'

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
    expect(() => seedPlan({}, root)).toThrow(
      /SANITY_PROJECT_ID: the project[\s\S]*SANITY_DATASET: the dataset[\s\S]*SANITY_AUTH_TOKEN: a token with write access/,
    )
    expect(() => seedPlan({SANITY_PROJECT_ID: 'p', SANITY_DATASET: 'd'}, root)).toThrow(/^seed:sanity needs these settings[^]*SANITY_AUTH_TOKEN/)
    expect(() => seedPlan({SANITY_PROJECT_ID: 'p', SANITY_DATASET: 'd'}, root)).not.toThrow(/SANITY_PROJECT_ID/)
  })

  it('says to run the import when there is no dataset', () => {
    expect(() => seedPlan({...complete, DATASET_DIR: 'nowhere'}, root)).toThrow(/no dataset at .*nowhere\/data\.ndjson; run `npm run import` first/)
  })

  it('imports the NDJSON into the project and dataset, replacing same-id documents, the token only in the environment', () => {
    const plan = seedPlan({...complete, SANITY_AUTH_TOKEN: undefined, SANITY_API_WRITE_TOKEN: 'sk-write'}, root)
    expect(plan.args).toEqual(['dataset', 'import', path.join(root, 'dataset/data.ndjson'), '--dataset', 'staging', '--project-id', 'abc123de', '--replace'])
    expect(plan.env).toEqual({
      SANITY_AUTH_TOKEN: 'sk-write',
      SANITY_IMPORT_TOKEN: 'sk-write',
      // CLI 8.12.0 ignores --project-id in `dataset import`: the studio's sanity.cli.ts must name the same project.
      SANITY_STUDIO_PROJECT_ID: 'abc123de',
      SANITY_STUDIO_DATASET: 'staging',
      OCLIF_COLUMNS: '10000',
    })
    expect({projectId: plan.projectId, dataset: plan.dataset}).toEqual({projectId: 'abc123de', dataset: 'staging'})
    expect(plan.args.join(' ')).not.toContain('sk-write')
    expect(plan.cwd).toBe(path.join(root, 'studio'))
  })
})

describe('runSeed', () => {
  it('runs the CLI with the plan, passes its output through and reports its exit code and output', async () => {
    const stub = path.join(root, 'sanity-stub.mjs')
    const record = path.join(root, 'record.json')
    await writeFile(
      stub,
      `#!/usr/bin/env node\nimport {writeFileSync} from 'node:fs'\nwriteFileSync(${JSON.stringify(record)}, JSON.stringify({args: process.argv.slice(2), cwd: process.cwd(), token: process.env.SANITY_IMPORT_TOKEN, project: process.env.SANITY_STUDIO_PROJECT_ID}))\nconsole.log('importing')\nconsole.error('Error: Unauthorized - Session not found')\nprocess.exit(3)\n`,
    )
    await chmod(stub, 0o755)
    const plan = seedPlan({...complete, SANITY_CLI: stub}, root)
    const [stdout, stderr] = [new PassThrough(), new PassThrough()]
    const run = await runSeed(plan, {PATH: process.env.PATH, SANITY_STUDIO_PROJECT_ID: 'from-a-studio-env'}, {stdout, stderr})
    expect(run.code).toBe(3)
    expect(run.output).toContain('importing\n')
    expect(run.output).toContain('Error: Unauthorized - Session not found')
    expect(String(stdout.read())).toBe('importing\n')
    expect(String(stderr.read())).toContain('Session not found')
    const seen = JSON.parse(await readFile(record, 'utf8')) as {args: string[]; cwd: string; token: string; project: string}
    expect(seen).toEqual({args: plan.args, cwd: path.join(root, 'studio'), token: 'sk-secret', project: 'abc123de'})
  })

  it('uses only flags that the installed Sanity CLI has', async () => {
    const {stdout} = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/sanity'), ['dataset', 'import', '--help'], {cwd: path.join(ROOT, 'studio')})
    for (const flag of ['--dataset', '--project-id', '--replace']) expect(stdout).toContain(flag)
    expect(stdout).toContain('SANITY_IMPORT_TOKEN')
  }, 60_000)
})

describe('seedApiUrl', () => {
  it('is the project host of Sanity, or of the host SANITY_INTERNAL_ENV names', () => {
    expect(seedApiUrl('abc123de', {})).toBe('https://abc123de.api.sanity.io')
    expect(seedApiUrl('abc123de', {SANITY_INTERNAL_ENV: 'production'})).toBe('https://abc123de.api.sanity.io')
    expect(seedApiUrl('abc123de', {SANITY_INTERNAL_ENV: 'staging'})).toBe('https://abc123de.api.sanity.work')
    expect(seedApiUrl('abc123de', {SANITY_INTERNAL_ENV: 'http://localhost:4010'})).toBe('http://abc123de.localhost:4010')
  })
})

describe('explainSeedFailure', () => {
  const context = {projectId: 'abc123de', dataset: 'production', apiUrl: 'https://abc123de.api.sanity.io', code: 1}
  // As the CLI prints errors: coloured, behind oclif's "›" margin.
  const printed = (...lines: string[]) => lines.map((line) => ` \u001b[31m›\u001b[39m   ${line}`).join('\n')

  it("names SANITY_AUTH_TOKEN on a 401, instead of the CLI's advice to log in", () => {
    const message = explainSeedFailure(printed('Error: Error: Unauthorized - Session not found. You may need to login again with sanity login.'), context)
    expect(message).toBe(
      'seed:sanity: Sanity refused the token (401 Unauthorized): SANITY_AUTH_TOKEN is not a valid token of project abc123de. Create one with write access (sanity.io/manage → API → Tokens, Editor) and set SANITY_AUTH_TOKEN.',
    )
  })

  it('lists every rejected document with its reason', () => {
    const output = printed(
      'Error: The mutation(s) failed: two documents',
      '- Document "doc-a" has a field of an unknown type',
      '- Document by ID "doc-b" already exists',
      '    at executeRequest (file:///x.js:1:1)',
    )
    expect(explainSeedFailure(output, context)).toBe(
      'seed:sanity: Sanity rejected documents of the import into abc123de/production:\n  - Document "doc-a" has a field of an unknown type\n  - Document by ID "doc-b" already exists',
    )
    expect(explainSeedFailure(printed('Error: The mutation(s) failed: Document "doc-c" is too large'), context)).toContain('  - Document "doc-c" is too large')
  })

  it('says when the token may not write', () => {
    expect(explainSeedFailure(printed('Error: Forbidden - Insufficient permissions; permission "create" required'), context)).toMatch(
      /SANITY_AUTH_TOKEN may not write to abc123de\/production \(403 Forbidden\)/,
    )
  })

  it('names the host it could not reach, with the reason when known', () => {
    expect(explainSeedFailure(printed('Error: TypeError: fetch failed'), context)).toBe(
      'seed:sanity: could not reach the Sanity API at https://abc123de.api.sanity.io (fetch failed). Check the network.',
    )
    const local = {...context, apiUrl: 'http://abc123de.localhost:4010', unreachable: 'connect ECONNREFUSED 127.0.0.1:4010'}
    expect(explainSeedFailure(printed('Error: TypeError: fetch failed'), local)).toBe(
      'seed:sanity: could not reach the Sanity API at http://abc123de.localhost:4010 (connect ECONNREFUSED 127.0.0.1:4010). Check the network and SANITY_INTERNAL_ENV.',
    )
    expect(explainSeedFailure('getaddrinfo ENOTFOUND abc123de.api.sanity.io', context)).toContain('(ENOTFOUND abc123de.api.sanity.io)')
  })

  it('says to create a missing dataset', () => {
    expect(explainSeedFailure(printed('Error: Dataset "staging" not found for project ID "abc123de"'), context)).toBe(
      'seed:sanity: project abc123de has no dataset "staging": create it first (in studio/: npx sanity dataset create staging) or fix SANITY_DATASET.',
    )
  })

  it('falls back to the exit code', () => {
    expect(explainSeedFailure('Error: something else', {...context, code: 2})).toBe('seed:sanity: the Sanity CLI exited with code 2 (see its output above)')
  })
})

describe('unreachableReason', () => {
  it('gives the connection error of a closed port, and nothing for a host that answers', async () => {
    const server = createServer((_request, response) => response.end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const {port} = server.address() as AddressInfo
    expect(await unreachableReason(`http://127.0.0.1:${port}`)).toBeUndefined()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    expect(await unreachableReason(`http://127.0.0.1:${port}`)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`)
    expect(isNetworkFailure('TypeError: fetch failed')).toBe(true)
    expect(isNetworkFailure('Unauthorized - Session not found')).toBe(false)
  })
})
