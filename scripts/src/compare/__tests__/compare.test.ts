import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {compareBuilds, isDocusaurusPage, readBuild, worstPages, type ComparisonResult} from '../compare'
import {describePage, formatReport, formatShare, summaryTable} from '../report'

const GENERATOR = '<meta name="generator" content="Docusaurus v3.10.2">'

function docusaurusPage(lang: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head>${GENERATOR}</head><body><nav class="navbar">Menu</nav><div class="main-wrapper"><main><article><div class="theme-doc-markdown markdown">${body}</div></article></main></div></body></html>`
}

function ourPage(lang: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang}"><body><header><nav>Menu</nav></header><main class="doc-main"><article class="doc-article">${body}</article></main></body></html>`
}

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), {recursive: true})
    await writeFile(join(root, path), content)
  }
}

let root: string
let result: ComparisonResult

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'compare-'))
  await writeTree(join(root, 'docusaurus'), {
    'index.html': docusaurusPage('en', '<h1>Welcome</h1><p>Start here.</p>'),
    '404.html': docusaurusPage('en', '<p>Nothing here.</p>'),
    'docs/rooms/index.html': docusaurusPage(
      'en',
      '<h1>Rooms</h1><p>Sockets join rooms and leave rooms.</p><h2 id="joining">Joining</h2><pre><code>socket.join("a");</code></pre><h2 id="leaving">Leaving</h2><pre><code>socket.leave("a");</code></pre><img src="/img/rooms.png" alt="">',
    ),
    'docs/gone/index.html': docusaurusPage('en', '<h1>Gone</h1><p>This page was not imported.</p>'),
    'fr/index.html': docusaurusPage('fr', '<h1>Bienvenue</h1><p>Commencez ici.</p>'),
    'fr/docs/rooms/index.html': docusaurusPage('fr', '<h1>Salles</h1><p>Les sockets rejoignent des salles.</p><ul role="tablist"><li role="tab">A</li></ul>'),
    'zh-CN/index.html': docusaurusPage('zh-CN', '<h1>欢迎</h1><p>服务器可以向房间广播消息。</p>'),
    'embeds/demo.html': '<!doctype html><html><body><p>A static demo page copied from static/.</p></body></html>',
    'img/rooms.png': 'png',
  })
  await writeTree(join(root, 'ours'), {
    'index.html': ourPage('en', '<h1>Welcome</h1><p>Start here.</p>'),
    'docs/rooms.html': ourPage(
      'en',
      '<h1>Rooms</h1><p>Sockets join rooms.</p><h2 id="joining">Joining</h2><div class="code-block"><pre class="shiki"><code>socket.join( "a" );</code></pre></div><div class="unconverted"><p class="unconverted-reason">Not converted</p><pre><code>&lt;Leaving /&gt;</code></pre></div><img src="/img/missing.png" alt=""><img src="https://example.com/remote.png" alt="">',
    ),
    // An interface message whose placeholder was left unfilled.
    'fr/index.html': ourPage('fr', '<h1>Bienvenue</h1><p>Commencez ici.</p><p>{readingTime} minutes de lecture</p>'),
    'fr/docs/rooms/index.html': ourPage(
      'fr',
      '<h1>Salles</h1><p>Les sockets rejoignent des salles.</p><div role="tablist"><button role="tab">A</button></div>',
    ),
    'zh-CN/index.html': ourPage('zh-CN', '<h1>欢迎</h1><p>服务器可以向房间广播消息。</p>'),
    'search/index.html': ourPage('en', '<h1>Search</h1>'),
    'embeds/demo.html': '<!doctype html><html><body><p>A static demo page copied from static/.</p></body></html>',
  })
  const docusaurus = await readBuild(join(root, 'docusaurus'), {isPage: isDocusaurusPage})
  const staticHtml = new Set(docusaurus.staticHtml)
  const ours = await readBuild(join(root, 'ours'), {isPage: (file) => !staticHtml.has(file)})
  result = compareBuilds(docusaurus, ours, {staticDirFiles: ['img/rooms.png', 'embeds/demo.html', 'files/guide.pdf']})
})

afterAll(async () => {
  await rm(root, {recursive: true, force: true})
})

