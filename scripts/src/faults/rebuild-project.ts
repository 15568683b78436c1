/**
 * A temporary copy of the project's tools/ whose `npm run build -w @site/web` and link check are small
 * stand-ins (shell scripts on PATH that write pages slowly, as Next does, or fail), for running
 * `tools/run.sh build` while scripts/src/serve.ts serves its web/out: what a rebuild does to the site
 * being served, without a real ten-minute build.
 */
import {execFile} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {createStaticServer} from '../serve'

const repo = path.resolve(import.meta.dirname, '../../..')

/**
 * Stand-in of `npm run build -w @site/web`: removes its export folder and writes it again, a page every
 * 0.1 s (FAKE_PAGE_SECONDS); FAKE_BUILD_FAILS=1 fails at the end.
 */
const FAKE_NPM = `#!/bin/sh
[ "$1 $2 $3 $4" = "run build -w @site/web" ] || { echo "fake npm: unexpected $*" >&2; exit 2; }
out="web/\${SITE_OUT_DIR:-out}"
rm -rf "$out"
mkdir -p "$out/docs" "$out/_site"
printf '%s' '{"scriptHashes":[],"connectSrc":[],"imgSrc":[],"frameSrc":[]}' > "$out/_site/page-policy.json"
printf '%s' "$FAKE_SITE" > "$out/index.html"
for page in 1 2 3 4 5; do sleep "\${FAKE_PAGE_SECONDS:-0.1}"; printf '%s %s' "$FAKE_SITE" "$page" > "$out/docs/$page.html"; done
[ "\${FAKE_BUILD_FAILS:-0}" = 1 ] && { echo "fake npm: the build fails on purpose" >&2; exit 1; }
exit 0
`
/** Stand-in of npx (tools/run.sh imports through it): the import succeeds. */
const FAKE_NPX = `#!/bin/sh
[ "$2" = importer/src/cli.ts ] && exit 0
echo "fake npx: unexpected $*" >&2; exit 2
`
/**
 * Stand-in of the workspace's tsx (tools/build-aside.sh runs node_modules/.bin/tsx): the publish steps record nothing,
 * every build builds (build-reuse.ts's check answers "changed"), the link check exits with FAKE_LINK_CHECK_EXIT.
 */
const FAKE_TSX = `#!/bin/sh
case "$1" in
  --conditions) [ "$3" = publish/src/incremental-build.ts ] && exit 0 ;;
  publish/src/build-reuse.ts) [ "$2" = check ] && exit 1; exit 0 ;;
  scripts/src/check-links.ts) exit "\${FAKE_LINK_CHECK_EXIT:-0}" ;;
esac
echo "fake tsx: unexpected $*" >&2; exit 2
`

export interface RebuildProject {
  dir: string
  /** URL of serve.ts serving the project's web/out. */
  base: string
  /** Runs `tools/run.sh build` with the stand-ins; FAKE_SITE is the text of the new site. */
  build(env: Record<string, string>): Promise<{code: number; stderr: string}>
  /** Asks for `/` every 15 ms until `work` settles, and once more after; every answer as "status body". */
  pollDuring(work: Promise<unknown>): Promise<string[]>
  builds(): string[]
  served(): string
  close(): Promise<void>
}

export async function createRebuildProject(firstSite = 'first'): Promise<RebuildProject> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rebuild-'))
  mkdirSync(path.join(dir, 'tools'))
  for (const file of ['run.sh', 'node22.sh', 'build-aside.sh']) cpSync(path.join(repo, 'tools', file), path.join(dir, 'tools', file))
  mkdirSync(path.join(dir, 'web'))
  // Dependencies count as installed (no npm ci).
  writeFileSync(path.join(dir, 'package-lock.json'), '{}')
  mkdirSync(path.join(dir, 'node_modules/.bin'), {recursive: true})
  writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), '{}')
  writeFileSync(path.join(dir, 'node_modules/.bin/tsx'), FAKE_TSX, {mode: 0o755})
  utimesSync(path.join(dir, 'package-lock.json'), new Date(2020, 0, 1), new Date(2020, 0, 1))
  mkdirSync(path.join(dir, 'fake-bin'))
  writeFileSync(path.join(dir, 'fake-bin/npm'), FAKE_NPM, {mode: 0o755})
  writeFileSync(path.join(dir, 'fake-bin/npx'), FAKE_NPX, {mode: 0o755})
  const build = (env: Record<string, string>) =>
    new Promise<{code: number; stderr: string}>((resolve) => {
      const PATH = `${path.join(dir, 'fake-bin')}:${path.dirname(process.execPath)}:${process.env.PATH}`
      execFile('bash', ['tools/run.sh', 'build'], {cwd: dir, env: {...process.env, PATH, ...env}}, (error, _stdout, stderr) =>
        resolve({code: error ? Number(error.code ?? 1) : 0, stderr}),
      )
    })
  const first = await build({FAKE_SITE: firstSite})
  if (first.code !== 0) throw new Error(`the first build failed: ${first.stderr}`)
  const server: Server = createStaticServer({dir: path.join(dir, 'web/out')})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const pollDuring = async (work: Promise<unknown>) => {
    const answers: string[] = []
    const ask = async () => {
      // An answer cut short of its Content-Length would keep the client waiting: said as such, not as a test timeout.
      const signal = AbortSignal.timeout(10_000)
      try {
        const response = await fetch(`${base}/`, {signal})
        answers.push(`${response.status} ${await response.text()}`)
      } catch (error) {
        throw new Error(`GET / got no whole answer within 10 s (answers so far: ${distinctAnswers(answers).join(', ')})`, {cause: error})
      }
    }
    let done = false
    void work.finally(() => (done = true))
    while (!done) {
      await ask()
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    await work
    // The swap is the build's last step: one more answer once it is over.
    await ask()
    return answers
  }
  return {
    dir,
    base,
    build,
    pollDuring,
    builds: () => readdirSync(path.join(dir, 'web/.builds')).sort(),
    served: () => readlinkSync(path.join(dir, 'web/out')),
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve))
      // The polling client's kept-alive connections too, which would hold the close for Node's keep-alive.
      server.closeAllConnections()
      await closed
      rmSync(dir, {recursive: true, force: true})
    },
  }
}

/** The distinct answers in order, e.g. ["200 first", "200 second"]. */
export function distinctAnswers(answers: readonly string[]): string[] {
  return answers.filter((answer, index) => answer !== answers[index - 1])
}
