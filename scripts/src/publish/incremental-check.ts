/**
 * The incremental publish, end to end on content/ (minutes: run by `npm test` after the site's browser
 * tests, and alone with `npx tsx scripts/src/publish/incremental-check.ts`). A copy of content/ is
 * built fully: imported with content/'s git history (the importer's --git-history-of), it is content/'s
 * dataset, so when the release web/out serves is the full build of content/ with this code and settings
 * (publish/src/build-reuse.ts) and web/.next holds that build's compile, the check starts from that
 * release rather than build it again (SITE_BUILD_FRESH=1 builds anyway). Then, one after the other, a v4
 * doc and a blog post are edited, a new post is added, and
 * a release and a French translation are edited, and each is published incrementally from the build before it, as the webhook's
 * `npm run publish:site` does, and the routes it renders are checked against the routes that read
 * the changed document; a navbar change must fall back to the full build. Finally a full build of
 * the last content is compared with the incremental result, file by file, byte for byte, and the
 * builds the publishes started from must be untouched. Then the same with the content in Sanity (its
 * API stand-in, as the webhook's publishes of a site with Sanity read it): a full build, a doc edited
 * there and published incrementally (the plan read from one export of the dataset), and a full build of
 * the edited content compared file by file. With `--soak <n>` (as `npm test` runs it), the Sanity doc
 * publish is followed by the short soak (scripts/src/soak/): n editors' changes published through the
 * webhook under a read load, the crash table and the overlap case on the way, and it is the release
 * served at its end that the full build is compared with. With `--short` (as `npm test` runs it), the five edits
 * of content/ are made together and published in one publish, whose routes must be those that read any of them,
 * and the navbar case is left out (its plan is publish-plan.test.ts's): one import and one publish instead of six.
 * Prints a table; exits 1 on any failure.
 */
import {spawn} from 'node:child_process'
import {copyFile, cp, link, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile} from 'node:fs/promises'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {createClient} from '@sanity/client'
import {servedRelease} from '@site/publish/build-reuse'
import {inputsHash, manifestPathFor} from '@site/publish/publish-manifest'
import {SANITY_API_VERSION} from '@site/schemas/model'
import {exists} from '@site/web/build/files'
import {compiledAppUnusable} from '@site/web/build/next-adapter'
import {serveDatasetFromStandIn} from '../sanity/dataset-stand-in'
import {checkSanityModeBuild, fakeSecrets} from '../search/secret-scan'
import {formatSoakReport} from '../soak/report'
import {fingerprints, releaseDifferences} from '../soak/release-files'
import {runShortSoak, type SoakReport} from '../soak/soak'
import {editLine} from './edit-content'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const WEB = path.join(ROOT, 'web')
const BIN = path.join(ROOT, 'node_modules/.bin')
/** The content the check copies; its copy is imported with this folder's git history (the importer's --git-history-of). */
const CONTENT = path.join(ROOT, 'content')
/** Where `npm run build` builds and the link that serves its release (tools/build-aside.sh), relative to the root. */
const BUILDS = 'web/.builds'
const OUT_LINK = 'web/out'

interface Manifest {
  reads: Array<{query: string; params: Record<string, unknown>; hash: string}>
  routes: Record<string, number[]>
}

interface Outcome {
  name: string
  expected: string
  observed: string
  ok: boolean
  seconds: number
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{code: number; output: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, env: {...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env}, stdio: ['ignore', 'pipe', 'pipe']})
    let output = ''
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      process.stderr.write(chunk)
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.on('error', reject)
    child.on('exit', (code) => resolve({code: code ?? 1, output}))
  })
}

