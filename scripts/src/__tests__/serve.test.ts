/** The static server behaves like a static host over a small export written to a temporary folder. */
import {mkdtemp, mkdir, rename, rm, symlink, writeFile} from 'node:fs/promises'
import {request, type IncomingHttpHeaders, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {gunzipSync} from 'node:zlib'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {candidateFiles, createStaticServer, notFoundCandidates, parseServeArguments} from '../serve'
import {FILE_POLICY} from '../security/content-security-policy'

const LONG_SCRIPT = `console.log(${JSON.stringify('a long enough script to be worth compressing '.repeat(40))})\n`

const FILES: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  '404.html': '<h1>Page Not Found</h1>',
  'fr/index.html': '<h1>Accueil</h1>',
  'fr/404.html': '<h1>Page introuvable</h1>',
  'zh-CN/404.html': '<h1>找不到页面</h1>',
  'docs/v4/rooms/index.html': '<h1>Rooms</h1>',
  'standalone.html': '<h1>Standalone</h1>',
  '_next/static/chunks/app-123abc.js': LONG_SCRIPT,
  'styles/site.css': 'body { color: black }',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  '_site/main-AB12CD34.js': 'console.log(1)',
  '_site/page-policy.json': JSON.stringify({
    scriptHashes: ["'sha256-abc='"],
    connectSrc: ['https://search.example.com:443'],
    imgSrc: [],
    frameSrc: ['https://codesandbox.io'],
  }),
  '_dataset/images/0123456789abcdef0123456789abcdef01234567-16x16.png': '\x89PNG fake',
  'images/photo.png': '\x89PNG fake',
  'feed.xml': '<rss></rss>',
  'blob.unknownext': 'bytes',
}

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

let server: Server
let base: {host: string; port: number}
let root: string
let outside: string

function call(path: string, init: {method?: string; headers?: Record<string, string>} = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    // node:http sends the path as given, so `..` segments reach the server unnormalised.
    const req = request({...base, path, method: init.method ?? 'GET', headers: init.headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}))
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end()
  })
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'serve-test-'))
  outside = await mkdtemp(join(tmpdir(), 'serve-outside-'))
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), {recursive: true})
    await writeFile(join(root, path), text)
  }
  await writeFile(join(outside, 'secret.txt'), 'secret')
  await symlink(join(outside, 'secret.txt'), join(root, 'leak.txt'))
  server = createStaticServer({dir: root})
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = {host: '127.0.0.1', port: (server.address() as AddressInfo).port}
})

afterAll(async () => {
  await new Promise((done) => server.close(done))
  await rm(root, {recursive: true, force: true})
  await rm(outside, {recursive: true, force: true})
})

describe('clean URLs', () => {
  it('serves the home page at /', async () => {
    const reply = await call('/')
    expect(reply.status).toBe(200)
    expect(reply.body.toString()).toBe('<h1>Home</h1>')
  })

  it('serves dir/index.html at /dir and at /dir/', async () => {
    for (const path of ['/docs/v4/rooms', '/docs/v4/rooms/']) {
      const reply = await call(path)
      expect(reply.status, path).toBe(200)
      expect(reply.body.toString(), path).toBe('<h1>Rooms</h1>')
    }
  })

  it('serves name.html at /name and /name/', async () => {
    for (const path of ['/standalone', '/standalone/']) {
      const reply = await call(path)
      expect(reply.status, path).toBe(200)
      expect(reply.body.toString(), path).toBe('<h1>Standalone</h1>')
    }
  })

  it('ignores the query string', async () => {
    const reply = await call('/docs/v4/rooms/?q=join')
    expect(reply.body.toString()).toBe('<h1>Rooms</h1>')
  })

  it('decodes percent-encoded paths', async () => {
    const reply = await call('/docs/v4/%72ooms/')
    expect(reply.status).toBe(200)
  })
})