describe('compareBuilds', () => {
  it('pairs routes whatever their trailing slash, and lists missing and extra routes', () => {
    const byRoute = new Map(result.pages.map((page) => [page.route, page]))
    expect(byRoute.get('/docs/rooms')).toMatchObject({status: 'both', docusaurusFile: 'docs/rooms/index.html', ourFile: 'docs/rooms.html'})
    expect(byRoute.get('/docs/gone')?.status).toBe('missing')
    expect(byRoute.get('/search')?.status).toBe('extra')
    expect(byRoute.has('/404')).toBe(false)
    expect(byRoute.has('/embeds/demo')).toBe(false)
    expect(result.totals.routes).toEqual({docusaurus: 6, ours: 6, both: 5, missing: 1, extra: 1})
  })

  it('finds the locales from the build and sums per locale', () => {
    expect(result.locales).toEqual({defaultLocale: 'en', prefixed: ['fr', 'zh-CN']})
    expect(result.perLocale.map((entry) => [entry.locale, entry.totals.routes.docusaurus])).toEqual([
      ['en', 3],
      ['fr', 2],
      ['zh-CN', 1],
    ])
    expect(result.perLocale.find((entry) => entry.locale === 'zh-CN')?.totals.words.share).toBe(1)
  })

  it('measures the words, anchors and code of Docusaurus found here, page by page', () => {
    const rooms = result.pages.find((page) => page.route === '/docs/rooms')
    // Docusaurus: rooms, sockets, join, rooms, and, leave, rooms, joining, socket.join, a, leaving, socket.leave, a (13).
    expect(rooms?.words.reference).toBe(13)
    // Here: the unconverted box's source still shows "Leaving"; one "rooms", "and", "leave", one "a" and socket.leave are lost.
    expect(rooms?.words.found).toBe(8)
    expect(rooms?.words.missing).toEqual(['a', 'and', 'leave', 'rooms', 'socket.leave'].map((word) => ({word, count: 1})))
    expect(rooms?.anchors).toEqual({reference: 2, found: 1, missing: ['leaving']})
    expect(rooms?.codeBlocks).toEqual({reference: 2, found: 1, ours: 1, missing: ['socket.leave("a");']})
    expect(rooms?.unconverted).toBe(1)
  })

  it('checks that images load here: a missing file is broken, a remote one is not', () => {
    const rooms = result.pages.find((page) => page.route === '/docs/rooms')
    expect(rooms?.images).toEqual({
      docusaurus: 1,
      docusaurusLoading: 1,
      ours: 2,
      oursLoading: 1,
      broken: [{src: '/img/missing.png', reason: 'no such file in the build'}],
    })
    expect(result.totals.images.oursBroken).toBe(1)
  })

  it('counts a missing route as all of its words missing in the totals', () => {
    const gone = result.pages.find((page) => page.route === '/docs/gone')
    expect(gone?.words.found).toBe(0)
    const en = result.perLocale.find((entry) => entry.locale === 'en')?.totals
    expect(en?.words.pagesCompared).toBe(3)
    expect(en?.words.pagesAtLeast99).toBe(1)
  })

  it('checks static files and the static HTML copies', () => {
    expect(result.staticFiles).toEqual({files: 3, present: 1, presentInDocusaurus: 2, missing: ['img/rooms.png', 'files/guide.pdf']})
    expect(result.staticHtml).toEqual({docusaurus: 1, present: 1, missing: []})
  })

  it('lists the worst pages among those both sides have, lowest word share first', () => {
    expect(worstPages(result.pages, 5).map((page) => page.route)).toEqual(['/docs/rooms', '/fr'])
  })

  it('counts placeholders shown as written here that the Docusaurus page does not show', () => {
    expect(result.pages.find((page) => page.route === '/fr')?.rawPlaceholders).toEqual(['{readingTime}'])
    expect(result.totals.rawPlaceholders).toBe(1)
    const table = summaryTable(result).split('\n')
    expect(
      table
        .find((line) => line.startsWith('Placeholders'))
        ?.trim()
        .split(/\s{2,}/),
    ).toEqual(['Placeholders shown raw here', '1', '0', '1', '0'])
    expect(describePage(result.pages.find((page) => page.route === '/fr')!)[0]).toMatch(
      /^\/fr {2}structure .*; 100\.0% of 3 words; 1 raw placeholder\(s\): \{readingTime\}$/,
    )
  })
})

describe('report', () => {
  it('never rounds a loss up to 100%', () => {
    expect(formatShare(9999, 10000)).toBe('99.9%')
    expect(formatShare(10, 10)).toBe('100.0%')
    expect(formatShare(0, 0)).toBe('–')
  })

  it('prints a table with a total and one column per locale', () => {
    const table = summaryTable(result).split('\n')
    expect(table[0]?.trim().split(/\s+/)).toEqual(['total', 'en', 'fr', 'zh-CN'])
    expect(
      table
        .find((line) => line.startsWith('  present here'))
        ?.trim()
        .split(/\s{2,}/),
    ).toEqual(['present here', '5/6', '2/3', '2/2', '1/1'])
    expect(
      table
        .find((line) => line.startsWith('"Not converted"'))
        ?.trim()
        .split(/\s{2,}/),
    ).toEqual(['"Not converted" boxes here', '1', '1', '0', '0'])
  })

  it("describes a page's losses so a developer sees what was lost", () => {
    const rooms = result.pages.find((page) => page.route === '/docs/rooms')
    if (!rooms) throw new Error('no rooms page')
    const lines = describePage(rooms)
    expect(lines[0]).toBe('/docs/rooms  structure 57.1% (4 of 7 / 7 blocks); 61.5% of 13 words; anchors 1/2; code 1/2; 1 not converted; 1 broken image(s)')
    expect(lines).toContain('    missing anchors: #leaving')
    expect(lines.some((line) => line.startsWith('    missing words: ') && line.includes('socket.leave'))).toBe(true)
    const report = formatReport(result, {worst: 3})
    expect(report).toContain('Routes of Docusaurus missing here (1):\n  /docs/gone')
    expect(report).toContain('Routes only here (1): /search')
    expect(report).toContain('Files of static/ present here: 1/3 (in the Docusaurus build: 2/3)')
  })

  it('reports everything missing, without a page-by-page verdict, when nothing was built here', async () => {
    const docusaurus = await readBuild(join(root, 'docusaurus'), {isPage: isDocusaurusPage})
    const empty = compareBuilds(docusaurus, {root: join(root, 'none'), pages: new Map(), staticHtml: [], files: new Set()})
    expect(empty.totals.routes).toEqual({docusaurus: 6, ours: 0, both: 0, missing: 6, extra: 0})
    expect(empty.totals.words.found).toBe(0)
    const report = formatReport(empty, {worst: 10})
    expect(report).toContain('Routes of Docusaurus missing here (6):')
    expect(report).toContain('No route is on both sides: nothing to compare page by page.')
    expect(report).not.toContain('misses anything')
  })
})
