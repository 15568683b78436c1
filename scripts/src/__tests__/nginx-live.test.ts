/**
 * deploy/nginx.conf run by a real nginx (Debian's, when installed: .ci/run installs it) over a small
 * export, next to scripts/src/serve.ts over the same export: both send the same security headers and
 * cache the same files for good, and in Debian's Chromium an SVG with scripts, opened on its own from
 * either, runs none of them. Without nginx the nginx half is skipped, saying why; the serve.ts half runs.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {freePort} from '@site/test-support/net'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {chromium} from '@playwright/test'
import {chromiumLaunchOptions, chromiumMissingReason} from '@site/test-support/chromium'
import {nginxRedirects} from '@site/web/build/redirect-files'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {FILE_POLICY, pagePolicy, type PagePolicyNeeds} from '../security/content-security-policy'
import {createStaticServer} from '../serve'
import {nginxBinary, writeLocalNginxConfig} from '../local-nginx'

const repo = path.resolve(import.meta.dirname, '../../..')

const nginx = nginxBinary()
const nginxSkip = nginx
  ? ''
  : 'nginx is not installed (apt-get install nginx; .ci/run installs it): deploy/nginx.conf is checked statically only (compose.test.ts)'
const chromiumSkip = chromiumMissingReason() ?? ''
if (nginxSkip) console.log(`[nginx-live] skipped: ${nginxSkip}`)
if (chromiumSkip) console.log(`[nginx-live] browser checks skipped: ${chromiumSkip}`)

const NEEDS: PagePolicyNeeds = {
  scriptHashes: ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"],
  connectSrc: ['https://search.example.com:443'],
  imgSrc: [],
  frameSrc: ['https://codesandbox.io'],
}
const IMAGE = '_dataset/images/0123456789abcdef0123456789abcdef01234567-64x64.svg'
const DATASET_FILE = '_dataset/files/89abcdef0123456789abcdef0123456789abcdef.svg'
/** What an attacker puts in content: a script element and an onload handler, each marking the document. */
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="document.documentElement.setAttribute('data-onload','ran')"><script>document.documentElement.setAttribute('data-script','ran')</script><rect width="64" height="64" fill="#c00"/></svg>`

/** A shard's .gz copy, as the build writes it, with other text than the plain file: which of the two was sent shows. */
const PRECOMPRESSED_SHARD = '{"sent":"the build\'s .gz copy"}'

const FILES: Record<string, string | Buffer> = {
  'index.html': '<!DOCTYPE html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>',
  'docs/v4/rooms/index.html': '<!DOCTYPE html><html><body><h1>Rooms</h1></body></html>',
  '404.html': '<!DOCTYPE html><html><body><h1>Page Not Found</h1></body></html>',
  'fr/index.html': '<!DOCTYPE html><html><body><h1>Accueil</h1></body></html>',
  'fr/404.html': '<!DOCTYPE html><html><body><h1>Page introuvable</h1></body></html>',
  '_site/main-AB12CD34.js': 'console.log("page script")',
  '_site/page-policy.json': JSON.stringify(NEEDS),
  '_next/static/chunks/app-1a2b.css': 'body{}',
  '_search/fr/default.json': '{}',
  '_search/fr/default.json.gz': gzipSync(PRECOMPRESSED_SHARD),
  [IMAGE]: EVIL_SVG,
  [DATASET_FILE]: EVIL_SVG,
  'images/evil.svg': EVIL_SVG,
}

/** Redirects of the content, as the build writes them for nginx (web/src/build/redirect-pages.ts). */
const REDIRECTS = [
  {id: 'redirect-docs--v4--old-rooms', from: '/docs/v4/old-rooms', to: '/docs/v4/rooms/'},
  {id: 'redirect-docs--v4--old-rooms', from: '/fr/docs/v4/old-rooms', to: '/fr/docs/v4/rooms/'},
  {id: 'redirect-api.html', from: '/api.html', to: '/docs/v4/rooms/'},
]

/** Paths asked of both servers, with the status each must answer. */
const PATHS: Array<[string, number]> = [
  ['/', 200],
  ['/docs/v4/rooms', 200],
  ['/docs/v4/rooms/', 200],
  ['/no-such-page', 404],
  ['/fr/no-such-page', 404],
  ['/_site/main-AB12CD34.js', 200],
  ['/_site/page-policy.json', 200],
  ['/_next/static/chunks/app-1a2b.css', 200],
  ['/_search/fr/default.json', 200],
  [`/${IMAGE}`, 200],
  [`/${DATASET_FILE}`, 200],
  ['/images/evil.svg', 200],
]

/** What each server must cache for good: files named by their content, and nothing else. */
const CACHED_FOR_GOOD: Record<string, boolean> = {
  '/_site/main-AB12CD34.js': true,
  '/_next/static/chunks/app-1a2b.css': true,
  [`/${IMAGE}`]: true,
  [`/${DATASET_FILE}`]: true,
  '/': false,
  '/docs/v4/rooms/': false,
  '/_site/page-policy.json': false,
  '/_search/fr/default.json': false,
  '/images/evil.svg': false,
}

let work: string
let nginxProcess: ChildProcess | undefined
let nginxBase = ''
let serve: Server
let serveBase = ''

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'nginx-live-'))
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(work, 'export', file)), {recursive: true})
    writeFileSync(path.join(work, 'export', file), text)
  }
  // nginx's workers run as another user (www-data, nobody) when it starts as root: let them read.
  execFileSync('chmod', ['-R', 'a+rX', work])
  serve = createStaticServer({dir: path.join(work, 'export')})
  await new Promise<void>((resolve) => serve.listen(0, '127.0.0.1', resolve))
  serveBase = `http://127.0.0.1:${(serve.address() as AddressInfo).port}`
  if (!nginx) return
  const port = await freePort()
  const conf = writeLocalNginxConfig(nginx, {repo, work, release: path.join(work, 'export'), port, redirects: nginxRedirects(REDIRECTS)})
  nginxProcess = spawn(nginx, ['-p', work, '-c', conf], {stdio: 'ignore'})
  nginxBase = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`${nginxBase}/`).then(
        () => true,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`nginx did not start: ${readFileSync(path.join(work, 'error.log'), 'utf8')}`)
})

