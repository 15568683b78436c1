/**
 * The publish path of docker compose, run for real outside Docker: deploy/publish-site.sh and
 * deploy/site-release.sh on temporary folders standing for the site-releases volume, and the
 * sanity-webhook entry point (scripts/src/sanity/webhook-server.ts) as a process answering its healthcheck.
 */
import {execFile, execFileSync, spawn, type ChildProcess} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, readdirSync, realpathSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {promisify} from 'node:util'
import {afterEach, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {publishOnFullDisk} from '../faults/full-disk'
import {RebuildQueue, type Step} from '../sanity/webhook'
import {BUILD_HIDDEN_VARIABLES, buildOnStart, composeSteps, indexLockFor} from '../sanity/webhook-server'

const root = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)
const straceInstalled = (() => {
  try {
    execFileSync('strace', ['-V'], {stdio: 'ignore'})
    return true
  } catch {
    console.log('[compose-publish] the flush check is skipped: strace is not installed (apt-get install strace)')
    return false
  }
})()

function site(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'compose-site-'))
  writeFileSync(path.join(dir, 'index.html'), text)
  mkdirSync(path.join(dir, 'fr'))
  writeFileSync(path.join(dir, 'fr', 'index.html'), `${text} (fr)`)
  return dir
}

/** What nginx would serve for `/` and `/fr/`, following the `current` link as it does per request. */
function served(releases: string): string {
  return readFileSync(path.join(releases, 'current', 'index.html'), 'utf8')
}

async function publish(src: string, releases: string, env: Record<string, string> = {}) {
  return run('sh', [path.join(root, 'deploy/publish-site.sh'), src], {env: {...process.env, SITE_RELEASES_DIR: releases, ...env}})
}

describe('deploy/publish-site.sh', () => {
  it('makes each build a release and points current at the newest, keeping SITE_RELEASES_KEEP of them', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    for (const text of ['first', 'second', 'third']) {
      const {stdout} = await publish(site(text), releases, {SITE_RELEASES_KEEP: '2'})
      expect(stdout).toMatch(/readers now get releases\/\d{8}T\d{6}Z-webhook-\d+/)
      expect(served(releases)).toBe(text)
      expect(readFileSync(path.join(releases, 'current', 'fr', 'index.html'), 'utf8')).toBe(`${text} (fr)`)
    }
    expect(readlinkSync(path.join(releases, 'current'))).toMatch(/^releases\//)
    expect(readdirSync(path.join(releases, 'releases'))).toHaveLength(2)
    // No temporary link or folder is left behind (the lock file stays, empty).
    expect(readdirSync(releases).sort()).toEqual(['.publish.lock', 'current', 'releases'])
  })

  it('shares the files that did not change with the current release (hard links), copies the others', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    const build = site('home')
    await publish(build, releases)
    const first = realpathSync(path.join(releases, 'current'))
    writeFileSync(path.join(build, 'index.html'), 'home, edited')
    const {stdout} = await publish(build, releases)
    expect(stdout).toContain(`unchanged files shared with ${path.basename(first)}`)
    const second = realpathSync(path.join(releases, 'current'))
    expect(second).not.toBe(first)
    expect(statSync(path.join(second, 'fr', 'index.html')).ino).toBe(statSync(path.join(first, 'fr', 'index.html')).ino)
    expect(statSync(path.join(second, 'index.html')).ino).not.toBe(statSync(path.join(first, 'index.html')).ino)
    expect(served(releases)).toBe('home, edited')
    expect(readFileSync(path.join(first, 'index.html'), 'utf8')).toBe('home')
  })

  it('refuses a folder without index.html and leaves the served release alone', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    await publish(site('good'), releases)
    const empty = mkdtempSync(path.join(tmpdir(), 'compose-empty-'))
    await expect(publish(empty, releases)).rejects.toMatchObject({code: 1, stderr: expect.stringContaining(`${empty}/index.html is missing`)})
    await expect(publish(site('x'), releases, {SITE_RELEASES_KEEP: 'many'})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('SITE_RELEASES_KEEP must be a number'),
    })
    expect(served(releases)).toBe('good')
  })
})

