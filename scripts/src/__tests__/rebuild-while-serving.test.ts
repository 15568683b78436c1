/**
 * A rebuild never takes the site down: tools/run.sh build runs in a temporary copy of the project
 * whose `npm run build -w @site/web` and link check are small stand-ins (shell scripts on PATH that
 * write pages slowly, or fail), while scripts/src/serve.ts serves web/out and is asked for the home
 * page every few milliseconds. Every answer must be the old site or the new one, never a 404.
 */
import {execFile} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createStaticServer} from '../serve'

const repo = path.resolve(import.meta.dirname, '../../..')

/** Stand-in of `npm run build -w @site/web`: writes the export where SITE_OUT_DIR says, slowly, as Next does (removing the folder first). */
const FAKE_NPM = `#!/bin/sh
[ "$1 $2 $3 $4" = "run build -w @site/web" ] || { echo "fake npm: unexpected $*" >&2; exit 2; }
out="web/\${SITE_OUT_DIR:-out}"
rm -rf "$out"
mkdir -p "$out/docs"
printf '%s' "$FAKE_SITE" > "$out/index.html"
for page in 1 2 3 4 5; do sleep 0.1; printf '%s %s' "$FAKE_SITE" "$page" > "$out/docs/$page.html"; done
[ "\${FAKE_BUILD_FAILS:-0}" = 1 ] && { echo "fake npm: the build fails on purpose" >&2; exit 1; }
exit 0
`
/** Stand-in of npx: the import succeeds, the link check exits with FAKE_LINK_CHECK_EXIT. */
const FAKE_NPX = `#!/bin/sh
case "$2" in
  scripts/src/import/cli.ts) exit 0 ;;
  scripts/src/check-links.ts) exit "\${FAKE_LINK_CHECK_EXIT:-0}" ;;
esac
echo "fake npx: unexpected $*" >&2; exit 2
`

let project: string
let server: Server
let base: string

function build(env: Record<string, string>): Promise<{code: number; stderr: string}> {
  const bin = path.join(project, 'fake-bin')
  return new Promise((resolve) => {
    execFile('bash', ['tools/run.sh', 'build'], {cwd: project, env: {...process.env, PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH}`, ...env}}, (error, _stdout, stderr) =>
      resolve({code: error ? Number(error.code ?? 1) : 0, stderr}),
    )
  })
}

/** Asks for `/` until `work` settles, and once after; returns every answer as "status body". */
async function pollDuring(work: Promise<unknown>): Promise<string[]> {
  const answers: string[] = []
  let done = false
  void work.finally(() => (done = true))
  const ask = async () => {
    const response = await fetch(`${base}/`)
    answers.push(`${response.status} ${await response.text()}`)
  }
  while (!done) {
    await ask()
    await new Promise((resolve) => setTimeout(resolve, 15))
  }
  await work
  // The swap is the build's last step: one more answer once it is over.
  await ask()
  return answers
}

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'rebuild-'))
  mkdirSync(path.join(project, 'tools'))
  for (const file of ['run.sh', 'node22.sh', 'build-aside.sh']) cpSync(path.join(repo, 'tools', file), path.join(project, 'tools', file))
  mkdirSync(path.join(project, 'web'))
  // Dependencies count as installed (no npm ci).
  writeFileSync(path.join(project, 'package-lock.json'), '{}')
  mkdirSync(path.join(project, 'node_modules'))
  writeFileSync(path.join(project, 'node_modules/.package-lock.json'), '{}')
  utimesSync(path.join(project, 'package-lock.json'), new Date(2020, 0, 1), new Date(2020, 0, 1))
  mkdirSync(path.join(project, 'fake-bin'))
  writeFileSync(path.join(project, 'fake-bin/npm'), FAKE_NPM, {mode: 0o755})
  writeFileSync(path.join(project, 'fake-bin/npx'), FAKE_NPX, {mode: 0o755})
  const first = await build({FAKE_SITE: 'first'})
  expect(first, first.stderr).toMatchObject({code: 0})
  server = createStaticServer({dir: path.join(project, 'web/out')})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  rmSync(project, {recursive: true, force: true})
})

const builds = () => readdirSync(path.join(project, 'web/.builds')).sort()
const served = () => readlinkSync(path.join(project, 'web/out'))

describe('tools/run.sh build while the site is served', () => {
  it('serves the old site until the new one is complete, then the new one: never a 404', async () => {
    const answers = await pollDuring(build({FAKE_SITE: 'second'}))
    expect(answers.length).toBeGreaterThan(10)
    const distinct = answers.filter((answer, index) => answer !== answers[index - 1])
    expect(distinct).toEqual(['200 first', '200 second'])
    expect(readFileSync(path.join(project, 'web/out/docs/5.html'), 'utf8')).toBe('second 5')
    // The new build and the one before it are kept; web/out is a link to the new one.
    expect(builds()).toHaveLength(2)
    expect(served()).toBe(`.builds/${builds()[1]}`)
  })

  it('keeps the old site when the build fails, and removes the failed build', async () => {
    const before = served()
    let result: {code: number; stderr: string} | undefined
    const answers = await pollDuring(build({FAKE_SITE: 'broken', FAKE_BUILD_FAILS: '1'}).then((outcome) => (result = outcome)))
    expect(result?.code).not.toBe(0)
    expect(result?.stderr).toContain('The build failed: web/out/ still holds the previous site')
    expect(new Set(answers)).toEqual(new Set(['200 second']))
    expect(served()).toBe(before)
    expect(builds()).toHaveLength(2)
  })

  it('keeps the old site when the new one has broken links', async () => {
    const before = served()
    const result = await build({FAKE_SITE: 'unlinked', FAKE_LINK_CHECK_EXIT: '1'})
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('Broken links: web/out/ still holds the previous site')
    expect(served()).toBe(before)
    expect(await (await fetch(`${base}/`)).text()).toBe('second')
  })

  it('turns a web/out folder built by the web build alone into a link, without a moment of 404', async () => {
    rmSync(path.join(project, 'web/out'))
    cpSync(path.join(project, 'web/.builds', builds()[1]!), path.join(project, 'web/out'), {recursive: true})
    const answers = await pollDuring(build({FAKE_SITE: 'third'}))
    expect(answers.filter((answer) => !answer.startsWith('200 '))).toEqual([])
    expect(await (await fetch(`${base}/`)).text()).toBe('third')
    expect(readdirSync(path.join(project, 'web')).filter((name) => name.startsWith('.out-next'))).toEqual([])
  })
})
