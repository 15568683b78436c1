// What the export tells servers its pages need from a Content-Security-Policy, and the pages it refuses.
import {createHash} from 'node:crypto'
import {link, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, describe, expect, it, vi} from 'vitest'
import {INLINE_SCRIPTS, PRE_PAINT_SCRIPT, SIDEBAR_OPEN_SCRIPT} from '../../components/inline-scripts'
import {PAGE_POLICY_FILE, pagePolicyNeeds, pagePolicyProblems, pageStyleNeeds, remoteMediaOrigins, scriptHash, writePagePolicy} from '../page-policy'

let out: string | undefined

afterEach(async () => {
  vi.unstubAllEnvs()
  if (out) await rm(out, {recursive: true, force: true})
  out = undefined
})

const page = (head: string, body = '<main>text</main>') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

describe('pagePolicyProblems', () => {
  it('accepts the constant inline scripts, JSON data blocks and scripts with a src', () => {
    const html = page(
      `<script>${PRE_PAINT_SCRIPT}</script><script type="module" src="/_site/main-AB12CD34.js"></script>`,
      `<script>${SIDEBAR_OPEN_SCRIPT}</script><script type="application/json" id="site-config">{"a":"<b onclick=x>"}</script>`,
    )
    expect(pagePolicyProblems(html, 'index.html')).toEqual([])
  })

  it('refuses any other inline script, naming the page', () => {
    const problems = pagePolicyProblems(page(`<script>document.documentElement.dataset.theme="dark"</script>`), 'fr/index.html')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^fr\/index\.html: an inline script that is not one of web\/src\/components\/inline-scripts\.ts \(“document\.documentElement/)
    // The same script with data baked into it is another script: its hash differs.
    expect(pagePolicyProblems(page(`<script>${PRE_PAINT_SCRIPT.replace("'light'", "'dark'")}</script>`), 'x.html')).toHaveLength(1)
    expect(pagePolicyProblems(page(`<script type="module">import('/x.js')</script>`), 'x.html')).toHaveLength(1)
  })

  it('refuses inline event handlers, but not words that look like them inside attribute values', () => {
    expect(pagePolicyProblems(page('', '<img src="/a.png" onerror="alert(1)">'), 'a.html')[0]).toMatch(/an inline event handler/)
    expect(pagePolicyProblems(page('', '<svg><rect ONLOAD = "x"/></svg>'), 'a.html')).toHaveLength(1)
    expect(pagePolicyProblems(page('', '<img alt="turn it on onclick=now" title=\'a onload=b\' data-onload="x">'), 'a.html')).toEqual([])
  })
})

describe('pagePolicyNeeds', () => {
  it('hashes each constant inline script as browsers do (SHA-256 of the text, base64)', () => {
    const needs = pagePolicyNeeds()
    expect(needs.scriptHashes).toHaveLength(INLINE_SCRIPTS.length)
    expect(needs.scriptHashes[0]).toBe(`'sha256-${createHash('sha256').update(PRE_PAINT_SCRIPT).digest('base64')}'`)
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='")
    expect(needs.frameSrc).toEqual(['https://codesandbox.io', 'https://stackblitz.com', 'https://www.youtube-nocookie.com'])
  })

  it('adds the Typesense server when the build searches it, and Sanity’s CDN of the project in Sanity mode', () => {
    vi.stubEnv('SANITY_PROJECT_ID', '')
    vi.stubEnv('SANITY_DATASET', '')
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_HOST', '')
    expect(pagePolicyNeeds()).toMatchObject({connectSrc: [], imgSrc: []})
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_HOST', 'search.example.com')
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_SEARCH_KEY', 'search-only')
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_PROTOCOL', '')
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_PORT', '')
    vi.stubEnv('SANITY_PROJECT_ID', 'abc123de')
    vi.stubEnv('SANITY_DATASET', 'production')
    expect(pagePolicyNeeds()).toMatchObject({connectSrc: ['https://search.example.com:443'], imgSrc: ['https://cdn.sanity.io/images/abc123de/production/']})
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_PROTOCOL', 'http')
    vi.stubEnv('NEXT_PUBLIC_TYPESENSE_PORT', '8108')
    expect(pagePolicyNeeds().connectSrc).toEqual(['http://search.example.com:8108'])
  })
})

