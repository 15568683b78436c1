/**
 * `npm run corpus`: rebuilds the corpus of real Docusaurus sites (manifest.json) and compares each with
 * this site's build of the same source. Per site: clone from the mirror into the scratch folder,
 * install and build with its own Docusaurus (cached), import and build here, compare
 * (`npm run compare`, structural mode), then a Markdown table of every site. Never part of
 * `npm test`: it needs the mirrors, the npm registry and hours of CPU.
 */
import {existsSync} from 'node:fs'
import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {readManifest, type CorpusSite} from './manifest'
import {buildOracle, countMarkdown, prepareSource, runShell, shellQuote, StepError, type OracleRecord} from './oracle'
import {corpusTable, type SiteRow} from './table'

const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)))
const MANIFEST = join(REPO_ROOT, 'scripts/src/corpus/manifest.json')

const USAGE = `usage: npm run corpus -- [--only <id,id…>] [--scratch <folder>] [--mirrors <folder>] [--out <file>]
                         [--oracle-only] [--rebuild-oracle] [--no-build] [--no-screenshots]

  --only            the sites to run, in this order (ids of scripts/src/corpus/manifest.json); default every site
  --scratch         where the clones, the Docusaurus builds and this site's builds go, outside the
                    repository (default $CORPUS_SCRATCH or /work/scratch/corpus)
  --mirrors         the bare clones of the repositories, <owner>+<name>/repo (default $CORPUS_MIRRORS or /work/.mirror)
  --out             the Markdown table (default .generated/corpus/corpus.md; a .json beside it)
  --oracle-only     build the Docusaurus side only (cached builds are kept)
  --rebuild-oracle  build the Docusaurus side again even when a build of the same commit exists
  --no-build        compare with this site's earlier build of each site (no import, no build)
  --no-screenshots  skip the comparison's screenshots (Chromium), <scratch>/<site>/compare/screenshots/index.html`

function say(line: string): void {
  console.log(line)
}

async function readJson<T>(file: string): Promise<T | null> {
  if (!existsSync(file)) return null
  return JSON.parse(await readFile(file, 'utf8')) as T
}

interface CompareJson {
  build?:
    | {import?: {seconds: number; documents: number | null; warnings: number | null; errors: number | null}; build?: {seconds: number}}
    | {failed: string; log: string}
  totals: SiteRow['totals']
}

async function runSite(
  site: CorpusSite,
  options: {scratch: string; mirrors: string; oracleOnly: boolean; rebuild: boolean; build: boolean; screenshots: boolean},
): Promise<SiteRow> {
  const row: SiteRow = {id: site.id, repository: site.repository, commit: site.commit ?? null, covers: site.covers, locales: site.oracleLocales, error: null}
  const oracleOptions = {scratch: options.scratch, mirrors: options.mirrors, repoRoot: REPO_ROOT, rebuild: options.rebuild, say}
  let oracle: {record: OracleRecord; cached: boolean; paths: Awaited<ReturnType<typeof prepareSource>>}
  try {
    oracle = await buildOracle(site, oracleOptions)
  } catch (error) {
    if (!(error instanceof StepError)) throw error
    row.error = `Docusaurus build: ${error.message}`
    return row
  }
  row.oracle = oracle.record
  row.markdownFiles = await countMarkdown(oracle.paths.repo)
  say(
    `  Docusaurus ${oracle.record.docusaurusVersion ?? '?'}: ${oracle.cached ? 'cached build' : 'built'} in ${oracle.record.seconds.toFixed(0)} s` +
      `${oracle.record.cpuSeconds !== null ? `, ${oracle.record.cpuSeconds.toFixed(0)} CPU-s` : ''}`,
  )
  if (options.oracleOnly) return row

  const work = join(oracle.paths.root, 'compare')
  const json = join(oracle.paths.root, 'compare.json')
  const args = ['--site', oracle.paths.site, '--docusaurus-build', oracle.paths.build, '--work', work, '--json', json, '--pages', '15']
  if (!options.build) args.push('--no-build')
  if (!options.screenshots) args.push('--no-screenshots')
  say(`  importing, building and comparing here (log: ${join(oracle.paths.logs, 'compare.log')})`)
  try {
    await runShell(`npx tsx scripts/src/compare/cli.ts ${args.map(shellQuote).join(' ')}`, {
      cwd: REPO_ROOT,
      log: join(oracle.paths.logs, 'compare.log'),
      env: {...process.env, INIT_CWD: REPO_ROOT, ...site.env},
      nice: 10,
      say,
    })
  } catch (error) {
    if (!(error instanceof StepError)) throw error
    row.error = `here: ${error.message}`
  }
  const compared = await readJson<CompareJson>(json)
  if (compared) {
    row.totals = compared.totals
    const build = compared.build
    if (build && 'import' in build) {
      row.importSeconds = build.import?.seconds ?? null
      row.buildSeconds = build.build?.seconds ?? null
      row.importErrors = build.import?.errors ?? null
    } else if (build && 'failed' in build) {
      // The import's own words: its count of errors and the first of them.
      const log = await readFile(join(work, 'logs', 'import.log'), 'utf8').catch(() => '')
      const count = /Import failed: (\d+) error/.exec(log)?.[1]
      const first = /^\s+error (.*)$/m.exec(log)?.[1]
      row.error = `${build.failed} failed here${count ? ` (${count} errors${first ? `; the first: ${first}` : ''})` : ''}`
    } else if (!options.build) {
      // --no-build: the times of the earlier run.
      const earlier = await readJson<SiteRow>(join(oracle.paths.root, 'row.json'))
      row.importSeconds = earlier?.importSeconds ?? null
      row.buildSeconds = earlier?.buildSeconds ?? null
    }
  }
  await writeFile(join(oracle.paths.root, 'row.json'), `${JSON.stringify(row, null, 2)}\n`)
  return row
}

