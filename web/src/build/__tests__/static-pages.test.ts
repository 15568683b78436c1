/** The export becomes static documents: the runtime and RSC payload go, the page script comes, nothing else changes. */
import {mkdtemp, mkdir, readFile, readdir, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {publicDefines} from '../client-bundle'
import {isFrameworkFile} from '../export-files'
import {makeStaticPages, toStaticPage} from '../static-pages'

// The shape of a page as `next build` (16.4, Turbopack) exports it, shortened.
const NEXT_PAGE = [
  '<!DOCTYPE html><html lang="fr-FR"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/205avguj90lyx.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/0j1we3cwg31qe.js"/>',
  '<script src="/_next/static/chunks/16d9m7jc71162.js" async=""></script><script src="/_next/static/chunks/turbopack-077hmtqrhcoji.js" async=""></script>',
  '<title>Rooms | Socket.IO</title><script>(function(){document.documentElement.dataset.theme="light"})()</script>',
  '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script></head>',
  '<body><main><h1>Salles</h1><p>Texte &lt;script&gt;</p></main>',
  '<script type="application/json" id="client-messages">{"crashed":"Cette page a planté."}</script>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})</script>',
  '<script src="/_next/static/chunks/0j1we3cwg31qe.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
  '</body></html>',
].join('')

describe('static pages', () => {
  it('removes the framework runtime, its preloads and the RSC payload, and adds the page script', () => {
    const page = toStaticPage(NEXT_PAGE, '/_site/main-ABC.js', 'fr/docs/v4/rooms/index.html')
    expect(page).not.toMatch(/_next\/static\/chunks\/[^"]+\.js|__next_f|TURBOPACK|noModule/)
    expect(page).toContain('<link rel="stylesheet" href="/_next/static/chunks/205avguj90lyx.css" data-precedence="next"/>')
    expect(page).toContain('<script type="module" src="/_site/main-ABC.js"></script></head>')
    // What readers see and the scripts of the site itself stay as they were.
    expect(page).toContain('<main><h1>Salles</h1><p>Texte &lt;script&gt;</p></main>')
    expect(page).toContain('document.documentElement.dataset.theme="light"')
    expect(page).toContain('<script type="application/json" id="client-messages">{"crashed":"Cette page a planté."}</script>')
  })

  it('puts the canonical and language links at the end of <head> wherever React hoisted them, so that a page is the same from build to build', () => {
    const links =
      '<link rel="canonical" href="https://socket.io/fr/docs/v4/rooms/"/><link rel="alternate" hrefLang="en-US" href="https://socket.io/docs/v4/rooms/"/><link rel="alternate" hrefLang="x-default" href="https://socket.io/docs/v4/rooms/"/>'
    const feed = '<link rel="alternate" type="application/rss+xml" href="https://socket.io/fr/blog/rss.xml" title="Blog"/>'
    const early = NEXT_PAGE.replace('<title>', `${links}${feed}<title>`)
    const late = NEXT_PAGE.replace('<title>', `${feed}<title>`).replace(
      '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script></head>',
      `${links}</head>`,
    )
    const [one, two] = [early, late].map((html) => toStaticPage(html, '/_site/main-ABC.js', 'fr/docs/v4/rooms/index.html'))
    expect(one).toBe(two)
    expect(one).toContain(`${feed}<title>`)
    expect(one).toContain(`${links}<script type="module" src="/_site/main-ABC.js"></script></head>`)
  })

  it('drops React’s text separators, written or not depending on when the streamed payload arrived, so that a page is the same from build to build', () => {
    const separated = NEXT_PAGE.replace(
      '<h1>Salles</h1>',
      '<h1>Salles<!-- --> <!-- -->4.x</h1><p><a href="/fr/docs/v4/cluster-adapter/">Cluster<!-- --></a></p>',
    )
    const joined = NEXT_PAGE.replace('<h1>Salles</h1>', '<h1>Salles 4.x</h1><p><a href="/fr/docs/v4/cluster-adapter/">Cluster</a></p>')
    const [one, two] = [separated, joined].map((html) => toStaticPage(html, '/_site/main-ABC.js', 'fr/docs/v4/rooms/index.html'))
    expect(one).toBe(two)
    expect(one).toContain('<h1>Salles 4.x</h1><p><a href="/fr/docs/v4/cluster-adapter/">Cluster</a></p>')
    // Escaped text that reads like a comment is the page's text, kept.
    const text = toStaticPage(NEXT_PAGE.replace('Texte &lt;script&gt;', 'Texte &lt;!-- --&gt;'), '/_site/main-ABC.js', 'fr/docs/v4/rooms/index.html')
    expect(text).toContain('<p>Texte &lt;!-- --&gt;</p>')
  })

  it('fails naming the file when the runtime is referenced in a way it does not know', () => {
    const changed = NEXT_PAGE.replace(
      '<script src="/_next/static/chunks/16d9m7jc71162.js" async=""></script>',
      '<script defer src="/_next/static/chunks/16d9m7jc71162.js" data-new=""></script><script>import("/_next/static/chunks/x.js")</script>',
    )
    expect(() => toStaticPage(changed, '/_site/main.js', 'docs/v4/index.html')).toThrow(
      /docs\/v4\/index\.html: the framework runtime is still referenced .*x\.js/,
    )
  })

  it('keeps a page whose text shows a Next.js app’s runtime addresses (a code block), and still fails on such an address in a tag', () => {
    const code = '<pre><code>&lt;script src=&quot;/_next/static/development/pages/_app.js?ts=1&quot;&gt;&lt;/script&gt; TURBOPACK self.__next_f</code></pre>'
    const page = toStaticPage(NEXT_PAGE.replace('<p>Texte &lt;script&gt;</p>', code), '/_site/main-ABC.js', 'blog/next-app/index.html')
    expect(page).toContain(code)
    const linked = NEXT_PAGE.replace('<p>Texte &lt;script&gt;</p>', '<link rel="prefetch" href="/_next/static/chunks/app.js"/>')
    expect(() => toStaticPage(linked, '/_site/main-ABC.js', 'blog/next-app/index.html')).toThrow(/blog\/next-app\/index\.html: .*app\.js/)
  })

  it('rewrites every page of an export and removes the runtime files no page loads any more', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'static-pages-'))
    await mkdir(path.join(out, 'fr/docs'), {recursive: true})
    await mkdir(path.join(out, '_next/static/chunks'), {recursive: true})
    await writeFile(path.join(out, 'fr/docs/index.html'), NEXT_PAGE)
    await writeFile(path.join(out, '404.html'), NEXT_PAGE)
    await writeFile(path.join(out, 'fr/docs/__next._full.txt'), '0:{}')
    await writeFile(path.join(out, 'fr/docs/index.txt'), '1:"$Sreact.fragment"')
    await writeFile(path.join(out, 'robots.txt'), 'User-agent: *')
    await mkdir(path.join(out, 'notes'), {recursive: true})
    await writeFile(path.join(out, 'notes/index.txt'), 'a text file of the site, not a payload')
    await mkdir(path.join(out, '_next/static/hq-5Hxp5dmvu3rvfPvgTW'), {recursive: true})
    await writeFile(path.join(out, '_next/static/chunks/16d9m7jc71162.js'), '/* runtime */')
    await writeFile(path.join(out, '_next/static/chunks/205avguj90lyx.css'), 'body{}')
    // An HTML demo editors uploaded as a file: served as uploaded (no page script), even without a <head>.
    await mkdir(path.join(out, '_dataset/files'), {recursive: true})
    const demo = '<!doctype html><title>Demo</title><p>A demo page of its own.</p>\n'
    await writeFile(path.join(out, '_dataset/files/0123abcd.html'), demo)
    const report = await makeStaticPages(out, '/_site/main.js')
    expect(report).toEqual({pages: 2, removedFiles: 3})
    expect(await readFile(path.join(out, '_dataset/files/0123abcd.html'), 'utf8')).toBe(demo)
    expect(await readdir(path.join(out, '_next/static/chunks'))).toEqual(['205avguj90lyx.css'])
    // Nothing named after the build is left: the export of the same content is the same.
    expect(await readdir(path.join(out, '_next/static'))).toEqual(['chunks'])
    expect((await readdir(path.join(out, 'fr/docs'))).sort()).toEqual(['index.html'])
    expect(await readdir(path.join(out, 'notes'))).toEqual(['index.txt'])
    expect(await readdir(out)).toContain('robots.txt')
    expect(await readFile(path.join(out, '404.html'), 'utf8')).toContain('<script type="module" src="/_site/main.js">')
  })

  it('finds the framework files the same way for the build and the bench: payloads beside a page, the runtime', () => {
    const files = new Set([
      'fr/docs/index.html',
      'fr/docs/index.txt',
      'notes/index.txt',
      'fr/__next._tree.txt',
      '_next/static/chunks/a.js',
      '_next/static/css/b.css',
      '_site/main.js',
    ])
    expect([...files].filter((file) => isFrameworkFile(file, files))).toEqual(['fr/docs/index.txt', 'fr/__next._tree.txt', '_next/static/chunks/a.js'])
  })

  it('stops the build naming a script or stylesheet left that still refers to the runtime', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'static-pages-'))
    await mkdir(path.join(out, '_site'), {recursive: true})
    await writeFile(path.join(out, 'index.html'), NEXT_PAGE)
    await writeFile(path.join(out, '_site/extra.js'), 'import("/_next/static/chunks/late.js")')
    await expect(makeStaticPages(out, '/_site/main.js')).rejects.toThrow(
      /^_site\/extra\.js: refers to the framework runtime \(“\/_next\/static\/chunks\/late\.js”\)/,
    )
  })

  it('gives the browser code only the public search settings of the environment', () => {
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      NEXT_PUBLIC_TYPESENSE_HOST: 'search.example',
      NEXT_PUBLIC_TYPESENSE_SEARCH_KEY: 'public-key',
      TYPESENSE_ADMIN_API_KEY: 'admin-secret',
      SANITY_API_READ_TOKEN: 'token-secret',
    }
    const defines = publicDefines(env)
    expect(defines['process.env.NEXT_PUBLIC_TYPESENSE_HOST']).toBe('"search.example"')
    expect(defines['process.env.NEXT_PUBLIC_TYPESENSE_SEARCH_KEY']).toBe('"public-key"')
    expect(JSON.stringify(defines)).not.toMatch(/admin-secret|token-secret/)
  })
})