describe('writePagePolicy', () => {
  it('writes the needs beside the page script, or fails listing the pages that would break', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-'))
    await mkdir(path.join(out, '_site'))
    await mkdir(path.join(out, 'docs'))
    await writeFile(path.join(out, 'index.html'), page(`<script>${PRE_PAINT_SCRIPT}</script>`))
    const needs = await writePagePolicy(out)
    expect(JSON.parse(await readFile(path.join(out, PAGE_POLICY_FILE), 'utf8'))).toEqual(needs)
    await writeFile(path.join(out, 'docs', 'index.html'), page('<script>alert(1)</script>'))
    await expect(writePagePolicy(out)).rejects.toThrow(/^1 page would break under the Content-Security-Policy:\n {2}docs\/index\.html: an inline script/)
  })

  it('leaves the dataset’s own HTML files alone: they are served sandboxed, where no script runs', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-'))
    await mkdir(path.join(out, '_site'))
    await mkdir(path.join(out, '_dataset', 'files'), {recursive: true})
    await writeFile(path.join(out, 'index.html'), page(`<script>${PRE_PAINT_SCRIPT}</script>`))
    await writeFile(path.join(out, '_dataset', 'files', 'a1b2.html'), page('<script>location.replace("/playground/")</script>'))
    await expect(writePagePolicy(out)).resolves.toMatchObject({scriptHashes: expect.any(Array)})
  })
})

describe('the styles of a site with a theme', () => {
  const THEME =
    ':root:root{--color-primary:#2e6fdb}\n:root[data-theme=\'dark\']{--color-primary:#7ea6e9}\n.gh::before{mask:url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E")}'
  const FONTS = 'https://fonts.googleapis.com/css2?family=Space+Mono&amp;display=swap'

  it('allows the theme’s <style> by its hash and a font service’s stylesheet and fonts by their origins', () => {
    const html = page(`<link rel="stylesheet" href="${FONTS}"/><style id="site-theme">${THEME}</style>`)
    expect(pagePolicyProblems(html, 'index.html')).toEqual([])
    expect(pageStyleNeeds(html)).toEqual({
      styleHashes: [`'sha256-${createHash('sha256').update(THEME).digest('base64')}'`],
      styleSrc: ['https://fonts.googleapis.com'],
      fontSrc: ['https://fonts.gstatic.com'],
      // The icon's data: image is an image to the policy (img-src governs CSS images).
      imgSrc: ['data:'],
    })
  })

  it('refuses a stylesheet of another site that is not a font service', () => {
    const problems = pagePolicyProblems(page('<link rel="stylesheet" href="https://cdn.example.net/icons.css">'), 'docs/index.html')
    expect(problems).toEqual([
      'docs/index.html: a stylesheet of another site that is not a font service (“https://cdn.example.net/icons.css”): the Content-Security-Policy blocks it',
    ])
  })

  it('leaves the needs of an export without a theme as they were', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-theme-'))
    await mkdir(path.join(out, '_site'), {recursive: true})
    await writeFile(path.join(out, 'index.html'), page(''))
    const needs = await writePagePolicy(out)
    expect(needs).not.toHaveProperty('styleHashes')
    expect(needs).not.toHaveProperty('fontSrc')
    await writeFile(path.join(out, 'index.html'), page(`<style>${THEME}</style>`))
    const themed = await writePagePolicy(out)
    expect(themed.styleHashes).toHaveLength(1)
    expect(themed.imgSrc).toContain('data:')
  })
})

