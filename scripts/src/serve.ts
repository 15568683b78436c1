/**
 * Serves the static export (web/out/) the way a static host does: clean URLs, the locale's
 * not-found page with status 404, gzip, ETags, long caching for fingerprinted assets and the
 * site's security headers (scripts/src/security/). The folder may be a link that a rebuild swaps
 * (tools/run.sh): it is resolved on every request, so the server never stops serving. No dependencies:
 * sirv 3.0.2 was measured against it and kept out. It compresses nothing on the fly, so a
 * doc page's first load (HTML, CSS, page script) would be sent as 95.8 KB instead of 22.3 KB gzipped, or
 * the export would carry .gz copies of its compressible files (+8.1 MB on 40.9 MB); and the traversal
 * and symlink checks, ETags per encoding, security headers, locale not-found pages and the swap would
 * all stay here around it (in development mode it follows a symlink out of the folder).
 */
import {open, realpath, stat} from 'node:fs/promises'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {isAbsolute, join, relative, resolve, sep} from 'node:path'
import {pathToFileURL} from 'node:url'
import {gzipSync} from 'node:zlib'
import {NO_NEEDS, PAGE_POLICY_FILE, pagePolicy, readPagePolicyNeeds, securityHeaders} from './security/content-security-policy'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.rss': 'application/rss+xml; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}
const DEFAULT_CONTENT_TYPE = 'application/octet-stream'

// Already-compressed formats gain nothing from gzip; tiny files lose to the header overhead.
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json|wasm)|image\/svg\+xml)/
const MIN_GZIP_BYTES = 256

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate'
const CACHE_ASSET = 'public, max-age=3600'

/**
 * Files whose name changes with their content, cached for good: Next's static files, the page script
 * and search island (/_site/<name>-<esbuild hash>.js|css) and the dataset's images and files (named by
 * their SHA-1, and their resized widths), KaTeX's files under its version. deploy/nginx.conf matches the same paths.
 */
export const IMMUTABLE_PATHS = [
  /^\/_next\/static\//,
  /^\/_site\/[^/]+-[A-Z0-9]{8}\.(js|css)$/,
  /^\/_dataset\/images\/[0-9a-f]{40}-\d+x\d+(-w\d+q\d+)?\.[a-z0-9]+$/,
  /^\/_katex\//,
  /^\/_dataset\/files\/[0-9a-f]{40}\.[a-z0-9]+$/,
]

/** The Cache-Control of a file served at `pathname`. */
export function cacheControlFor(pathname: string, contentType: string): string {
  if (IMMUTABLE_PATHS.some((pattern) => pattern.test(pathname))) return CACHE_IMMUTABLE
  return contentType.startsWith('text/html') ? CACHE_REVALIDATE : CACHE_ASSET
}

export function contentTypeOf(filePath: string): string {
  const dot = filePath.lastIndexOf('.')
  const slash = filePath.lastIndexOf('/')
  if (dot <= slash) return DEFAULT_CONTENT_TYPE
  return CONTENT_TYPES[filePath.slice(dot).toLowerCase()] ?? DEFAULT_CONTENT_TYPE
}

/** Why a request path cannot be mapped into the export at all (as opposed to "no such file"). */
export class ForbiddenPathError extends Error {}

/**
 * The files a static host would try for a URL path, in order: the file itself, then the folder's
 * index.html, then the `.html` sibling. `/x` and `/x/` reach the same page.
 * Throws ForbiddenPathError for paths that are malformed or leave the root.
 */
export function candidateFiles(urlPath: string): string[] {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    throw new ForbiddenPathError(`malformed percent-encoding in ${urlPath}`)
  }
  if (decoded.includes('\0') || decoded.includes('\\')) throw new ForbiddenPathError(`illegal character in ${urlPath}`)
  const segments = decoded.split('/')
  if (segments.some((segment) => segment === '..')) throw new ForbiddenPathError(`path leaves the site root: ${urlPath}`)
  const clean = segments.filter((segment) => segment !== '' && segment !== '.').join('/')
  if (clean === '') return ['index.html']
  if (decoded.endsWith('/')) return [`${clean}/index.html`, `${clean}.html`]
  return [clean, `${clean}/index.html`, `${clean}.html`]
}

