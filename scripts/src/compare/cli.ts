/**
 * `npm run compare -- --site <docusaurus site> --docusaurus-build <its build>`: builds this site from
 * the same source (see build-ours.ts), then compares both builds page by page and prints a summary
 * table and the worst pages. The figures are a report, not a test: the exit code is non-zero only for
 * a usage error or a failed import or build.
 */
import {existsSync, statSync} from 'node:fs'
import {mkdir, writeFile} from 'node:fs/promises'
import {dirname, join, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {buildOurSite, StepFailedError, type BuildOursResult} from './build-ours'
import {compareBuilds, isDocusaurusPage, readBuild, type Progress, type SideBuild} from './compare'
import {formatReport} from './report'
import {pickSamples, takeScreenshots, type ScreenshotReport} from './screenshots'
import {isPageHere, listFiles} from './routes'

const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)))

const USAGE = `usage: npm run compare -- --site <docusaurus site folder> --docusaurus-build <its build folder>
                          [--work <folder>] [--no-build] [--json <file>] [--pages <n>] [--no-screenshots]

  --site              the Docusaurus site (the folder of docusaurus.config.js); imported and built here
  --docusaurus-build  the output of \`docusaurus build\` for that site (every locale)
  --work              where the dataset, this site's build (out/) and the logs go (default .generated/compare)
  --no-build          compare the existing <work>/out without importing or building
  --json              also write every figure, page by page, to this file
  --pages             how many of the worst pages to list (default 10)
  --no-screenshots    skip the screenshots (by default a sample of pages of each kind is shot from both
                      builds at 1280 and 390 px with Chromium: <work>/screenshots/index.html)

The build runs in web/ (like npm run build): do not run both at once.`

class UsageError extends Error {}

interface Options {
  site: string | null
  docusaurusBuild: string
  work: string
  build: boolean
  json: string | null
  pages: number
  screenshots: boolean
}