describe('remote images and videos of imported pages', () => {
  it("lists the origins of remote images, pictures and videos, and nothing for the site's own files", () => {
    const html = page(
      '',
      '<img src="https://avatars.example.org/u/1?v=4&amp;s=80" alt=""><img src="/img/logo.svg"><picture><source srcset="https://cdn.example.net/a.webp 1x, https://cdn2.example.net/a@2x.webp 2x"></picture><video controls poster="https://posters.example.com/p.png"><source src="https://media.example.com/intro.mp4" type="video/mp4"></video><video src="/videos/local.mp4"></video><a href="https://elsewhere.example.com/">x</a>',
    )
    expect(remoteMediaOrigins(html)).toEqual({
      images: [
        'https://avatars.example.org',
        'https://cdn.example.net',
        'https://cdn2.example.net',
        'https://posters.example.com',
        'https://media.example.com',
      ],
      media: ['https://media.example.com'],
      frames: [],
    })
  })

  it("lists the origins of the embeds' pages (the site settings' embedded sites), and the policy frames exactly those and the built-in ones", async () => {
    const html = page(
      '',
      '<figure class="embed"><div data-embed-url="https://lessons.example.io/kites/embed"></div></figure><div data-embed-url="/embeds/chat.html"></div>',
    )
    expect(remoteMediaOrigins(html).frames).toEqual(['https://lessons.example.io'])
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-frames-'))
    await mkdir(path.join(out, '_site'), {recursive: true})
    await writeFile(path.join(out, 'index.html'), html)
    const needs = await writePagePolicy(out)
    expect(needs.frameSrc).toEqual([...pagePolicyNeeds().frameSrc, 'https://lessons.example.io'])
  })

  it('writes them into the needs, so that the policy lets them load', async () => {
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-media-'))
    await mkdir(path.join(out, '_site'), {recursive: true})
    await writeFile(
      path.join(out, 'index.html'),
      page('', '<img src="https://avatars.example.org/u/1.png" alt=""><video src="https://media.example.com/a.mp4"></video>'),
    )
    const needs = await writePagePolicy(out)
    expect(needs.imgSrc).toContain('https://avatars.example.org')
    expect(needs.mediaSrc).toEqual(['https://media.example.com'])
    expect(JSON.parse(await readFile(path.join(out, PAGE_POLICY_FILE), 'utf8'))).toMatchObject({mediaSrc: ['https://media.example.com']})
  })
})

describe('writePagePolicy of a release assembled from a checked one (since)', () => {
  const img = (origin: string) => page('', `<img src="${origin}/picture.png" alt="">`)
  /** A checked release (its policy written) and one assembled from it: `kept` pages as hard links, `written` pages written again. */
  async function assemble(pages: Record<string, string>, written: Record<string, string>) {
    out = await mkdtemp(path.join(tmpdir(), 'page-policy-since-'))
    const [before, after] = [path.join(out, 'before'), path.join(out, 'after')]
    for (const [file, html] of Object.entries(pages)) {
      await mkdir(path.dirname(path.join(before, file)), {recursive: true})
      await writeFile(path.join(before, file), html)
    }
    await mkdir(path.join(before, '_site'), {recursive: true})
    await writePagePolicy(before)
    for (const file of Object.keys(pages)) {
      if (file in written) continue
      await mkdir(path.dirname(path.join(after, file)), {recursive: true})
      await link(path.join(before, file), path.join(after, file))
    }
    for (const [file, html] of Object.entries(written)) {
      await mkdir(path.dirname(path.join(after, file)), {recursive: true})
      await writeFile(path.join(after, file), html)
    }
    await mkdir(path.join(after, '_site'), {recursive: true})
    const incremental = await writePagePolicy(after, {since: before})
    return {incremental, full: await writePagePolicy(after)}
  }

  it('keeps the origins of the shared pages and adds those of the pages written again: what reading every page gives', async () => {
    const {incremental, full} = await assemble(
      {'index.html': img('https://badges.example.org'), 'docs/rooms/index.html': page(''), 'docs/emit/index.html': page('')},
      {'docs/rooms/index.html': img('https://pictures.example.net'), 'blog/new/index.html': page('')},
    )
    expect(incremental).toEqual(full)
    expect(incremental.imgSrc).toEqual(['https://badges.example.org', 'https://pictures.example.net'])
  })

  it('reads every page when a page written again had remote media, so that an origin it alone had is dropped', async () => {
    const {incremental, full} = await assemble(
      {'index.html': page(''), 'docs/rooms/index.html': img('https://gone.example.com')},
      {'docs/rooms/index.html': page('')},
    )
    expect(incremental).toEqual(full)
    expect(incremental.imgSrc).toEqual([])
  })
})
