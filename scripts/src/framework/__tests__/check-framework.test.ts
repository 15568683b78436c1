// What `npm run check:framework` compares between the build with the pinned Next and React and the build
// with the newest: the versions' majors, each page's element structure, and the pages of both exports.
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {compareBuilds, majorOf, pageStructure, SAMPLE_PAGES} from '../check-framework'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, {recursive: true, force: true})
  dir = ''
})

const page = (body: string, script = '/_site/page.js') =>
  `<!doctype html><html><head><title>t</title><script src="${script}" defer></script></head><body><header id="top" class="navbar  bar"><a>Home</a></header><main>${body}</main></body></html>`

async function exportOf(name: string, html: (file: string) => string, extra: string[] = []): Promise<string> {
  const folder = path.join(dir, name)
  for (const file of [...SAMPLE_PAGES, ...extra]) {
    await mkdir(path.dirname(path.join(folder, file)), {recursive: true})
    await writeFile(path.join(folder, file), html(file))
  }
  return folder
}

describe('check:framework', () => {
  it('reads the major of a version as package.json writes it', () => {
    expect(majorOf('16.4.6')).toBe(16)
    expect(majorOf('^19.3.1')).toBe(19)
    expect(() => majorOf('latest')).toThrow(/cannot read a major version from "latest"/)
  })

  it("keeps a page's elements with their depth, id and classes, and the scripts it loads, not its text", () => {
    const structure = pageStructure(page('<h1>A title</h1><p class="lead">Some words.</p>'))
    expect(structure.elements).toEqual(['1 body', '2 header#top.bar.navbar', '3 a', '2 main', '3 h1', '3 p.lead'])
    expect(structure.scripts).toEqual(['/_site/page.js'])
    expect(pageStructure(page('<h1>Another title</h1><p class="lead">Other words.</p>')).elements).toEqual(structure.elements)
  })

  it('passes two builds with the same pages and structure, and names what differs', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'check-framework-'))
    const pinned = await exportOf('pinned', () => page('<h1>Title</h1><p class="last-updated">Updated</p>'), ['blog/page/2/index.html'])
    const same = await exportOf('same', () => page('<h1>Title, in other words</h1><p class="last-updated">Updated</p>'), ['blog/page/2/index.html'])
    expect((await compareBuilds(same, pinned)).problems).toEqual([])
    const other = await exportOf('other', (file) => page(file === 'index.html' ? '<h1>Title</h1>' : '<h1>Title</h1><p class="last-updated">Updated</p>'))
    expect((await compareBuilds(other, pinned)).problems).toEqual([
      'index.html: element 6 is missing, the build with the pinned versions has 3 p.last-updated',
      '1 pages of the build with the pinned versions are missing (blog/page/2/index.html)',
    ])
  })

  it('fails a page that loads the framework runtime or lacks its main element, even alone', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'check-framework-'))
    const built = await exportOf('alone', (file) =>
      file === '404.html' ? '<html><body><div>Not found</div></body></html>' : page('<h1>Title</h1>', '/_next/static/chunks/main.js'),
    )
    const {problems} = await compareBuilds(built, null)
    expect(problems).toContain('404.html has no <main>')
    expect(problems).toContain("index.html loads the framework's runtime (/_next/static/chunks/main.js)")
  })
})