describe('deploy/publish-site.sh when things go wrong', () => {
  it('on a full disk: fails, removes its partial copy, keeps the release served; once space is back the next publish works', async () => {
    const outcome = await publishOnFullDisk()
    expect(outcome.served).toEqual({first: 'site A', whileFull: 'site A', spaceBack: 'site B'})
    expect(outcome.exit.whileFull).not.toBe(0)
    expect(outcome.exit.spaceBack).toBe(0)
    expect(outcome.leftovers).toEqual({whileFull: [], spaceBack: []})
    expect(outcome.message).toMatch(/removed the partial copy; readers still get the release they had/)
  })

  it('the same with the disk filled by a file-size limit, where mounting a small volume is not possible', async () => {
    const outcome = await publishOnFullDisk(undefined, 'file-size limit')
    expect(outcome.served).toEqual({first: 'site A', whileFull: 'site A', spaceBack: 'site B'})
    expect(outcome.leftovers).toEqual({whileFull: [], spaceBack: []})
  })

  it('removes copies and links left by a publish that was killed, before copying', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    await publish(site('good'), releases)
    mkdirSync(path.join(releases, 'releases', '20260101T000000Z-webhook-1.tmp'))
    writeFileSync(path.join(releases, 'releases', '20260101T000000Z-webhook-1.tmp', 'index.html'), 'half')
    symlinkSync('releases/nowhere', path.join(releases, '.current-1'))
    const {stderr} = await publish(site('next'), releases)
    expect(stderr).toContain('removing 20260101T000000Z-webhook-1.tmp, left by a publish that did not finish')
    expect(served(releases)).toBe('next')
    expect(readdirSync(path.join(releases, 'releases')).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(readdirSync(releases).filter((name) => name.startsWith('.current-'))).toEqual([])
  })

  it.skipIf(!straceInstalled)('flushes the new release to disk before it renames current to it (strace)', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    const trace = path.join(mkdtempSync(path.join(tmpdir(), 'compose-trace-')), 'trace.log')
    await run(
      'strace',
      [
        '-f',
        '-qq',
        '-e',
        'trace=fsync,fdatasync,syncfs,sync,rename,renameat,renameat2',
        '-o',
        trace,
        'sh',
        path.join(root, 'deploy/publish-site.sh'),
        site('flushed'),
      ],
      {
        env: {...process.env, SITE_RELEASES_DIR: releases},
      },
    )
    const calls = readFileSync(trace, 'utf8')
      .split('\n')
      .map((line) => /\b(fsync|fdatasync|syncfs|sync|rename|renameat2?)\((.*)/.exec(line))
      .filter((match) => match !== null)
    const swap = calls.findIndex((match) => match[1]!.startsWith('rename') && match[2]!.includes('/current"'))
    const flush = calls.findIndex((match) => ['syncfs', 'sync', 'fsync', 'fdatasync'].includes(match[1]!))
    expect(swap).toBeGreaterThan(-1)
    expect(flush).toBeGreaterThan(-1)
    expect(flush).toBeLessThan(swap)
  })

  it('publishes what a link points at (web/out is a link to the build)', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    const holder = mkdtempSync(path.join(tmpdir(), 'compose-link-'))
    symlinkSync(site('through a link'), path.join(holder, 'out'))
    await publish(path.join(holder, 'out'), releases)
    expect(served(releases)).toBe('through a link')
    expect(readFileSync(path.join(releases, 'current', 'fr', 'index.html'), 'utf8')).toBe('through a link (fr)')
  })
})

