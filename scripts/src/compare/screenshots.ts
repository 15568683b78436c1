/**
 * Screenshots of a sample of pages from both builds, side by side with a pixel-difference figure, in
 * an HTML report a maintainer opens in a browser (`<work>/screenshots/index.html`). Both builds are
 * served on 127.0.0.1: Docusaurus's by a small static server here, this site's by scripts/src/serve.ts.
 * Debian's Chromium through playwright-core; never a browser download. Without Chromium the report
 * says that the screenshots were skipped, and why.
 */
import {existsSync} from 'node:fs'
import {mkdir, readFile, stat, writeFile} from 'node:fs/promises'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {join, normalize, resolve, sep} from 'node:path'
import pixelmatch from 'pixelmatch'
import {PNG} from 'pngjs'
import {contentTypeOf, createStaticServer} from '../serve'
import type {PageComparison, SideBuild} from './compare'

export const CHROMIUM = '/usr/bin/chromium'
export const WIDTHS = [1280, 390] as const
/** Pages are shot from the top, down to this height at most (long pages would make huge images). */
const MAX_HEIGHT = 3000

export type SampleKind = 'home' | 'doc' | 'post' | 'blog list' | 'tabs' | 'math' | 'diagram'

export interface Sample {
  kind: SampleKind
  route: string
  /** The URL path on both servers. */
  urlPath: string
  /** The page's structure score, for the report. */
  score: number | null
}

/**
 * Picks one page of each kind among the routes both builds have, in the default locale: the home, a
 * doc, a blog post, a blog list, a page with tabs (and one with math, one with a diagram when there
 * are); of each kind the page with the lowest structure score (the one to look at), the longer first
 * among equals.
 */
export function pickSamples(pages: readonly PageComparison[], docusaurus: SideBuild, defaultLocale: string): Sample[] {
  const candidates = pages.filter((page) => page.status === 'both' && page.locale === defaultLocale)
  const figures = (route: string) => docusaurus.pages.get(route)
  const kinds: Array<[SampleKind, (page: PageComparison) => boolean]> = [
    ['home', (page) => page.route === '/'],
    ['doc', (page) => figures(page.route)?.pageKind === 'doc'],
    ['post', (page) => figures(page.route)?.pageKind === 'post'],
    ['blog list', (page) => figures(page.route)?.pageKind === 'blog list'],
    ['tabs', (page) => page.tabs.docusaurus > 0],
    ['math', (page) => (page.structure?.byKind.math?.docusaurus ?? 0) > 0 || (figures(page.route)?.blocks.some((block) => block.key.includes('∮')) ?? false)],
    ['diagram', (page) => (page.structure?.byKind.diagram?.docusaurus ?? 0) > 0],
  ]
  const chosen = new Set<string>()
  const samples: Sample[] = []
  for (const [kind, test] of kinds) {
    const page = candidates
      .filter((candidate) => test(candidate) && !chosen.has(candidate.route))
      .sort((a, b) => (a.structure?.score ?? 1) - (b.structure?.score ?? 1) || (b.structure?.docusaurus ?? 0) - (a.structure?.docusaurus ?? 0))[0]
    if (!page) continue
    chosen.add(page.route)
    samples.push({kind, route: page.route, urlPath: urlPathOf(page.docusaurusFile ?? ''), score: page.structure?.score ?? null})
  }
  return samples
}

