/** The link checker finds exactly the broken links of a small export that is broken on purpose. */
import {execFile} from 'node:child_process'
import {cp, link, mkdtemp, mkdir, readdir, realpath, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import {afterAll, describe, expect, it} from 'vitest'
import {checkLinks, classifyLink, formatBrokenLinks, pageUrlOf, parsePage, srcsetUrls} from '../check-links'

const run = promisify(execFile)
const here = dirname(fileURLToPath(import.meta.url))
const fixture = join(here, '__fixtures__', 'broken-export')
const script = join(here, '..', 'check-links.ts')

const EXPECTED_BROKEN = [
  {page: '/docs/v4/namespaces/', link: '/docs/v4/rooms/#leaving', reason: 'no element with id "leaving" on /docs/v4/rooms/', kind: 'anchor'},
  {page: '/docs/v4/rooms/', link: '../../v3/rooms/', reason: 'no such page in the export', kind: 'link'},
  {page: '/fr/', link: '/fr/docs/v4/rooms/', reason: 'no such page in the export', kind: 'link'},
  {page: '/', link: '/not-checked.css', reason: 'no such file in the export (<link rel=stylesheet>)', kind: 'resource'},
  {page: '/', link: '/docs/v4/rooms/#nope', reason: 'no element with id "nope" on /docs/v4/rooms/', kind: 'anchor'},
  {page: '/', link: '/docs/v4/missing/', reason: 'no such page in the export', kind: 'link'},
  {page: '/', link: '/images/missing.png', reason: 'no such page in the export', kind: 'link'},
  {page: '/', link: '#absent', reason: 'no element with id "absent" on this page', kind: 'anchor'},
  {page: '/', link: '/docs/%zz', reason: 'malformed percent-encoding in /docs/%zz', kind: 'link'},
]

const temporaryFolders: string[] = []
afterAll(async () => {
  for (const folder of temporaryFolders) await rm(folder, {recursive: true, force: true})
})

async function writeExport(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'check-links-'))
  temporaryFolders.push(root)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), {recursive: true})
    await writeFile(join(root, path), text)
  }
  return root
}

describe('checkLinks on the broken fixture export', () => {
  it('reports every broken link and fragment, and nothing else', async () => {
    const result = await checkLinks(fixture)
    expect(result.pages).toBe(7)
    expect(result.broken).toEqual(EXPECTED_BROKEN)
  })

  it('counts links of <a href>, <link rel=alternate|canonical> and the files pages load', async () => {
    const result = await checkLinks(fixture)
    // index.html: 4 <link> + 17 <a>; rooms: 3; namespaces: 2; fr/index: 1 + 2; fr/404, 404, search: 1 each.
    expect(result.links).toBe(32)
  })

  it('checks absolute links to the site itself when given its URL', async () => {
    const result = await checkLinks(fixture, {siteUrl: 'https://socket.io'})
    expect(result.broken).toContainEqual({page: '/', link: 'https://socket.io/docs/v4/gone/', reason: 'no such page in the export', kind: 'link'})
    expect(result.broken).toHaveLength(EXPECTED_BROKEN.length + 1)
  })

  it('passes a clean export', async () => {
    const root = await writeExport({
      'index.html': '<a href="/docs/">Docs</a><a href="/docs/#intro">Intro</a><a href="https://example.com/x">x</a>',
      'docs/index.html': '<h2 id="intro">Intro</h2><a href="../">Home</a>',
      '404.html': '<a href="/">Home</a>',
    })
    const result = await checkLinks(root)
    expect(result).toEqual({pages: 3, links: 5, broken: []})
  })

  it('finds a file whose name has a space by its percent-encoded address and by the address as written', async () => {
    const root = await writeExport({
      'index.html':
        '<a href="/files/release%20notes.txt">Notes</a><a href="/files/release notes.txt">Same notes</a><a href="/files/release%2520notes.txt">Not it</a>',
      'files/release notes.txt': 'notes',
    })
    const result = await checkLinks(root)
    expect(result.broken).toEqual([{page: '/', link: '/files/release%2520notes.txt', reason: 'no such page in the export', kind: 'link'}])
  })
})