describe('deploy/site-release.sh (the site container at start)', () => {
  function baked(id: string, text: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'compose-image-'))
    writeFileSync(path.join(dir, 'release-id'), `${id}\n`)
    mkdirSync(path.join(dir, 'html'))
    writeFileSync(path.join(dir, 'html', 'index.html'), text)
    return dir
  }
  const start = (image: string, releases: string) =>
    run('sh', [path.join(root, 'deploy/site-release.sh')], {env: {...process.env, SITE_RELEASES_DIR: releases, SITE_IMAGE_DIR: image}})

  it('serves the image build on an empty volume, keeps a newer webhook release, replaces an older one', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    await start(baked('20261121T100000Z-image', 'image of 10:00'), releases)
    expect(served(releases)).toBe('image of 10:00')

    // sanity-webhook published at 10:05 (its names come from the same clock format).
    const later = path.join(releases, 'releases', '20261121T100500Z-webhook-7')
    mkdirSync(later)
    writeFileSync(path.join(later, 'index.html'), 'publish of 10:05')
    await run('ln', ['-sfn', 'releases/20261121T100500Z-webhook-7', path.join(releases, 'current')])
    const {stdout} = await start(baked('20261121T100000Z-image', 'image of 10:00'), releases)
    expect(stdout).toContain('serving releases/20261121T100500Z-webhook-7')
    expect(served(releases)).toBe('publish of 10:05')

    // An image built after that publish (a new version of the site's code) takes over.
    await start(baked('20261121T110000Z-image', 'image of 11:00'), releases)
    expect(served(releases)).toBe('image of 11:00')
  })

  it('when the volume is full: removes the partial copy and keeps serving the current release, or fails when there is none', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    await start(baked('20261121T100000Z-image', 'image of 10:00'), releases)
    const newer = baked('20261121T110000Z-image', 'image of 11:00')
    writeFileSync(path.join(newer, 'html', 'big.bin'), Buffer.alloc(300 * 1024))
    // ulimit -f: writes past 100 KB fail as they would on a full volume.
    const full = (releasesDir: string) =>
      run('sh', ['-c', `ulimit -f 200; exec sh ${path.join(root, 'deploy/site-release.sh')}`], {
        env: {...process.env, SITE_RELEASES_DIR: releasesDir, SITE_IMAGE_DIR: newer},
      })
    const {stderr} = await full(releases)
    expect(stderr).toContain("could not copy the image's build 20261121T110000Z-image")
    expect(served(releases)).toBe('image of 10:00')
    expect(readdirSync(path.join(releases, 'releases'))).toEqual(['20261121T100000Z-image'])
    const empty = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    await expect(full(empty)).rejects.toMatchObject({stderr: expect.stringContaining('and no release to serve')})
    expect(readdirSync(path.join(empty, 'releases'))).toEqual([])
  })
})

