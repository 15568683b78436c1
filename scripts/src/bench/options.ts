/**
 * The bench's command line (`npm run bench -- …`): its options, their checks and the help that
 * `--help` prints. Apart from cli.ts, which runs on import, so that the parsing is tested alone.
 */
import {resolve} from 'node:path'

export interface BenchOptions {
  /** --help: print BENCH_HELP and measure nothing. */
  help: boolean
  build: boolean
  verbose: boolean
  json: boolean
  lighthouse: boolean
  /** Only the search figures (--only search). */
  searchOnly: boolean
  /** Only the relevance set's figures (--only relevance): needs the dataset, not the site. */
  relevanceOnly: boolean
  /** Only publish → live (--only publish), with --runs doc edits. */
  publishOnly: boolean
  /** Where the publish bench's content lives: the Sanity API stand-in (default), or content/ imported again by each publish (--embedded). */
  publishSource: 'sanity' | 'embedded'
  /** Only the preview's update latency (--only preview), over --runs rounds. */
  previewOnly: boolean
  /** Only the static server beside nginx under load (--only serve), --seconds per URL. */
  serveOnly: boolean
  seconds: number
  /** Only Publish in the studio → "Live" shown there (--only publish-studio), over --runs rounds. */
  publishStudioOnly: boolean
  runs: number
  /** --scale N[,M…]: build synthetic content 1× and N× and print the build's cost per page. */
  scale: number[]
  /** --repeat R: each scaled build R times. */
  repeat: number
  /** --cold: each scaled build starts without Turbopack's build cache (web/.next). */
  cold: boolean
  /** --site <folder>: import and build that Docusaurus site instead of content/. */
  site: string | null
  /** --docusaurus-cpu <seconds>: the CPU-seconds of a Docusaurus build of the same site, for the ratio. */
  docusaurusCpuSeconds: number | null
}

export const BENCH_USAGE =
  'usage: bench [--no-build] [--no-lighthouse] [--only search | --only relevance | --only publish [--runs N] [--embedded] | --only preview [--runs N] | --only serve [--seconds N] | --only publish-studio [--runs N]] [--scale N[,M…] [--repeat R] [--cold]] [--site <folder>] [--docusaurus-cpu N] [--verbose] [--json] [--help]'

export const BENCH_HELP = `${BENCH_USAGE}

Builds the site as npm run build does and prints figures; no thresholds, nothing fails on a figure.

  (no option)          import, next build, link check; then step times, pages, output size, the
                       search index per locale (what a page fetches, keystroke p50/p95), search on
                       first use in Chromium, the relevance set (MRR, success@1, success@5 per
                       locale and backend), first load of three pages and their Lighthouse scores
  --no-build           measure the current web/out/ (and the dataset of the last import)
  --no-lighthouse      skip Lighthouse
  --only search        import, rewrite only the search index of web/out/, print the search figures
                       (index sizes and keystroke latency, first use, relevance set)
  --only relevance     import content/ into the dataset and print only the relevance set's figures:
                       MRR, success@1 and success@5 per locale, on the local index and on the
                       browser's Typesense parameters against the Typesense stand-in (no web/out/
                       needed; with --no-build, the dataset of the last import)
  --only publish       publish → live through the webhook: a v4 doc edit --runs N times (default
                       10), a blog post 3 times, a navbar change once; median and p95. The content
                       is in the Sanity API stand-in, where each edit is made, as with Sanity;
                       --embedded edits content/ instead, which each publish imports again
  --only serve         the static server of npm start and nginx (deploy/nginx.conf, when installed)
                       serving web/out under a closed-loop load: requests a second, p50 and p99
                       for a doc page, a search shard and a 404, --seconds N each (default 10)
  --only preview       the preview's update latency: keystroke in the studio's Presentation tool →
                       its frame showing it (the built studio, the preview server, the Sanity API
                       stand-in's live events, Chromium), --runs N rounds (default 10); median and
                       p95; builds the studio and the preview server first unless --no-build
  --only publish-studio
                       Publish pressed in the studio → "Live" shown there for it: the built studio
                       against the Sanity API stand-in, whose webhook reaches the real receiver, its
                       incremental publish and swap of web/out, and the publish status service;
                       --runs N rounds (default 10) after a full build; median and p95 of the
                       webhook's arrival, the publish going live and the studio showing it
  --scale N[,M…]       build a synthetic copy of content/ at 1× and N× (and M×…) and print the cost
                       per page by step; --repeat R builds each R times; --cold removes Next's
                       build folder (web/.next, Turbopack's build cache) before each build, the
                       state of a first build on a machine (otherwise each build finds the cache
                       of the one before it)
  --site <folder>      import and build that Docusaurus site instead of content/
  --docusaurus-cpu N   the CPU-seconds (user + system) of a Docusaurus build of the same site: the
                       build table adds the ratio of this build's CPU-seconds to it
  --verbose            show each step's own output
  --json               print the figures as JSON
  --help               print this help`

function whole(name: string, value: string | undefined, min: number): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < min) throw new Error(`${name} takes a whole number of at least ${min}, not "${value ?? ''}" (${BENCH_USAGE})`)
  return number
}