/** The not-found pages to try for a URL path: the deepest folder's 404.html first (`/fr/x` → fr/404.html). */
export function notFoundCandidates(urlPath: string): string[] {
  let decoded = urlPath
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    // A malformed path still deserves the site's not-found page.
  }
  const folders = decoded.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'))
  folders.pop() // the last segment names the missing page, not a folder that holds it
  const candidates: string[] = []
  for (let depth = folders.length; depth > 0; depth--) candidates.push(`${folders.slice(0, depth).join('/')}/404.html`)
  candidates.push('404.html')
  return candidates
}

export interface ResolvedFile {
  /** Absolute path of the file on disk. */
  path: string
  size: number
  mtimeMs: number
  /** Device and inode: the same file under every release that shares it (a hard link) has the same. */
  inode: string
}

/** Maps a relative path inside `root` to a regular file, refusing anything (symlinks included) that leads outside. */
async function fileInside(root: string, relativePath: string): Promise<ResolvedFile | null> {
  const candidate = join(root, relativePath)
  try {
    const real = await realpath(candidate)
    const rel = relative(root, real)
    if (rel.startsWith('..') || isAbsolute(rel)) return null
    const info = await stat(real)
    if (!info.isFile()) return null
    return {path: real, size: info.size, mtimeMs: info.mtimeMs, inode: `${info.dev}:${info.ino}`}
  } catch {
    return null
  }
}

/** The file that serves `urlPath`, or null. Shared with the link checker so both agree on what resolves. */
export async function resolveUrlPath(root: string, urlPath: string): Promise<ResolvedFile | null> {
  for (const candidate of candidateFiles(urlPath)) {
    const file = await fileInside(root, candidate)
    if (file) return file
  }
  return null
}

export interface StaticServerOptions {
  /** The folder to serve (the static export). */
  dir: string
  /** Called once per request after the response is sent; the CLI logs nothing by default. */
  onRequest?: (entry: {method: string; url: string; status: number}) => void
  /** Bytes of compressed bodies kept in memory (default GZIP_CACHE_BYTES). */
  gzipCacheBytes?: number
}

/**
 * Compressed bodies kept by default, whatever the number of releases served: about 800 doc pages or 100
 * search shards, those read most recently.
 */
export const GZIP_CACHE_BYTES = 8 * 1024 * 1024

/**
 * Compressed bodies, least recently used dropped first once they hold more than `limit` bytes. Keyed by
 * the file's inode, size and time: a file that the releases of many publishes share (a hard link) is
 * compressed once, and a file a publish wrote again is a new entry, the old one aging out.
 */
export class GzipCache {
  private readonly entries = new Map<string, Buffer>()
  private held = 0

  constructor(private readonly limit: number) {}

  get bytes(): number {
    return this.held
  }

  get size(): number {
    return this.entries.size
  }

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key)
    if (body) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key)
      this.entries.set(key, body)
    }
    return body
  }

  /**
   * Keeps `body` in memory of its own size: zlib returns a small result as a view of its 16 KB output
   * buffer, which a kept view would hold whole (a 70-byte body holding 16 KB), so that the cache held
   * several times its limit; such a view is copied out.
   */
  set(key: string, compressed: Buffer): void {
    const old = this.entries.get(key)
    if (old) this.held -= old.length
    this.entries.delete(key)
    if (compressed.length > this.limit) return
    const body = compressed.byteLength === compressed.buffer.byteLength ? compressed : exactCopy(compressed)
    this.entries.set(key, body)
    this.held += body.length
    for (const [oldest, value] of this.entries) {
      if (this.held <= this.limit) break
      this.entries.delete(oldest)
      this.held -= value.length
    }
  }
}

/** A copy of `view` in memory of exactly its size (outside Buffer's shared pool). */
function exactCopy(view: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(view.length)
  view.copy(copy)
  return copy
}

/** The server, with what its compression cache holds (its memory grows with nothing else a request leaves). */
export interface StaticServer extends Server {
  readonly gzipCache: GzipCache
}