async function main(argv: readonly string[]): Promise<number> {
  let values
  try {
    ;({values} = parseArgs({
      args: [...argv],
      options: {
        only: {type: 'string'},
        scratch: {type: 'string', default: process.env.CORPUS_SCRATCH ?? '/work/scratch/corpus'},
        mirrors: {type: 'string', default: process.env.CORPUS_MIRRORS ?? '/work/.mirror'},
        out: {type: 'string', default: '.generated/corpus/corpus.md'},
        'oracle-only': {type: 'boolean', default: false},
        'rebuild-oracle': {type: 'boolean', default: false},
        'no-build': {type: 'boolean', default: false},
        'no-screenshots': {type: 'boolean', default: false},
        help: {type: 'boolean', short: 'h', default: false},
      },
    }))
  } catch (error) {
    console.error(`corpus: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 2
  }
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const base = process.env.INIT_CWD ?? process.cwd()
  const scratch = resolve(base, values.scratch)
  if (!resolve(scratch).startsWith('/') || `${resolve(scratch)}/`.startsWith(`${REPO_ROOT}/`)) {
    console.error(`corpus: --scratch ${scratch} is inside the repository; the sites' content is never kept there`)
    return 2
  }
  const manifest = await readManifest(MANIFEST)
  const only = values.only ? new Set(values.only.split(',').map((id) => id.trim())) : null
  if (only) {
    const unknown = [...only].filter((id) => !manifest.sites.some((site) => site.id === id))
    if (unknown.length > 0) {
      console.error(`corpus: no site ${unknown.join(', ')} in ${MANIFEST} (sites: ${manifest.sites.map((site) => site.id).join(', ')})`)
      return 2
    }
  }
  // In the order given with --only (the cheap sites first, say), else the manifest's.
  const sites = only ? [...only].flatMap((id) => manifest.sites.filter((site) => site.id === id)) : manifest.sites
  const out = resolve(base, values.out)
  await mkdir(scratch, {recursive: true})
  const rows: SiteRow[] = []
  for (const site of sites) {
    say(`› ${site.id} (${site.repository}${site.commit ? ` @ ${site.commit.slice(0, 12)}` : ''})`)
    const row = await runSite(site, {
      scratch,
      mirrors: resolve(base, values.mirrors),
      oracleOnly: values['oracle-only'],
      rebuild: values['rebuild-oracle'],
      build: !values['no-build'],
      screenshots: !values['no-screenshots'],
    })
    if (row.error) say(`  ${row.error}`)
    rows.push(row)
  }
  const table = corpusTable(rows)
  await mkdir(dirname(out), {recursive: true})
  await writeFile(out, `${table}\n`)
  await writeFile(out.replace(/\.md$/, '') + '.json', `${JSON.stringify(rows, null, 2)}\n`)
  say('')
  say(table)
  say('')
  say(`Table: ${out}`)
  return rows.some((row) => row.error) ? 1 : 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error)
      process.exit(1)
    },
  )
}
