/** The studio on top of @site/schemas: its schema validates and it builds, offline, with the Sanity CLI. */
import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, describe, expect, it} from 'vitest'

const run = promisify(execFile)
const studio = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const sanity = join(studio, '../node_modules/.bin/sanity')

let outDir = ''
afterAll(async () => {
  if (outDir) await rm(outDir, {recursive: true, force: true})
})

/** Runs the CLI in studio/; on failure the error carries the CLI's own output, which names the problem. */
async function sanityCli(args: string[]): Promise<string> {
  try {
    const {stdout, stderr} = await run(sanity, args, {cwd: studio, maxBuffer: 32 * 1024 * 1024, env: {...process.env, CI: 'true'}})
    return `${stdout}\n${stderr}`
  } catch (error) {
    const {stdout = '', stderr = ''} = error as {stdout?: string; stderr?: string}
    throw new Error(`sanity ${args.join(' ')} failed:\n${stdout}\n${stderr}`)
  }
}

describe('studio', () => {
  it('passes sanity schema validate without errors', async () => {
    // The CLI exits non-zero on errors; the summary is checked too so that a change of exit policy shows.
    const output = await sanityCli(['schema', 'validate'])
    expect(output).toMatch(/Errors:\s+0 errors/)
  }, 180_000)

  it('builds with sanity build', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'studio-build-'))
    // Like `schema extract --path`, the output folder is taken relative to the studio folder.
    await sanityCli(['build', relative(studio, outDir), '--yes'])
    expect(existsSync(join(outDir, 'index.html')), `no index.html in ${outDir}`).toBe(true)
  }, 180_000)
})