function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding']
  if (typeof header !== 'string') return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';')
    if (coding?.trim().toLowerCase() !== 'gzip' && coding?.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

function etagMatches(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (typeof header !== 'string') return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * A node:http server for a static export; call `.listen()` on it. Files are read per request, so a
 * rebuild of the export is served without a restart.
 */
export function createStaticServer(options: StaticServerOptions): StaticServer {
  const root = resolve(options.dir)
  const gzipCache = new GzipCache(options.gzipCacheBytes ?? GZIP_CACHE_BYTES)
  // The page policy of each export served so far, keyed by folder and the needs file's time: a rebuild,
  // swapped in or written in place, gets its own.
  const policies = new Map<string, Promise<string>>()
  const policyOf = async (exportDir: string): Promise<string> => {
    const needsFile = join(exportDir, PAGE_POLICY_FILE)
    const key = `${exportDir}\0${(await stat(needsFile).catch(() => null))?.mtimeMs ?? 'none'}`
    let policy = policies.get(key)
    if (!policy) {
      policy = readPagePolicyNeeds(exportDir).then((needs) => {
        if (!needs)
          console.error(
            `serve: ${needsFile} is missing (a build older than the Content-Security-Policy): the inline scripts of its pages are blocked; rebuild the site`,
          )
        return pagePolicy(needs ?? NO_NEEDS)
      })
      policy.catch(() => policies.delete(key))
      if (policies.size > 16) policies.clear()
      policies.set(key, policy)
    }
    return policy
  }

  /** The export being served now: the folder itself or, when it is a link, its target at this moment. */
  async function currentRoot(): Promise<string> {
    // Turning a plain folder into a link (tools/build-aside.sh) leaves a moment without either: wait it out.
    for (let attempt = 0; ; attempt++) {
      try {
        return await realpath(root)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 20) throw error
        await new Promise((done) => setTimeout(done, 10))
      }
    }
  }

  /**
   * Sends the file found at `found.path`. Size, time and bytes all come from the file as opened: a swap between
   * finding the file and opening it (a folder at web/out turned into a link) may put another file at that path,
   * and a Content-Length of the one found with the bytes of the other would leave the client waiting.
   */
  async function send(req: IncomingMessage, res: ServerResponse, found: ResolvedFile, status: number, cacheControl: string): Promise<void> {
    const handle = await open(found.path, 'r')
    let streaming = false
    try {
      const info = await handle.stat()
      const file: ResolvedFile = {path: found.path, size: info.size, mtimeMs: info.mtimeMs, inode: `${info.dev}:${info.ino}`}
      const type = contentTypeOf(file.path)
      const baseTag = `${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}`
      const compressible = COMPRESSIBLE.test(type) && file.size >= MIN_GZIP_BYTES
      const gzip = compressible && acceptsGzip(req)
      const etag = `"${baseTag}${gzip ? '-gz' : ''}"`
      res.setHeader('Content-Type', type)
      res.setHeader('Cache-Control', cacheControl)
      if (compressible) res.setHeader('Vary', 'Accept-Encoding')
      if (status === 200) {
        res.setHeader('ETag', etag)
        res.setHeader('Last-Modified', new Date(file.mtimeMs).toUTCString())
        if (etagMatches(req, etag)) {
          res.statusCode = 304
          res.end()
          return
        }
      }
      res.statusCode = status
      if (gzip) {
        const key = `${file.inode}:${baseTag}`
        let body = gzipCache.get(key)
        if (!body) {
          body = gzipSync(await handle.readFile())
          gzipCache.set(key, body)
        }
        res.setHeader('Content-Encoding', 'gzip')
        res.setHeader('Content-Length', body.length)
        res.end(req.method === 'HEAD' ? undefined : body)
        return
      }
      res.setHeader('Content-Length', file.size)
      if (req.method === 'HEAD' || file.size === 0) {
        res.end()
        return
      }
      streaming = true
      await new Promise<void>((done, fail) => {
        // The stream closes the handle when it ends or fails.
        const stream = handle.createReadStream({start: 0, end: Math.max(file.size - 1, 0)})
        stream.on('error', fail)
        res.on('finish', done)
        res.on('close', done)
        stream.pipe(res)
      })
    } finally {
      if (!streaming) await handle.close()
    }
  }

  function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, {'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers})
    res.end(res.req.method === 'HEAD' ? undefined : `${text}\n`)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method Not Allowed', {Allow: 'GET, HEAD'})
      return
    }
    let realRoot = await currentRoot()
    const rawUrl = req.url ?? '/'
    // Only the path matters to a static host; the query string (e.g. /search?q=) is the page's business.
    const pathname = rawUrl.split(/[?#]/, 1)[0] || '/'
    if (!pathname.startsWith('/')) {
      plain(res, 400, 'Bad Request')
      return
    }
    let file: ResolvedFile | null
    try {
      file = await resolveUrlPath(realRoot, pathname)
      if (!file) {
        // A rebuild may have swapped the export during this request: look again in the one served now.
        const now = await currentRoot().catch(() => realRoot)
        if (now !== realRoot) {
          realRoot = now
          file = await resolveUrlPath(realRoot, pathname)
        }
      }
    } catch (error) {
      if (error instanceof ForbiddenPathError) {
        plain(res, 403, 'Forbidden')
        return
      }
      throw error
    }
    for (const [name, value] of Object.entries(securityHeaders(pathname, await policyOf(realRoot)))) res.setHeader(name, value)
    if (file) {
      await send(req, res, file, 200, cacheControlFor(pathname, contentTypeOf(file.path)))
      return
    }
    for (const candidate of notFoundCandidates(pathname)) {
      const page = await fileInside(realRoot, candidate)
      if (page) {
        await send(req, res, page, 404, 'no-cache')
        return
      }
    }
    plain(res, 404, 'Not Found')
  }

  const server = createServer((req, res) => {
    // A file that a swap moved away between finding and reading it: answer from the export served now.
    const moved = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT' && !res.headersSent
    handle(req, res)
      .catch((error: unknown) => {
        if (moved(error)) return handle(req, res)
        throw error
      })
      .catch((error: unknown) => {
        if (!res.headersSent) plain(res, 500, 'Internal Server Error')
        else res.destroy()
        console.error(`serve: ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`)
      })
      .finally(() => options.onRequest?.({method: req.method ?? '', url: req.url ?? '', status: res.statusCode}))
  })
  return Object.assign(server, {gzipCache})
}

export interface ServeArguments {
  dir: string
  port: number
  host: string
  verbose: boolean
}

const USAGE = 'usage: serve.ts [--dir web/out] [--port 3000] [--host 127.0.0.1] [--verbose]'

/** Parses `--name value` and `--name=value` flags; throws with the usage line on anything else. */
export function parseServeArguments(argv: readonly string[]): ServeArguments {
  const result: ServeArguments = {dir: 'web/out', port: 3000, host: '127.0.0.1', verbose: false}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--verbose') {
      result.verbose = true
      continue
    }
    const match = /^--(dir|port|host)(?:=(.*))?$/.exec(arg)
    if (!match) throw new Error(`unknown argument "${arg}"\n${USAGE}`)
    const name = match[1] as 'dir' | 'port' | 'host'
    const value = match[2] ?? argv[++i]
    if (value === undefined || value === '') throw new Error(`--${name} needs a value\n${USAGE}`)
    if (name === 'port') {
      const port = Number(value)
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got "${value}"`)
      result.port = port
    } else {
      result[name] = value
    }
  }
  return result
}

async function main(): Promise<void> {
  let args: ServeArguments
  try {
    args = parseServeArguments(process.argv.slice(2))
  } catch (error) {
    console.error(`serve: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  }
  const dir = resolve(args.dir)
  const info = await stat(dir).catch(() => null)
  if (!info?.isDirectory()) {
    console.error(`serve: ${args.dir} is not a folder; build the site first (npm run build)`)
    process.exit(1)
  }
  const server = createStaticServer({
    dir,
    onRequest: args.verbose ? ({method, url, status}) => console.log(`${status} ${method} ${url}`) : undefined,
  })
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${args.port} on ${args.host} is already in use (pick another with --port or PORT=)` : error.message
    console.error(`serve: ${reason}`)
    process.exit(1)
  })
  server.listen(args.port, args.host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : args.port
    const shownHost = args.host === '0.0.0.0' || args.host === '::' ? 'localhost' : args.host.includes(':') ? `[${args.host}]` : args.host
    const shownDir = relative(process.cwd(), dir)
    console.log(`Serving ${shownDir === '' ? '.' : shownDir.startsWith('..') ? dir : shownDir}${sep} at http://${shownHost}:${port}/ (Ctrl+C to stop)`)
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close()
      server.closeAllConnections()
      process.exit(0)
    })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void main()
}