afterAll(async () => {
  nginxProcess?.kill('SIGQUIT')
  await new Promise((resolve) => serve?.close(resolve))
  rmSync(work, {recursive: true, force: true})
})

interface Answer {
  status: number
  policy: string | null
  nosniff: string | null
  referrer: string | null
  immutable: boolean
}

async function answer(base: string, urlPath: string): Promise<Answer> {
  const response = await fetch(`${base}${urlPath}`)
  await response.arrayBuffer()
  return {
    status: response.status,
    policy: response.headers.get('content-security-policy'),
    nosniff: response.headers.get('x-content-type-options'),
    referrer: response.headers.get('referrer-policy'),
    immutable: response.headers.get('cache-control')?.includes('immutable') ?? false,
  }
}

describe('serve.ts over a small export', () => {
  it('sends the page policy to pages and 404s, the sandbox to SVGs and dataset files', async () => {
    expect(await answer(serveBase, '/')).toEqual({
      status: 200,
      policy: pagePolicy(NEEDS),
      nosniff: 'nosniff',
      referrer: 'strict-origin-when-cross-origin',
      immutable: false,
    })
    expect((await answer(serveBase, '/fr/no-such-page')).policy).toBe(pagePolicy(NEEDS))
    expect((await answer(serveBase, `/${IMAGE}`)).policy).toBe(FILE_POLICY)
  })
})