export function parseOptions(argv: readonly string[]): Options | 'help' {
  let values
  try {
    ;({values} = parseArgs({
      args: [...argv],
      options: {
        site: {type: 'string'},
        'docusaurus-build': {type: 'string'},
        work: {type: 'string', default: '.generated/compare'},
        'no-build': {type: 'boolean', default: false},
        json: {type: 'string'},
        pages: {type: 'string', default: '10'},
        'no-screenshots': {type: 'boolean', default: false},
        help: {type: 'boolean', short: 'h', default: false},
      },
      allowPositionals: false,
    }))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (values.help) return 'help'
  const docusaurusBuild = values['docusaurus-build']
  if (!docusaurusBuild) throw new UsageError('--docusaurus-build is required')
  const build = !values['no-build']
  if (build && !values.site) throw new UsageError('--site is required (or --no-build to compare an existing <work>/out)')
  const pages = Number(values.pages)
  if (!Number.isInteger(pages) || pages < 0) throw new UsageError(`--pages takes a whole number, not "${values.pages}"`)
  return {site: values.site ?? null, docusaurusBuild, work: values.work, build, json: values.json ?? null, pages, screenshots: !values['no-screenshots']}
}

function requireDir(path: string, what: string, hint: string): void {
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new UsageError(`${what} ${path} is not a folder${hint ? `: ${hint}` : ''}`)
}

function say(line: string): void {
  console.log(line)
}

/** Progress lines at most every ten seconds, and at the end. */
function progressPrinter(label: string): Progress {
  let last = 0
  return (done, total) => {
    const now = performance.now()
    if (done === total || now - last > 10_000) {
      last = now
      say(`  ${label}: ${done}/${total} HTML files`)
    }
  }
}

function shownPath(path: string): string {
  const shown = relative(process.cwd(), path)
  return shown === '' ? '.' : shown.startsWith('..') ? path : shown
}

async function main(argv: readonly string[]): Promise<number> {
  let options: Options | 'help'
  try {
    options = parseOptions(argv)
    if (options === 'help') {
      console.log(USAGE)
      return 0
    }
    // npm runs the script from the repository root; paths are the caller's (INIT_CWD) when npm gives it.
    const base = process.env.INIT_CWD ?? process.cwd()
    options.docusaurusBuild = resolve(base, options.docusaurusBuild)
    options.work = resolve(base, options.work)
    if (options.site) options.site = resolve(base, options.site)
    if (options.json) options.json = resolve(base, options.json)
    requireDir(options.docusaurusBuild, '--docusaurus-build', 'run `npx docusaurus build` in the site first')
    if (options.site) requireDir(options.site, '--site', '')
    const site = options.site
    if (site && !['js', 'ts', 'mjs', 'cjs'].some((ext) => existsSync(join(site, `docusaurus.config.${ext}`)))) {
      throw new UsageError(`--site ${site} has no docusaurus.config.js/.ts/.mjs/.cjs`)
    }
    if (!options.build) requireDir(join(options.work, 'out'), "this site's earlier build", 'build it first (run without --no-build)')
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`compare: ${error.message}\n\n${USAGE}`)
    return 2
  }
  const started = performance.now()

  let built: BuildOursResult | null = null
  let failed: StepFailedError | null = null
  if (options.build && options.site) {
    say('› Building this site from the same source')
    try {
      built = await buildOurSite({repoRoot: REPO_ROOT, site: options.site, work: options.work, say})
    } catch (error) {
      if (!(error instanceof StepFailedError)) throw error
      failed = error
      console.error(`\n${error.tail}\n\ncompare: ${error.message}; the report below shows what Docusaurus has, all of it missing here`)
    }
  }
  const outDir = join(options.work, 'out')

  say(`› Reading the Docusaurus build (${shownPath(options.docusaurusBuild)})`)
  const docusaurus = await readBuild(options.docusaurusBuild, {isPage: isDocusaurusPage, addressWithoutSlash: true, onProgress: progressPrinter('Docusaurus')})
  if (docusaurus.pages.size === 0) {
    console.error(`compare: ${options.docusaurusBuild} holds no page generated by Docusaurus (no HTML file with its generator meta)`)
    return 2
  }
  say(`  ${docusaurus.pages.size} pages, ${docusaurus.staticHtml.length} static HTML files`)
  // Files copied from static/ are files here too, not pages: leave the same ones out of the routes, and the
  // dataset's copies of them (/_dataset/files/, served sandboxed as files).
  const staticHtml = new Set(docusaurus.staticHtml)
  let ours: SideBuild = {root: outDir, pages: new Map(), staticHtml: [], files: new Set()}
  if (!failed) {
    say(`› Reading this site's build (${shownPath(outDir)})`)
    ours = await readBuild(outDir, {isPage: (file) => isPageHere(file, staticHtml), onProgress: progressPrinter('this site')})
    say(`  ${ours.pages.size} pages`)
  }

  say('› Comparing')
  const staticDir = options.site ? join(options.site, 'static') : null
  const staticDirFiles = staticDir && existsSync(staticDir) ? await listFiles(staticDir) : null
  const result = compareBuilds(docusaurus, ours, {staticDirFiles})
  say(`  locales: ${[result.locales.defaultLocale, ...result.locales.prefixed].join(', ')} (default ${result.locales.defaultLocale})`)
  say('')
  say(formatReport(result, {worst: options.pages}))
  let screenshots: ScreenshotReport | null = null
  if (options.screenshots && !failed) {
    say('')
    say('› Screenshots of a sample of pages, both builds, 1280 and 390 px wide')
    const samples = pickSamples(result.pages, docusaurus, result.locales.defaultLocale)
    screenshots = await takeScreenshots({docusaurusBuild: options.docusaurusBuild, ourBuild: outDir, samples, dir: join(options.work, 'screenshots'), say})
    say(screenshots.skipped ? `  Screenshots skipped: ${screenshots.skipped}` : `  Side by side, with the pixel differences: ${shownPath(screenshots.file)}`)
  }
  const seconds = (performance.now() - started) / 1000
  say('')
  say(`Compared in ${seconds.toFixed(1)} s${built ? ` (import ${built.import.seconds.toFixed(1)} s, build ${built.build.seconds.toFixed(1)} s)` : ''}.`)

  if (options.json) {
    const report = {
      generatedAt: new Date().toISOString(),
      site: options.site,
      docusaurusBuild: options.docusaurusBuild,
      ourBuild: outDir,
      build: built ? {import: built.import, build: built.build} : failed ? {failed: failed.step, log: failed.log} : null,
      seconds,
      screenshots: screenshots ? {file: screenshots.file, skipped: screenshots.skipped, shots: screenshots.shots} : null,
      ...result,
    }
    await mkdir(dirname(options.json), {recursive: true})
    await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`)
    say(`Every figure, page by page: ${shownPath(options.json)}`)
  }
  if (failed) console.error(`\ncompare: nothing was built here: ${failed.message}`)
  return failed ? 1 : 0
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
