import {existsSync} from 'node:fs'
import {mkdtemp, mkdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PNG} from 'pngjs'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {compareBuilds, readBuild} from '../compare'
import {CHROMIUM, pickSamples, pixelDifference, reportHtml, takeScreenshots} from '../screenshots'

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): PNG {
  const png = new PNG({width, height})
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y)
      const at = (y * width + x) * 4
      png.data[at] = r
      png.data[at + 1] = g
      png.data[at + 2] = b
      png.data[at + 3] = 255
    }
  return png
}

describe('pixel difference', () => {
  it('is 0 for equal images and the share of differing pixels otherwise', () => {
    const white = image(10, 10, () => [255, 255, 255])
    expect(
      pixelDifference(
        white,
        image(10, 10, () => [255, 255, 255]),
      ).share,
    ).toBe(0)
    const halfBlack = image(10, 10, (x) => (x < 5 ? [0, 0, 0] : [255, 255, 255]))
    expect(pixelDifference(white, halfBlack).share).toBeCloseTo(0.5)
  })

  it('pads the smaller image with white, so a longer page differs by its extra part', () => {
    const short = image(10, 10, () => [0, 0, 0])
    const long = image(10, 20, () => [0, 0, 0])
    const difference = pixelDifference(short, long)
    expect([difference.width, difference.height]).toEqual([10, 20])
    expect(difference.share).toBeCloseTo(0.5)
  })
})

describe('the screenshot report', () => {
  it('says when and why the screenshots were skipped, and which pages they would have been', () => {
    const html = reportHtml([], [{kind: 'doc', route: '/docs/kites', urlPath: '/docs/kites/', score: 0.5}], 'Chromium is not installed at /usr/bin/chromium')
    expect(html).toContain('Screenshots skipped: Chromium is not installed at /usr/bin/chromium')
    expect(html).toContain('<code>/docs/kites</code>')
  })
})

// Two tiny builds of one site: a home, a doc with tabs and a blog post, as Docusaurus and as this site.
const docusaurusPages: Record<string, string> = {
  'index.html':
    '<html lang="en" class="plugin-pages"><head><meta name="generator" content="Docusaurus v3.10.2"></head><body><div class="main-wrapper"><h1>Kites</h1><p>Fly well.</p></div></body></html>',
  'docs/flying/index.html':
    '<html lang="en" class="docs-wrapper docs-doc-page"><head><meta name="generator" content="Docusaurus v3.10.2"></head><body><div class="theme-doc-markdown"><h1>Flying</h1><ul role="tablist"><li role="tab">One</li></ul><p>Run.</p></div></body></html>',
  'blog/first/index.html':
    '<html lang="en" class="blog-wrapper blog-post-page"><head><meta name="generator" content="Docusaurus v3.10.2"></head><body><article><h1>First</h1><p>Hello.</p></article></body></html>',
}
const ourPages: Record<string, string> = {
  'index.html': '<html lang="en"><body><main><h1>Kites</h1><p>Fly well.</p></main></body></html>',
  'docs/flying.html':
    '<html lang="en"><body><article><h1>Flying</h1><div role="tablist"><button role="tab">One</button></div><p>Walk.</p></article></body></html>',
  'blog/first.html': '<html lang="en"><body><article><h1>First</h1><p>Hello.</p></article></body></html>',
}

describe('samples and screenshots of both builds', () => {
  let dir = ''
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compare-shots-'))
    for (const [side, pages] of [
      ['docusaurus', docusaurusPages],
      ['ours', ourPages],
    ] as const)
      for (const [file, html] of Object.entries(pages)) {
        await mkdir(join(dir, side, file, '..'), {recursive: true})
        await writeFile(join(dir, side, file), html)
      }
  })
  afterAll(async () => {
    await rm(dir, {recursive: true, force: true})
  })

  it('picks one page of each kind from the routes both builds have', async () => {
    const docusaurus = await readBuild(join(dir, 'docusaurus'))
    const ours = await readBuild(join(dir, 'ours'))
    const result = compareBuilds(docusaurus, ours)
    expect(pickSamples(result.pages, docusaurus, 'en').map((sample) => [sample.kind, sample.route, sample.urlPath])).toEqual([
      ['home', '/', '/'],
      ['doc', '/docs/flying', '/docs/flying/'],
      ['post', '/blog/first', '/blog/first/'],
    ])
  })

  it.skipIf(!existsSync(CHROMIUM))(
    'shoots both builds side by side with Chromium and writes the HTML report (skipped without Chromium at /usr/bin/chromium)',
    async () => {
      const samples = [{kind: 'doc' as const, route: '/docs/flying', urlPath: '/docs/flying/', score: 0.8}]
      const report = await takeScreenshots({
        docusaurusBuild: join(dir, 'docusaurus'),
        ourBuild: join(dir, 'ours'),
        samples,
        dir: join(dir, 'report'),
        say: () => undefined,
      })
      expect(report.skipped).toBeNull()
      expect(report.shots.map((shot) => shot.width)).toEqual([1280, 390])
      // The two pages differ in one word: some pixels, not most.
      for (const shot of report.shots) {
        expect(shot.share).toBeGreaterThan(0)
        expect(shot.share).toBeLessThan(0.2)
      }
      const html = await readFile(report.file, 'utf8')
      expect(html).toContain('images/doc-1280-docusaurus.png')
      expect(existsSync(join(dir, 'report', 'images', 'doc-390-diff.png'))).toBe(true)
    },
    60_000,
  )
})