describe('scripts/src/sanity/webhook-server.ts steps', () => {
  it('builds without the secrets, writes the nginx policy of the build, publishes, then reindexes under the lock shared with the indexer', () => {
    const steps = composeSteps({indexLock: '/state/index.lock'})
    expect(steps).toEqual([
      ['env', '-u', 'TYPESENSE_ADMIN_API_KEY', '-u', 'SANITY_WEBHOOK_SECRET', '-u', 'SANITY_AUTH_TOKEN', 'npm', 'run', 'publish:site'],
      ['npx', 'tsx', 'scripts/src/security/content-security-policy.ts', '--nginx', 'web/out', '--out', 'web/out/_site/nginx-csp.conf'],
      ['sh', 'deploy/publish-site.sh', 'web/out'],
      ['flock', '/state/index.lock', 'npm', 'run', 'search:index', '--', '--incremental'],
    ])
    expect(indexLockFor('/state/search-index-state.json')).toBe('/state/index.lock')
    // The indexer service takes the same lock (deploy/indexer-loop.sh: beside SEARCH_INDEX_STATE).
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {services: Record<string, {environment: Record<string, string>}>}
    expect(indexLockFor(compose.services.indexer!.environment.SEARCH_INDEX_STATE!)).toBe(
      indexLockFor(compose.services['sanity-webhook']!.environment.SEARCH_INDEX_STATE!),
    )
    expect(readFileSync(path.join(root, 'deploy/indexer-loop.sh'), 'utf8')).toContain('flock "$lock"')
    for (const [value, on] of [
      [undefined, true],
      ['1', true],
      ['0', false],
      ['false', false],
      ['No', false],
    ] as const)
      expect(buildOnStart(value)).toBe(on)
  })

  it('the build step really runs without the hidden variables', async () => {
    const [build] = composeSteps({indexLock: '/tmp/x.lock'})
    const prefix = build!.slice(0, build!.indexOf('npm'))
    const env = Object.fromEntries(BUILD_HIDDEN_VARIABLES.map((name) => [name, `value-of-${name}`]))
    const {stdout} = await run(prefix[0]!, [...prefix.slice(1), 'node', '-e', 'console.log(JSON.stringify(process.env))'], {
      env: {...process.env, ...env, SANITY_PROJECT_ID: 'abc123de'},
    })
    const seen = JSON.parse(stdout) as Record<string, string>
    for (const name of BUILD_HIDDEN_VARIABLES) expect(seen[name]).toBeUndefined()
    expect(seen.SANITY_PROJECT_ID).toBe('abc123de')
  })

  it('a failed reindex still leaves the new site published; a failed build publishes nothing', async () => {
    const steps = composeSteps({indexLock: '/tmp/x.lock'})
    const outcome = async (failing: Step) => {
      const ran: Step[] = []
      const queue = new RebuildQueue(
        steps,
        async (step) => (ran.push(step), step === failing ? 1 : 0),
        () => {},
      )
      queue.request(['doc-v4-en-rooms'])
      await queue.idle()
      return ran.map((step) => step.join(' '))
    }
    expect(await outcome(steps[3]!)).toEqual(steps.map((step) => step.join(' ')))
    expect(await outcome(steps[0]!)).toEqual([steps[0]!.join(' ')])
  })
})

describe('scripts/src/sanity/webhook-server.ts as the container runs it', () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    child?.kill()
    child = undefined
  })
  const entry = path.join(root, 'scripts/src/sanity/webhook-server.ts')
  // tsx as a loader of this node process (not npx): kill() then stops the server itself.
  const tsx = ['--import', 'tsx']
  const base = {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir()}

  it('refuses to start without the secret or the Sanity project, naming what is missing', async () => {
    await expect(run(process.execPath, [...tsx, entry], {cwd: root, env: base})).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('SANITY_WEBHOOK_SECRET is required'),
    })
    await expect(
      run(process.execPath, [...tsx, entry], {cwd: root, env: {...base, SANITY_WEBHOOK_SECRET: 's', SANITY_DATASET: 'production'}}),
    ).rejects.toMatchObject({code: 2, stderr: expect.stringContaining('SANITY_PROJECT_ID must be set')})
  }, 60_000) // two cold starts of the service through tsx, each several seconds on a busy 2-core machine

  it('answers the compose healthcheck on GET /health', async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'compose-releases-'))
    child = spawn(process.execPath, [...tsx, entry], {
      cwd: root,
      env: {
        ...base,
        SANITY_WEBHOOK_SECRET: 's',
        SANITY_PROJECT_ID: 'abc123de',
        SANITY_DATASET: 'production',
        SITE_RELEASES_DIR: releases,
        WEBHOOK_PORT: '0',
        WEBHOOK_BUILD_ON_START: '0',
      },
    })
    const port = await new Promise<number>((resolve, reject) => {
      let output = ''
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on 127\.0\.0\.1 port (\d+)/.exec(output)
        if (match) resolve(Number(match[1]))
      })
      child!.on('exit', (code) => reject(new Error(`webhook-server exited with ${code}: ${output}`)))
    })
    // The very command of the healthcheck in docker-compose.yml, pointed at this port.
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {services: Record<string, {healthcheck: {test: string[]}}>}
    const [, command, ...args] = compose.services['sanity-webhook']!.healthcheck.test
    await run(
      command!,
      args.map((arg) => arg.replace('4100', String(port))),
    )
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({
      ok: true,
      running: false,
      queued: false,
      queuedDocuments: 0,
      runs: 0,
      lastRun: null,
    })
    expect(existsSync(path.join(releases, 'current'))).toBe(false)
  })
})