function urlPathOf(file: string): string {
  if (file === 'index.html') return '/'
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`
  return `/${file}`
}

/** A static server for a Docusaurus build: files as they are, `index.html` for folders, its 404.html otherwise. */
export function createPlainServer(dir: string): Server {
  const root = resolve(dir)
  return createServer((req, res) => {
    void (async () => {
      let path: string
      try {
        path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)
      } catch {
        res.writeHead(400).end()
        return
      }
      const file = normalize(join(root, path))
      if (file !== root && !file.startsWith(`${root}${sep}`)) {
        res.writeHead(403).end()
        return
      }
      for (const candidate of [file, join(file, 'index.html'), `${file}.html`]) {
        const info = await stat(candidate).catch(() => null)
        if (info?.isFile()) {
          res.writeHead(200, {'content-type': contentTypeOf(candidate)})
          res.end(await readFile(candidate))
          return
        }
      }
      const notFound = join(root, '404.html')
      res.writeHead(404, {'content-type': 'text/html; charset=utf-8'})
      res.end(existsSync(notFound) ? await readFile(notFound) : 'not found')
    })()
  })
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export interface PixelDifference {
  /** Differing pixels over the pixels of the larger of the two images (both padded to it). */
  share: number
  width: number
  height: number
  diff: PNG
}

/** Compares two screenshots of possibly different sizes: both padded with white to the larger size. */
export function pixelDifference(a: PNG, b: PNG): PixelDifference {
  const width = Math.max(a.width, b.width)
  const height = Math.max(a.height, b.height)
  const pad = (image: PNG) => {
    if (image.width === width && image.height === height) return image
    const padded = new PNG({width, height})
    padded.data.fill(255)
    PNG.bitblt(image, padded, 0, 0, image.width, image.height, 0, 0)
    return padded
  }
  const diff = new PNG({width, height})
  const differing = pixelmatch(pad(a).data, pad(b).data, diff.data, width, height, {threshold: 0.1})
  return {share: width * height === 0 ? 0 : differing / (width * height), width, height, diff}
}

export interface Shot {
  sample: Sample
  width: number
  docusaurus: string
  ours: string
  diff: string
  share: number
  sizes: {docusaurus: [number, number]; ours: [number, number]}
}

export interface ScreenshotReport {
  /** The report file, or null when nothing was written. */
  file: string
  shots: Shot[]
  skipped: string | null
}

/** Shoots the samples on both builds at each width, writes the images and the HTML report into `<dir>`. */
export async function takeScreenshots(options: {
  docusaurusBuild: string
  ourBuild: string
  samples: readonly Sample[]
  dir: string
  say: (line: string) => void
}): Promise<ScreenshotReport> {
  const {dir, samples} = options
  await mkdir(join(dir, 'images'), {recursive: true})
  const file = join(dir, 'index.html')
  const skip = async (reason: string): Promise<ScreenshotReport> => {
    await writeFile(file, reportHtml([], samples, reason))
    return {file, shots: [], skipped: reason}
  }
  if (!existsSync(CHROMIUM)) return skip(`Chromium is not installed at ${CHROMIUM} (Debian: apt-get install chromium); no browser is downloaded.`)
  if (samples.length === 0) return skip('No page is on both sides in the default locale.')
  let chromium: typeof import('playwright-core').chromium
  try {
    ;({chromium} = await import('playwright-core'))
  } catch (error) {
    return skip(`playwright-core could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
  }
  const docusaurusServer = createPlainServer(options.docusaurusBuild)
  const ourServer = createStaticServer({dir: options.ourBuild})
  const shots: Shot[] = []
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null
  try {
    const docusaurusOrigin = await listen(docusaurusServer)
    const ourOrigin = await listen(ourServer)
    try {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
      })
    } catch (error) {
      return await skip(`Chromium at ${CHROMIUM} did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
    }
    for (const sample of samples) {
      for (const width of WIDTHS) {
        const name = `${sample.kind.replace(/\s+/g, '-')}-${width}`
        const images: PNG[] = []
        for (const [side, origin] of [
          ['docusaurus', docusaurusOrigin],
          ['ours', ourOrigin],
        ] as const) {
          const context = await browser.newContext({
            viewport: {width, height: width < 600 ? 844 : 900},
            deviceScaleFactor: 1,
            reducedMotion: 'reduce',
            colorScheme: 'light',
          })
          const page = await context.newPage()
          // Only the local servers: a page's third-party scripts, fonts and embeds are not fetched.
          await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
          await page.goto(`${origin}${sample.urlPath}`, {waitUntil: 'load', timeout: 60_000}).catch(() => null)
          await page.evaluate(() => document.fonts.ready).catch(() => null)
          await page.waitForTimeout(300)
          const height = Math.min(MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight).catch(() => 900))
          const buffer = await page.screenshot({fullPage: true, clip: {x: 0, y: 0, width, height}})
          await writeFile(join(dir, 'images', `${name}-${side}.png`), buffer)
          images.push(PNG.sync.read(buffer))
          await context.close()
        }
        const [docusaurus, ours] = images as [PNG, PNG]
        const difference = pixelDifference(docusaurus, ours)
        await writeFile(join(dir, 'images', `${name}-diff.png`), PNG.sync.write(difference.diff))
        shots.push({
          sample,
          width,
          docusaurus: `images/${name}-docusaurus.png`,
          ours: `images/${name}-ours.png`,
          diff: `images/${name}-diff.png`,
          share: difference.share,
          sizes: {docusaurus: [docusaurus.width, docusaurus.height], ours: [ours.width, ours.height]},
        })
        options.say(`  ${sample.kind} ${sample.route} at ${width} px: ${(difference.share * 100).toFixed(1)}% of pixels differ`)
      }
    }
  } finally {
    await browser?.close()
    docusaurusServer.close()
    ourServer.close()
  }
  await writeFile(file, reportHtml(shots, samples, null))
  return {file, shots, skipped: null}
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function reportHtml(shots: readonly Shot[], samples: readonly Sample[], skipped: string | null): string {
  const rows = shots
    .map(
      (shot) => `<section>
  <h2>${escapeHtml(shot.sample.kind)}: <code>${escapeHtml(shot.sample.route)}</code> at ${shot.width} px</h2>
  <p>${(shot.share * 100).toFixed(1)}% of pixels differ (Docusaurus ${shot.sizes.docusaurus.join('×')}, here ${shot.sizes.ours.join('×')})${
    shot.sample.score !== null ? `; structure score ${(shot.sample.score * 100).toFixed(1)}%` : ''
  }</p>
  <div class="row${shot.width < 600 ? ' narrow' : ''}">
    <figure><figcaption>Docusaurus</figcaption><a href="${shot.docusaurus}"><img src="${shot.docusaurus}" alt="Docusaurus: ${escapeHtml(shot.sample.route)}" loading="lazy"></a></figure>
    <figure><figcaption>This site</figcaption><a href="${shot.ours}"><img src="${shot.ours}" alt="This site: ${escapeHtml(shot.sample.route)}" loading="lazy"></a></figure>
    <figure><figcaption>Difference (red: differing pixels)</figcaption><a href="${shot.diff}"><img src="${shot.diff}" alt="Difference: ${escapeHtml(shot.sample.route)}" loading="lazy"></a></figure>
  </div>
</section>`,
    )
    .join('\n')
  const list = samples.map((sample) => `<li>${escapeHtml(sample.kind)}: <code>${escapeHtml(sample.route)}</code></li>`).join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Docusaurus and this site, side by side</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 1.5rem; color: #1c1e21; }
  .row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1rem; align-items: start; }
  .row.narrow { grid-template-columns: repeat(3, minmax(0, 420px)); }
  figure { margin: 0; }
  figcaption { font-weight: 600; margin-bottom: .25rem; }
  img { width: 100%; border: 1px solid #ccd; }
  section { margin-bottom: 2.5rem; }
  .skipped { padding: 1rem; background: #fff4e5; border: 1px solid #e6a23c; }
</style>
</head>
<body>
<h1>Docusaurus and this site, side by side</h1>
<p>Each sampled page at ${WIDTHS.join(' and ')} px wide, from the top down to ${MAX_HEIGHT} px at most, both builds served on 127.0.0.1 with requests to other hosts blocked. The figure is the share of pixels that differ (pixelmatch, threshold 0.1), both images padded with white to the larger size: layout shifts count in full, so read it with the pictures.</p>
${skipped ? `<p class="skipped">Screenshots skipped: ${escapeHtml(skipped)}</p>${list ? `<p>Pages that would have been shot:</p><ul>${list}</ul>` : ''}` : rows}
</body>
</html>
`
}