const ONLY_VALUES = ['search', 'relevance', 'publish', 'preview', 'serve', 'publish-studio'] as const

export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    help: false,
    build: true,
    verbose: false,
    json: false,
    lighthouse: true,
    searchOnly: false,
    relevanceOnly: false,
    publishOnly: false,
    publishSource: 'sanity',
    previewOnly: false,
    serveOnly: false,
    seconds: 10,
    publishStudioOnly: false,
    runs: 10,
    scale: [],
    repeat: 1,
    cold: false,
    site: null,
    docusaurusCpuSeconds: null,
  }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    const valueOf = (name: string) => (arg === name ? argv[++index] : arg?.slice(`${name}=`.length))
    if (arg === '--help' || arg === '-h') options.help = true
    else if (arg === '--only' || arg?.startsWith('--only=')) {
      const value = valueOf('--only')
      if (!ONLY_VALUES.includes(value as (typeof ONLY_VALUES)[number]))
        throw new Error(`--only takes ${ONLY_VALUES.map((name) => `"${name}"`).join(', ')}, not "${value ?? ''}" (${BENCH_USAGE})`)
      if (options.searchOnly || options.relevanceOnly || options.publishOnly || options.previewOnly || options.serveOnly || options.publishStudioOnly)
        throw new Error(`--only is given once (${BENCH_USAGE})`)
      if (value === 'search') options.searchOnly = true
      else if (value === 'relevance') options.relevanceOnly = true
      else if (value === 'preview') options.previewOnly = true
      else if (value === 'serve') options.serveOnly = true
      else if (value === 'publish-studio') options.publishStudioOnly = true
      else options.publishOnly = true
    } else if (arg === '--runs' || arg?.startsWith('--runs=')) {
      options.runs = whole('--runs', valueOf('--runs'), 1)
    } else if (arg === '--seconds' || arg?.startsWith('--seconds=')) {
      options.seconds = whole('--seconds', valueOf('--seconds'), 1)
    } else if (arg === '--scale' || arg?.startsWith('--scale=')) {
      options.scale = (valueOf('--scale') ?? '').split(',').map((part) => whole('--scale', part, 1))
    } else if (arg === '--repeat' || arg?.startsWith('--repeat=')) {
      options.repeat = whole('--repeat', valueOf('--repeat'), 1)
    } else if (arg === '--site' || arg?.startsWith('--site=')) {
      const value = valueOf('--site')
      if (!value) throw new Error('--site needs the folder of a Docusaurus site')
      options.site = resolve(value)
    } else if (arg === '--docusaurus-cpu' || arg?.startsWith('--docusaurus-cpu=')) {
      const value = Number(valueOf('--docusaurus-cpu'))
      if (!(value > 0))
        throw new Error(`--docusaurus-cpu takes the CPU-seconds (user + system) of a Docusaurus build of the same site, a number above 0 (${BENCH_USAGE})`)
      options.docusaurusCpuSeconds = value
    } else if (arg === '--cold') options.cold = true
    else if (arg === '--no-build') options.build = false
    else if (arg === '--embedded') options.publishSource = 'embedded'
    else if (arg === '--no-lighthouse') options.lighthouse = false
    else if (arg === '--verbose') options.verbose = true
    else if (arg === '--json') options.json = true
    else throw new Error(`unknown argument "${arg}" (${BENCH_USAGE}; --help explains each)`)
  }
  if (options.help) return options
  if (options.publishSource === 'embedded' && !options.publishOnly) throw new Error(`--embedded goes with --only publish (${BENCH_USAGE})`)
  if (options.repeat > 1 && options.scale.length === 0) throw new Error(`--repeat goes with --scale (${BENCH_USAGE})`)
  if (options.cold && options.scale.length === 0) throw new Error(`--cold goes with --scale (${BENCH_USAGE})`)
  if (
    options.scale.length > 0 &&
    (options.searchOnly || options.relevanceOnly || options.publishOnly || options.previewOnly || options.serveOnly || !options.build)
  )
    throw new Error(`--scale builds its own sites: it does not go with --only or --no-build (${BENCH_USAGE})`)
  if (options.site && (options.relevanceOnly || options.publishOnly || options.previewOnly || options.serveOnly))
    throw new Error(
      `--site does not go with --only ${options.relevanceOnly ? 'relevance' : options.previewOnly ? 'preview' : options.serveOnly ? 'serve' : 'publish'}: the relevance set and the publish and serve benches are written for content/ (${BENCH_USAGE})`,
    )
  if (
    options.docusaurusCpuSeconds !== null &&
    (!options.build ||
      options.scale.length > 0 ||
      options.searchOnly ||
      options.relevanceOnly ||
      options.publishOnly ||
      options.previewOnly ||
      options.serveOnly ||
      options.publishStudioOnly)
  )
    throw new Error(`--docusaurus-cpu goes with a build of the site (no --only, --scale or --no-build) (${BENCH_USAGE})`)
  if (options.seconds !== 10 && !options.serveOnly) throw new Error(`--seconds goes with --only serve (${BENCH_USAGE})`)
  return options
}