describe.skipIf(Boolean(nginxSkip))('deploy/nginx.conf in a real nginx', () => {
  it('passes nginx -t and answers every path as serve.ts does: status, policy, nosniff, referrer policy, caching for good', async () => {
    for (const [urlPath, status] of PATHS) {
      const fromNginx = await answer(nginxBase, urlPath)
      expect(fromNginx.status, urlPath).toBe(status)
      expect(fromNginx, urlPath).toEqual(await answer(serveBase, urlPath))
    }
  })

  it('sends pages and 404s the policy with frame-ancestors, files from content the sandbox, and caches for good exactly the files named by their content', async () => {
    for (const urlPath of ['/', '/docs/v4/rooms/', '/no-such-page', '/fr/no-such-page']) {
      const {policy, nosniff, referrer} = await answer(nginxBase, urlPath)
      expect(policy, urlPath).toBe(pagePolicy(NEEDS))
      expect(policy, urlPath).toContain("frame-ancestors 'self'")
      expect(policy, urlPath).toContain("script-src 'self' 'sha256-")
      expect([nosniff, referrer], urlPath).toEqual(['nosniff', 'strict-origin-when-cross-origin'])
    }
    for (const urlPath of [`/${IMAGE}`, `/${DATASET_FILE}`, '/images/evil.svg']) expect((await answer(nginxBase, urlPath)).policy, urlPath).toBe(FILE_POLICY)
    for (const [urlPath, immutable] of Object.entries(CACHED_FOR_GOOD)) {
      expect((await answer(nginxBase, urlPath)).immutable, urlPath).toBe(immutable)
      expect((await answer(serveBase, urlPath)).immutable, urlPath).toBe(immutable)
    }
  })

  it('answers the redirects of the content with a 301 to their page, with and without the trailing slash, in each locale', async () => {
    const expected: Array<[string, string]> = [
      ['/docs/v4/old-rooms', '/docs/v4/rooms/'],
      ['/docs/v4/old-rooms/', '/docs/v4/rooms/'],
      ['/fr/docs/v4/old-rooms', '/fr/docs/v4/rooms/'],
      ['/api.html', '/docs/v4/rooms/'],
    ]
    for (const [from, to] of expected) {
      const response = await fetch(`${nginxBase}${from}`, {redirect: 'manual'})
      expect(response.status, from).toBe(301)
      expect(response.headers.get('location'), from).toBe(to)
    }
    const followed = await fetch(`${nginxBase}/docs/v4/old-rooms`)
    expect(followed.url).toBe(`${nginxBase}/docs/v4/rooms/`)
    expect(await followed.text()).toContain('<h1>Rooms</h1>')
  })

  it("sends a search shard's .gz copy to readers that accept gzip, and the file itself to others", async () => {
    const gzipped = await fetch(`${nginxBase}/_search/fr/default.json`, {headers: {'accept-encoding': 'gzip'}})
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(await gzipped.text()).toBe(PRECOMPRESSED_SHARD)
    const plain = await fetch(`${nginxBase}/_search/fr/default.json`, {headers: {'accept-encoding': 'identity'}})
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('{}')
  })

  it('names no version in its answers', async () => {
    const response = await fetch(`${nginxBase}/no-such-page`)
    expect(response.headers.get('server')).toBe('nginx')
    expect(await response.text()).not.toMatch(/nginx\/\d/)
  })
})