describe('checking a release assembled from a checked one (--since)', () => {
  const page = (body: string) => `<!doctype html><html><body>${body}</body></html>`
  const checked = {
    'index.html': page('<a href="/docs/rooms/#join">Join</a> <a href="/docs/emit/">Emit</a>'),
    'docs/rooms/index.html': page('<h2 id="join">Join</h2><h2 id="leave">Leave</h2>'),
    'docs/emit/index.html': page('<a href="/docs/rooms/">Rooms</a>'),
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }
  /** The checked release, and a new one sharing its files as hard links but for `written` (written again) and `removed`. */
  async function assemble(written: Record<string, string>, removed: string[] = []) {
    const before = await writeExport(checked)
    const after = await mkdtemp(join(tmpdir(), 'check-links-after-'))
    temporaryFolders.push(after)
    for (const entry of await readdir(before, {recursive: true, withFileTypes: true})) {
      if (!entry.isFile()) continue
      const file = join(entry.parentPath, entry.name).slice(before.length + 1)
      if (removed.includes(file) || file in written) continue
      await mkdir(dirname(join(after, file)), {recursive: true})
      await link(join(before, file), join(after, file))
    }
    for (const [file, text] of Object.entries(written)) {
      await mkdir(dirname(join(after, file)), {recursive: true})
      await writeFile(join(after, file), text)
    }
    return {before, after}
  }

  it('checks only the pages written again when they kept their ids and nothing is gone', async () => {
    const {before, after} = await assemble({'docs/rooms/index.html': page('<h2 id="join">Join</h2><h2 id="leave">Leave</h2><a href="/docs/gone/">x</a>')})
    const result = await checkLinks(after, {since: before})
    expect(result).toMatchObject({pages: 1, unchanged: 2})
    expect(result.broken).toEqual([{page: '/docs/rooms/', link: '/docs/gone/', reason: 'no such page in the export', kind: 'link'}])
  })

  it('checks every page when a page written again lost an id, or a file of the checked release is gone', async () => {
    const lostId = await assemble({'docs/rooms/index.html': page('<h2 id="leave">Leave</h2>')})
    const result = await checkLinks(lostId.after, {since: lostId.before})
    expect(result).toMatchObject({pages: 3, checkedAll: '/docs/rooms/ no longer has the element id "join"'})
    expect(result.broken.map((item) => `${item.page} ${item.link}`)).toEqual(['/ /docs/rooms/#join'])
    const gone = await assemble({}, ['docs/emit/index.html'])
    const again = await checkLinks(gone.after, {since: gone.before})
    expect(again).toMatchObject({pages: 2, checkedAll: `docs/emit/index.html of ${await realpath(gone.before)} is gone`})
    expect(again.broken.map((item) => `${item.page} ${item.link}`)).toEqual(['/ /docs/emit/'])
  })

  it('counts a copied file (not a hard link) as written again', async () => {
    const {before} = await assemble({})
    const copy = await mkdtemp(join(tmpdir(), 'check-links-copy-'))
    temporaryFolders.push(copy)
    await cp(before, copy, {recursive: true})
    expect(await checkLinks(copy, {since: before})).toMatchObject({pages: 3, unchanged: 0, broken: []})
  })
})