describe('content types', () => {
  it.each([
    ['/', 'text/html; charset=utf-8'],
    ['/_next/static/chunks/app-123abc.js', 'text/javascript; charset=utf-8'],
    ['/styles/site.css', 'text/css; charset=utf-8'],
    ['/images/logo.svg', 'image/svg+xml; charset=utf-8'],
    ['/images/photo.png', 'image/png'],
    ['/feed.xml', 'application/xml; charset=utf-8'],
    ['/blob.unknownext', 'application/octet-stream'],
  ])('%s is %s', async (path, type) => {
    const reply = await call(path)
    expect(reply.headers['content-type']).toBe(type)
    expect(reply.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('compression', () => {
  it('gzips a compressible file when the client accepts gzip', async () => {
    const reply = await call('/_next/static/chunks/app-123abc.js', {headers: {'accept-encoding': 'br, gzip'}})
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers.vary).toBe('Accept-Encoding')
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(reply.body.length).toBeLessThan(LONG_SCRIPT.length)
    expect(gunzipSync(reply.body).toString()).toBe(LONG_SCRIPT)
  })

  it('sends the raw file when gzip is not accepted or refused with q=0', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0']) {
      const reply = await call('/_next/static/chunks/app-123abc.js', acceptEncoding ? {headers: {'accept-encoding': acceptEncoding}} : {})
      expect(reply.headers['content-encoding'], acceptEncoding).toBeUndefined()
      expect(reply.body.toString()).toBe(LONG_SCRIPT)
    }
  })

  it('does not gzip images that are already compressed', async () => {
    const reply = await call('/images/photo.png', {headers: {'accept-encoding': 'gzip'}})
    expect(reply.headers['content-encoding']).toBeUndefined()
  })
})

describe('caching', () => {
  it('marks /_next/static/ assets immutable for a year', async () => {
    const reply = await call('/_next/static/chunks/app-123abc.js')
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('marks the hashed page script and the content-addressed dataset images immutable, not the files named alike', async () => {
    for (const path of ['/_site/main-AB12CD34.js', '/_dataset/images/0123456789abcdef0123456789abcdef01234567-16x16.png']) {
      expect((await call(path)).headers['cache-control'], path).toBe('public, max-age=31536000, immutable')
    }
    expect((await call('/_site/page-policy.json')).headers['cache-control']).toBe('public, max-age=3600')
    expect((await call('/images/logo.svg')).headers['cache-control']).toBe('public, max-age=3600')
  })

  it('makes HTML revalidate on every visit', async () => {
    const reply = await call('/docs/v4/rooms/')
    expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  })

  it('answers 304 to a matching If-None-Match, with a distinct ETag per encoding', async () => {
    const plainReply = await call('/styles/site.css')
    const etag = plainReply.headers.etag
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    const again = await call('/styles/site.css', {headers: {'if-none-match': etag ?? ''}})
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const gz = await call('/_next/static/chunks/app-123abc.js', {headers: {'accept-encoding': 'gzip'}})
    const raw = await call('/_next/static/chunks/app-123abc.js')
    expect(gz.headers.etag).not.toBe(raw.headers.etag)
    const stale = await call('/styles/site.css', {headers: {'if-none-match': '"0-0"'}})
    expect(stale.status).toBe(200)
  })
})

describe('security headers', () => {
  it('sends pages the Content-Security-Policy made of what the export needs, with nosniff and a referrer policy', async () => {
    for (const path of ['/', '/docs/v4/rooms/', '/no-such-page', '/fr/missing']) {
      const {headers} = await call(path)
      const policy = headers['content-security-policy'] ?? ''
      expect(policy, path).toContain("script-src 'self' 'sha256-abc='")
      expect(policy, path).toContain("connect-src 'self' https://search.example.com:443")
      expect(policy, path).toContain("frame-src 'self' https://codesandbox.io")
      expect(policy, path).toContain("frame-ancestors 'self'")
      expect(policy, path).toContain("object-src 'none'")
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    }
  })

  it('sandboxes SVGs and the dataset’s files, so that an SVG opened on its own runs no script', async () => {
    for (const path of ['/images/logo.svg', '/_dataset/images/0123456789abcdef0123456789abcdef01234567-16x16.png']) {
      const {headers} = await call(path)
      expect(headers['content-security-policy'], path).toBe(FILE_POLICY)
      expect(headers['x-content-type-options'], path).toBe('nosniff')
    }
    expect(FILE_POLICY).toMatch(/^sandbox; default-src 'none'/)
  })
})

describe('methods', () => {
  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await call('/docs/v4/rooms/', {method: 'HEAD'})
    const get = await call('/docs/v4/rooms/')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(get.headers['content-length'])
    expect(head.headers.etag).toBe(get.headers.etag)
  })

  it('refuses other methods with 405 and an Allow header', async () => {
    const reply = await call('/', {method: 'POST'})
    expect(reply.status).toBe(405)
    expect(reply.headers.allow).toBe('GET, HEAD')
  })
})

describe('path traversal', () => {
  it.each(['/../etc/passwd', '/docs/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/a%5c..%5c..%5cetc', '/%00'])(
    'refuses %s with 403',
    async (path) => {
      const reply = await call(path)
      expect(reply.status).toBe(403)
      expect(reply.body.toString()).not.toContain('root:')
    },
  )

  it('does not follow a symlink that leads out of the folder', async () => {
    const reply = await call('/leak.txt')
    expect(reply.status).toBe(404)
    expect(reply.body.toString()).not.toContain('secret')
  })
})

describe('not found', () => {
  it('answers unknown paths with 404 and the root not-found page', async () => {
    const reply = await call('/no-such-page')
    expect(reply.status).toBe(404)
    expect(reply.body.toString()).toBe('<h1>Page Not Found</h1>')
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  it('uses the not-found page of the locale prefix', async () => {
    for (const path of ['/fr/no-such-page', '/fr/docs/v4/missing/', '/fr/a/b/c']) {
      const reply = await call(path)
      expect(reply.status, path).toBe(404)
      expect(reply.body.toString(), path).toBe('<h1>Page introuvable</h1>')
    }
    const zh = await call('/zh-CN/missing')
    expect(zh.body.toString()).toBe('<h1>找不到页面</h1>')
  })

  it('falls back to the root not-found page for a locale without one', async () => {
    const reply = await call('/pt-br/missing')
    expect(reply.status).toBe(404)
    expect(reply.body.toString()).toBe('<h1>Page Not Found</h1>')
  })

  it('does not mistake a page name for a locale folder', async () => {
    const reply = await call('/fr')
    expect(reply.status).toBe(200)
    expect(reply.body.toString()).toBe('<h1>Accueil</h1>')
  })
})

describe('path helpers', () => {
  it('lists the files a clean URL may map to', () => {
    expect(candidateFiles('/')).toEqual(['index.html'])
    expect(candidateFiles('/a/b')).toEqual(['a/b', 'a/b/index.html', 'a/b.html'])
    expect(candidateFiles('/a/b/')).toEqual(['a/b/index.html', 'a/b.html'])
  })

  it('lists the not-found pages from the deepest folder up', () => {
    expect(notFoundCandidates('/fr/docs/x')).toEqual(['fr/docs/404.html', 'fr/404.html', '404.html'])
    expect(notFoundCandidates('/x')).toEqual(['404.html'])
  })
})

describe('command-line arguments', () => {
  it('has the documented defaults', () => {
    expect(parseServeArguments([])).toEqual({dir: 'web/out', port: 3000, host: '127.0.0.1', verbose: false})
  })

  it('reads --dir, --port and --host in both spellings', () => {
    expect(parseServeArguments(['--dir', 'x', '--port=0', '--host', '0.0.0.0'])).toEqual({dir: 'x', port: 0, host: '0.0.0.0', verbose: false})
  })

  it('rejects a bad port and unknown flags with a message naming them', () => {
    expect(() => parseServeArguments(['--port', 'eighty'])).toThrow(/--port .*"eighty"/)
    expect(() => parseServeArguments(['--portt', '1'])).toThrow(/unknown argument "--portt"/)
    expect(() => parseServeArguments(['--dir'])).toThrow(/--dir needs a value/)
  })
})

describe('a rebuild swapped in', () => {
  it('keeps serving through a link that a rebuild points at a new export, with the new export’s policy', async () => {
    const base = await mkdtemp(join(tmpdir(), 'serve-swap-'))
    const exportWith = async (name: string, hash: string | null) => {
      await mkdir(join(base, name, '_site'), {recursive: true})
      await writeFile(join(base, name, 'index.html'), `<h1>${name}</h1>`)
      if (hash) await writeFile(join(base, name, '_site/page-policy.json'), JSON.stringify({scriptHashes: [hash], connectSrc: [], imgSrc: [], frameSrc: []}))
    }
    await exportWith('one', "'sha256-one='")
    await exportWith('two', "'sha256-two='")
    await exportWith('old', null)
    await symlink('one', join(base, 'out'))
    const swapping = createStaticServer({dir: join(base, 'out')})
    await new Promise<void>((done) => swapping.listen(0, '127.0.0.1', done))
    const get = (path: string) =>
      new Promise<{body: string; policy: string}>((done, fail) => {
        request({host: '127.0.0.1', port: (swapping.address() as AddressInfo).port, path}, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => done({body: Buffer.concat(chunks).toString(), policy: String(res.headers['content-security-policy'])}))
        })
          .on('error', fail)
          .end()
      })
    try {
      expect(await get('/')).toMatchObject({body: '<h1>one</h1>', policy: expect.stringContaining("'sha256-one='")})
      // What tools/run.sh does: a new link renamed over the old one.
      await symlink('two', join(base, 'out.next'))
      await rename(join(base, 'out.next'), join(base, 'out'))
      expect(await get('/')).toMatchObject({body: '<h1>two</h1>', policy: expect.stringContaining("'sha256-two='")})
      // An export without page-policy.json gets a policy with no inline script allowed.
      await symlink('old', join(base, 'out.next'))
      await rename(join(base, 'out.next'), join(base, 'out'))
      const old = await get('/')
      expect(old.body).toBe('<h1>old</h1>')
      expect(old.policy).toContain("script-src 'self';")
    } finally {
      await new Promise((done) => swapping.close(done))
      await rm(base, {recursive: true, force: true})
    }
  })
})