describe.skipIf(Boolean(nginxSkip))('deploy/site-policy-watch.sh with the real nginx', () => {
  /** A release beside the first one, with other needs (a build from Sanity showing images of another host). */
  function release(name: string, needs: PagePolicyNeeds | null, policyLines?: string): string {
    const dir = path.join(work, name)
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
      writeFileSync(path.join(dir, file), text)
    }
    if (needs) writeFileSync(path.join(dir, '_site/page-policy.json'), JSON.stringify(needs))
    if (policyLines !== undefined) writeFileSync(path.join(dir, '_site/nginx-csp.conf'), policyLines)
    else if (needs)
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(repo, 'scripts/src/security/content-security-policy.ts'),
          '--nginx',
          dir,
          '--out',
          path.join(dir, '_site/nginx-csp.conf'),
        ],
        {cwd: repo},
      )
    execFileSync('chmod', ['-R', 'a+rX', dir])
    return dir
  }
  const serveRelease = (dir: string) => {
    symlinkSync(dir, path.join(work, 'releases/next'))
    execFileSync('mv', ['-T', path.join(work, 'releases/next'), path.join(work, 'releases/current')])
  }
  const watchOnce = () =>
    execFileSync('sh', [path.join(repo, 'deploy/site-policy-watch.sh'), '--once'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        SITE_RELEASES_DIR: path.join(work, 'releases'),
        SITE_CSP_CONF: path.join(work, 'conf/site-csp.conf'),
        SITE_NGINX: `${nginx} -p ${work} -c ${path.join(work, 'conf/nginx.conf')}`,
      },
    })
  const policyOf = async (urlPath: string) => (await answer(nginxBase, urlPath)).policy
  const settled = async (urlPath: string, expected: string) => {
    for (let attempt = 0; attempt < 100 && (await policyOf(urlPath)) !== expected; attempt++) await new Promise((resolve) => setTimeout(resolve, 50))
    return policyOf(urlPath)
  }

  it('gives pages the policy of the release served once it changes, keeps it for a release without one, and keeps the old one when nginx refuses the new', async () => {
    const original = path.join(work, 'export')
    const wider: PagePolicyNeeds = {...NEEDS, imgSrc: ['https://avatars.githubusercontent.com'], connectSrc: ['https://search2.example.com:443']}
    try {
      // The first release's own lines, as the site image writes them.
      release('export-a', NEEDS)
      serveRelease(path.join(work, 'export-a'))
      watchOnce()
      expect(await settled('/', pagePolicy(NEEDS))).toBe(pagePolicy(NEEDS))

      serveRelease(release('export-b', wider))
      // Before the watcher runs, nginx still sends the policy it loaded: the release's images would be refused.
      expect(await policyOf('/docs/v4/rooms/')).toBe(pagePolicy(NEEDS))
      expect(watchOnce()).toContain('nginx reloaded with the policy of releases/export-b')
      expect(await settled('/docs/v4/rooms/', pagePolicy(wider))).toBe(pagePolicy(wider))
      expect(await policyOf('/fr/no-such-page')).toBe(pagePolicy(wider))
      expect(await policyOf(`/${IMAGE}`)).toBe(FILE_POLICY)

      // An export from before the policy file: nothing changes.
      serveRelease(release('export-c', null))
      expect(watchOnce()).toBe('')
      expect(await policyOf('/')).toBe(pagePolicy(wider))

      // Lines nginx refuses: put back as they were, nginx keeps serving.
      serveRelease(release('export-d', NEEDS, 'add_header Content-Security-Policy "default-src \'none\'" always;\nno_such_directive on;\n'))
      watchOnce()
      expect(readFileSync(path.join(work, 'conf/site-csp.conf'), 'utf8')).toContain('avatars.githubusercontent.com')
      expect(await policyOf('/')).toBe(pagePolicy(wider))
      expect((await answer(nginxBase, '/')).status).toBe(200)
    } finally {
      serveRelease(original)
      writeFileSync(
        path.join(work, 'conf/site-csp.conf'),
        execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/src/security/content-security-policy.ts'), '--nginx', original], {
          cwd: repo,
          encoding: 'utf8',
        }),
      )
      execFileSync(nginx!, ['-p', work, '-c', path.join(work, 'conf/nginx.conf'), '-s', 'reload'])
      await settled('/', pagePolicy(NEEDS))
    }
  }, 60_000)
})

describe.skipIf(Boolean(chromiumSkip))('an SVG with scripts, opened on its own in Chromium', () => {
  it('runs neither its script element nor its onload handler, from serve.ts or nginx, and still shows in a page', async () => {
    const browser = await chromium.launch(chromiumLaunchOptions)
    try {
      const page = await browser.newPage()
      const bases = [serveBase, ...(nginxBase ? [nginxBase] : [])]
      for (const base of bases) {
        for (const file of [IMAGE, 'images/evil.svg']) {
          const response = await page.goto(`${base}/${file}`)
          expect(response?.headers()['content-type'], `${base}/${file}`).toMatch(/^image\/svg\+xml/)
          await page.waitForTimeout(200)
          const marks = await page.evaluate(() => [document.documentElement.getAttribute('data-script'), document.documentElement.getAttribute('data-onload')])
          expect(marks, `${base}/${file}`).toEqual([null, null])
        }
        // As an image of a page, it still shows.
        await page.goto(`${base}/`)
        const width = await page.evaluate(async (src) => {
          const image = new Image()
          image.src = src
          await image.decode()
          return image.naturalWidth
        }, `/${IMAGE}`)
        expect(width).toBe(64)
      }
      // Without the sandbox the same SVG would run both: the test would see it (a check that can fail).
      const exposed = await browser.newPage()
      await exposed.route('**/exposed.svg', (route) => route.fulfill({body: EVIL_SVG, contentType: 'image/svg+xml'}))
      await exposed.goto(`${serveBase}/exposed.svg`)
      await expect
        .poll(() => exposed.evaluate(() => [document.documentElement.getAttribute('data-script'), document.documentElement.getAttribute('data-onload')]))
        .toEqual(['ran', 'ran'])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