async function must(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<string> {
  const {code, output} = await run(command, args, env, cwd)
  if (code !== 0) throw new Error(`\`${path.basename(command)} ${args.join(' ')}\` exited with ${code}`)
  return output
}

/** Differences between two exports: files only in one, and files whose bytes differ (the soak's comparison, the same). */
export {releaseDifferences as compareFingerprints}

/** The importer's arguments for the copy of content/ at `copy`: its files dated by content/'s git history. */
export function copyImportArgs(copy: string): string[] {
  return ['--content', copy, '--git-history-of', CONTENT]
}

/**
 * The release web/out serves, when the check's first full build (of the copy at `copy`, as it is now) would
 * be it: `npm run build` would keep it for these inputs (the same content files and git history, code,
 * settings, framework: publish/src/build-reuse.ts), it has its publish manifest, and web/.next holds the
 * compile a full build of this code marked, which the publishes render with. Else why not.
 */
export async function reusableFullBuild(copy: string, env: NodeJS.ProcessEnv = process.env): Promise<{dir: string} | {reason: string}> {
  // The check builds from a dataset folder of its own; `npm run build` of content/ reads none.
  const decision = await servedRelease(ROOT, BUILDS, OUT_LINK, copyImportArgs(copy), {...env, DATASET_DIR: undefined})
  if (!decision.reuse) return {reason: decision.reason}
  const dir = path.join(ROOT, BUILDS, decision.build)
  if (!(await exists(manifestPathFor(dir)))) return {reason: `${BUILDS}/${decision.build} has no publish manifest`}
  const unusable = await compiledAppUnusable(await inputsHash(ROOT, env))
  return unusable === null ? {dir} : {reason: unusable}
}

/** A release and its manifest at `to`, every file a hard link to the one at `from` (nothing is written through a link). */
async function linkRelease(from: string, to: string): Promise<void> {
  const walk = async (relative: string): Promise<void> => {
    await mkdir(path.join(to, relative), {recursive: true})
    for (const entry of await readdir(path.join(from, relative), {withFileTypes: true})) {
      const child = path.join(relative, entry.name)
      if (entry.isDirectory()) await walk(child)
      else if (entry.isSymbolicLink()) await symlink(await readlink(path.join(from, child)), path.join(to, child))
      else await link(path.join(from, child), path.join(to, child))
    }
  }
  await walk('')
  await copyFile(manifestPathFor(from), manifestPathFor(to))
}

/** Routes of a manifest whose reads match. */
function routesReading(manifest: Manifest, match: (read: Manifest['reads'][number]) => boolean): string[] {
  return Object.entries(manifest.routes)
    .filter(([, reads]) =>
      reads.some((at) => {
        const read = manifest.reads[at]
        return read !== undefined && match(read)
      }),
    )
    .map(([route]) => route)
    .sort()
}

/** The routes a publish says it renders ("  render /<route>  (why)"), and whether it listed them all. */
export function renderedRoutes(output: string): {routes: string[]; complete: boolean} {
  const routes = [...output.matchAll(/^ {2}render \/(\S*) {2}\(/gm)].map((match) => match[1] ?? '').sort()
  const count = /^publish: (\d+) routes to render/m.exec(output)
  return {routes, complete: count !== null && Number(count[1]) === routes.length}
}

/** The short soak's outcomes, as rows of the check's table. */
export function soakOutcomes(report: SoakReport): Outcome[] {
  const {reads} = report
  const last = report.checks.at(-1)
  return [
    {
      name: `Sanity: ${report.edits} more edits published through the webhook under ${(reads.requests / reads.seconds).toFixed(0)} reads a second`,
      expected: 'every run succeeds; every read answered, from a whole release',
      observed: `${report.runs} runs, ${report.failedRuns.length} failed${report.failedRuns.length > 0 ? ` (${report.failedRuns[0]})` : ''}; ${reads.requests} reads, ${reads.failed} failed, ${reads.mixed} mixed${reads.problems[0] ? ` (${reads.problems[0]})` : ''}`,
      ok: report.failedRuns.length === 0 && reads.failed === 0 && reads.mixed === 0,
      seconds: report.seconds,
    },
    ...[...report.kills, ...report.scenarios].map((row) => ({...row, name: `Sanity: ${row.name}`})),
    {
      name: 'Sanity: incremental result against a full build of the same content',
      expected: 'every file byte-identical, no file more or less',
      observed: !last
        ? 'no comparison made'
        : last.differences.length === 0
          ? `${last.files} files identical, after ${report.edits + 1} edits published incrementally`
          : `${last.differences.length} differences: ${last.differences.slice(0, 5).join(', ')}`,
      ok: last !== undefined && last.differences.length === 0,
      seconds: 0,
    },
  ]
}

async function main(): Promise<number> {
  const soakAt = process.argv.indexOf('--soak')
  const soakPublishes = soakAt === -1 ? 0 : Number(process.argv[soakAt + 1])
  if (soakAt !== -1 && !(Number.isInteger(soakPublishes) && soakPublishes >= 2)) throw new Error('--soak takes a number of publishes, 2 or more')
  // --short (npm test): the edits of content/ published together in one publish, and no navbar case.
  const short = process.argv.includes('--short')
  let soakReport: SoakReport | undefined
  // Inside the repository (web/.soak-*/ is ignored by git): content/'s config imports packages
  // (remark-math) that resolve from the repository's node_modules, not from a copy in /tmp.
  const work = await mkdtemp(path.join(WEB, '.soak-publish-check-'))
  const content = path.join(work, 'content')
  const tag = `publish-check-${process.pid}`
  const buildDir = (name: string) => path.join(WEB, '.builds', `${tag}-${name}`)
  const outcomes: Outcome[] = []
  const tsx = path.join(BIN, 'tsx')
  // The copy is outside git: dated by content/'s history, it imports as content/ does (its edits as uncommitted changes).
  // A process each, as `npm run import` runs: one process importing again after the config changed would get the config it loaded first.
  const importTo = async (name: string) => {
    const out = path.join(work, `dataset-${name}`)
    await must(tsx, ['importer/src/cli.ts', ...copyImportArgs(content), '--out', out], {})
    return out
  }
  // The content: a dataset folder (DATASET_DIR), or the settings of a Sanity project (its stand-in).
  type Source = string | Record<string, string>
  const contentVariables = (source: Source) => (typeof source === 'string' ? {DATASET_DIR: source} : source)
  const fullBuild = async (name: string, source: Source) => {
    const dir = buildDir(name)
    const reads = `${dir}.reads`
    const variables = contentVariables(source)
    await must(tsx, ['--conditions', 'react-server', 'publish/src/incremental-build.ts', 'inputs', reads], variables)
    await must('npm', ['run', 'build', '-w', '@site/web'], {SITE_OUT_DIR: path.relative(WEB, dir), SITE_READS_LOG: reads, ...variables})
    await must(tsx, ['--conditions', 'react-server', 'publish/src/incremental-build.ts', 'manifest', dir], variables)
    return dir
  }
  /**
   * The first full build of the copy, as it is before any edit: the release web/out serves, hard-linked, when it
   * is that build (npm test's site build of content/, just before), else built. Says which.
   */
  const firstFullBuild = async (): Promise<string> => {
    const dir = buildDir('0')
    const reusable = await reusableFullBuild(content).catch((error: unknown) => ({reason: error instanceof Error ? error.message : String(error)}))
    let why = 'reason' in reusable ? reusable.reason : ''
    if ('dir' in reusable) {
      try {
        await linkRelease(reusable.dir, dir)
        return `the release ${OUT_LINK} serves (${path.basename(reusable.dir)}), the full build of the same content, code and settings, hard-linked`
      } catch (error) {
        await rm(dir, {recursive: true, force: true})
        await rm(manifestPathFor(dir), {force: true})
        why = `${path.basename(reusable.dir)} could not be linked (${error instanceof Error ? error.message : String(error)})`
      }
    }
    await fullBuild('0', await importTo('0'))
    return `built (the release ${OUT_LINK} serves is not this build: ${why})`
  }
  const manifestOf = async (dir: string) => JSON.parse(await readFile(`${dir}.publish.json`, 'utf8')) as Manifest
  /** The outcome of a full build that completed (started at `started`): the routes its manifest recorded. */
  const builtOutcome = async (name: string, dir: string, started: number): Promise<Outcome> => ({
    name,
    expected: 'a build and its manifest',
    observed: `${Object.keys((await manifestOf(dir)).routes).length} routes recorded`,
    ok: true,
    seconds: (performance.now() - started) / 1000,
  })
  const publish = async (previous: string, name: string, source: Source, changes: unknown[]) => {
    const planFile = path.join(work, `plan-${name}.json`)
    await rm(planFile, {force: true})
    const result = await run(
      tsx,
      [
        '--conditions',
        'react-server',
        'publish/src/incremental-build.ts',
        'incremental',
        previous,
        path.relative(WEB, buildDir(name)),
        '--changes',
        JSON.stringify(changes),
        '--plan-file',
        planFile,
      ],
      contentVariables(source),
    )
    const plan = JSON.parse(await readFile(planFile, 'utf8').catch(() => '{}')) as {mode?: string; reason?: string; render?: string[]}
    return {...result, plan}
  }

  /**
   * With the content in Sanity's API stand-in: a full build, the Rooms doc edited there (a mutation, as
   * the studio's publish makes it) and published incrementally, then a full build of the edited content
   * to compare with. `dataset` is content/ imported, served by the stand-in.
   */
  const sanityCases = async (dataset: string): Promise<Outcome[]> => {
    const results: Outcome[] = []
    // The secret scan's fake values: the read token the stand-in asks for, the public Typesense settings of every build
    // here (they are in the browser code: the publishes must have them too), and, for the first build only, the secrets a
    // careless set-up leaves in a build's environment. That build is scanned for them.
    const fake = fakeSecrets()
    const token = fake.secrets.SANITY_API_READ_TOKEN
    const served = await serveDatasetFromStandIn(dataset, {projectId: 'check', token})
    const {standin} = served
    const env = {...served.env, ...fake.publicSettings}
    try {
      let started = performance.now()
      const first = await fullBuild('sanity-0', {...env, ...fake.secrets})
      results.push(await builtOutcome('Sanity: full build from the API stand-in', first, started))
      started = performance.now()
      const scan = await checkSanityModeBuild(first, fake, standin.requests.filter((request) => request.authorized).length)
      results.push({
        name: 'Sanity: no secret in that build',
        expected:
          'read with the token; every page, no broken link; no secret (admin key, read and write tokens) in any file; the search-only key in the browser code; nothing of the preview',
        observed: scan.problems.length === 0 ? scan.seen : scan.problems.join('; '),
        ok: scan.problems.length === 0,
        seconds: (performance.now() - started) / 1000,
      })
      started = performance.now()
      const client = createClient({
        projectId: 'check',
        dataset: standin.dataset,
        apiHost: standin.url,
        useProjectHostname: false,
        apiVersion: SANITY_API_VERSION,
        token,
        useCdn: false,
      })
      const id = 'doc-v4-en-rooms'
      const document = await client.getDocument(id)
      const body = JSON.stringify(document)
      const sentence = 'Every socket is also in a room'
      if (!document || !body.includes(sentence)) throw new Error(`the stand-in's ${id} lacks "${sentence}"`)
      await client.createOrReplace(JSON.parse(body.replace(sentence, `Edited in Sanity. ${sentence}`)) as typeof document)
      const expected = routesReading(
        await manifestOf(first),
        (read) => read.query === 'docQuery' && read.params.version === 'v4' && read.params.slug === 'rooms',
      )
      const before = await fingerprints(first)
      const result = await publish(first, 'sanity-1', env, [{id, type: 'doc', operation: 'update'}])
      const routes = [...(result.plan.render ?? [])].sort()
      const exported = /publish: (\d+) documents read from an export of the dataset/.exec(result.output)?.[1]
      const askedAgain = /, (\d+) asked again of the query API\)/.exec(result.output)?.[1]
      const compiled = /publish: rendering \d+ routes with the compiled app/.test(result.output)
      const untouched = releaseDifferences(before, await fingerprints(first))
      const ok = result.code === 0 && compiled && exported !== undefined && JSON.stringify(routes) === JSON.stringify(expected) && untouched.length === 0
      results.push({
        name: 'Sanity: publish of a v4 doc edited there',
        expected: `the plan read from one export of the dataset; renders the ${expected.length} routes that read it with the compiled app; the served build untouched`,
        observed:
          result.code !== 0
            ? `exit ${result.code}${result.plan.reason ? `: ${result.plan.reason}` : ''}`
            : `${exported ?? 'no'} documents exported, ${askedAgain ?? '?'} reads asked again of the API; rendered ${routes.length}${JSON.stringify(routes) === JSON.stringify(expected) ? ', the same routes' : `: ${routes.slice(0, 6).join(', ')}`}${compiled ? ' with the compiled app' : ', by next build'}; ${untouched.length === 0 ? 'served build untouched' : `served build changed: ${untouched.slice(0, 3).join(', ')}`}`,
        ok,
        seconds: (performance.now() - started) / 1000,
      })
      if (result.code !== 0) return results
      if (soakPublishes > 0) {
        soakReport = await runShortSoak({
          existing: {standin, env, token},
          adopt: buildDir('sanity-1'),
          publishes: soakPublishes,
          say: (line) => process.stderr.write(`soak: ${line}\n`),
        })
        return [...results, ...soakOutcomes(soakReport)]
      }
      started = performance.now()
      const full = await fullBuild('sanity-full', env)
      const problems = releaseDifferences(await fingerprints(full), await fingerprints(buildDir('sanity-1')))
      results.push({
        name: 'Sanity: incremental result against a full build of the same content',
        expected: 'every file byte-identical, no file more or less',
        observed:
          problems.length === 0 ? `${(await fingerprints(full)).size} files identical` : `${problems.length} differences: ${problems.slice(0, 5).join(', ')}`,
        ok: problems.length === 0,
        seconds: (performance.now() - started) / 1000,
      })
      return results
    } finally {
      await standin.close()
    }
  }

  try {
    await cp(CONTENT, content, {recursive: true})
    let started = performance.now()
    const startedFrom = await firstFullBuild()
    let previous = buildDir('0')
    const first = await builtOutcome('full build of content/', previous, started)
    outcomes.push({
      ...first,
      expected: `${first.expected} (the release ${OUT_LINK} serves, when it is this build)`,
      observed: `${first.observed}; ${startedFrom}`,
    })
    // The content of the last publish, which the last full build is made from.
    let dataset = ''

    type Case = {
      name: string
      /** The documents the edit changes, as the publish is told of them. */
      documents: Array<{id: string; type: string}>
      edit: () => Promise<void>
      expect: (manifest: Manifest) => string[]
      /** For an edit that adds pages: which routes the build being served lacks may be rendered (at least one must be). */
      isNew?: (route: string) => boolean
    }
    const cases: Case[] = [
      {
        name: 'a v4 doc (Rooms, one paragraph)',
        documents: [{id: 'doc-v4-en-rooms', type: 'doc'}],
        edit: () =>
          editLine(path.join(content, 'docs/rooms.md'), /^Every socket is also in a room/, (line) => `${line} This sentence was added by the publish check.`),
        // Its page in every locale: English, and the translations that show it or name it as their source.
        expect: (manifest) => routesReading(manifest, (read) => read.query === 'docQuery' && read.params.version === 'v4' && read.params.slug === 'rooms'),
      },
      {
        name: 'a blog post (Socket.IO 1.0)',
        documents: [{id: 'blogPost-en-socket-io-1-0', type: 'blogPost'}],
        edit: () =>
          editLine(
            path.join(content, 'blog/2014-05-28-socket-io-1-0.md'),
            /^Socket\.IO 1\.0 is available on npm today/,
            (line) => `${line} Edited by the publish check.`,
          ),
        // Every page that shows its text (its own page in every locale, the list, tag and author pages and home pages that show its
        // excerpt); the pages that only list its title and date are untouched.
        expect: (manifest) => routesReading(manifest, (read) => read.query === 'blogPostTextQuery' && read.params.slug === 'socket-io-1-0'),
      },
      {
        name: 'a new blog post',
        documents: [{id: 'blogPost-en-publish-check', type: 'blogPost'}],
        edit: () =>
          writeFile(
            path.join(content, 'blog/2024-08-02-publish-check.md'),
            [
              '---',
              'title: A post the publish check adds',
              'slug: publish-check',
              'authors: [core-team]',
              'tags: [release]',
              'description: Written by the incremental publish check, never committed.',
              '---',
              '',
              'This post did not exist when the site being served was built.',
              '',
              '<!-- truncate -->',
              '',
              '## Its only heading',
              '',
              'Its page is new to the compiled app, which renders it with the catch-all page.',
              '',
            ].join('\n'),
          ),
        // Every page that lists posts, and the post's own new pages (and a new page of a list of posts, if one grows one).
        expect: (manifest) => routesReading(manifest, (read) => read.query === 'blogPostsQuery'),
        isNew: (route) => /(^|\/)blog\/(publish-check|(tags\/[^/]+\/)?page\/\d+)$/.test(route),
      },
      {
        name: 'a release (2.5.0)',
        documents: [{id: 'release-en-2_5_0', type: 'release'}],
        edit: () =>
          editLine(path.join(content, 'changelog/2.5.0.md'), /^A maintenance release of the 2\.x line/, (line) => `${line} Edited by the publish check.`),
        // Its own page in every locale; the changelog lists its title and summary only.
        expect: (manifest) => routesReading(manifest, (read) => read.query === 'releaseTextQuery' && read.params.version === '2.5.0'),
      },
      {
        name: 'a translation (French Rooms)',
        documents: [{id: 'doc-v4-fr-rooms', type: 'doc'}],
        edit: () =>
          editLine(
            path.join(content, 'i18n/fr/docusaurus-plugin-content-docs/current/rooms.md'),
            /^Une \*room\* est un groupe/,
            (line) => `${line} Modifié par la vérification.`,
          ),
        expect: () => ['fr/docs/v4/rooms'],
      },
    ]
    /** A navbar change must fall back to the full build (exit 3), with or without the document's type. */
    const navbarCase = async () => {
      const started = performance.now()
      const config = path.join(content, 'docusaurus.config.js')
      const originalConfig = await readFile(config, 'utf8')
      await editLine(config, /label: 'Tutorial'/, (line) => line.replace("label: 'Tutorial'", "label: 'Tutorial (edited)'"))
      const navbarDataset = await importTo('navbar')
      const typed = await publish(previous, 'navbar', navbarDataset, [{id: 'siteSettings', type: 'siteSettings', operation: 'update'}])
      const untyped = await publish(previous, 'navbar', navbarDataset, [])
      const typedOk = typed.code === 3 && typed.plan.mode === 'full' && /^siteSettings siteSettings changed/.test(typed.plan.reason ?? '')
      const untypedOk = untyped.code === 3 && untyped.plan.mode === 'full' && /^siteSettingsQuery \{\} changed/.test(untyped.plan.reason ?? '')
      outcomes.push({
        name: 'publish of a navbar change',
        expected: 'falls back to the full build (exit 3), saying why, with or without the document type',
        observed: `exit ${typed.code} and ${untyped.code}: ${/full build: .*/.exec(typed.output)?.[0] ?? 'no reason'} / ${/full build: .*/.exec(untyped.output)?.[0] ?? 'no reason'}`,
        ok: typedOk && untypedOk,
        seconds: (performance.now() - started) / 1000,
      })
      await writeFile(config, originalConfig)
    }

    /** The cases' edits made one after the other and published at once: what each changes, reads and adds. */
    const together = (all: Case[]): Case => ({
      name: all.map((change) => change.name).join(', '),
      documents: all.flatMap((change) => change.documents),
      edit: async () => {
        for (const change of all) await change.edit()
      },
      expect: (manifest) => [...new Set(all.flatMap((change) => change.expect(manifest)))].sort(),
      isNew: all.some((change) => change.isNew) ? (route) => all.some((change) => change.isNew?.(route)) : undefined,
    })
    // npm test's short run: the five edits published together, as one publish of several documents; the routes
    // expected are those that read any of them. Every kind of edit is still planned and compared, with one import
    // and one publish instead of five (and the navbar's fallback, whose plan publish-plan.test.ts checks, left out).
    const run = short ? [together(cases)] : cases
    let step = 0
    for (const change of run) {
      step++
      started = performance.now()
      await change.edit()
      dataset = await importTo(String(step))
      const expected = change.expect(await manifestOf(previous))
      const before = await fingerprints(previous)
      const result = await publish(
        previous,
        String(step),
        dataset,
        change.documents.map((document) => ({...document, operation: 'update'})),
      )
      const served = (await manifestOf(previous)).routes
      const rendering = [...(result.plan.render ?? [])].sort()
      // Routes the build being served lacks (a new post's pages): only those the edit adds, at least one.
      const fresh = rendering.filter((route) => !(route in served))
      const freshOk = change.isNew ? fresh.length > 0 && fresh.every(change.isNew) : fresh.length === 0
      const routes = rendering.filter((route) => route in served)
      // The log names the same routes as the plan (the first 40 of them).
      const complete = renderedRoutes(result.output).routes.every((route) => rendering.includes(route))
      const untouched = releaseDifferences(before, await fingerprints(previous))
      // Rendered with the app the full build compiled (Next's generate step alone, web/src/build/next-adapter.ts), not compiled again.
      const compiled = /publish: rendering \d+ routes with the compiled app/.test(result.output)
      const fallback = /publish: next build renders the routes \((.*)\)/.exec(result.output)?.[1]
      const rendered = result.code === 0 && complete && compiled && freshOk && JSON.stringify(routes) === JSON.stringify(expected)
      outcomes.push({
        name: `publish of ${change.name}`,
        expected: `renders the ${expected.length} routes that read it${expected.length <= 4 ? ` (${expected.map((route) => `/${route}`).join(', ')})` : ''}${change.isNew ? ' and the pages it adds' : ''} with the compiled app; the served build untouched`,
        observed:
          result.code !== 0
            ? `exit ${result.code}${result.plan.reason ? `: ${result.plan.reason}` : ''}`
            : `rendered ${routes.length}${
                fresh.length > 0
                  ? ` and ${fresh.length} new (${fresh
                      .slice(0, 4)
                      .map((route) => `/${route}`)
                      .join(', ')}${freshOk ? '' : ': not what the edit adds'})`
                  : ''
              }${complete ? '' : ' (the log names others)'}${
                rendered
                  ? ', the same routes'
                  : `: ${routes
                      .slice(0, 6)
                      .map((route) => `/${route}`)
                      .join(', ')}`
              }${compiled ? ' with the compiled app' : `, by next build (${fallback ?? 'no reason given'})`}; ${untouched.length === 0 ? 'served build untouched' : `served build changed: ${untouched.slice(0, 3).join(', ')}`}`,
        ok: rendered && untouched.length === 0,
        seconds: (performance.now() - started) / 1000,
      })
      if (result.code !== 0) break
      previous = buildDir(String(step))
    }

    if (!short) await navbarCase()

    started = performance.now()
    const full = await fullBuild('full', dataset)
    const problems = releaseDifferences(await fingerprints(full), await fingerprints(previous))
    const [fullCount, manifestSame] = [
      (await fingerprints(full)).size,
      JSON.stringify((await manifestOf(full)).routes) === JSON.stringify((await manifestOf(previous)).routes),
    ]
    outcomes.push({
      name: 'incremental result against a full build of the same content',
      expected: 'every file byte-identical, no file more or less; the same routes recorded',
      observed:
        problems.length === 0
          ? `${fullCount} files identical${manifestSame ? ', same routes' : ', routes recorded differ'}`
          : `${problems.length} differences: ${problems.slice(0, 5).join(', ')}`,
      ok: problems.length === 0 && manifestSame,
      seconds: (performance.now() - started) / 1000,
    })

    outcomes.push(...(await sanityCases(await importTo('sanity'))))
  } catch (error) {
    outcomes.push({name: 'run', expected: 'completes', observed: error instanceof Error ? error.message : String(error), ok: false, seconds: 0})
  } finally {
    for (const entry of await readdir(path.join(WEB, '.builds')).catch(() => []))
      if (entry.startsWith(tag)) await rm(path.join(WEB, '.builds', entry), {recursive: true, force: true})
    await rm(work, {recursive: true, force: true})
  }

  if (soakReport) console.log(`\nShort soak (the content in the Sanity API stand-in):\n${formatSoakReport(soakReport)}`)
  console.log('\nIncremental publish check (content/, then in the Sanity API stand-in):')
  for (const outcome of outcomes)
    console.log(
      `${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.name} (${outcome.seconds.toFixed(0)} s)\n       expected: ${outcome.expected}\n       observed: ${outcome.observed}`,
    )
  const jsonAt = process.argv.indexOf('--json')
  const report = process.argv[jsonAt + 1]
  if (jsonAt !== -1 && report) {
    await mkdir(path.dirname(report), {recursive: true})
    await writeFile(report, JSON.stringify({cases: outcomes, ...(soakReport ? {soak: soakReport} : {})}, null, 2))
  }
  return outcomes.every((outcome) => outcome.ok) ? 0 : 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