describe('the command line', () => {
  it('exits non-zero naming each page and link', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', script, fixture]).then(
      () => null,
      (error: {code: number; stderr: string}) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('5 broken links in')
    expect(failure?.stderr).toContain('(onBrokenLinks: throw)')
    expect(failure?.stderr).toContain('/ → /docs/v4/missing/ (no such page in the export)')
    expect(failure?.stderr).toContain('1 missing files (images, videos, icons)')
    // Broken anchors warn by default, as in Docusaurus: reported, not failing.
    expect(failure?.stderr).toContain('3 broken anchors in')
    expect(failure?.stderr).toContain('/docs/v4/namespaces/ → /docs/v4/rooms/#leaving (no element with id "leaving" on /docs/v4/rooms/)')
  })

  it('fails on broken anchors only when told to, and passes when links are ignored', async () => {
    const root = await writeExport({'index.html': '<a href="#gone">Gone</a><img src="/missing.png" alt="">', 'other/index.html': '<a href="/">Home</a>'})
    const warned = await run(process.execPath, ['--import', 'tsx', script, root, '--on-broken-links', 'ignore'])
    expect(warned.stderr).toContain('1 broken anchors in')
    expect(warned.stdout).toContain('no broken link that fails the build')
    const failure = await run(process.execPath, ['--import', 'tsx', script, root, '--on-broken-links', 'ignore', '--on-broken-anchors', 'throw']).then(
      () => null,
      (error: {code: number; stderr: string}) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('/ → #gone (no element with id "gone" on this page)')
    const images = await run(process.execPath, ['--import', 'tsx', script, root, '--on-broken-anchors', 'ignore']).then(
      () => null,
      (error: {code: number; stderr: string}) => error,
    )
    expect(images?.code).toBe(1)
    expect(images?.stderr).toContain('/ → /missing.png (no such file in the export (<img>))')
  })

  it('exits 0 on a clean export', async () => {
    const root = await writeExport({'index.html': '<a href="/">Home</a>'})
    const {stdout} = await run(process.execPath, ['--import', 'tsx', script, root])
    expect(stdout).toContain('no broken internal links')
  })

  it('fails when the folder holds no HTML', async () => {
    const root = await writeExport({'notes.txt': 'nothing'})
    const failure = await run(process.execPath, ['--import', 'tsx', script, root]).then(
      () => null,
      (error: {code: number; stderr: string}) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('no HTML files')
  })
})

describe('building blocks', () => {
  it('collects ids, <a name> targets and decoded hrefs', () => {
    const page = parsePage(
      '<h2 id="a">A</h2><a name="b"></a><A HREF="/x?y=1&amp;z=2">x</A><script>"<a href=/in-script>"</script><link rel="icon" href="/i.png"><img src="/p.png" srcset="/p2.png 2x, /p3.png 3x"><video poster="/v.jpg"><source src="/v.mp4"></video>',
    )
    expect([...page.ids]).toEqual(['a', 'b'])
    expect(page.links).toEqual([
      {href: '/x?y=1&z=2', tag: 'a'},
      {href: '/i.png', tag: 'link rel=icon', resource: true},
      {href: '/p.png', tag: 'img', resource: true},
      {href: '/p2.png', tag: 'img srcset', resource: true},
      {href: '/p3.png', tag: 'img srcset', resource: true},
      {href: '/v.jpg', tag: 'video', resource: true},
      {href: '/v.mp4', tag: 'source', resource: true},
    ])
  })

  it('follows the address of a demo loaded on demand, as a file the page loads', async () => {
    expect(parsePage('<div data-embed-url="/embeds/chat.html"><button>Load</button></div>').links).toEqual([
      {href: '/embeds/chat.html', tag: 'div data-embed-url', resource: true},
    ])
    const root = await writeExport({
      'index.html':
        '<div data-embed-url="/embeds/chat.html"></div><div data-embed-url="/embeds/gone.html"></div><div data-embed-url="https://codesandbox.io/embed/x"></div>',
      'embeds/chat.html': '<!doctype html><title>Chat</title>',
    })
    expect((await checkLinks(root)).broken).toEqual([
      {page: '/', link: '/embeds/gone.html', reason: 'no such file in the export (<div data-embed-url>)', kind: 'resource'},
    ])
  })

  it('maps export files to the URL paths they are read at', () => {
    expect(pageUrlOf('index.html')).toBe('/')
    expect(pageUrlOf('fr/docs/v4/rooms/index.html')).toBe('/fr/docs/v4/rooms/')
    expect(pageUrlOf('fr/404.html')).toBe('/fr/404.html')
    expect(pageUrlOf('standalone.html')).toBe('/standalone')
  })

  it('tells external links from internal ones', () => {
    expect(classifyLink('https://example.com/', '/')).toEqual({kind: 'external'})
    expect(classifyLink('//cdn.example.com/x.js', '/')).toEqual({kind: 'external'})
    expect(classifyLink('mailto:a@b.c', '/')).toEqual({kind: 'external'})
    expect(classifyLink('../b/#Caf%C3%A9', '/docs/a/')).toEqual({kind: 'internal', pathname: '/docs/b/', fragment: 'Café'})
    expect(classifyLink('https://socket.io/fr/', '/', {siteUrl: 'https://socket.io'})).toEqual({kind: 'internal', pathname: '/fr/', fragment: ''})
    expect(classifyLink('x/', '/docs/a/', {}, '/other/')).toEqual({kind: 'internal', pathname: '/other/x/', fragment: ''})
  })

  it('collapses a link broken on many pages into one line', () => {
    const broken = Array.from({length: 7}, (_, i) => ({page: `/p${i}/`, link: '/gone/', reason: 'no such page in the export', kind: 'link' as const}))
    expect(formatBrokenLinks(broken)).toEqual(['/gone/ (no such page in the export) on 7 pages: /p0/, /p1/, /p2/ and 4 more'])
    expect(formatBrokenLinks(broken.slice(0, 2))).toEqual(['/p0/ → /gone/ (no such page in the export)', '/p1/ → /gone/ (no such page in the export)'])
  })
})

describe('link schemes', () => {
  it('reports every address whose scheme is not http, https, mailto or tel, in any URL attribute, as a browser reads it', async () => {
    const root = await writeExport({
      'index.html': [
        '<a href="javascript:alert(1)">a</a>',
        '<a href=" JaVa&#x09;Script:alert(2)">entity tab, spaces, mixed case</a>',
        '<a href="vbscript:msgbox(1)">v</a>',
        '<img src="data:image/svg+xml,%3Csvg onload=alert(3)%3E" alt="">',
        '<img srcset="/a.png 1x, data:image/png;base64,AAAA 2x" alt="">',
        '<iframe src="data:text/html,&lt;script&gt;alert(4)&lt;/script&gt;"></iframe>',
        '<form action="javascript:alert(5)"><button formaction="file:///etc/passwd">b</button></form>',
        '<a href="mailto:a@example.com">m</a><a href="tel:+33100000000">t</a><a href="https://example.com/">h</a>',
        '<a href="//cdn.example.com/x">protocol-relative</a><a href="#top">top</a><a href="/">home</a><img src="/a.png" alt="">',
        '<code>javascript:alert(6) in text is not a link</code>',
      ].join('\n'),
      'a.png': 'png',
    })
    const result = await checkLinks(root)
    expect(result.broken.map((item) => `${item.link} | ${item.reason}`)).toEqual([
      'javascript:alert(1) | a href: javascript: addresses are not allowed (only http, https, mailto, tel and site paths)',
      ' JaVa\tScript:alert(2) | a href: javascript: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'vbscript:msgbox(1) | a href: vbscript: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'data:image/svg+xml,%3Csvg onload=alert(3)%3E | img src: data: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'data:image/png;base64,AAAA | img srcset: data: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'data:text/html,<script>alert(4)</script> | iframe src: data: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'javascript:alert(5) | form action: javascript: addresses are not allowed (only http, https, mailto, tel and site paths)',
      'file:///etc/passwd | button formaction: file: addresses are not allowed (only http, https, mailto, tel and site paths)',
    ])
    await expect(run(process.execPath, ['--import', 'tsx', script, root])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('javascript: addresses are not allowed'),
    })
  })
})

describe('srcset', () => {
  it('reads addresses as HTML does: commas inside an address, descriptors, trailing commas', () => {
    expect(srcsetUrls('/a.png 1x, data:image/png;base64,AAAA 2x')).toEqual(['/a.png', 'data:image/png;base64,AAAA'])
    expect(srcsetUrls('/small.png 480w,/large.png 1080w')).toEqual(['/small.png', '/large.png'])
    // A comma right after an address ends it; one inside it belongs to it, as in browsers.
    expect(srcsetUrls('/a.png, /b.png 2x')).toEqual(['/a.png', '/b.png'])
    expect(srcsetUrls('/a.png,/b.png 2x')).toEqual(['/a.png,/b.png'])
    expect(srcsetUrls('  ')).toEqual([])
  })
})
